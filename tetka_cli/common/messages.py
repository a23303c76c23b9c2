"""Every sentence the user reads about a record of any game, worded through gettext: reading it,
its YAML, its bounds, the findings every game shares, the summaries of a command. The English text
is the message id, the Russian is in `locale/ru/LC_MESSAGES/tetka.po` (with Russian
plural rules). Names from a record are never declined: they stand in the nominative, after a
colon or in a list, so that no sentence reads "для Татьяна"."""
from __future__ import annotations

import locale
import os
import re
import unicodedata
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from . import reader_messages
from .i18n import N_, ngettext
from .i18n import gettext as _
from .locale_format import card_text, cards_text, number_text
from .os_errors import reason_text
from .terminal import safe

if TYPE_CHECKING:
    from .money import StakeError

LANGS = ("en", "ru")

# A finding's arguments (`Finding.args`): the values its message is worded from, of whatever kind
# each finding carries (text, numbers, cards, lists of names).
Args = Mapping[str, Any]

SUITS_RU = {"♠": "пики", "♥": "червы", "♦": "бубны", "♣": "трефы"}  # suit names, for callers that name a suit

class Worded(Protocol):
    """A finding as its message is worded (`findings.Finding`, which imports this module)."""

    @property
    def code(self) -> str: ...

    @property
    def args(self) -> Args: ...

    @property
    def player(self) -> str | None: ...

    @property
    def path(self) -> str | None: ...

    @property
    def line(self) -> int | None: ...

    @property
    def column(self) -> int | None: ...

    @property
    def severity(self) -> Enum: ...

    def message(self, lang: str = "en") -> str: ...


def default_lang() -> str:
    """Russian where the locale is Russian, English elsewhere."""
    for var in ("TETKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var)
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "ru" if loc.lower().startswith("ru") else "en"


def _names(v: object, lang: str = "en") -> str:
    """Names or cards, in a comma-separated list; cards in the reader's notation."""
    return cards_text(v, lang) if isinstance(v, (list, tuple)) else card_text(v, lang)


def quoted(value: object, lang: str) -> str:
    """A text the record holds, quoted as the language quotes it: `'Дама'` in English (its
    `repr`, so that an invisible difference shows), «Дама» in Russian (its invisible characters
    shown as escapes, as a terminal shows them)."""
    return f"«{safe(value)}»" if lang == "ru" else repr(value)


def _keys(keys: object) -> str:
    """Keys of a record, each as it is typed: `dealer`, `tricks`."""
    return ", ".join(f"`{k}`" for k in keys) if isinstance(keys, (list, tuple)) else f"`{keys}`"


def _name_variant(a: Args, lang: str) -> str:
    """Both spellings quoted alike (so an invisible difference shows), and the first character in
    which they differ by its code point: a Latin A and a Cyrillic А look the same."""
    name, (other,) = a["name"], a["variants"]
    at = next((i for i, (x, y) in enumerate(zip(name, other)) if x != y), None)
    differ = "" if at is None else " (" + _(lang, "{new} for {old} at {at}").format(
        new=f"U+{ord(other[at]):04X}", old=f"U+{ord(name[at]):04X}", at=at + 1) + ")"
    return _(lang, "the player {name} of {first} is also written {variant} here{differ}: are they one person?"
             ).format(name=quoted(name, lang), first=a["first"], variant=quoted(other, lang), differ=differ)


# -- reading the file ------------------------------------------------------------------------------
_UNREADABLE = {
    "missing": N_("no such file"),
    "directory": N_("is a directory"),
    "not-a-file": N_("is not a regular file (a pipe, a device or a socket): save the record to a file first"),
    "permission": N_("permission denied"),
    "empty": N_("the file is empty: there is no record in it"),
    "binary": N_("not a text file (it holds NUL bytes)"),
    "encoding": N_("not UTF-8 text: save the record as UTF-8"),
    "no-records": N_("no *.yaml or *.yml records in this folder"),
    "os": N_("cannot be read"),
}


def _unreadable(a: Args, lang: str) -> str:
    reason = a["reason"]
    text = _(lang, _UNREADABLE[reason]) if reason in _UNREADABLE else str(reason)
    return text + (f": {reason_text(str(a['detail']), lang)}" if a.get("detail") else "")


# libyaml's problems (and PyYAML's pure-Python parser's), in plain words: each kind of problem by
# the words its message starts with, in either parser; `{line}` is the line the construct in
# trouble starts on.
_YAML_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("list", ("did not find expected ',' or ']'", "expected ',' or ']'")),
    ("flow-mapping", ("did not find expected ',' or '}'", "expected ',' or '}'")),
    ("escape", ("found unknown escape character", "did not find expected hexdecimal number",
                "expected escape sequence of", "found invalid Unicode character escape code")),
    ("colon", ("mapping values are not allowed",)),
    ("no-colon", ("could not find expected ':'",)),
    ("dash", ("block sequence entries are not allowed", "sequence entries are not allowed")),
    ("document", ("but found another document",)),
    ("after-end", ("did not find expected <document start>", "expected '<document start>'")),
    ("no-value", ("did not find expected node content", "expected the node content")),
    ("anchor", ("did not find expected alphabetic or numeric character", "expected alphabetic or numeric character")),
    ("tag", ("found undefined tag handle", "did not find the expected '>'", "expected '>'",
             "did not find expected tag URI", "expected '!'", "did not find expected '!'")),
    ("directive", ("found duplicate %", "found duplicate YAML directive", "duplicate tag handle",
                   "found unknown directive name", "found incompatible YAML document", "did not find expected version",
                   "found extremely long version")),
    ("block-text", ("found an indentation indicator equal to 0", "expected indentation indicator",
                    "expected chomping or indentation indicators")),
)
_YAML_WORDS = {
    "list": N_("the list opened with `[` on line {line} is not closed with `]`, or two of its items have no comma "
               "between them"),
    "flow-mapping": N_("the mapping opened with `{{` on line {line} is not closed with `}}`, or two of its entries "
                       "have no comma between them"),
    "escape": N_("a backslash inside double quotes: use single quotes, or write the backslash twice"),
    "colon": N_("a second `: ` on this line: put a value that holds a colon in quotes, or indent the line under "
                "the key it belongs to"),
    "no-colon": N_("line {line} holds no `key: value`: add the colon and a space after the key, or join the line "
                   "to the one above"),
    "dash": N_("a list item `- ` where no list can start: begin the list on a line of its own below its key, or "
               "put the value in quotes"),
    "document": N_("a second YAML document (after `---`): a record is one document; delete the `---` line, or "
                   "write the second record in a file of its own"),
    "after-end": N_("text after the end of the record: a bracket closed twice, or lines after `...`"),
    "no-value": N_("a value is missing here, or a closing bracket stands where none was opened"),
    "anchor": N_("`&` or `*` at the start of a value: put the value in quotes"),
    "tag": N_("`!` at the start of a value: put the value in quotes"),
    "directive": N_("a YAML directive (a line starting with `%`) that cannot be read: a record needs none; delete "
                    "the line"),
    "block-text": N_("a block of text after `|` or `>` is written wrongly: write the value on one line, in quotes"),
    "other": N_("not valid YAML: {problem}"),
}


