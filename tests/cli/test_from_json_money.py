"""`settle --from-json` checks each record's money against its own totals and stake
(`jobs/document_money.py`), pinned where a run of mutation testing found it untested (issue 35):
each refusal word for word (at a stake of 0.125, whose amounts have three places), a payment for
no difference, a payment naming a player with no total in its part, a drawn Terz game, a net of
nothing left out, amounts beyond 28 digits, and the winner's rule for a game of three."""
from __future__ import annotations

import copy
import json
from decimal import Decimal, localcontext
from pathlib import Path

import pytest

from support.cli import ROOT, run
from tetka_cli.common.money import EXACT
from tetka_cli.games import registry
from tetka_cli.jobs.document_money import check_money, winner_nets
from tetka_cli.render.money import sitting_from_json

# records/marks-only.yaml at a stake of 0.125: totals Анна 8, Борис 16, Вера 21, Глеб 11; nets
# 3.000, -1.000, -3.500, 1.500; payments Борис → Анна 8 marks 1.000, Вера → Анна 13 marks 1.625, ...
MARKS_ONLY = (Path(ROOT) / "records" / "marks-only.yaml").read_text(encoding="utf-8")
# A Tetka evening whose robber to 5 ends after hand 2: totals Анна 2, Борис 3, Вера 2, Глеб 7.
EQUAL = ("format: 1\ngame: tetka\nplayers: [Анна, Борис, Вера, Глеб]\nstake: \"0.10\"\ncurrency: руб.\n"
         "rules: {robber_target: 5}\nrobbers:\n  - first_dealer: Анна\n    hands:\n"
         "      - marks: {Анна: 1, Борис: 2, Вера: 1, Глеб: 3}\n      - marks: {Анна: 1, Борис: 1, Вера: 1, Глеб: 4}\n")
# A Terz game to 200 after one hand of 81 points each: unfinished, settled provisionally, nobody ahead.
DRAW = ("format: 1\ngame: terz\nplayers: [Анна, Борис]\nstake: \"5\"\ncurrency: руб.\nrules: {target: 200}\n"
        "games:\n  - first_dealer: Анна\n    hands:\n      - points: {Анна: 81, Борис: 81}\n")


@pytest.fixture(scope="module")
def docs(tmp_path_factory) -> dict[str, dict]:
    """settle's JSON of each record above, made once."""
    d = tmp_path_factory.mktemp("money")
    out = {}
    for name, text, extra in (("eighth", MARKS_ONLY.replace('stake: "0.10"', 'stake: "0.125"'), ()),
                              ("equal", EQUAL, ()), ("draw", DRAW, ("--provisional",))):
        path = d / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        r = run("settle", "--format", "json", *extra, str(path))
        assert r.exit_code == 0, r.output
        out[name] = json.loads(r.stdout)
    assert out["eighth"]["records"][0]["stake"] == "0.125"
    return out


def from_json(tmp_path: Path, doc: dict):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return run("settle", "--from-json", "--format", "json", str(path)), str(path)


def refusal(tmp_path: Path, doc: dict) -> str:
    """The one reason `doc` is left out for, after `record 1: `."""
    r, path = from_json(tmp_path, doc)
    lines = [x for x in r.stderr.splitlines() if x.startswith("left out: ")]
    assert r.exit_code == 2 and len(lines) == 1, r.stderr
    head = f"left out: {path}:"
    assert lines[0].startswith(head) and "error not-settle-json: not a settle JSON output: record 1: " in lines[0]
    return lines[0].split("record 1: ", 1)[1]


def robber(doc: dict) -> dict:
    return doc["records"][0]["robbers"][0]


def both_nets(doc: dict, **nets: str) -> dict:
    """`doc` with these nets written in its first part and in the record alike."""
    doc = copy.deepcopy(doc)
    robber(doc)["net"].update(nets)
    doc["records"][0]["net"].update(nets)
    return doc


def test_a_net_its_totals_do_not_give_is_refused_word_for_word(tmp_path, docs):
    doc = both_nets(docs["eighth"], Анна="30.000", Борис="-28.000")
    assert refusal(tmp_path, doc) == ("`robbers[0].net`: the net of 'Анна' is 30.000, where its totals at the stake "
                                      "0.125 give 3.000")


def test_a_small_net_is_written_out_in_a_refusal_never_in_exponent_notation(tmp_path, docs):
    doc = both_nets(docs["eighth"], Анна="0.0000001", Борис="1.9999999")
    assert refusal(tmp_path, doc) == ("`robbers[0].net`: the net of 'Анна' is 0.0000001, where its totals at the "
                                      "stake 0.125 give 3.000")


def test_a_payment_changed_or_for_another_difference_is_refused_word_for_word(tmp_path, docs):
    doc = copy.deepcopy(docs["eighth"])
    robber(doc)["payments"][1]["amount"] = "1.750"
    assert refusal(tmp_path, doc) == "`robbers[0].payments[1]`: its amount is 1.750, where the stake 0.125 gives 1.625"
    doc = copy.deepcopy(docs["eighth"])
    robber(doc)["payments"][1]["marks"] = 12
    assert refusal(tmp_path, doc) == "`robbers[0].payments[1]`: it pays for a difference of 12, where the totals differ by 13"


