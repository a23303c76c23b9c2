"""Tests read English output unless they ask for Russian: pin the language against the locale."""
import os
import sys

os.environ["TETKA_LANG"] = "en"
# The analysis cache (and anything else kept in the user's cache folder) goes to a folder of this
# run, never to the real home: a test that wants its own sets XDG_CACHE_HOME again.
import atexit as _atexit
import shutil as _shutil
import tempfile as _tempfile

os.environ["XDG_CACHE_HOME"] = _tempfile.mkdtemp(prefix="tetka-tests-cache-")
_atexit.register(_shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)
# tests/ on the path: the tests import what they share from tests/support (pytest imports the test
# modules themselves in importlib mode, pyproject.toml, so files of the same name may sit in two folders).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# CI runs the property tests on a fixed set of examples, so a red run can be replayed exactly;
# a developer's run draws new ones each time (set CI=true to get CI's).
import os as _os

from hypothesis import settings as _settings

_settings.register_profile("ci", derandomize=True, deadline=None)
if _os.environ.get("CI"):
    _settings.load_profile("ci")

# Under mutation testing (mutmut sets MUTANT_UNDER_TEST; docs/mutation.md) the property tests draw
# fixed examples too, so a mutant is killed or not the same way on every run, and they run after
# the worked examples: mutmut stops at the first failing test, and a worked example fails sooner.
MUTATION = _os.environ.get("MUTANT_UNDER_TEST") is not None
if MUTATION:
    _settings.load_profile("ci")


# mutmut's first pass ("stats", which tests reach which functions) runs the tests with
# MUTANT_UNDER_TEST=stats, and a child process inherits it; there mutmut reads its configuration
# from the working folder, which for a test's child is the test's own (no setup.cfg), and the child
# fails. What a child reaches cannot be counted anyway, so a child of that pass runs the code as it
# is; under a mutant (a mutant's name in MUTANT_UNDER_TEST) the child runs the mutant, as it should.
import subprocess as _subprocess

_popen_init = _subprocess.Popen.__init__


def _popen_outside_mutmut_stats(self, *args, **kwargs):
    if _os.environ.get("MUTANT_UNDER_TEST") == "stats":
        env = dict(_os.environ if kwargs.get("env") is None else kwargs["env"])
        env.pop("MUTANT_UNDER_TEST", None)
        kwargs["env"] = env
    _popen_init(self, *args, **kwargs)


_subprocess.Popen.__init__ = _popen_outside_mutmut_stats  # type: ignore[method-assign]


# mutmut's own names for its passes; any other value of MUTANT_UNDER_TEST names a mutant.
_MUTMUT_PASSES = {"", "stats", "list_all_tests", "mutant_generation", "fail"}
_durations: dict[str, float] | None = None


def _measured_durations() -> dict[str, float]:
    """Each test's time in mutmut's first pass (mutants/mutmut-stats.json, in the folder the tests
    of a mutant run in), or nothing when there is no such file."""
    global _durations
    if _durations is None:
        import json

        try:
            with open("mutmut-stats.json", encoding="utf-8") as f:
                found = json.load(f).get("duration_by_test", {})
            _durations = {k: float(v) for k, v in found.items()} if isinstance(found, dict) else {}
        except (OSError, ValueError):
            _durations = {}
    return _durations


def pytest_collection_modifyitems(session, config, items):
    """Under a mutant, the quickest tests first (by mutmut's first pass), a property test after a
    worked example of the same time: mutmut stops at the first failure, and most mutants are
    killed by some quick test, long before the slow ones (a live session, the golden outputs)."""
    mutant = _os.environ.get("MUTANT_UNDER_TEST")
    if mutant is None:
        return
    durations = _measured_durations() if mutant not in _MUTMUT_PASSES else {}
    items.sort(key=lambda item: (durations.get(item.nodeid, 0.0),
                                 bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))))

# One headless Chromium per test module for the tests that open pages in a real browser (tests/chromium.py).
from chromium import chromium  # noqa: E402,F401
