"""The rules core imports neither click, tabulate nor yaml: it is usable as a library."""
import subprocess
import sys

CORE = ["common.cards", "common.findings", "common.messages", "common.atomic", "common.money", "common.season",
        "common.positions", "common.batch", "kit.live_log"] + [
        f"games.tetka.{m}" for m in ("seating", "rules", "play", "renonce", "marks", "hand", "robber", "settlement",
                                     "record", "referee", "bots", "simulate", "record_writer", "live", "solver",
                                     "analysis")]


def test_core_modules_import_no_cli_or_yaml():
    code = ("import sys\n" + "".join(f"import tetka_cli.{m}\n" for m in CORE)
            + "bad = [m for m in ('click', 'tabulate', 'yaml') if m in sys.modules]\nprint(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_hand_can_be_replayed_from_python_without_yaml():
    from tetka_cli.common.cards import parse_card, parse_cards
    from tetka_cli.games.tetka.hand import replay_hand
    from tetka_cli.games.tetka.seating import Seating

    t = Seating(("N", "E", "S", "W"))
    r = replay_hand(t, "W", parse_card("2h"), [parse_cards("9d Kd Qd 10d")])
    assert r.tricks[0].winner == "E" and r.marks_by_player["E"] == 1
