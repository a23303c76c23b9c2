"""Every hostile shape of issue 9, small: refused with its code and exit 2 (or judged), in bounded
memory, on both PyYAML's C loader and its pure-Python fallback; never an internal error or a hang.
The full-size files are in the long fuzz run (tests/fuzz/long_run.py --hostile)."""
from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
import yaml
from support.cli import ROOT

from tetka_cli.common.yaml_input import MAX_DEPTH, MAX_FINDINGS, MAX_ITEMS, MAX_KEYS, MAX_NAME, MAX_SCALAR
from tetka_cli.games.tetka.reader import HAND_BUDGET

MEMORY = 256 << 20  # address space allowed to the tool
LOADERS = ["c", "python"] if getattr(yaml, "__with_libyaml__", False) else ["python"]
RUN = ("import sys, yaml\n"
       "import tetka_cli.common.yaml_input as y\n"
       "if sys.argv[1] == 'python': y._Loader = yaml.SafeLoader\n"
       "from tetka_cli.cli import main\n"
       "sys.argv = ['tetka', 'validate', '--lang', 'en', *sys.argv[2:]]\n"
       "main()\n")
HEAD = "format: 1\ngame: tetka\nplayers: [A, B, C, D]\n"
HAND = "robbers:\n  - hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n"


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def validate(loader: str, *paths: str) -> tuple[int, str]:
    p = subprocess.run([sys.executable, "-c", RUN, loader, *paths], cwd=ROOT, capture_output=True,
                       preexec_fn=limited, timeout=120)
    out = (p.stdout + p.stderr).decode("utf-8", "replace")
    assert "Traceback" not in out and "internal error" not in out, out[-2000:]
    return p.returncode, out


