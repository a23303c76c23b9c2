"""Is a surviving mutant equivalent? Replay random, deliberately damaged hands through the mutated
copy of the code that mutmut left in mutants/, once as the original and once with the mutant
switched on, and compare every field of the two results (or the two exceptions).

    python tools/equivalence.py NAME... [--inputs N] [--seed S]

NAME is a surviving mutant of the last run of `python tools/mutation.py` (globs allowed; `--all`
for killed ones too, which shows the check can fail). A mutant of the money modules (money,
transfers, season, dedupe, settling, each game's settlement) is checked by calling their public
functions with random and edge-case inputs instead (`money_inputs`). Hands of both games
are drawn from their simulators and then damaged at random: tricks cut off or cut short, cards
repeated or left out, the deal dropped, changed or given for one player only, draws dropped,
exchanges, declarations and belas written where nobody made them, house rules changed. A mutant
whose results never differ is listed in docs/mutation.md with its reason and the number of hands
it was checked on; this check backs the reason, it does not replace it.
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import pathlib
import random
import sys
from dataclasses import replace

ROOT = pathlib.Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"


def _outcome(fn, *args, **kwargs):
    try:
        return "ok", fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - an exception is an outcome to compare, like a result
        return "raised", (type(e).__name__, str(e))


# -- Tetka ----------------------------------------------------------------------------------------------
def tetka_inputs(rng: random.Random, n: int):
    from support.tetka import TABLE, random_hand

    from tetka_cli.common.cards import DECK
    from tetka_cli.games.tetka.rules import HouseRules

    for _ in range(n):
        dealer = rng.choice(TABLE.players)
        deal, tricks, _ = random_hand(rng, dealer, renonce_rate=rng.choice((0.0, 0.05, 0.2, 0.5)))
        tricks = [list(t) for t in tricks]
        roll = rng.random()
        if roll < 0.25:  # the record stops after some trick, maybe in the middle of it
            tricks = tricks[: rng.randint(0, 13)]
            if tricks and rng.random() < 0.5:
                tricks[-1] = tricks[-1][: rng.randint(1, 4)]
        elif roll < 0.4 and tricks:  # a trick short of a card somewhere in the hand
            t = rng.randrange(len(tricks))
            del tricks[t][rng.randrange(4)]
        elif roll < 0.55:  # a card played twice
            a, b = rng.sample(range(13), 2)
            tricks[a][rng.randrange(4)] = tricks[b][rng.randrange(4)]
        given = None
        if rng.random() < 0.6:
            given = {p: list(v) for p, v in deal.items()}
            roll = rng.random()
            if roll < 0.2:  # a card swapped between two deals
                p, q = rng.sample(TABLE.players, 2)
                i, j = rng.randrange(13), rng.randrange(13)
                given[p][i], given[q][j] = given[q][j], given[p][i]
            elif roll < 0.3:  # one player's deal only
                p = rng.choice(TABLE.players)
                given = {p: given[p]}
            elif roll < 0.4:  # a deal short of a card
                given[rng.choice(TABLE.players)].pop()
        rules = HouseRules(last_trick_mark=rng.random() < 0.3, count_trick_offset=rng.choice((0, 0, 1)))
        yield (TABLE, dealer, rng.choice(DECK), tricks), {"deal": given, "rules": rules}


def tetka_check(args, kwargs):
    from tetka_cli.games.tetka.hand import replay_hand

    return _outcome(replay_hand, *args, **kwargs)


# -- Terz -----------------------------------------------------------------------------------------------
def terz_inputs(rng: random.Random, n: int):
    from tetka_cli.games.terz.cards import DECK as TERZ_DECK
    from tetka_cli.games.terz.model import Forfeit, HandInput
    from tetka_cli.games.terz.rules import TerzRules
    from tetka_cli.games.terz.simulate import Simulator

    players = ("Анна", "Борис")
    for _ in range(n):
        rules = TerzRules(renonce_penalty=rng.choice(("none", "hand", "game")),
                          seven_exchange=rng.choice(("any_turn", "lead")),
                          declaration_window=rng.choice(("2-7", "1-7", "2-8")),
                          beaten_declaration_binds=rng.random() < 0.3,
                          stop_at_target=rng.random() < 0.2)
        sim = Simulator(seed=rng.randrange(10**9), renonce_rate=rng.choice((0.0, 0.1, 0.3)), rules=rules)
        h = sim.hand(rng.choice(players)).hand
        tricks = list(h.tricks)
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            k = rng.randrange(len(tricks))
            t = tricks[k]
            who = rng.choice(players)
            roll = rng.random()
            if roll < 0.2:
                t = replace(t, draws=t.draws[: rng.randint(0, len(t.draws))])
            elif roll < 0.35:
                t = replace(t, exchange=who)
            elif roll < 0.55:  # a declaration of cards the player may or may not hold
                cards = tuple(rng.sample(TERZ_DECK, rng.randint(3, 5)))
                later = [x.lead for x in tricks[k:]] + [x.reply for x in tricks[k:]]
                if rng.random() < 0.6:
                    suit = rng.choice(later).suit
                    run = sorted((x for x in TERZ_DECK if x.suit is suit), key=lambda x: x.rank)
                    start = rng.randrange(len(run) - 2)
                    cards = tuple(run[start:start + rng.randint(3, 5)])
                t = replace(t, declare={**t.declare, who: cards})
            elif roll < 0.65:
                t = replace(t, bela=who)
            elif roll < 0.75:
                t = replace(t, scored=rng.choice((*players, "nobody")))
            elif roll < 0.8:  # a card swapped for another
                t = replace(t, reply=rng.choice(TERZ_DECK))
            elif roll < 0.85:
                t = replace(t, lead=rng.choice(TERZ_DECK))
            else:
                t = replace(t, draws=tuple(rng.sample(TERZ_DECK, min(2, len(t.draws) or 1))))
            tricks[k] = t
        if rng.random() < 0.3:
            tricks = tricks[: rng.randint(1, 16)]
        deal = h.deal
        roll = rng.random()
        if roll < 0.4:
            deal = None
        elif roll < 0.6:
            p = rng.choice(players)
            deal = {p: deal[p]}
        elif roll < 0.7:
            p = rng.choice(players)
            deal = {**deal, p: deal[p][:-1]}
        elif roll < 0.8:  # a card the deal gives to the other player
            a, b = players
            i, j = rng.randrange(9), rng.randrange(9)
            da, db = list(deal[a]), list(deal[b])
            da[i], db[j] = db[j], da[i]
            deal = {a: tuple(da), b: tuple(db)}
        forfeit = h.forfeit
        if rng.random() < 0.05:
            forfeit = Forfeit(rng.choice(players), rng.choice(("draw-out-of-turn", "extra-card")),
                              rng.choice((None, rng.randint(1, 16))))
        hand = HandInput(h.dealer, h.trump, tuple(tricks), deal, forfeit)
        before = {p: rng.choice((0, 0, 400, 480)) for p in players} if rules.stop_at_target else None
        yield (players, hand, rules), {"totals_before": before}


def terz_check(args, kwargs):
    from tetka_cli.games.terz.hand import replay_hand

    return _outcome(replay_hand, *args, **kwargs)


# -- money ---------------------------------------------------------------------------------------------
# The money modules are checked by calling their public functions, each with random and edge-case
# inputs a direct caller may give (not only those the command line lets through): amounts of every
# size and exponent, NaN and infinities, zeros, nets that do not balance, totals naming a player
# outside the sitting, a sitting's player missing from its net, and the records of records/ settled
# with every option of a settle job.
AMOUNTS = ("0", "1", "-1", "0.10", "0.5", "-0.25", "1E+2", "5E+3", "1E-45", "0E-5", "123.456", "-0.00", "NaN",
           "Infinity", "-Infinity", "1e16", "7.1234567890123456789", "100")
STAKE_TEXTS = ("0.10", "1", " 2 ", "1,5", "-1", "abc", "1e16", "1" * 41, "NaN", "inf", "+3", "0", "1E+15", "", "5.")


def money_inputs(rng: random.Random, n: int):
    from decimal import Decimal

    names = ["Анна", "Борис", "Вера", "Глеб", "Дмитрий", "Евгения"]

    def amount() -> Decimal:
        if rng.random() < 0.3:
            return Decimal(rng.choice(AMOUNTS))
        return Decimal(rng.randint(-5000, 5000)).scaleb(-rng.randint(0, 4))

    def balanced(k: int) -> dict:
        players = rng.sample(names + [f"P{i}" for i in range(12)], k)
        nets = {p: Decimal(rng.randint(-300, 300)).scaleb(-rng.choice((0, 2))) if rng.random() > 0.2 else Decimal(0)
                for p in players}
        if players:
            nets[players[-1]] -= sum(nets.values(), Decimal(0))
        if rng.random() < 0.1 and players:  # unbalanced: settle_up refuses it
            nets[players[0]] += 1
        return nets

    def totals(players) -> dict:
        return {p: rng.randint(0, 30) for p in players}

    for _ in range(n):
        seated = rng.sample(names, 4)
        outsider = rng.choice([p for p in names if p not in seated])
        summaries = []
        for _s in range(rng.randint(0, 4)):
            players = tuple(rng.sample(seated, rng.choice((2, 4))))
            robbers = []
            for _r in range(rng.randint(0, 3)):
                t = totals(players)
                if rng.random() < 0.2:  # a direct caller's robber naming someone outside the sitting
                    t[outsider] = rng.randint(0, 30)
                robbers.append((t, {p: amount() for p in t}))
            net = {p: amount() for p in players if rng.random() > 0.15}  # a player may have no net
            summaries.append((f"s{_s}.yaml", players, tuple(robbers), net))
        two = rng.sample(names, 2)
        yield {
            "amounts": [amount() for _ in range(4)], "places": rng.randint(0, 4),
            "stake_texts": [rng.choice(STAKE_TEXTS), rng.choice((1.5, True, 3, None, "0.10"))],
            "nets": balanced(rng.choice((0, 1, 2, 3, 4, 5, 8, 14, 15, 16, 17))),
            "summaries": summaries, "totals": totals(seated), "stake": amount().copy_abs(),
            "robbers": [(i + 1, rng.random() < 0.7, totals(seated)) for i in range(rng.randint(0, 3))],
            "provisional": rng.random() < 0.5, "two": two,
            "games": [(i + 1, rng.random() < 0.7, {p: rng.randint(0, 700) for p in two},
                       rng.choice(two + [None, "Зоя"])) for i in range(rng.randint(0, 3))],  # Зоя: not seated
            "names": rng.sample(names + ["анна", "Анна ", "АННА", "Ёлка", "Елка"], rng.randint(0, 6)),
            "data": rng.choice([b"", b"x", bytes(rng.randrange(256) for _ in range(20))]),
            "record": rng.choice(RECORDS), "job": (rng.choice((None, Decimal("0.5"))), rng.random() < 0.5,
                                                   rng.random() < 0.5, rng.random() < 0.3, rng.choice((100, 10**6))),
        }, {}


RECORDS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "records").rglob("*.yaml"))
JOBS = [False]  # whether money_check settles records too (for a mutant of games/settling.py)


def money_check(args, kwargs):
    from tetka_cli.common import dedupe, money, season, transfers
    from tetka_cli.results import money as results_money
    from tetka_cli.jobs import settle as settling
    from tetka_cli.games.terz import settlement as terz
    from tetka_cli.games.tetka import settlement as tetka

    case = args
    out = []
    for d in case["amounts"]:
        out.append(_outcome(money.money_places, d))
        out.append(_outcome(money.format_money, d, case["places"]))
    for text in case["stake_texts"]:
        out.append(_outcome(lambda t: (r := money.parse_stake(t), money.money_places(r)), text))
    out.append(_outcome(money.add_nets, [case["nets"], {p: d for p, d in zip(case["nets"], case["amounts"])}]))
    got = _outcome(transfers.settle_up, case["nets"])
    out.append(got)
    if got[0] == "ok":
        out.append(_outcome(transfers.balance_after, case["nets"], got[1]))
    summaries = [results_money.SittingMoney(path, "tetka", players, Decimal(1), "", tuple(
        results_money.PartMoney(i, True, totals, None, net, ()) for i, (totals, net) in enumerate(parts, start=1)), nets)
        for path, players, parts, nets in case["summaries"]]
    out.append(_outcome(results_money.standings, summaries, "lowest"))
    out.append(_outcome(season.name_variants, case["names"]))
    out.append(_outcome(results_money.lowest, case["totals"]))
    out.append(_outcome(tetka.settle, case["totals"], case["stake"]))
    sitting = _outcome(tetka.settle_sitting, "x.yaml", list(case["totals"]), case["robbers"], case["stake"], "руб.",
                       provisional=case["provisional"])
    out.append(sitting)
    if sitting[0] == "ok":
        out.append(_outcome(results_money.standings, [tetka.shared(sitting[1])], "lowest"))
        out.append(_outcome(tetka.nets_from_payments, list(case["totals"]),
                            [p for r in sitting[1].robbers for p in r.settlement.payments]))
    for number, finished, totals, winner in case["games"]:
        out.append(_outcome(terz.settle_game, number, case["two"], totals, winner, finished, case["stake"]))
    out.append(_outcome(terz.settle_sitting, "t.yaml", case["two"], case["games"], case["stake"], "",
                        provisional=case["provisional"]))
    out.append(_outcome(dedupe.digest, case["data"]))
    out.append(_outcome(dedupe.canonical, case["summaries"]))
    m = dedupe.Meaning()
    for piece in case["summaries"]:
        m.add("part", dedupe.canonical(piece))
    out.append(m.hexdigest())
    seen = dedupe.ContentSeen()
    out.append([seen.first(x, f"p{i}") for i, x in enumerate(case["names"] + [None] + case["names"])])
    out.append(_outcome(dedupe.once_per_file, [case["record"], "-", "records", case["record"], "nope.yaml"]))
    for how in ("file", "content", "meaning", "document"):
        f = dedupe.duplicate(case["record"], "first.yaml", how)
        out.append((f.code, f.path, f.message("en"), f.message("ru")))
    if not JOBS[0]:  # reading records is slow: only for a mutant of the settle job
        return out
    stake, provisional, force, keep, max_bytes = case["job"]
    job = settling.SettleJob(max_bytes=max_bytes, stake=stake, provisional=provisional, force=force, keep_report=keep)
    settled = _outcome(job, str(ROOT / case["record"]))
    if settled[0] == "ok":
        s = settled[1]
        out.append((s.path, s.money, s.findings, s.unreadable, s.digest, s.meaning, s.game, s.report is None,
                    s.first_error))
    else:
        out.append(settled)
    c = job.crashed("x.yaml")
    out.append((c.money, c.findings, c.unreadable, c.findings[0].message("en")))
    out.append(_outcome(lambda: settling.money_of(settling.check_record(str(ROOT / case["record"])), stake,
                                                    provisional=provisional)))
    return out


# The modules each replay runs through: a mutant elsewhere is not reached by these hands.
GAMES = {f"tetka_cli.common.{m}.": (money_inputs, money_check) for m in ("money", "transfers", "season", "dedupe")} | {
    "tetka_cli.results.money.": (money_inputs, money_check),
    "tetka_cli.jobs.settle.": (money_inputs, money_check),
    "tetka_cli.games.tetka.settlement.": (money_inputs, money_check),
    "tetka_cli.games.terz.settlement.": (money_inputs, money_check)} | {f"tetka_cli.games.tetka.{m}.": (tetka_inputs, tetka_check) for m in ("hand", "play", "renonce", "marks")} | {
    f"tetka_cli.games.terz.{m}.": (terz_inputs, terz_check)
    for m in ("hand", "play", "declarations", "bela", "exchange", "cards")}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="+")
    ap.add_argument("--inputs", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--all", action="store_true", help="killed mutants too (a check that the check can fail)")
    a = ap.parse_args(argv)
    if not (MUTANTS / "tetka_cli").is_dir():
        print("no mutants/ folder: run `python tools/mutation.py` first", file=sys.stderr)
        return 2
    sys.path[:0] = [str(MUTANTS), str(ROOT / "tests")]
    os.environ["MUTANT_UNDER_TEST"] = ""
    import tetka_cli

    assert pathlib.Path(tetka_cli.__file__).is_relative_to(MUTANTS), tetka_cli.__file__
    sys.path.insert(0, str(ROOT / "tools"))
    import mutation

    known = mutation.results()
    chosen = sorted(n for n in known if any(fnmatch.fnmatchcase(n, p) for p in a.names)
                    and (a.all or known[n] == "survived"))
    if not chosen:
        print("no mutant of the last run matches", file=sys.stderr)
        return 2
    differ = 0
    for name in chosen:
        game = next((g for prefix, g in GAMES.items() if name.startswith(prefix)), None)
        if game is None:
            print(f"{name}: no hands to replay for this module")
            continue
        make, check = game
        JOBS[0] = name.startswith("tetka_cli.jobs.settle.")
        calls = _count_calls(name)
        seen = 0
        for args, kwargs in make(random.Random(a.seed), a.inputs):
            os.environ["MUTANT_UNDER_TEST"] = ""
            want = check(args, kwargs)
            os.environ["MUTANT_UNDER_TEST"] = name
            got = check(args, kwargs)
            os.environ["MUTANT_UNDER_TEST"] = ""
            seen += 1
            if repr(got) != repr(want):  # repr: a NaN amount is equal to itself there
                differ += 1
                if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
                    at = next(i for i, (w, g) in enumerate(zip(want, got)) if repr(w) != repr(g))
                    want, got = want[at], got[at]
                print(f"{name}: DIFFERS on input {seen}:\n  original: {want!r}\n  mutant:   {got!r}")
                break
        else:
            if not calls[0]:
                differ += 1
                print(f"{name}: NEVER REACHED by {seen} hands: this check says nothing of it")
            else:
                print(f"{name}: the same on {seen} hands (reached {calls[0]:,} times)")
    return 1 if differ else 0


def _count_calls(name: str) -> list[int]:
    """Count the calls of mutant `name`: its entry in the mutated module's table of mutants is
    wrapped (the trampoline calls that entry while the mutant is switched on)."""
    import functools
    import importlib

    module_name, _, mutant = name.rpartition(".")
    calls = [0]
    for table in list(vars(importlib.import_module(module_name)).values()):
        if isinstance(table, dict) and mutant in table:
            fn = table[mutant]

            @functools.wraps(fn)
            def counted(*args, **kwargs):
                calls[0] += 1
                return fn(*args, **kwargs)

            table[mutant] = counted
    return calls


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