def _yaml_kind(problem: str) -> str:
    """The kind of a parser's problem (`_YAML_KINDS`), or "other"."""
    for kind, starts in _YAML_KINDS:
        if problem.startswith(starts):
            return kind
    return "other"


def _yaml_syntax(a: Args, lang: str) -> str:
    problem = str(a.get("problem", ""))
    line = a.get("context_line") or "?"
    found = str(a.get("found", ""))
    if problem == "unprintable":
        return _(lang, "the character {char} here is not allowed: a record holds printable text only; "
                       "delete it").format(char=a.get("char", "?"))
    if a.get("tab") or "tab character" in problem:
        return _(lang, "a tab character in the indentation: YAML indents with spaces only; "
                       "replace the tab with spaces")
    if problem == "did not find expected key" or problem.startswith("expected <block end>"):
        if a.get("line_start", True):
            return _(lang, "this line is indented differently from the line above: the keys of one "
                           "mapping must start in the same column (the mapping starts on line {line})"
                     ).format(line=line)
        return _(lang, "unexpected text after the value on this line: is there something after a "
                       "closing quote or bracket?")
    if problem == "did not find expected '-' indicator":
        return _(lang, "this line is indented differently from the list above: the items of one list "
                       "all start with `- ` in the same column (the list starts on line {line})").format(line=line)
    if problem.startswith("mapping values are not allowed") and "above_line" in a and not a["colon_before"]:
        return _colon_above(a, lang) or _(lang, _YAML_WORDS["colon"])
    if problem == "found unexpected end of stream" and "quoted" in str(a.get("context", "")):
        return _(lang, "a quote opened on line {line} is never closed").format(line=line)
    if "cannot start any token" in problem and found:
        return _(lang, "a value cannot begin with {char}: put the value in quotes").format(char=quoted(found, lang))
    if problem.startswith("did not find expected comment or line break"):
        return _(lang, _YAML_WORDS["block-text" if "block scalar" in str(a.get("context", "")) else "other"]
                 ).format(problem=problem)
    return _(lang, _YAML_WORDS[_yaml_kind(problem)]).format(line=line, problem=problem)


