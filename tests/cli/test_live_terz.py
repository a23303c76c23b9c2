"""`tetka live --game terz`: a Terz sitting entered line by line, checked by the Terz rules core as
it goes, scored as the screen shows, and nothing lost."""
from __future__ import annotations

import re
import subprocess

import pytest
import yaml

from support.live_script import child_env, log_events, tetka_command
from support.terz_live_script import PLAYERS, game_script
from tetka_cli.common.cards import parse_card
from tetka_cli.games.terz.game import GameProgress
from tetka_cli.games.terz.hand import replay_hand
from tetka_cli.games.terz.live import Refused, TerzHeader, build
from tetka_cli.games.terz.model import HandInput, TrickInput
from tetka_cli.games.terz.rules import TerzRules
from tetka_cli.games.terz.simulate import Simulator

HEADER = TerzHeader(PLAYERS)
START = ["--game", "terz", "--players", ",".join(PLAYERS), "--stake", "0.50", "--currency", "руб."]


def entries_of(sim_hand) -> list[dict]:
    """A simulated hand as log entries: one card an entry, everything else before its card."""
    h, res = sim_hand.hand, sim_hand.result
    out: list[dict] = [{"t": "trump", "card": str(h.trump)}]
    for t, tr in zip(h.tricks, res.tricks):
        for who, c in ((tr.leader, t.lead), (tr.reply_player, t.reply)):
            if t.exchange == who:
                out.append({"t": "exchange"})
            if who in t.declare:
                out.append({"t": "declare", "cards": [str(x) for x in t.declare[who]]})
            if t.bela == who:
                out.append({"t": "bela"})
            out.append({"t": "cards", "cards": [str(c)]})
        if t.draws and tr.number != res.stopped_at:  # a hand stopped at the target draws no more
            out.append({"t": "draw", "cards": [str(x) for x in t.draws]})
    return out


def refused(entries: list[dict]) -> Refused:
    with pytest.raises(Refused) as e:
        build(HEADER, entries)
    return e.value


def run(path, lines, *extra, start=True, lang="en"):
    args = ["live", str(path)] + (START if start else []) + ["--lang", lang] + list(extra)
    return subprocess.run(tetka_command() + args, input="\n".join(lines) + "\n", text=True, capture_output=True,
                          timeout=120, env=child_env())


# -- the sitting as a pure function of its entries ---------------------------------------------------
def test_a_hand_entered_card_by_card_scores_as_the_rules_core():
    sim = Simulator(players=PLAYERS, seed=11)
    sh = sim.hand("Анна")
    s = build(HEADER, entries_of(sh))
    assert s.current is None and len(s.hands) == 1
    assert dict(s.hands[0].points) == dict(sh.result.points)
    assert s.game.totals == sh.result.points
    assert s.next_dealer() == sh.result.last_trick  # dealer_rule: last_trick


def test_the_dealers_opponent_leads_and_the_winner_leads_next():
    s = build(HEADER, [{"t": "trump", "card": "8♠"}])
    assert s.current.dealer == "Анна" and s.to_play() == "Борис"
    s = build(HEADER, [{"t": "trump", "card": "8♠"}, {"t": "cards", "cards": ["9♣", "8♣"]}])
    assert s.to_play() == "Борис" and s.draw_due() == 1  # 9♣ beats 8♣: Борис draws first and leads
    s = build(HEADER, [{"t": "trump", "card": "8♠"}, {"t": "cards", "cards": ["9♣", "7♠"]}])
    assert s.to_play() == "Анна"  # trumped


