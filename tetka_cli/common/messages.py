"""Every sentence and heading the user reads about a Tetka record, worded through gettext: the
English text is the message id, the Russian is in `locale/ru/LC_MESSAGES/tetka.po` (with Russian
plural rules). Names from a record are never declined: they stand in the nominative, after a
colon or in a list, so that no sentence reads "для Татьяна"."""
from __future__ import annotations

import importlib
import locale
import os
import re
import unicodedata
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from .i18n import N_, ngettext
from .i18n import gettext as _
from .locale_format import card_text, cards_text, number_text
from .os_errors import reason_text

LANGS = ("en", "ru")

SUITS_RU = {"♠": "пики", "♥": "червы", "♦": "бубны", "♣": "трефы"}  # suit names, for callers that name a suit


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


def _names(v: Any, lang: str = "en") -> str:
    """Names or cards, in a comma-separated list; cards in the reader's notation."""
    return cards_text(v, lang) if isinstance(v, (list, tuple)) else card_text(v, lang)


def _name_variant(a: Mapping[str, Any], lang: str) -> str:
    """Both spellings quoted alike (`repr`, so an invisible difference shows), and the first
    character in which they differ by its code point: a Latin A and a Cyrillic А look the same."""
    name, (other,) = a["name"], a["variants"]
    at = next((i for i, (x, y) in enumerate(zip(name, other)) if x != y), None)
    differ = "" if at is None else " (" + _(lang, "{new} for {old} at {at}").format(
        new=f"U+{ord(other[at]):04X}", old=f"U+{ord(name[at]):04X}", at=at + 1) + ")"
    return _(lang, "the player {name!r} of {first} is also written {variant!r} here{differ}: are they one person?"
             ).format(name=name, first=a["first"], variant=other, differ=differ)


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


def _unreadable(a: Mapping[str, Any], lang: str) -> str:
    reason = a["reason"]
    text = _(lang, _UNREADABLE[reason]) if reason in _UNREADABLE else str(reason)
    return text + (f": {reason_text(str(a['detail']), lang)}" if a.get("detail") else "")


# libyaml's problems, in plain words; `{line}` is the line the construct in trouble starts on.
def _yaml_syntax(a: Mapping[str, Any], lang: str) -> str:
    problem = str(a.get("problem", ""))
    context = str(a.get("context", ""))
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
    if problem == "mapping values are not allowed in this context" and "above_line" in a and not a["colon_before"]:
        # libyaml read this line as going on with a value begun above it.
        if a["indent"] != a["above_indent"] and a["above_colon"]:
            return _(lang, "this line is indented differently from the line above: a key that belongs "
                           "beside the one on line {line} starts in the same column").format(line=a["above_line"])
        if not a["above_colon"]:
            return _(lang, "line {line} holds no `key: value`: add the colon and a space after the key, "
                           "or join the line to the one above").format(line=a["above_line"])
    if problem == "mapping values are not allowed in this context":
        return _(lang, "a second `: ` on this line: put a value that holds a colon in quotes, "
                       "or indent the line under the key it belongs to")
    if problem == "could not find expected ':'":
        return _(lang, "line {line} holds no `key: value`: add the colon and a space after the key, "
                       "or join the line to the one above").format(line=line)
    if problem == "found unexpected end of stream" and "quoted" in context:
        return _(lang, "a quote opened on line {line} is never closed").format(line=line)
    if problem.startswith("did not find expected ',' or ']'"):
        return _(lang, "the list opened with `[` on line {line} is not closed with `]`, "
                       "or two of its items have no comma between them").format(line=line)
    if problem.startswith("did not find expected ',' or '}'"):
        return _(lang, "the mapping opened with `{{` on line {line} is not closed with `}}`, "
                       "or two of its entries have no comma between them").format(line=line)
    if problem == "found unknown escape character":
        return _(lang, "a backslash inside double quotes: use single quotes, or write the backslash twice")
    if problem == "found character that cannot start any token" and found:
        return _(lang, "a value cannot begin with {char!r}: put the value in quotes").format(char=found)
    return _(lang, "not valid YAML: {problem}").format(problem=problem)


