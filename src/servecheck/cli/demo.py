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
    ("fleet: which nodes of a recorded mixed cluster run the image; a rollout plan to r580", "servecheck.fleet.demo:step"),
    ("verify: built-in sim (healthy) - API, prefix cache, tools, JSON, context, images, agent, fallback", "servecheck.verify.demo:step"),
    ("load: a short staged ramp against the sim, with per-stage records and a plot", "servecheck.load.demo:step"),
    ("comm: recorded nccl-tests (2 nodes, IB) -> comm result, all-to-all backend vs topology", "servecheck.comm.demo:step"),
    ("case: runbook steps, acceptance checklist, decision, report (HTML, Markdown, JSON)", "servecheck.report.demo:step"),
]


@dataclass
class DemoContext:
    out: Path
    console: Any
    state: dict[str, Any] = field(default_factory=dict)


# Written into --out: what the demo created there, so that a rerun removes exactly that.
MARKER = ".servecheck-demo.json"


def _prepare_out(out: Path) -> set[str]:
    """Make ``out`` ready; return the names in it that are not the demo's (kept untouched).

    A non-empty folder is used only when it holds an earlier demo's marker, and then only the
    entries that marker lists are removed: a user's file is never deleted."""
    import shutil

    from servecheck.errors import UsageError

    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is not a folder")
    if out.is_symlink():
        raise UsageError(f"--out {out} is a symbolic link; give the real folder")
    present = {p.name for p in out.iterdir()} if out.is_dir() else set()
    if present and MARKER not in present:
        raise UsageError(f"--out {out} is not empty and is not an earlier demo output (no {MARKER} "
                         "in it); nothing was changed: give a new or empty folder")
    listed = _listed(out / MARKER) if present else []
    for name in listed:
        path = out / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()
    out.mkdir(parents=True, exist_ok=True)
    return present - set(listed) - {MARKER}


def _listed(marker: Path) -> list[str]:
    """Plain names from an earlier marker (nothing with a path separator: never outside --out)."""
    import json

    try:
        names = json.loads(marker.read_text(encoding="utf-8")).get("entries", [])
    except (OSError, ValueError, AttributeError):
        return []
    return [n for n in names if isinstance(n, str) and n not in ("", ".", "..", MARKER)
            and "/" not in n and "\\" not in n]


def _write_marker(out: Path, keep: set[str]) -> None:
    import json

    from servecheck.fsutil import atomic_write_text

    entries = sorted(p.name for p in out.iterdir() if p.name not in keep and p.name != MARKER
                     and not p.name.startswith(f".{MARKER}"))
    atomic_write_text(out / MARKER, json.dumps({"servecheck_demo": 1, "entries": entries}, indent=2) + "\n")


@click.command()
@click.option("--out", type=click.Path(path_type=Path), default=Path("demo-out"), show_default=True,
              help="Folder for the demo's files: new, empty, or an earlier demo output (then only "
                   "the files that demo wrote are replaced).")
def demo(out: Path) -> int:
    """Run the method end to end on the built-in example (no GPU, no network).

    A rehearsal: steps that need a real node (the driver change, a capture on the changed node)
    are recorded as `rehearsed` with their reason, never as passed. The last line printed is
    the path of the HTML report.
    """
    from rich.console import Console

    console = Console()
    keep = _prepare_out(out)
    _write_marker(out, keep)
    ctx = DemoContext(out=out, console=console)
    try:
        failed = _run_steps(ctx)
    finally:
        _write_marker(out, keep)
    console.rule()
    console.print(f"Demo output in [bold]{out}[/bold]" + (f"; {failed} step(s) failed" if failed else ""))
    report = ctx.state.get("reports", {}).get("en")
    click.echo(str(report) if report else "no report was written (see the failed steps above)")
    return 1 if failed or not report else 0


def _run_steps(ctx: DemoContext) -> int:
    console = ctx.console
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
    return failed


if __name__ == "__main__":  # pragma: no cover
    sys.exit(demo())