def test_refusals_name_the_reason():
    start = [{"t": "trump", "card": "8♠"}, {"t": "cards", "cards": ["9♣", "8♣"]}]
    r = refused(start + [{"t": "cards", "cards": ["9♣"]}])
    assert r.code == "played" and r.args_["trick"] == 1
    assert refused(start + [{"t": "cards", "cards": ["6♣"]}]).code == "not-in-deck"
    # the turned-up card cannot be played while it lies on the table
    for cards in (["8♠"], ["A♥", "8♠"]):  # led (refused at once) or played in reply
        r = refused(start + [{"t": "cards", "cards": cards}])
        assert r.code == "breach" and r.args_["issue"].args["problem"] == "still-turned-up"
    # the draws: the turned-up card lies there until trick 7; a card the opponent drew is his
    r = refused(start + [{"t": "draw", "cards": ["8♠"]}])
    assert r.code == "breach" and r.args_["issue"].code == "duplicate-card"
    r = refused(start + [{"t": "draw", "cards": ["10♣", "J♣"]}, {"t": "cards", "cards": ["J♣"]}])
    assert r.args_["issue"].code == "deal-mismatch" and r.args_["issue"].args["problem"] == "opponent"
    # a declaration that is no combination, and one before trick 2
    r = refused(start + [{"t": "declare", "cards": ["Q♥", "J♥", "9♥"]}])
    assert r.code == "declaration" and r.args_["void"] == "declaration-invalid"
    r = refused(start[:1] + [{"t": "declare", "cards": ["Q♥", "J♥", "10♥"]}])
    assert r.args_["void"] == "declaration-out-of-window"
    # a card of the combination already played
    r = refused(start + [{"t": "declare", "cards": ["10♣", "9♣", "8♣"]}])
    assert r.args_["void"] == "declaration-not-held"
    # an answer that does not beat the declaration
    r = refused(start + [{"t": "declare", "cards": ["A♥", "K♥", "Q♥"]}, {"t": "cards", "cards": ["7♦"]},
                         {"t": "declare", "cards": ["Q♦", "J♦", "10♦"]}])
    assert r.args_["void"] == "counter-not-higher"
    # bela must go with the K or Q of trumps led
    r = refused(start + [{"t": "bela"}, {"t": "cards", "cards": ["A♥"]}])
    assert r.code == "bela-illegal" and r.args_["reason"] == "not-king-queen"
    # the exchange is too late from trick 7
    six = [{"t": "trump", "card": "8♠"}] + [{"t": "cards", "cards": [a, b]} for a, b in
                                            (("9♣", "8♣"), ("A♣", "7♣"), ("10♦", "9♦"), ("A♦", "8♦"), ("K♦", "7♦"),
                                             ("9♥", "8♥"))]
    r = refused(six + [{"t": "exchange"}])
    assert r.code == "exchange-illegal" and r.args_["reason"] == "too-late"
    assert refused(six + [{"t": "cards", "cards": ["10♥", "7♥"]}, {"t": "cards", "cards": ["J♥", "Q♥"]},
                          {"t": "draw", "cards": ["A♥"]}]).code == "draw-after-stock"


def test_an_illegal_reply_after_the_stock_is_flagged_with_the_obligation_it_breaks():
    sim = Simulator(players=PLAYERS, seed=4)
    sh = sim.hand("Анна", renonce_at=9)
    assert sh.renonce is not None
    s = build(HEADER, entries_of(sh))
    (r,) = s.hands[0].result.renonces
    assert r.trick == 9 and r.args["obligation"] in ("follow", "trump", "beat")
    assert dict(s.hands[0].points) == dict(sh.result.points)


def test_a_points_only_hand_and_a_fix_recompute_the_game():
    s = build(HEADER, [{"t": "points", "points": [300, 100], "last": "Анна"}])
    assert s.game.totals == {"Анна": 300, "Борис": 100} and s.next_dealer() == "Анна"
    s = build(HEADER, [{"t": "points", "points": [300, 100]}, {"t": "points", "points": [210, 100]}])
    assert s.games[0].finished and s.games[0].progress.winner == "Анна" and s.game.number == 2
    s = build(HEADER, [{"t": "points", "points": [300, 100]}, {"t": "points", "points": [210, 100]},
                       {"t": "fix", "hand": 2, "points": [100, 100]}])
    assert not s.games[0].finished and s.game.totals == {"Анна": 400, "Борис": 200}
    alternate = TerzHeader(PLAYERS, first_dealer="Борис", rules=TerzRules(target=301, dealer_rule="alternate"))
    s = build(alternate, [{"t": "points", "points": [150, 100]}, {"t": "points", "points": [100, 150]}])
    assert [h.dealer for h in s.hands] == ["Борис", "Анна"] and s.next_dealer() == "Борис"
    assert not s.game.finished and s.game.totals == {"Анна": 250, "Борис": 250}
    s = build(alternate, [{"t": "points", "points": [150, 100]}, {"t": "points", "points": [160, 150]}])
    assert s.games[0].progress.winner == "Анна" and s.game.number == 2 and s.game.first_dealer == "Борис"


