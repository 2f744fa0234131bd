"""`servecheck case`: create, list and show cases; attach results made elsewhere.

Also exports ``case_option`` (``--case ID`` + ``--store PATH``) and ``attach_and_say`` for the
other commands that attach their result to a case when they finish.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def case_option_for(case_help: str) -> Callable[[F], F]:
    """``--case ID`` (-> ``case_id``) and ``--store PATH`` (-> ``store_path``) with the help that
    says what this command does with the case (reads it, or attaches its result)."""

    def decorate(fn: F) -> F:
        fn = click.option(
            "--store", "store_path", type=click.Path(path_type=Path), default=None,
            help="Case store file (default: $SERVECHECK_STORE or the user data directory).",
        )(fn)
        return click.option("--case", "case_id", default=None, metavar="ID", help=case_help)(fn)

    return decorate


case_option = case_option_for("Attach the result to this case (see `servecheck case new`).")
case_read_option = case_option_for("Read the case from the store (nothing is written to it).")


# The report languages; None means "from the locale" (decided where the text is rendered).
lang_option = click.option("--lang", type=click.Choice(["en", "de"]), default=None,
                           help="Language (default: locale).")


def attach_and_say(case_id: str | None, store_path: Path | None, kind: str,
                   payload: dict[str, Any], path: str | Path | None = None,
                   hashes: dict[str, str] | None = None) -> int | None:
    """Attach when ``--case`` was given; print one line to stderr. Raises StoreError."""
    if not case_id:
        return None
    from servecheck.store import attach_result

    run_id = attach_result(case_id, kind, payload, path, store_path, hashes)
    click.echo(f"attached to case {case_id} as run {run_id} ({kind})", err=True)
    return run_id


@click.group()
def case() -> None:
    """Create, list and show cases; attach results made elsewhere."""


@case.command("new")
@click.argument("title")
@click.option("--owner", default=None, help="Who owns the case (a name or team).")
@click.option("--store", "store_path", type=click.Path(path_type=Path), default=None,
              help="Case store file (default: $SERVECHECK_STORE or the user data directory).")
def new(title: str, owner: str | None, store_path: Path | None) -> int:
    """Create a case and print its id."""
    from servecheck.store import open_store

    with open_store(store_path) as store:
        click.echo(store.new_case(title, owner=owner))
    return 0


@case.command("list")
@click.option("--store", "store_path", type=click.Path(path_type=Path), default=None,
              help="Case store file (default: $SERVECHECK_STORE or the user data directory).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_(store_path: Path | None, as_json: bool) -> int:
    """List the cases in the store."""
    from servecheck.store import open_store

    with open_store(store_path, write=False) as store:
        cases = store.list_cases()
    if as_json:
        click.echo(json.dumps([c.model_dump(mode="json") for c in cases], indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table("title", "owner", "status", "created", "runs")
    # The id is what people copy into the next command: never wrapped or cut.
    table.add_column("id", no_wrap=True, min_width=15)
    for c in cases:
        runs = ", ".join(f"{k} {n}" for k, n in sorted(c.run_counts.items())) or "-"
        table.add_row(c.title, c.owner or "-", c.status, c.created_at[:16].replace("T", " "), runs, c.id)
    Console().print(table if cases else "no cases yet: `servecheck case new TITLE`")
    return 0


@case.command("show")
@click.argument("case_id", metavar="ID")
@click.option("--store", "store_path", type=click.Path(path_type=Path), default=None,
              help="Case store file (default: $SERVECHECK_STORE or the user data directory).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (case and runs with payloads).")
def show(case_id: str, store_path: Path | None, as_json: bool) -> int:
    """Show one case and its attached runs."""
    from servecheck.report.timeline import summarize
    from servecheck.store import open_store

    with open_store(store_path, write=False) as store:
        info, runs = store.get_case(case_id), store.runs(case_id)
    if as_json:
        out = {"case": info.model_dump(mode="json"), "runs": [r.model_dump(mode="json") for r in runs]}
        click.echo(json.dumps(out, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{info.id}[/bold] {info.title}  owner: {info.owner or '-'}  "
                  f"status: {info.status}  created: {info.created_at}")
    table = Table("run", "kind", "time", "summary", "path")
    for r in runs:
        flag = "" if r.intact else " [red](payload changed since stored)[/red]"
        table.add_row(str(r.id), r.kind, r.created_at[:19].replace("T", " "), summarize(r) + flag,
                      r.path or "-")
    console.print(table if runs else "no runs attached yet")
    return 0


def _refuse_special(path: Path) -> None:
    """A FIFO, a device or a socket is refused before anything reads it (it could block forever
    or never end); a directory is a stage's output folder and is read by load_result."""
    from servecheck.fsutil import open_regular

    if path.is_dir():
        return
    with open_regular(path):
        pass


@case.command("attach")
@click.argument("case_id", metavar="ID")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--kind", type=click.Choice(["capture", "diagnose", "verify", "load", "plan",
                                           "runbook", "accept", "decide", "comm", "other"]),
              default=None, help="Kind of result (default: read from the JSON's shape).")
@click.option("--store", "store_path", type=click.Path(path_type=Path), default=None,
              help="Case store file (default: $SERVECHECK_STORE or the user data directory).")
def attach(case_id: str, path: Path, kind: str | None, store_path: Path | None) -> int:
    """Attach a result file or output directory (bundle, verify/diagnose/load JSON) to a case."""
    from servecheck.store import open_store
    from servecheck.store.files import load_result

    _refuse_special(path)
    loaded = load_result(path, kind)
    with open_store(store_path, create=False) as store:
        run_id = store.attach(case_id, loaded.kind, loaded.payload, loaded.path, loaded.hashes)
    click.echo(f"attached {path} to case {case_id} as run {run_id} ({loaded.kind})")
    return 0
