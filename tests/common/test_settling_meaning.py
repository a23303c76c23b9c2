"""One record's part in a settlement run carries its meaning digest whatever becomes of it (settled,
left out for its faults, or with nothing to settle), except when the record could not be read whole."""
from __future__ import annotations

import os
from decimal import Decimal

from tetka_cli.jobs.record_check import check_record
from tetka_cli.jobs.settle import SettleJob, money_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BAD = os.path.join(ROOT, "records/bad-renonce-and-wrong-marks.yaml")


def test_a_record_left_out_for_its_faults_keeps_its_meaning_so_a_copy_is_counted_once(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_bytes(open(BAD, "rb").read().replace(b"\n", b"\r\n"))
    a, b = SettleJob()(BAD), SettleJob()(str(copy))
    assert a.money is None and b.money is None and not a.unreadable
    assert a.meaning and a.meaning == b.meaning and a.digest != b.digest
    assert a.game == "tetka"


def test_a_record_with_nothing_to_settle_keeps_its_meaning_and_game(tmp_path):
    for game, text in (("tetka", "format: 1\ngame: tetka\nplayers: [A, B, C, D]\nrobbers: []\n"),
                       ("terz", "format: 1\ngame: terz\nplayers: [A, B]\ngames: []\n")):
        p = tmp_path / f"{game}.yaml"
        p.write_text(text, encoding="utf-8")
        s = SettleJob(force=True)(str(p))
        assert s.money is None and s.game == game and s.meaning and len(s.meaning) == 64


def test_a_record_not_read_whole_is_known_by_its_bytes_only(tmp_path):
    text = open(os.path.join(ROOT, "records/robber-played.yaml"), encoding="utf-8").read()
    first = next(w for w in text.replace("[", " ").replace(",", " ").split() if w.endswith(("♠", "♥", "♦", "♣")))
    p = tmp_path / "damaged.yaml"
    p.write_text(text.replace(first, "Z♠", 1), encoding="utf-8")
    s = SettleJob(force=True)(str(p))
    assert any(f.is_error for f in check_record(str(p)).record.findings)
    assert s.meaning is None and s.digest


def test_money_of_a_judged_record_at_a_stake_or_its_own():
    rep = check_record(os.path.join(ROOT, "records/marks-only.yaml"))
    assert money_of(rep).stake == Decimal("0.10")
    assert money_of(rep, Decimal("0.5")).stake == Decimal("0.5")
    assert money_of(rep, Decimal("0.5")).net["Анна"] == Decimal("12.0")


def test_a_long_file_read_a_window_at_a_time_has_the_digest_of_its_bytes(tmp_path):
    """A file of a MiB or more is settled a window (4 MiB) at a time: its digest, read so, is the
    digest of its bytes, across window edges and with a last window cut short."""
    import random

    from tetka_cli.common.dedupe import digest
    from tetka_cli.common.yaml_input import FileBytes, read_bytes
    from tetka_cli.jobs.settle import _windowed_digest

    data = random.Random(7).randbytes((9 << 20) + 12345)
    p = tmp_path / "long.bin"
    p.write_bytes(data)
    fb = read_bytes(str(p), windowed=True)
    assert isinstance(fb, FileBytes)
    try:
        assert _windowed_digest(fb) == digest(data)
    finally:
        fb.close()


def test_a_long_record_settled_has_the_digest_of_its_bytes(tmp_path):
    """A record past a MiB (here padded by a comment) is settled, with the digest of its bytes
    and the meaning of the same record written short."""
    from tetka_cli.common.dedupe import digest

    short = open(os.path.join(ROOT, "records/marks-only.yaml"), "rb").read()
    long = short + b"# " + b"x" * (1 << 20) + b"\n"
    p = tmp_path / "long.yaml"
    p.write_bytes(long)
    s, t = SettleJob()(str(p)), SettleJob()(os.path.join(ROOT, "records/marks-only.yaml"))
    assert s.money is not None and s.digest == digest(long) != t.digest
    assert s.meaning == t.meaning and s.money.net == t.money.net
