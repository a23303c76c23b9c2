"""What `analyse` says of Terz's graded plays (`results.analysis.AnalysisWords`): points, more is
better, "from this trick on" (after the stock both hands are known: the open view is exact), no
signs; in the player's view a play before trick 7 is searched two tricks deep and then estimated.
`render.analysis` draws them."""
from __future__ import annotations

from ...common.i18n import N_
from ...results.analysis import AnalysisWords
from ...results.words import Msg, Plural
from .analysis import EXACT_FROM, VIEW_EXACT
from .words import WORDS

FIGURES = {
    "value": "the points the player scores from this trick to the end of the hand after this card (card points of "
             "the tricks won, 10 for the last trick, bela where the house rules still allow it), both players then "
             "playing their best; after the stock both hands are known, so the value is exact",
    "best_value": "the same after the player's best card",
    "loss": "best_value - value",
    "taken": "the points each player scored in the hand, declarations and bela included",
}

# The player's view (issue 24): tricks 1-7 over deals drawn from what the player could know.
PLAYER_FIGURES = {
    "expected": "the mean, over the deals drawn from what the player could know (the opponent's hand and the "
                "order of the stock unknown), of the points the player scores from this trick to the end of the "
                "hand after this card (card points of the tricks won, 10 for the last trick, bela), in each deal "
                "both hands and the stock open, both players then playing their best; from trick 8 on there is one "
                "deal, the real one, and the figure is the open view's exact value",
    "best_expected": "the greatest such mean over the player's cards",
    "best_cards": "every card with that greatest mean",
    "expected_loss": "best_expected - expected",
    "interval": "95% interval of expected_loss: mean of the deal-by-deal differences (first of best_cards - card "
                "played) +/- Student's t (samples - 1 degrees of freedom) standard deviations / sqrt(samples), the "
                "deviation counted with two more deals a point above and below the mean",
    "samples": "deals valued at this play: --samples drawn at random, or every deal consistent with what the "
               "player could know when there are no more (then exhaustive is true, the means exact and the "
               "interval a point); 1 from trick 8 on",
    "to_end": "each deal searched to the end of the hand (tricks 7-16); false at tricks 1-6, where the search "
              "plays out the trick of the play and the next and then counts an estimate: the points of the cards "
              "each player holds as his, half the stock and the last trick to each, bela to the holder of the K "
              "and Q of trumps (docs/analyse.md)",
    "taken": "the points each player scored in the hand, declarations and bela included",
}

ANALYSIS_WORDS = AnalysisWords(
    words=WORDS, open_view=VIEW_EXACT, figures=FIGURES, player_figures=PLAYER_FIGURES,
    hand_title=Msg("{path}: game {part}, hand {hand}"),
    unit=Plural(N_("{n} point", "{n} points")),
    costly=Msg("trick {trick}, {player}: {card} — {value} from this trick on; {cards} would have given {best}"),
    expected=Msg("trick {trick}, {player}: {card} — expected points {expected}; with {cards} {best}; "
                 "expected loss {loss}"),
    taken=Msg("points in the hand: {n}"),
    note=Msg("After the stock both hands are known: a value is exact, the points from that trick to the end of "
             "the hand (cards, last trick, bela) with both players playing their best. “points in the hand”: "
             "what the player scored in the hand, declarations included."),
    player_note=Msg("Player's view: each play of tricks 1-7 is judged over {n} deals drawn from what the player "
                    "could know (his cards, the cards played, the turned-up card and the exchange, the declarations "
                    "and bela shown); the opponent's hand and the order of the stock are drawn. “expected points”: "
                    "the mean over those deals of the points from that trick to the end of the hand after the card, "
                    "each deal played with both hands and the stock open; searched to the end from trick 7 on, "
                    "before it two tricks searched and then estimated. From trick 8 both hands are known: one deal, "
                    "the open view's exact value. “expected loss”: below the card with the greatest mean, with its "
                    "95% interval."),
    lost=Msg("points lost"), expected_lost=Msg("expected points lost"),
    skip_reasons={"not-played": Msg("points only, no cards"),
                  "no-deal": Msg("the deal or a draw not written: the cards held during the stock are not known")},
    known_from=EXACT_FROM, known=Msg("exact: both hands known"),
    horizon=Msg("two tricks searched, then estimated"),
    names_view=True,
)