# -- a whole game through a pipe ----------------------------------------------------------------------
def screen_hands(stdout: str) -> list[dict[str, tuple[int, int]]]:
    """Each finished hand as the screen showed it: player -> (running total, points of the hand);
    a hand shown again (after a fix) replaces the one shown before."""
    shown: dict[int, dict[str, tuple[int, int]]] = {}
    for m in re.finditer(r"Hand (\d+) over\.\n(?:  .*\n)*Points: (.*)\nTotals \(to \d+\): (.*)\n", stdout):
        pts = dict((p, int(v)) for p, v in (x.rsplit(" ", 1) for x in m.group(2).split(", ")))
        tot = dict((p, int(v)) for p, v in (x.rsplit(" ", 1) for x in m.group(3).split(", ")))
        shown[int(m.group(1))] = {p: (tot[p], pts[p]) for p in PLAYERS}
    return [shown[k] for k in sorted(shown)]


def rescore(path) -> list[dict]:
    """The record scored by the rules core itself: every played hand replayed, every game's totals."""
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    assert doc["format"] == 1 and doc["game"] == "terz" and doc["players"] == list(PLAYERS)
    out = []
    for g in doc["games"]:
        progress = GameProgress.start(PLAYERS, g["first_dealer"])
        for h in g["hands"]:
            if "trump" not in h:
                progress = progress.after_points(h["points"], last_trick=h.get("last_trick"), dealer=h["dealer"])
                out.append(dict(h["points"]))
                continue
            assert h["dealer"] == progress.dealer_of_next_hand
            tricks = []
            for t in h["tricks"]:
                extra = t if isinstance(t, dict) else {}
                play = (t["play"] if extra else t).split("/")
                lead, reply = (parse_card(c) for c in play[0].split())
                draws = tuple(parse_card(c) for c in play[1].split()) if len(play) > 1 else ()
                declare = {p: tuple(parse_card(c) for c in cs.split()) for p, cs in extra.get("declare", {}).items()}
                tricks.append(TrickInput(lead, reply, draws, extra.get("exchange"), declare, None, extra.get("bela")))
            res = replay_hand(PLAYERS, HandInput(h["dealer"], parse_card(h["trump"]), tuple(tricks)))
            assert res.complete and not [i for i in res.issues if i.code != "renonce"]
            assert dict(res.points) == h["points"]
            progress = progress.after_hand(res)
            out.append(dict(res.points))
        assert dict(progress.totals) == g["totals"] and progress.winner == g.get("winner")
    return out


def test_a_whole_game_through_a_pipe_leaves_a_record_scored_as_the_screen_showed(tmp_path):
    script = game_script(3)
    assert script.points_only and "undo" in script.lines and any(x.startswith("fix") for x in script.lines)
    path = tmp_path / "terz.yaml"
    done = run(path, script.lines)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    shown = screen_hands(done.stdout)
    assert len(shown) == len(script.game.hands)
    scored = rescore(path)
    assert [{p: v[1] for p, v in h.items()} for h in shown] == scored
    assert shown[-1] == {p: (script.game.totals[p], scored[-1][p]) for p in PLAYERS}
    assert f"Game 1 won by {script.game.winner}" in done.stdout
    # the settlement: `tetka settle`'s tables, the stake paid by the game's loser
    loser = next(p for p in PLAYERS if p != script.game.winner)
    assert "terz.yaml: Game 1\n" in done.stdout and "terz.yaml: Sitting\n" in done.stdout
    assert re.search(rf"^{loser}\s+{script.game.totals[loser]}\s+-0\.50 руб\.$", done.stdout, re.M)
    assert re.search(rf"^{script.game.winner}\s+0\.50 руб\.$", done.stdout, re.M)
    assert len(log_events(str(path))) == len(script.lines)
    referee_scores(path, shown)


