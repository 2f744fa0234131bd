"""Run the real `servecheck` entry point against a store in the test's tmp_path."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

SC = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def sc(tmp_path: Path) -> SC:
    env = {"SERVECHECK_STORE": str(tmp_path / "s.db"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                              text=True, timeout=120, env=env, cwd=tmp_path)  # default --out dirs land here

    return run
