"""Sets of cards as the bits of an int, as both games' solvers and samplers hold them."""
from __future__ import annotations


def bits_of(mask: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
