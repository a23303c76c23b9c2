"""Tests read English output unless they ask for Russian: pin the language against the locale."""
import os
import sys

os.environ["TETKA_LANG"] = "en"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# CI runs the property tests on a fixed set of examples, so a red run can be replayed exactly;
# a developer's run draws new ones each time (set CI=true to get CI's).
import os as _os

from hypothesis import settings as _settings

_settings.register_profile("ci", derandomize=True, deadline=None)
if _os.environ.get("CI"):
    _settings.load_profile("ci")
