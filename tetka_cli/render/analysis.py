"""A run of `analyse` (`results.analysis`) drawn once for every game and both views: the JSON
document, the CSV rows, the text tables of each record's costly plays and the summary per player.

What differs between the games is data each declares (`AnalysisWords`): its words (marks or points,
"at worst" or "from this trick on"), its signs, its figures' explanations, its reasons to skip.

CSV has one layout a view, the same for every game and every mix (docs/analyse.md, "CSV"): a row a
graded play, its game's name first and its part's number under `part`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from ..common.i18n import gettext as _
from ..common.i18n import ngettext
from ..common.json_types import JsonValue
from ..common.locale_format import card_text, choice_text, money_text
from ..common.output_table import Table
from ..results.analysis import (SKIP_REASONS, Analysed, AnalysisWords, ExpectedGrade, GradedHand, OpenGrade,
                                Summary, View, proved_loss, sign_of)

Json = dict[str, JsonValue]


@dataclass(frozen=True, slots=True)
class GradedGame:
    """A game whose records a run graded, as the head of the run's JSON names it."""

    words: AnalysisWords
    from_trick: int  # the first trick graded
    player_view: bool  # graded in the player's view (else in the open view)


# -- JSON -------------------------------------------------------------------------------------------
def _r(x: float) -> float:
    return round(x, 3) + 0.0  # never -0.0


def _cards(cards: Sequence[object]) -> list[JsonValue]:
    return [str(c) for c in cards]


def open_play_json(g: OpenGrade, aw: AnalysisWords, budgeted: bool) -> Json:
    """One play of the open view; in a run with --budget also whether it is `exact` and the proved
    `value_range` and `best_range` (value and best_value are null when not exact, and loss is then
    the loss proved)."""
    out: Json = {"trick": g.trick, "player": g.player, "card": str(g.card), "value": g.value,
                 "best_value": g.best_value, "best_cards": _cards(g.best_cards), "loss": g.loss}
    if aw.names_view:
        out["view"] = aw.open_view
    if budgeted:
        out.update(exact=g.exact, value_range=list(g.value_range), best_range=list(g.best_range))
    return out


def player_play_json(e: ExpectedGrade, aw: AnalysisWords) -> Json:
    """One play of the player's view, its figures rounded to 3 places."""
    low, high = e.interval
    out: Json = {"trick": e.trick, "player": e.player, "card": str(e.card), "expected": _r(e.expected),
                 "best_expected": _r(e.best_expected), "best_cards": _cards(e.best_cards),
                 "expected_loss": _r(e.expected_loss), "interval": [_r(low), _r(high)], "samples": e.samples,
                 "exhaustive": e.exhaustive}
    if aw.horizon is not None:
        out["to_end"] = e.to_end
    return out


def hand_json(h: GradedHand, aw: AnalysisWords) -> Json:
    plays: list[JsonValue] = [open_play_json(g, aw, h.budgeted) for g in h.open_plays]
    plays += [player_play_json(e, aw) for e in h.player_plays]
    return {"number": h.hand, "skipped": h.skipped, "taken": dict(h.taken), "plays": plays}


def record_json(a: Analysed, aw: AnalysisWords) -> Json:
    """One record: its parts (the game's key: "robbers", "games"), each with its hands."""
    parts: dict[int, list[JsonValue]] = {}
    for h in a.hands:
        parts.setdefault(h.part, []).append(hand_json(h, aw))
    out: Json = {"path": a.path}
    if aw.names_view:
        out.update(game=aw.words.game, view="player" if a.view == "player" else aw.open_view)
    out[aw.words.parts_key] = [{"number": n, "hands": hs} for n, hs in parts.items()]
    return out


def summary_json(s: Summary, aw: AnalysisWords, view: View, only: str | None = None) -> Json:
    """Each player's plays, costly plays and what they cost (`marks_lost`, `points_lost`); in the
    open view of a game with signs also the plays unproved, the signs and the accuracy."""
    lost = f"{aw.words.score_key}_lost"
    out: Json = {}
    for p, x in s.rows(only):
        if view == "player":
            out[p] = {"plays": x.plays, "costly": x.costly, lost: round(float(x.lost), 3)}
        elif aw.loss_grades:
            out[p] = {"plays": x.plays, "costly": x.costly, lost: int(x.lost), "unproved": x.unproved,
                      "signs": dict(x.signs), "accuracy": x.accuracy}
        else:
            out[p] = {"plays": x.plays, "costly": x.costly, lost: int(x.lost)}
    return out


