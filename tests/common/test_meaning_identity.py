"""One identity of a record for money (issue 35): the meaning digest normalises what does not change
what a record says (a stake of 0.1 or 0.10, the spelling of a card, the order of keys and of dealt
cards, defaults written out or left out: the rule options, the stake of 1, a robber's seating and
first dealer, a hand's dealer) and tells apart what does (a card, a mark, the stake, a player, a
dealer other than the rules give). The lean (hand at a time) and the whole reading agree."""
from __future__ import annotations

import os
import re
from typing import Callable

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tetka_cli.cli.app import cli
from tetka_cli.games.registry import game_of
from tetka_cli.jobs.record_check import check_record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKS = os.path.join(ROOT, "records/marks-only.yaml")
PLAYED = os.path.join(ROOT, "records/robber-played.yaml")
SITTING = os.path.join(ROOT, "records/sitting-four-robbers.yaml")
WORKED = os.path.join(ROOT, "records/terz/worked-hand.yaml")
TERZ = os.path.join(ROOT, "records/terz/game-to-501.yaml")


def text_of(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def digests(tmp_path, text: str, name: str = "r.yaml") -> set[str]:
    """The meaning digest of `text` read the lean way and the whole way (one digest when they agree)."""
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    out = set()
    for lean in (True, False):
        rep = check_record(str(p), lean=lean)
        assert not any(f.is_error for f in rep.record.findings), [f.code for f in rep.record.findings]
        out.add(game_of(rep).meaning_digest(rep))
    return out


def digest(tmp_path, text: str, name: str = "r.yaml") -> str:
    (d,) = digests(tmp_path, text, name)
    return d


# -- respellings ------------------------------------------------------------------------------------
_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])([♠♥♦♣])")
_RUSSIAN_RANK = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
_SUIT_SPELLINGS = {"♠": ("♠", "s", "S", "п", "♤"), "♥": ("♥", "h", "H", "ч", "♡"),
                   "♦": ("♦", "d", "D", "б", "♢"), "♣": ("♣", "c", "C", "к", "♧")}


