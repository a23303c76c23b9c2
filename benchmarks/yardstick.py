"""The yardstick every reading benchmark stands beside: PyYAML's C safe loader on the same file,
with the garbage collector off (the strictest fair floor for a YAML-reading referee)."""
from __future__ import annotations

import gc

import yaml


def bare_parse(path: str) -> None:
    """`yaml.load` of the file with the CSafeLoader, the cycle collector paused for it."""
    was = gc.isenabled()
    gc.disable()
    try:
        with open(path, encoding="utf-8") as f:
            yaml.load(f.read(), Loader=yaml.CSafeLoader)
    finally:
        if was:
            gc.enable()
