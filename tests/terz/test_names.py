"""The rules core's words in both languages: every combination, obligation and reason it can put in
an issue has an English text and a Russian translation in the `terz` catalog."""
from __future__ import annotations

from typing import get_args

from tetka_cli.games.terz import names
from tetka_cli.games.terz.play import Obligation
from tetka_cli.games.terz.declarations import KINDS


def test_every_kind_and_obligation_is_named_in_both_languages():
    for kind in KINDS + ("invalid",):
        assert names.kind_name(kind, "en") != names.kind_name(kind, "ru")
    assert set(get_args(Obligation)) == set(names.OBLIGATIONS)  # every obligation the core can name
    for ob in get_args(Obligation):
        assert names.obligation_name(ob, "en") != names.obligation_name(ob, "ru")
    assert names.kind_name("four-kings", "ru") == "четыре короля"


def test_every_reason_is_translated():
    for reason in names.REASONS:
        assert names.reason_text("exchange-illegal", reason, "ru") != names.reason_text("exchange-illegal", reason)
    assert names.reason_text("bela-illegal", "twice", "ru") == "объявлена в коне второй раз"
