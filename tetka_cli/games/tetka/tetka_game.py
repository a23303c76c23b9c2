"""Tetka as the layers above see it (`games.contract.Game`): its words, reader, referee, schema and
results from its own rules core, and each capability it has (lean and streamed reading, analysis,
bots, live, export) as an object of its own."""
from __future__ import annotations

from decimal import Decimal
from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Finding
from ...common.i18n import N_, gettext, ngettext
from ...common.output_table import Table
from ...kit.game_base import GameBase
from .words import WORDS

if TYPE_CHECKING:
    from ...common.json_types import Json
    from ...results.analysis import AnalysisWords, GradedHand
    from ..contract import AnalysisTask, Report
    from .analysis import HandGrades
    from .analysis_tasks import HandTask
    from .player_view import PlayerViewTask
    from .referee import RecordReport

_CARD_INDEX = attrgetter("index")


class TetkaGame(GameBase):
    name = "tetka"
    seats = 4
    words = WORDS
    default_part_target = 21
    default_players = ("Анна", "Борис", "Вера", "Глеб")
    streamed = frozenset({"robbers"})  # read hand by hand from the parser's events (`reader.STREAMED`)

    def __init__(self) -> None:
        self.codes: tuple[Any, ...] = ()
        self.lean = TetkaLean(self)
        self.streaming = TetkaStreaming()
        self.analysis = TetkaAnalysis()
        self.simulation = TetkaSimulation()
        self.live = TetkaLive()
        self.export = TetkaExport()

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import HAND_KEYS, ROBBER_KEYS, RULE_KEYS, TOP_KEYS

        return {"top": frozenset(TOP_KEYS), "rules": frozenset(RULE_KEYS), "robber": frozenset(ROBBER_KEYS),
                "hand": frozenset(HAND_KEYS)}

    def reader(self, path: str, findings: list[Finding]) -> Any:
        from .reader import TetkaReader

        reader = TetkaReader(path)
        reader.findings = findings
        return reader

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Any:
        from .record import Record

        return Record(path, "", (), (), tuple(findings))

    def referee(self, record: Any) -> Any:
        from .referee import referee

        return referee(record)

    def schema(self) -> Any:
        from .schema import SCHEMA

        return SCHEMA

    def parts(self, report: Any) -> Any:
        return report.robbers

    def players_of(self, report: Any) -> tuple[str, ...]:
        """Everyone seated in the record, in order of first seating."""
        return tuple(dict.fromkeys(p for r in report.robbers for p in r.players))

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
        from .replay_page import replay_page

        grades = None
        if analyse:
            grades = {(g.robber, g.hand): g.analysis.plays
                      for g in self.analysis.grade(report, from_trick=from_trick, player=None, budget=None)}
        return {**replay_page(report, lang, robber=part, hand=hand, grades=grades), "game": WORDS.title.text(lang)}

    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        from .settlement import settle_sitting, shared

        rec = report.record
        return shared(settle_sitting(report.path, rec.players, [(r.number, r.finished, r.totals) for r in report.robbers],
                                     rec.stake if stake is None else stake, rec.currency, provisional=provisional))

    # -- meaning: a record is the same record whatever its bytes -----------------------------------
    def meaning_digest(self, report: Any) -> str:
        """A report read the lean way carries the digest taken as its hands went by."""
        ready = getattr(report, "meaning", None)
        if ready:
            return str(ready)
        return self.meaning_of(report.record, "robbers", report.record.robbers)

    def hand_meaning(self, hand: Any) -> Any:
        """A hand in canonical form: its number, dealer, photograph, deal, tricks and marks, each
        card as its index in the deck. A mapping (a deal, the marks, a trick written player: card)
        is read in its keys' sorted order, since the order a record writes them in means nothing.
        Written out field by field: the lean reading takes it for every hand."""
        index = _CARD_INDEX

        def cards(cs: Any) -> tuple[int, ...]:
            return tuple(map(index, cs))

        tricks: Any = None
        players = hand.trick_players
        if hand.tricks is not None and len(players) >= len(hand.tricks) and players.count(None) == len(players):
            # Every trick in play order (as the quick reader gives them): each (its cards, None).
            if set(map(len, hand.tricks)) == {4}:  # four cards each: the indexes taken in one go
                flat = iter(tuple(map(index, chain.from_iterable(hand.tricks))))
                tricks = tuple(zip(zip(flat, flat, flat, flat), repeat(None)))
            else:
                tricks = tuple(zip(map(cards, hand.tricks), repeat(None)))
        elif hand.tricks is not None:
            tricks = []
            players = hand.trick_players
            for i, cs in enumerate(hand.tricks):
                who = players[i] if i < len(players) else None
                if who is not None and len(who) == len(cs):
                    tricks.append(tuple(sorted(zip(who, cards(cs)))))
                else:
                    tricks.append((cards(cs), who))
            tricks = tuple(tricks)
        return (hand.number, hand.dealer, None if hand.photograph is None else hand.photograph.index,
                None if hand.deal is None else tuple(sorted((p, cards(cs)) for p, cs in hand.deal.items())),
                tricks, None if hand.marks is None else tuple(sorted(hand.marks.items())), hand.broken)