DIGITS = "9" * 5000
CASES = {
    # name: (record text, exit code, finding code)
    "flow-list-of-empty-lists": (HEAD + "notes: [" + "[]," * (MAX_ITEMS + 10) + "]\n" + HAND, 2, "too-big"),
    "many-keys": (HEAD + "meta: {" + ", ".join(f"k{i}: 1" for i in range(MAX_KEYS + 10)) + "}\n" + HAND, 2, "too-big"),
    "long-marks": (HEAD + HAND.replace("B: 0", "B: " + DIGITS), 2, "too-long"),
    "long-totals": (HEAD + "robbers:\n  - totals: {A: " + DIGITS + ", B: 0, C: 0, D: 0}\n    hands:\n"
                    "      - marks: {A: 7, B: 0, C: 0, D: 0}\n", 2, "too-long"),
    "long-robber-target": (HEAD + "rules:\n  robber_target: " + DIGITS + "\n" + HAND, 2, "too-long"),
    "long-format": ("format: " + DIGITS + "\ngame: tetka\n", 2, "too-long"),
    "stake-tiny-exponent": (HEAD + "stake: 1e-99999999\n" + HAND, 2, "too-long"),
    "stake-small-exponent-quoted": (HEAD + 'stake: "1e-999999"\n' + HAND, 2, "too-long"),
    "stake-zero-exponent": (HEAD + "stake: 0e-999999\n" + HAND, 2, "too-long"),
    "stake-long-float": (HEAD + "stake: 1." + "1" * 5000 + "\n" + HAND, 2, "too-long"),
    "nesting-lists-beside-lists": (HEAD + "notes: " + "[[]," * 1000 + "]" * 1000 + "\n", 2, "too-deep"),
    "nesting-complex-keys": (HEAD + "notes:\n" + "".join("  " * i + "- ? " for i in range(200)) + "x\n", 2, "too-deep"),
    "nesting-compact": (HEAD + "notes:\n  " + "- " * 1000 + "x\n", 2, "too-deep"),
    "nesting-deep-flow": ("notes: " + "[" * 100_000 + "]" * 100_000 + "\n", 2, "too-deep"),
    "nesting-deep-mapping": ("notes: " + "{a: " * 50_000 + "1" + "}" * 50_000 + "\n", 2, "too-deep"),
    "long-value": (HEAD + "notes: " + "x" * (MAX_SCALAR + 10) + "\n" + HAND, 2, "too-long"),
    "big-hand": (HEAD + "robbers:\n  - hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n        notes: ["
                 + ", ".join(["[1, 2]"] * (HAND_BUDGET // 2)) + "]\n", 2, "too-big"),
    "many-hands-of-junk": (HEAD + "robbers:\n  - hands: [" + "x, " * (MAX_ITEMS * 3) + "]\n", 2, "too-big"),
    "hands-of-junk-up-to-the-limit": (HEAD + "robbers:\n  - hands: [" + "x, " * MAX_FINDINGS + "]\n", 1, "schema"),
    "20000-bad-cards-on-one-line": (HEAD + "robbers:\n  - hands:\n      - photograph: 2♠\n        deal:\n"
                                    "          A: " + " ".join(["Xx"] * 20_000) + "\n        tricks:\n"
                                    "          - 2♠ 3♠ 4♠ 5♠\n", 2, "too-big"),
    "20000-bad-cards-in-a-trick": (HEAD + "robbers:\n  - hands:\n      - photograph: 2♠\n        tricks:\n"
                                   "          - " + " ".join(["Z♠"] * 20_000) + "\n", 2, "too-big"),
    "bad-cards-in-many-hands": (HEAD + "robbers:\n  - hands:\n"
                                + "      - {tricks: [Zs Zs Zs Zs, Zs Zs Zs Zs]}\n" * (MAX_FINDINGS // 8 + 1), 2, "too-big"),
    "long-player-name": (HEAD.replace("[A, B,", "[A, " + "Б" * (MAX_NAME + 1) + ",") + HAND, 2, "too-long"),
    "long-robber-player-name": (HEAD + "robbers:\n  - players: [A, B, C, " + "D" * (MAX_NAME + 1) + "]\n"
                                "    hands:\n      - marks: {A: 7, B: 0, C: 0, D: 0}\n", 2, "too-long"),
    "long-terz-player-name": ("format: 1\ngame: terz\nplayers: [A, " + "B" * (MAX_NAME + 1) + "]\ngames: []\n",
                              2, "too-long"),
    "bad-cards-in-a-terz-deal": ("format: 1\ngame: terz\nplayers: [A, B]\ngames:\n  - first_dealer: A\n    hands:\n"
                                 "      - dealer: A\n        trump: 8♠\n        deal:\n          A: "
                                 + " ".join(["Z♠"] * (MAX_FINDINGS + 1)) + "\n", 2, "too-big"),
}


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_each_hostile_shape_is_refused_with_its_code(tmp_path, name, loader):
    text, code, finding = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    rc, out = validate(loader, str(path))
    assert rc == code, out[-2000:]
    assert f" {finding}: " in out, out[-2000:]
    if code == 2:  # one positioned finding
        lines = [ln for ln in out.splitlines() if ln.startswith(str(path) + ":")]
        assert len(lines) == 1 and lines[0].split(":")[1].isdigit(), out[-2000:]


def test_depth_is_counted_whatever_the_shape():
    from tetka_cli.common.findings import FindingError
    from tetka_cli.jobs.record_check import load_record

    for text in ("notes: " + "[[]," * 40 + "]" * 40, "notes:\n" + "".join("  " * i + "- ? " for i in range(40)) + "x"):
        with pytest.raises(FindingError) as e:
            load_record("r.yaml", text=HEAD + text + "\n")
        assert e.value.finding.code == "too-deep" and e.value.finding.args["limit"] == MAX_DEPTH


def test_the_reader_keeps_up_to_its_limit_of_findings_and_refuses_the_one_past_it():
    """Every bad card is a finding, up to MAX_FINDINGS in one record; the one past the limit refuses
    the record there (a 32 MiB file of bad cards would otherwise be ten million findings), saying
    which finding came first and where."""
    from tetka_cli.common.findings import FindingError
    from tetka_cli.jobs.record_check import load_record

    def record(n: int) -> str:
        return (HEAD + "robbers:\n  - hands:\n      - photograph: 2♠\n        tricks:\n          - "
                + " ".join(["Zs"] * n) + "\n")

    rec = load_record("r.yaml", text=record(MAX_FINDINGS))
    assert [f.code for f in rec.findings] == ["bad-card"] * MAX_FINDINGS
    assert rec.findings[-1].column == 13 + 3 * (MAX_FINDINGS - 1)
    with pytest.raises(FindingError) as e:
        load_record("r.yaml", text=record(MAX_FINDINGS + 1))
    f = e.value.finding
    assert (f.code, f.line, f.column) == ("too-big", 8, 13 + 3 * MAX_FINDINGS)
    assert f.args == {"what": "findings", "limit": MAX_FINDINGS, "first": "bad-card", "first_line": 8}
    assert f.message("en") == ("more than 10,000 findings in one record (the first: bad-card on line 8): "
                               "no record is written this wrongly; reading stopped here")
    assert f.message("ru").startswith("больше 10\u202f000 замечаний в одной записи (первое — bad-card в строке 8)")


def test_a_player_name_up_to_its_limit_is_read_and_one_past_it_is_refused_where_it_stands():
    from tetka_cli.common.findings import FindingError
    from tetka_cli.jobs.record_check import load_record

    name = "Анна" + "н" * (MAX_NAME - 4)
    rec = load_record("r.yaml", text=HEAD.replace("[A,", f"[{name},") + HAND.replace("A: 7", f"{name}: 7"))
    assert rec.players[0] == name and not rec.findings
    with pytest.raises(FindingError) as e:
        load_record("r.yaml", text=HEAD.replace("[A,", f"[{name}н,") + HAND)
    f = e.value.finding
    assert (f.code, f.line, f.column, f.args) == ("too-long", 3, 11, {"what": "name", "limit": MAX_NAME})
    assert f.message("en") == "a player's name of more than 100 characters: no record needs one so long"
    assert f.message("ru") == "имя игрока длиннее 100 символов: такое длинное имя ни одной записи не нужно"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("loader", LOADERS[:1])
def test_a_fifo_is_refused_by_name_and_skipped_in_a_folder(tmp_path, loader):
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "a.yaml").write_text(HEAD + HAND.replace("A: 7, B: 0", "A: 21, B: 0").replace("C: 0, D: 0", "C: 0, D: 0"),
                                   encoding="utf-8")
    fifo = folder / "pipe.yaml"
    os.mkfifo(fifo)
    rc, out = validate(loader, str(fifo))
    assert rc == 2 and "not a regular file" in out
    rc, out = validate(loader, str(folder))
    assert "pipe.yaml" not in out and "1 record" in out


def test_a_device_is_refused_by_name():
    rc, out = validate(LOADERS[0], "/dev/zero")
    assert rc == 2 and "not a regular file" in out
