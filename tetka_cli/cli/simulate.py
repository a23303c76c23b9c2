"""`tetka simulate`: bots play sittings and write their records."""
from __future__ import annotations

import os
import sys

import click

from ..common.i18n import gettext, ngettext
from ..common.locale_format import money_text as decimal_text
from ..common.messages import LANGS, t
from .base import WriteFailed, err, not_an_output, out, reason
from .language import ntr, tr, ui_lang


@click.command()
@click.option("--game", "game", type=click.Choice(["tetka", "terz"]), default="tetka", show_default=True,
              help="Which game the bots play.")
@click.option("--games", type=click.IntRange(min=1), help="Terz: whole games per sitting, each to the target (default 1).")
@click.option("--target", type=click.IntRange(min=1), default=501, show_default=True,
              help="Terz house rule: points that end a game.")
@click.option("--hands", type=click.IntRange(min=1), help="Hands per sitting (the last robber may stay unfinished).")
@click.option("--robbers", type=click.IntRange(min=1), help="Whole robbers per sitting, each played to the target.")
@click.option("--sittings", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many sittings (records) to write; with several, --out is a folder.")
@click.option("--players", default=None,
              help="Four names, clockwise (Tetka) [default: Анна,Борис,Вера,Глеб]; two for Terz [Анна,Борис].")
@click.option("--bots", default="book", show_default=True,
              help="One bot for all seats or one per seat, comma-separated: book, random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same bytes.")
@click.option("--renonce-rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Chance that a player who can follow suit does not.")
@click.option("--table-marks-errors", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Chance that the table's recorded marks of a hand are wrong.")
@click.option("--robber-target", type=click.IntRange(min=1), default=21, show_default=True,
              help="House rule: marks that end a robber.")
@click.option("--with-deal", is_flag=True, help="Write each hand's deal as well as its tricks.")
@click.option("--out", "out_path", type=click.Path(dir_okay=True, allow_dash=True), default=None,
              help="A file (a FIFO or device is written directly, `-` is stdout), or a folder for one file "
                   "per sitting; stdout by default.")
@click.option("--stats", is_flag=True, help="Print the average marks (Terz: points) per hand for each seat and bot, "
                                        "and (Terz) the games each won.")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Language of the statistics.")
def simulate(game: str, games: int | None, target: int, hands: int | None, robbers: int | None, sittings: int,
             players: str | None, bots: str, seed: int, renonce_rate: float, table_marks_errors: float,
             robber_target: int, with_deal: bool, out_path: str | None, stats: bool, lang: str | None) -> None:
    """Write records of games played by bots, valid format 1, optionally with faults for the
    referee to find. Files are written whole or not at all. `--game terz`: two bots play whole
    games of Terz to the target, with the deal and every draw."""
    from tabulate import tabulate

    from .. import __version__
    from ..games.tetka.bots import BotSpecError, bot_names
    from ..games.tetka.record_writer import write_sitting
    from ..games.tetka.rules import HouseRules
    from ..games.tetka.simulate import Simulator, average_marks

    lang = lang or ui_lang()
    folder, out_path = _folder(out_path, sittings)
    if game == "terz":
        if hands is not None or robbers is not None:
            raise click.UsageError(tr("--hands and --robbers are Tetka's; a Terz sitting is --games whole games"))
        _simulate_terz(games or 1, target, sittings, players or "Анна,Борис", bots, seed, out_path, folder, stats,
                       lang)
        return
    if games is not None:
        raise click.UsageError(tr("--games is Terz's; a Tetka sitting is --robbers or --hands"))
    players = players or "Анна,Борис,Вера,Глеб"
    if hands is None and robbers is None:
        robbers = 1
    if hands is not None and robbers is not None:
        raise click.UsageError(tr("give --hands or --robbers, not both"))
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(names) != 4 or len(set(names)) != 4:
        raise click.BadParameter(tr("Tetka is played by four distinct players, not {n}: {players!r}").format(
            n=len(names), players=players), param_hint="--players")
    _refuse_bad_names(names)
    try:
        seats = bot_names(bots)
    except BotSpecError as e:
        raise click.BadParameter(tr(e.msgid).format(**e.kw), param_hint="--bots") from None
    rules = HouseRules(robber_target=robber_target)
    tallies: list[tuple[int, dict[str, float]]] = []
    written: list[str] = []
    for i in range(sittings):
        sim = Simulator(players=names, bots=seats, seed=seed * 1_000_003 + i, renonce_rate=renonce_rate,
                        marks_error_rate=table_marks_errors, rules=rules)
        sitting = sim.sitting(robbers=robbers, hands=hands)
        tallies.append(average_marks([sitting]))
        text = write_sitting(sitting, meta={"generator": f"tetka simulate {__version__}", "seed": str(seed),
                                            "bots": ",".join(seats)}, with_deal=with_deal)
        _emit(text, i, out_path, folder, written)
    played = sum(n for n, _ in tallies)
    if written:
        err(ntr("tetka: wrote {n} record, {hands} hands", "tetka: wrote {n} records, {hands} hands",
                len(written)).format(n=len(written), hands=played))
    if stats:
        avg = {p: sum(n * a[p] for n, a in tallies) / played for p in names}
        rows = [[p, b, decimal_text(f"{avg[p]:.3f}", lang)] for p, b in zip(names, seats)]
        rows.append(["", gettext(lang, "parity"), decimal_text(f"{rules.marks_per_hand / 4:.3f}", lang)])
        text = tabulate(rows, headers=[t("player", lang), gettext(lang, "bot"), gettext(lang, "marks/hand")],
                        tablefmt="simple", disable_numparse=True)
        heading = ngettext(lang, "{n} hand", "{n} hands", played).format(n=played)
        (out if out_path is not None else err)(f"{heading}\n{text}")


def _refuse_bad_names(names: list[str]) -> None:
    """A name holding a control, format or bidirectional character, which the reader of either
    game would refuse in the record, is a usage error (exit 2): such a record is never written."""
    from ..common.messages import character_at
    from ..common.names import bad_character_at

    for name in names:
        bad = bad_character_at(name)
        if bad is not None:
            raise click.BadParameter(tr("{name!r} is not a name a record may hold: {reason}").format(
                name=name, reason=character_at(*bad, lang=ui_lang())),
                                     param_hint="--players")


def _emit(text: str, i: int, out_path: str | None, folder: str | None, written: list[str]) -> None:
    """One sitting's record: to stdout, to `out_path`, or as the i-th file of `folder`, whole or not at all
    (atomically over a regular file; a FIFO or a device is written directly)."""
    from ..common.atomic import write_output

    if out_path is None:
        try:
            sys.stdout.write(text)
        except OSError as e:
            raise WriteFailed(tr("cannot write to standard output: {reason}").format(reason=reason(e))) from None
        return
    target = os.path.join(folder, f"sitting-{i + 1:04d}.yaml") if folder else out_path
    try:
        write_output(target, text)
    except OSError as e:
        raise WriteFailed(tr("{path}: cannot write: {reason}").format(path=target, reason=reason(e))) from None
    written.append(target)


def _folder(out_path: str | None, sittings: int) -> tuple[str | None, str | None]:
    """The folder to write one file per sitting in (or None for one file), and the file (None for
    stdout, which `-` also names)."""
    from ..common.atomic import NotAnOutput, output_kind

    folder = None
    if out_path is not None:
        if sittings > 1 or os.path.isdir(out_path):
            folder = out_path
            if not os.path.isdir(folder):
                raise click.BadParameter(tr("{folder!r} is not a folder (several sittings need one)").format(folder=folder),
                                         param_hint="--out")
        else:
            try:
                if output_kind(out_path) == "stdout":
                    out_path = None
            except NotAnOutput as e:
                raise click.BadParameter(not_an_output(out_path, e), param_hint="--out") from None
        parent = folder or (os.path.dirname(os.path.abspath(out_path)) if out_path else None)
        if parent is not None and (not os.path.isdir(parent) or not os.access(parent, os.W_OK)):
            raise click.BadParameter(tr("cannot write in {folder!r}").format(folder=parent), param_hint="--out")
    return folder, out_path


def _simulate_terz(games: int, target: int, sittings: int, players: str, bots: str, seed: int,
                   out_path: str | None, folder: str | None, stats: bool, lang: str) -> None:
    """Terz sittings by the rules core's simulator and record writer; --stats: points per hand and
    games won, per player and bot."""
    from tabulate import tabulate

    from .. import __version__
    from ..games.terz.messages import _
    from ..games.terz.record_writer import write_sitting
    from ..games.terz.rules import TerzRules
    from ..games.terz.simulate import Simulator, game_stats

    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(names) != 2 or len(set(names)) != 2:
        raise click.BadParameter(tr("Terz is played by two distinct players, not {n}: {players!r}").format(
                                     n=len(names), players=players),
                                 param_hint="--players")
    _refuse_bad_names(names)
    seats = [b.strip() for b in bots.split(",") if b.strip()]
    seats = seats * 2 if len(seats) == 1 else seats
    if len(seats) != 2 or any(b not in ("book", "random") for b in seats):
        raise click.BadParameter(tr("one bot for both seats or two, each book or random: {bots!r}").format(bots=bots),
                                 param_hint="--bots")
    rules = TerzRules(target=target)
    done = []
    written: list[str] = []
    for i in range(sittings):
        sim = Simulator(players=names, bots=seats, seed=seed * 1_000_003 + i, rules=rules)
        sitting = sim.sitting(games)
        done.append(sitting)
        text = write_sitting(sitting, meta={"generator": f"tetka simulate {__version__}", "seed": str(seed),
                                            "bots": ",".join(seats)})
        _emit(text, i, out_path, folder, written)
    n_games, n_hands, won, avg = game_stats(done)
    if written:
        err(ntr("tetka: wrote {n} record, {games} games, {hands} hands",
                "tetka: wrote {n} records, {games} games, {hands} hands", len(written)).format(
                    n=len(written), games=n_games, hands=n_hands))
    if stats:
        rows = [[p, b, f"{avg.get(p, 0):.1f}", won.get(p, 0)] for p, b in zip(names, seats)]
        text = tabulate(rows, headers=[_(lang, "Player"), _(lang, "Bot"), _(lang, "Points per hand"), _(lang, "Games won")],
                        tablefmt="simple", disable_numparse=True)
        (out if out_path is not None else err)(_(lang, "{games} games, {hands} hands").format(games=n_games, hands=n_hands)
                                               + "\n" + text)
