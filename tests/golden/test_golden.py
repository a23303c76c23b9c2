"""The outputs of every shipped record, in every command, format and language, are the bytes they
were: a change of output is made on purpose, by writing the expected files again
(`python -m tests.golden.cases --write NAME ...`) in the commit that means it."""
from __future__ import annotations

import difflib

import pytest

from golden.cases import cases, read_expected, run_case

CASES = list(cases())


@pytest.mark.parametrize("name,args", CASES, ids=[n for n, _ in CASES])
def test_output_is_what_it_was(name: str, args: list[str]) -> None:
    got = run_case(args)
    want = read_expected(name)
    if got != want:
        diff = "\n".join(difflib.unified_diff(want.decode("utf-8", "replace").splitlines(),
                                              got.decode("utf-8", "replace").splitlines(),
                                              "expected", "got", lineterm="", n=2))
        pytest.fail(f"{' '.join(args)}: the output changed\n{diff[:6000]}")


def test_every_case_has_its_expected_output_and_no_other() -> None:
    import os

    from golden.cases import EXPECTED

    names = {n for n, _ in CASES}
    files = {f[:-3] for f in os.listdir(EXPECTED) if f.endswith(".gz")}
    assert files == names