def _colon_above(a: Args, lang: str) -> str | None:
    """A `: ` that libyaml read as going on with a value begun above it: which line is wrong."""
    if a["indent"] != a["above_indent"] and a["above_colon"]:
        return _(lang, "this line is indented differently from the line above: a key that belongs "
                       "beside the one on line {line} starts in the same column").format(line=a["above_line"])
    if not a["above_colon"]:
        return _(lang, _YAML_WORDS["no-colon"]).format(line=a["above_line"])
    return None


# -- the record's structure -------------------------------------------------------------------------
# What a value must be (the English completes "`key` must be ..."; the Russian is a whole predicate,
# «`key`: нужен список», so that no word has to agree with a noun it does not know).
_EXPECTED = {
    "mapping": N_("a mapping of keys and values"),
    "list": N_("a list"),
    "plain name": N_("a name without control, format or direction characters"),
    "text": N_("text"),
    "whole": N_("a whole number"),
    "positive": N_("a whole number of 1 or more"),
    "at most a billion": N_("a whole number of at most 1,000,000,000"),
    "boolean": N_("true or false"),
    "four names": N_("four distinct player names"),
    "two names": N_("two distinct player names"),
    "card": N_("a card such as Q♥"),
    "cards": N_("cards such as `9♦ K♦ Q♦ 10♦` or a list of them"),
    "key": N_("a plain key"),
    "required": N_("required"),  # (worded by `_schema` as a sentence; click's `[required]` is this id too)
    "all players": N_("a number for every player"),
    "tricks or marks": N_("written with its tricks or its marks"),
    "tricks or points": N_("written with its tricks or its points"),
    "0 or 1": N_("0 or 1"),
    "lead and reply": N_("a lead and a reply, then any draws after `/`"),
    "one or two cards": N_("one or two cards"),
    "player and reason": N_("written with its `player` and its `reason`"),
    "1-16": N_("a whole number from 1 to 16"),
}
# Values that are no key of the record but a part of it (`what` of a finding): a robber, a hand, a
# trick... The one key of the same name (a forfeit's `trick`, the record's `game`) is a number or a
# text, which no such part is (`_place`).
_PLACES = {
    "record": N_("the record"),
    "robber": N_("a robber"),
    "game": N_("a game"),
    "hand": N_("a hand"),
    "trick": N_("a trick"),
    "card": N_("this value"),
}
_IN_PLACES = {  # where an unknown key or player stands
    "record": N_("in the record"),
    "robber": N_("in a robber"),
    "game": N_("in a game"),
    "hand": N_("in a hand"),
    "trick": N_("in a trick"),
}
_KEY_VALUES = ("text", "whole", "positive", "at most a billion", "1-16", "required")


def _place(what: str, expected: str = "") -> str | None:
    """The English id of the part of the record `what` names (`_PLACES`), or None for a key."""
    if what in _PLACES and not (what in ("trick", "game") and expected in _KEY_VALUES):
        return _PLACES[what]
    return None


def _in_place(what: str, lang: str) -> str:
    """Where a key or a name stands: «во взятке», «в `rules`»."""
    if what in _IN_PLACES:
        return _(lang, _IN_PLACES[what])
    return _(lang, "in `{key}`").format(key=what)


def _expected(exp: str, lang: str) -> str:
    """What a value must be, in words (a choice of values, `a | b`, as those values)."""
    if exp in _EXPECTED:
        return _(lang, _EXPECTED[exp])
    if " | " in exp:
        return _(lang, "one of {values}").format(values=_keys(exp.split(" | ")))
    return exp


def _schema(a: Args, lang: str) -> str:
    exp = str(a.get("expected", ""))
    what = str(a.get("what", ""))
    place = _place(what, exp)
    if exp == "required":
        return _(lang, "`{what}` is required and missing").format(what=what)
    if exp == "all players" and "missing" in a:
        return ngettext(lang, "`{what}` gives no number for {names}", "`{what}` gives no number for {names}",
                        len(a["missing"])).format(what=what, names=_names(a["missing"], lang))
    if "problem" in a:  # (the rules core's: a trick of more than four cards)
        return _(lang, "`{what}` has more than four cards").format(what=what)
    if exp in ("four names", "two names") and "got" not in a:
        # `players: Анна, Борис, Вера, Глеб` is one text, not a list.
        if exp == "two names":
            return _(lang, "`{what}` must be a list of the two names, like `players: [Анна, Борис]`"
                     ).format(what=what)
        return _(lang, "`{what}` must be a list of the four names, clockwise, like "
                       "`players: [Анна, Борис, Вера, Глеб]`").format(what=what)
    e = _expected(exp, lang)
    got = None
    if "character" in a:  # a name holding a character unfit to show (names.refuse_bad_names)
        got = "{name}: {at}".format(name=a.get("name", ""), at=character_at(a["character"], a["place"], lang))
    elif "got" in a:
        got = _names(_cards_in(a["got"], lang) if exp in ("lead and reply", "cards") else a["got"], lang)
    if place is not None:
        text = _(lang, "{place} must be {expected}").format(place=_(lang, place), expected=e)
    else:
        text = _(lang, "`{what}` must be {expected}").format(what=what, expected=e)
    return text if got is None else text + " " + _(lang, "(got {got})").format(got=got)


