"""How Tetka's own findings are worded, in English and Russian (the one catalog, `tetka.po`): the
codes only a Tetka record has (its robbers, its marks, its seating, the slips of writing a hand of
four down), and the reason of each mark. The codes every game shares are worded by
`common.messages`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

from ...common.findings import Finding
from ...common.i18n import N_
from ...common.i18n import gettext as _
from ...common.i18n import ngettext
from ...common.locale_format import card_text, cards_text
from ...common.messages import Args

if TYPE_CHECKING:
    from .marks import Mark


def _names(v: object, lang: str) -> str:
    """Names or cards, in a comma-separated list (as `common.messages` lists them)."""
    return cards_text(v, lang) if isinstance(v, (list, tuple)) else card_text(v, lang)


def _marks_differ(a: Args, lang: str, player: str) -> str:
    n = a["recorded"] if isinstance(a["recorded"], int) else 0
    if a.get("complete", True):
        return ngettext(lang, "{player}: the table wrote {recorded} mark, the cards give {computed}",
                        "{player}: the table wrote {recorded} marks, the cards give {computed}", n).format(
            player=player, recorded=a["recorded"], computed=a["computed"])
    return ngettext(lang, "{player}: the table wrote {recorded} mark, the cards give {computed} so far",
                    "{player}: the table wrote {recorded} marks, the cards give {computed} so far", n).format(
        player=player, recorded=a["recorded"], computed=a["computed"])


def _impossible_marks(a: Args, lang: str, player: str) -> str:
    if a["problem"] == "negative" and a.get("what") == "totals":
        return _(lang, "{player}: a total of {value} marks: totals cannot be negative; write the sum of "
                       "{player}'s marks over the robber's hands").format(player=player, value=a["value"])
    if a["problem"] == "negative":
        return _(lang, "{player} has {value} marks: marks cannot be negative; write how many marks "
                       "{player} took in this hand, 0 or more (a hand's marks are never taken away)"
                 ).format(player=player, value=a["value"])
    return _(lang, "the marks of a hand add up to {sum}, but a hand hands out {expected}").format(
        sum=a["sum"], expected=a["expected"])


def _seat_order(a: Args, lang: str) -> str:
    return _(lang, "these tricks are written in seat order ({players}), not from each trick's leader: "
                   "read in seat order, they give the table's marks; write each trick starting with "
                   "the card of the player who led it").format(players=_names(a.get("players", []), lang))


def _counter_clockwise(a: Args, lang: str) -> str:
    return _(lang, "the players seem listed counter-clockwise: read clockwise as {players}, these tricks "
                   "give the table's marks; list the players clockwise, each next one at the previous "
                   "one's left").format(players=_names(a.get("players", []), lang))


def _short_trick(a: Args, lang: str) -> str:
    return ngettext(lang, "this trick has {count} card, not 4, and more tricks follow it",
                    "this trick has {count} cards, not 4, and more tricks follow it", a["count"]).format(count=a["count"])


def _wrong_turn(a: Args, lang: str) -> str:
    return _(lang, "cards given in the order {given}; the turn is {expected}").format(
        given=_names(a["given"], lang), expected=_names(a["expected"], lang))


def _abandoned_robber(f: Finding, lang: str) -> str:
    a = f.args
    target = a["target"] if isinstance(a["target"], int) else 0
    return ngettext(lang, "robber {robber} stops before anyone reaches {target} mark (highest: {highest}), "
                          "yet another robber follows it: its missing hands, or the robber was abandoned",
                    "robber {robber} stops before anyone reaches {target} marks (highest: {highest}), "
                    "yet another robber follows it: its missing hands, or the robber was abandoned", target).format(
        robber=f.part or "?", target=a["target"], highest=a["highest"])


def _deal_incomplete(a: Args, lang: str) -> str:
    missing = a["missing"]
    names = ", ".join(str(n) for n in missing) if isinstance(missing, (list, tuple)) else str(missing)
    return _(lang, "`deal` gives the cards of some players only: write the 13 cards of every player "
                   "(missing: {names})").format(names=names)


_BY_ARGS: Mapping[str, Callable[[Args, str], str]] = {
    "short-trick": _short_trick,
    "wrong-turn": _wrong_turn,
    "after-robber-end": lambda a, lang: _(lang, "the robber ended with hand {ended} (a total reached {target}): no "
                                                "hand is played after it").format(**a),
    "reseat-too-early": lambda a, lang: _(lang, "a new seating in robber {robber_number}: seats stay fixed for four "
                                                "robbers (allowed before the 5th, 9th, …)").format(**a),
    "unfinished-robber": lambda a, lang: _(lang, "the robber has not reached {target} (highest total {highest}): it "
                                                 "is unfinished").format(**a),
    "no-robbers": lambda a, lang: _(lang, "the record has no robbers: nothing to score"),
    "seat-order": _seat_order,
    "counter-clockwise": _counter_clockwise,
    "deal-incomplete": _deal_incomplete,
}
_WITH_PLAYER: Mapping[str, Callable[[Args, str, str], str]] = {
    "marks-differ": _marks_differ,
    "impossible-marks": _impossible_marks,
}


def finding_message(f: Finding, lang: str = "en") -> str:
    """One of Tetka's own findings in plain words (`codes.CODES`, whose voice this is)."""
    if f.code == "abandoned-robber":
        return _abandoned_robber(f, lang)
    with_player = _WITH_PLAYER.get(f.code)
    if with_player is not None:
        return with_player(f.args, lang, f.player or "?")
    return _BY_ARGS[f.code](f.args, lang)


# The reason of a mark, by its kind (`marks.MarkKind`).
_MARK_REASON = {
    "queen": N_("{card} in trick {trick}"),
    "photograph": N_("the photograph {card} in trick {trick}"),
    "counting-trick": N_("the counting trick, {trick}"),
    "most-tricks": N_("most tricks, {tricks}"),
    "last-trick": N_("the last trick, {trick}"),
}


def mark_reason(mark: Mark, lang: str = "en") -> str:
    """Why a player took a mark: `Q♠ in trick 3`, `the last trick, 13`."""
    tmpl = _(lang, _MARK_REASON[str(mark.kind.value)])
    return tmpl.format(card=card_text(mark.card, lang), trick=mark.trick, tricks=mark.tricks)
