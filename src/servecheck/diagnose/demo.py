"""Demo step: diagnose the bundle the capture step wrote (r575 host, CUDA 13.0 image)."""

from __future__ import annotations

from typing import Any


def step(ctx: Any) -> None:
    from servecheck.diagnose.api import diagnose
    from servecheck.diagnose.render import render
    from servecheck.fsutil import atomic_write_json

    bundle = ctx.state.get("bundle")
    if bundle is None:
        raise RuntimeError("no bundle from the capture step")
    out = ctx.out / "diagnosis.json"
    ctx.console.print(f"[dim]$ servecheck diagnose {bundle} --out {out}[/dim]")
    result = diagnose(str(bundle))
    atomic_write_json(out, result.model_dump(mode="json", by_alias=True))
    render(result, ctx.console)
    ctx.state["diagnosis"] = out
