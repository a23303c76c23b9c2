"""The Terz rules core imports neither click, tabulate nor yaml: it is usable as a library."""
import subprocess
import sys

TERZ_CORE = ["cards", "play", "declarations", "exchange", "bela", "hand", "game", "bots", "simulate",
             "record_writer", "model", "rules", "names"]


def test_terz_core_modules_import_no_cli_or_yaml():
    code = ("import sys\n" + "".join(f"import tetka_cli.games.terz.{m}\n" for m in TERZ_CORE)
            + "bad = [m for m in ('click', 'tabulate', 'yaml') if m in sys.modules]\nprint(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
