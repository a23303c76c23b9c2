"""`tetka simulate`: bots play sittings and write their records."""
from __future__ import annotations

import os

import click

from ..common.messages import LANGS
from ..games.registry import DEFAULT, all_games, game, names
from .base import WriteFailed, err, is_stdin, not_an_output, out, reason, render_table, stdin_refusal
from .bounded import CHANCE_RANGE, SEED_RANGE, SIMULATED_HANDS_RANGE, SIMULATED_PARTS_RANGE, SITTINGS_RANGE, TARGET_RANGE
from .language import tr, ui_lang


@click.command()
@click.option("--game", "game_name", type=click.Choice(names()), default=DEFAULT, show_default=True,
              help="Which game the bots play.")
@click.option("--games", type=SIMULATED_PARTS_RANGE, help="Terz: whole games per sitting, each to the target (default 1).")
@click.option("--target", type=TARGET_RANGE, default=None, show_default="501",
              help="Terz house rule: points that end a game.")
@click.option("--hands", type=SIMULATED_HANDS_RANGE, help="Hands per sitting (the last robber may stay unfinished).")
@click.option("--robbers", type=SIMULATED_PARTS_RANGE, help="Whole robbers per sitting, each played to the target.")
@click.option("--sittings", type=SITTINGS_RANGE, default=1, show_default=True,
              help="How many sittings (records) to write; with several, --out is a folder.")
@click.option("--players", default=None,
              help="Four names, clockwise (Tetka) [default: Анна,Борис,Вера,Глеб]; two for Terz [Анна,Борис].")
@click.option("--bots", default="book", show_default=True,
              help="One bot for all seats or one per seat, comma-separated: book, random.")
@click.option("--seed", type=SEED_RANGE, default=0, show_default=True, help="Same seed, same bytes.")
@click.option("--renonce-rate", type=CHANCE_RANGE, default=None, show_default="0.0",
              help="Chance that a player who can follow suit does not.")
@click.option("--table-marks-errors", type=CHANCE_RANGE, default=None, show_default="0.0",
              help="Chance that the table's recorded marks of a hand are wrong.")
@click.option("--robber-target", type=TARGET_RANGE, default=None, show_default="21",
              help="House rule: marks that end a robber.")
@click.option("--with-deal", is_flag=True, default=None, help="Write each hand's deal as well as its tricks.")
@click.option("--out", "out_path", type=click.Path(dir_okay=True, allow_dash=True), default=None,
              help="A file (a FIFO or device is written directly, `-` is stdout), or a folder for one file "
                   "per sitting; stdout by default.")
@click.option("--stats", is_flag=True, help="Print the average marks (Terz: points) per hand for each seat and bot, "
                                        "and (Terz) the games each won.")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Language of the statistics.")
def simulate(game_name: str, games: int | None, target: int | None, hands: int | None, robbers: int | None,
             sittings: int, players: str | None, bots: str, seed: int, renonce_rate: float | None,
             table_marks_errors: float | None, robber_target: int | None, with_deal: bool | None,
             out_path: str | None, stats: bool, lang: str | None) -> None:
    """Write records of games played by bots, valid format 1, optionally with faults for the
    referee to find. Files are written whole or not at all. `--game terz`: two bots play whole
    games of Terz to the target, with the deal and every draw."""
    from .. import __version__
    from ..kit.simulation import OptionRefused, SimulateRequest

    lang = lang or ui_lang()
    if sittings > 1 and out_path in (None, "-"):  # records one after another are not one record
        raise click.BadParameter(tr("several sittings are written one file each: give --out a folder"),
                                 param_hint="--sittings")
    folder, out_path = _folder(out_path, sittings)
    request = SimulateRequest(
        sittings=sittings, seed=seed, players=players, bots=bots, generator=f"tetka simulate {__version__}",
        lang=ui_lang(), options={"games": games, "target": target, "hands": hands, "robbers": robbers,
                                 "renonce_rate": renonce_rate, "table_marks_errors": table_marks_errors,
                                 "robber_target": robber_target, "with_deal": with_deal})
    simulation = game(game_name).simulation
    if simulation is None:
        raise click.UsageError(tr("{game} has no bots yet: simulate plays {games}").format(
            game=game(game_name).words.title.text(lang),
            games=", ".join(g.words.title.text(lang) for g in all_games() if g.simulation is not None)))
    try:
        run = simulation.simulate(request)
        written: list[str] = []
        for i, text in enumerate(run.records()):
            _emit(text, i, out_path, folder, written)
    except OptionRefused as e:
        text = e.render(ui_lang())
        if e.option is None:
            raise click.UsageError(text) from None
        raise click.BadParameter(text, param_hint="--" + e.option.replace("_", "-")) from None
    if written:
        err(run.written(ui_lang(), len(written)))
    if stats:
        heading, tb = run.stats(lang)
        text = render_table(tb)
        (out if out_path is not None else err)(f"{heading}\n{text}")


def _emit(text: str, i: int, out_path: str | None, folder: str | None, written: list[str]) -> None:
    """One sitting's record: to stdout, to `out_path`, or as the i-th file of `folder`, whole or not at all
    (atomically over a regular file; a FIFO or a device is written directly)."""
    from ..common.atomic import write_output, write_stdout
    from ..common.yaml_input import MAX_BYTES

    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:  # the readers would refuse it: never written
        raise click.UsageError(tr("sitting {number} would be a record of {size} bytes, more than a record may "
                                  "hold ({limit}): ask for fewer hands").format(number=i + 1, size=size, limit=MAX_BYTES))
    if out_path is None:
        try:
            write_stdout(text)
        except OSError as e:
            raise WriteFailed(tr("cannot write to standard output: {reason}").format(reason=reason(e))) from None
        return
    target = os.path.join(folder, f"sitting-{i + 1:04d}.yaml") if folder else out_path
    try:
        write_output(target, text)
    except OSError as e:
        raise WriteFailed(tr("{path}: cannot write: {reason}").format(path=target, reason=reason(e))) from None
    written.append(target)


def _holds_stdin(folder: str) -> bool:
    """Whether a file simulate would write in `folder` (`sitting-NNNN.yaml`) is standard input's."""
    import re

    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(re.fullmatch(r"sitting-\d{4,}\.yaml", n) and is_stdin(os.path.join(folder, n)) for n in names)


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
                to_stdout = output_kind(out_path) == "stdout"
            except NotAnOutput as e:
                raise click.BadParameter(not_an_output(out_path, e), param_hint="--out") from None
            if to_stdout:
                out_path = None
        if out_path is not None and folder is None and is_stdin(out_path):
            raise click.BadParameter(stdin_refusal(out_path), param_hint="--out")
        if folder is not None and _holds_stdin(folder):
            raise click.BadParameter(stdin_refusal(folder), param_hint="--out")
        parent = folder or (os.path.dirname(os.path.abspath(out_path)) if out_path else None)
        if parent is not None and (not os.path.isdir(parent) or not os.access(parent, os.W_OK)):
            raise click.BadParameter(tr("cannot write in {folder!r}").format(folder=parent), param_hint="--out")
    return folder, out_path
