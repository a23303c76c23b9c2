"""How Terz findings are worded, in English and Russian (the one catalog, `tetka.po`).

Terz's own codes (declarations, bela, the exchange, points, the game) are worded here, and so are
shared codes whose Terz sense differs from Tetka's: a card of rank 2-6 (`bad-card`), a key of the
other game (`unknown-key`), the obligations after the stock (`renonce`), 16 tricks (`incomplete`),
the dealer rule (`wrong-dealer`), the deal and draws (`deal-mismatch`).
"""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Mapping

from ...common.cards import Card, CardError, parse_card
from ...common.findings import Finding
# `N_`, `_` and `ngettext` are this module's names too: the Terz views word with them.
from ...common.i18n import N_ as N_
from ...common.i18n import _ as _
from ...common.i18n import ngettext as ngettext
from ...common.locale_format import card_text
from ...common.messages import Args, quoted

# The context of the few English words Terz says otherwise in Russian than Tetka: a Terz game is
# «окончена» where a Tetka robber is «окончен» (`pgettext(lang, CONTEXT, "finished")`).
CONTEXT = "terz"


GAME_NAMES = {"tetka": ("Tetka", "Тётки"), "terz": ("Terz", "Терца")}
SUITS_RU = {"♠": "пики", "♥": "червы", "♦": "бубны", "♣": "трефы"}


def games_text(lang: str, n: int) -> str:
    """`1 game`, `3 games`; «1 партия», «3 партии», «5 партий»."""
    return ngettext(lang, "{n} game", "{n} games", n).format(n=n)


def hands_text(lang: str, n: int) -> str:
    """`1 hand`, `4 hands`; «1 кон», «4 кона», «5 конов»."""
    return ngettext(lang, "{n} hand", "{n} hands", n).format(n=n)


class _Args(dict[str, str]):
    """Arguments for a message: a missing one shows as `?`, never as an error."""

    def __missing__(self, key: str) -> str:
        return "?"


def _show(v: object, lang: str = "en") -> str:
    """An argument as a message shows it: cards in the language's letters (Д♥ in Russian)."""
    if isinstance(v, (list, tuple)):
        return " ".join(_show(x, lang) for x in v)
    if isinstance(v, Card):
        return card_text(v, lang)
    if isinstance(v, str) and lang != "en" and v and v[-1] in _SUIT_SIGNS:
        try:
            return card_text(parse_card(v), lang)
        except CardError:
            return v
    return "?" if v is None else str(v)


_SUIT_SIGNS = "♠♥♦♣"


def _fill(lang: str, text: str, args: Args, player: str | None) -> str:
    values = _Args({k: _show(v, lang) for k, v in args.items()})
    values["player"] = player or values.get("player", "?")
    return string.Formatter().vformat(_(lang, text), (), values)


def kind_name(kind: str | None, lang: str) -> str:
    """A combination's name (the rules core's words)."""
    from .names import kind_name as core_kind_name

    return core_kind_name(kind or "?", lang)