class TetkaLean:
    """A record in the layout tetka writes, read from its bytes hand by hand and judged as it is
    read (`quick_reader`)."""

    def __init__(self, game: TetkaGame) -> None:
        self.game = game

    def check(self, path: str, data: bytes, max_bytes: int, load: Any) -> Any:
        """The lean report, or None for any other layout, or when a hand has anything to report."""
        from dataclasses import replace

        from ...common.dedupe import Meaning
        from ...common.findings import FindingError
        from ...kit.quick_lines import NotQuick
        from ...kit.quick_reading import Refused
        from .quick_reader import QuickRead
        from .referee import HandToReport, referee_lean

        if len(data) > max_bytes:
            return None
        game = self.game
        try:
            quick = QuickRead(path, data, load)
            meaning = Meaning()
            meaning.add("record", game.meaning(quick.record, "robbers"))

            def hands_of(robber: Any) -> Any:  # each hand adds to the record's meaning as it goes by
                meaning.add("part", game.part_meaning(robber))
                for hand in quick.hands(robber):
                    meaning.add("hand", game.hand_meaning(hand))
                    yield hand
            report = referee_lean(quick.record, hands_of)
        except Refused as e:  # refused as the full reader refuses it, where it does
            raise FindingError(e.finding) from None
        except (NotQuick, HandToReport, FindingError):
            return None
        report = replace(report, meaning=meaning.hexdigest())
        # Totals that differ may be a seating read the wrong way round: the full referee tries it.
        return None if any(f.code == "totals-differ" for f in report.findings) else report


class TetkaStreaming:
    def open(self, path: str, data: Any, max_bytes: int, load: Any) -> Any:
        """A record in the layout tetka writes (`quick_reader`), read, judged and shown hand by
        hand (`referee.RecordStream`); None for any other layout. A hand with a finding of its
        own raises `ReadAgain` while it is shown: the record is then read the full way."""
        from ...common.findings import FindingError
        from ..contract import ReadAgain
        from ...kit.quick_lines import NotQuick
        from .quick_reader import QuickRead
        from .referee import RecordStream

        if len(data) > max_bytes:
            return None
        try:
            quick = QuickRead(path, data, load)
        except (NotQuick, FindingError):
            return None

        def hands_of(robber: Any) -> Any:
            try:
                yield from quick.hands(robber)
            except (NotQuick, FindingError):
                raise ReadAgain(path) from None
        return RecordStream(quick.record, hands_of)


