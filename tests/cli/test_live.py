"""`tetka live`: a sitting entered line by line, checked as it goes, and nothing lost."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from support.live_script import (PLAYERS, child_env, log_events, run_live, screen_hands, sitting_script, start_args,
                                 tetka_command)
from support.terminal import Terminal
from tetka_cli.kit.live_log import LogWriter, create_log, read_log, timeline
from tetka_cli.games.tetka.live import LiveHeader, Refused, build, record_text
from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.simulate import Simulator

HEADER = LiveHeader(PLAYERS)


def played(hand) -> list[dict]:
    return [{"t": "photo", "card": str(hand.photograph)}] + [
        {"t": "cards", "cards": [str(c) for c in tr]} for tr in hand.tricks]


# -- the sitting as a pure function of its entries ------------------------------------------------
def test_a_hand_entered_card_by_card_scores_as_the_rules_core():
    sim = Simulator(players=PLAYERS, seed=5)
    hand = sim.hand("Анна")
    s = build(HEADER, played(hand))
    assert s.current is None and len(s.hands) == 1
    assert dict(s.hands[0].marks) == dict(hand.marks)
    assert s.robber.totals == hand.marks
    assert s.next_dealer() == "Борис"  # the deal passes to the left


def test_whose_turn_follows_the_winner():
    s = build(HEADER, [{"t": "photo", "card": "2♥"}, {"t": "cards", "cards": ["9♦", "K♦"]}])
    assert s.current.dealer == "Анна" and s.to_play() == "Глеб"  # Борис led, Вера played, Глеб next
    s = build(HEADER, [{"t": "photo", "card": "2♥"}, {"t": "cards", "cards": ["9♦", "K♦", "Q♦", "10♦"]}])
    assert s.to_play() == "Вера"  # K♦ (Вера) took the trick and leads


def test_a_card_already_played_or_not_in_the_deck_is_refused():
    entries = [{"t": "photo", "card": "2♥"}, {"t": "cards", "cards": ["9♦", "K♦", "Q♦", "10♦"]}]
    with pytest.raises(Refused) as e:
        build(HEADER, entries + [{"t": "cards", "cards": ["K♦"]}])
    assert e.value.code == "played" and e.value.args_["trick"] == 1
    with pytest.raises(Refused) as e:
        build(HEADER, entries + [{"t": "cards", "cards": ["2♠", "2♠"]}])
    assert e.value.code == "played"
    with pytest.raises(Refused) as e:
        build(HEADER, entries + [{"t": "cards", "cards": ["1♠"]}])
    assert e.value.code == "not-card"


def test_marks_only_hands_must_add_up():
    with pytest.raises(Refused) as e:
        build(HEADER, [{"t": "marks", "marks": [1, 2, 3, 2]}])
    assert e.value.code == "marks-sum"
    s = build(HEADER, [{"t": "marks", "marks": [1, 2, 3, 1]}])
    assert s.robber.totals == {"Анна": 1, "Борис": 2, "Вера": 3, "Глеб": 1}
    eight = LiveHeader(PLAYERS, rules=HouseRules(last_trick_mark=True))
    assert build(eight, [{"t": "marks", "marks": [1, 2, 3, 2]}]).robber.totals["Глеб"] == 2


def test_a_robber_ends_at_the_target_and_the_next_is_dealt_from_the_left_of_the_first_dealer():
    s = build(HEADER, [{"t": "marks", "marks": [7, 0, 0, 0]}] * 3)
    assert s.robbers[0].finished and s.robbers[0].totals["Анна"] == 21
    assert s.robber.number == 2 and s.robber.first_dealer == "Борис" and s.next_dealer() == "Борис"


def test_a_correction_recomputes_everything_after_it():
    entries = [{"t": "marks", "marks": [7, 0, 0, 0]}] * 3 + [{"t": "marks", "marks": [0, 7, 0, 0]}]
    s = build(HEADER, entries)
    assert s.robbers[1].hands[0].dealer == "Борис"
    s = build(HEADER, entries + [{"t": "fix", "hand": 3, "marks": [0, 0, 0, 7]}])
    # The first robber has not ended any more: the fourth hand is its fourth, dealt by Глеб.
    assert not s.robbers[0].finished and s.hands[3].dealer == "Глеб" and s.robber.totals["Анна"] == 14


def test_a_renonce_is_known_the_moment_it_is_proven():
    # Борис leads 9♦, Вера K♦, Глеб a club, Анна 10♦; Вера leads 3♦ and Глеб shows a diamond.
    entries = [{"t": "photo", "card": "2♥"}, {"t": "cards", "cards": ["9♦", "K♦", "2♣", "10♦"]},
               {"t": "cards", "cards": ["3♦"]}]
    assert build(HEADER, entries).current.result.renonces == ()
    s = build(HEADER, entries + [{"t": "cards", "cards": ["4♦"]}])
    r = s.current.result.renonces
    assert [(x.player, x.trick, str(x.card), str(x.held)) for x in r] == [("Глеб", 1, "2♣", "4♦")]


def test_the_renonce_in_a_played_hand_is_penalised_at_its_end():
    sim = Simulator(players=PLAYERS, seed=11, renonce_rate=0.3)
    hand = next(h for h in (sim.hand("Анна") for _ in range(50)) if h.renonces)
    s = build(HEADER, played(hand))
    assert s.hands[0].result.renonces and dict(s.hands[0].marks) == dict(hand.marks)


def test_undo_and_redo_are_entries_too():
    a, b, c = ({"t": "marks", "marks": m} for m in ([7, 0, 0, 0], [0, 7, 0, 0], [0, 0, 7, 0]))
    tl = timeline([a, b, {"t": "undo"}, {"t": "undo"}, {"t": "redo"}])
    assert tl.entries == (a,) and tl.redoable == (b,)
    tl = timeline([a, b, {"t": "undo"}, c, {"t": "redo"}])  # a new entry makes the undo final
    assert tl.entries == (a, c) and tl.redoable == ()


def test_looking_back_two_tricks_before_leading_one_after():
    sim = Simulator(players=PLAYERS, seed=3)
    hand = sim.hand("Анна")
    s = build(HEADER, played(hand)[:4])  # three tricks done
    leaders = {tr.leader for tr in s.current.result.tricks}
    for p in PLAYERS:
        assert len(s.peek(p)) == (1 if p in leaders else 2)


def test_the_record_of_a_live_sitting_validates(tmp_path):
    from tetka_cli.jobs.record_check import check_record

    sim = Simulator(players=PLAYERS, seed=8)
    sitting = sim.sitting(robbers=2)
    entries = [e for r in sitting.robbers for h in r.hands for e in played(h)]
    s = build(LiveHeader(PLAYERS, "0.10", "руб."), entries)
    text = record_text(s, {"generator": "tetka live"})
    rep = check_record(str(tmp_path / "x.yaml"), text=text)
    assert rep.ok, rep.findings
    assert [dict(r.totals) for r in rep.robbers] == [dict(r.totals) for r in sitting.robbers]


# -- the event log --------------------------------------------------------------------------------
def test_a_torn_last_line_is_the_unacknowledged_entry_and_is_cut_off(tmp_path):
    path = str(tmp_path / "x.live.jsonl")
    create_log(path, {"game": "tetka", "players": list(PLAYERS)})
    w = LogWriter(path)
    w.append({"t": "marks", "marks": [7, 0, 0, 0]})
    w.close()
    with open(path, "ab") as f:
        f.write(b'{"t": "mar')
    log = read_log(path)
    assert len(log.events) == 1 and log.torn == 10
    LogWriter(path, log.torn).append({"t": "undo"})
    assert [e["t"] for e in read_log(path).events] == ["marks", "undo"]


# -- the command, through a pipe ------------------------------------------------------------------
def _marks_json(path: str) -> dict:
    out = subprocess.run(tetka_command() + ["marks", "--format", "json", path], capture_output=True, text=True,
                         env=child_env(), timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["records"][0]


def test_a_whole_sitting_through_a_pipe_leaves_the_record_the_screen_showed(tmp_path):
    script = sitting_script(3, renonce_rate=0.0)
    assert script.marks_only and "undo" in script.lines and any(x.startswith("fix") for x in script.lines)
    path = str(tmp_path / "evening.yaml")
    r = run_live(path, script.lines, "--ack")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    # Every line was one entry, acknowledged after it was on disk.
    assert len(log_events(path)) == len(script.lines)
    assert r.stdout.count("\nok ") == len(script.lines)
    v = subprocess.run(tetka_command() + ["validate", path], capture_output=True, text=True, env=child_env())
    assert v.returncode == 0, v.stdout + v.stderr
    rec = _marks_json(path)
    hands = [h for rob in rec["robbers"] for h in rob["hands"]]
    shown = screen_hands(r.stdout)
    assert len(shown) == len(hands) == len(script.sitting.hands)
    running = []
    for rob in rec["robbers"]:
        totals = {p: 0 for p in PLAYERS}
        for h in rob["hands"]:
            for p in PLAYERS:
                totals[p] += h["marks"][p]
            running.append(dict(totals))
    for h, screen, tot in zip(hands, shown, running):
        assert {p: v[1] for p, v in screen.items()} == h["marks"]
        assert {p: v[0] for p, v in screen.items()} == tot
    assert [rob["totals"] for rob in rec["robbers"]] == [dict(r.totals) for r in script.sitting.robbers]
    wide = [line for line in r.stdout.splitlines() if len(line) > 44 and path not in line]
    assert wide == []  # fits a phone's terminal
    assert all(rob["finished"] for rob in rec["robbers"]) and len(rec["robbers"]) == 2
    # `end` printed the same tables as `tetka settle`.
    settle = subprocess.run(tetka_command() + ["settle", path, "--lang", "en"], capture_output=True, text=True,
                            env=child_env())
    assert settle.returncode == 0
    assert settle.stdout.strip() in r.stdout


def test_renonces_are_flagged_live_and_are_the_records_only_errors(tmp_path):
    script = sitting_script(6, robbers=1, renonce_rate=0.05, target=12)
    path = str(tmp_path / "r.yaml")
    r = run_live(path, script.lines, *script.options)
    assert r.returncode == 0, r.stderr
    assert "RENONCE:" in r.stdout
    v = subprocess.run(tetka_command() + ["validate", "--format", "json", path], capture_output=True, text=True,
                       env=child_env())
    codes = {f["code"] for f in json.loads(v.stdout)["records"][0]["findings"] if f["severity"] == "error"}
    assert codes == {"renonce"}


def test_refused_lines_record_nothing_and_say_why(tmp_path):
    path = str(tmp_path / "x.yaml")
    r = run_live(path, ["9d", "photo 2h", "9d Kd Qd 10d", "kd", "1x", "marks 1 1 1 1", "undo", "undo", "undo"])
    assert r.returncode == 1  # a refused line on a pipe: scripts can tell
    err = r.stderr.splitlines()
    assert err[0] == "! no hand in play: start one with photo CARD"
    assert err[1] == "! K♦ was already played in trick 1"
    assert err[2] == "! 1x is not a card or a command (type help)"
    assert err[3] == "! hand 1 is not finished: enter its cards, or undo it"
    assert err[4] == "! nothing to undo"
    assert log_events(path) == [{"t": "photo", "card": "2♥"}, {"t": "cards", "cards": ["9♦", "K♦", "Q♦", "10♦"]},
                                {"t": "undo"}, {"t": "undo"}]


def test_control_characters_typed_are_never_echoed_raw(tmp_path):
    path = str(tmp_path / "x.yaml")
    r = run_live(path, ["\x1b[2Jq\x07", "fix 1 1 \x1b]0;x\x07 Q♥"])
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stdout + r.stderr
    assert "\\x1b" in r.stderr


def test_a_file_not_started_by_live_is_never_replaced(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("format: 1\n", encoding="utf-8")
    r = run_live(str(path), ["marks 7 0 0 0"])
    assert r.returncode == 2 and "not started by tetka live" in r.stderr
    assert path.read_text(encoding="utf-8") == "format: 1\n"
    assert not os.path.exists(str(path) + ".live.jsonl")


def test_resume_needs_no_options_and_refuses_other_ones(tmp_path):
    script = sitting_script(9, robbers=1, renonce_rate=0.0, target=10)
    path = str(tmp_path / "s.yaml")
    half = len(script.lines) // 2
    assert run_live(path, script.lines[:half], *script.options).returncode == 0
    other = subprocess.run(tetka_command() + ["live", path, "--players", "A,B,C,D"], input="", text=True,
                           capture_output=True, env=child_env())
    assert other.returncode == 2 and "started otherwise" in other.stderr
    r = run_live(path, script.lines[half:], start=False)
    assert r.returncode == 0 and f"Resumed after {half} entries." in r.stdout
    whole = str(tmp_path / "w.yaml")
    assert run_live(whole, script.lines, *script.options).returncode == 0
    meta = lambda text: text.replace("w.yaml", "s.yaml")  # noqa: E731  the log's name is in the meta
    assert open(path, encoding="utf-8").read() == meta(open(whole, encoding="utf-8").read())


def test_russian_words_and_messages(tmp_path):
    path = str(tmp_path / "x.yaml")
    r = subprocess.run(tetka_command() + ["live", path, "--players", ",".join(PLAYERS), "--lang", "ru"],
                       input="фото Вч\n9б Кб Дб 10б\nпоследние\nотмена\nвернуть\nгде\nпомощь\n", text=True,
                       capture_output=True, env=child_env())
    assert r.returncode == 0, r.stderr
    assert "Сдаёт: Анна" in r.stdout and "Ходит: Борис" in r.stdout
    assert "Взятка 1: 9♦ К♦ Д♦ 10♦, берёт Вера" in r.stdout  # Russian card letters: В Д К Т
    long = [line for line in r.stdout.splitlines() if len(line) > 44 and str(tmp_path) not in line]
    assert long == []  # fits a phone: only lines naming the (long) test path are wider


# -- nothing lost -----------------------------------------------------------------------------------
def test_killed_at_random_points_and_resumed_nothing_is_lost(tmp_path):
    """A short run of the SIGKILL test; `python tools/live_kill.py --kills 100` is the full one."""
    from support.live_script import kill_and_resume

    stats = kill_and_resume(str(tmp_path), kills=5, seed=7, timeout=300, target=8)
    assert stats["kills"] >= 5 and stats["sittings"] >= 1


# -- on a terminal ----------------------------------------------------------------------------------
def test_a_whole_sitting_on_a_terminal(tmp_path):
    script = sitting_script(3, renonce_rate=0.0)
    path = str(tmp_path / "evening.yaml")
    term = Terminal(start_args(path) + ["--ack"])
    try:
        term.prompt()
        n = 0
        for line in script.lines:
            if line == "undo":
                term.type("und")
                term.read_until(b"und")
                term.type("\t")  # completion of the command
                term.read_until(b"o")
            else:
                term.type(line)
            term.type("\r")
            n += 1
            term.read_until(f"ok {n}\r\n".encode())
            if line != "end":
                term.prompt()
        term.read_until(b"Sitting\r\n")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    assert len(log_events(path)) == len(script.lines)
    v = subprocess.run(tetka_command() + ["validate", path], capture_output=True, text=True, env=child_env())
    assert v.returncode == 0, v.stdout
    rec = _marks_json(path)
    hands = [h for rob in rec["robbers"] for h in rob["hands"]]
    shown = screen_hands(term.text)
    assert len(shown) == len(hands) == len(script.sitting.hands)
    for h, screen in zip(hands, shown):
        assert {p: v[1] for p, v in screen.items()} == h["marks"]
    # The same entries through a pipe leave the same record.
    piped = str(tmp_path / "piped.yaml")
    assert run_live(piped, script.lines).returncode == 0
    assert open(piped, encoding="utf-8").read().replace("piped.yaml", "evening.yaml") == \
        open(path, encoding="utf-8").read()


def test_ctrl_c_on_a_terminal_drops_only_the_line_being_typed(tmp_path):
    path = str(tmp_path / "x.yaml")
    term = Terminal(["live", path, "--players", ",".join(PLAYERS), "--lang", "en", "--ack"], timeout=60)
    try:
        term.prompt()
        term.type("marks 7 0 0 0\r")
        term.read_until(b"ok 1\r\n")
        term.prompt()
        term.type("marks 0 7 0 0\x03")  # typed, then Ctrl-C
        term.type("\x04")  # Ctrl-D leaves
        term.read_until(b"Resume with")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    assert log_events(path) == [{"t": "marks", "marks": [7, 0, 0, 0]}]


@pytest.mark.parametrize("log, says", [
    ('{"v": 1, "game": "tetka", "players": ["A", "B", "C", "D"]}\nnot json\n{"t": "end"}\n', ":2: not a JSON line"),
    ('{"v": 1, "game": "tetka", "players": ["A", "B", "C", "D"]}\n{"t": "cards", "cards": ["2♠"]}\n',
     "an entry cannot be replayed: no-hand"),
    ('{"v": 1, "game": "tetka", "players": ["A", "B", "C", "D"], "stake": "-1"}\n', "negative"),
    ('{"v": 1, "game": "tetka", "players": ["A", "A", "C", "D"]}\n', "distinct"),
    ('{"v": 1, "game": "preferans", "players": ["A", "B", "C"]}\n', "does not know the game"),
    ('{"v": 1, "game": "terz", "players": ["A", "B", "C"]}\n', "two players"),
    ('{"v": 1, "game": "terz", "players": ["A", "B"], "rules": {"target": 0}}\n', "target"),
    ('{"v": 1, "game": "terz", "players": ["A", "B"], "rules": {"dealer_rule": "coin"}}\n', "dealer_rule"),
    ('{"v": 1, "game": "terz", "players": ["A", "B"]}\n{"t": "cards", "cards": ["7♠"]}\n',
     "an entry cannot be replayed: no-hand"),
    ('{"v": 1, "game": "tetka", "players": ["A", "B", "C", "D"]}\n' + "[" * 50000 + "\n", "not a JSON line"),
    ('', "no header"),
])
def test_a_log_that_cannot_be_replayed_is_a_clear_error(tmp_path, log, says):
    path = tmp_path / "x.yaml"
    (tmp_path / "x.yaml.live.jsonl").write_text(log, encoding="utf-8")
    r = run_live(str(path), [], start=False)
    assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not path.exists()


def test_one_scorer_at_a_time(tmp_path):
    path = str(tmp_path / "x.yaml")
    first = subprocess.Popen(tetka_command() + list(start_args(path)) + ["--ack"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env())
    try:
        first.stdin.write(b"marks 7 0 0 0\n")
        first.stdin.flush()
        for line in iter(first.stdout.readline, b""):  # until the entry is acknowledged
            if line == b"ok 1\n":
                break
        second = run_live(path, ["marks 0 7 0 0"], start=False)
        assert second.returncode == 2 and "in use by another tetka live" in second.stderr
    finally:
        first.stdin.close()
        first.wait(timeout=60)
    assert log_events(path) == [{"t": "marks", "marks": [7, 0, 0, 0]}]
