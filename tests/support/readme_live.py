"""The README's `tetka live` example, made by the program: a Tetka hand typed in Russian through a
pipe (`--lang ru --echo`), with a look back, a refused card and a renonce, shown from its first
line to the line after the hand's end, tricks 5 to 11 left out. tests/cli/test_live_readme.py
checks that the README shows exactly this;

    python tests/support/readme_live.py --write

writes it into the README again (after a change of what `tetka live` prints)."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from support.live_script import child_env, tetka_command  # noqa: E402

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
PLAYERS = "Анна,Борис,Вера,Глеб"
# A hand the simulator dealt (Simulator(seed=472, renonce_rate=0.08).hand("Анна")): Борис plays a
# club on diamonds in trick 2 and leads a diamond in trick 4; the penalty tricks then give him the
# mark for most tricks. Cards in every notation a record accepts; a look back, then a card already
# played, refused.
LINES = [
    "фото 7б",
    "3♠ 2п 4S 7♠",
    "2d 9C 3♦ 10d",
    "последние",
    "2♥ 3h Тч",
    "4п",
    "Дт",
    "5D 4♦ 6б Вб",
    "5c 4♣ 3C K♣ 4ч 5♥ QH A♦",
    "6♠ 5s 8п 7б",
    "8т Кч 7C jc",
    "9♠ J♠ Вч QS",
    "2C Kd 10т 9h",
    "K♠ 8H Дб 10♠",
    "Тп 7♥ AC 9d",
    "10ч 6h 6♣ 8♦",
]
FIRST_LEFT_OUT, FIRST_SHOWN_AGAIN = 5, 12  # tricks 5-11 are left out


def transcript() -> list[str]:
    """What `tetka live --lang ru --echo` prints for LINES (its errors in place), line by line."""
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run(tetka_command() + ["live", os.path.join(d, "вечер.yaml"), "--players", PLAYERS,
                                              "--lang", "ru", "--echo"],
                           input="\n".join(LINES) + "\n", text=True, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=child_env(), timeout=120)
    assert r.returncode == 1, r.stdout  # the refused card
    return r.stdout.splitlines()


def example() -> str:
    """The example as the README shows it: from the hand's start to the line after its end."""
    lines = transcript()
    start = next(i for i, x in enumerate(lines) if x.startswith("> фото"))
    end = next(i for i, x in enumerate(lines) if x.startswith("Дальше:") and i > start)
    lines = lines[start:end + 1]
    cut = next(i for i, x in enumerate(lines) if x.startswith(f"Взятка {FIRST_LEFT_OUT}: ход"))
    back = next(i for i, x in enumerate(lines) if x.startswith(f"Взятка {FIRST_SHOWN_AGAIN}: ход"))
    return "\n".join(lines[:cut + 1] + ["…"] + lines[back + 1:]) + "\n"


BLOCK = re.compile(r"(A hand in Russian \(`--lang ru --echo`[^\n]*\n\n```text\n)(.*?)(```\n)", re.S)


def shown() -> str:
    """The example the README shows."""
    m = BLOCK.search(README.read_text(encoding="utf-8"))
    assert m, "the README has no live example in Russian"
    return m.group(2)


def write() -> None:
    text = README.read_text(encoding="utf-8")
    README.write_text(BLOCK.sub(lambda m: m.group(1) + example() + m.group(3), text, count=1), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/support/readme_live.py --write")
    write()
