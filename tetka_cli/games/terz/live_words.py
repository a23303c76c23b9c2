"""What `tetka live` knows of Terz: the words of an entry (trump, cards, draw, exchange, declare,
bela, points, fix), what the screen says after each one, the record and the settlement. The same
methods as `live_tetka.TetkaLive`, over the Terz rules core (`games/terz/live.py`)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...common.cards import parse_card
from .cards import DECK
from .declarations import classify
from .live import (
    GAME,
    LiveHand,
    Refused,
    Sitting,
    TerzHeader,
    build,
    pending_declaration,
    record_text,
)
from .model import TrickResult
from .names import kind_name, obligation_name, reason_text
from .rules import TerzRules
from ..live_words import LiveWords, NotAnEntry

TRUMP_WORDS = ("trump", "козырь")
DRAW_WORDS = ("draw", "прикуп")
EXCHANGE_WORDS = ("exchange", "обмен")
DECLARE_WORDS = ("declare", "объявить")
BELA_WORDS = ("bela", "бела")
POINTS_WORDS = ("points", "очки")
FIX_WORDS = ("fix", "испр")
GAME_WORDS = TRUMP_WORDS + DRAW_WORDS + EXCHANGE_WORDS + DECLARE_WORDS + BELA_WORDS + POINTS_WORDS + FIX_WORDS


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(map(str, cards))


class TerzLive(LiveWords):
    """Terz for the live session driver."""

    game = GAME
    seats = 2
    quiet_at_end = ("no-games", "unfinished-game")  # findings `end` does not repeat: the screen said it

    # -- the header and the sitting ---------------------------------------------------------------
    @staticmethod
    def header(players: Sequence[str], stake: str, currency: str, first_dealer: str,
               rules: Mapping[str, Any]) -> TerzHeader:
        return TerzHeader(tuple(players), stake, currency, first_dealer, TerzRules(**rules))

    @staticmethod
    def header_from_json(doc: Mapping[str, Any]) -> TerzHeader:
        return TerzHeader.from_json(doc)

    @staticmethod
    def build(header: TerzHeader, entries: Sequence[Mapping[str, Any]]) -> Sitting:
        return build(header, entries)

    @staticmethod
    def record_text(state: Sitting, meta: Mapping[str, str]) -> str:
        return record_text(state, meta)

    @staticmethod
    def record_errors(path: str, text: str) -> list[Any]:
        """The errors the Terz referee finds in the record: none but renonces, which the record
        must show."""
        from ..records import check_record

        rep = check_record(path, text=text)
        return [f for f in rep.findings if f.is_error and f.code != "renonce"]

    # -- reading a line ---------------------------------------------------------------------------
    def parse(self, words: Sequence[str], state: Sitting) -> dict[str, Any]:
        head = words[0].lower()
        rest = words[1:]
        if head in TRUMP_WORDS:
            if len(rest) != 1:
                raise NotAnEntry(self._("trump takes one card, the turned-up one, like: trump 8♠"))
            return {"t": "trump", "card": self._word_card(rest[0])}
        if head in DRAW_WORDS:
            if not 1 <= len(rest) <= 2:
                raise NotAnEntry(self._("draw takes one or two cards, the winner's first"))
            return {"t": "draw", "cards": [self._word_card(w) for w in rest]}
        if head in EXCHANGE_WORDS:
            if rest:
                raise NotAnEntry(self._("exchange takes no more words"))
            return {"t": "exchange"}
        if head in DECLARE_WORDS:
            if not 3 <= len(rest) <= 8:
                raise NotAnEntry(self._("declare takes the cards of one combination, like: declare Q♥ J♥ 10♥"))
            return {"t": "declare", "cards": [self._word_card(w) for w in rest]}
        if head in BELA_WORDS:
            if rest:
                raise NotAnEntry(self._("bela takes no more words: enter it, then the K or Q of trumps"))
            return {"t": "bela"}
        if head in POINTS_WORDS:
            return self._points(rest, state)
        if head in FIX_WORDS:
            return self._fix(rest)
        return {"t": "cards", "cards": [self._word_card(w) for w in words]}

    def _word_card(self, w: str) -> str:
        return str(self._card(w))

    def _numbers(self, words: Sequence[str]) -> list[int]:
        if len(words) != 2 or not all(w.isdigit() and len(w) <= 5 for w in words):
            raise NotAnEntry(self._("points takes two numbers, in the order of the players"))
        return [int(w) for w in words]

    def _points(self, words: Sequence[str], state: Sitting) -> dict[str, Any]:
        entry: dict[str, Any] = {"t": "points", "points": self._numbers(words[:2])}
        if len(words) == 3:
            match = [p for p in state.header.players if p.lower() == words[2].lower()]
            if not match:
                raise NotAnEntry(self._("{w} is not a player").format(w=words[2]))
            entry["last"] = match[0]
        elif len(words) != 2:
            raise NotAnEntry(self._("points takes two numbers, in the order of the players"))
        return entry

    def _fix(self, words: Sequence[str]) -> dict[str, Any]:
        usage = self._("fix takes: H T CARD CARD, H T lead|reply CARD,\n  H trump CARD, or H points N N")
        if len(words) < 3 or not words[0].isdigit() or len(words[0]) > 6:
            raise NotAnEntry(usage)
        hand, what = int(words[0]), words[1].lower()
        if what in TRUMP_WORDS and len(words) == 3:
            return {"t": "fix", "hand": hand, "trump": self._word_card(words[2])}
        if what in POINTS_WORDS:
            return {"t": "fix", "hand": hand, "points": self._numbers(words[2:])}
        if not what.isdigit() or len(what) > 2 or len(words) != 4:
            raise NotAnEntry(usage)
        trick = int(what)
        seat = {"lead": 0, "ход": 0, "1": 0, "reply": 1, "ответ": 1, "2": 1}.get(words[2].lower())
        if seat is not None:
            return {"t": "fix", "hand": hand, "trick": trick, "seat": seat, "card": self._word_card(words[3])}
        return {"t": "fix", "hand": hand, "trick": trick, "cards": [self._word_card(w) for w in words[2:]]}

    # -- what the screen says ----------------------------------------------------------------------
    def refusal(self, r: Refused) -> str:
        a = dict(r.args_)
        _ = self._
        if r.code == "breach":
            return self.issue_text(a["issue"])
        if r.code == "declaration":
            return self.void_text(a)
        if r.code in ("bela-illegal", "exchange-illegal"):
            head = _("bela") if r.code == "bela-illegal" else _("exchange")
            return f"{head}: {reason_text(r.code, a['reason'], self.lang)}"
        texts = {
            "not-card": _("{text} is not a card"),
            "not-in-deck": _("{card} is not in the 32-card deck (7 to A)"),
            "hand-open": _("hand {hand} is not finished: enter its cards, or undo it"),
            "hand-full": _("all 16 tricks are played"),
            "no-hand": _("no hand in play: start one with trump CARD"),
            "no-cards": _("no cards"),
            "too-many-cards": _("{count} cards, but only {left} are left in this hand"),
            "played": _("{card} was already played in trick {trick}"),
            "points-count": _("points takes two numbers, in the order of the players"),
            "not-player": _("{name} is not a player"),
            "draw-when": _("draws come after a trick, before the next card"),
            "draw-after-stock": _("nothing is drawn after trick 7"),
            "drawn": _("the draws after trick {trick} are entered (undo them to change them)"),
            "exchange-twice": _("the exchange is entered already"),
            "declare-twice": _("one combination a turn"),
            "bela-twice": _("bela is entered already"),
            "no-such-hand": _("there is no hand {hand} (hands so far: {hands})"),
            "fix-played-points": _("hand {hand} was played: its points come from its cards"),
            "fix-points-only": _("hand {hand} is known only by its points"),
            "no-such-trick": _("hand {hand} has no trick {trick}"),
            "fix-trick-count": _("that trick has {expected} cards, not {count}"),
            "no-such-card": _("no such card in trick {trick} of hand {hand}"),
            "stopped": _("hand {hand} ended at trick {trick}: the target was reached"),
            "ended": _("the sitting has ended (undo reopens it)"),
            "unknown-entry": _("not an entry: {kind}"),
        }
        return texts.get(r.code, r.code).format(**a)

    def void_text(self, a: Mapping[str, Any]) -> str:
        """Why a declaration is void (the code and arguments of the rules core)."""
        _ = self._
        code = a.get("void")
        cards = a.get("cards") or ()
        combo = classify(parse_card(c) if isinstance(c, str) else c for c in cards)
        what = (kind_name(combo.kind, self.lang) + " " if combo else "") + _cards(cards)
        texts = {
            "declaration-invalid": _("{what}: not a combination"),
            "declaration-out-of-window": _("{what}: declarations are made at tricks {window}"),
            "declaration-not-held": _("{what}: {missing} not held"),
            "declaration-subset": _("{what}: inside a combination declared before"),
            "declaration-overlap": _("{what}: overlaps a declared sequence without extending it"),
            "counter-not-higher": _("{what}: not higher than {against}"),
        }
        return texts.get(str(code), str(code)).format(
            what=what, window=a.get("window", ""), missing=_cards(a.get("missing", ())),
            against=_cards(a.get("against", ())))

    def issue_text(self, issue: Any) -> str:
        """A breach the rules core found in the hand, in words."""
        _ = self._
        a = dict(issue.args)
        code = issue.code
        if code.startswith("declaration-") or code == "counter-not-higher":
            return self.void_text({**a, "void": code})
        if code in ("bela-illegal", "exchange-illegal"):
            head = _("bela") if code == "bela-illegal" else _("exchange")
            return f"{head}: {reason_text(code, a.get('reason', ''), self.lang)}"
        if code == "duplicate-card":
            if issue.where == "draw":
                return _("{card} is not in the stock: dealt, drawn, played or turned up").format(card=a.get("card"))
            return _("{card} is already in play").format(card=a.get("card"))
        if code == "deal-mismatch":
            problem = a.get("problem", "")
            if problem == "turned-up":
                return _("after trick 7 the loser takes the turned-up card {turned}, not {card}").format(
                    turned=a.get("turned"), card=a.get("card"))
            card = a.get("card") or _cards(a.get("cards", ()))
            return f"{card}: {reason_text(code, problem, self.lang)}"
        if code == "played-after-stop":
            return _("the hand ended at trick {t}: the target was reached").format(t=a.get("stopped_at"))
        return code

    def _hand_title(self, h: LiveHand) -> str:
        return self._("Hand {n} (game {g}, no. {k})").format(n=h.number, g=h.game, k=h.in_game)

    def _pair(self, m: Mapping[str, int], state: Sitting) -> str:
        return ", ".join(f"{p} {m[p]}" for p in state.header.players)

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

    def trick_lines(self, tr: TrickResult) -> list[str]:
        _ = self._
        out = [_("Trick {t}: {lead} {reply}, {p} takes {n}").format(
            t=tr.number, lead=tr.lead, reply=tr.reply, p=tr.winner, n=tr.points)]
        for d in tr.declarations:
            if d.scored:
                out.append("  " + _("{p} writes {what}: {n}").format(
                    p=d.player, what=kind_name(d.kind, self.lang), n=d.points))
        if tr.declarations and tr.scored_to is None:
            out.append("  " + _("no declaration written"))
        if tr.bela is not None and tr.bela.scored:
            out.append("  " + _("{p} writes bela: 20").format(p=tr.bela.player))
        return out

    def renonce_lines(self, h: LiveHand, known: set[tuple[Any, Any]]) -> list[str]:
        out = []
        for r in h.result.renonces if h.result else ():
            if (r.player, r.trick) not in known:
                a = r.args
                out.append(self._("RENONCE: {p}, trick {t}:").format(p=r.player, t=r.trick))
                out.append("  " + self._("{card} on {led}: did not {obligation}").format(
                    card=a.get("card"), led=a.get("led"), obligation=obligation_name(a.get("obligation", ""),
                                                                                     self.lang)))
        return out

    def hand_end_lines(self, state: Sitting, h: LiveHand) -> list[str]:
        """The count of the hand, the running totals to the target, the game's end, the next dealer."""
        _ = self._
        players = state.header.players
        out = [_("Hand {n} over.").format(n=h.number)]
        r = h.result
        if r is not None and r.stopped_at is not None:
            out.append("  " + _("stopped at trick {t}: {p} reached the target; cards not counted").format(
                t=r.stopped_at, p=r.reached_target))
            out.append("  " + _("Declarations and bela:") + " " + self._pair(r.written, state))
        elif r is not None:
            out.append("  " + _("Cards:") + " " + self._pair(r.card_points, state))
            if r.last_trick is not None:
                out.append("  " + _("Last trick: {p} +10").format(p=r.last_trick))
            out.append("  " + _("Declarations and bela:") + " " + self._pair(r.written, state))
            if r.renonces:
                out.append("  " + ngettext_renonce(self.lang, len(r.renonces), state.header.rules.renonce_penalty))
        else:
            out.append("  " + _("points only"))
        assert h.points is not None
        out.append(_("Points:") + " " + self._pair(h.points, state))
        game = next(g for g in state.games if h in g.hands)
        running = {p: 0 for p in players}
        for x in game.hands:
            for p in players:
                running[p] += x.points[p]  # type: ignore[index]
            if x is h:
                break
        out.append(_("Totals (to {target}):").format(target=state.header.rules.target) + " "
                   + self._pair(running, state))
        if game.finished and game.hands[-1] is h:
            if game.progress.winner is not None:
                out.append(_("Game {g} won by {p}").format(g=game.number, p=game.progress.winner))
            else:
                out.append(_("Game {g} over: the winner is not known (the last trick)").format(g=game.number))
        if state.hands and state.hands[-1] is h:
            out.append(_("Next dealer: {p}").format(p=state.next_dealer()))
        return out

    def report(self, before: Sitting, after: Sitting, entry: Mapping[str, Any]) -> list[str]:
        _ = self._
        kind = entry.get("t")
        if kind == "trump":
            h = after.current
            assert h is not None and h.trump is not None
            return [self._hand_title(h), _("Dealer: {p}").format(p=h.dealer),
                    _("Trumps: {suit} (turned up {card})").format(suit=self.suit(h.trump.suit), card=h.trump),
                    _("Leads: {p}").format(p=after.other(h.dealer))] + self.turn_lines(after)
        if kind == "cards":
            old = before.current
            h = after.current or after.hands[-1]
            done = len(old.result.tricks) if old and old.result else 0
            known = {(r.player, r.trick) for r in (old.result.renonces if old and old.result else ())}
            out: list[str] = []
            for tr in (h.result.tricks[done:] if h.result else ()):
                out.extend(self.trick_lines(tr))
            out.extend(self.renonce_lines(h, known))
            if after.current is None:
                out.extend(self.hand_end_lines(after, h))
            return out + self.turn_lines(after)
        if kind == "draw":
            h = before.current
            assert h is not None and h.result is not None
            w = h.result.tricks[-1].winner
            got = after.current.hand.tricks[-1].draws if after.current and after.current.hand else ()
            names = [w, after.other(w)]
            return [_("Drawn:") + " " + ", ".join(f"{p} {c}" for p, c in zip(names, got))] + [self.turn_line(after)]
        if kind == "exchange":
            h = after.current
            assert h is not None and h.trump is not None
            return [_("{p} exchanges the 7 of trumps for {card}").format(p=before.to_play(), card=h.trump)] \
                + [self.turn_line(after)]
        if kind == "declare":
            return self.declare_lines(after) + [self.turn_line(after)]
        if kind == "bela":
            return [_("{p} announces bela").format(p=before.to_play())] + [self.turn_line(after)]
        if kind == "points":
            return self.hand_end_lines(after, after.hands[-1]) + [self.turn_line(after)]
        if kind == "fix":
            out = [_("Hand {n} corrected; all recomputed").format(n=entry["hand"])]
            fixed = [h for h in after.hands if h.number == entry["hand"]]
            if fixed:  # the corrected hand's count again, as it now stands
                out.extend(self.hand_end_lines(after, fixed[0]))
            return out + self.status_lines(after)
        return self.status_lines(after)

    def declare_lines(self, s: Sitting) -> list[str]:
        """The combination just declared, its points, and for an answer the contest."""
        _ = self._
        h = s.current
        assert h is not None
        p = s.to_play() or ""
        combo = pending_declaration(s, p)
        assert combo is not None
        out = [_("{p} declares {what} ({cards}): {n}").format(
            p=p, what=kind_name(combo.kind, self.lang), cards=_cards(combo.cards), n=combo.points)]
        leader = h.pending.get("leader")
        if "lead" in h.pending and leader != p:
            led = pending_declaration(s, leader)
            if led is not None:
                out.append("  " + _("higher than {p}'s {what}: {q} writes {n}").format(
                    p=leader, what=kind_name(led.kind, self.lang), q=p, n=combo.points))
        return out

    def status_lines(self, state: Sitting) -> list[str]:
        _ = self._
        g = state.game
        out = [_("Game {g}, {k} hands played").format(g=g.number, k=len(g.hands))]
        out.append(_("Totals (to {target}):").format(target=state.header.rules.target) + " "
                   + self._pair(g.totals, state))
        if state.current is not None:
            h = state.current
            out.append(self._hand_title(h) + ", " + _("trump {card}").format(card=h.trump))
        if state.ended:
            if state.current is not None:
                out.append(_("Hand {n} was not finished: it is not in the record").format(n=state.current.number))
            out.append(_("The sitting has ended."))
        else:
            out.extend(self.turn_lines(state))
        return out

    @staticmethod
    def entry_text(e: Mapping[str, Any]) -> str:  # type: ignore[override]
        kind = str(e.get("t"))
        if kind == "trump":
            return f"trump {e['card']}"
        if kind in ("cards",):
            return " ".join(e["cards"])
        if kind in ("draw", "declare"):
            return kind + " " + " ".join(e["cards"])
        if kind == "points":
            return "points " + " ".join(map(str, e["points"])) + (f" {e['last']}" if e.get("last") else "")
        if kind == "fix":
            rest = [str(e["hand"])]
            if "trump" in e:
                rest += ["trump", e["trump"]]
            elif "points" in e:
                rest += ["points"] + [str(v) for v in e["points"]]
            elif "cards" in e:
                rest += [str(e["trick"])] + list(e["cards"])
            else:
                rest += [str(e["trick"]), ("lead", "reply")[e["seat"]], e["card"]]
            return "fix " + " ".join(rest)
        return kind

    def words(self, state: Sitting) -> list[str]:
        cards = DECK
        if state.current is not None and state.current.result is not None:
            played = {c for t in state.current.result.tricks for c in (t.lead, t.reply)}
            cards = tuple(c for c in DECK if c not in played)
        return [str(c) for c in cards] + list(state.header.players) + [
            "trump", "draw", "exchange", "declare", "bela", "points", "fix"]

    def help_lines(self) -> list[str]:
        _ = self._
        return [
            _("trump CARD   start a played hand"),
            _("CARD ...     the next cards: lead, reply"),
            _("draw C [C]   the draws, winner's first"),
            _("exchange     the 7 of trumps, before the card"),
            _("declare C C C  one combination, before the card"),
            _("bela         before leading the K or Q of trumps"),
            _("points N N [NAME]  a hand by its points"),
            _("  (order of the players; NAME: last trick)"),
            _("undo, redo   take back, bring back"),
            _("fix H T C C  correct a trick"),
            _("fix H T lead|reply C, fix H trump C"),
            _("fix H points N N"),
            _("status       where we are"),
            _("end          end, and settle"),
            _("quit         leave; resume later"),
            _("Cards: Q♥ 10♦ qh Дч 10б ..."),
        ]

    @staticmethod
    def settle_tables(money: Any, lang: str) -> list[Any]:
        """The tables `tetka settle` prints for a Terz sitting: the stake per game, paid by its loser."""
        from ...common.money import money_places
        from .views import sitting_json, sitting_tables

        return sitting_tables(sitting_json(money), lang, money_places(money.stake))


def ngettext_renonce(lang: str, n: int, penalty: str) -> str:
    from ...common.i18n import ngettext

    text = ngettext(lang, "{n} renonce", "{n} renonces", n).format(n=n)
    return text + " (renonce_penalty: " + penalty + ")"