# -- the record's structure -------------------------------------------------------------------------
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
    "card": N_("a card such as Q♥"),
    "cards": N_("cards such as `9♦ K♦ Q♦ 10♦` or a list of them"),
    "key": N_("a plain key"),
    "required": N_("required"),
    "all players": N_("a number for every player"),
    "tricks or marks": N_("its tricks or its marks"),
    "0 or 1": N_("0 or 1"),
}


def _schema(a: Mapping[str, Any], lang: str) -> str:
    exp = a.get("expected", "")
    what = a.get("what", "")
    if exp == "required":
        return _(lang, "`{what}` is required and missing").format(what=what)
    if exp == "all players" and "missing" in a:
        return _(lang, "`{what}` gives no number for {names}").format(what=what, names=_names(a["missing"], lang))
    if "problem" in a:
        return _(lang, "`{what}` has more than four cards").format(what=what)
    if exp == "four names" and "got" not in a:
        # `players: Анна, Борис, Вера, Глеб` is one text, not a list.
        return _(lang, "`{what}` must be a list of the four names, clockwise, like "
                       "`players: [Анна, Борис, Вера, Глеб]`").format(what=what)
    e = _(lang, _EXPECTED[exp]) if exp in _EXPECTED else str(exp)
    if "character" in a:  # a name holding a character unfit to show (names.refuse_bad_names)
        got = "{name}: {at}".format(name=a.get("name", ""), at=character_at(a["character"], a["place"], lang))
        return _(lang, "`{what}` must be {expected} (got {got})").format(what=what, expected=e, got=got)
    if "got" in a:
        return _(lang, "`{what}` must be {expected} (got {got})").format(what=what, expected=e,
                                                                       got=_names(a["got"], lang))
    return _(lang, "`{what}` must be {expected}").format(what=what, expected=e)


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


def _unknown_player(a: Mapping[str, Any], lang: str) -> str:
    players = a.get("players") or []
    text = _(lang, "{name!r} in `{what}` is not at this table ({players})").format(
        name=a["name"], what=a["what"], players=_names(players, lang))
    guess = suggest_name(str(a["name"]), players) if "," not in str(a["name"]) else None
    if guess is not None:
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
    "b": N_("{text!r} is not a card: a Latin B looks like the Cyrillic В, the jack; write the jack as В or J"),
    "а": N_("{text!r} is not a card: a Cyrillic А looks like the Latin A, the ace; write the ace as A or Т"),
}
_LATIN_T = N_("{text!r} is not a card: a Latin T is read neither as ten nor as the ace, since on a page it looks "
              "exactly like the Cyrillic Т, which is the ace; write the ace as Т or A, and ten as 10")
_LOOKALIKE_SUITS = {
    "t": N_("{text!r} is not a card: a Latin T looks like the Cyrillic т, clubs; write clubs as т, к or C"),
    "с": N_("{text!r} is not a card: a Cyrillic С looks like the Latin C, clubs; write clubs as C, т or к"),
    "н": N_("{text!r} is not a card: a Cyrillic Н looks like the Latin H, hearts; write hearts as H or ч"),
}


def _lookalike(t: str) -> str | None:
    """The message for a card written with a letter of the wrong alphabet, or None."""
    raw = t.strip().strip("\ufe0e\ufe0f")
    if len(raw) < 2:
        return None
    rank, suit = raw[:-1].lower(), raw[-1].lower()
    return (_LATIN_T if rank == "t" else None) or _LOOKALIKE_RANKS.get(rank) or _LOOKALIKE_SUITS.get(suit)


