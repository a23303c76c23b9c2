"""The toy as the layers above see it (`tetka_cli.games.contract.Game`): its words, reader,
referee, schema, results and money, and of the capabilities only `simulation` (bots). It reads
no record lean, shows none as it is read, grades no play, records no sitting live and exports
nothing: each command that needs one of those says so."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping, Sequence

from tetka_cli.common.findings import Finding
from tetka_cli.common.output_table import Table
from tetka_cli.games.capabilities import Capabilities, GameBase
from tetka_cli.results.money import SittingMoney
from tetka_cli.results.replay import Replay
from tetka_cli.results.sheet import Sheet

from . import results
from .messages import CODES
from .reader import KEYS, open_reader
from .record import Record
from .referee import RecordReport, referee
from .rules import DEFAULT_TARGET, SEATS
from .schema import SCHEMA
from .settlement import money
from .words import WORDS


class ToyGame(GameBase):
    name = "toy"
    seats = SEATS
    words = WORDS
    default_part_target = DEFAULT_TARGET
    default_players = ("Ann", "Bob", "Cid")
    codes = CODES
    streamed = frozenset({"rounds"})  # read hand by hand from the parser's events (`GameReader.stream`)

    def capabilities(self) -> Capabilities:
        return Capabilities(simulation=ToySimulation())

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        return KEYS

    def reader(self, path: str, findings: list[Finding]) -> Any:
        return open_reader(path, findings)

    def empty_record(self, path: str, findings: Sequence[Finding]) -> Record:
        return Record(path, "toy", (), (), findings=tuple(findings))

    def referee(self, record: Any) -> RecordReport:
        return referee(record)

    def schema(self) -> Any:
        return SCHEMA

    def parts(self, report: Any) -> Any:
        return report.rounds

    def meaning_digest(self, report: Any) -> str:
        return self.meaning_of(report.record, "rounds", report.record.rounds)

    # -- results ----------------------------------------------------------------------------------
    def sheet(self, report: Any) -> Sheet:
        return results.sheet(report)

    def replay(self, report: Any, *, part: int | None, hand: int | None, losses: Any = None) -> Replay:
        return results.replay(report, part, hand)

    def replay_tables(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                      losses: Any = None) -> Iterable[Table]:
        return results.replay_tables(report, lang, part, hand)

    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    graded: Any = None) -> Any:
        return results.replay_page(report, lang, part, hand)

    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> SittingMoney:
        return money(report, stake, provisional)


class ToySimulation:
    """Bots play sittings of `--games` rounds (default 1) to `--target` points (default 10)."""

    def simulate(self, request: Any) -> Any:
        from tetka_cli.kit.simulation import OptionRefused, Simulated, refuse_many, seated_names

        from .simulate import BOTS, sitting

        request.refuse_others(("games", "target"), "{option} is not the toy's: a toy sitting is --games rounds")
        names = seated_names(request.players or ",".join(ToyGame.default_players), SEATS,
                             "the toy is played by three distinct players, not {n}: {players!r}", request.lang)
        bots = [b.strip() for b in request.bots.split(",") if b.strip()]
        bots = bots * SEATS if len(bots) == 1 else bots
        if len(bots) != SEATS or any(b not in BOTS for b in bots):
            raise OptionRefused("bots", "one bot for every seat or three, each book or random: {bots!r}",
                                bots=request.bots)
        rounds, target = request.get("games", 1), request.get("target", DEFAULT_TARGET)
        refuse_many("games", rounds, 100)
        refuse_many("target", target, 100)
        meta = {"generator": request.generator, "seed": str(request.seed), "bots": ",".join(bots)}
        hands: list[int] = []
        won = {p: 0 for p in names}

        def records() -> Iterator[str]:
            for i in range(request.sittings):
                text, n, by = sitting(names, bots, rounds, target, request.seed * 1_000_003 + i, meta)
                hands.append(n)
                for p, k in by.items():
                    won[p] += k
                yield text

        def written(lang: str, n: int) -> str:
            return f"tetka: wrote {n} toy record(s), {sum(hands)} hand(s)"

        def stats(lang: str) -> tuple[str, Table]:
            return f"{sum(hands)} hand(s)", Table("", ["Player", "Bot", "Rounds won"],
                                                   [[p, b, won[p]] for p, b in zip(names, bots)])

        return Simulated(records, written, stats)
