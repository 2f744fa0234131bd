"""Terminal views of a CompatResult and a RecipeCheck (rich renderables; the CLI prints them)."""

from __future__ import annotations

import re
from typing import Any

from servecheck.knowledge.models import CompatResult, RecipeCheck

STYLE = {"pass": "green", "fail": "bold red", "unknown": "yellow"}
VERDICT_STYLE = {
    "compatible": "bold green", "compatible_with_conditions": "bold yellow",
    "incompatible": "bold red", "unknown": "bold yellow",
}
_TAG = re.compile(r"^\[([^\]]+)\]")


def tags(sources: list[str]) -> str:
    return " ".join(f"[{m.group(1)}]" for s in sources if (m := _TAG.match(s)))


def _status(status: str, evaluated: bool = True) -> str:
    label = status if evaluated else "not checked"
    return f"[{STYLE[status]}]{label}[/]"


def compat_view(result: CompatResult, notes: list[str] | None = None) -> list[Any]:
    from rich.markup import escape
    from rich.table import Table

    facts = result.facts
    inputs = result.inputs
    head = Table.grid(padding=(0, 2))
    head.add_row("image CUDA", escape(inputs.image_cuda or "?"))
    origin = {"reported": "as reported"}.get(facts.host_cuda_origin or "", f"per {facts.host_cuda_origin}")
    host = f"{inputs.driver_version or '?'} ({facts.driver_branch or '?'}); CUDA {facts.host_cuda or '?'}"
    host += f" {origin}" if facts.host_cuda_origin else ""
    head.add_row("driver", escape(host))
    gpu = facts.gpu_product or inputs.gpu_name or "?"
    head.add_row("GPU", escape(f"{gpu} (CC {facts.compute_capability or '?'}, {facts.architecture or '?'})"))
    table = Table(show_lines=True, expand=True)
    table.add_column("gate", ratio=2, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("reason", ratio=7, overflow="fold")
    for number, gate in enumerate(result.gates, 1):
        reason = escape(gate.reason)
        reason += "".join(f"\n[yellow]• {escape(c)}[/]" for c in gate.conditions)
        if gate.sources:
            reason += f"\n[dim]{escape(tags(gate.sources))}[/]"
        table.add_row(f"{number}. {gate.title}", _status(gate.status, gate.evaluated), reason)
    parts: list[Any] = [head, table]
    parts += [f"[dim]note: {escape(n)}[/]" for n in notes or []]
    parts.append(f"verdict: [{VERDICT_STYLE[result.verdict]}]{result.verdict}[/]")
    return parts


def recipe_view(check: RecipeCheck) -> list[Any]:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"recipe {check.recipe} ({check.recipe_version})", show_lines=True, expand=True)
    table.add_column("requirement", ratio=3, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("reason", ratio=6, overflow="fold")
    for req in check.requirements:
        title = escape(req.title) + ("" if req.required else " [dim](advisory)[/]")
        table.add_row(title, _status(req.status), escape(req.reason))
    style = {"pass": "bold green", "fail": "bold red", "unknown": "bold yellow"}[check.verdict]
    return [table, f"recipe {check.recipe}: [{style}]{check.verdict}[/]"]
