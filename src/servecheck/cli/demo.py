"""`servecheck demo`: the whole method on built-in data, no GPU and no network.

Each stage contributes one step: a function ``step(ctx: DemoContext) -> None`` in its own
package, registered in STEPS below. A step that fails is reported and the demo goes on, so that
the demo itself shows servecheck's rule: nothing already collected is lost.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

# (title, "module:function"), in the order of the method.
STEPS: list[tuple[str, str]] = [
    ("capture: recorded r575 host + CUDA 13.0 image that failed at start", "servecheck.capture.demo:step"),
    ("diagnose: layers, primary cause with evidence, consequences and the guard", "servecheck.diagnose.demo:step"),
    ("compat: the four gates and the kimi-k3 recipe for the captured host", "servecheck.knowledge.demo:step"),
    ("plan: open the case, attach capture + diagnosis, choose a path from the shipped answers", "servecheck.plan.demo:step"),
    ("verify: built-in sim (healthy) - API, prefix cache, tools, JSON, context", "servecheck.verify.demo:step"),
    ("load: a short staged ramp against the sim, with per-stage records and a plot", "servecheck.load.demo:step"),
    ("comm: recorded nccl-tests (2 nodes, IB) -> comm result, all-to-all backend vs topology", "servecheck.comm.demo:step"),
    ("case: runbook steps, acceptance checklist, decision, report (HTML, Markdown, JSON)", "servecheck.report.demo:step"),
]


@dataclass
class DemoContext:
    out: Path
    console: Any
    state: dict[str, Any] = field(default_factory=dict)


@click.command()
@click.option("--out", type=click.Path(path_type=Path), default=Path("demo-out"), show_default=True,
              help="Folder for the demo's bundle, results and report (replaced each run).")
def demo(out: Path) -> int:
    """Run the method end to end on the built-in example (no GPU, no network)."""
    import shutil

    from rich.console import Console

    console = Console()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    ctx = DemoContext(out=out, console=console)
    failed = 0
    for number, (title, target) in enumerate(STEPS, 1):
        console.rule(f"[bold]{number}. {title}")
        module_name, attr = target.split(":")
        try:
            getattr(importlib.import_module(module_name), attr)(ctx)
        except Exception as exc:  # noqa: BLE001 - the demo reports a broken step and goes on
            failed += 1
            console.print(f"[red]step failed:[/red] {type(exc).__name__}: {exc}")
    for stop in reversed(ctx.state.get("cleanup", [])):
        try:
            stop()
        except Exception as exc:  # noqa: BLE001 - a failed clean-up must not hide the results
            console.print(f"[yellow]clean-up failed:[/yellow] {exc}")
    console.rule()
    console.print(f"Demo output in [bold]{out}[/bold]" + (f"; {failed} step(s) failed" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(demo())
