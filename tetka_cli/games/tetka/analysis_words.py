"""What `analyse` says of Tetka's graded plays (`results.analysis.AnalysisWords`): marks, fewer is
better, "at worst" in the open view (the other three together against the player, all hands
open), and the signs of `play_signs`. `render.analysis` draws them."""
from __future__ import annotations

from ...common.i18n import N_
from ...common.i18n import gettext as _
from ...results.analysis import AnalysisWords
from ...results.words import Msg, Plural
from .play_signs import LOSS_GRADES
from .words import WORDS

# What the figures are, for a reader who would take the worst case for the result of the hand.
FIGURES = {
    "value": "worst case: the marks the player ends the hand with after this card, playing best after it, "
             "the other three playing together against the player, all hands open",
    "best_value": "the same worst case after the player's best card",
    "loss": "value - best_value",
    "taken": "the marks each player really took in the hand",
}

PLAYER_FIGURES = {
    "expected": "the mean, over the deals drawn from what the player could know, of the marks the player "
                "ends the hand with after this card (in each deal: all hands open, the player playing best "
                "after it, the other three together against the player)",
    "best_expected": "the least such mean over the player's legal cards",
    "best_cards": "every legal card with that least mean",
    "expected_loss": "expected - best_expected",
    "interval": "95% interval of expected_loss: mean of the deal-by-deal differences (card played - first "
                "of best_cards) +/- Student's t (samples - 1 degrees of freedom) standard deviations / "
                "sqrt(samples), the deviation counted with two more deals a mark above and below the mean",
    "samples": "deals valued at this play: --samples drawn at random, or every deal consistent with what "
               "the player could know when there are no more (then exhaustive is true, the figures exact "
               "and the interval a point)",
    "taken": "the marks each player really took in the hand",
}

ANALYSIS_WORDS = AnalysisWords(
    words=WORDS, open_view="open", figures=FIGURES, player_figures=PLAYER_FIGURES,
    hand_title=Msg("{path}: robber {part}, hand {hand}"),
    unit=Plural(N_("{n} mark", "{n} marks")),
    costly=Msg("trick {trick}, {player}: {card} — {value} at worst; {cards} would have held {player} to {best} "
               "at worst"),
    expected=Msg("trick {trick}, {player}: {card} — expected marks {expected}; with {cards} {best}; "
                 "expected loss {loss}"),
    taken=Msg("marks taken: {n}"),
    note=Msg("“at worst”: the marks a player ends the hand with after the card when the other three play "
             "together against the player, all hands open; not the hand's result. “marks taken”: what the "
             "player really took in the hand."),
    player_note=Msg("Player's view: each play is judged over {n} deals drawn from what the player could know "
                    "(the cards played and by whom, the suits shown void, the photograph, the player's own "
                    "cards). “expected marks”: the mean over those deals of the marks at the end of the hand "
                    "after the card, each deal played with all hands open and the other three together against "
                    "the player; “expected loss”: above the card with the least mean, with its 95% interval. "
                    "“marks taken”: what the player really took in the hand."),
    lost=Msg("marks lost"), expected_lost=Msg("expected marks lost"),
    skip_reasons={"not-played": Msg("marks only, no cards"), "not-replayed": Msg("its cards could not be replayed")},
    loss_grades=LOSS_GRADES,
    signs_note=Msg("Signs, by the marks a play cost: {signs}. Accuracy: the share of a player's graded plays made "
                   "with a best card, in per cent."),
    bounded=Msg("trick {trick}, {player}: {card} — {value} at worst; {cards} would have held {player} to at most "
                "{best} at worst (proved; not searched to the end)"),
    at_least=Plural(N_("at least {n} mark", "at least {n} marks")),
)


def signs_legend(lang: str) -> str:
    """What each sign means, with its name: the replay page's legend under the costly plays."""
    names = ", ".join(f"{g.sign} {_(lang, g.name)}" for g in sorted(LOSS_GRADES, key=lambda g: g.least))
    return _(lang, "Signs ({names}), by the marks a play cost: {signs}.").format(
        names=names, signs=ANALYSIS_WORDS.thresholds(lang))
