"""Waiting for a capture to be inside its hung probes before sending it Ctrl-C."""

from __future__ import annotations

import time
from pathlib import Path


def wait_for_hung_probe(data: Path, child, seconds: float = 60.0) -> None:
    """Until the fake nvidia-smi of a ``hang=True`` host has been started (the capture is then
    inside its probes, its Ctrl-C handling in place), or ``child`` ended: a fixed sleep before
    sending SIGINT was too short on a busy machine."""
    deadline = time.monotonic() + seconds
    while not (data / "STARTED").exists() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
