"""`tetka live`: record a sitting at the table as it is played, checked as it goes, nothing lost.

The session driver: the files (the event log beside the record, the record itself), the loop of
lines from a terminal (prompt_toolkit: completion, history) or a pipe (plain lines, the same
words), undo and redo, and the settlement at the end. What an entry means belongs to the game
(its live side, `games.live_words.LiveWords`, from the registry); the driver knows no game by name.

Order of writes for every accepted entry: the log line (fsynced), then its acknowledgement on
the screen (`ok N` with --ack, else the answer to the line), then the record (atomically, only when
its text changed). An acknowledgement that cannot be written takes the entry back out of the log:
what the scorer saw acknowledged and the log stay equal. A crash between any two writes is
repaired on resume: the record is re-derived from the log.
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Generic, Iterator, Mapping, NoReturn, Protocol, Sequence, TypeVar

import click

from ..common.i18n import N_, gettext, ngettext
from ..common.json_types import JsonValue
from ..common.os_errors import os_reason
from ..common.messages import LANGS, default_lang, finding_line, stake_reason
from ..games import registry
from ..games.contract import Game, Live
from ..kit.live_log import (
    Entry,
    LogError,
    LogWriter,
    NotKept,
    Refused,
    create_log,
    disk_full,
    log_path,
    read_log,
    timeline,
)
from ..kit.live_words import H, S, AnyLiveSide, HouseRule, LiveSide, NotAnEntry, RuleError, RuleValue
from ..results.money import SittingMoney
from .base import EXIT_INTERRUPTED, EXIT_OK, EXIT_RULES, EXIT_UNREADABLE, WriteFailed, reason
from .bounded import STAKE, rule_range
from .language import tr, ui_lang

PLAY_FAULTS = ("renonce",)  # errors a faithful record of the play carries
MAX_INPUT_LINE = 1000  # characters: a line is a command or a few cards
UNDO_WORDS = ("undo", "отмена")
REDO_WORDS = ("redo", "вернуть")
END_WORDS = ("end", "конец")
HELP_WORDS = ("help", "помощь", "?")
STATUS_WORDS = ("status", "где")
LAST_WORDS = ("last", "последние")
QUIT_WORDS = ("quit", "exit", "выход")
DRIVER_WORDS = UNDO_WORDS + REDO_WORDS + END_WORDS + HELP_WORDS + STATUS_WORDS + LAST_WORDS + QUIT_WORDS


def clean(text: str) -> str:
    """Nothing typed or read is shown raw: control and other unprintable characters are escaped."""
    return "".join(ch if ch == "\n" or ch.isprintable() else repr(ch)[1:-1] for ch in text)


def value_error(e: Exception, lang: str) -> str:
    """A game's refusal of a sitting's header, in `lang` (a stake's reason worded as `settle` words it)."""
    from ..common.money import StakeError

    if isinstance(e, StakeError):
        return stake_reason(e, lang)
    return gettext(lang, str(e))


def log_error(e: LogError) -> str:
    """Why a live log cannot be read back, in the run's language."""
    return e.render(ui_lang())


def game_for(name: str, lang: str) -> AnyLiveSide:
    """The live side of a game."""
    if registry.known(name):
        return _live(registry.game(name)).words(lang)
    raise LiveError(tr("tetka live does not know the game {name!r} yet").format(name=name))


def _live(game: Game) -> Live:
    """A game's live side; a game without one is refused in one line (exit 2)."""
    if game.live is None:
        raise LiveError(tr("{game} is not recorded live yet").format(game=game.words.title.text(ui_lang())))
    return game.live


def _house_rules(game: Game) -> Sequence[HouseRule]:
    return _live(game).house_rules() if game.live is not None else ()



# An entry a write to the disk (the log) or to the screen (its acknowledgement) could not keep:
# taken back out of the log, or, when even that failed, perhaps still in it.
NOT_KEPT = (
    N_("{path}: cannot write: {reason}; the entry '{line}' was NOT kept: free some space, then resume with "
       "tetka live {file} and type it again"),
    N_("{path}: cannot write: {reason}; the entry '{line}' may or may not be in the log: free some space, then "
       "resume with tetka live {file} and look (status)"))
NOT_ACKNOWLEDGED = (
    N_("cannot write to standard output: {reason}; the entry '{line}' was NOT kept: resume with tetka live "
       "{file} and type it again"),
    N_("cannot write to standard output: {reason}; the entry '{line}' may or may not be in the log: resume with "
       "tetka live {file} and look (status)"))


class LiveError(click.ClickException):
    """A sitting that cannot be started or resumed: unreadable input, exit 2."""

    exit_code = EXIT_UNREADABLE


class Refusal(Exception):
    """A line that records nothing, with the reason already worded."""


class NotAcknowledged(Exception):
    """An entry logged whose acknowledgement could not be written (`error`, the OSError).
    `rolled_back`: the entry was taken back out of the log; False when even that failed."""

    def __init__(self, error: OSError, rolled_back: bool) -> None:
        super().__init__(error)
        self.error, self.rolled_back = error, rolled_back


Answer = Callable[[S, S], Sequence[str]]  # the lines that answer an entry, given the state before and after


class Session(Generic[S, H]):
    """One sitting being entered: its log, its record, its state."""

    def __init__(self, game: LiveSide[S, H], path: str, header: H, events: list[Entry], writer: LogWriter,
                 lang: str, ack: bool) -> None:
        self.game, self.path, self.header, self.events, self.writer = game, path, header, events, writer
        self.lang, self.ack = lang, ack
        self.echo = False
        self.refused = 0
        self.meta = {"generator": "tetka live", "live_log": os.path.basename(log_path(path))}
        self.state = game.build(header, timeline(events).entries)
        self.last_text: str | None = None
        self.behind: OSError | None = None  # why the record lags the log (the disk refused it)

    def _(self, msg: str) -> str:
        return gettext(self.lang, msg)

    # -- output -------------------------------------------------------------------------------------
    def say(self, lines: Sequence[str] | str, *, err: bool = False) -> None:
        """Lines on the screen; on stdout whole or exit 4 (WriteFailed), on stderr as it can."""
        if err:
            _say_err(lines)
            return
        try:
            _write_lines(lines)
        except OSError as e:
            raise WriteFailed(self._("cannot write to standard output: {reason}").format(
                reason=os_reason(e, self.lang))) from None

    # -- the record ---------------------------------------------------------------------------------
    def sync_record(self) -> None:
        """Rewrite the record from the log, whole or not at all, when its text changed; it must
        validate, and it must be ours."""
        from ..common.atomic import write_atomic
        from ..jobs.record_check import check_record

        text = self.game.record_text(self.state, self.meta)
        if text == self.last_text:
            return
        if os.path.exists(self.path):
            current = _read_text(self.path)
            if current == text:
                self.last_text = text
                return
            if not is_ours(current, self.meta["live_log"]):
                raise LiveError(self._("{path} was not written by this sitting: not replaced")
                                .format(path=clean(self.path)))
        # A renonce is a fault of play the record must show (tetka-rules.md); anything else would
        # be a bug of ours: the log keeps every entry, the record is left as it was.
        rep = check_record(self.path, text=text)
        errors = [f for f in rep.findings if f.is_error and f.code not in PLAY_FAULTS]
        if errors:
            raise RuntimeError("the record would not validate: " + finding_line(errors[0]))
        write_atomic(self.path, text)
        self.last_text = text

    # -- one line -----------------------------------------------------------------------------------
    def commit(self, event: Entry, answer: Answer[S]) -> S:
        """Log an entry (on disk before anything else), acknowledge it, then the record follows;
        the state before it is returned. The acknowledgement is `ok N` with --ack (then the answer),
        else the answer itself: written only once the entry is durable, and when it cannot be
        written the entry is taken back out of the log (NotAcknowledged), so that the log holds
        exactly what the scorer saw acknowledged."""
        before = self.state
        after = self.game.build(self.header, timeline([*self.events, event]).entries)
        self.writer.append(event)  # NotKept: the log is as it was, and nothing else changes
        self.events.append(event)
        self.state = after
        lines = answer(before, after)
        try:
            _write_lines([f"ok {len(self.events)}"] if self.ack else lines)
        except OSError as e:
            self.events.pop()
            self.state = before
            raise NotAcknowledged(e, self.writer.take_back()) from None
        try:
            self.sync_record()
        except OSError as e:  # the entry is in the log, so it counts: the record follows on resume
            self.behind = e
        if self.ack:
            self.say(lines)  # exit 4 if it cannot be: the entry was acknowledged, it stays
        return before

    # -- a disk that refuses a write ---------------------------------------------------------------
    def not_kept(self, e: NotKept, line: str) -> WriteFailed:
        """The entry typed is not in the log (or, if even cutting it back failed, may be)."""
        return self._lost(e.rolled_back, NOT_KEPT, line, e.error, path=clean(self.writer.path))

    def record_behind(self) -> WriteFailed:
        """Every entry is in the log, but the record could not be rewritten from it."""
        assert self.behind is not None
        return record_behind(self.path, self.behind, self.lang)

    def not_acknowledged(self, e: NotAcknowledged, line: str) -> WriteFailed:
        """The entry typed was logged but could not be acknowledged: taken back out of the log (or,
        if even that failed, it may still be in it)."""
        return self._lost(e.rolled_back, NOT_ACKNOWLEDGED, line, e.error)

    def _lost(self, rolled_back: bool, texts: tuple[str, str], line: str, error: OSError, **where: str) -> WriteFailed:
        """The line for an entry a failed write took back out of the log (`texts[0]`), or left
        there or not (`texts[1]`)."""
        text = self._(texts[0] if rolled_back else texts[1])
        return WriteFailed(text.format(reason=os_reason(error, self.lang), line=clean(line.strip()),
                                       file=clean(self.path), **where))

    def handle(self, line: str) -> bool:
        """One line; False when the session is over. A write the disk refuses ends the run
        (WriteFailed): the log and what the screen acknowledged still agree."""
        try:
            going = self._handle(line)
        except NotKept as e:
            raise self.not_kept(e, line) from None
        except NotAcknowledged as e:
            raise self.not_acknowledged(e, line) from None
        if self.behind is not None:
            raise self.record_behind()
        return going

    def _handle(self, line: str) -> bool:
        words = line.split()
        if not words:
            return True
        head = words[0].lower()
        try:
            if head in QUIT_WORDS:
                return False
            if head in END_WORDS:
                self._end(words)
                return False
            self._line(head, words)
        except Refusal as r:
            self.refused += 1
            self.say("! " + str(r), err=True)
        return True

    def _line(self, head: str, words: Sequence[str]) -> None:
        """A line that does not end the session: a question, undo or redo, or an entry of the game."""
        if head in HELP_WORDS:
            self.say(self.game.help_lines())
        elif head in STATUS_WORDS:
            self.say(self.game.status_lines(self.state))
        elif head in LAST_WORDS:
            try:
                self.say(self.game.last_lines(self.state, words[1:]))
            except NotAnEntry as e:
                raise Refusal(str(e)) from None
        elif head in UNDO_WORDS + REDO_WORDS:
            self._undo_redo(words, redo=head in REDO_WORDS)
        else:
            self._game_line(words)

    def _end(self, words: Sequence[str]) -> None:
        if len(words) != 1:
            raise Refusal(self._("end takes no more words"))
        self._entry({"t": "end"}, lambda _before, after: self.game.status_lines(after))
        if self.behind is not None:  # settle reads the record: not one that lags the log
            raise self.record_behind()
        self.settle()

    def _game_line(self, words: Sequence[str]) -> None:
        try:
            parsed = self.game.parse(words, self.state)
        except NotAnEntry as e:
            raise Refusal(str(e)) from None
        self._entry(parsed, lambda before, after: self.game.report(before, after, parsed))

    def _entry(self, entry: Entry, answer: Answer[S]) -> S:
        try:
            return self.commit(entry, answer)
        except Refused as r:
            raise Refusal(self.game.refusal(r)) from None

    def _undo_redo(self, words: Sequence[str], *, redo: bool) -> None:
        if len(words) != 1:
            raise Refusal(self._("undo and redo take no more words"))
        tl = timeline(self.events)
        if redo and not tl.redoable:
            raise Refusal(self._("nothing to redo"))
        if not redo and not tl.entries:
            raise Refusal(self._("nothing to undo"))
        entry = tl.redoable[-1] if redo else tl.entries[-1]
        self.commit({"t": "redo" if redo else "undo"},
                    lambda _before, after: [self.game.undo_line(entry, redo)] + self.game.status_lines(after))

    # -- the money ----------------------------------------------------------------------------------
    def settle(self) -> None:
        """The same tables as `tetka settle FILE`; then, when the part under way has hands but is
        not finished (it counts 0 above), the provisional settlement `tetka settle --provisional`
        gives, marked as such."""
        from ..jobs.settle import SettleJob

        # `tetka settle` leaves out a record with errors unless --force; here the only errors
        # are renonces, already penalised in the marks, which never keep a sitting out of the money.
        s = SettleJob(force=True)(self.path)
        for f in s.findings:
            if f.code not in (*self.game.quiet_at_end, *PLAY_FAULTS):
                self.say(finding_line(f, self.lang), err=True)
        if s.money is None:
            self.say(self._("Nothing to settle."))
            return
        self.say(self.money_text(s.money))
        self.provisional(ended=True)

    def provisional(self, *, ended: bool) -> None:
        """The provisional settlement of a sitting whose part under way is unfinished: as
        `tetka settle --provisional` gives it, headed as provisional. Nothing when every part with
        hands is finished."""
        from ..jobs.settle import SettleJob

        unfinished = self.game.unfinished_part(self.state)
        if unfinished is None or self.behind is not None:
            return
        s = SettleJob(force=True, provisional=True)(self.path)
        if s.money is None:
            return
        head = [unfinished] + ([self._("The settlement above leaves out what is not finished.")] if ended else [])
        head.append(self._("Provisional settlement, not final\n(as tetka settle --provisional gives it):"))
        self.say("\n" + "\n".join(head) + "\n" + self.money_text(s.money))

    def money_text(self, money: SittingMoney) -> str:
        """A sitting's money as `tetka settle` shows it: the game's tables, then who pays whom."""
        from ..common.money import money_places
        from ..common.transfers import settle_up
        from ..render.money import sitting_tables, transfers_table
        from .base import render_table

        words = registry.game(self.game.game).words
        places = money_places(money.stake)
        blocks = []
        for tb in [*sitting_tables(money, words, self.lang),
                   transfers_table(settle_up(money.net), places, self.lang, money.currency, money.path)]:
            text = tb.title + "\n" if tb.title else ""
            text += render_table(tb)
            blocks.append(text + "".join(f"\n  {n}" for n in tb.notes))
        return "\n\n".join(blocks)

    # -- the loops ----------------------------------------------------------------------------------
    def run_plain(self) -> None:
        for line in _plain_lines():
            if line is None:
                self.refused += 1
                self.say("! " + self._("line too long: not read"), err=True)
                continue
            if self.echo:
                self.say(self.game.prompt(self.state) + line.rstrip("\n"))
            if not self.handle(line):
                return

    def run_terminal(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory

        words: Callable[[], list[str]] = lambda: self.game.words(self.state) + list(DRIVER_WORDS)  # noqa: E731
        session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), completer=WordCompleter(words, ignore_case=True, WORD=True),
            complete_while_typing=False)
        while True:
            try:
                line = session.prompt(clean(self.game.prompt(self.state)))
            except KeyboardInterrupt:  # Ctrl-C drops the line being typed, as in a shell
                continue
            except EOFError:
                return
            if len(line) > MAX_INPUT_LINE:
                self.say("! " + self._("line too long: not read"), err=True)
                continue
            if not self.handle(line):
                return