def referee_scores(path, shown) -> None:
    """`tetka validate` accepts the record (renonces aside) and `tetka marks` scores every hand and
    total exactly as the screen showed."""
    import json

    v = subprocess.run(tetka_command() + ["validate", str(path)], capture_output=True, text=True, env=child_env())
    assert [x for x in v.stdout.splitlines() if " error " in x and " error renonce:" not in x] == [], v.stdout
    assert v.returncode in (0, 1) and "1 unreadable" not in v.stdout + v.stderr, v.stdout + v.stderr
    m = subprocess.run(tetka_command() + ["marks", str(path), "--format", "json"], capture_output=True, text=True,
                       env=child_env())
    (rec,) = json.loads(m.stdout)["records"]
    hands = [h for g in rec["games"] for h in g["hands"]]
    assert [dict(h["points"]) for h in hands] == [{p: v[1] for p, v in x.items()} for x in shown]
    running: list[dict] = []
    for g in rec["games"]:
        total = dict.fromkeys(PLAYERS, 0)
        for h in g["hands"]:
            total = {p: total[p] + h["points"][p] for p in PLAYERS}
            running.append(total)
        assert g["totals"] == total
    assert running == [{p: v[0] for p, v in x.items()} for x in shown]


def test_resume_names_the_game_and_carries_on(tmp_path):
    script = game_script(5)
    path = tmp_path / "terz.yaml"
    half = len(script.lines) // 2
    assert run(path, script.lines[:half]).returncode == 0
    again = run(path, script.lines[half:], start=False)
    assert again.returncode == 0, again.stderr
    assert f"Resumed after {half} entries." in again.stdout
    rescore(path)
    wrong = run(path, ["status"], "--game", "tetka", start=False)
    assert wrong.returncode == 2


def test_refusals_in_both_languages(tmp_path):
    lines = ["козырь 8п", "9т 8т", "9т", "6т", "объявить Дч Вч 9ч", "прикуп 7п"]
    ru = run(tmp_path / "ru.yaml", lines, lang="ru")
    assert ru.returncode == 1
    assert "Козыри: пики (открыта 8♠)" in ru.stdout and "Ходит: Борис" in ru.stdout
    assert "! 9♣ уже сыграна во взятке 1" in ru.stderr
    assert "! 6♣ нет в колоде из 32 карт (от 7 до туза)" in ru.stderr
    assert "не комбинация" in ru.stderr
    assert "Прикуп: Борис 7♠" in ru.stdout
    en = run(tmp_path / "en.yaml", ["trump 8s", "9c 8c", "9c", "6c", "declare qh jh 9h", "draw 7s"])
    assert en.returncode == 1
    assert "! 9♣ was already played in trick 1" in en.stderr
    assert "! 6♣ is not in the 32-card deck (7 to A)" in en.stderr
    assert "! Q♥ J♥ 9♥: not a combination" in en.stderr
    assert "ход Борис" in ru.stdout and "Drawn: Борис 7♠" in en.stdout
    assert "Draw after trick 1: Борис first, then Анна (optional)" in en.stdout
    assert len(log_events(str(tmp_path / "en.yaml"))) == 3  # trump, a trick, the draw


def test_killed_and_resumed_nothing_is_lost(tmp_path):
    from support.live_script import kill_and_resume

    # the first 45 lines of a game (most of its first hand); tools/live_kill.py --game terz
    # runs whole games
    stats = kill_and_resume(str(tmp_path), kills=3, seed=5, timeout=300, game="terz", max_lines=45)
    assert stats["kills"] >= 3 and stats["sittings"] >= 1


@pytest.mark.parametrize("seed, rules", [(21, TerzRules()), (22, TerzRules(target=301, dealer_rule="hand_loser")),
                                         (22, TerzRules(stop_at_target=True, declaration_window="1-7"))])
