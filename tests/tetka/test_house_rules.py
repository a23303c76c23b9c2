"""Tetka's house rules and table refuse what cannot be played."""
from __future__ import annotations

import pytest
from support.tetka import PLAYERS as P

from tetka_cli.games.tetka.rules import HouseRules
from tetka_cli.games.tetka.seating import Seating


def test_house_rules_and_the_table_refuse_what_cannot_be_played():
    from tetka_cli.games.tetka.seating import SeatingError

    assert HouseRules(robber_target=1).robber_target == 1
    for bad in (0, -3, "21"):
        with pytest.raises(ValueError, match="robber_target must be a positive whole number"):
            HouseRules(robber_target=bad)
    with pytest.raises(ValueError, match="count_trick_offset must be 0 or 1"):
        HouseRules(count_trick_offset=2)
    with pytest.raises(SeatingError, match="Tetka is played by 4 players, not 3"):
        Seating(P[:3])
    with pytest.raises(SeatingError, match=r"players must be distinct: \['Анна', 'Борис', 'Анна', 'Глеб'\]"):
        Seating(("Анна", "Борис", "Анна", "Глеб"))