def _bad_card(a: Mapping[str, Any], lang: str) -> str:
    t = a["text"]
    if a.get("latin_t"):
        return _(lang, _LATIN_T).format(text=t)
    lookalike = _lookalike(str(t)) if len(str(t)) < 8 else None
    if lookalike is not None:
        return _(lang, lookalike).format(text=t)
    rank, suit, russian = card_in_words(str(t)) if len(str(t)) < 64 else (None, None, False)
    if rank and suit:
        return _(lang, "{text!r} is a card written in words: write it as rank and suit together, {card}"
                 ).format(text=t, card=rank + suit)
    if rank or suit:
        example = (rank or ("Д" if russian else "Q")) + (suit or ("п" if russian else "♠"))
        return _(lang, "{text!r} is not a card: write each card as one word, rank and suit together, "
                       "like {card} (not in words, not split by a space)").format(text=t, card=example)
    return _(lang, "{text!r} is not a card: write rank then suit, like Q♥, 10♦, qh or Дч").format(text=t)


_SUITS_LED = {"♠": N_("a ♠ lead"), "♥": N_("a ♥ lead"), "♦": N_("a ♦ lead"), "♣": N_("a ♣ lead")}


def _duplicate_card(a: Mapping[str, Any], lang: str) -> str:
    card = card_text(a["card"], lang)
    if "in_deal_of" in a:
        return _(lang, "{card} is dealt twice (also to {other})").format(card=card, other=a["in_deal_of"])
    text = _(lang, "{card} is played twice in this hand (first in trick {first})").format(card=card, first=a["first"])
    if a.get("missing"):
        text += _(lang, "; missing from the hand: {cards}").format(cards=_names(a["missing"], lang))
    return text


def _deal_mismatch(a: Mapping[str, Any], lang: str) -> str:
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


def _unplayed(a: Mapping[str, Any], lang: str) -> str:
    """The cards never played: by holder (`Анна: 10♥; Борис: 9♥`) where the deal says, the rest
    as a list."""
    holders: Mapping[str, Any] = a.get("holders") or {}
    known = {c for cards in holders.values() for c in cards}
    rest = [c for c in a.get("cards", []) if c not in known]
    parts = ["{player}: {cards}".format(player=p, cards=cards_text(cards, lang, " ")) for p, cards in holders.items()]
    if parts and rest:
        parts.append(_(lang, "not known whose: {cards}").format(cards=cards_text(rest, lang, " ")))
    if parts:
        return _(lang, "cards never played — {holders}").format(holders="; ".join(parts))
    return _(lang, "cards never played: {cards} (whose they were, the record does not show)").format(
        cards=cards_text(rest, lang, " "))


def _missing_trick(a: Mapping[str, Any], lang: str) -> str:
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


def _renonce(a: Mapping[str, Any], lang: str, player: str) -> str:
    led = str(a["led"])
    lead = _(lang, _SUITS_LED[led]) if led in _SUITS_LED else led
    return _(lang, "{player} played {card} on {lead} while holding {held}").format(
        player=player, card=card_text(a["card"], lang), lead=lead, held=card_text(a["held"], lang))


def _marks_differ(a: Mapping[str, Any], lang: str, player: str) -> str:
    n = a["recorded"] if isinstance(a["recorded"], int) else 0
    if a.get("complete", True):
        return ngettext(lang, "{player}: the table wrote {recorded} mark, the cards give {computed}",
                        "{player}: the table wrote {recorded} marks, the cards give {computed}", n).format(
            player=player, recorded=a["recorded"], computed=a["computed"])
    return ngettext(lang, "{player}: the table wrote {recorded} mark, the cards give {computed} so far",
                    "{player}: the table wrote {recorded} marks, the cards give {computed} so far", n).format(
        player=player, recorded=a["recorded"], computed=a["computed"])