def respelt_cards(text: str, choice: int) -> str:
    """Every card written another way the readers accept (`common.cards.parse_card`): its rank in
    lower case or in Russian, its suit as a letter, a Russian letter or a white symbol; `choice`
    picks the spelling, card by card."""
    n = [choice]

    def one(m: re.Match[str]) -> str:
        n[0] = (n[0] * 7 + 3) % 1000
        rank, suit = m.group(1), m.group(2)
        ranks = [rank, rank.lower()] + ([_RUSSIAN_RANK[rank]] if rank in _RUSSIAN_RANK else [])
        spelt_rank = ranks[n[0] % len(ranks)]
        suits = _SUIT_SPELLINGS[suit]
        spelt_suit = suits[(n[0] // 3) % len(suits)]
        if spelt_rank in ("К", "Т") and spelt_suit in ("к",):  # Кк, Тк: still read right; keep one of each
            spelt_suit = "♣"
        return spelt_rank + spelt_suit

    return _CARD.sub(one, text)


def stake_as(spelling: str) -> Callable[[str], str]:
    return lambda text: re.sub(r'(?m)^stake: .*$', f"stake: {spelling}", text)


def marks_reordered(text: str) -> str:
    """Each `{A: 1, B: 2, ...}` mapping on one line written in reverse order."""
    def rev(m: re.Match[str]) -> str:
        return "{" + ", ".join(reversed(m.group(1).split(", "))) + "}"
    return re.sub(r"\{([^{}/]*: [^{}/]*)\}", rev, text)


def tetka_defaults_written(text: str) -> str:
    """The rule options at their defaults, and the first robber's seating as the record's."""
    text = text.replace("\nrobbers:\n", "\nrules: {robber_target: 21, last_trick_mark: false, "
                                        "count_trick_offset: 0}\nrobbers:\n", 1)
    return text.replace("  - first_dealer: Анна\n", "  - first_dealer: Анна\n    players: [Анна, Борис, Вера, Глеб]\n", 1)


def dealers_left_out(text: str) -> str:
    """Every hand's `dealer:` line left out (and the first robber's first dealer), as the rules give them."""
    text = re.sub(r"(?m)^(\s*)- dealer: \S+\n\s*", r"\1- ", text)
    return text.replace("  - first_dealer: Анна\n    ", "  - ", 1)


def deal_reordered(text: str) -> str:
    """Each player's dealt cards, and each declaration's cards, written in reverse order."""
    def rev(m: re.Match[str]) -> str:
        return m.group(1) + " ".join(reversed(m.group(2).split()))
    text = re.sub(r"(?m)^(\s+\S+: )((?:\S+[♠♥♦♣] ?){2,})$", rev, text)
    return re.sub(r"(declare: \{\S+: )([^,}]+)", rev, text)


TETKA_RESPELLINGS: dict[str, Callable[[str], str]] = {
    "stake-0.1": stake_as('"0.1"'), "stake-0.100": stake_as('"0.100"'), "stake-1e-1": stake_as('"1E-1"'),
    "stake-plain": stake_as("0.10"), "marks-reordered": marks_reordered, "defaults-written": tetka_defaults_written,
    "dealers-left-out": dealers_left_out,
}


@pytest.mark.parametrize("name", sorted(TETKA_RESPELLINGS))
def test_a_tetka_record_respelt_means_the_same(tmp_path, name):
    base = text_of(MARKS)
    assert digest(tmp_path, TETKA_RESPELLINGS[name](base), "b.yaml") == digest(tmp_path, base)


def test_a_played_robber_with_its_cards_respelt_and_dealers_left_out_means_the_same(tmp_path):
    base = text_of(PLAYED)
    want = digest(tmp_path, base)
    for choice in (0, 1, 2, 5):
        assert digest(tmp_path, respelt_cards(base, choice), "b.yaml") == want
    left = dealers_left_out(base)
    assert "dealer: " not in left.replace("first_dealer", "")
    assert digest(tmp_path, left, "c.yaml") == want


def test_a_stake_of_one_written_or_left_out_is_the_same_record(tmp_path):
    base = text_of(SITTING)
    assert "\nstake:" not in base
    with_stake = base.replace("\nrobbers:\n", '\nstake: "1.00"\nrobbers:\n', 1)
    assert digest(tmp_path, with_stake, "b.yaml") == digest(tmp_path, base)
    assert digest(tmp_path, base.replace("\nrobbers:\n", '\nstake: "2"\nrobbers:\n', 1), "c.yaml") != \
        digest(tmp_path, base)


TERZ_RESPELLINGS: dict[str, Callable[[str], str]] = {
    "cards": lambda t: respelt_cards(t, 4), "deal-and-declarations-reordered": deal_reordered,
    "dealers-left-out": dealers_left_out, "rules-at-default": lambda t: t.replace(
        "\ngames:\n", "\nrules: {target: 501, dealer_rule: last_trick, both_over_target: higher}\ngames:\n", 1),
    "stake-written": lambda t: t.replace("\ngames:\n", '\nstake: "1.0"\ngames:\n', 1),
}


@pytest.mark.parametrize("name", sorted(TERZ_RESPELLINGS))
@pytest.mark.parametrize("record", [WORKED, TERZ], ids=["worked-hand", "game-to-501"])
def test_a_terz_record_respelt_means_the_same(tmp_path, name, record):
    base = text_of(record)
    changed = TERZ_RESPELLINGS[name](base)
    assert changed != base
    assert digest(tmp_path, changed, "b.yaml") == digest(tmp_path, base)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.sampled_from(sorted(TETKA_RESPELLINGS)), max_size=4, unique=True),
       choice=st.integers(0, 999))
