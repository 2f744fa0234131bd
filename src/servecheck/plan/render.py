"""Terminal view of a plan (rich). Markdown and HTML come from the report templates."""

from __future__ import annotations

from typing import Any

from servecheck.plan.models import Plan

_STYLE = {"ready": "green", "blocked": "red", "open": "yellow"}


def print_plan(plan: Plan, console: Any) -> None:
    console.print(f"[bold]Diagnosis:[/bold] {plan.diagnosis.note}")
    for step in plan.diagnosis.next_steps:
        console.print(f"  - {step}")
    for p in plan.paths:
        mark = " [bold](recommended)[/bold]" if p.id == plan.recommended else ""
        console.print(f"\n[bold]{p.id}: {p.title}[/bold] [{_STYLE[p.status]}]{p.status}[/]{mark}")
        console.print(f"  {p.verdict}")
        for e in p.exit_criteria if p.id == plan.recommended else []:
            console.print(f"  exit criterion: {e}")
        for o in p.obligations if p.id == plan.recommended else []:
            console.print(f"  must be separate / duty: {o}")
    console.print(f"\n[bold]Recommendation:[/bold] {plan.recommended or 'none'}: {plan.reason}")
    if plan.open_questions:
        console.print("[bold]Open questions[/bold] (not assumed):")
        for q in plan.open_questions:
            console.print(f"  - {q.id}: {q.text}")
