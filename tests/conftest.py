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


def pytest_collection_modifyitems(session, config, items):
    if _os.environ.get("MUTANT_UNDER_TEST") is not None:
        items.sort(key=lambda item: bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False)))

# One headless Chromium per test module for the tests that open pages in a real browser (tests/chromium.py).
from chromium import chromium  # noqa: E402,F401
