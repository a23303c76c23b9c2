"""Tests read English output unless they ask for Russian: pin the language against the locale."""
import os
import sys

os.environ["TETKA_LANG"] = "en"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
