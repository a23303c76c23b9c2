"""Terz's capabilities (`games.contract`): its lean reading, its analysis, its bots, its live side and
its rows for a database, each from Terz's own modules. Imported when a command first asks for one
(`TerzGame.capabilities`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ...common.i18n import N_, _
from ...common.output_table import Table
from ..capabilities import Capabilities, ExportSide, GameModules, LazyAnalysis, LiveSide
from .live_rules import HOUSE_RULES
from .messages import games_text, hands_text

if TYPE_CHECKING:
    from ...common.yaml_input import FileBytes
    from ...kit.simulation import SimulateRequest, Simulated
    from ..contract import Load
    from .referee import RecordReport
    from .simulate import SimSitting

DEFAULT_PLAYERS = ("Анна", "Борис")


class TerzLean:
    def check(self, path: str, data: bytes | FileBytes, max_bytes: int, load: Load) -> RecordReport | None:
        """Each hand judged as soon as it is read, then let go (`lean`)."""
        from .lean import check_lean

        return check_lean(path, data, max_bytes, load)


class TerzSimulation:
    def simulate(self, request: SimulateRequest) -> Simulated:
        from ...common.yaml_input import MAX_WHOLE
        from ...kit.simulation import OptionRefused, Simulated, max_parts, refuse_long, refuse_many, seated_names
        from .record_writer import write_sitting
        from .rules import TerzRules
        from .simulate import MAX_HANDS_PER_GAME, Simulator, game_stats

        request.refuse_others(("games", "target"), N_("{option} is Tetka's; a Terz sitting is --games whole games"))
        names = seated_names(request.players or ",".join(DEFAULT_PLAYERS), 2,
                             N_("Terz is played by two distinct players, not {n}: {players!r}"), request.lang)
        seats = [b.strip() for b in request.bots.split(",") if b.strip()]
        seats = seats * 2 if len(seats) == 1 else seats
        if len(seats) != 2 or any(b not in ("book", "random") for b in seats):
            raise OptionRefused("bots", "one bot for both seats or two, each book or random: {bots!r}",
                                bots=request.bots)
        target = request.whole("target", 501)
        if not 1 <= target <= MAX_WHOLE:
            raise OptionRefused("target", "{value} is outside the record's bounds (1 to {most})",
                                value=target, most=MAX_WHOLE)
        rules = TerzRules(target=target)
        games = request.whole("games", 1)
        refuse_many("games", games, max_parts())
        # A hand hands out 150 points or more, 75 to the one ahead at least; the bots stop a game
        # that goes on past MAX_HANDS_PER_GAME hands.
        per_game = min(MAX_HANDS_PER_GAME, -(-target // 75) + 1)
        refuse_long("target" if per_game == MAX_HANDS_PER_GAME else "games", target if per_game ==
                    MAX_HANDS_PER_GAME else games, games * per_game)
        done: list[SimSitting] = []
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


MODULES = GameModules(__package__)


def capabilities() -> Capabilities:
    return Capabilities(lean=TerzLean(), analysis=LazyAnalysis(MODULES.analysis), simulation=TerzSimulation(),
                        live=LiveSide(HOUSE_RULES, MODULES.live), export=ExportSide(MODULES.rows))
