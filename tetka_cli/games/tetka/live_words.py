"""What `tetka live` knows of Tetka: the words of an entry, what the screen says after each one,
the record. The session driver knows none of it: it calls the methods of the live contract
(`kit.live_words.LiveSide`), which this class fills in over `kit.live_words.LiveWords`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ...common.cards import DECK
from ...common.i18n import N_, ngettext
from .messages import mark_reason
from ...kit.live_log import Entry
from ...kit.live_words import FIX_WORDS, LiveSide, LiveWords, NotAnEntry, RenonceNote
from . import live
from .live import LiveHand, LiveHeader, LiveRobber, Sitting, penalties
from .play import Trick

MARKS_WORDS = ("marks", "марки")
PHOTO_WORDS = ("photo", "фото")
GAME_WORDS = MARKS_WORDS + PHOTO_WORDS + FIX_WORDS
MARKS_USAGE = N_("marks takes four numbers, in the order of the players")


class TetkaLive(LiveWords[Sitting, LiveHeader, LiveHand]):
    """Tetka for the live session driver."""

    quiet_at_end = ("no-robbers", "unfinished-robber")  # findings `end` does not repeat: the screen said it
    core = live.CORE
    START, SCORE = "photo", "marks"
    WORDS = {"photo": PHOTO_WORDS, "marks": MARKS_WORDS}

    # -- the sitting ------------------------------------------------------------------------------
    def unfinished_text(self, number: int, highest: int) -> str:
        return self._("Robber {r} is not finished (highest total {marks}).").format(r=number, marks=highest)

    # -- reading a line ---------------------------------------------------------------------------
    def parse(self, words: Sequence[str], state: Sitting) -> Entry:
        head = words[0].lower()
        if head in PHOTO_WORDS:
            if len(words) != 2:
                raise NotAnEntry(self._("photo takes one card, like: photo J♥"))
            return {"t": "photo", "card": str(self._card(words[1]))}
        if head in MARKS_WORDS:
            return {"t": "marks", "marks": self._numbers(words[1:], 2, MARKS_USAGE)}
        if head in FIX_WORDS:
            return self._fix(words[1:], state)
        return {"t": "cards", "cards": [str(self._card(w)) for w in words]}

    def _fix(self, words: Sequence[str], state: Sitting) -> Entry:
        usage = self._("fix takes: H T P CARD, H T C C C C,\n  H photo CARD, or H marks N N N N")
        hand = self._fixed_hand(words, usage)
        what = words[1].lower()
        if what in PHOTO_WORDS and len(words) == 3:
            return {"t": "fix", "hand": hand, "photo": str(self._card(words[2]))}
        if what in MARKS_WORDS:
            return {"t": "fix", "hand": hand, "marks": self._numbers(words[2:], 2, MARKS_USAGE)}
        if not what.isdigit() or len(what) > 2:
            raise NotAnEntry(usage)
        trick = int(what)
        if len(words) == 4:  # one card: by player or place
            who, c = words[2], str(self._card(words[3]))
            seat = self._seat(state, hand, trick, who)
            return {"t": "fix", "hand": hand, "trick": trick, "seat": seat, "card": c}
        return {"t": "fix", "hand": hand, "trick": trick, "cards": [str(self._card(w)) for w in words[2:]]}

    def _seat(self, state: Sitting, hand: int, trick: int, who: str) -> int:
        if who.isdigit() and len(who) == 1:
            return int(who) - 1
        h = self._hand(state, hand)
        if h is None or h.result is None or not 1 <= trick <= len(h.result.tricks):
            return -1  # the sitting refuses it, with the reason
        players = h.result.tricks[trick - 1].players
        for i, p in enumerate(players):
            if p.lower() == who.lower():
                return i
        raise NotAnEntry(self._("{who} did not play in trick {t} of hand {h}").format(who=who, t=trick, h=hand))

    @staticmethod
    def _hand(state: Sitting, number: int) -> LiveHand | None:
        for h in state.hands + ((state.current,) if state.current else ()):
            if h.number == number:
                return h
        return None

    def seat_word(self, seat: int) -> str:
        return str(seat + 1)

    # -- what the screen says ----------------------------------------------------------------------
    def refusal_texts(self) -> Mapping[str, str]:
        _ = self._
        return {
            "no-hand": _("no hand in play: start one with photo CARD"),
            "marks-count": _(MARKS_USAGE),
            "marks-range": _("marks are whole numbers from 0 to {limit}"),
            "marks-sum": _("the marks add up to {total}, not {expected}"),
            "fix-played-marks": _("hand {hand} was played: its marks come from its cards"),
            "fix-marks-only": _("hand {hand} is known only by its marks"),
            "no-such-card": _("no such place in trick {trick} of hand {hand}"),
        }

    def hand_title(self, h: LiveHand) -> str:
        return self._("Hand {n} (robber {r}, no. {k})").format(n=h.number, r=h.robber, k=h.in_robber)

    def hand_card(self, h: LiveHand) -> str:
        return self._("photo {card}").format(card=self.card(h.photograph))

    def start_lines(self, state: Sitting) -> list[str]:
        """A new hand: who deals, who leads, the counting trick."""
        h = state.current
        assert h is not None and h.photograph is not None
        _ = self._
        return [self.hand_title(h),
                _("Dealer: {p}").format(p=h.dealer),
                _("Leads: {p}").format(p=state.header.table.left_of(h.dealer)),
                _("Photo {card}: trick {n} counts").format(card=self.card(h.photograph),
                                                           n=state.counting_trick(h.photograph))]

    def so_far_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """The hand in play so far: tricks taken, marks taken (queens, the photograph, the counting
        trick), renonces proven (their penalty comes at the end of the hand)."""
        if h.result is None:
            return []
        players = state.header.players
        marks = {p: 0 for p in players}
        for m in h.result.marks:
            marks[m.player] += 1
        out = ["  " + self._("Tricks:") + " " + self.pairs(players, h.result.counts.in_play),
               "  " + self._("Marks:") + " " + self.pairs(players, marks)]
        out.extend("  " + self._("renonce: {p}, trick {t}").format(p=r.player, t=r.trick) for r in h.result.renonces)
        return out

    def turn_lines(self, state: Sitting) -> list[str]:
        h = state.current
        if h is None:
            return [self._("Next: photo CARD or marks (deals: {p})").format(p=state.next_dealer())]
        tricks = h.result.tricks if h.result else ()
        n = len(tricks) + (1 if not tricks or tricks[-1].winner is not None else 0)
        return [self._("Trick {t}: {p} to play").format(t=n, p=state.to_play())]

    def done_tricks(self, h: LiveHand) -> int:
        return len(h.done_tricks)

    def trick_lines(self, h: LiveHand, first: int) -> list[str]:
        return [self.trick_line(tr) for tr in h.done_tricks if tr.number >= first]

    def trick_line(self, tr: Trick) -> str:
        return self._("Trick {t}: {cards}, {p} takes").format(t=tr.number, cards=self.cards(tr.cards), p=tr.winner)

    def renonces(self, h: LiveHand) -> list[RenonceNote]:
        _ = self._
        return [RenonceNote(r.player, r.trick, (
            _("{card} on {suit}, and now {held}").format(card=self.card(r.card), suit=self.suit(r.led),
                                                          held=self.card(r.held)),
            _("penalised at the end of the hand"))) for r in (h.result.renonces if h.result else ())]

    def hand_end_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """Marks with reasons, penalties, running totals; the robber's end and the next first dealer."""
        _ = self._
        out = [_("Hand {n} over. Marks:").format(n=h.number)]
        if h.result is not None:
            out.extend(f"  {m.player}: {mark_reason(m, self.lang)}" for m in h.result.marks)
            out.extend(self.penalty_lines(state, h))
            counts = h.result.counts.after_penalties
            out.append(_("Tricks:") + " " + self.pairs(state.header.players, counts))
        else:
            out.append("  " + _("marks only"))
        rob = next(r for r in state.robbers if h in r.hands)
        return out + self.totals_lines(state, rob, h)

    def penalty_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """Each renonce's penalty: which trick each opponent hands the offender."""
        assert h.result is not None
        _ = self._
        out = []
        for pen in penalties(state.header.players, h.result):
            r = pen.renonce
            out.append("  " + _("renonce: {p}, trick {t}; penalty:").format(p=r.player, t=r.trick))
            for giver, trick in pen.handed:
                if trick is None:
                    out.append("    " + _("{p}: no trick to hand over").format(p=giver))
                else:
                    out.append("    " + _("{p} hands trick {t} to {q}").format(p=giver, t=trick, q=r.player))
        return out

    def totals_lines(self, state: Sitting, rob: LiveRobber, h: LiveHand) -> list[str]:
        """The robber's totals through hand `h` (and its marks), the robber's end, who deals next."""
        _ = self._
        running = self.running(rob.hands, h, lambda x: x.marks or {})
        out = [_("Totals:")]
        for p in state.header.players:
            out.append(f"  {p}: {running[p]} (+{(h.marks or {}).get(p, 0)})")
        if rob.finished and rob.hands[-1] is h:
            top = max(rob.totals.values())
            marks = ngettext(self.lang, "{n} mark", "{n} marks", top).format(n=top)
            out.append(_("Robber {r} over: {marks}").format(r=rob.number, marks=marks))
            nxt = state.robbers[rob.number] if len(state.robbers) > rob.number else None
            if nxt is not None:
                out.append(_("Robber {r}: {p} deals first").format(r=nxt.number, p=nxt.first_dealer))
        return out

    def standing_lines(self, state: Sitting) -> list[str]:
        rob = state.robber
        return [ngettext(self.lang, "Robber {r}, {k} hand played", "Robber {r}, {k} hands played",
                         len(rob.hands)).format(r=rob.number, k=len(rob.hands)),
                self._("Totals:") + " " + self.pairs(state.header.players, rob.totals)]

    def last_lines(self, state: Sitting, args: Sequence[str]) -> list[str]:
        """The looking-back rule (tetka-rules.md): the last two tricks while the player has not led
        in this hand, the last one after."""
        _ = self._
        if state.current is None:
            return [_("no hand in play")]
        who = self.player_named(state.header.players, args[0]) if args else state.to_play()
        tricks = state.peek(who)
        if not tricks:
            return [_("no trick is finished yet")]
        out = [_("{p} may see:").format(p=who)]
        for tr in tricks:
            out.append(self.trick_line(tr))
            out.append("  " + ", ".join(f"{p} {self.card(c)}" for p, c in zip(tr.players, tr.cards)))
        return out

    def words(self, state: Sitting) -> list[str]:
        """What completion offers: the cards still in play (or every card), names, the words."""
        cards = DECK
        if state.current is not None:
            played = set(state.current.cards)
            cards = tuple(c for c in DECK if c not in played)
        return [str(c) for c in cards] + list(state.header.players) + ["photo", "marks", "fix"]

    def entry_help(self) -> Sequence[str]:
        return (N_("photo CARD   start a played hand"), N_("CARD ...     the next cards in turn"),
                N_("marks N N N N  a hand by its marks"), N_("  (in the order of the players)"))

    def fix_help(self) -> Sequence[str]:
        return (N_("fix H T P CARD  correct a card"), N_("  (P: player or place 1-4)"), N_("fix H T C C C C  a whole trick"),
                N_("fix H photo CARD, fix H marks ..."))


if TYPE_CHECKING:  # mypy checks that Tetka's live side keeps the live contract
    _KEEPS_THE_CONTRACT: LiveSide[Sitting, LiveHeader] = TetkaLive("en")


LIVE = TetkaLive  # the live side `games.capabilities.GameModules` makes