def _cards_in(texts: object, lang: str) -> object:
    """The texts of a run of cards (a finding's `got`), each card that reads as one in the
    language's notation (`Т♣` in Russian)."""
    if lang == "en" or not isinstance(texts, (list, tuple)):
        return texts
    from .cards import CardError, parse_card

    out: list[object] = []
    for t in texts:
        try:
            out.append(parse_card(t) if isinstance(t, str) else t)
        except CardError:
            out.append(t)
    return out


def character_at(character: str, place: int, lang: str = "en") -> str:
    """`U+202E RIGHT-TO-LEFT OVERRIDE at 3`: a character and its 1-based place in a name."""
    return _(lang, "{character} at {place}").format(character=character, place=place)


@lru_cache(maxsize=1024)
def _fold(name: str) -> str:
    """A name as compared for a suggestion: case, ё/е and accents folded."""
    text = unicodedata.normalize("NFKD", name.casefold().replace("ё", "е"))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).strip()


def name_distance(a: str, b: str, most: int) -> int:
    """Levenshtein distance, for names of a few letters, when it is at most `most`; else `most + 1`.
    Only the band of the table within `most` of its diagonal is filled, and the walk stops at the
    first row past `most`: 10,000 unknown names of 64 letters beside four players of 64 cost
    a fraction of a second, not the half-minute of the whole table."""
    over = most + 1
    n = len(b)
    if abs(len(a) - n) > most:
        return over
    prev = [j if j <= most else over for j in range(n + 1)]
    for i, ca in enumerate(a, 1):
        cur = [over] * (n + 1)
        lo = i - most
        low = over  # the row's least value
        if lo <= 0:
            cur[0] = low = i
            lo = 1
        for j in range(lo, min(n, i + most) + 1):
            d = prev[j - 1] + (ca != b[j - 1])
            e = prev[j] + 1
            if e < d:
                d = e
            e = cur[j - 1] + 1
            if e < d:
                d = e
            if d < low:
                low = d
            cur[j] = d if d < over else over
        if low > most:
            return over
        prev = cur
    return prev[n]


def suggest_name(name: str, players: Sequence[str]) -> str | None:
    """The player a mistyped name most likely means: the same name folded, or one within a
    couple of letters (one for short names); None when no single player is close."""
    folded = _fold(name)
    if not folded or len(folded) > 64:
        return None
    limit = 0 if len(folded) < 3 else 1 if len(folded) < 6 else 2
    scored = sorted((name_distance(folded, _fold(p), limit), p) for p in players)
    best = scored[0] if scored else None
    if best is None:
        return None
    if best[0] > limit or (len(scored) > 1 and scored[1][0] == best[0]):
        return None
    return best[1]


def _unknown_player(a: Args, lang: str) -> str:
    players = list(a.get("players") or [])
    name, what = str(a["name"]), str(a["what"])
    where = _in_place(what, lang)
    if a.get("nobody"):  # `scored` names a player or nobody
        text = _(lang, "{name} {where} is neither at this table ({players}) nor `nobody`").format(
            name=quoted(name, lang), where=where, players=_names(players, lang))
        players.append("nobody")
    else:
        text = _(lang, "{name} {where} is not at this table ({players})").format(
            name=quoted(name, lang), where=where, players=_names(players, lang))
    guess = suggest_name(name, players) if "," not in name else None
    if guess == "nobody":
        text += _(lang, ": did you mean `nobody`?")
    elif guess is not None:
        text += _(lang, ": did you mean {guess}?").format(guess=guess)
    return text


# -- cards ----------------------------------------------------------------------------------------
_RANK_WORDS = (  # stems of rank words, Russian and English, and the rank as written in each
    ("туз", "Т"), ("корол", "К"), ("дам", "Д"), ("валет", "В"), ("десят", "10"), ("девят", "9"),
    ("восьм", "8"), ("восем", "8"), ("семер", "7"), ("семь", "7"), ("шест", "6"), ("пят", "5"),
    ("четв", "4"), ("четыр", "4"), ("трой", "3"), ("три", "3"), ("двой", "2"), ("два", "2"),
    ("ace", "A"), ("king", "K"), ("queen", "Q"), ("jack", "J"), ("ten", "10"), ("nine", "9"),
    ("eight", "8"), ("seven", "7"), ("six", "6"), ("five", "5"), ("four", "4"), ("three", "3"),
    ("two", "2"), ("deuce", "2"),
)
_SUIT_WORDS = (
    ("пик", "п", "♠"), ("черв", "ч", "♥"), ("бубн", "б", "♦"), ("бубен", "б", "♦"),
    ("треф", "т", "♣"), ("крест", "т", "♣"),
    ("spade", "s", "♠"), ("heart", "h", "♥"), ("diamond", "d", "♦"), ("club", "c", "♣"),
)


