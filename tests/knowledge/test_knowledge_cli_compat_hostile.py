"""`servecheck compat` on hostile input: random bytes, a FIFO, /dev/zero and malformed version
flags give one line and exit 2 (the same message diagnose gives), never a traceback or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def servecheck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "servecheck", *args],
                          capture_output=True, text=True, timeout=60)


def _random_bytes(path: Path) -> Path:
    # Bytes that are neither UTF-8 nor JSON (a fixed pattern keeps the test repeatable).
    path.write_bytes(bytes(range(128, 256)) * 32)
    return path


@pytest.mark.parametrize("layout", ["bare file", "bundle directory"])
def test_random_bytes_are_the_same_input_error_as_diagnose(tmp_path: Path, layout: str) -> None:
    if layout == "bare file":
        target = _random_bytes(tmp_path / "rand.bin")
    else:
        target = tmp_path / "B"
        target.mkdir()
        _random_bytes(target / "evidence.json")
    proc = servecheck("compat", "--bundle", str(target))
    assert proc.returncode == 2, proc.stderr
    assert "is not a servecheck evidence file" in proc.stderr and "Traceback" not in proc.stderr
    if layout == "bundle directory":
        diag = servecheck("diagnose", str(target))
        assert diag.returncode == 2 and diag.stderr == proc.stderr


def test_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "F"
    os.mkfifo(fifo)
    proc = servecheck("compat", "--bundle", str(fifo))  # would hang on open() without the check
    assert proc.returncode == 2 and "is a FIFO, not a regular file" in proc.stderr


def test_fifo_evidence_in_a_bundle_is_refused(tmp_path: Path) -> None:
    (tmp_path / "B").mkdir()
    os.mkfifo(tmp_path / "B" / "evidence.json")
    proc = servecheck("compat", "--bundle", str(tmp_path / "B"))
    assert proc.returncode == 2 and "is a FIFO, not a regular file" in proc.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused() -> None:
    proc = servecheck("compat", "--bundle", "/dev/zero")
    assert proc.returncode == 2 and "is a character device, not a regular file" in proc.stderr


def test_oversized_evidence_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: no disk used, but far over the cap
        fh.truncate(200 * 1024 * 1024)
    proc = servecheck("compat", "--bundle", str(big))
    assert proc.returncode == 2 and "larger than 64 MiB; refused" in proc.stderr


def test_malformed_versions_are_one_usage_line() -> None:
    proc = servecheck("compat", "--driver", "abc", "--image-cuda", "x.y", "--gpu", "garbage")
    assert proc.returncode == 2, proc.stdout
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and proc.stdout == ""
    assert "--driver 'abc'" in lines[0] and "--image-cuda 'x.y'" in lines[0]
    assert "garbage" not in lines[0]  # a GPU name the table lacks is an unknown, not a typo


@pytest.mark.parametrize("flag,value", [("--driver-cuda", "thirteen"), ("--cc", "nine")])
def test_each_version_flag_is_checked(flag: str, value: str) -> None:
    proc = servecheck("compat", "--driver", "580.95.05", "--image-cuda", "13.0", flag, value)
    assert proc.returncode == 2 and f"{flag} {value!r}" in proc.stderr


def test_readable_version_spellings_are_accepted() -> None:
    proc = servecheck("compat", "--driver", "r580", "--image-cuda", "cu130", "--cc", "sm_90",
                      "--driver-cuda", "13.0")
    assert proc.returncode in (0, 3) and "unreadable version" not in proc.stderr
