"""Sending a capture Ctrl-C: the child can get it, and gets it once it is inside its hung probes."""

from __future__ import annotations

import signal
import time
from pathlib import Path


def wait_for_hung_probe(data: Path, child, seconds: float = 60.0, settle: float = 1.5) -> None:
    """Until the fake nvidia-smi of a ``hang=True`` host has been started (the capture is then
    inside its probes), or ``child`` ended, then ``settle`` seconds more for the probes that end
    at once (host) to end: a fixed sleep from the child's start was too short on a busy machine."""
    deadline = time.monotonic() + seconds
    while not (data / "STARTED").exists() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(settle)


def default_sigint() -> None:
    """``preexec_fn`` for the child: SIGINT back to its default, so Python installs its Ctrl-C
    handler. A test runner started in the background ignores SIGINT, and a child inherits that:
    it would never see the Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
