"""Hostile files named on the `servecheck load` command line: /dev/zero, a FIFO, binary bytes, an
oversize file, and an --out that is not a folder. Each is refused at once with exit 2 and one
clear line, before any request is sent."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

UNUSED = "http://127.0.0.1:9"  # never contacted: every case fails before the run starts


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SERVECHECK_API_KEY": "", "VLLM_API_KEY": ""}
    return subprocess.run([sys.executable, "-m", "servecheck", "load", UNUSED, "--wait", "0.2", *args],
                          capture_output=True, text=True, timeout=30, env=env)


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("option", ["--agent-prefix", "--stages"])
@pytest.mark.parametrize(("make", "said"), [
    (lambda tmp: Path("/dev/zero"), "is a character device"),
    (_fifo, "is a FIFO"),
    (lambda tmp: _write(tmp / "rand.txt", b"ok\xff\xfe\x00\x81" * 100), "is not UTF-8 text"),
    (lambda tmp: _write(tmp / "big.json", b"[" + b" " * (2 << 20) + b"]"), "larger than 1 MiB"),
])
def test_hostile_input_files_are_refused_at_once(tmp_path: Path, option: str, make, said: str) -> None:
    start = time.monotonic()
    proc = _cli(option, str(make(tmp_path)))
    assert proc.returncode == 2, proc.stderr
    assert said in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert time.monotonic() - start < 20


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("target", ["/dev/null", "file"])
def test_out_that_is_not_a_folder_is_refused(tmp_path: Path, target: str) -> None:
    out = Path(target) if target.startswith("/") else _write(tmp_path / target, b"kept")
    proc = _cli("--out", str(out))
    assert proc.returncode == 2, proc.stderr
    assert f"--out {out} exists and is not a folder" in proc.stderr and "give a folder" in proc.stderr
    if not target.startswith("/"):
        assert out.read_bytes() == b"kept"
