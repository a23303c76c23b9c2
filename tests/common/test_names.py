"""Players' names: lookalike spellings fold to one name, different names stay different."""
from __future__ import annotations

import pytest

from tetka_cli.common.season import name_key, name_variants


# -- names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("a, b", [("Анна", "Aнна"), ("Анна", "aнна"), ("Пётр", "Петр"), ("Борис", "БOРИС"),
                                  ("Глеб", "Гле\u0431"), ("Анна", "Ан\u200bна"), ("Анна", "Анна\u00a0"),
                                  ("Вера", "Bера"), ("Анна Петрова", "Анна  Петрова")])
def test_lookalike_spellings_fold_to_one_name(a, b):
    assert name_key(a) == name_key(b)
    if a != b:
        assert name_variants([a, "Глеб", b]) == ({a: [b]} if name_key("Глеб") != name_key(a) else {})


def test_different_names_stay_different():
    assert name_key("Анна") != name_key("Алла")
    assert name_variants(["Анна", "Борис", "Анна"]) == {}
