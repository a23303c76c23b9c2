"""Issue 35, schema 3: a hand's plays are stored as one row (`hand_plays`, a JSON text) and read
a card a row through the view `card_plays`, which gives exactly the rows the table of that name
held in schema 2, for both games. A version 2 file is read by `stats` as it is and migrated by
`export`, exactly; one whose tables are not what version 2 wrote is refused, not migrated."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest

from tetka_cli.games.registry import game_of
from tetka_cli.jobs import database
from tetka_cli.jobs.record_check import check_record
from support.databases import as_version_2
from support.cli import EXAMPLES, ROOT, run


def query(db, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(str(db))
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def schema_2_plays(path: str) -> list[tuple]:
    """The rows of card_plays a record gave in schema 2 (part, hand, trick, seq, player, card),
    made here from its report as version 2 made them: a Tetka trick's cards beside its players, as
    far as both go; a Terz trick's lead, then its reply."""
    rep = check_record(os.path.join(ROOT, path))
    out: list[tuple] = []
    if game_of(rep).name == "terz":
        for g in rep.games:
            for h in g.hands:
                for tr in [] if h.result is None else h.result.tricks:
                    out += [(g.number, h.number, tr.number, 1, tr.leader, str(tr.lead)),
                            (g.number, h.number, tr.number, 2, tr.reply_player, str(tr.reply))]
        return out
    for r in rep.robbers:
        for h in r.hands:
            for tr in [] if h.result is None else h.result.tricks:
                out += [(r.number, h.number, tr.number, seq, p, str(c))
                        for seq, (p, c) in enumerate(zip(tr.players, tr.cards), start=1)]
    return out


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    db = tmp_path_factory.mktemp("plays") / "club.db"
    r = run("export", "--sqlite", str(db), "records")
    assert r.exit_code == 0, r.output
    return db


def test_the_view_card_plays_gives_exactly_the_rows_of_schema_2_for_both_games(exported):
    games = set()
    for path in EXAMPLES:
        want = schema_2_plays(path)
        got = query(exported, "SELECT p.part, p.hand, p.trick, p.seq, p.player, p.card FROM card_plays p "
                              "JOIN records r ON r.id = p.record WHERE r.path = ?", path)
        assert got == want, path  # in the order of play, without ORDER BY, as the table gave them
        if want:
            games.add(query(exported, "SELECT game FROM records WHERE path = ?", path)[0][0])
    assert games == {"tetka", "terz"}
    # whole numbers and text, as the table's columns were
    assert query(exported, "SELECT DISTINCT typeof(record), typeof(part), typeof(hand), typeof(trick), typeof(seq), "
                           "typeof(player), typeof(card) FROM card_plays") == [
        ("integer", "integer", "integer", "integer", "integer", "text", "text")]
    assert [c[1] for c in query(exported, "PRAGMA table_info(card_plays)")] == [
        "record", "part", "hand", "trick", "seq", "player", "card"]


def test_a_hand_is_one_row_its_plays_a_json_array_in_the_order_of_play(exported):
    (n_hands,), = query(exported, "SELECT count(*) FROM hands h WHERE EXISTS (SELECT 1 FROM card_plays p "
                                  "WHERE p.record = h.record AND p.part = h.part AND p.hand = h.hand)")
    assert query(exported, "SELECT count(*) FROM hand_plays") == [(n_hands,)]
    for record, part, hand, plays in query(exported, "SELECT record, part, hand, plays FROM hand_plays"):
        cards = json.loads(plays)
        assert cards == sorted(cards, key=lambda c: (c[0], c[1]))
        assert [tuple(c) for c in cards] == query(
            exported, "SELECT trick, seq, player, card FROM card_plays WHERE record = ? AND part = ? AND hand = ?",
            record, part, hand)


