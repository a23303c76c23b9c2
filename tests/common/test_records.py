"""Reading a record of either game (games/records.py)."""
from __future__ import annotations

import pytest

from tetka_cli.common.findings import FindingError
from tetka_cli.jobs.record_check import check_record


def test_unreadable_record_raises_with_its_finding(tmp_path):
    with pytest.raises(FindingError):
        check_record(str(tmp_path / "missing.yaml"))
