"""Demo step: the four gates and the kimi-k3 recipe on the bundle captured by the capture step."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def step(ctx: Any) -> None:
    from servecheck.capture.bundle import load_evidence
    from servecheck.fsutil import atomic_write_text
    from servecheck.knowledge.compat import check_recipe, evaluate_evidence
    from servecheck.knowledge.recipes import load_recipe
    from servecheck.knowledge.render import compat_view, recipe_view

    bundle = ctx.state.get("bundle")
    if bundle is None:
        raise RuntimeError("no bundle from the capture step")
    evidence = load_evidence(Path(bundle))
    result = evaluate_evidence(evidence)
    checked = check_recipe(load_recipe("kimi-k3"), evidence)
    ctx.console.print(f"[dim]$ servecheck compat --bundle {bundle} --recipe kimi-k3[/dim]")
    for part in compat_view(result) + recipe_view(checked):
        ctx.console.print(part)
    payload = result.model_dump_json(indent=2)
    atomic_write_text(ctx.out / "compat.json", payload)
    ctx.state["compat"] = result
