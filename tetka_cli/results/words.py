"""A game's words, as data: what the shared renderers need to say about its records (its name, what
one part is called, what a hand's score is) and the keys its JSON and CSV use for them. Every text
is a message id of the one catalog, worded in the reader's language when it is drawn."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..common.cards import Card
from ..common.i18n import gettext, ngettext, pgettext
from ..common.locale_format import card_text
from .money import WonBy


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id of the catalog (with its context, where Russian says the same English word two
    ways), worded in `lang` by `text`; `{name}` fields are filled by the caller."""

    msgid: str
    context: str | None = None

    def text(self, lang: str) -> str:
        return gettext(lang, self.msgid) if self.context is None else pgettext(lang, self.context, self.msgid)


@dataclass(frozen=True, slots=True)
class Plural:
    """A message with a plural (`N_("{n} mark", "{n} marks")`, so that the catalog holds both), worded
    for a number by `text`: 1 марка, 2 марки, 5 марок."""

    forms: tuple[str, str]

    def text(self, lang: str, n: int) -> str:
        return ngettext(lang, self.forms[0], self.forms[1], n).format(n=n)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message with its arguments, worded when drawn: `Phrase(Msg("stopped at trick {n}"), {"n": 9})`."""

    msg: Msg
    args: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        if not self.args:
            return self.msg.text(lang)
        return self.msg.text(lang).format(**{k: card_text(v, lang) if isinstance(v, Card) else v
                                             for k, v in self.args.items()})


@dataclass(frozen=True, slots=True)
class Words:
    """What a game calls its things, for the shared renderers."""

    game: str  # the record's `game:` value
    seats: int  # players at the table
    title: Msg  # the game's name: "Tetka", «Тётка»
    part: Msg  # one part of a record as a heading: "Robber", "Game"
    parts_key: str  # the JSON list of a record's parts: "robbers", "games"
    part_key: str  # a part's number in a finding's JSON: "robber", "game"
    score: Msg  # what a hand's score is called as a heading: "Marks", "Points"
    score_key: str  # ... and in JSON and CSV: "marks", "points"
    finished: Msg  # a part that reached its target ("finished"; in Russian its gender)
    unfinished: Msg
    end_code: str  # the finding code of a part that has not reached its target
    sheet_title: Msg  # the heading of a record's sheet on the HTML page
    race_axis: Msg  # the word under the axis of hands of a race chart
    score_only: Msg  # a hand the table wrote only its score of: "marks only", "points only"
    after_end: Msg  # a hand recorded after its part had ended
    parts: Msg = Msg("Parts")  # a player's parts played, as a heading: "Robbers", "Games"
    won: Msg = Msg("Won")  # ... and those won: "Won (lowest)", "Won"
    won_key: str = "won"  # ... in JSON: "lowest", "won"
    won_by: WonBy = "winner"  # how a part is won: the fewest marks, or a winner named
    won_stat: str = "won"  # what `stats` calls a part won: "robbers_lowest", "games_won"
    provisional: Msg = Msg("provisional: the part is unfinished")  # under a part settled before its end
    unsettled_parts: Msg = Msg("Unfinished parts are not settled.")  # on a page, where some are not
    none_finished: Msg = Msg("No part is finished: nothing to settle yet.")  # on a page, where none is
    per_hand: Msg = Msg("Score/hand")  # `stats`: a player's score per hand, as a heading: "Marks/hand"
    per_hand_so_far: Msg = Msg("Score per hand so far")  # ... as a chart's title
    stats_parts: Msg | None = None  # `stats`: the parts played, as a heading, where not `parts`
    stats_won: Msg | None = None  # ... and those won, where not `won`
    up: Msg | None = None  # the card turned up in every hand, shown on the sheet ("Trump"), if shown
    breakdown: tuple[Msg, ...] = ()  # headings of each player's parts of a hand's score, shown beside it
    breakdown_keys: tuple[str, ...] = ()  # ... and their CSV columns
    replay_keys: tuple[str, ...] = ()  # a trick's own CSV columns in `replay` (Terz: lead, reply, points, ...)

    def part_heading(self, lang: str) -> str:
        return self.part.text(lang)
