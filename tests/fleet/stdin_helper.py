"""Run the real entry point with stdin from a pipe the test controls, and short stdin deadlines
(set in the child before main runs), so a hung or endless stream is tested without waiting."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest


def start(args: list[str], stdin: Any, first_byte_s: float = 1.0, total_s: float = 2.0) -> subprocess.Popen:
    code = ("import sys, servecheck.fsutil as f\n"
            f"f.STDIN_FIRST_BYTE_S, f.STDIN_TOTAL_S = {first_byte_s!r}, {total_s!r}\n"
            "from servecheck.cli.main import main\n"
            f"sys.argv = ['servecheck', *{args!r}]\n"
            "main()\n")
    return subprocess.Popen([sys.executable, "-c", code], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def communicate(proc: subprocess.Popen, timeout_s: float = 60) -> tuple[str, str]:
    """Output of ``proc``; a process still reading stdin after ``timeout_s`` is killed and the
    test fails (before the fix it waited for the writer, or forever)."""
    try:
        return proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"still reading stdin after {timeout_s:g} s")


def peak_rss_mb(args: list[str], stdin_path: str) -> tuple[int, float, str]:
    """(exit code, peak RSS in MB, stderr) of the command with stdin from ``stdin_path``,
    measured in a fresh parent so that no other child's peak counts."""
    code = ("import resource, subprocess, sys\n"
            f"with open({stdin_path!r}, 'rb') as fh:\n"
            f"    r = subprocess.run([sys.executable, '-m', 'servecheck', *{args!r}], stdin=fh, "
            "capture_output=True, text=True, timeout=120)\n"
            "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n"
            "sys.stderr.write(r.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    rc, mb = out.stdout.split()
    return int(rc), float(mb), out.stderr