def test_a_version_2_file_is_read_by_stats_and_migrated_by_export_exactly(tmp_path, exported):
    old = tmp_path / "old.db"
    shutil.copy(exported, old)
    as_version_2(old)
    plays = query(old, "SELECT * FROM card_plays")
    assert len(plays) > 1000 and query(old, "SELECT name FROM sqlite_master WHERE name = 'hand_plays'") == []
    # stats reads none of what the plays are: a version 2 file is counted as it is, never changed
    before = old.read_bytes()
    for fmt in ("text", "json"):
        assert run("stats", "--format", fmt, "--db", str(old)).stdout == \
            run("stats", "--format", fmt, "--db", str(exported)).stdout
    assert old.read_bytes() == before
    # export migrates it (in the transaction that opens it): the rows of a fresh export
    r = run("export", "--sqlite", str(old), "records")
    assert r.exit_code == 0 and "0 added, 0 replaced, 11 unchanged" in r.stderr, r.output
    assert query(old, "PRAGMA user_version") == [(database.SCHEMA_VERSION,)]
    assert query(old, "SELECT * FROM card_plays") == plays
    fresh = "SELECT record, part, hand, plays FROM hand_plays ORDER BY record, part, hand"
    assert query(old, fresh) == query(exported, fresh)
    views = "SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY name"
    assert query(old, views) == query(exported, views)
    assert run("stats", "--db", str(old)).exit_code == 0


def test_a_version_2_file_whose_plays_table_was_altered_is_refused_not_migrated(tmp_path, exported):
    old = tmp_path / "old.db"
    shutil.copy(exported, old)
    as_version_2(old)
    conn = sqlite3.connect(str(old), isolation_level=None)
    conn.execute("ALTER TABLE card_plays RENAME COLUMN card TO cards")
    conn.close()
    before = old.read_bytes()
    for args in (("export", "--sqlite", str(old), "records/marks-only.yaml"), ("stats", "--db", str(old))):
        r = run(*args)
        assert r.exit_code == 2 and r.stderr.strip() == (
            f"{old}: a tetka database whose table card_plays is not as tetka writes it: export the records again "
            f"into a new file"), r.output
    assert old.read_bytes() == before


@pytest.mark.parametrize("change, words", [
    (("DROP VIEW card_plays",), "a tetka database without its view card_plays"),
    (("DROP VIEW card_plays", "CREATE VIEW card_plays AS SELECT record, part, hand, 1 AS trick, 1 AS seq, "
                              "'' AS player, plays AS card FROM hand_plays"),
     "a tetka database whose view card_plays is not as tetka makes it"),
])
def test_a_view_dropped_or_altered_is_refused_by_name_in_one_line(tmp_path, exported, change, words):
    db = tmp_path / "club.db"
    shutil.copy(exported, db)
    conn = sqlite3.connect(str(db), isolation_level=None)
    for s in change:
        conn.execute(s)
    conn.close()
    for args in (("stats", "--db", str(db)), ("export", "--sqlite", str(db), "records/marks-only.yaml")):
        r = run(*args)
        assert r.exit_code == 2 and r.stderr.strip() == f"{db}: {words}: export the records again into a new file"
    r = run("stats", "--lang", "ru", "--db", str(db))
    assert r.exit_code == 2 and "представлени" in r.stderr and "выгрузите записи заново" in r.stderr


@pytest.mark.parametrize("index", ["record, part, hand, player, card", "record, part, hand, card, player"])
def test_a_version_2_file_with_an_index_of_its_own_is_migrated_in_the_order_of_play(tmp_path, exported, index):
    """A user's own index on version 2's card_plays (the docs invite objects of one's own beside
    tetka's) is one SQLite may read the rows by: the migration reads them in the order of play all
    the same (it stored every hand's cards in the index's order: by player, then card)."""
    old = tmp_path / "old.db"
    shutil.copy(exported, old)
    as_version_2(old)
    conn = sqlite3.connect(str(old), isolation_level=None)
    conn.execute(f"CREATE INDEX mine ON card_plays({index})")
    conn.execute("ANALYZE")
    conn.close()
    r = run("export", "--sqlite", str(old), "records/marks-only.yaml")
    assert r.exit_code == 0, r.output
    fresh = "SELECT record, part, hand, plays FROM hand_plays ORDER BY record, part, hand"
    assert query(old, fresh) == query(exported, fresh)