_BELA = {
    "not-on-lead": N_("{player} announced bela on a reply ({card}): bela is announced as the K or Q of trumps is led (bela_on: lead)"),
    "not-king-queen": N_("{player} announced bela on {card}: bela is announced on the K or Q of trumps"),
    "other-not-held": N_("{player} announced bela on {card} without holding the other of the K and Q of trumps"),
    "out-of-window": N_("{player} announced bela at trick {trick}: bela is announced at tricks {window} only (bela_window)"),
    "twice": N_("{player} announced bela a second time: it scores at most once a hand"),
}
_EXCHANGE = {
    "too-late": N_("{player} exchanged the 7 of trumps at trick {trick}: the exchange is allowed only while two or more cards lie on the turned-up card (tricks 1-6)"),
    "not-own-turn": N_("{player} exchanged the 7 of trumps before a reply: with seven_exchange: lead, the exchange comes only before one's own lead"),
    "not-held": N_("{player} exchanged the 7 of trumps without holding it: nothing moved"),
    "turned-seven": N_("{player} exchanged, but the turned-up card is the 7 of trumps itself: there is nothing to exchange"),
    "twice": N_("{player} exchanged a second time: the exchange happens at most once a hand"),
}
_RENONCE = {
    "follow": N_("{player} played {card} on the lead {led}, holding {could}: after the stock a player must follow suit"),
    "trump": N_("{player} played {card} on the lead {led}, holding {could}: void in the suit led, after the stock a player must trump"),
    "beat": N_("{player} played {card} on the lead {led}, holding {could}: after the stock a player must win the trick if able (the trump jack is never forced)"),
    "follow-or-trump": N_("{player} played {card} on the lead {led}, known to hold {could}: after the stock a player must follow suit, or trump when void"),
}
_DEAL = {
    "not-held": N_("{player} plays {card}, provably not in that hand"),
    "opponent": N_("{player} plays {card}, a card of the opponent's"),
    "not-yet": N_("{player} plays {card} before drawing it"),
    "still-turned-up": N_("{player} plays {card} while it is still the turned-up card under the stock"),
    "turned-up": N_("{card} is written as the last draw, but the turned-up card {turned} is what the loser of trick 7 takes"),
    "after-stock": N_("a draw ({cards}) is written after trick {trick}: nothing is drawn after trick 7"),
    "draw-count": N_("more than two cards ({cards}) are drawn after trick {trick}: the winner draws one, then the loser"),
}
_DEALER_RULE = {
    "last_trick": N_("the winner of the previous hand's last trick deals"),
    "hand_winner": N_("the winner of the previous hand deals"),
    "hand_loser": N_("the loser of the previous hand deals"),
    "alternate": N_("the players deal in turn"),
    "first": N_("the first game is dealt first by the first of the players"),
    "first_dealer": N_("the game's first hand is dealt by its first_dealer"),
}
_UNKNOWN_KEY_OTHER = N_("`{key}` is a key of {other} records; this is a {game} record (keys here: {allowed})")

MESSAGES: dict[str, str] = {
    "declaration-invalid": N_("{player} declared {cards}: not a combination (three or more cards in sequence in one suit, or four queens, kings, aces or jacks)"),
    "declaration-out-of-window": N_("{player} declared at trick {trick}: declarations are made at tricks {window} only (declaration_window)"),
    "declaration-not-held": N_("{player} declared a {kind}, {cards}, but provably did not hold {missing}: a declaration is made on the nine cards held"),
    "declaration-subset": N_("{player} declared a {kind}, {cards}, which lies inside a combination the same player already declared, or repeats one written: one starts with the smaller declarations"),
    "declaration-overlap": N_("{player} declared a {kind}, {cards}, which overlaps a sequence the same player declared, without containing it: a new sequence must extend the declared one (overlapping_sequences: must_extend)"),
    "counter-not-higher": N_("{player} answered with a {kind}, {cards}, which is not higher than the leader's {against}: an answer must beat the declaration, so the leader writes"),
    "duplicate-card": N_("{card} is dealt, drawn or played twice in this hand: each of the 32 cards is in a hand once"),
    "forfeit": N_("{player} {offence}: that loses the game"),
    "played-after-stop": N_("the hand stopped at the end of trick {stopped_at}, when a player's written points reached the target (stop_at_target): no trick is played after it"),
    "points-differ": N_("{player}: the table wrote {recorded} points for the hand, the rules give {computed}"),
    "contest-differs": N_("the table wrote this trick's declaration to {written}; by the rules it scores for {computed}"),
    "winner-differs": N_("the table's winner is {recorded}; by the totals and the rules it is {computed}"),
    "after-game-end": N_("the game was decided with hand {ended}: a hand after it does not count"),
    "no-games": N_("the record has no games: nothing to score"),
    "unfinished-game": N_("nobody has reached {target} (highest total {highest}): the game is unfinished"),
    "winner-undetermined": N_("both are over {target} with equal totals, and the record does not show who took the last trick: the winner is undetermined"),
    "totals-differ": N_("{player}: the table's total is {recorded}, the hands add up to {computed}"),
    "incomplete": N_("the hand stops after {tricks} tricks of 16: only what is known is scored"),
    "wrong-dealer": N_("{what} is {given}, but {rule}: {expected}"),
    "bad-card": N_("{text} is not a card of Terz: Terz is played with 32 cards, 7 to ace in each suit"),
}
_OFFENCE = {"draw-out-of-turn": N_("took a card out of turn"), "extra-card": N_("held an extra card")}