def _write_lines(lines: Sequence[str] | str) -> None:
    """Lines on stdout, whole (`atomic.write_stdout`), or OSError."""
    from ..common import atomic

    text = lines if isinstance(lines, str) else "\n".join(lines)
    atomic.write_stdout(clean(text) + "\n")


def _say_err(lines: Sequence[str] | str) -> None:
    """Lines on stderr; a stderr that cannot take them leaves nowhere to say so."""
    text = lines if isinstance(lines, str) else "\n".join(lines)
    try:
        sys.stderr.write(clean(text) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def record_behind(path: str, e: OSError, lang: str) -> WriteFailed:
    """The record could not be rewritten from the log, which holds every entry acknowledged."""
    return WriteFailed(gettext(lang, "{path}: cannot write: {reason}; every entry so far is kept in the log {log}: "
                                     "free some space, then resume with tetka live {file} to write the record").format(
        path=clean(path), reason=os_reason(e, lang), log=clean(log_path(path)), file=clean(path)))


def _plain_lines() -> Iterator[str | None]:
    """Lines from a pipe, decoded leniently; None for a line too long to be an entry."""
    buf = sys.stdin.buffer
    limit = MAX_INPUT_LINE * 4
    while True:
        raw = buf.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit:
            while raw and not raw.endswith(b"\n"):
                raw = buf.readline(limit + 1)
            yield None
            continue
        yield raw.decode("utf-8", "replace")


def _read_text(path: str) -> str:
    try:
        with open(path, "rb") as f:
            return f.read(1 << 24).decode("utf-8", "replace")
    except OSError:
        return ""


def is_ours(text: str, log_name: str) -> bool:
    """A record this command wrote names its log in `meta`."""
    return f"  live_log: {json.dumps(log_name, ensure_ascii=False)}\n" in text.split("\nplayers:", 1)[0] + "\n"


def _names(text: str, seats: int = 4) -> list[str]:
    names = [p.strip() for p in text.split(",")]
    if len(names) != seats or len(set(names)) != seats or not all(names):
        raise click.BadParameter(tr("four distinct names, comma-separated, clockwise") if seats == 4 else
                                 tr("two distinct names, comma-separated"), param_hint="--players")
    for n in names:
        if not n.isprintable() or len(n) > 40 or n.isdigit():
            raise click.BadParameter(tr("{name!r}: a name is printable text, up to 40 characters, not a number").format(
                name=clean(n)),
                                     param_hint="--players")
    return names


def _rule_error(e: RuleError, game: Game) -> click.ClickException:
    """A house rule given wrongly, worded: a rule of another game is named as such."""
    keys = [r.key for r in _house_rules(game)]
    if e.code == "key" and e.kw["key"] in _all_rule_keys():
        return click.UsageError(tr("those house rules are not rules of {game}").format(game=game.words.title.text(ui_lang())))
    if e.code == "value":
        return click.BadParameter(tr("{key}: one of {values}").format(**e.kw), param_hint="--rule")
    return click.BadParameter(tr("{text!r}: KEY=VALUE, KEY one of {keys}").format(
        text=clean(e.kw["text"]), keys=", ".join(keys)), param_hint="--rule")


def _all_rule_keys() -> set[str]:
    return {r.key for g in registry.all_games() for r in _house_rules(g)}


def _rules_for(game: Game, named: Mapping[str, RuleValue], given: Sequence[str]) -> dict[str, RuleValue]:
    """The house rules asked for (`--KEY` options and `--rule KEY=VALUE`), read by the game."""
    own = {r.key for r in _house_rules(game)}
    if any(k not in own for k in named):
        raise click.UsageError(tr("those house rules are not rules of {game}").format(game=game.words.title.text(ui_lang())))
    try:
        return {**_live(game).rule_options(given), **named}
    except RuleError as e:
        raise _rule_error(e, game) from None


F = TypeVar("F", bound=Callable[..., object])


def _house_rule_options(f: F) -> F:
    """An option of `live` for every house rule a game gives one (`--robber-target`, `--target`, ...)."""
    seen: set[str] = set()
    options = []
    for g in registry.all_games():
        for r in _house_rules(g):
            if r.help and r.key not in seen:
                seen.add(r.key)
                options.append(r)
    for r in reversed(options):
        if r.values and all(isinstance(v, bool) for v in r.values):
            f = click.option(r.option, r.key, is_flag=True, default=None, help=r.help)(f)
        elif r.values and all(isinstance(v, int) for v in r.values):
            f = click.option(r.option, r.key, type=click.IntRange(min(int(v) for v in r.values),
                                                                  max(int(v) for v in r.values)), help=r.help)(f)
        elif r.values:
            f = click.option(r.option, r.key, type=click.Choice([str(v) for v in r.values]), help=r.help)(f)
        else:
            f = click.option(r.option, r.key, type=rule_range(r.least), help=r.help)(f)
    return f


# -- the command: read what was asked, open the sitting, then the conversation ------------------------
@dataclass(frozen=True)
class Asked:
    """What the command line asked of a sitting: its game, how a new one starts, its house rules."""

    game: str | None
    players: str | None
    stake: str | None
    currency: str | None
    first_dealer: str | None
    named: Mapping[str, RuleValue]  # `--KEY` options of house rules
    more_rules: tuple[str, ...]  # `--rule KEY=VALUE`

    @property
    def anything(self) -> bool:
        """Whether any option of a new sitting was given."""
        return any(v is not None for v in (self.players, self.stake, self.currency, self.first_dealer)) \
            or bool(self.named) or bool(self.more_rules)


@dataclass(frozen=True)
class Run:
    """How the sitting in `file` (its log `log`) is entered: the options of the conversation."""

    file: str
    log: str
    ack: bool
    echo: bool
    plain: bool


@dataclass
class Opened(Generic[S, H]):
    """A sitting ready to be entered: its game's live side, its header, the entries logged so far."""

    side: LiveSide[S, H]
    header: H
    events: list[Entry]
    torn: int  # bytes of a last line a crash left half-written
    lang: str  # the sitting's language


def _resume(run: Run, asked: Asked, lang: str | None) -> NoReturn:
    """The sitting its log holds, in its own language unless one was asked for; the options of a
    new sitting must say what the log says, if given at all."""
    log, file = run.log, run.file
    try:
        loaded = read_log(log)
    except LogError as e:
        raise LiveError(clean(log_error(e))) from None
    kept = loaded.header.get("lang")
    lang = lang or (kept if isinstance(kept, str) and kept in LANGS else default_lang())
    side = game_for(str(loaded.header.get("game")), lang)
    if asked.game is not None and asked.game != side.game:
        raise click.UsageError(tr("{log} holds a sitting of {game}: resume it with `tetka live {file}` alone").format(
            log=log, game=registry.game(side.game).words.title.text(ui_lang()), file=file))
    try:
        header = side.header_from_json(loaded.header)
    except ValueError as e:
        raise LiveError(f"{clean(log)}: {clean(value_error(e, lang))}") from None
    if asked.anything and _asked_header(side, header, asked) != header:
        raise click.UsageError(tr("{log} holds a sitting started otherwise: resume it with "
                                  "`tetka live {file}` alone").format(log=log, file=file))
    _sit(Opened(side, header, list(loaded.events), loaded.torn, lang), run)


def _asked_header(side: LiveSide[S, H], header: H, asked: Asked) -> H | None:
    """The header the options given would start, the log's header filling in the rest."""
    rules: dict[str, JsonValue] = {**header.rules_json(), **_rules_for(registry.game(side.game), asked.named,
                                                                        asked.more_rules)}
    try:
        return side.header(_names(asked.players, side.seats) if asked.players else header.players,
                           asked.stake if asked.stake is not None else header.stake,
                           asked.currency if asked.currency is not None else header.currency,
                           asked.first_dealer or header.first_dealer, rules)
    except (ValueError, TypeError):
        return None


def _start(run: Run, asked: Asked, lang: str) -> NoReturn:
    """A new sitting: its options checked, its log created with the header."""
    log, file = run.log, run.file
    if os.path.exists(file):
        raise click.UsageError(tr("{file} exists and was not started by tetka live: it is not replaced "
                                  "(choose a new file name)").format(file=file))
    if asked.players is None:
        raise click.UsageError(tr("a new sitting needs --players A,B,C,D (or give the FILE of one to resume)"))
    name = asked.game or registry.DEFAULT
    rules = _rules_for(registry.game(name), asked.named, asked.more_rules)
    side = game_for(name, lang)
    header = side.header(*_new_header(asked, _names(asked.players, side.seats), lang), rules)
    parent = os.path.dirname(os.path.abspath(file))
    if not os.path.isdir(parent):
        raise click.BadParameter(tr("no folder {folder!r} to write in").format(folder=parent), param_hint="FILE")
    try:
        create_log(log, {**header.to_json(), "lang": lang})
    except OSError as e:
        text = tr("{path}: cannot create: {reason}").format(path=log, reason=reason(e))
        raise (WriteFailed(text) if disk_full(e) else LiveError(text)) from None
    _sit(Opened(side, header, [], 0, lang), run)


def _new_header(asked: Asked, names: list[str], lang: str) -> tuple[list[str], str, str, str]:
    """The players, the stake (exact), the currency and the first dealer of a new sitting, checked."""
    from ..common.money import StakeError, parse_stake

    try:
        stake_text = f"{parse_stake(asked.stake if asked.stake is not None else '1'):f}"
    except StakeError as e:
        raise click.BadParameter(stake_reason(e, lang), param_hint="--stake") from None
    if asked.currency is not None and (not asked.currency.isprintable() or len(asked.currency) > 20):
        raise click.BadParameter(tr("printable text, up to 20 characters"), param_hint="--currency")
    if asked.first_dealer is not None and asked.first_dealer not in names:
        raise click.BadParameter(tr("{name!r} is not one of the players").format(name=clean(asked.first_dealer)),
                                 param_hint="--first-dealer")
    return names, stake_text, asked.currency or "", asked.first_dealer or ""


def _sit(opened: Opened[S, H], run: Run) -> NoReturn:
    """The sitting opened, greeted, entered line by line, left or ended."""
    session = _session(opened, run.file, run.log, run.ack)
    session.echo = run.echo
    _greet(session, run.file, run.log)
    _converse(session, run.file, run.plain)


def _session(opened: Opened[S, H], file: str, log: str, ack: bool) -> Session[S, H]:
    """The log opened for appending (a torn last line cut off) and the sitting built from it."""
    try:
        writer = LogWriter(log, opened.torn)
    except LogError as e:
        raise LiveError(clean(log_error(e))) from None
    except OSError as e:
        raise LiveError(tr("{path}: cannot open: {reason}").format(path=log, reason=reason(e))) from None
    try:
        return Session(opened.side, file, opened.header, opened.events, writer, opened.lang, ack)
    except Refused as r:
        writer.close()
        raise LiveError(tr("{path}: an entry cannot be replayed: {code}").format(path=clean(log), code=r.code)) from None


def _greet(session: Session[S, H], file: str, log: str) -> None:
    """Where the sitting is kept, who plays, where it stands; the record brought up to its log."""
    lang = session.lang
    session.say(gettext(lang, "Sitting: {file}").format(file=file) + "\n"
                + gettext(lang, "Players: {players}").format(players=", ".join(session.header.players)))
    session.say(gettext(lang, "Log: {log}").format(log=log))
    try:
        session.sync_record()
    except OSError as e:
        session.writer.close()
        raise record_behind(file, e, lang) from None
    if session.events:
        session.say(ngettext(lang, "Resumed after {n} entry.", "Resumed after {n} entries.", len(session.events))
                    .format(n=len(session.events)))
    session.say(session.game.status_lines(session.state))
    if session.game.ended(session.state):
        session.settle()


def _converse(session: Session[S, H], file: str, plain: bool) -> NoReturn:
    """The lines typed, until `end`, `quit` or the end of the input; then what is saved, and the
    exit status (1 when a piped line was refused)."""
    interactive = not plain and sys.stdin.isatty() and sys.stdout.isatty()
    try:
        if interactive:
            session.run_terminal()
        else:
            session.run_plain()
    except KeyboardInterrupt:
        session.say(gettext(session.lang, "Interrupted: every entry is saved; resume with tetka live FILE"), err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        session.writer.close()
    if not session.game.ended(session.state):
        session.provisional(ended=False)
        session.say(gettext(session.lang, "Saved. Resume with: tetka live {file}").format(file=file))
    sys.exit(EXIT_RULES if session.refused and not interactive else EXIT_OK)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--game", "game_name", type=click.Choice(registry.names()), default=None,
              help="Start: the game (default tetka).")  # registry.DEFAULT (tests/cli check it)
@click.option("--players", help="Start: four names, comma-separated, clockwise (Terz: two).")
@click.option("--stake", type=STAKE, help="Start: money per mark, exact decimal (default 1).")
@click.option("--currency", help="Start: shown beside money.")
@click.option("--first-dealer", help="Start: who deals first (default: the first player).")
@_house_rule_options
@click.option("--rule", "more_rules", multiple=True, metavar="KEY=VALUE",
              help="Any house rule of the game, e.g. --rule declaration_window=1-7 (Terz).")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Language (default: the one the sitting started in, else from the locale).")
@click.option("--plain", is_flag=True, help="Plain lines even on a terminal (no line editor).")
@click.option("--echo", is_flag=True, help="Show each line read from a pipe after its prompt (a transcript).")
@click.option("--ack", is_flag=True, help="Print `ok N` after each accepted entry (N: entries logged), for scripts.")
def live(file: str, game_name: str | None, players: str | None, stake: str | None, currency: str | None,
         first_dealer: str | None, more_rules: tuple[str, ...], lang: str | None, plain: bool, echo: bool, ack: bool,
         **house_rules: RuleValue | None) -> None:
    """Record a sitting at the table as it is played: `tetka live FILE --players A,B,C,D` starts
    one (a Terz sitting: `--game terz --players A,B`), `tetka live FILE` resumes it. Every entry
    is checked, logged to FILE.live.jsonl and on disk before the prompt returns; FILE is rewritten
    from the log after every hand and always validates. Type `help` for the words."""
    if file == "-":
        raise click.BadParameter(tr("a sitting is kept in a file: give its name"), param_hint="FILE")
    run = Run(file, log_path(file), ack, echo, plain)
    asked = Asked(game_name, players, stake, currency, first_dealer,
                  {k: v for k, v in house_rules.items() if v is not None}, more_rules)
    if os.path.exists(run.log):
        _resume(run, asked, lang)
    _start(run, asked, lang or default_lang())