# The stems as one pattern each: an alternation matches its first alternative that fits, so a word
# gets the first stem of the table it starts with, in one regex match instead of a scan of the table.
_RANK_STEM = re.compile("|".join(re.escape(stem) for stem, _ in _RANK_WORDS))
_RANK_OF = dict(_RANK_WORDS)
_SUIT_STEM = re.compile("|".join(re.escape(stem) for stem, _, _ in _SUIT_WORDS))
_SUIT_OF = {stem: (ru, en) for stem, ru, en in _SUIT_WORDS}
_WORD = re.compile(r"[a-zа-я]+")
_CYRILLIC = re.compile(r"[а-я]")


def card_in_words(text: str) -> tuple[str | None, str | None, bool]:
    """The rank and suit a card written in words names (`дама пик` -> ("Д", "п")), each None when
    not there; and whether the words are Russian."""
    folded = text.casefold().replace("ё", "е")
    rank = suit = None
    russian = _CYRILLIC.search(folded) is not None  # every such letter is in a word
    for w in _WORD.findall(folded):
        m = _RANK_STEM.match(w)
        if m is not None:
            rank = rank or _RANK_OF[m.group()]
            continue
        m = _SUIT_STEM.match(w)
        if m is not None:
            suit = suit or _SUIT_OF[m.group()][0 if russian else 1]
    return rank, suit, russian


# Letters that look like a rank or suit letter of the other alphabet, and what the scorer most
# likely meant: said both ways where the letter could mean two cards (a Latin T: ten or the ace?).
_LOOKALIKE_RANKS = {
    "b": N_("{text} is not a card: a Latin B looks like the Cyrillic В, the jack; write the jack as В or J"),
    "а": N_("{text} is not a card: a Cyrillic А looks like the Latin A, the ace; write the ace as A or Т"),
}
_LATIN_T = N_("{text} is not a card: a Latin T is read neither as ten nor as the ace, since on a page it looks "
              "exactly like the Cyrillic Т, which is the ace; write the ace as Т or A, and ten as 10")
_LOOKALIKE_SUITS = {
    "t": N_("{text} is not a card: a Latin T looks like the Cyrillic т, clubs; write clubs as т, к or C"),
    "с": N_("{text} is not a card: a Cyrillic С looks like the Latin C, clubs; write clubs as C, т or к"),
    "н": N_("{text} is not a card: a Cyrillic Н looks like the Latin H, hearts; write hearts as H or ч"),
}


def _lookalike(t: str) -> str | None:
    """The message for a card written with a letter of the wrong alphabet, or None."""
    raw = t.strip().strip("\ufe0e\ufe0f")
    if len(raw) < 2:
        return None
    rank, suit = raw[:-1].lower(), raw[-1].lower()
    return (_LATIN_T if rank == "t" else None) or _LOOKALIKE_RANKS.get(rank) or _LOOKALIKE_SUITS.get(suit)


def _bad_card(a: Args, lang: str) -> str:
    t = a["text"]
    text = quoted(t, lang)
    if a.get("latin_t"):
        return _(lang, _LATIN_T).format(text=text)
    lookalike = _lookalike(str(t)) if len(str(t)) < 8 else None
    if lookalike is not None:
        return _(lang, lookalike).format(text=text)
    rank, suit, russian = card_in_words(str(t)) if len(str(t)) < 64 else (None, None, False)
    if rank and suit:
        if lang == "ru":  # English words: the card in Russian letters
            rank = _RU_RANK.get(rank, rank)
        return _(lang, "{text} is a card written in words: write it as rank and suit together, {card}"
                 ).format(text=text, card=rank + suit)
    if rank or suit:
        example = (rank or ("Д" if russian else "Q")) + (suit or ("п" if russian else "♠"))
        return _(lang, "{text} is not a card: write each card as one word, rank and suit together, "
                       "like {card} (not in words, not split by a space)").format(text=text, card=example)
    return _(lang, "{text} is not a card: write rank then suit, like Q♥, 10♦, qh or Дч").format(text=text)


_RU_RANK = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
_SUITS_LED = {"♠": N_("a ♠ lead"), "♥": N_("a ♥ lead"), "♦": N_("a ♦ lead"), "♣": N_("a ♣ lead")}


