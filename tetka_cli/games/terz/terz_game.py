"""Terz as the layers above see it (`games.contract.Game`): its words, reader, referee, schema and
results from its own rules core, and each capability it has (lean reading, analysis, bots, live,
export) as an object of its own."""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Finding
from ...common.i18n import N_
from ...common.output_table import Table
from ...kit.game_base import GameBase
from ...common.i18n import _
from .messages import games_text, hands_text
from .words import WORDS

if TYPE_CHECKING:
    from ...common.json_types import Json
    from ...results.analysis import AnalysisWords, GradedHand
    from ..contract import AnalysisTask, Report
    from .analysis import HandGrades
    from .analysis_tasks import HandTask
    from .referee import RecordReport


class TerzGame(GameBase):
    name = "terz"
    seats = 2
    words = WORDS
    default_part_target = 501
    default_players = ("Анна", "Борис")
    streamed = frozenset({"games"})  # read hand by hand from the parser's events (`reader.STREAMED`)
    renderer = "tetka_cli.games.terz.messages"  # words the findings whose Terz sense differs from Tetka's

    def __init__(self) -> None:
        self.codes: tuple[Any, ...] = ()
        self.lean = TerzLean()
        self.streaming = None
        self.analysis = TerzAnalysis()
        self.simulation = TerzSimulation()
        self.live = TerzLive()
        self.export = TerzExport()

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import TERZ_KEYS

        return {what: frozenset(keys) for what, keys in TERZ_KEYS.items()}

    def reader(self, path: str, findings: list[Finding]) -> Any:
        from .lean import open_reader

        return open_reader(path, findings)

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        from .record import Record

        return Record(path, "terz", (), (), tuple(findings))

    def referee(self, record: Any) -> Any:
        from .referee import referee

        return referee(record)

    def schema(self) -> Any:
        from .schema import SCHEMA

        return SCHEMA

    def parts(self, report: Any) -> Any:
        return report.games

    # -- results ----------------------------------------------------------------------------------
    def sheet(self, report: Any) -> Any:
        from .results import sheet

        return sheet(report)

    def replay(self, report: Any, *, part: int | None, hand: int | None, losses: Any = None) -> Any:
        from .results import replay

        return replay(report, part, hand, losses)

    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Any = None) -> Any:
        from .replay_tables import replay_tables

        return replay_tables(report, lang, robber=part, hand=hand, losses=losses)

    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    analyse: bool = False, from_trick: int | None = None) -> dict[str, Any]:
        """With `analyse`, each costly play after the stock carries its loss in points (no sign:
        Terz gives no thresholds, `loss_grades`)."""
        from .replay_page import replay_page

        grades = None
        if analyse:
            grades = {(g.game, g.hand): g.analysis.plays
                      for g in self.analysis.grade(report, from_trick=from_trick, player=None, budget=None)}
        return {**replay_page(report, lang, game=part, hand=hand, grades=grades), "game": WORDS.title.text(lang)}

    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        from .settlement import settle_sitting, shared

        rec = report.record
        return shared(settle_sitting(report.path, rec.players,
                                     [(g.number, g.finished, g.totals, g.winner) for g in report.games],
                                     rec.stake if stake is None else stake, rec.currency, provisional=provisional))

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Any) -> str:
        """A report read the lean way holds no hands: its record is read again whole."""
        if getattr(report, "lean", None) is not None:
            from .lean import whole

            report = whole(report)
        return self.meaning_of(report.record, "games", report.record.games)


class TerzLean:
    def check(self, path: str, data: bytes, max_bytes: int, load: Any) -> Any:
        """Each hand judged as soon as it is read, then let go (`lean`)."""
        from .lean import check_lean

        return check_lean(path, data, max_bytes, load)