_NOBODY = N_("nobody")  # `scored: nobody`: no player writes the declaration


def _game_name(name: str, title: object, lang: str) -> str:
    """A game as this module's sentences name it: Tetka and Terz in the form Russian puts them in
    here («записи Тётки»), any other by its title (a message id the registry's game gave,
    `record_check._key_named`), else by its name."""
    known = GAME_NAMES.get(name)
    if known is not None:
        return known[1 if lang == "ru" else 0]
    return _(lang, title) if isinstance(title, str) and title else name or "?"


def _unknown_key(a: dict[str, object], lang: str) -> str:
    """A key not read where it stands: as either game words it (`common.messages.unknown_key`), or,
    when it is the other game's key, saying so."""
    if not a.get("game"):
        from ...common.messages import unknown_key

        return unknown_key(a, lang)
    other, game = str(a["game"]), str(a.get("record_game", ""))
    allowed = a.get("allowed")
    keys = ", ".join(f"`{k}`" for k in allowed) if isinstance(allowed, (list, tuple)) else ""
    return _fill(lang, _UNKNOWN_KEY_OTHER, {**a, "allowed": keys, "other": _game_name(other, a.get("game_title"), lang),
                                             "game": _game_name(game, a.get("record_title"), lang)}, None)


def finding_message(f: Finding, lang: str = "en") -> str:
    """One finding in plain words: what is wrong and what the rule is."""
    a = dict(f.args)
    a.pop("voice", None)
    if "kind" in a:
        a["kind"] = kind_name(a["kind"], lang)
    if "trick" not in a and f.trick is not None:
        a["trick"] = f.trick
    code = f.code
    which: Mapping[str, str] | None = {"bela-illegal": _BELA, "exchange-illegal": _EXCHANGE, "renonce": _RENONCE}.get(code)
    if which is not None:
        key = str(a.get("obligation" if code == "renonce" else "reason"))
        return _fill(lang, which.get(key, next(iter(which.values()))), a, f.player)
    if code == "unknown-key":
        return _unknown_key(a, lang)
    if code == "bad-card" and a.get("deck") == 32:
        return _fill(lang, MESSAGES["bad-card"], {**a, "text": quoted(a.get("text"), lang)}, f.player)
    if code == "deal-mismatch":
        problem = a.get("problem")
        if problem == "count" and "cards" not in a:
            n = a["count"] if isinstance(a.get("count"), int) else 0
            return ngettext(lang, "{count} card dealt, not 9", "{count} cards dealt, not 9", n).format(
                count=_show(a.get("count")))
        text = _DEAL.get("draw-count" if problem == "count" and "cards" in a else str(problem))
        if text is None:  # a problem this page has no sentence for: the rules core's words for it
            from .names import reason_text

            text = N_("the deal, the draws and the play do not fit together: {detail}")
            a["detail"] = reason_text(code, str(problem), lang)
        return _fill(lang, text, a, f.player)
    if code == "wrong-dealer":
        a["rule"] = _(lang, _DEALER_RULE.get(str(a.get("rule")), _DEALER_RULE["last_trick"]))
    if code == "forfeit":
        a["offence"] = _(lang, _OFFENCE.get(str(a.get("reason")), _OFFENCE["extra-card"]))
    if code == "contest-differs":  # `scored: nobody`, the record's word, in the reader's language
        for key in ("written", "computed"):
            if a.get(key) == "nobody":
                a[key] = _(lang, _NOBODY)
    if code == "totals-differ" and a.get("unread"):
        from ...common.messages import totals_differ

        return totals_differ(a, lang, f.player or "?")
    if code in MESSAGES and code != "bad-card":
        return _fill(lang, MESSAGES[code], a, f.player)
    from ...common.messages import finding_message as common_message

    return common_message(replace(f, args=a), lang)
