"""Each record counted once: the messages of a record read twice, and the file identity of standard input."""
from __future__ import annotations

import pytest


def test_duplicate_and_overlap_messages_name_both_places():
    from tetka_cli.common.dedupe import finding_message
    from tetka_cli.common.findings import Finding

    doc = Finding("duplicate-record", {"first": "a.json", "how": "document"}, path="b.json")
    assert finding_message(doc, "en") == "the same document as a.json: read once"
    over = Finding("overlapping-input", {"record": "x.yaml", "first": "a.json"}, path="b.json")
    assert finding_message(over, "en") == ("record x.yaml is in a.json too: a settlement would count it twice; "
                                           "combine outputs of separate records only")
    with pytest.raises(KeyError, match="marks-differ"):
        finding_message(Finding("marks-differ", {}, path="b.json"), "en")


def test_standard_input_has_no_file_identity_even_beside_a_file_named_dash(tmp_path, monkeypatch):
    from tetka_cli.common.dedupe import file_identity

    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text("x")
    assert file_identity("-") is None and file_identity("./-") is not None