def test_respellings_together_mean_the_same(tmp_path, picks, choice):
    base = text_of(MARKS)
    text = base
    for name in picks:
        text = TETKA_RESPELLINGS[name](text)
    text = respelt_cards(text, choice)
    assert digest(tmp_path, text, "b.yaml") == digest(tmp_path, base)


# -- real changes -----------------------------------------------------------------------------------
def swap_first_two_cards(text: str) -> str:
    first, second = _CARD.findall(text)[:2]
    a, b = "".join(first), "".join(second)
    return text.replace(a, "\0", 1).replace(b, a, 1).replace("\0", b, 1)


TETKA_CHANGES: dict[str, tuple[str, Callable[[str], str]]] = {
    "stake": (MARKS, stake_as('"0.2"')),
    "mark": (MARKS, lambda t: t.replace("{Анна: 2, Борис: 1, Вера: 3, Глеб: 1}", "{Анна: 1, Борис: 2, Вера: 3, Глеб: 1}", 1)),
    "player": (MARKS, lambda t: t.replace("Глеб", "Гордей")),
    "currency": (MARKS, lambda t: t.replace("currency: руб.", "currency: коп.")),
    "first-dealer": (MARKS, lambda t: t.replace("first_dealer: Анна", "first_dealer: Борис", 1)),
    "seating": (MARKS, lambda t: t.replace("  - first_dealer: Анна\n", "  - first_dealer: Анна\n"
                                                                          "    players: [Анна, Вера, Борис, Глеб]\n", 1)),
    "rule": (MARKS, lambda t: t.replace("\nrobbers:\n", "\nrules: {robber_target: 22}\nrobbers:\n", 1)),
    "card": (PLAYED, swap_first_two_cards),
    "dealer": (PLAYED, lambda t: t.replace("      - dealer: Анна\n", "      - dealer: Борис\n", 1)),
}


@pytest.mark.parametrize("name", sorted(TETKA_CHANGES))
def test_a_real_change_to_a_tetka_record_is_another_record(tmp_path, name):
    path, change = TETKA_CHANGES[name]
    base = text_of(path)
    changed = change(base)
    assert changed != base
    assert digests(tmp_path, changed, "b.yaml").isdisjoint(digests(tmp_path, base))


TERZ_CHANGES: dict[str, Callable[[str], str]] = {
    "card": swap_first_two_cards,
    "dealer": lambda t: t.replace("      - dealer: Анна\n", "      - dealer: Борис\n", 1),
    "first-dealer": lambda t: t.replace("first_dealer: Анна", "first_dealer: Борис", 1),
    "stake": lambda t: t.replace("\ngames:\n", '\nstake: "0.1"\ngames:\n', 1),
    "rule": lambda t: t.replace("\ngames:\n", "\nrules: {target: 301}\ngames:\n", 1),
    "player": lambda t: t.replace("Борис", "Богдан"),
}


@pytest.mark.parametrize("name", sorted(TERZ_CHANGES))
def test_a_real_change_to_a_terz_record_is_another_record(tmp_path, name):
    base = text_of(WORKED)
    changed = TERZ_CHANGES[name](base)
    assert changed != base
    assert digests(tmp_path, changed, "b.yaml").isdisjoint(digests(tmp_path, base))


# -- repro K ----------------------------------------------------------------------------------------
def test_a_stake_of_0_1_and_one_of_0_10_settle_once(tmp_path):
    b = tmp_path / "b.yaml"
    b.write_text(text_of(MARKS).replace('stake: "0.10"', 'stake: "0.1"'), encoding="utf-8")
    r = CliRunner().invoke(cli, ["settle", "--format", "json", MARKS, str(b)], catch_exceptions=False)
    assert r.exit_code == 0
    doc = __import__("json").loads(r.stdout)
    assert [rec["path"] for rec in doc["records"]] == [MARKS] and doc["counts"]["read"] == 1
    assert f"{b}: warning duplicate-record: the same record as {MARKS}, written differently" in r.stderr