def _duplicate_card(a: Args, lang: str) -> str:
    card = card_text(a["card"], lang)
    if "in_deal_of" in a:
        return _(lang, "{card} is dealt twice (also to {other})").format(card=card, other=a["in_deal_of"])
    text = _(lang, "{card} is played twice in this hand (first in trick {first})").format(card=card, first=a["first"])
    if a.get("missing"):
        text += _(lang, "; missing from the hand: {cards}").format(cards=_names(a["missing"], lang))
    return text


def _deal_mismatch(a: Args, lang: str) -> str:
    problem = a["problem"]
    if problem == "count":
        n = a.get("count") or 0
        return ngettext(lang, "{count} card dealt, not 13", "{count} cards dealt, not 13", n).format(count=a.get("count"))
    if problem == "played":
        card = card_text(a.get("card"), lang)
        if a.get("owner"):
            return _(lang, "{card} was not dealt to this player (dealt to {owner})").format(card=card, owner=a["owner"])
        return _(lang, "{card} was not dealt to this player").format(card=card)
    return _(lang, "dealt but never played: {cards}").format(cards=_names(a.get("cards", []), lang))


def _unplayed(a: Args, lang: str) -> str:
    """The cards never played: by holder (`Анна: 10♥; Борис: 9♥`) where the deal says, the rest
    as a list."""
    holders: Mapping[str, Sequence[object]] = a.get("holders") or {}
    known = {c for cards in holders.values() for c in cards}
    rest = [c for c in a.get("cards", []) if c not in known]
    parts = ["{player}: {cards}".format(player=p, cards=cards_text(cards, lang, " ")) for p, cards in holders.items()]
    if parts and rest:
        parts.append(_(lang, "not known whose: {cards}").format(cards=cards_text(rest, lang, " ")))
    if parts:
        return _(lang, "cards never played — {holders}").format(holders="; ".join(parts))
    return _(lang, "cards never played: {cards} (whose they were, the record does not show)").format(
        cards=cards_text(rest, lang, " "))


def _missing_trick(a: Args, lang: str) -> str:
    """Where a trick missing before the last one written can be, who leads after it, and (said
    once) why what depends on it is not judged."""
    after, until, count, tricks = a["after"], a["until"], a.get("missing", 1), a.get("tricks")
    if after == until == 0:
        text = ngettext(lang, "a trick is missing before trick 1 as written",
                        "{count} tricks are missing before trick 1 as written", count)
    elif after == until:
        text = ngettext(lang, "a trick is missing between tricks {after} and {next} as written",
                        "{count} tricks are missing between tricks {after} and {next} as written", count)
    elif after == 0 and until == tricks:
        text = ngettext(lang, "a trick is missing, and the record does not show where",
                        "{count} tricks are missing, and the record does not show where", count)
    elif until == tricks:
        text = ngettext(lang, "a trick is missing somewhere after trick {after} as written",
                        "{count} tricks are missing somewhere after trick {after} as written", count)
    elif after == 0:
        text = ngettext(lang, "a trick is missing somewhere before trick {before} as written",
                        "{count} tricks are missing somewhere before trick {before} as written", count)
    else:
        text = ngettext(lang, "a trick is missing somewhere between tricks {after} and {before} as written",
                        "{count} tricks are missing somewhere between tricks {after} and {before} as written", count)
    text = text.format(count=count, after=after, next=after + 1, before=until + 1)
    parts = [text]
    if a.get("likely"):
        first, last = a["likely"]
        if first == last == 0:
            parts.append(_(lang, "the play fits together best with the gap before trick 1"))
        elif first == last:
            parts.append(_(lang, "the play fits together best with the gap between tricks {after} and {next}").format(
                after=first, next=first + 1))
        elif first == 0:
            parts.append(_(lang, "the play fits together best with the gap before trick {before}").format(before=last + 1))
        else:
            parts.append(_(lang, "the play fits together best with the gap after trick {after} and before trick "
                                 "{before}").format(after=first, before=last + 1))
    if a.get("leader"):
        parts.append(_(lang, "the leader of trick {next}: {leader}").format(next=after + 1, leader=a["leader"]))
    if a.get("withheld"):
        parts.append(_(lang, "what depends on where the gap lies is not judged"))
    return "; ".join(parts)


def _renonce(a: Args, lang: str, player: str) -> str:
    led = str(a["led"])
    lead = _(lang, _SUITS_LED[led]) if led in _SUITS_LED else led
    return _(lang, "{player} played {card} on {lead} while holding {held}").format(
        player=player, card=card_text(a["card"], lang), lead=lead, held=card_text(a["held"], lang))


