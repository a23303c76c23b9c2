"""Issue 35, the mutation run of `jobs/export.py`: what an export says of a record it cannot store
(a game that does not export, a worker that died), and how it counts what it stored."""
from __future__ import annotations

import os

from tetka_cli.games import registry
from tetka_cli.jobs.export import ExportJob, Judged
from tetka_cli.jobs.record_check import check_record
from support.cli import ROOT

MARKS_ONLY = os.path.join(ROOT, "records", "marks-only.yaml")


class NotExporting:
    """A shipped game as a game that does not export would be: its words, no `export`."""

    export = None

    def __init__(self, game) -> None:
        self.words = game.words


def test_a_record_of_a_game_that_does_not_export_is_left_out_naming_the_games_that_do():
    rep = check_record(MARKS_ONLY)
    game = registry.game_of(rep)
    done = ExportJob().stored(Judged("r.yaml", "./r.yaml", "d", rep, NotExporting(game), None), None)
    assert done.record is None and (done.path, done.given, done.digest) == ("r.yaml", "./r.yaml", "d")
    f = done.unreadable
    assert f is not None and (f.code, f.path) == ("unsupported", "./r.yaml")
    assert f.args == {"capability": "export", "game": game.words.title.msgid,
                      "games": [g.words.title.msgid for g in registry.all_games() if g.export is not None]}
    assert len(f.args["games"]) == 2


def test_a_record_whose_worker_died_is_reported_under_its_path_never_stored():
    done = ExportJob().crashed("./club//a.yaml")
    assert (done.path, done.given, done.record, done.digest) == ("club/a.yaml", "./club//a.yaml", None, None)
    f = done.unreadable
    assert f is not None and (f.code, f.args, f.path) == ("worker-died", {}, "./club//a.yaml")
