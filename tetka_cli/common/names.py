"""Player names: what a name may hold, checked where a record is read (and where `simulate`
writes one), so that no name can hide a control, format or bidirectional-override character."""
from __future__ import annotations

import unicodedata
from typing import Callable, Sequence

# Control (Cc), format (Cf: zero-width, bidi overrides and isolates, soft hyphen), line and
# paragraph separators, surrogates, private use and unassigned code points.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def bad_character(name: str) -> str | None:
    """None for a name fit to be written and shown; else which character is not, as
    `U+202E RIGHT-TO-LEFT OVERRIDE at 3` (1-based place in the name)."""
    bad = bad_character_at(name)
    return None if bad is None else f"{bad[0]} at {bad[1]}"


def bad_character_at(name: str) -> tuple[str, int] | None:
    """The first character unfit to be shown, as its code and Unicode name
    (`U+202E RIGHT-TO-LEFT OVERRIDE`), and its 1-based place in the name; None for a fit name."""
    for i, ch in enumerate(name, start=1):
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            label = unicodedata.name(ch, "") or {"\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\t": "TAB",
                                                   "\x1b": "ESCAPE", "\x85": "NEXT LINE"}.get(ch, "CONTROL")
            return f"U+{ord(ch):04X} {label}", i
    return None


def refuse_bad_names(add: Callable[..., None], nodes: Sequence[object], names: Sequence[str], what: str) -> bool:
    """The reader's hook: a `schema` finding at each name holding a refused character (saying
    which); True when there was one. `add` is the reader's `add(code, node, **args)`."""
    from .terminal import safe

    refused = False
    for node, name in zip(nodes, names):
        bad = bad_character_at(name)
        if bad is not None:
            add("schema", node, what=what, expected="plain name", got=f"{safe(name)!s}: {bad[0]} at {bad[1]}",
                name=safe(name), character=bad[0], place=bad[1])
            refused = True
    return refused


# Letters of other scripts that look like Cyrillic ones (after case folding), and invisible
# characters: one person's name typed on two keyboards must not make two players.
_LOOKALIKES = str.maketrans({
    "a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "i": "і", "j": "ј", "k": "к", "m": "м", "o": "о",
    "p": "р", "s": "ѕ", "t": "т", "x": "х", "y": "у",
    "α": "а", "β": "в", "ε": "е", "η": "н", "ι": "і", "κ": "к", "μ": "м", "ο": "о", "ρ": "р", "τ": "т",
    "υ": "у", "χ": "х", "ё": "е",
})


def name_skeleton(name: str) -> str:
    """What a name looks like: compatibility forms, case, ё/е, lookalike letters of other
    scripts and invisible characters folded; spaces collapsed."""
    n = unicodedata.normalize("NFKC", name).casefold()
    n = "".join(ch for ch in n if unicodedata.category(ch) not in REFUSED_CATEGORIES)
    n = unicodedata.normalize("NFC", n.translate(_LOOKALIKES))
    return " ".join(n.split())
