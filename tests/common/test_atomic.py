"""Files the tool writes appear whole, with the permissions a plain write would give them."""
import os
import stat

from tetka_cli.common.atomic import write_atomic


def test_new_file_gets_the_umask_permissions_and_old_file_keeps_its_own(tmp_path):
    p = tmp_path / "a.yaml"
    old = os.umask(0o022)
    try:
        write_atomic(str(p), "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o644
    os.chmod(p, 0o600)
    write_atomic(str(p), "y")
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o600 and p.read_text() == "y"
    assert os.listdir(tmp_path) == ["a.yaml"]  # no temporary file left behind
