"""The worked Terz hand (records/terz/worked-hand.yaml) and records made from it, each changed in one
place: one broken record per finding code, and the helpers that change and judge them."""
from __future__ import annotations

import os

from tetka_cli.jobs.record_check import check_record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKED = open(os.path.join(ROOT, "records", "terz", "worked-hand.yaml"), encoding="utf-8").read()
T1 = "{play: 9♣ 8♣ / A♣ K♦, exchange: Борис}"
T2 = "{play: A♣ 9♠ / K♣ 8♦, scored: Борис, declare: {Борис: Q♥ J♥ 10♥}}"
T4 = "{play: J♦ 7♣ / 7♥ 9♦, scored: Анна, declare: {Анна: K♠ K♥ K♦ K♣}}"
T5 = "{play: 7♥ J♣ / Q♠ 8♥, scored: Борис, declare: {Борис: Q♥ J♥ 10♥ 9♥}}"
T7 = "{play: Q♠ J♥ / Q♣ 7♠, bela: Анна}"
POINTS = "        points: {Анна: 317, Борис: 223}\n"


def changed(*pairs: str) -> str:
    text = WORKED
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def judge(text: str):
    return check_record("r.yaml", text=text)


STOP = "players: [Анна, Борис]\nrules: {stop_at_target: true, target: 200}\n"
ENDS = "players: [Анна, Борис]\nrules: {target: 300}\n"
# code: (record text, the text the finding points at, nth occurrence, trick, player)
CASES = {
    "declaration-invalid": (changed("{Борис: Q♥ J♥ 10♥}}", "{Борис: Q♥ J♥ 9♥}}"), "Q♥ J♥ 9♥}", 1, 2, "Борис"),
    "declaration-out-of-window": (changed(T1, "{play: 9♣ 8♣ / A♣ K♦, exchange: Борис, declare: {Борис: J♥ 10♥ 9♥}}"),
                                  "J♥ 10♥ 9♥}", 1, 1, "Борис"),
    "declaration-not-held": (changed(T7, "{play: Q♠ J♥ / Q♣ 7♠, bela: Анна, declare: {Борис: A♠ K♠ Q♠}}"),
                             "A♠ K♠ Q♠", 1, 7, "Борис"),
    "declaration-subset": (changed(T5, "{play: 7♥ J♣ / Q♠ 8♥, declare: {Борис: Q♥ J♥ 10♥}}"),
                           "Q♥ J♥ 10♥}}\n          - {play: K♦", 1, 5, "Борис"),
    "declaration-overlap": (changed(T5, "{play: 7♥ J♣ / Q♠ 8♥, declare: {Борис: J♥ 10♥ 9♥}}"), "J♥ 10♥ 9♥}", 1, 5,
                            "Борис"),
    "counter-not-higher": (changed(T4, "{play: J♦ 7♣ / 7♥ 9♦, declare: {Анна: K♠ K♥ K♦ K♣, Борис: Q♥ J♥ 10♥ 9♥}}"),
                           "Q♥ J♥ 10♥ 9♥}}\n          - {play: 7♥", 1, 4, "Борис"),
    "bela-illegal": (changed(T7, "{play: Q♠ J♥ / Q♣ 7♠, bela: Борис}"), "Борис}\n          - 7♦", 1, 7, "Борис"),
    "exchange-illegal": (changed(T1, "9♣ 8♣ / A♣ K♦", T7, "{play: Q♠ J♥ / Q♣ 7♠, bela: Анна, exchange: Борис}"),
                         "Борис}\n          - 7♦", 1, 7, "Борис"),
    "forfeit": (changed(POINTS, POINTS + "        forfeit: {player: Борис, reason: extra-card, trick: 3}\n"),
                "{player: Борис", 1, 3, "Борис"),
    "played-after-stop": (changed("players: [Анна, Борис]\n", STOP), "{play: 7♥", 1, 5, None),
    "points-differ": (changed(POINTS, "        points: {Анна: 316, Борис: 223}\n"), "316", 1, None, "Анна"),
    "contest-differs": (changed("scored: Борис, declare: {Борис: Q♥ J♥ 10♥}", "scored: Анна, declare: {Борис: Q♥ J♥ 10♥}"),
                        "Анна, declare: {Борис: Q♥ J♥ 10♥}", 1, 2, "Анна"),
    "winner-differs": (changed("  - first_dealer: Анна\n", "  - first_dealer: Анна\n    winner: Анна\n"),
                       "Анна\n    hands", 1, None, None),
    "after-game-end": (changed("players: [Анна, Борис]\n", ENDS) + "      - points: {Анна: 90, Борис: 80}\n",
                       "points: {Анна: 90", 1, None, None),
    "unfinished-game": (WORKED, "first_dealer", 1, None, None),
    "no-games": ("format: 1\ngame: terz\nplayers: [Анна, Борис]\ngames: []\n", "[]", 1, None, None),
    "winner-undetermined": (changed("  - first_dealer: Анна\n    hands:\n", "  - first_dealer: Анна\n    hands:\n"
                                    "      - points: {Анна: 510, Борис: 510}\n"), "points: {Анна: 510", 1, None, None),
    "totals-differ": (changed("  - first_dealer: Анна\n", "  - first_dealer: Анна\n    totals: {Анна: 317, Борис: 222}\n"),
                      "222", 1, None, "Борис"),
    "wrong-dealer": (changed("      - dealer: Анна", "      - dealer: Борис"), "Борис\n        trump", 1, None, None),
    "incomplete": ("".join(WORKED.split("          - 10♣ Q♣\n")[0]) + POINTS, "dealer: Анна\n        trump", 1,
                   None, None),
    "deal-mismatch": (changed("Анна: 9♠ K♠ K♥", "Анна: K♠ K♥"), "K♠ K♥ A♥", 1, None, "Анна"),
    "duplicate-card": (changed("- Q♥ A♦", "- Q♥ K♥"), "K♥\n        points", 1, 16, "Анна"),
    "renonce": (changed("- 8♥ A♥\n          - K♣ 7♠\n          - Q♥ A♦", "- 8♥ A♦\n          - Q♥ A♥\n          - K♣ 7♠"),
                "A♦\n          - Q♥ A♥", 1, 14, "Анна"),
}


# The worked hand as the mutation-killing tests of the Terz referee and rules core use it: a whole
# record, its points line and its hand, and records of hands known by their points only.
TWO = ("Анна", "Борис")
TERZ_WORKED = open("records/terz/worked-hand.yaml", encoding="utf-8").read()
TERZ_POINTS = "        points: {Анна: 317, Борис: 223}\n"
TERZ_HAND = TERZ_WORKED[TERZ_WORKED.index("      - dealer: Анна\n        trump"):]  # the worked hand, points included


def terz_record(games: str, rules: str = "") -> str:
    return f"format: 1\ngame: terz\nplayers: [Анна, Борис]\n{rules}games:\n{games}"


def judge_terz(text: str):
    return check_record("t.yaml", text=text)


def by_points(points: str, dealer: str | None = None, last: str | None = None, extra: str = "") -> str:
    """A hand the table wrote down by its points only."""
    lines = [f"        dealer: {dealer}\n"] if dealer else []
    lines.append(f"        points: {{{points}}}\n")
    if last:
        lines.append(f"        last_trick: {last}\n")
    text = "".join(lines) + extra
    return "      - " + text[8:]


def terz_findings(rep):
    return [(f.code, f.part, f.hand) for f in rep.findings]