def _impossible_marks(a: Mapping[str, Any], lang: str, player: str) -> str:
    if a["problem"] == "negative" and a.get("what") == "totals":
        return _(lang, "{player}: a total of {value} marks: totals cannot be negative; write the sum of "
                       "{player}'s marks over the robber's hands").format(player=player, value=a["value"])
    if a["problem"] == "negative":
        return _(lang, "{player} has {value} marks: marks cannot be negative; write how many marks "
                       "{player} took in this hand, 0 or more (a hand's marks are never taken away)"
                 ).format(player=player, value=a["value"])
    return _(lang, "the marks of a hand add up to {sum}, but a hand hands out {expected}").format(
        sum=a["sum"], expected=a["expected"])


def totals_differ(a: Mapping[str, Any], lang: str, player: str) -> str:
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


def _stake(a: Mapping[str, Any], lang: str) -> str:
    return _(lang, "bad stake: {reason}").format(reason=stake_reason(a, lang))


def stake_reason(a: Mapping[str, Any] | Any, lang: str = "en") -> str:
    """Why a stake is refused, from a `bad-stake` finding's args or a StakeError."""
    if not isinstance(a, Mapping):
        a = {"reason": str(a), "problem": getattr(a, "problem", None), "text": getattr(a, "text", "")}
    problem, text = a.get("problem"), a.get("text", "")
    if problem == "decimal-comma":
        return _(lang, "{text!r} has a decimal comma: write the stake with a point, as \"{fixed}\"").format(
            text=text, fixed=str(text).strip().replace(",", "."))
    if problem in _STAKE:
        return _(lang, _STAKE[problem]).format(text=text)
    return str(a.get("reason", ""))


_STAKE = {
    "float": N_("{text!r} is not an exact decimal: write the stake as text, like \"0.10\""),
    "not-a-number": N_("{text!r} is not a number"),
    "not-finite": N_("{text!r} is not a finite amount"),
    "negative": N_("{text!r} is negative: a stake is money per mark, zero or more"),
    "too-long": N_("{text!r} has more digits than any stake needs"),
}


def _slip_seat_order(a: Mapping[str, Any], lang: str) -> str:
    return _(lang, "these tricks are written in seat order ({players}), not from each trick's leader: "
                   "read in seat order, they give the table's marks; write each trick starting with "
                   "the card of the player who led it").format(players=_names(a.get("players", []), lang))


def _slip_counter_clockwise(a: Mapping[str, Any], lang: str) -> str:
    return _(lang, "the players seem listed counter-clockwise: read clockwise as {players}, these tricks "
                   "give the table's marks; list the players clockwise, each next one at the previous "
                   "one's left").format(players=_names(a.get("players", []), lang))


