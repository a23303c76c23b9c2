"""Terz as the layers above see it: the `Game` interface answered from Terz's own rules core,
reader, referee, views, settlement, bots and live side."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ...common.findings import Finding
from ...common.output_table import Table
from ..game_interface import Game
from .messages import _


class TerzGame(Game):
    name = "terz"
    seats = 2
    part = "games"
    views_module = "tetka_cli.games.terz.views"
    part_key = "game"
    default_part_target = 501
    default_players = ("Анна", "Борис")

    def title(self, lang: str) -> str:
        return _(lang, "Terz")

    def sheet_title(self, lang: str) -> str:
        return _(lang, "Terz score sheet")

    # -- reading and judging ----------------------------------------------------------------------
    def read(self, path: str, root: Any, top: Any, findings: Sequence[Finding] = ()) -> Any:
        from .reader import TerzReader

        reader = TerzReader(path)
        reader.findings.extend(findings)
        return reader.read(root, top)

    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import TERZ_KEYS

        return {what: frozenset(keys) for what, keys in TERZ_KEYS.items()}

    renderer = "tetka_cli.games.terz.messages"  # words the findings whose Terz sense differs from Tetka's

    def referee(self, record: Any) -> Any:
        from .referee import referee

        return referee(record)

    def schema(self) -> dict[str, Any]:
        from .schema import SCHEMA

        return SCHEMA

    # -- views ------------------------------------------------------------------------------------
    # -- money ------------------------------------------------------------------------------------
    def money(self, report: Any, stake: Decimal | None = None, *, provisional: bool = False) -> Any:
        from .settlement import settle_sitting

        rec = report.record
        return settle_sitting(report.path, rec.players,
                              [(g.number, g.finished, g.totals, g.winner) for g in report.games],
                              rec.stake if stake is None else stake, rec.currency, provisional=provisional)

    # -- bots -------------------------------------------------------------------------------------
    def simulate(self, request: Any) -> Any:
        from ...common.yaml_input import MAX_WHOLE
        from ..simulating import OptionRefused, Simulated, seated_names
        from .record_writer import write_sitting
        from .rules import TerzRules
        from .simulate import Simulator, game_stats

        request.refuse_others(("games", "target"), "{option} is Tetka's; a Terz sitting is --games whole games")
        names = seated_names(request.players or ",".join(self.default_players), self.seats,
                             "Terz is played by two distinct players, not {n}: {players!r}", request.lang)
        seats = [b.strip() for b in request.bots.split(",") if b.strip()]
        seats = seats * 2 if len(seats) == 1 else seats
        if len(seats) != 2 or any(b not in ("book", "random") for b in seats):
            raise OptionRefused("bots", "one bot for both seats or two, each book or random: {bots!r}",
                                bots=request.bots)
        target = request.get("target", self.default_part_target)
        if not 1 <= target <= MAX_WHOLE:
            raise OptionRefused("target", "{value} is outside the record's bounds (1 to {most})",
                                value=target, most=MAX_WHOLE)
        rules = TerzRules(target=target)
        games = request.get("games", 1)
        from ..simulating import refuse_long, refuse_many
        from .reader import MAX_GAMES
        from .simulate import MAX_HANDS_PER_GAME

        refuse_many("games", games, MAX_GAMES)
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
            return ngettext(lang, "tetka: wrote {n} record, {games} games, {hands} hands",
                            "tetka: wrote {n} records, {games} games, {hands} hands", n).format(
                n=n, games=n_games, hands=n_hands)

        def stats(lang: str) -> tuple[str, Table]:
            from ...common.locale_format import money_text as decimal_text

            n_games, n_hands, won, avg = game_stats(done)
            rows = [[p, b, decimal_text(f"{avg.get(p, 0):.1f}", lang), won.get(p, 0)] for p, b in zip(names, seats)]
            heading = _(lang, "{games} games, {hands} hands").format(games=n_games, hands=n_hands)
            return heading, Table("", [_(lang, "Player"), _(lang, "Bot"), _(lang, "Points per hand"),
                                       _(lang, "Games won")], rows)

        return Simulated(records, written, stats)

    # -- live -------------------------------------------------------------------------------------
    def live_words(self, lang: str) -> Any:
        from .live_words import TerzLive

        return TerzLive(lang)

    def live_rule_options(self, given: Sequence[str]) -> dict[str, Any]:
        from .rules import CHOICES

        out: dict[str, Any] = {}
        for text in given:
            key, sep, value = text.partition("=")
            key = key.strip().replace("-", "_")
            choices = CHOICES.get(key)
            if not sep or choices is None:
                raise ValueError("{text!r}: KEY=VALUE, KEY one of {keys}", {"text": text, "keys": ", ".join(CHOICES)})
            by_text = {str(c).lower(): c for c in choices}
            if value.strip().lower() not in by_text:
                raise ValueError("{key}: one of {values}", {"key": key, "values": ", ".join(map(str, by_text))})
            out[key] = by_text[value.strip().lower()]
        return out