def totals_differ(a: Args, lang: str, player: str) -> str:
    """A total the table wrote that the hands do not give; with `unread`, the hands that could not
    be read (which count nothing) cannot make up the difference either. Both games word it so."""
    if a.get("unread"):
        return ngettext(lang, "{player}: the table's total is {recorded}, the hands add up to {computed}, and the "
                              "{unread} hand that could not be read cannot make up the difference",
                        "{player}: the table's total is {recorded}, the hands add up to {computed}, and the "
                        "{unread} hands that could not be read cannot make up the difference", a["unread"]).format(
            player=player, recorded=a["recorded"], computed=a["computed"], unread=a["unread"])
    return _(lang, "{player}: the table's total is {recorded}, the hands add up to {computed}").format(
        player=player, recorded=a["recorded"], computed=a["computed"])


def _stake(a: Args, lang: str) -> str:
    return _(lang, "bad stake: {reason}").format(reason=stake_reason(a, lang))


def stake_reason(a: Args | StakeError, lang: str = "en") -> str:
    """Why a stake is refused, from a `bad-stake` finding's args or a StakeError."""
    args: Args = a if isinstance(a, Mapping) else {"reason": str(a), "problem": a.problem, "text": a.text}
    problem, text = args.get("problem"), args.get("text", "")
    if problem == "decimal-comma":
        return _(lang, "{text} has a decimal comma: write the stake with a point, as \"{fixed}\"").format(
            text=quoted(text, lang), fixed=str(text).strip().replace(",", "."))
    if problem in _STAKE:
        return _(lang, _STAKE[problem]).format(text=quoted(text, lang))
    return str(args.get("reason", ""))


_STAKE = {
    "float": N_("{text} is not an exact decimal: write the stake as text, like \"0.10\""),
    "not-a-number": N_("{text} is not a number"),
    "not-finite": N_("{text} is not a finite amount"),
    "negative": N_("{text} is negative: a stake is zero or more"),
    "too-long": N_("{text} has more digits than any stake needs"),
}


# What a record holds too many of (`too-many`), counted.
_COUNTED = {
    "robbers": N_("{count} robber", "{count} robbers"),
    "games": N_("{count} game", "{count} games"),
    "hands": N_("{count} hand", "{count} hands"),
    "tricks": N_("{count} trick", "{count} tricks"),
}


def _too_many(a: Args, lang: str) -> str:
    what, count = str(a["what"]), int(a["count"])
    if what in _COUNTED:
        things = ngettext(lang, *_COUNTED[what], count).format(count=number_text(count, lang))
    else:
        things = f"{number_text(count, lang)} {what}"
    return _(lang, "{things}: more than the limit of {limit}").format(things=things,
                                                                       limit=number_text(a["limit"], lang))


# A command a record's game lacks the capability for (`capability`): `{game}` and `{games}` are the
# games' titles (message ids of the catalog, `Words.title`), worded here.
_LACKS = {"export": N_("export covers {games} records; {game} records are not exported yet")}


def _lacks(a: Args, lang: str) -> str:
    return _(lang, _LACKS[str(a["capability"])]).format(
        game=_(lang, str(a["game"])), games=", ".join(_(lang, str(g)) for g in a.get("games", ())))

_BY_ARGS: dict[str, Callable[[Args, str], str]] = {
    "unreadable": _unreadable,
    "yaml-syntax": _yaml_syntax,
    "too-large": lambda a, lang: _(lang, "the file is {size} bytes, over the limit of {limit} (--max-bytes)").format(
        size=number_text(a["size"], lang), limit=number_text(a["limit"], lang)),
    "too-deep": lambda a, lang: _(lang, "nested deeper than {limit} levels: no record is shaped like this").format(
        limit=a["limit"]),
    "yaml-alias": lambda a, lang: _(lang, "YAML anchors and aliases are not allowed in a record (write each value out)"),
    "yaml-tag": lambda a, lang: _(lang, "the YAML tag {tag} is not allowed: records hold plain values only").format(
        tag=quoted(a["tag"], lang)),
    "duplicate-key": lambda a, lang: _(lang, "the key `{key}` appears twice in this mapping (first on line {first})"
                                       ).format(key=a["key"], first=a["first"]),
    "unknown-key": lambda a, lang: unknown_key(a, lang),
    "schema": _schema,
    "unsupported": lambda a, lang: _lacks(a, lang) if a.get("capability") else _(
        lang, "`{what}`: {value} is not supported (this version reads: {supported})").format(
        what=a["what"], value=quoted(a["value"], lang), supported=_keys(a["supported"])),
    "unknown-player": _unknown_player,
    "too-many": _too_many,
    "bad-card": _bad_card,
    "duplicate-card": _duplicate_card,
    "incomplete": lambda a, lang: _(lang, "the hand stops after {tricks} complete tricks of 13: only what is known "
                                          "is scored").format(tricks=a["tricks"]),
    "deal-mismatch": _deal_mismatch,
    "unplayed-cards": _unplayed,
    "missing-trick": _missing_trick,
    "wrong-dealer": lambda a, lang: _(lang, "{what} is {given}, but by rotation to the left it is {expected}").format(**a),
    "bad-stake": _stake,
    "name-variant": _name_variant,
}
_WITH_PLAYER: dict[str, Callable[[Args, str, str], str]] = {
    "renonce": _renonce,
    "totals-differ": totals_differ,
}


