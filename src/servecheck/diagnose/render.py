"""Terminal view of a Diagnosis: layers, primary cause with evidence, consequences, other
chains, warnings, advice. Everything here reads the saved model only."""

from __future__ import annotations

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from servecheck.diagnose.models import Diagnosis, Finding

_LAYER_ROWS = (
    ("image", "image_ref"), ("image digest", "image_digest"), ("image CUDA build", "image_cuda"),
    ("NVIDIA_REQUIRE_CUDA", "require_cuda"), ("torch", "torch"), ("vLLM", "vllm"),
    ("host driver", "driver_version"), ("driver branch", "driver_branch"),
    ("driver supports CUDA", "driver_cuda"), ("GPU", "gpu_name"), ("compute capability", "compute_capability"),
)
_VERDICT_STYLE = {"compatible": "green", "compatible_with_conditions": "yellow",
                  "incompatible": "bold red", "unknown": "dim"}


def _evidence(f: Finding, limit: int = 5) -> list[str]:
    return [f"  [dim]{'L' + str(e.line) if e.line else 'layers'}:[/dim] {escape(e.text[:300])}"
            for e in f.evidence[:limit]]


def _layers(d: Diagnosis) -> Table:
    table = Table(title="Layers", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("layer", style="bold")
    table.add_column("value")
    table.add_column("source", style="dim")
    for label, key in _LAYER_ROWS:
        fact = getattr(d.layers, key)
        if fact.value:
            table.add_row(label, escape(fact.value), escape(fact.source or ""))
    return table


def _compat_line(d: Diagnosis) -> str:
    verdict = d.compat.get("verdict", "unknown")
    style = _VERDICT_STYLE.get(verdict, "dim")
    failing = [g for g in d.compat.get("gates", []) if g.get("status") == "fail"]
    text = f"compat verdict: [{style}]{verdict}[/{style}]"
    for gate in failing:
        text += f"\n  [red]fail[/red] {escape(gate.get('title', gate.get('id', '')))}: {escape(gate.get('reason', ''))}"
    if d.compat.get("reason"):
        text += f" ({escape(d.compat['reason'])})"
    return text


def _evidence_title(p) -> str:
    """The headline is the fatal line; say so when the same cause showed earlier too."""
    if p.first_seen and p.first_seen != p.first_line:
        return f"[bold]evidence[/bold] [dim](headline L{p.first_line}; same cause first seen L{p.first_seen})[/dim]"
    return "[bold]evidence[/bold]"


def _primary(d: Diagnosis, title: str = "PRIMARY ROOT CAUSE") -> Panel:
    p = d.primary
    assert p is not None
    lines = [f"[bold]{p.cls}[/bold]  layer [bold]{p.layer}[/bold]  confidence {p.confidence:.2f}  "
             f"[dim]({p.signature})[/dim]", escape(p.explanation), "", _evidence_title(p),
             *_evidence(p)]
    if p.next_steps:
        lines += ["", "[bold]next steps[/bold]", *[f"  - {escape(s)}" for s in p.next_steps]]
    if p.consequences:
        lines += ["", "[bold]consequences (follow from it)[/bold]"]
        for c in p.consequences[:8]:
            first = c.evidence[0].text[:160] if c.evidence else ""
            lines.append(f"  - {c.cls} [dim]L{c.first_line}[/dim] {escape(first)}")
    return Panel("\n".join(lines), title=title, border_style="red")


def _warnings(d: Diagnosis, console: Console) -> None:
    warnings = [f for f in d.findings if f.severity == "warning" and f.role != "primary"]
    if warnings:
        console.print("[bold]Warnings (not the cause)[/bold]")
        for f in warnings:
            note = f" - {escape(f.note)}" if f.note else ""
            first = escape(f.evidence[0].text[:140]) if f.evidence else ""
            console.print(f"  - {f.cls} [dim]L{f.first_line}{note}[/dim] {first}")


def render(d: Diagnosis, console: Console) -> None:
    size = f", {d.stats.bytes:,} bytes, {d.stats.seconds:.2f}s" if d.stats.bytes else ""
    records = d.stats.wrapper in ("docker-json", "cri")
    read_as = [x for x in (d.stats.compression, d.stats.encoding, d.stats.wrapper if records else None) if x]
    size += f", read as {' + '.join(read_as)}" if read_as else ""
    if not records and d.stats.wrapper != "plain":      # a collector's heads (reader.py)
        size += f", {d.stats.wrapper.replace('+', ' and ')} head taken off each line"
    console.print(f"[bold]servecheck diagnose[/bold]  {escape(d.input)}  [dim]{d.stats.lines:,} lines{size}[/dim]")
    if d.stats.read_error:
        console.print(f"[yellow]input incomplete: {escape(d.stats.read_error)}[/yellow]")
    known = any(getattr(d.layers, key).value for _, key in _LAYER_ROWS)
    none = ("[dim]Layers: nothing known: the bundle recorded no driver, GPU, image or CUDA build (its probes "
            "in evidence.json say why).[/dim]" if d.input.startswith("bundle:") else
            "[dim]Layers: nothing known from this input (capture a bundle to add them).[/dim]")
    console.print(Group(_layers(d), _compat_line(d)) if known else none)
    if d.primary is None and d.status == "no_failure":
        console.print(f"[green]No start-up failure found: {escape(d.status_message)}.[/green]")
    elif d.primary is None:     # the one line; its advice would only repeat it
        console.print(f"[yellow]Nothing to judge ({d.status}):[/yellow] {escape(d.status_message)}")
        _warnings(d, console)   # what was read on the way (an error a banner explains), never a verdict
        return
    elif d.status != "failure":  # a program's output (nccl-tests, a training job): the failure it shows
        console.print(f"[yellow]Not a server's start ({d.status}):[/yellow] {escape(d.status_message)}")
        console.print(_primary(d, "FAILURE THE PROGRAM SHOWS (no server's start)"))
    else:
        console.print(_primary(d))
    linked = {(c.signature, c.first_line) for c in (d.primary.consequences if d.primary else [])}
    primary_key = (d.primary.signature, d.primary.first_line) if d.primary else None
    others = [f for f in d.findings if f.role == "cause" and f.severity in ("fatal", "error")
              and (f.signature, f.first_line) not in linked and (f.signature, f.first_line) != primary_key]
    if others:
        console.print("[bold]Other failure chains (kept apart)[/bold]")
        for f in others:
            console.print(f"  - {f.cls} ({f.layer}) [dim]L{f.first_line} x{f.count}[/dim]")
            for line in _evidence(f, 2):
                console.print("  " + line)
    _warnings(d, console)
    advice = [a for a in d.advice if a != d.status_message]    # the status line above said it
    if advice:
        console.print(Panel("\n".join(escape(a) for a in advice), title="Advice", border_style="yellow"))
