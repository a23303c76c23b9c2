"""A run of `settle` (`jobs.settle.SettleRun`) drawn once for every game: its JSON document, its
CSV (one header, a row per standing, payment and transfer, each naming its game and section), its
text tables and its page."""
from __future__ import annotations

from typing import Callable, Sequence

from ..common.html_page import EveningRecord, page
from ..common.i18n import gettext
from ..common.output_table import Table
from ..results.settle import MoneyBlock, SettledRecord, SettleRun
from ..results.words import Words
from .money import SETTLE_COLUMNS, GameBoard, settle_rows, sitting_json, standings_json, standings_table, transfers_json, \
    transfers_table

WordsOf = Callable[[str], Words]  # a game's name -> its words


def currency_label(currency: str, lang: str) -> str:
    """A currency for people: its unit, or words saying the records name none."""
    return currency if currency else gettext(lang, "no currency named")


def record_json(r: SettledRecord, words: Words, default_game: str) -> dict[str, object]:
    """A settled record in settle's JSON: its sitting, its digests and who pays whom in it."""
    from ..common.money import money_places

    doc = sitting_json(r.money, words, default_game)
    doc["digest"] = r.digest
    doc["meaning"] = r.meaning
    doc["transfers"] = transfers_json(r.transfers, money_places(r.money.stake), r.money.currency)
    return doc


def _boards_json(b: MoneyBlock, words_of: WordsOf, default_game: str) -> dict[str, object]:
    """A currency's standings: the default game's as `players`, another game's under its name."""
    doc: dict[str, object] = {}
    for board in b.boards:
        rows = standings_json(board.rows, words_of(board.game), b.places, b.currency)
        if board.game == default_game:
            doc["players"] = rows
        else:
            doc[board.game] = {"players": rows}
    return doc


def settle_json(run: SettleRun, words_of: WordsOf, default_game: str) -> dict[str, object]:
    first = run.blocks[0]
    boards = _boards_json(first, words_of, default_game)
    doc: dict[str, object] = {"transfers": transfers_json(first.transfers, first.places, first.currency),
                           "records": [record_json(r, words_of(r.money.game), default_game) for r in run.records],
                           "players": boards.pop("players", {}),
                           "left_out": [{"path": x.path, "code": x.code, "line": x.line, "column": x.column,
                                         "message": x.message} for x in run.left_out],
                           "counts": run.counts}
    doc.update(boards)
    currencies: list[dict[str, object]] = []
    doc["currencies"] = currencies
    for b in run.blocks:
        block = {"currency": b.currency, **{"players": {}}, **_boards_json(b, words_of, default_game)}
        block["transfers"] = transfers_json(b.transfers, b.places, b.currency)
        currencies.append(block)
    return doc


def settle_csv(run: SettleRun, words_of: WordsOf, per_record: bool) -> Table:
    rows: list[list[object]] = []
    for b in run.blocks:
        sittings = [r.money for r in run.records if r.money.currency == b.currency]
        own = {r.money.path: r.transfers for r in run.records if r.money.currency == b.currency}
        rows.extend(settle_rows([GameBoard(words_of(x.game), x.rows) for x in b.boards], sittings, own, b.transfers,
                                b.places, b.currency, per_record))
    return Table("", SETTLE_COLUMNS, rows)


def season_tables(run: SettleRun, words_of: WordsOf, lang: str) -> list[Table]:
    """Each currency's standings (a table per game, titled with the game when there are several, and
    with the currency when there are several), then who pays whom in it."""
    several = len({board.game for b in run.blocks for board in b.boards}) > 1
    by_currency = len(run.blocks) > 1
    tables = []
    for b in run.blocks:
        for board in b.boards:
            words = words_of(board.game)
            title = ", ".join(([words.title.text(lang)] if several else [])
                              + ([currency_label(b.currency, lang)] if by_currency else []))
            tables.append(standings_table(board.rows, words, lang, b.places, b.currency, title))
        tables.append(transfers_table(b.transfers, b.places, lang, b.currency,
                                      heading=currency_label(b.currency, lang) if by_currency else ""))
    return tables


def record_tables(r: SettledRecord, words: Words, lang: str) -> list[Table]:
    """One settled record's tables: its sitting, and who pays whom in it."""
    from ..common.money import money_places
    from .money import sitting_tables

    m = r.money
    return [*sitting_tables(m, words, lang),
            transfers_table(r.transfers, money_places(m.stake), lang, m.currency, m.path)]


def settle_tables(run: SettleRun, words_of: WordsOf, lang: str, per_record: bool) -> list[Table]:
    tables = []
    if len(run.records) == 1 or per_record:
        for r in run.records:
            tables.extend(record_tables(r, words_of(r.money.game), lang))
    if len(run.records) != 1:
        tables.extend(season_tables(run, words_of, lang))
    return tables


def settle_page(run: SettleRun, pages: Sequence[EveningRecord], words_of: WordsOf, lang: str, per_record: bool) -> str:
    """The page: each record's part (with a season, only those left out, unless --per-record), then
    the standings and who pays whom."""
    shown = pages if len(run.records) == 1 or per_record else [p for p in pages if p.settlement == ()]
    tables = season_tables(run, words_of, lang) if len(run.records) != 1 else []
    return page(shown, lang, standings=tables or None)
