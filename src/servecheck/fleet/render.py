"""Terminal (rich), JSON and HTML views of the fleet results; all render from the saved models."""

from __future__ import annotations

import json
from typing import Any

from servecheck.fleet.matrix import gpu_type
from servecheck.fleet.models import VERDICTS, FleetMatrix, FleetScan, RolloutPlan

STYLE = {"runs": "green", "runs_with_conditions": "yellow", "needs_driver": "red",
         "unsupported_gpu": "bold red", "unknown": "magenta"}
HEAD = {"runs": "runs", "runs_with_conditions": "w/ cond.", "needs_driver": "driver", "unsupported_gpu": "no GPU",
        "unknown": "unknown"}
MAX_ROWS = 200  # the terminal shows groups for big fleets; JSON and HTML carry every node


def to_json(model: Any) -> str:
    return json.dumps(model.model_dump(mode="json"), indent=2, ensure_ascii=False)


def matrix_json(matrix: FleetMatrix) -> str:
    """`--json`: exactly {"nodes": [...], "counts": {...}}; the case record keeps the whole model
    (target, source, as_of) and the nodes carry their own source."""
    data = matrix.model_dump(mode="json")
    return json.dumps({"nodes": data["nodes"], "counts": data["counts"]}, indent=2, ensure_ascii=False)


def scan_view(scan: FleetScan) -> list[Any]:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{len(scan.nodes)} nodes from {escape(scan.origin)} ({scan.source})", expand=True)
    for col in ("node", "status", "pool", "GPU", "driver", "CUDA", "upgrade state", "note"):
        table.add_column(col, overflow="fold")
    for n in scan.nodes[:MAX_ROWS]:
        gpu = f"{n.gpu_count or '?'}x {gpu_type(n.gpu_product)}" if n.gpu_product else "-"
        note = n.status_reason or "; ".join(n.notes)
        table.add_row(escape(n.name), n.status, escape(n.pool or "-"), escape(gpu), escape(n.driver_version or "-"),
                      n.driver_cuda or "-", escape(n.upgrade_state or "-"), escape(note or ""))
    parts: list[Any] = [table]
    if len(scan.nodes) > MAX_ROWS:
        parts.append(f"[dim]... {len(scan.nodes) - MAX_ROWS} more nodes (use --json)[/]")
    parts += [f"[yellow]input problem:[/] {escape(p)}" for p in scan.problems]
    return parts


def matrix_view(matrix: FleetMatrix) -> list[Any]:
    from rich.markup import escape
    from rich.table import Table

    groups = Table(title=f"{escape(matrix.target.label())} on {matrix.counts.total} nodes "
                         f"({escape(matrix.origin)})", expand=True)
    groups.add_column("driver branch")
    groups.add_column("GPU")
    groups.add_column("nodes", justify="right")
    for verdict in VERDICTS:
        groups.add_column(HEAD[verdict], justify="right", style=STYLE[verdict])
    for g in matrix.counts.by_group:
        groups.add_row(g.driver_branch, escape(g.gpu), str(g.total), *[str(g.by_verdict.get(v, "")) for v in VERDICTS])
    totals = matrix.counts.by_verdict
    groups.add_row("[bold]all[/]", "", f"[bold]{matrix.counts.total}[/]", *[f"[bold]{totals[v]}[/]" for v in VERDICTS])
    legend = ("[dim]w/ cond. = runs_with_conditions, driver = needs_driver, no GPU = unsupported_gpu; "
              "--json or --html for every node's full reason[/]")
    return [groups, legend, _node_table(matrix)]


def _node_table(matrix: FleetMatrix) -> Any:
    """Nodes with the same verdict and reason share a row: a 5,000-node fleet stays readable."""
    from rich.markup import escape
    from rich.table import Table

    rows: dict[tuple[str, str | None, str, tuple[str, ...]], list[str]] = {}
    for n in matrix.nodes:
        key = (n.verdict, n.min_branch, short(n.reason), tuple(short(c, 90) for c in n.conditions))
        rows.setdefault(key, []).append(n.name)
    table = Table(expand=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("nodes", ratio=1, overflow="fold")
    table.add_column("reason", ratio=2, overflow="fold")
    for (verdict, branch, reason, conditions), names in sorted(rows.items(), key=lambda r: VERDICTS.index(r[0][0])):
        shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        label = f"[{STYLE[verdict]}]{verdict}[/]" + (f" ({branch}+)" if branch else "")
        text = escape(reason) + "".join(f"\n[dim]• {escape(c)}[/]" for c in conditions)
        table.add_row(label, f"{len(names)}: {escape(shown)}", text)
    return table


def short(text: str, limit: int = 160) -> str:
    """The first sentence of a reason, cut at LIMIT characters (JSON and HTML keep it whole)."""
    head = text.split(". ", 1)[0].split("; ", 1)[0]
    return head if len(head) <= limit else head[: limit - 1] + "…"


def rollout_view(plan: RolloutPlan) -> list[Any]:
    from rich.markup import escape

    lines = [f"[bold]Rollout to {plan.to_branch}[/] with {plan.engine}: {len(plan.batches)} batches of at most "
             f"{plan.max_unavailable} node(s); a pool under {plan.small_pool_size} nodes gives at most one node "
             "per batch. [bold]Nothing is executed.[/]"]
    if plan.to_version_note:
        lines.append(f"driver version: {escape(plan.to_version_note)}")
    if plan.already_there:
        lines.append(f"already on {plan.to_branch} or newer: {escape(', '.join(plan.already_there))}")
    lines += [f"[yellow]not planned:[/] {escape(s)}" for s in plan.skipped]
    for step in plan.preamble:
        lines.append(f"\n[bold]Before batch 1:[/] {escape(step.title)}")
        lines += [f"  $ {escape(c)}" for c in step.commands]
    for batch in plan.batches:
        label = "canary" if batch.canary else f"batch {batch.number}"
        lines.append(f"\n[bold]{batch.number}. {label}[/]: {escape(', '.join(batch.nodes))} "
                     f"[dim](pools {escape(', '.join(batch.pools))})[/]")
        for step in batch.steps:
            lines.append(f"  {escape(step.title)}")
            lines += [f"    $ {escape(c)}" for c in step.commands]
        lines.append("  [bold]gate before the next batch:[/]")
        lines += [f"    - {escape(g)}" for g in batch.gate]
    lines.append("\n[bold]Rollback rule[/]")
    lines += [f"  - {escape(r)}" for r in plan.rollback]
    return lines


def html_page(matrix: FleetMatrix | None, plan: RolloutPlan | None) -> str:
    """A self-contained page (no external assets), from the package's own template."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("servecheck.fleet", "templates"), autoescape=True)
    return env.get_template("fleet.html.j2").render(m=matrix, p=plan, verdicts=VERDICTS)
