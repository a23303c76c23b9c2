"""What both games' live sides do alike (issues 32 and 33): `last` looks back by the game's rule,
`status` shows the hand in play so far, a Tetka renonce's penalty names who hands which trick to
whom, and `end`/`quit` with a part unfinished show the provisional settlement beside the final one;
through a pipe and on a terminal (tmux), in English and in Russian. And the README's example is
what the program prints."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from support.cli import run as tetka_run
from support.readme_live import LINES as README_HAND
from support.readme_live import example, shown
from support.tmux_live import TmuxLive
from tetka_cli.cli.live import live
from tetka_cli.games.terz.simulate import Simulator as TerzSimulator
from tetka_cli.games.tetka.live import LiveHeader, build
from tetka_cli.games.tetka.simulate import Simulator

TETKA = ["--players", "Анна,Борис,Вера,Глеб"]
TERZ = ["--game", "terz", "--players", "Анна,Борис"]


def run(path, lines, *args):
    return CliRunner().invoke(live, [str(path), *args], input="".join(line + "\n" for line in lines))


def block(text: str, first: str) -> list[str]:
    """The lines from the one starting `first` to the next prompt or blank line."""
    lines = text.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith(first))
    out = [lines[i]]
    for x in lines[i + 1:]:
        if not x or re.match(r"^\w*> ", x) or not x.startswith(" "):
            break
        out.append(x)
    return out


# -- last -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, may_see, trick, none_yet, not_a_player", [
    ("en", "Борис may see:", "Trick 1: 9♣ 8♣, Борис takes 0", "no trick is finished yet", "! Зоя is not a player"),
    ("ru", "Борис может посмотреть:", "Взятка 1: 9♣ 8♣, берёт Борис, в ней 0", "ни одна взятка ещё не взята",
     "! Зоя: нет такого игрока"),
])
def test_terz_last_shows_the_last_closed_trick(tmp_path, lang, may_see, trick, none_yet, not_a_player):
    r = run(tmp_path / "z.yaml", ["trump 8s", "last", "9c 8c", "last", "draw 10c", "A♥", "last Анна", "last Зоя"],
            *TERZ, "--lang", lang)
    assert r.exit_code == 1, r.output  # the name that is no player
    out = r.output
    assert none_yet in out and not_a_player in out
    # Борис to play after trick 1 (he took it), then Анна to reply to his lead: both see trick 1 only
    assert out.count(may_see) == 1 and out.count(may_see.replace("Борис", "Анна", 1)) == 1
    i = out.index(may_see)
    assert out[i:].splitlines()[1:3] == [trick, "  Борис 9♣, Анна 8♣"]


# -- status: the hand so far ------------------------------------------------------------------------------
def terz_lines(sh, tricks: int) -> list[str]:
    """The first `tricks` tricks of a simulated Terz hand as the scorer types them."""
    h, res = sh.hand, sh.result
    lines = [f"trump {h.trump}"]
    for t, tr in list(zip(h.tricks, res.tricks))[:tricks]:
        for who, card in ((tr.leader, t.lead), (tr.reply_player, t.reply)):
            lines += ["exchange"] * (t.exchange == who)
            if who in t.declare:
                lines.append("declare " + " ".join(map(str, t.declare[who])))
            lines += ["bela"] * (t.bela == who)
            lines.append(str(card))
        if t.draws:
            lines.append("draw " + " ".join(map(str, t.draws)))
    return lines


def test_terz_status_shows_card_points_declarations_and_bela_so_far(tmp_path):
    sh = TerzSimulator(players=("Анна", "Борис"), seed=0).hand("Анна")
    done = sh.result.tricks[:4]  # Борис declares in trick 2 and 4, Анна in 3, Борис has bela in 3
    cards = {p: sum(tr.points for tr in done if tr.winner == p) for p in ("Анна", "Борис")}
    declared = {p: sum(d.points for tr in done for d in tr.declarations if d.scored and d.player == p)
                for p in ("Анна", "Борис")}
    assert all(declared.values()) and done[2].bela is not None and done[2].bela.scored
    total = {p: cards[p] + declared[p] + (20 if p == done[2].bela.player else 0) for p in cards}
    pair = lambda m: f"Анна {m['Анна']}, Борис {m['Борис']}"  # noqa: E731
    for lang, words in (("en", ("Cards:", "Declarations:", "Bela:", "Points so far:")),
                        ("ru", ("Очки за карты:", "Объявления:", "Бела:", "Набрано очков:"))):
        r = run(tmp_path / f"{lang}.yaml", terz_lines(sh, 4) + ["status"], *TERZ, "--lang", lang)
        assert r.exit_code == 0, r.output
        hand = block(r.output, "Hand 1 (game 1, no. 1), trump" if lang == "en" else "Кон 1 (партия 1, № 1), козырь")
        assert hand[1:] == [f"  {words[0]} {pair(cards)}", f"  {words[1]} {pair(declared)}",
                            f"  {words[2]} {done[2].bela.player} 20", f"  {words[3]} {pair(total)}"], r.output


def test_tetka_status_shows_tricks_marks_and_renonces_so_far(tmp_path):
    # Вера takes Q♦ in trick 1, Борис the counting trick 2 (photo 2♥), where Глеб plays 2♣ on
    # diamonds: a renonce his 8♦ in trick 3 proves
    lines = ["photo 2h", "9d Kd Qd 10d", "3♦ 2♣ 4d 5d", "6♦ 7d 8♦", "status"]
    for lang, want in (("en", ["  Tricks: Анна 0, Борис 1, Вера 1, Глеб 0", "  Marks: Анна 0, Борис 1, Вера 1, Глеб 0",
                               "  renonce: Глеб, trick 2"]),
                       ("ru", ["  Взяток: Анна 0, Борис 1, Вера 1, Глеб 0", "  Марки: Анна 0, Борис 1, Вера 1, Глеб 0",
                               "  ренонс: Глеб, взятка 2"])):
        r = run(tmp_path / f"{lang}.yaml", lines, *TETKA, "--lang", lang)
        assert r.exit_code == 0, r.output
        hand = block(r.output, "Hand 1 (robber 1, no. 1), photo" if lang == "en" else "Кон 1 (роббер 1, № 1), фото")
        assert hand[1:] == want, r.output


# -- the renonce penalty ----------------------------------------------------------------------------
def test_tetka_hand_end_says_who_hands_which_trick_to_whom(tmp_path):
    en = run(tmp_path / "en.yaml", README_HAND, *TETKA, "--lang", "en").output
    assert block(en, "  renonce: Борис, trick 2; penalty:") == [
        "  renonce: Борис, trick 2; penalty:", "    Анна hands trick 4 to Борис", "    Вера hands trick 8 to Борис",
        "    Глеб hands trick 13 to Борис"], en
    assert "Tricks: Анна 1, Борис 6, Вера 0, Глеб 6" in en  # after the penalty
    ru = run(tmp_path / "ru.yaml", README_HAND, *TETKA, "--lang", "ru").output
    assert block(ru, "  ренонс: Борис, взятка 2; штраф:") == [
        "  ренонс: Борис, взятка 2; штраф:", "    Анна → Борис: взятка 4", "    Вера → Борис: взятка 8",
        "    Глеб → Борис: взятка 13"], ru


def test_the_tricks_handed_over_are_the_ones_the_rules_core_moves():
    """Each giver hands a trick he holds (the latest without a queen, else the latest), and the
    counts after the penalties are those of `renonce.count_tricks`."""
    from tetka_cli.games.tetka.live import penalties

    players = ("Анна", "Борис", "Вера", "Глеб")
    sim = Simulator(players=players, seed=2, renonce_rate=0.25)
    seen = 0
    for _ in range(60):
        hand = sim.hand("Анна")
        entries = [{"t": "photo", "card": str(hand.photograph)}] + [
            {"t": "cards", "cards": [str(c) for c in tr]} for tr in hand.tricks]
        res = build(LiveHeader(players), entries).hands[0].result
        if not res.renonces:
            continue
        seen += 1
        counts = dict(res.counts.in_play)
        for pen in penalties(players, res):
            assert [g for g, _ in pen.handed] == [p for p in players if p != pen.renonce.player]
            for giver, trick in pen.handed:
                if trick is not None:
                    counts[giver] -= 1
                    counts[pen.renonce.player] += 1
        assert counts == dict(res.counts.after_penalties)
    assert seen >= 10


# -- end and quit with a part unfinished: the provisional settlement too -----------------------------------
def settled(path, lang, *extra) -> str:
    r = tetka_run("settle", "--lang", lang, *extra, str(path))
    return r.stdout.strip()


@pytest.mark.parametrize("lang, unfinished, provisional", [
    ("ru", "Роббер 2 не окончен (наибольший итог 3).", "Предварительный расчёт, не окончательный"),
    ("en", "Robber 2 is not finished (highest total 3).", "Provisional settlement, not final"),
])
def test_end_with_an_unfinished_robber_shows_the_final_then_the_provisional_settlement(tmp_path, lang, unfinished,
                                                                                       provisional):
    path = tmp_path / "s.yaml"
    lines = ["marks 7 0 0 0"] * 3 + ["marks 3 2 1 1", "end"]
    r = run(path, lines, *TETKA, "--stake", "0.10", "--currency", "руб.", "--lang", lang)
    assert r.exit_code == 0, r.output
    out = r.output
    final, provisional_text = settled(path, lang), settled(path, lang, "--provisional")
    assert final in out and provisional_text in out and final != provisional_text
    # the final statement first (the default), then the unfinished robber named, then the provisional one
    assert out.index(final) < out.index(unfinished) < out.index(provisional) < out.index(provisional_text)
    assert ("предварительно: роббер не окончен" if lang == "ru" else "provisional: the robber is unfinished") in out
    assert "unfinished-robber" not in out  # the screen says it in its own words


@pytest.mark.parametrize("lang, unfinished, heading, note, saved", [
    ("en", "Game 1 is not finished (highest total 120).",
     "Provisional settlement, not final\n(as tetka settle --provisional gives it):",
     "provisional: the game is unfinished", "Saved. Resume with:"),
    ("ru", "Партия 1 не окончена (наибольший итог 120).",
     "Предварительный расчёт, не окончательный\n(как у «tetka settle --provisional»):",
     "предварительно: партия не окончена", "Сохранено. Продолжить:"),
])
def test_quit_with_an_unfinished_terz_game_shows_the_provisional_settlement(tmp_path, lang, unfinished, heading,
                                                                            note, saved):
    path = tmp_path / "z.yaml"
    r = run(path, ["points 120 42", "quit"], *TERZ, "--stake", "0.50", "--lang", lang)
    assert r.exit_code == 0, r.output
    out = r.output
    assert unfinished in out and heading in out and note in out
    assert settled(path, lang, "--provisional") in out
    assert out.index(heading) < out.index(saved)
    assert "The settlement above" not in out and "В расчёт выше" not in out  # nothing final was shown


def test_end_with_an_unfinished_terz_game_shows_both_settlements(tmp_path):
    path = tmp_path / "z.yaml"
    r = run(path, ["очки 300 100", "очки 210 90", "очки 120 42", "конец"], *TERZ, "--stake", "0.50",
            "--lang", "ru")
    assert r.exit_code == 0, r.output
    out = r.output
    final, provisional_text = settled(path, "ru"), settled(path, "ru", "--provisional")
    assert "Партия 1: победитель — Анна" in out and final in out and provisional_text in out
    assert out.index(final) < out.index("Партия 2 не окончена (наибольший итог 120).") < out.index(provisional_text)
    assert "unfinished-game" not in out


def test_nothing_provisional_when_every_part_with_hands_is_finished(tmp_path):
    r = run(tmp_path / "s.yaml", ["marks 7 0 0 0"] * 3 + ["end"], *TETKA, "--lang", "en")
    assert r.exit_code == 0 and "Robber 1 over: 21 marks" in r.output, r.output
    assert "Provisional" not in r.output and "not finished" not in r.output
    r = run(tmp_path / "t.yaml", ["quit"], *TETKA, "--lang", "en")
    assert "Provisional" not in r.output


# -- on a terminal --------------------------------------------------------------------------------------
def test_end_on_a_terminal_in_russian_shows_the_provisional_settlement(tmp_path):
    path = tmp_path / "s.yaml"
    with TmuxLive(["live", str(path), *TETKA, "--stake", "0.10", "--currency", "руб.", "--lang", "ru"]) as t:
        t.type("марки 3 2 1 1", then="(сдаёт Борис)")
        t.type("конец", then="[exit ")
        assert t.exit_status() == 0
        screen = t.screen
    assert "платить некому" in screen  # the final statement: the robber is not in it
    assert "Роббер 1 не окончен (наибольший итог 3).\nВ расчёт выше неоконченное не вошло.\n" in screen
    assert "Предварительный расчёт, не окончательный\n(как у «tetka settle --provisional»):" in screen
    assert "  предварительно: роббер не окончен" in screen
    assert re.search(r"^Анна\s+Вера\s+0,30 руб\.$", screen, re.M), screen  # who pays whom, provisionally
    lines = [x for x in screen.splitlines() if not x.startswith("[exit") and not x.startswith("Pane is dead")]
    assert [x for x in lines if len(x) > 44 and str(tmp_path) not in x] == []


def test_terz_last_status_and_quit_on_a_terminal(tmp_path):
    with TmuxLive(["live", str(tmp_path / "z.yaml"), *TERZ, "--stake", "0.50", "--lang", "en"]) as t:
        t.type("points 120 42 Борис", then="Next: trump CARD")
        t.type("trump 8s", then="Trick 1: Анна to play")
        t.type("9c 8c", then="Trick 2: Анна to play")
        t.type("last", then="  Анна 9♣, Борис 8♣")
        t.type("status", then="Points so far:")
        t.type("quit", then="[exit ")
        assert t.exit_status() == 0
        screen = t.screen
    assert "Анна may see:\nTrick 1: 9♣ 8♣, Анна takes 0\n  Анна 9♣, Борис 8♣\n" in screen
    assert "  Cards: Анна 0, Борис 0\n  Declarations: Анна 0, Борис 0\n  Points so far: Анна 0, Борис 0\n" in screen
    assert "Game 1 is not finished (highest total 120).\nProvisional settlement, not final\n" in screen
    assert "  provisional: the game is unfinished" in screen and "Saved. Resume with:" in screen


# -- the README ------------------------------------------------------------------------------------------
def test_the_readme_shows_what_live_prints():
    """`python tests/support/readme_live.py --write` rewrites the example after a change."""
    assert shown() == example()
    assert "Кон 1 (роббер 1, № 1)" in shown() and "Сдача" not in shown()