def players_json(summaries: Sequence[tuple[Summary, AnalysisWords]], view: View, only: str | None = None) -> Json:
    """The run's `players`: each game's summary, by game name when a run mixes games (one player
    may sit at both)."""
    docs = [summary_json(s, aw, view, only) for s, aw in summaries]
    if len(docs) == 1:
        return docs[0]
    return {aw.words.game: doc for (_s, aw), doc in zip(summaries, docs)}


def head_json(games: Sequence[GradedGame], view: View, samples: int, seed: int) -> Json:
    """`from_trick`, `view` and `figures` of the games read: each game's own, by game name when a
    run mixes games; with --view player, `samples` and `seed` too."""
    keys: dict[str, Json] = {}
    for g in games:
        aw = g.words
        keys[aw.words.game] = {"from_trick": g.from_trick, "view": "player" if g.player_view else aw.open_view,
                               "figures": dict(aw.player_figures if g.player_view else aw.figures)}
    out: Json = next(iter(keys.values())) if len(keys) == 1 else {
        k: {name: v[k] for name, v in keys.items()} for k in ("from_trick", "view", "figures")}
    if view == "player":
        out.update(samples=samples, seed=seed)
    return out


# -- CSV --------------------------------------------------------------------------------------------
OPEN_COLUMNS = ("game", "path", "part", "hand", "trick", "player", "card", "value", "best_value", "best_cards",
                "loss", "view")
PLAYER_COLUMNS = ("game", "path", "part", "hand", "trick", "player", "card", "expected", "best_expected",
                  "best_cards", "expected_loss", "interval_low", "interval_high", "samples", "exhaustive", "to_end")


def analysis_columns(view: View) -> tuple[str, ...]:
    """The header of `analyse --format csv` in `view`, the same for every game and mix."""
    return PLAYER_COLUMNS if view == "player" else OPEN_COLUMNS


def _flag(b: bool) -> str:
    return "true" if b else "false"


def analysis_rows(a: Analysed, aw: AnalysisWords) -> Iterator[list[object]]:
    """A row a graded play under `analysis_columns` (a value a budget left as a range is empty)."""
    game = aw.words.game
    for h in a.hands:
        head = [game, a.path, h.part, h.hand]
        for g in h.open_plays:
            yield [*head, g.trick, g.player, str(g.card), "" if g.value is None else g.value,
                   "" if g.best_value is None else g.best_value, " ".join(str(c) for c in g.best_cards), g.loss,
                   aw.open_view]
        for e in h.player_plays:
            low, high = e.interval
            yield [*head, e.trick, e.player, str(e.card), _r(e.expected), _r(e.best_expected),
                   " ".join(str(c) for c in e.best_cards), _r(e.expected_loss), _r(low), _r(high), e.samples,
                   _flag(e.exhaustive), _flag(e.to_end)]


# -- text -------------------------------------------------------------------------------------------
def figure(x: float, lang: str) -> str:
    """A mean for people: two decimals, with a decimal comma in Russian."""
    return money_text(f"{float(x):.2f}", lang)


def costly_line(g: OpenGrade, aw: AnalysisWords, lang: str) -> str:
    """trick 11, Вера: Q♠? — 2 marks at worst; 9♠ or J♠ would have held Вера to 1 at worst (the
    card carries its sign); a value a budget left as a range is said as what was proved."""
    card = card_text(g.card, lang) + (sign_of(proved_loss(g), aw.loss_grades) or "")
    fields = {"trick": g.trick, "player": g.player, "card": card, "cards": choice_text(g.best_cards, lang)}
    if g.exact or aw.bounded is None or aw.at_least is None:
        return aw.costly.text(lang).format(**fields, value=aw.unit.text(lang, g.value_range[0]),
                                           best=g.best_range[0])
    return aw.bounded.text(lang).format(**fields, value=aw.at_least.text(lang, g.value_range[0]),
                                        best=g.best_range[1])


