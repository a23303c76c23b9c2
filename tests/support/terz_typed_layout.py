"""Terz records as a person might type them, not as `tetka` writes them: another indentation,
comments, blank lines between hands, quoted names, Russian cards, keys of a hand in another order,
points as a block. Used by the quick reader's equivalence tests (tests/terz/test_quick_reader_terz.py)
and the differential fuzz (tests/fuzz/layouts.py)."""
from __future__ import annotations

import random
import re


def typed(text: str, rng: random.Random) -> str:
    """The sitting as a person might type it: another indentation, comments, blank lines between
    hands, quoted names, Russian cards, keys of a hand in another order, points as a block."""
    ru = {"♠": "п", "♥": "ч", "♦": "б", "♣": "к"}
    ranks = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
    out = []
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if rng.random() < 0.3 and (stripped.startswith(("- {", "- 7", "- 8", "- 9", "- 1", "- J", "- Q", "- K", "- A"))
                                   or stripped.startswith(("trump:", "Анна:", "Борис:"))):
            line = re.sub(r"(10|[7-9JQKA])([♠♥♦♣])", lambda m: ranks.get(m.group(1), m.group(1)) + ru[m.group(2)], line)
        if stripped.startswith("- dealer:") and rng.random() < 0.3:
            out.append("")
            out.append(" " * (len(line) - len(stripped)) + "# another hand")
        if stripped.startswith("dealer:") or stripped.startswith("- dealer:"):
            if rng.random() < 0.3:
                line = line.replace("dealer: Анна", 'dealer: "Анна"').replace("dealer: Борис", "dealer: 'Борис'")
        if stripped.startswith("trump:") and rng.random() < 0.3:
            line += "   # turned up"
        out.append(line)
    return "\n".join(out)
