"""Without libyaml the loader falls back to PyYAML's pure-Python loader, with the same results."""
import os

import yaml

import tetka_cli.common.yaml_input as yaml_input
import tetka_cli.jobs.record_check as loader
from tetka_cli.games.tetka.referee import referee
from support.cli import EXAMPLES, ROOT
from support.tetka_records import CASES


def findings(text):
    try:
        rep = referee(loader.load_record("r.yaml", text=text))
    except loader.FindingError as e:
        return [(e.finding.code, e.finding.line, e.finding.column)]
    return [(f.code, f.line, f.column) for f in rep.findings]


def test_pure_python_loader_gives_the_same_findings_and_places(monkeypatch):
    texts = [open(os.path.join(ROOT, p), encoding="utf-8").read() for p in EXAMPLES[:3]]
    texts += [text for _, (text, _, _) in sorted(CASES.items())]
    fast = [findings(t) for t in texts]
    monkeypatch.setattr(yaml_input, "_Loader", yaml.SafeLoader)
    slow = [findings(t) for t in texts]
    assert slow == fast
    assert any(fast)  # the cases do find things
