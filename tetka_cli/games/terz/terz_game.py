"""Terz as the layers above see it: the `Game` interface answered from Terz's own rules core,
reader, referee, views, settlement, bots and live side."""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ...common.i18n import N_
from ...common.output_table import Table
from ..contract import Game
from .messages import _, games_text, hands_text


class TerzGame(Game):
    name = "terz"
    seats = 2
    part = "games"
    reader_class = "tetka_cli.games.terz.reader:TerzReader"
    referee_function = "tetka_cli.games.terz.referee:referee"
    schema_object = "tetka_cli.games.terz.schema:SCHEMA"
    views_module = "tetka_cli.games.terz.views"
    part_key = "game"
    default_part_target = 501
    default_players = ("Анна", "Борис")

    def title(self, lang: str) -> str:
        return _(lang, "Terz")

    def part_title(self, lang: str) -> str:
        return _(lang, "Game")

    # -- reading and judging ----------------------------------------------------------------------
    def keys(self) -> Mapping[str, frozenset[str]]:
        from .reader import TERZ_KEYS

        return {what: frozenset(keys) for what, keys in TERZ_KEYS.items()}

    renderer = "tetka_cli.games.terz.messages"  # words the findings whose Terz sense differs from Tetka's

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
        from ...kit.simulation import OptionRefused, Simulated, seated_names
        from .record_writer import write_sitting
        from .rules import TerzRules
        from .simulate import Simulator, game_stats

        request.refuse_others(("games", "target"), N_("{option} is Tetka's; a Terz sitting is --games whole games"))
        names = seated_names(request.players or ",".join(self.default_players), self.seats,
                             N_("Terz is played by two distinct players, not {n}: {players!r}"), request.lang)
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
        from ...kit.simulation import max_parts, refuse_long, refuse_many
        from .simulate import MAX_HANDS_PER_GAME

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

    # -- live -------------------------------------------------------------------------------------
    def live_words(self, lang: str) -> Any:
        from .live_words import TerzLive

        return TerzLive(lang)

    def live_house_rules(self) -> Sequence[Any]:
        from .live_rules import HOUSE_RULES

        return HOUSE_RULES

    # -- export: a record's rows for a database (`export --sqlite`, `stats`) --------------------------
    score_name = "points"
    won_name = "games_won"

    def record_rows(self, report: Any, analysis: Any = None) -> Iterable[Any]:
        from .export_rows import record_rows

        return record_rows(report, analysis)

    # -- the replay page (`replay --format html`) --------------------------------------------------
    def replay_page(self, report: Any, lang: str, *, part: int | None, hand: int | None,
                    analyse: bool = False, from_trick: int | None = None) -> dict[str, Any]:
        """With `analyse`, each costly play after the stock carries its loss in points (no sign:
        Terz gives no thresholds, `loss_grades`)."""
        from .replay_page import replay_page

        grades = None
        if analyse:
            grades = {(g.game, g.hand): g.analysis.plays for g in self.analyse(report, from_trick=from_trick, player=None)}
        return {**replay_page(report, lang, game=part, hand=hand, grades=grades), "game": self.title(lang)}

    # -- analysis (terzanalysis): the play after the stock, searched exactly ------------------------
    analysable = True
    grades_player_view = True  # tricks 1-7 over drawn deals (terzsampled); from trick 8 the open view
    first_graded_trick = 8  # the first trick after the stock: both hands known (analysis.EXACT_FROM)
    tricks_per_hand = 16

    def analyse(self, report: Any, *, from_trick: int | None, player: str | None) -> Any:
        from .analysis import analyse_report

        return analyse_report(report, from_trick=from_trick or self.first_graded_trick, player=player)

    def play_losses(self, report: Any, *, from_trick: int | None) -> Mapping[Any, Any] | None:
        from .analysis_views import losses_by_hand

        return losses_by_hand(self.analyse(report, from_trick=from_trick, player=None))

    def analysis_views(self) -> Any:
        from . import analysis_views

        return analysis_views

    def analyse_player_view(self, report: Any, *, from_trick: int | None, player: str | None,
                            samples: int, seed: int) -> Any:
        """Tricks 1-7 over deals drawn from what the player could know; from trick 8 on both hands
        are known, and the grades are the open view's. The default first trick is 8, as for the
        open view: `--from-trick 1` grades the stock."""
        from .player_view import analyse_report_player_view

        return analyse_report_player_view(report, from_trick=from_trick or self.first_graded_trick,
                                          player=player, samples=samples, seed=seed)

    # -- hand by hand, cached, over --jobs or --cluster (issue 34; analysis_tasks.py) ---------------
    def analysis_tasks(self, report: Any, **options: Any) -> Sequence[Any]:
        from .analysis_tasks import hand_tasks

        return hand_tasks(report, **{**options, "from_trick": options.get("from_trick") or self.first_graded_trick})

    def player_view_tasks(self, report: Any, *, from_trick: int | None, player: str | None,
                          samples: int, seed: int) -> Sequence[Any]:
        from .analysis_tasks import player_view_tasks

        return player_view_tasks(report, from_trick=from_trick or self.first_graded_trick, player=player,
                                 samples=samples, seed=seed)

    def analysis_to_json(self, item: Any) -> Any:
        from .analysis_tasks import hand_json

        return hand_json(item)

    def analysis_from_json(self, doc: Any, task: Any) -> Any:
        from .analysis_tasks import hand_from_json

        return hand_from_json(doc, task)

    # -- lean reading: each hand judged as it is read (issue 23) ----------------------------------
    def open_reader(self, path: str, findings: list[Any]) -> Any:
        from .lean import open_reader

        return open_reader(path, findings)

    def check_lean(self, path: str, data: bytes, max_bytes: int, load: Any) -> Any:
        """Each hand judged as soon as it is read, then let go (`lean`)."""
        from .lean import check_lean

        return check_lean(path, data, max_bytes, load)

    def meaning_digest(self, report: Any) -> str:
        """A report read the lean way holds no hands: its record is read again whole."""
        if getattr(report, "lean", None) is not None:
            from .lean import whole

            report = whole(report)
        return super().meaning_digest(report)