def unknown_key(a: Args, lang: str) -> str:
    """A key not read where it stands, in either game: the keys that are, and the one it was most
    likely meant to be (`meant_text`)."""
    return _(lang, "unknown key `{key}` {where} (known: {known})").format(
        key=a["key"], where=_in_place(str(a["what"]), lang), known=_keys(a["allowed"])) + meant_text(a, lang)


def meant_text(a: Args, lang: str) -> str:
    """What an unknown key was most likely meant to be, and that it was read so: nothing when no
    known key is near it (`yaml_input.meant_key` finds it, for both games)."""
    if not a.get("suggest"):
        return ""
    return "; " + _(lang, "did you mean `{key}`? It is read as `{key}`, so the rest is still checked").format(
        key=a["suggest"])


def copies_message(f: Worded, lang: str) -> str:
    """A record read twice (`duplicate-record`), or held by two settle JSON inputs (`overlapping-input`)."""
    a = f.args
    if f.code == "duplicate-record":
        if a["how"] == "file":
            return _(lang, "the same file as {first}: counted once").format(first=a["first"])
        if a["how"] == "document":
            return _(lang, "the same document as {first}: read once").format(first=a["first"])
        if a["how"] == "meaning":
            return _(lang, "the same record as {first}, written differently (the same players, rules, "
                                 "money and hands): counted once").format(first=a["first"])
        return _(lang, "the same record as {first} (same content): counted once").format(first=a["first"])
    if f.code == "overlapping-input":
        return _(lang, "record {record} is in {first} too: a settlement would count it twice; "
                             "combine outputs of separate records only").format(record=a["record"], first=a["first"])
    raise KeyError(f.code)


def settle_json_message(f: Worded, lang: str) -> str:
    """A `--from-json` input that is not a settle JSON output (`not-settle-json`)."""
    a = f.args
    if a.get("record") is not None:
        return _(lang, "not a settle JSON output: record {number}: {reason}").format(
            number=a["record"], reason=a["reason"])
    return _(lang, "not a settle JSON output: {reason}").format(reason=a["reason"])


def _worker_died(f: Worded, lang: str) -> str:
    from .batch import finding_message

    return finding_message(f, lang)


# The shared codes worded by a whole finding (its code, its place), not only by its arguments.
_BY_FINDING: dict[str, Callable[[Worded, str], str]] = {
    "too-big": reader_messages.finding_message, "too-long": reader_messages.finding_message,
    "duplicate-record": copies_message, "overlapping-input": copies_message,
    "not-settle-json": settle_json_message, "worker-died": _worker_died,
}


def finding_message(f: Worded, lang: str = "en") -> str:
    """A finding of a code every game shares in plain words (`Finding.message` asks its voice first:
    a game's own code, or a shared code a game words in its own sense, as a deck of 32 cards)."""
    by_finding = _BY_FINDING.get(f.code)
    if by_finding is not None:
        return by_finding(f, lang)
    with_player = _WITH_PLAYER.get(f.code)
    if with_player is not None:
        return with_player(f.args, lang, f.player or "?")
    return _BY_ARGS[f.code](f.args, lang)


_SEVERITY = {"error": N_("error"), "warning": N_("warning")}


def finding_line(f: Worded, lang: str = "en") -> str:
    """`path:line:col: severity code: message`, the line every finding is shown as."""
    place = f.path or "-"
    if f.line:
        place += f":{f.line}:{f.column or 1}"
    sev = _(lang, _SEVERITY[f.severity.value])
    return f"{place}: {sev} {f.code}: {f.message(lang)}"


def validate_summary(lang: str, n: int, clean: int, bad: int, unreadable: int) -> str:
    """The last line of `validate`: how many records, and how they read."""
    return ngettext(lang, "{n} record: {clean} clean, {bad} with errors, {unreadable} unreadable",
                    "{n} records: {clean} clean, {bad} with errors, {unreadable} unreadable", n).format(
        n=n, clean=clean, bad=bad, unreadable=unreadable)


def settle_summary(lang: str, read: int, settled: int, left_out: int) -> str:
    """The last line of `settle`: records read, settled and left out."""
    return ngettext(lang, "{read} record read, {settled} settled, {left_out} left out",
                    "{read} records read, {settled} settled, {left_out} left out", read).format(
        read=read, settled=settled, left_out=left_out)
