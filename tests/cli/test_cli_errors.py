"""The 3 a.m. rule at the edge: OS errors and bugs give one clear line, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from servecheck.cli import main as main_mod


def test_unwritable_out_is_a_clean_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run([sys.executable, "-m", "servecheck", "capture", "--timeout", "2", "--out",
                           str(blocker / "bundle")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "servecheck: error:" in proc.stderr and "Traceback" not in proc.stderr


def test_internal_error_is_one_line_with_exit_70(monkeypatch, capsys):
    def boom(*args, **kwargs):
        raise KeyError("surprise")

    monkeypatch.delenv("SERVECHECK_DEBUG", raising=False)
    monkeypatch.setattr(main_mod.cli, "main", boom)
    with pytest.raises(SystemExit) as exc:
        main_mod.main()
    assert exc.value.code == 70
    err = capsys.readouterr().err
    assert "internal error: KeyError" in err and "SERVECHECK_DEBUG=1" in err
