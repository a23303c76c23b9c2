"""simulate refuses what it cannot write validly: every option at its bounds writes a record that
validates, or is refused with exit 2 (never exit 3, never a record the readers refuse)."""
from __future__ import annotations

import os

import pytest

from tetka_cli.kit.simulation import max_parts
from click.testing import CliRunner

from tetka_cli.cli.app import cli
from tetka_cli.common.yaml_input import MAX_WHOLE


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


WRITES = [
    ["--hands", "1"], ["--robbers", "1"], ["--robbers", "2", "--robber-target", "1"],
    ["--hands", "3", "--robber-target", str(MAX_WHOLE)], ["--hands", "2", "--renonce-rate", "0"],
    ["--hands", "2", "--renonce-rate", "1"], ["--hands", "2", "--table-marks-errors", "1"],
    ["--hands", "2", "--table-marks-errors", "0.0", "--with-deal"], ["--hands", "1", "--seed", "-5"],
    ["--game", "terz", "--target", "1"], ["--game", "terz", "--games", "2", "--target", "1"],
    ["--game", "terz", "--target", str(MAX_WHOLE)], ["--game", "terz", "--games", "1"],
]
REFUSED = [
    ["--renonce-rate", "nan"], ["--renonce-rate", "-nan"], ["--table-marks-errors", "nan"], ["--renonce-rate", "inf"],
    ["--renonce-rate", "1.0000001"], ["--renonce-rate", "-0.1"], ["--robber-target", "0"],
    ["--robber-target", str(MAX_WHOLE + 1)], ["--robber-target", "1000000000000"],
    ["--robber-target", str(MAX_WHOLE)],  # whole robbers to a billion marks: more hands than a record holds
    ["--robbers", str(max_parts() + 1)], ["--hands", "1000000"], ["--hands", "0"], ["--sittings", "0"],
    ["--sittings", "2"],  # several records one after another on stdout are not one record
    ["--game", "terz", "--target", "999999999999"], ["--game", "terz", "--target", "0"],
    ["--game", "terz", "--games", str(max_parts() + 1)], ["--game", "terz", "--games", "400", "--target", str(MAX_WHOLE)],
    ["--game", "terz", "--hands", "1"], ["--game", "terz", "--renonce-rate", "0.5"], ["--games", "2"],
    ["--players", "A,B,C"], ["--game", "terz", "--players", "A,A"], ["--bots", "nobody"],
]


@pytest.mark.parametrize("args", WRITES, ids=" ".join)
def test_an_option_at_its_bound_writes_a_record_that_validates(tmp_path, args):
    out = tmp_path / "s.yaml"
    r = run("simulate", *args, "--out", str(out))
    assert r.exit_code == 0, r.stderr
    v = run("validate", str(out), "--lang", "en")
    assert "0 unreadable" in v.stderr and v.exit_code in (0, 1)
    if "--renonce-rate" not in args and "--table-marks-errors" not in args:
        assert v.exit_code == 0, v.stdout


@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_an_option_past_its_bound_is_refused_with_exit_2(tmp_path, args):
    r = run("simulate", *args, "--lang", "en")
    assert r.exit_code == 2, (r.exit_code, r.stderr)
    assert r.stdout == "" and "internal error" not in r.stderr


def test_a_record_longer_than_a_record_may_be_is_not_written(tmp_path, monkeypatch):
    from tetka_cli.common import yaml_input

    monkeypatch.setattr(yaml_input, "MAX_BYTES", 1024)  # two hands pass the first check
    out = tmp_path / "s.yaml"
    r = run("simulate", "--hands", "2", "--out", str(out), "--lang", "en")
    assert r.exit_code == 2 and not out.exists()
    assert "sitting 1 would be a record of" in r.stderr and "more than a record may hold (1024)" in r.stderr
    assert not os.listdir(tmp_path)
