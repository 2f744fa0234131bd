"""Demo step: the recorded mixed cluster (r570/r575/r580; H100, H200, GB300 and one V100 pool):
which nodes run the demo's CUDA 13.0 image, and a node-by-node plan to r580, recorded in the case."""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

DEMO_CLUSTER = "data/demo-cluster.json"
IMAGE = "vllm/vllm-openai:kimi-k3"
AS_OF = datetime.fromtimestamp(1790000000, UTC)  # when the demo cluster's labels were written


def step(ctx: Any) -> None:
    from servecheck.fleet.matrix import build_matrix
    from servecheck.fleet.models import Target
    from servecheck.fleet.render import html_page, matrix_view, rollout_view, to_json
    from servecheck.fleet.rollout import plan_rollout
    from servecheck.fleet.sources.kubefile import scan_file
    from servecheck.fsutil import atomic_write_text

    cluster = Path(str(resources.files("servecheck.fleet").joinpath(DEMO_CLUSTER)))
    scan = scan_file(str(cluster))
    ctx.console.print(f"[dim]$ servecheck fleet matrix --kube-nodes {cluster} --image {IMAGE} "
                      f"--as-of {AS_OF:%Y-%m-%dT%H:%M:%S}[/dim]")
    matrix = build_matrix(scan, Target(image=IMAGE), as_of=AS_OF)
    for part in matrix_view(matrix):
        ctx.console.print(part)
    ctx.console.print(f"[dim]$ servecheck fleet rollout --kube-nodes {cluster} --to-branch r580 "
                      "--max-unavailable 3[/dim]")
    plan = plan_rollout(scan, "r580", max_unavailable=3)
    for line in rollout_view(plan):
        ctx.console.print(line)
    out = ctx.out / "fleet"
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out / "matrix.json", to_json(matrix))
    atomic_write_text(out / "rollout.json", to_json(plan))
    atomic_write_text(out / "fleet.html", html_page(matrix, plan))
    _record(ctx, matrix, plan)
    ctx.console.print(f"fleet matrix, rollout plan and HTML page in {out}")


def _record(ctx: Any, matrix: Any, plan: Any) -> None:
    case_id, store_path = ctx.state.get("case_id"), ctx.state.get("store")
    if not case_id or not store_path:
        ctx.console.print("[yellow]no case from an earlier step: fleet results not recorded[/yellow]")
        return
    from servecheck.store import open_store

    with open_store(store_path, create=False) as store:
        for payload in (matrix.model_dump(mode="json"), plan.model_dump(mode="json")):
            run_id = store.attach(case_id, "fleet", payload)
            ctx.console.print(f"recorded {payload['kind']} in case {case_id} as run {run_id}")
