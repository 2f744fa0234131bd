"""docs/diagnose.md shows the tool's own output for tests/diagnose/samples: kept true here."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from rich.console import Console

from servecheck.cli.diagnose import EXIT
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.render import render

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path(__file__).parent / "samples"
DOC = ROOT / "docs" / "diagnose.md"


def sample_output(name: str) -> str:
    """What `servecheck diagnose NAME` prints in a 100-column terminal, run inside samples/."""
    cwd = os.getcwd()
    os.chdir(SAMPLES)
    try:
        result = diagnose(name)
    finally:
        os.chdir(cwd)
    buf = io.StringIO()
    render(result, Console(file=buf, width=100, color_system=None))
    text = re.sub(r", [0-9.]+s\b", "", buf.getvalue())      # the scan time changes from run to run
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join([f"$ servecheck diagnose {name}", *lines, f"[exit {EXIT[result.status]}]"])


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.log")))
def test_the_sample_in_the_docs_is_what_the_tool_prints(name):
    assert sample_output(name) in DOC.read_text(), f"docs/diagnose.md is stale for {name}"