_F: dict[str, Callable[..., str]] = {
    "unreadable": _unreadable,
    "yaml-syntax": _yaml_syntax,
    "too-large": lambda a, lang: _(lang, "the file is {size} bytes, over the limit of {limit} (--max-bytes)").format(
        size=number_text(a["size"], lang), limit=number_text(a["limit"], lang)),
    "too-deep": lambda a, lang: _(lang, "nested deeper than {limit} levels: no record is shaped like this").format(
        limit=a["limit"]),
    "yaml-alias": lambda a, lang: _(lang, "YAML anchors and aliases are not allowed in a record (write each value out)"),
    "yaml-tag": lambda a, lang: _(lang, "the YAML tag {tag!r} is not allowed: records hold plain values only").format(
        tag=a["tag"]),
    "duplicate-key": lambda a, lang: _(lang, "the key `{key}` appears twice in this mapping (first on line {first})"
                                       ).format(key=a["key"], first=a["first"]),
    "unknown-key": lambda a, lang: _(lang, "unknown key `{key}` in {what} (known: {known})").format(
        key=a["key"], what=a["what"], known=", ".join(a["allowed"])) + meant_text(a, lang),
    "schema": _schema,
    "unsupported": lambda a, lang: _(lang, "{what} {value!r} is not supported (this version reads: {supported})"
                                     ).format(what=a["what"], value=a["value"], supported=_names(a["supported"], lang)),
    "unknown-player": _unknown_player,
    "too-many": lambda a, lang: _(lang, "{count} {what}: more than the limit of {limit}").format(
        count=number_text(a["count"], lang), what=a["what"], limit=number_text(a["limit"], lang)),
    "bad-card": _bad_card,
    "duplicate-card": _duplicate_card,
    "short-trick": lambda a, lang: ngettext(lang, "this trick has {count} card, not 4, and more tricks follow it",
                                            "this trick has {count} cards, not 4, and more tricks follow it",
                                            a["count"]).format(count=a["count"]),
    "incomplete": lambda a, lang: _(lang, "the hand stops after {tricks} complete tricks of 13: only what is known "
                                          "is scored").format(tricks=a["tricks"]),
    "wrong-turn": lambda a, lang: _(lang, "cards given in the order {given}; the turn is {expected}").format(
        given=_names(a["given"], lang), expected=_names(a["expected"], lang)),
    "deal-mismatch": _deal_mismatch,
    "unplayed-cards": _unplayed,
    "missing-trick": _missing_trick,
    "renonce": _renonce,
    "marks-differ": _marks_differ,
    "impossible-marks": _impossible_marks,
    "totals-differ": lambda a, lang, player: totals_differ(a, lang, player),
    "after-robber-end": lambda a, lang: _(lang, "the robber ended with hand {ended} (a total reached {target}): no "
                                                "hand is played after it").format(**a),
    "wrong-dealer": lambda a, lang: _(lang, "{what} is {given}, but by rotation to the left it is {expected}").format(**a),
    "reseat-too-early": lambda a, lang: _(lang, "a new seating in robber {robber_number}: seats stay fixed for four "
                                                "robbers (allowed before the 5th, 9th, …)").format(**a),
    "unfinished-robber": lambda a, lang: _(lang, "the robber has not reached {target} (highest total {highest}): it "
                                                 "is unfinished").format(**a),
    "no-robbers": lambda a, lang: _(lang, "the record has no robbers: nothing to score"),
    "bad-stake": _stake,
    "name-variant": _name_variant,
    "seat-order": _slip_seat_order,
    "counter-clockwise": _slip_counter_clockwise,
}
_WITH_PLAYER = {"renonce", "marks-differ", "impossible-marks", "totals-differ"}


def meant_text(a: Mapping[str, Any], lang: str) -> str:
    """What an unknown key was most likely meant to be, and that it was read so: nothing when no
    known key is near it."""
    if not a.get("suggest"):
        return ""
    return "; " + _(lang, "did you mean `{key}`? It is read as `{key}`, so the rest is still checked").format(
        key=a["suggest"])


def finding_message(f: Any, lang: str = "en") -> str:
    # A finding may name its own renderer: a Terz record's `bad-card` or `renonce` is worded by
    # Terz (its deck, its obligations) though the code is shared with Tetka.
    renderer = f.renderer
    if renderer is not None:  # a code that a part of the tool words itself (see findings.Code)
        text: str = importlib.import_module(renderer).finding_message(f, lang)
        return text
    if f.code in _WITH_PLAYER:
        return _F[f.code](f.args, lang, f.player or "?")
    return _F[f.code](f.args, lang)


_SEVERITY = {"error": N_("error"), "warning": N_("warning")}


def finding_line(f: Any, lang: str = "en") -> str:
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


# Reasons for marks.
_MARK_REASON = {
    "queen": N_("{card} in trick {trick}"),
    "photograph": N_("the photograph {card} in trick {trick}"),
    "counting-trick": N_("the counting trick, {trick}"),
    "most-tricks": N_("most tricks, {tricks}"),
    "last-trick": N_("the last trick, {trick}"),
}


def mark_reason(mark: Any, lang: str = "en") -> str:
    tmpl = _(lang, _MARK_REASON[mark.kind.value])
    return tmpl.format(card=card_text(mark.card, lang), trick=mark.trick, tricks=mark.tricks)
