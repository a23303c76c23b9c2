"""What `tetka live` knows of Tetka: the words of an entry, what the screen says after each one,
the record and the settlement. The session driver (`live.py`) knows none of it: another game
joins `tetka live` by providing an object with these methods (see `LiveGame` there)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...common.cards import DECK
from ...common.i18n import ngettext
from ...common.messages import mark_reason
from .live import (
    GAME,
    LiveHand,
    LiveHeader,
    Refused,
    Sitting,
    build,
    record_text,
)
from .play import Trick
from .rules import HouseRules
from ..live_words import LiveWords, NotAnEntry

MARKS_WORDS = ("marks", "марки")
PHOTO_WORDS = ("photo", "фото")
FIX_WORDS = ("fix", "испр")
LAST_WORDS = ("last", "последние")
GAME_WORDS = MARKS_WORDS + PHOTO_WORDS + FIX_WORDS + LAST_WORDS


class TetkaLive(LiveWords):
    """Tetka for the live session driver."""

    game = GAME
    seats = 4
    quiet_at_end = ("no-robbers",)  # findings `end` does not repeat: the screen said it

    @staticmethod
    def settle_tables(money: Any, lang: str) -> list[Any]:
        """The tables `tetka settle` prints for a Tetka sitting."""
        from .views import sitting_json, sitting_tables

        return sitting_tables(sitting_json(money), lang)

    # -- the header and the sitting ---------------------------------------------------------------
    @staticmethod
    def header(players: Sequence[str], stake: str, currency: str, first_dealer: str,
               rules: Mapping[str, Any]) -> LiveHeader:
        return LiveHeader(tuple(players), stake, currency, first_dealer, HouseRules(**rules))

    @staticmethod
    def header_from_json(doc: Mapping[str, Any]) -> LiveHeader:
        return LiveHeader.from_json(doc)

    @staticmethod
    def build(header: LiveHeader, entries: Sequence[Mapping[str, Any]]) -> Sitting:
        return build(header, entries)

    @staticmethod
    def record_text(state: Sitting, meta: Mapping[str, str]) -> str:
        return record_text(state, meta)

    # -- reading a line ---------------------------------------------------------------------------
    def parse(self, words: Sequence[str], state: Sitting) -> dict[str, Any] | tuple[str, list[str]]:
        """An entry to log, or ("last", args) for a question that logs nothing."""
        head = words[0].lower()
        if head in PHOTO_WORDS:
            if len(words) != 2:
                raise NotAnEntry(self._("photo takes one card, like: photo J♥"))
            return {"t": "photo", "card": str(self._card(words[1]))}
        if head in MARKS_WORDS:
            return {"t": "marks", "marks": self._numbers(words[1:])}
        if head in FIX_WORDS:
            return self._fix(words[1:], state)
        if head in LAST_WORDS:
            return ("last", list(words[1:]))
        return {"t": "cards", "cards": [str(self._card(w)) for w in words]}

    def _numbers(self, words: Sequence[str]) -> list[int]:
        if len(words) != 4 or not all(w.isdigit() and len(w) <= 2 for w in words):
            raise NotAnEntry(self._("marks takes four numbers, in the order of the players"))
        return [int(w) for w in words]

    def _fix(self, words: Sequence[str], state: Sitting) -> dict[str, Any]:
        usage = self._("fix takes: H T P CARD, H T C C C C,\n  H photo CARD, or H marks N N N N")
        if len(words) < 3 or not words[0].isdigit() or len(words[0]) > 6:
            raise NotAnEntry(usage)
        hand = int(words[0])
        what = words[1].lower()
        if what in PHOTO_WORDS and len(words) == 3:
            return {"t": "fix", "hand": hand, "photo": str(self._card(words[2]))}
        if what in MARKS_WORDS:
            return {"t": "fix", "hand": hand, "marks": self._numbers(words[2:])}
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

    # -- what the screen says ----------------------------------------------------------------------
    def refusal(self, r: Refused) -> str:
        a = r.args_
        _ = self._
        texts = {
            "not-card": _("{text} is not a card"),
            "hand-open": _("hand {hand} is not finished: enter its cards, or undo it"),
            "no-hand": _("no hand in play: start one with photo CARD"),
            "no-cards": _("no cards"),
            "too-many-cards": _("{count} cards, but only {left} are left in this hand"),
            "played": _("{card} was already played in trick {trick}"),
            "marks-count": _("marks takes four numbers, in the order of the players"),
            "marks-range": _("marks are whole numbers from 0 to {limit}"),
            "marks-sum": _("the marks add up to {total}, not {expected}"),
            "no-such-hand": _("there is no hand {hand} (hands so far: {hands})"),
            "fix-played-marks": _("hand {hand} was played: its marks come from its cards"),
            "fix-marks-only": _("hand {hand} is known only by its marks"),
            "no-such-trick": _("hand {hand} has no trick {trick}"),
            "fix-trick-count": _("that trick has {expected} cards, not {count}"),
            "no-such-card": _("no such place in trick {trick} of hand {hand}"),
            "ended": _("the sitting has ended (undo reopens it)"),
            "unknown-entry": _("not an entry: {kind}"),
        }
        return texts.get(r.code, r.code).format(**a)

    def hand_open_number(self, state: Sitting) -> int | None:
        return state.current.number if state.current else None

    def _hand_title(self, h: LiveHand) -> str:
        return self._("Hand {n} (robber {r}, no. {k})").format(n=h.number, r=h.robber, k=h.in_robber)

    def start_lines(self, state: Sitting) -> list[str]:
        """A new hand: who deals, who leads, the counting trick."""
        h = state.current
        assert h is not None and h.photograph is not None
        _ = self._
        return [self._hand_title(h),
                _("Dealer: {p}").format(p=h.dealer),
                _("Leads: {p}").format(p=state.header.table.left_of(h.dealer)),
                _("Photo {card}: trick {n} counts").format(card=h.photograph, n=state.counting_trick(h.photograph))]

    def turn_line(self, state: Sitting) -> str:
        h = state.current
        if h is None:
            return self._("Next: photo CARD or marks (deals: {p})").format(p=state.next_dealer())
        tricks = h.result.tricks if h.result else ()
        n = len(tricks) + (1 if not tricks or tricks[-1].winner is not None else 0)
        return self._("Trick {t}: {p} to play").format(t=n, p=state.to_play())

    def trick_line(self, tr: Trick) -> str:
        return self._("Trick {t}: {cards}, {p} takes").format(
            t=tr.number, cards=" ".join(map(str, tr.cards)), p=tr.winner)

    def renonce_lines(self, h: LiveHand, known: set[tuple[str, int]]) -> list[str]:
        out = []
        for r in h.result.renonces if h.result else ():
            if (r.player, r.trick) not in known:
                out.append(self._("RENONCE: {p}, trick {t}:").format(p=r.player, t=r.trick))
                out.append("  " + self._("{card} on {suit}, and now {held}").format(
                    card=r.card, suit=self.suit(r.led), held=r.held))
                out.append("  " + self._("penalised at the end of the hand"))
        return out

    def hand_end_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """Marks with reasons, penalties, running totals; the robber's end and the next first dealer."""
        _ = self._
        out = [_("Hand {n} over. Marks:").format(n=h.number)]
        if h.result is not None:
            for m in h.result.marks:
                out.append(f"  {m.player}: {mark_reason(m, self.lang)}")
            for r in h.result.renonces:
                out.append("  " + _("renonce of {p} (trick {t}): penalty tricks").format(p=r.player, t=r.trick))
            counts = h.result.counts.after_penalties
            out.append(_("Tricks:") + " " + ", ".join(f"{p} {counts[p]}" for p in state.header.players))
        else:
            out.append("  " + _("marks only"))
        rob = next(r for r in state.robbers if h in r.hands)
        running = self._running(rob, h)
        out.append(_("Totals:"))
        for p in state.header.players:
            out.append(f"  {p}: {running[p]} (+{h.marks[p]})")
        if rob.finished and rob.hands[-1] is h:
            top = max(rob.totals.values())
            marks = ngettext(self.lang, "{n} mark", "{n} marks", top).format(n=top)
            out.append(_("Robber {r} over: {marks}").format(r=rob.number, marks=marks))
            nxt = state.robbers[rob.number] if len(state.robbers) > rob.number else None
            if nxt is not None:
                out.append(_("Robber {r}: {p} deals first").format(r=nxt.number, p=nxt.first_dealer))
        return out

    @staticmethod
    def _running(rob: Any, h: LiveHand) -> dict[str, int]:
        totals = {p: 0 for p in rob.totals}
        for x in rob.hands:
            for p in totals:
                totals[p] += x.marks[p]
            if x is h:
                break
        return totals

    def report(self, before: Sitting, after: Sitting, entry: Mapping[str, Any]) -> list[str]:
        """What the screen says after an accepted entry."""
        kind = entry.get("t")
        out: list[str] = []
        if kind == "photo":
            return self.start_lines(after) + [self.turn_line(after)]
        if kind == "cards":
            h = after.current or after.hands[-1]
            old = before.current
            done_before = len(old.done_tricks) if old else 0
            known = {(r.player, r.trick) for r in (old.result.renonces if old and old.result else ())}
            out.extend(self.trick_line(tr) for tr in h.done_tricks[done_before:])
            out.extend(self.renonce_lines(h, known))
            if after.current is None:
                out.extend(self.hand_end_lines(after, h))
            out.append(self.turn_line(after))
            return out
        if kind == "marks":
            return self.hand_end_lines(after, after.hands[-1]) + [self.turn_line(after)]
        if kind == "fix":
            out.append(self._("Hand {n} corrected; all recomputed").format(n=entry["hand"]))
            return out + self.status_lines(after)
        return self.status_lines(after)

    def status_lines(self, state: Sitting) -> list[str]:
        _ = self._
        rob = state.robber
        out = [_("Robber {r}, {k} hands played").format(r=rob.number, k=len(rob.hands))]
        out.append(_("Totals:") + " " + ", ".join(f"{p} {rob.totals[p]}" for p in state.header.players))
        if state.current is not None:
            h = state.current
            out.append(self._hand_title(h) + ", " + _("photo {card}").format(card=h.photograph))
        if state.ended:
            if state.current is not None:
                out.append(_("Hand {n} was not finished: it is not in the record").format(n=state.current.number))
            out.append(_("The sitting has ended."))
        else:
            out.append(self.turn_line(state))
        return out

    def last_lines(self, state: Sitting, args: Sequence[str]) -> list[str]:
        _ = self._
        if state.current is None:
            return [_("no hand in play")]
        who = state.to_play()
        if args:
            match = [p for p in state.header.players if p.lower() == args[0].lower()]
            if not match:
                return [_("{w} is not a player").format(w=args[0])]
            who = match[0]
        tricks = state.peek(who)
        if not tricks:
            return [_("no trick is finished yet")]
        out = [_("{p} may see:").format(p=who)]
        for tr in tricks:
            out.append(self.trick_line(tr))
            out.append("  " + ", ".join(f"{p} {c}" for p, c in zip(tr.players, tr.cards)))
        return out

    @staticmethod
    def entry_text(e: Mapping[str, Any]) -> str:  # type: ignore[override]
        kind = e.get("t")
        if kind == "photo":
            return f"photo {e['card']}"
        if kind == "cards":
            return " ".join(e["cards"])
        if kind == "marks":
            return "marks " + " ".join(map(str, e["marks"]))
        if kind == "fix":
            rest = [str(e["hand"])]
            if "photo" in e:
                rest += ["photo", e["photo"]]
            elif "marks" in e:
                rest += ["marks"] + [str(v) for v in e["marks"]]
            elif "cards" in e:
                rest += [str(e["trick"])] + list(e["cards"])
            else:
                rest += [str(e["trick"]), str(e["seat"] + 1), e["card"]]
            return "fix " + " ".join(rest)
        return str(kind)

    def words(self, state: Sitting) -> list[str]:
        """What completion offers: the cards still in play (or every card), names, the words."""
        cards = DECK
        if state.current is not None:
            played = set(state.current.cards)
            cards = tuple(c for c in DECK if c not in played)
        return [str(c) for c in cards] + list(state.header.players) + ["photo", "marks", "fix", "last"]

    def help_lines(self) -> list[str]:
        _ = self._
        return [
            _("photo CARD   start a played hand"),
            _("CARD ...     the next cards in turn"),
            _("marks N N N N  a hand by its marks"),
            _("  (in the order of the players)"),
            _("undo, redo   take back, bring back"),
            _("fix H T P CARD  correct a card"),
            _("  (P: player or place 1-4)"),
            _("fix H T C C C C  a whole trick"),
            _("fix H photo CARD, fix H marks ..."),
            _("last [NAME]  the tricks one may see"),
            _("status       where we are"),
            _("end          end, and settle"),
            _("quit         leave; resume later"),
            _("Cards: Q♥ 10♦ qh Дч 10б ..."),
        ]