def expected_line(e: ExpectedGrade, aw: AnalysisWords, lang: str) -> str:
    """trick 9, Вера: 7♠ — expected marks 2.41; with Q♠ or K♣ 1.20; expected loss 1.21 (95%: 0.80 to
    1.62), with what else the figures need said: exact where nothing was left to chance, estimated
    beyond a horizon."""
    low, high = e.interval
    line = aw.expected.text(lang).format(
        trick=e.trick, player=e.player, card=card_text(e.card, lang), expected=figure(e.expected, lang),
        cards=choice_text(e.best_cards, lang), best=figure(e.best_expected, lang), loss=figure(e.expected_loss, lang))
    if aw.known is not None and aw.known_from is not None and e.trick >= aw.known_from:
        notes = [aw.known.text(lang)]
    elif e.exhaustive:  # every deal the player could not rule out was valued: nothing left to chance
        notes = [ngettext(lang, "exact: {n} possible deal", "exact: all {n} possible deals", e.samples).format(
            n=e.samples)]
    else:
        notes = [_(lang, "95%: {low} to {high}").format(low=figure(low, lang), high=figure(high, lang))]
    if aw.horizon is not None and not e.to_end:
        notes.append(aw.horizon.text(lang))
    return line + " (" + "; ".join(notes) + ")"


def skip_reason(reason: str, aw: AnalysisWords, lang: str) -> str:
    msg = aw.skip_reasons.get(reason) or SKIP_REASONS.get(reason)
    return reason if msg is None else msg.text(lang)


def record_tables(a: Analysed, aw: AnalysisWords, lang: str) -> list[Table]:
    """Each hand of a record with a costly play, its costly plays, each followed by what its player
    really took in the hand; each hand skipped, why."""
    tables = []
    for h in a.hands:
        title = aw.hand_title.text(lang).format(path=a.path, part=h.part, hand=h.hand)
        if h.skipped:
            tables.append(Table(_(lang, "{title}: skipped ({reason})").format(
                title=title, reason=skip_reason(h.skipped, aw, lang)), [], []))
            continue
        lines = [(costly_line(g, aw, lang), g.player) for g in h.open_plays if g.loss]
        lines += [(expected_line(e, aw, lang), e.player) for e in h.player_plays if e.costly]
        if lines:
            tables.append(Table(title, [], [], [_taken(line, h, p, aw, lang) for line, p in lines]))
    return tables


def _taken(line: str, h: GradedHand, player: str, aw: AnalysisWords, lang: str) -> str:
    n = h.taken.get(player)
    return line if n is None else line + "; " + aw.taken.text(lang).format(n=n)


def summary_title(paths: Sequence[str], lang: str) -> str:
    if len(paths) == 1:
        return _(lang, "{path}: summary").format(path=paths[0])
    return ngettext(lang, "Summary of {n} record", "Summary of {n} records", len(paths)).format(n=len(paths))


def accuracy_text(value: float | None, lang: str) -> str:
    """96.5 (96,5 in Russian); a dash without graded plays."""
    return "—" if value is None else money_text(f"{value:.1f}", lang)


def summary_table(s: Summary, aw: AnalysisWords, view: View, lang: str, only: str | None = None) -> Table:
    """The players of one game in a run: plays analysed, costly plays, what they cost (and in the
    open view of a game with signs, each sign's plays and the accuracy), with notes on what the
    figures mean."""
    heads = [_(lang, "player"), _(lang, "plays analysed"), _(lang, "costly plays")]
    hands = _(lang, "hands analysed: {hands}, skipped: {skipped}").format(hands=s.hands, skipped=s.skipped)
    title = summary_title(s.paths, lang)
    if view == "player":
        return Table(title, [*heads, aw.expected_lost.text(lang)],
                     [[p, x.plays, x.costly, figure(float(x.lost), lang)] for p, x in s.rows(only)],
                     [aw.player_note.text(lang).format(n=s.samples), hands])
    notes = [aw.note.text(lang)]
    unproved = sum(x.unproved for _p, x in s.rows(only))
    if unproved:
        notes.append(_(lang, "plays not searched to the end within the budget: {n}; a loss counted for them "
                             "is proved, others may have been missed").format(n=unproved))
    if not aw.loss_grades:
        return Table(title, [*heads, aw.lost.text(lang)], [[p, x.plays, x.costly, int(x.lost)] for p, x in
                                                           s.rows(only)], [*notes, hands])
    signs = [g.sign for g in aw.loss_grades]
    rows = [[p, x.plays, x.costly, int(x.lost), *(x.signs[g] for g in signs), accuracy_text(x.accuracy, lang)]
            for p, x in s.rows(only)]
    if aw.signs_note is not None:
        notes.append(aw.signs_note.text(lang).format(signs=aw.thresholds(lang)))
    return Table(title, [*heads, aw.lost.text(lang), *signs, _(lang, "accuracy, %")], rows, [*notes, hands])