def test_whole_games_entered_live_score_as_the_simulator_played_them(seed, rules):
    sim = Simulator(players=PLAYERS, seed=seed, rules=rules)
    game = sim.game()
    header = TerzHeader(PLAYERS, rules=rules)
    entries = [e for sh in game.hands for e in entries_of(sh)]
    s = build(header, entries)
    assert s.current is None and len(s.hands) == len(game.hands)
    assert [dict(h.points) for h in s.hands] == [dict(sh.result.points) for sh in game.hands]
    assert [h.dealer for h in s.hands] == [sh.hand.dealer for sh in game.hands]
    assert s.games[0].progress.winner == game.winner and dict(s.games[0].totals) == dict(game.totals)


def test_a_hand_stopped_at_the_target_takes_no_more_cards():
    rules = TerzRules(stop_at_target=True, declaration_window="1-7")
    game = Simulator(players=PLAYERS, seed=22, rules=rules).game()
    stopped = next(sh for sh in game.hands if sh.result.stopped_at)
    header = TerzHeader(PLAYERS, rules=rules)
    entries = [e for sh in game.hands[:game.hands.index(stopped) + 1] for e in entries_of(sh)]
    s = build(header, entries)
    assert s.current is None and s.games[0].finished and s.games[0].progress.end == "stop_at_target"
    with pytest.raises(Refused) as e:
        build(header, entries + [{"t": "cards", "cards": ["7♠"]}])
    assert e.value.code == "no-hand"


@pytest.mark.parametrize("args, says", [
    (["--game", "terz", "--players", "A,B,C"], "two distinct names"),
    (["--game", "terz", "--players", "A,B", "--rule", "foo=1"], "KEY=VALUE"),
    (["--game", "terz", "--players", "A,B", "--rule", "dealer_rule=coin"], "dealer_rule: one of"),
    (["--game", "terz", "--players", "A,B", "--robber-target", "5"], "not rules of Terz"),
    (["--players", "A,B,C,D", "--target", "301"], "not rules of Tetka"),
    (["--game", "terz", "--players", "A,B", "--first-dealer", "C"], "not one of the players"),
])
def test_a_sitting_started_wrongly_is_a_usage_error(tmp_path, args, says):
    r = subprocess.run(tetka_command() + ["live", str(tmp_path / "x.yaml")] + args, input="", text=True,
                       capture_output=True, env=child_env(), timeout=60)
    assert r.returncode == 2 and says in r.stderr, r.stderr
    assert not (tmp_path / "x.yaml.live.jsonl").exists()


def test_house_rules_reach_the_log_and_the_record(tmp_path):
    path = tmp_path / "x.yaml"
    r = run(path, ["points 250 100 Борис", "end"], "--target", "301", "--rule", "declaration_window=1-7",
            "--rule", "renonce_penalty=hand", "--dealer-rule", "hand_loser")
    assert r.returncode == 0, r.stderr
    text = path.read_text(encoding="utf-8")
    assert "  target: 301\n" in text and '  declaration_window: "1-7"\n' in text
    assert '  dealer_rule: "hand_loser"\n' in text and '  renonce_penalty: "hand"\n' in text
    assert "Next dealer: Борис" in r.stdout  # the loser of the hand deals


def test_a_game_on_a_terminal(tmp_path):
    """The same words through the line editor (prompt_toolkit) at a phone's width, `declare`
    completed with Tab; the screen and the record agree as through a pipe."""
    from support.terminal import Terminal

    script = game_script(3)
    path = tmp_path / "terz.yaml"
    term = Terminal(["live", str(path)] + START + ["--lang", "en", "--ack"])
    try:
        term.prompt()
        for n, line in enumerate(script.lines, start=1):
            if line.startswith("declare "):
                term.type("decl")
                term.read_until(b"decl")
                term.type("\t")  # completion of the word
                term.read_until(b"are")
                term.type(line[len("declare"):] + "\r")
            else:
                term.type(line + "\r")
            term.read_until(f"ok {n}".encode())
            if line != "end":
                term.prompt()
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    shown = screen_hands(term.text)
    assert [{p: v[1] for p, v in h.items()} for h in shown] == rescore(path)
    referee_scores(path, shown)