class TerzAnalysis:
    """The play after the stock searched exactly; tricks 1-7 over drawn deals in the player's view."""

    first_graded_trick = 8  # the first trick after the stock: both hands known (analysis.EXACT_FROM)
    tricks_per_hand = 16
    takes_budget = True  # the search after the stock is exact and short: it always ends within a budget
    grades_player_view = True  # tricks 1-7 over drawn deals; from trick 8 the open view

    def grade(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[HandGrades]:
        from .analysis import analyse_report

        return analyse_report(_judged(report), from_trick=from_trick or self.first_graded_trick, player=player)

    def tasks(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[HandTask]:
        """The record's hands, each graded alone (in any process, or on a cluster), cached."""
        from .analysis_tasks import hand_tasks

        return hand_tasks(_judged(report), from_trick=from_trick or self.first_graded_trick, player=player)

    def grade_player_view(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[HandGrades]:
        """Tricks 1-7 over deals drawn from what the player could know; from trick 8 on both hands
        are known, and the grades are the open view's. The default first trick is 8, as for the
        open view: `--from-trick 1` grades the stock."""
        from .player_view import analyse_report_player_view

        return analyse_report_player_view(_judged(report), from_trick=from_trick or self.first_graded_trick,
                                          player=player, samples=samples, seed=seed)

    def player_view_tasks(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[HandTask]:
        from .analysis_tasks import player_view_tasks

        return player_view_tasks(_judged(report), from_trick=from_trick or self.first_graded_trick, player=player,
                                 samples=samples, seed=seed)

    def to_json(self, item: GradedHand) -> Json:
        from .analysis import HandGrades
        from .analysis_tasks import hand_json

        assert isinstance(item, HandGrades)  # this game's tasks grade its hands
        return hand_json(item)

    def from_json(self, doc: Json, task: AnalysisTask) -> HandGrades:
        from .analysis_tasks import HandTask, hand_from_json

        if not isinstance(task, HandTask):
            raise TypeError(f"not a Terz hand's task: {task!r}")
        return hand_from_json(doc, task)

    def losses(self, report: Report, *, from_trick: int | None) -> Mapping[object, object]:
        from .analysis import losses_by_hand

        return dict(losses_by_hand(self.grade(report, from_trick=from_trick, player=None, budget=None)))

    @property
    def words(self) -> AnalysisWords:
        from .analysis_words import ANALYSIS_WORDS

        return ANALYSIS_WORDS


def _judged(report: Report) -> RecordReport:
    """A Terz record as its referee judged it, the whole of it (what the analysis grades)."""
    from .referee import RecordReport

    if not isinstance(report, RecordReport):
        raise TypeError(f"not a judged Terz record: {report!r}")
    return report


class TerzSimulation:
    def simulate(self, request: Any) -> Any:
        from ...common.yaml_input import MAX_WHOLE
        from ...kit.simulation import OptionRefused, Simulated, max_parts, refuse_long, refuse_many, seated_names
        from .record_writer import write_sitting
        from .rules import TerzRules
        from .simulate import MAX_HANDS_PER_GAME, Simulator, game_stats

        request.refuse_others(("games", "target"), N_("{option} is Tetka's; a Terz sitting is --games whole games"))
        names = seated_names(request.players or ",".join(TerzGame.default_players), TerzGame.seats,
                             N_("Terz is played by two distinct players, not {n}: {players!r}"), request.lang)
        seats = [b.strip() for b in request.bots.split(",") if b.strip()]
        seats = seats * 2 if len(seats) == 1 else seats
        if len(seats) != 2 or any(b not in ("book", "random") for b in seats):
            raise OptionRefused("bots", "one bot for both seats or two, each book or random: {bots!r}",
                                bots=request.bots)
        target = request.get("target", TerzGame.default_part_target)
        if not 1 <= target <= MAX_WHOLE:
            raise OptionRefused("target", "{value} is outside the record's bounds (1 to {most})",
                                value=target, most=MAX_WHOLE)
        rules = TerzRules(target=target)
        games = request.get("games", 1)
        refuse_many("games", games, max_parts())
        # A hand hands out 150 points or more, 75 to the one ahead at least; the bots stop a game
        # that goes on past MAX_HANDS_PER_GAME hands.
        per_game = min(MAX_HANDS_PER_GAME, -(-target // 75) + 1)
        refuse_long("target" if per_game == MAX_HANDS_PER_GAME else "games", target if per_game ==
                    MAX_HANDS_PER_GAME else games, games * per_game)
        done: list[Any] = []
        meta = {"generator": request.generator, "seed": str(request.seed), "bots": ",".join(seats)}

        def records() -> Iterator[str]:
            for i in range(request.sittings):
                sim = Simulator(players=names, bots=seats, seed=request.seed * 1_000_003 + i, rules=rules)
                sitting = sim.sitting(games)
                done.append(sitting)
                yield write_sitting(sitting, meta=meta)

        def written(lang: str, n: int) -> str:
            from ...common.i18n import ngettext

            n_games, n_hands, _won, _avg = game_stats(done)
            return ngettext(lang, "tetka: wrote {n} record, {games}, {hands}",
                            "tetka: wrote {n} records, {games}, {hands}", n).format(
                n=n, games=games_text(lang, n_games), hands=hands_text(lang, n_hands))

        def stats(lang: str) -> tuple[str, Table]:
            from ...common.locale_format import money_text as decimal_text

            n_games, n_hands, won, avg = game_stats(done)
            rows = [[p, b, decimal_text(f"{avg.get(p, 0):.1f}", lang), won.get(p, 0)] for p, b in zip(names, seats)]
            heading = f"{games_text(lang, n_games)}, {hands_text(lang, n_hands)}"
            return heading, Table("", [_(lang, "Player"), _(lang, "Bot"), _(lang, "Points per hand"),
                                       _(lang, "Games won")], rows)

        return Simulated(records, written, stats)


class TerzLive:
    def words(self, lang: str) -> Any:
        from .live_words import TerzLive as Words

        return Words(lang)

    def house_rules(self) -> Sequence[Any]:
        from .live_rules import HOUSE_RULES

        return HOUSE_RULES

    def rule_options(self, given: Sequence[str]) -> dict[str, Any]:
        from ...kit.live_words import read_rules

        return read_rules(self.house_rules(), given)


class TerzExport:
    def record_rows(self, report: Any, analysis: Any = None) -> Iterable[Any]:
        from .export_rows import record_rows

        return record_rows(report, analysis)
