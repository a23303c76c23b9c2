"""What `tetka live` knows of Terz: the words of an entry (trump, cards, draw, exchange, declare,
bela, points, fix), what the screen says after each one, the record: the methods of
`games.live_words.LiveWords`, over the Terz rules core (`games/terz/live.py`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ...common.cards import Card, parse_card
from ...common.i18n import N_, ngettext
from ...kit.live_log import Entry, JsonValue, Refused
from ...kit.live_words import FIX_WORDS, LiveSide, LiveWords, NotAnEntry, RenonceNote
from . import live
from .bela import BELA_POINTS
from .cards import DECK
from .declarations import classify
from .live import LiveHand, Sitting, TerzHeader, pending_declaration
from .model import Issue, TrickResult
from .names import kind_name, obligation_name, reason_text
from .rules import TerzRules

TRUMP_WORDS = ("trump", "козырь")
DRAW_WORDS = ("draw", "прикуп")
EXCHANGE_WORDS = ("exchange", "обмен")
DECLARE_WORDS = ("declare", "объявить")
BELA_WORDS = ("bela", "бела")
POINTS_WORDS = ("points", "очки")
GAME_WORDS = TRUMP_WORDS + DRAW_WORDS + EXCHANGE_WORDS + DECLARE_WORDS + BELA_WORDS + POINTS_WORDS + FIX_WORDS
POINTS_USAGE = N_("points takes two numbers, in the order of the players")
# The words that take only cards: kind -> (its words, fewest and most cards, what it takes).
SIMPLE = {
    "trump": (TRUMP_WORDS, 1, 1, N_("trump takes one card, the turned-up one, like: trump 8♠")),
    "draw": (DRAW_WORDS, 1, 2, N_("draw takes one or two cards, the winner's first")),
    "exchange": (EXCHANGE_WORDS, 0, 0, N_("exchange takes no more words")),
    "declare": (DECLARE_WORDS, 3, 8, N_("declare takes the cards of one combination, like: declare Q♥ J♥ 10♥")),
    "bela": (BELA_WORDS, 0, 0, N_("bela takes no more words: enter it, then the K or Q of trumps")),
}


class TerzLive(LiveWords[Sitting, TerzHeader, LiveHand]):
    """Terz for the live session driver."""

    quiet_at_end = ("no-games", "unfinished-game")  # findings `end` does not repeat: the screen said it
    core = live.CORE
    START, SCORE = "trump", "points"
    WORDS = {"trump": TRUMP_WORDS, "draw": DRAW_WORDS, "exchange": EXCHANGE_WORDS, "declare": DECLARE_WORDS,
             "bela": BELA_WORDS, "points": POINTS_WORDS, "lead": ("lead", "ход"), "reply": ("reply", "ответ")}

    # -- the sitting ------------------------------------------------------------------------------
    def unfinished_text(self, number: int, highest: int) -> str:
        return self._("Game {g} is not finished (highest total {points}).").format(g=number, points=highest)

    # -- reading a line ---------------------------------------------------------------------------
    def parse(self, words: Sequence[str], state: Sitting) -> Entry:
        head = words[0].lower()
        rest = words[1:]
        for kind, (said, least, most, usage) in SIMPLE.items():
            if head in said:
                if not least <= len(rest) <= most:
                    raise NotAnEntry(self._(usage))
                cards: list[JsonValue] = [self._word_card(w) for w in rest]
                return {"t": kind, "card": cards[0]} if kind == "trump" else \
                    {"t": kind, "cards": cards} if cards else {"t": kind}
        if head in POINTS_WORDS:
            return self._points(rest, state)
        if head in FIX_WORDS:
            return self._fix(rest)
        return {"t": "cards", "cards": [self._word_card(w) for w in words]}

    def _word_card(self, w: str) -> str:
        return str(self._card(w))

    def _points(self, words: Sequence[str], state: Sitting) -> Entry:
        entry: dict[str, JsonValue] = {"t": "points", "points": self._numbers(words[:2], 5, POINTS_USAGE)}
        if len(words) == 3:
            entry["last"] = self.player_named(state.header.players, words[2])
        elif len(words) != 2:
            raise NotAnEntry(self._(POINTS_USAGE))
        return entry

    def _fix(self, words: Sequence[str]) -> Entry:
        usage = self._("fix takes: H T CARD CARD, H T lead|reply CARD,\n  H trump CARD, or H points N N")
        hand = self._fixed_hand(words, usage)
        what = words[1].lower()
        if what in TRUMP_WORDS and len(words) == 3:
            return {"t": "fix", "hand": hand, "trump": self._word_card(words[2])}
        if what in POINTS_WORDS:
            return {"t": "fix", "hand": hand, "points": self._numbers(words[2:], 5, POINTS_USAGE)}
        if not what.isdigit() or len(what) > 2 or len(words) != 4:
            raise NotAnEntry(usage)
        trick = int(what)
        seat = {"lead": 0, "ход": 0, "1": 0, "reply": 1, "ответ": 1, "2": 1}.get(words[2].lower())
        if seat is not None:
            return {"t": "fix", "hand": hand, "trick": trick, "seat": seat, "card": self._word_card(words[3])}
        return {"t": "fix", "hand": hand, "trick": trick, "cards": [self._word_card(w) for w in words[2:]]}

    def seat_word(self, seat: int) -> str:
        return self.word(("lead", "reply")[seat])

    # -- what the screen says ----------------------------------------------------------------------
    def refusal(self, r: Refused) -> str:
        a = r.args_
        issue = a.get("issue")
        if r.code == "breach" and isinstance(issue, Issue):
            return self.issue_text(issue)
        if r.code == "declaration":
            return self.void_text(a)
        if r.code in ("bela-illegal", "exchange-illegal"):
            return self.rule_breach(r.code, str(a.get("reason", "")))
        return super().refusal(r)

    def refusal_texts(self) -> Mapping[str, str]:
        _ = self._
        return {
            "not-in-deck": _("{card} is not in the 32-card deck (7 to A)"),
            "hand-full": _("all 16 tricks are played"),
            "no-hand": _("no hand in play: start one with trump CARD"),
            "points-count": _(POINTS_USAGE),
            "not-player": _("{name} is not a player"),
            "draw-when": _("draws come after a trick, before the next card"),
            "draw-after-stock": _("nothing is drawn after trick 7"),
            "drawn": _("the draws after trick {trick} are entered (undo them to change them)"),
            "exchange-twice": _("the exchange is entered already"),
            "declare-twice": _("one combination a turn"),
            "bela-twice": _("bela is entered already"),
            "fix-played-points": _("hand {hand} was played: its points come from its cards"),
            "fix-points-only": _("hand {hand} is known only by its points"),
            "no-such-card": _("no such card in trick {trick} of hand {hand}"),
            "stopped": _("hand {hand} ended at trick {trick}: the target was reached"),
        }

    def void_text(self, a: Mapping[str, object]) -> str:
        """Why a declaration is void (the code and arguments of the rules core)."""
        _ = self._
        code = a.get("void")
        cards = _cards_of(a.get("cards"))
        combo = classify(cards) if cards else None
        what = (kind_name(combo.kind, self.lang) + " " if combo else "") + self.cards(cards)
        texts = {
            "declaration-invalid": _("{what}: not a combination"),
            "declaration-out-of-window": _("{what}: declarations are made at tricks {window}"),
            "declaration-not-held": _("{what}: {missing} not held"),
            "declaration-subset": _("{what}: inside a combination declared before"),
            "declaration-overlap": _("{what}: overlaps a declared sequence without extending it"),
            "counter-not-higher": _("{what}: not higher than {against}"),
        }
        return texts.get(str(code), str(code)).format(
            what=what, window=a.get("window", ""), missing=self.cards(_cards_of(a.get("missing"))),
            against=self.cards(_cards_of(a.get("against"))))

    def rule_breach(self, code: str, why: str) -> str:
        """A bela or an exchange against the rules, and why."""
        head = self._("bela") if code == "bela-illegal" else self._("exchange")
        return f"{head}: {reason_text(code, why, self.lang)}"

    def issue_text(self, issue: Issue) -> str:
        """A breach the rules core found in the hand, in words."""
        _ = self._
        a = dict(issue.args)
        code = issue.code
        card = self.card(str(a.get("card") or ""))
        if code.startswith("declaration-") or code == "counter-not-higher":
            return self.void_text({**a, "void": code})
        if code in ("bela-illegal", "exchange-illegal"):
            return self.rule_breach(code, str(a.get("reason", "")))
        if code == "duplicate-card":
            if issue.where == "draw":
                return _("{card} is not in the stock: dealt, drawn, played or turned up").format(card=card)
            return _("{card} is already in play").format(card=card)
        if code == "deal-mismatch":
            problem = str(a.get("problem", ""))
            if problem == "turned-up":
                return _("after trick 7 the loser takes the turned-up card {turned}, not {card}").format(
                    turned=self.card(str(a.get("turned"))), card=card)
            return f"{card or self.cards(_cards_of(a.get('cards')))}: {reason_text(code, problem, self.lang)}"
        if code == "played-after-stop":
            return _("the hand ended at trick {t}: the target was reached").format(t=a.get("stopped_at"))
        return str(code)

    def hand_title(self, h: LiveHand) -> str:
        return self._("Hand {n} (game {g}, no. {k})").format(n=h.number, g=h.game, k=h.in_game)

    def hand_card(self, h: LiveHand) -> str:
        return self._("trump {card}").format(card=self.card(h.trump))

    def so_far_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """The hand in play so far: card points of the tricks taken, declarations and bela written,
        the points they make (the last trick's 10 comes at the end), renonces proven."""
        r = h.result
        if r is None:
            return []
        _ = self._
        players = state.header.players
        declared = {p: 0 for p in players}
        for d in r.declarations:
            if d.scored:
                declared[d.player] += d.points
        out = ["  " + _("Cards:") + " " + self.pairs(players, r.card_points),
               "  " + _("Declarations:") + " " + self.pairs(players, declared)]
        if r.bela is not None and r.bela.scored:
            out.append("  " + _("Bela: {p} {n}").format(p=r.bela.player, n=BELA_POINTS))
        so_far = {p: r.card_points.get(p, 0) + r.written.get(p, 0) for p in players}
        out.append("  " + _("Points so far:") + " " + self.pairs(players, so_far))
        out.extend("  " + _("renonce: {p}, trick {t}").format(p=n.player, t=n.trick) for n in self.renonces(h))
        return out

    def turn_line(self, state: Sitting) -> str:
        _ = self._
        h = state.current
        if h is None:
            return _("Next: trump CARD or points N N (deals: {p})").format(p=state.next_dealer())
        return _("Trick {t}: {p} to play").format(t=state.trick_number(), p=state.to_play())

    def turn_lines(self, state: Sitting) -> list[str]:
        out = []
        k = state.draw_due()
        h = state.current
        if k is not None and h is not None and h.result is not None:
            w = h.result.tricks[-1].winner
            out.append(self._("Draw after trick {k}: {w} first, then {l} (optional)").format(
                k=k, w=w, l=state.other(w)))
        return out + [self.turn_line(state)]

    def done_tricks(self, h: LiveHand) -> int:
        return len(h.result.tricks) if h.result else 0

    def trick_lines(self, h: LiveHand, first: int) -> list[str]:
        tricks = h.result.tricks if h.result else ()
        return [line for tr in tricks if tr.number >= first for line in self.trick_of(tr)]

    def trick_of(self, tr: TrickResult) -> list[str]:
        """A complete trick: its cards, who takes it and its card points, what was written in it."""
        _ = self._
        out = [_("Trick {t}: {lead} {reply}, {p} takes {n}").format(
            t=tr.number, lead=self.card(tr.lead), reply=self.card(tr.reply), p=tr.winner, n=tr.points)]
        for d in tr.declarations:
            if d.scored:
                out.append("  " + _("{p} writes {what}: {n}").format(
                    p=d.player, what=kind_name(d.kind, self.lang), n=d.points))
        if tr.declarations and tr.scored_to is None:
            out.append("  " + _("no declaration written"))
        if tr.bela is not None and tr.bela.scored:
            out.append("  " + _("{p} writes bela: 20").format(p=tr.bela.player))
        return out

    def renonces(self, h: LiveHand) -> list[RenonceNote]:
        out = []
        for r in h.result.renonces if h.result else ():
            a = r.args
            out.append(RenonceNote(r.player or "", r.trick or 0, (self._("{card} on {led}: did not {obligation}").format(
                card=self.card(str(a.get("card"))), led=self.card(str(a.get("led"))),
                obligation=obligation_name(str(a.get("obligation", "")), self.lang)),)))
        return out

    def hand_end_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """The count of the hand, the running totals to the target, the game's end, the next dealer."""
        _ = self._
        players = state.header.players
        out = [_("Hand {n} over.").format(n=h.number)] + self.count_lines(state, h)
        assert h.points is not None
        out.append(_("Points:") + " " + self.pairs(players, h.points))
        game = next(g for g in state.games if h in g.hands)
        running = self.running(game.hands, h, lambda x: x.points or {})
        out.append(_("Totals (to {target}):").format(target=state.header.rules.target) + " "
                   + self.pairs(players, running))
        if game.finished and game.hands[-1] is h:
            if game.progress.winner is not None:
                out.append(_("Game {g} won by {p}").format(g=game.number, p=game.progress.winner))
            else:
                out.append(_("Game {g} over: the winner is not known (the last trick)").format(g=game.number))
        if state.hands and state.hands[-1] is h:
            out.append(_("Next dealer: {p}").format(p=state.next_dealer()))
        return out

    def count_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """How a complete hand's points are made: card points, the last trick, what was written,
        renonces and their penalty."""
        _ = self._
        players = state.header.players
        r = h.result
        if r is None:
            return ["  " + _("points only")]
        if r.stopped_at is not None:
            return ["  " + _("stopped at trick {t}: {p} reached the target; cards not counted").format(
                        t=r.stopped_at, p=r.reached_target),
                    "  " + _("Declarations and bela:") + " " + self.pairs(players, r.written)]
        out = ["  " + _("Cards:") + " " + self.pairs(players, r.card_points)]
        if r.last_trick is not None:
            out.append("  " + _("Last trick: {p} +10").format(p=r.last_trick))
        out.append("  " + _("Declarations and bela:") + " " + self.pairs(players, r.written))
        if r.renonces:
            out.append("  " + ngettext(self.lang, "{n} renonce", "{n} renonces", len(r.renonces)).format(
                n=len(r.renonces)) + ": " + self.penalty_text(state.header.rules))
        return out

    def penalty_text(self, rules: TerzRules) -> str:
        """What a renonce costs under the sitting's `renonce_penalty` (terz-rules.md)."""
        _ = self._
        return {"hand": _("the offender's card points go to the opponent"),
                "game": _("the first offender loses the game")}.get(rules.renonce_penalty, _("no penalty"))

    def own_report(self, before: Sitting, after: Sitting, entry: Entry) -> list[str]:
        """After a draw, an exchange, a declaration or bela."""
        kind = entry.get("t")
        if kind in ("draw", "exchange", "declare", "bela"):
            return self.announce_lines(before, after, str(kind)) + [self.turn_line(after)]
        return self.status_lines(after)

    def start_lines(self, state: Sitting) -> list[str]:
        """A new hand: who deals, trumps, who leads."""
        _ = self._
        h = state.current
        assert h is not None and h.trump is not None
        return [self.hand_title(h), _("Dealer: {p}").format(p=h.dealer),
                _("Trumps: {suit} (turned up {card})").format(suit=self.suit(h.trump.suit), card=self.card(h.trump)),
                _("Leads: {p}").format(p=state.other(h.dealer))]

    def announce_lines(self, before: Sitting, after: Sitting, kind: str) -> list[str]:
        """After draws, an exchange, a declaration or bela."""
        _ = self._
        h = after.current
        assert h is not None and h.trump is not None
        if kind == "draw":
            w = before.current.result.tricks[-1].winner if before.current and before.current.result else ""
            got = h.hand.tricks[-1].draws if h.hand else ()
            return [_("Drawn:") + " " + ", ".join(f"{p} {self.card(c)}" for p, c in zip([w, after.other(w)], got))]
        if kind == "exchange":
            return [_("{p} exchanges the 7 of trumps for {card}").format(p=before.to_play(), card=self.card(h.trump))]
        if kind == "declare":
            return self.declare_lines(after)
        return [_("{p} announces bela").format(p=before.to_play())]

    def fix_lines(self, after: Sitting, hand: JsonValue) -> list[str]:
        """After a correction: the corrected hand's count again, as it now stands, and the status."""
        out = [self._("Hand {n} corrected; all recomputed").format(n=hand)]
        fixed = [h for h in after.hands if h.number == hand]
        if fixed:
            out.extend(self.hand_end_lines(after, fixed[0]))
        return out + self.status_lines(after)

    def declare_lines(self, s: Sitting) -> list[str]:
        """The combination just declared, its points, and for an answer the contest."""
        _ = self._
        h = s.current
        assert h is not None
        p = s.to_play() or ""
        combo = pending_declaration(s, p)
        assert combo is not None
        out = [_("{p} declares {what} ({cards}): {n}").format(
            p=p, what=kind_name(combo.kind, self.lang), cards=self.cards(combo.cards), n=combo.points)]
        if h.led is not None and h.led.leader != p:
            led = pending_declaration(s, h.led.leader)
            if led is not None:
                out.append("  " + _("higher than {p}'s {what}: {q} writes {n}").format(
                    p=h.led.leader, what=kind_name(led.kind, self.lang), q=p, n=combo.points))
        return out

    def standing_lines(self, state: Sitting) -> list[str]:
        g = state.game
        return [ngettext(self.lang, "Game {g}, {k} hand played", "Game {g}, {k} hands played",
                         len(g.hands)).format(g=g.number, k=len(g.hands)),
                self._("Totals (to {target}):").format(target=state.header.rules.target) + " "
                + self.pairs(state.header.players, g.totals)]

    def last_lines(self, state: Sitting, args: Sequence[str]) -> list[str]:
        """The looking-back rule (terz-rules.md): during play either player may look at the last
        closed trick only (its two cards; the draws stay hidden)."""
        _ = self._
        h = state.current
        if h is None:
            return [_("no hand in play")]
        who = self.player_named(state.header.players, args[0]) if args else state.to_play()
        tricks = h.result.tricks if h.result else ()
        if not tricks:
            return [_("no trick is finished yet")]
        tr = tricks[-1]
        return [_("{p} may see:").format(p=who), *self.trick_of(tr),
                f"  {tr.leader} {self.card(tr.lead)}, {tr.reply_player} {self.card(tr.reply)}"]

    def words(self, state: Sitting) -> list[str]:
        cards = DECK
        if state.current is not None and state.current.result is not None:
            played = {c for t in state.current.result.tricks for c in (t.lead, t.reply)}
            cards = tuple(c for c in DECK if c not in played)
        return [str(c) for c in cards] + list(state.header.players) + [
            "trump", "draw", "exchange", "declare", "bela", "points", "fix"]

    def entry_help(self) -> Sequence[str]:
        return (N_("trump CARD   start a played hand"), N_("CARD ...     the next cards: lead, reply"),
                N_("draw C [C]   the draws, winner's first"), N_("exchange     the 7 of trumps, before the card"),
                N_("declare C C C  one combination, before the card"), N_("bela         before leading the K or Q of trumps"),
                N_("points N N [NAME]  a hand by its points"), N_("  (order of the players; NAME: last trick)"))

    def fix_help(self) -> Sequence[str]:
        return (N_("fix H T C C  correct a trick"), N_("fix H T lead|reply C, fix H trump C"), N_("fix H points N N"))


def _cards_of(v: object) -> list[Card]:
    """The cards a refusal's or an issue's argument names (cards or their texts), in order."""
    items = v if isinstance(v, (list, tuple)) else ()
    out = []
    for c in items:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_card(c))
    return out


if TYPE_CHECKING:  # mypy checks that Terz's live side keeps the live contract
    _KEEPS_THE_CONTRACT: LiveSide[Sitting, TerzHeader] = TerzLive("en")


LIVE = TerzLive  # the live side `games.capabilities.GameModules` makes
