"""What the tests share: helpers, worked records and scripts, imported explicitly (these are not
test modules; tests/conftest.py puts tests/ on the path). `examples` is here, since both games'
property tests draw by it."""
import os


def examples(n: int) -> int:
    """The examples a property test draws: `n`, or a tenth of them (at least 50) under mutation
    testing, where mutmut runs the test again for each mutant (it sets MUTANT_UNDER_TEST before
    the tests are imported; docs/mutation.md)."""
    return max(50, n // 10) if os.environ.get("MUTANT_UNDER_TEST") is not None else n
