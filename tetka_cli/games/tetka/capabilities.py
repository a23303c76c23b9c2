"""Tetka's capabilities (`games.contract`): its lean and streamed reading, its analysis, its bots,
its live side and its rows for a database, each from Tetka's own modules. Imported when a command
first asks for one (`TetkaGame.capabilities`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ...common.i18n import N_, gettext, ngettext
from ...common.output_table import Table
from ..capabilities import Capabilities, GameBase, ExportSide, GameModules, LazyAnalysis, LiveSide
from .live_rules import HOUSE_RULES

if TYPE_CHECKING:
    from ...common.yaml_input import FileBytes
    from ...kit.simulation import SimulateRequest, Simulated
    from ..contract import Load
    from .record import HandRecord, RobberRecord
    from .referee import RecordReport, RecordStream

DEFAULT_PLAYERS = ("Анна", "Борис", "Вера", "Глеб")


class TetkaLean:
    """A record in the layout tetka writes, read from its bytes hand by hand and judged as it is
    read (`quick_reader`)."""

    def __init__(self, game: GameBase) -> None:
        self.game = game

    def check(self, path: str, data: bytes | FileBytes, max_bytes: int, load: Load) -> RecordReport | None:
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
            walk = game.meaning_walk(quick.record)

            def hands_of(robber: RobberRecord) -> Iterator[HandRecord]:  # each hand adds to the record's meaning
                meaning.add("part", walk.part(robber))
                for hand in quick.hands(robber):
                    meaning.add("hand", walk.hand(hand))
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
    def open(self, path: str, data: bytes | FileBytes, max_bytes: int, load: Load) -> RecordStream | None:
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

        def hands_of(robber: RobberRecord) -> Iterator[HandRecord]:
            try:
                yield from quick.hands(robber)
            except (NotQuick, FindingError):
                raise ReadAgain(path) from None
        return RecordStream(quick.record, hands_of)


class TetkaSimulation:
    def simulate(self, request: SimulateRequest) -> Simulated:
        from ...common.yaml_input import MAX_WHOLE
        from ...kit.simulation import OptionRefused, Simulated, max_parts, rate, refuse_long, refuse_many, seated_names
        from .bots import BotSpecError, bot_names
        from .record_writer import write_sitting
        from .rules import HouseRules
        from .simulate import Simulator, average_marks

        request.refuse_others(("hands", "robbers", "renonce_rate", "table_marks_errors", "robber_target",
                               "with_deal"), N_("{option} is Terz's; a Tetka sitting is --robbers or --hands"))
        hands, robbers = request.whole("hands"), request.whole("robbers")
        if hands is None and robbers is None:
            robbers = 1
        if hands is not None and robbers is not None:
            raise OptionRefused(None, "give --hands or --robbers, not both")
        names = seated_names(request.players or ",".join(DEFAULT_PLAYERS), 4,
                             N_("Tetka is played by four distinct players, not {n}: {players!r}"), request.lang)
        try:
            seats = bot_names(request.bots)
        except BotSpecError as e:
            raise OptionRefused("bots", e.msgid, **e.kw) from None
        renonce_rate, marks_errors = rate(request, "renonce_rate"), rate(request, "table_marks_errors")
        target = request.whole("robber_target", 21)
        if not 1 <= target <= MAX_WHOLE:
            raise OptionRefused("robber_target", "{value} is outside the record's bounds (1 to {most})",
                                value=target, most=MAX_WHOLE)
        rules = HouseRules(robber_target=target)
        if hands is not None:
            refuse_long("hands", hands, hands)
        else:
            assert robbers is not None  # one when neither is given (above)
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


MODULES = GameModules(__package__)


def capabilities(game: GameBase) -> Capabilities:
    return Capabilities(lean=TetkaLean(game), streaming=TetkaStreaming(), analysis=LazyAnalysis(MODULES.analysis),
                        simulation=TetkaSimulation(), live=LiveSide(HOUSE_RULES, MODULES.live),
                        export=ExportSide(MODULES.rows))
