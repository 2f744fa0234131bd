"""Demo step: capture from the recorded r575 host / CUDA 13.0 image evidence shipped with servecheck."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

DEMO_DATA = "data/demo-r575-cu130"


def demo_evidence_dir() -> Path:
    return Path(str(resources.files("servecheck.capture").joinpath(DEMO_DATA)))


def step(ctx: Any) -> None:
    from servecheck.capture.probe import CaptureOptions
    from servecheck.capture.run import capture
    from servecheck.capture.summary import render

    source = demo_evidence_dir()
    out = ctx.out / "bundle-gpu-a07"
    argv = ["servecheck", "capture", "--from", str(source), "--out", str(out)]
    result = capture(CaptureOptions(), out, argv, from_dir=source)
    ctx.state["bundle"] = result.path
    ctx.console.print(f"[dim]$ {' '.join(argv)}[/dim]")
    ctx.console.print(render(result.evidence, str(result.path)))