class TetkaAnalysis:
    """Every play graded by the solver (`analysis`), hand by hand, in both views."""

    takes_budget = True
    grades_player_view = True

    @property
    def first_graded_trick(self) -> int:
        from .analysis import default_from_trick

        return default_from_trick()

    @property
    def tricks_per_hand(self) -> int:
        from .rules import TRICKS_PER_HAND

        return TRICKS_PER_HAND

    def grade(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[HandGrades]:
        from .analysis import analyse_report

        return analyse_report(_judged(report), from_trick=from_trick or self.first_graded_trick, player=player,
                              budget=budget)

    def tasks(self, report: Report, *, from_trick: int | None, player: str | None,
              budget: float | None) -> Sequence[HandTask]:
        from .analysis_tasks import hand_tasks

        return hand_tasks(_judged(report), from_trick=from_trick, player=player, budget=budget)

    def grade_player_view(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[HandGrades]:
        from .player_view import analyse_report_player_view

        return analyse_report_player_view(_judged(report), from_trick=from_trick or self.first_graded_trick,
                                          player=player, samples=samples, seed=seed)

    def player_view_tasks(self, report: Report, *, from_trick: int | None, player: str | None, samples: int,
                          seed: int) -> Sequence[PlayerViewTask]:
        from .player_view import player_view_tasks

        return player_view_tasks(_judged(report), from_trick=from_trick or self.first_graded_trick, player=player,
                                 samples=samples, seed=seed)

    def to_json(self, item: GradedHand) -> Json:
        from .analysis import HandGrades
        from .analysis_tasks import hand_json

        assert isinstance(item, HandGrades)  # this game's tasks grade its hands
        return hand_json(item)

    def from_json(self, doc: Json, task: AnalysisTask) -> HandGrades:
        from .analysis_tasks import HandTask, hand_from_json
        from .player_view import PlayerViewTask

        if not isinstance(task, (HandTask, PlayerViewTask)):
            raise TypeError(f"not a Tetka hand's task: {task!r}")
        return hand_from_json(doc, task)

    def losses(self, report: Report, *, from_trick: int | None) -> Mapping[object, object]:
        from .play_signs import losses_by_hand

        return dict(losses_by_hand(self.grade(report, from_trick=from_trick, player=None, budget=None)))

    @property
    def words(self) -> AnalysisWords:
        from .analysis_words import ANALYSIS_WORDS

        return ANALYSIS_WORDS


def _judged(report: Report) -> RecordReport:
    """A Tetka record as its referee judged it, the whole of it (what the analysis grades)."""
    from .referee import RecordReport

    if not isinstance(report, RecordReport):
        raise TypeError(f"not a judged Tetka record: {report!r}")
    return report


class TetkaSimulation:
    def simulate(self, request: Any) -> Any:
        from ...common.yaml_input import MAX_WHOLE
        from ...kit.simulation import OptionRefused, Simulated, max_parts, rate, refuse_long, refuse_many, seated_names
        from .bots import BotSpecError, bot_names
        from .record_writer import write_sitting
        from .rules import HouseRules
        from .simulate import Simulator, average_marks

        request.refuse_others(("hands", "robbers", "renonce_rate", "table_marks_errors", "robber_target",
                               "with_deal"), N_("{option} is Terz's; a Tetka sitting is --robbers or --hands"))
        hands, robbers = request.get("hands"), request.get("robbers")
        if hands is None and robbers is None:
            robbers = 1
        if hands is not None and robbers is not None:
            raise OptionRefused(None, "give --hands or --robbers, not both")
        names = seated_names(request.players or ",".join(TetkaGame.default_players), TetkaGame.seats,
                             N_("Tetka is played by four distinct players, not {n}: {players!r}"), request.lang)
        try:
            seats = bot_names(request.bots)
        except BotSpecError as e:
            raise OptionRefused("bots", e.msgid, **e.kw) from None
        renonce_rate, marks_errors = rate(request, "renonce_rate"), rate(request, "table_marks_errors")
        target = request.get("robber_target", TetkaGame.default_part_target)
        if not 1 <= target <= MAX_WHOLE:
            raise OptionRefused("robber_target", "{value} is outside the record's bounds (1 to {most})",
                                value=target, most=MAX_WHOLE)
        rules = HouseRules(robber_target=target)
        if hands is not None:
            refuse_long("hands", hands, hands)
        else:
            refuse_many("robbers", robbers, max_parts())
            # A hand hands out its marks to four players: the highest total grows by a quarter of
            # them at least, so a robber ends within target * 4 / marks per hand hands.
            per_robber = -(-target * 4 // rules.marks_per_hand)
            refuse_long("robber_target" if per_robber > 1000 else "robbers", target if per_robber > 1000 else robbers,
                        robbers * per_robber)
        tallies: list[tuple[int, dict[str, float]]] = []
        meta = {"generator": request.generator, "seed": str(request.seed), "bots": ",".join(seats)}

        def records() -> Iterator[str]:
            for i in range(request.sittings):
                sim = Simulator(players=names, bots=seats, seed=request.seed * 1_000_003 + i,
                                renonce_rate=renonce_rate, marks_error_rate=marks_errors, rules=rules)
                sitting = sim.sitting(robbers=robbers, hands=hands)
                tallies.append(average_marks([sitting]))
                yield write_sitting(sitting, meta=meta, with_deal=bool(request.get("with_deal")))

        def played() -> int:
            return sum(n for n, _ in tallies)

        def written(lang: str, n: int) -> str:
            hands = ngettext(lang, "{n} hand", "{n} hands", played()).format(n=played())
            return ngettext(lang, "tetka: wrote {n} record, {hands}", "tetka: wrote {n} records, {hands}",
                            n).format(n=n, hands=hands)

        def stats(lang: str) -> tuple[str, Table]:
            from ...common.locale_format import money_text as decimal_text

            n = played()
            avg = {p: sum(k * a[p] for k, a in tallies) / n for p in names}
            rows = [[p, b, decimal_text(f"{avg[p]:.3f}", lang)] for p, b in zip(names, seats)]
            rows.append(["", gettext(lang, "parity"), decimal_text(f"{rules.marks_per_hand / 4:.3f}", lang)])
            heading = ngettext(lang, "{n} hand", "{n} hands", n).format(n=n)
            return heading, Table("", [gettext(lang, "Player"), gettext(lang, "bot"), gettext(lang, "marks/hand")], rows)

        return Simulated(records, written, stats)


class TetkaLive:
    def words(self, lang: str) -> Any:
        from .live_words import TetkaLive as Words

        return Words(lang)

    def house_rules(self) -> Sequence[Any]:
        from .live_rules import HOUSE_RULES

        return HOUSE_RULES

    def rule_options(self, given: Sequence[str]) -> dict[str, Any]:
        from ...kit.live_words import read_rules

        return read_rules(self.house_rules(), given)


class TetkaExport:
    def record_rows(self, report: Any, analysis: Any = None) -> Iterable[Any]:
        from .export_rows import record_rows

        return record_rows(report, analysis)
