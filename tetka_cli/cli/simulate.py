"""`tetka simulate`: bots play sittings and write their records."""
from __future__ import annotations

import os
import sys

import click

from ..common.messages import LANGS, default_lang, t
from .base import WriteFailed, err, out


@click.command()
@click.option("--hands", type=click.IntRange(min=1), help="Hands per sitting (the last robber may stay unfinished).")
@click.option("--robbers", type=click.IntRange(min=1), help="Whole robbers per sitting, each played to the target.")
@click.option("--sittings", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many sittings (records) to write; with several, --out is a folder.")
@click.option("--players", default="Анна,Борис,Вера,Глеб", show_default=True, help="Four names, clockwise.")
@click.option("--bots", default="book", show_default=True,
              help="One bot for all seats or four, comma-separated: book, random.")
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
@click.option("--stats", is_flag=True, help="Print the average marks per hand for each seat and bot.")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Language of the statistics.")
def simulate(hands: int | None, robbers: int | None, sittings: int, players: str, bots: str, seed: int,
             renonce_rate: float, table_marks_errors: float, robber_target: int, with_deal: bool,
             out_path: str | None, stats: bool, lang: str | None) -> None:
    """Write records of games played by bots, valid format 1, optionally with faults for the
    referee to find. Files are written whole or not at all."""
    from tabulate import tabulate

    from .. import __version__
    from ..common.atomic import NotAnOutput, output_kind, write_output
    from ..games.tetka.bots import bot_names
    from ..games.tetka.record_writer import write_sitting
    from ..games.tetka.rules import HouseRules
    from ..games.tetka.simulate import Simulator, average_marks

    lang = lang or default_lang()
    if hands is None and robbers is None:
        robbers = 1
    if hands is not None and robbers is not None:
        raise click.UsageError("give --hands or --robbers, not both")
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(names) != 4 or len(set(names)) != 4:
        raise click.BadParameter(f"Tetka is played by four distinct players, not {len(names)}: {players!r}",
                                 param_hint="--players")
    from ..common.names import bad_character

    for name in names:
        bad = bad_character(name)
        if bad is not None:  # the reader would refuse the record: never write one
            raise click.BadParameter(f"{name!r} is not a name a record may hold: {bad}", param_hint="--players")
    try:
        seats = bot_names(bots)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    folder = None
    if out_path is not None:
        if sittings > 1 or os.path.isdir(out_path):
            folder = out_path
            if not os.path.isdir(folder):
                raise click.BadParameter(f"{folder!r} is not a folder (several sittings need one)", param_hint="--out")
        else:
            try:
                if output_kind(out_path) == "stdout":
                    out_path = None
            except NotAnOutput as e:
                raise click.BadParameter(f"{out_path!r}: {e}", param_hint="--out") from None
        parent = folder or (os.path.dirname(os.path.abspath(out_path)) if out_path else None)
        if parent is not None and (not os.path.isdir(parent) or not os.access(parent, os.W_OK)):
            raise click.BadParameter(f"cannot write in {parent!r}", param_hint="--out")
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
        if out_path is None:
            try:
                sys.stdout.write(text)
            except OSError as e:
                raise WriteFailed(f"cannot write to standard output: {e.strerror or e}") from None
        else:
            target = os.path.join(folder, f"sitting-{i + 1:04d}.yaml") if folder else out_path
            try:
                write_output(target, text)
            except OSError as e:
                raise WriteFailed(f"{target}: cannot write: {e.strerror or e}") from None
            written.append(target)
    played = sum(n for n, _ in tallies)
    if written:
        err(f"tetka: wrote {len(written)} record(s), {played} hands")
    if stats:
        avg = {p: sum(n * a[p] for n, a in tallies) / played for p in names}
        rows = [[p, b, f"{avg[p]:.3f}"] for p, b in zip(names, seats)]
        rows.append(["", "parity" if lang == "en" else "паритет", f"{rules.marks_per_hand / 4:.3f}"])
        text = tabulate(rows, headers=[t("player", lang), "bot", "marks/hand"], tablefmt="simple",
                        disable_numparse=True)
        (out if out_path is not None else err)(f"{played} hands\n{text}")