def test_payments_short_of_the_nets_another_currency_and_nets_without_parts_word_for_word(tmp_path, docs):
    doc = copy.deepcopy(docs["eighth"])
    robber(doc)["payments"].pop()
    assert refusal(tmp_path, doc) == "`robbers[0].payments`: its payments do not add up to its net"
    doc = copy.deepcopy(docs["eighth"])
    robber(doc)["payments"][0]["currency"] = "$"
    assert refusal(tmp_path, doc) == "`robbers[0].payments[0]`: its currency is '$', not the record's 'руб.'"
    doc = copy.deepcopy(docs["eighth"])
    doc["records"][0]["robbers"] = []
    assert refusal(tmp_path, doc) == "its net is not the sum of its parts' nets"


def test_a_payment_for_no_difference_is_refused(tmp_path, docs):
    """Анна and Вера both have 2: settle has nothing to pay between them, and a payment of 0.00
    for 0 marks is not one of its payments."""
    doc = copy.deepcopy(docs["equal"])
    robber(doc)["payments"].append({"from": "Анна", "to": "Вера", "marks": 0, "amount": "0.00", "currency": "руб."})
    n = len(robber(doc)["payments"]) - 1
    assert refusal(tmp_path, doc) == f"`robbers[0].payments[{n}]`: it pays for a difference of 0, where the totals differ by 0"


@pytest.mark.parametrize("side", ["from", "to"])
def test_a_payment_naming_a_player_without_a_total_in_its_part_is_refused(tmp_path, docs, side):
    """Дарья sits (the record's players name her) but plays no part of this robber: she neither
    pays nor is paid in it."""
    doc = copy.deepcopy(docs["eighth"])
    doc["records"][0]["players"].append("Дарья")
    robber(doc)["payments"][0][side] = "Дарья"
    assert refusal(tmp_path, doc) == "`robbers[0].payments[0]`: it names 'Дарья', who has no total in its part"


def test_a_drawn_game_read_back_pays_nothing_and_is_accepted(tmp_path, docs):
    game = docs["draw"]["records"][0]["games"][0]
    assert (game["winner"], game["net"], game["payments"]) == (None, {"Анна": "0.00", "Борис": "0.00"}, [])
    r, _ = from_json(tmp_path, docs["draw"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["records"][0]["net"] == {"Анна": "0.00", "Борис": "0.00"}


def test_a_net_of_nothing_left_out_of_the_record_counts_as_nothing(tmp_path, docs):
    """Борис wins and loses nothing in the drawn game; his net left out of the record's net reads
    as 0.00, in the sitting as in its game, and the record is accepted."""
    doc = copy.deepcopy(docs["draw"])
    del doc["records"][0]["net"]["Борис"]
    r, _ = from_json(tmp_path, doc)
    assert r.exit_code == 0, r.stderr


def test_amounts_beyond_28_digits_are_checked_exactly(docs):
    """marks-only.yaml at a stake of 27 nines after the point: its nets (Анна 24 times the stake)
    have 29 digits; settled exactly they are what its totals give, to the last digit."""
    rec = copy.deepcopy(docs["eighth"]["records"][0])
    stake = Decimal("0." + "9" * 27)
    with localcontext(EXACT):
        rec["stake"] = str(stake)
        part = rec["robbers"][0]
        totals = part["totals"]
        part["net"] = {p: str(sum(totals[q] - totals[p] for q in totals) * stake) for p in totals}
        for pay in part["payments"]:
            pay["amount"] = str(pay["marks"] * stake)
        rec["net"] = dict(part["net"])
    assert rec["net"]["Анна"] == "23." + "9" * 25 + "76"
    words = registry.game_of_doc(rec).words
    check_money(sitting_from_json(rec, words), rec, words.won_by, words.parts_key)  # no refusal


def test_a_game_of_three_paid_to_its_winner():
    """The rule of a game paid to its winner (Terz; the conformance suite's toy game of three):
    each other player pays the stake; with no winner nobody pays."""
    totals = {"Ann": 3, "Bob": 1, "Cid": 0}
    assert winner_nets(totals, "Ann", Decimal("0.5")) == {"Ann": Decimal("1.0"), "Bob": Decimal("-0.5"),
                                                           "Cid": Decimal("-0.5")}
    assert winner_nets(totals, None, Decimal("0.5")) == dict.fromkeys(totals, 0)


def test_a_record_staked_past_28_digits_settles_and_reads_back_exactly(tmp_path):
    """A stake of 28 places (a record may write 40): every net of marks-only.yaml has 29 digits
    or more. `settle` sums them into the standings and the transfers exactly (it exited 3 with
    "the nets sum to 6E-28" when the sum was rounded to Python's default 28 digits), and its JSON
    read back by `--from-json` is accepted and gives the same transfers (its nets were refused
    as not summing to zero)."""
    stake = "0.1234567890123456789012345678"
    path = tmp_path / "long.yaml"
    path.write_text(MARKS_ONLY.replace('stake: "0.10"', f'stake: "{stake}"'), encoding="utf-8")
    r = run("settle", "--format", "json", str(path))
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    with localcontext(EXACT):
        nets = {p: Decimal(v) for p, v in doc["records"][0]["net"].items()}
        assert sum(nets.values(), Decimal(0)) == 0
        # Анна: (16 - 8) + (21 - 8) + (11 - 8) = 24 marks from the others
        assert nets["Анна"] == 24 * Decimal(stake)
    back, _ = from_json(tmp_path, doc)
    assert back.exit_code == 0, back.stderr
    assert json.loads(back.stdout)["transfers"] == doc["transfers"]
