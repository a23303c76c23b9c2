"""What the tests share: helpers, worked records and scripts, imported explicitly (these are not
test modules; tests/conftest.py puts tests/ on the path). `examples` is here, since both games'
property tests draw by it."""
import math
import os


def examples(n: int) -> int:
    """The examples a property test draws: `n`, or a tenth of them (at least 50) under mutation
    testing, where mutmut runs the test again for each mutant (it sets MUTANT_UNDER_TEST before
    the tests are imported; docs/mutation.md). `TETKA_EXAMPLES_SCALE=10` draws ten times `n`:
    the README's longer run of the property tests, beside the suite's."""
    if os.environ.get("MUTANT_UNDER_TEST") is not None:
        return max(50, n // 10)
    scale = float(os.environ.get("TETKA_EXAMPLES_SCALE", "1"))
    return max(1, int(n * scale)) if math.isfinite(scale) and scale > 0 else n
