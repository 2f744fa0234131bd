"""`servecheck report`: the case as one self-contained HTML file, Markdown and JSON."""

from __future__ import annotations

from pathlib import Path

import click

from servecheck.cli.case import case_read_option, lang_option


@click.command()
@case_read_option
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Output folder (default ./servecheck-report-<case>).")
@click.option("--format", "formats", default="html,md,json", show_default=True,
              help="Comma-separated: html, md, json.")
@lang_option
def report(case_id: str | None, store_path: Path | None, out: Path | None, formats: str,
           lang: str | None) -> int:
    """Write the case report: timeline, evidence, layered verdict, plan, runbook, verify, load,
    checklist and decision. The HTML needs no network to view."""
    from servecheck.errors import UsageError
    from servecheck.report.build import build_report
    from servecheck.report.lang import default_lang
    from servecheck.report.render import FORMATS, write
    from servecheck.report.view import load_view
    from servecheck.store import open_store

    if not case_id:
        raise UsageError("report needs --case ID")
    wanted = tuple(f.strip() for f in formats.split(",") if f.strip())
    bad = [f for f in wanted if f not in FORMATS]
    if bad or not wanted:
        raise UsageError(f"--format: unknown {', '.join(bad) or 'empty'}; choose from {', '.join(FORMATS)}")
    with open_store(store_path, write=False) as store:
        model = build_report(load_view(store, case_id), lang or default_lang())
    written = write(model, out or Path(f"servecheck-report-{case_id}"), wanted)
    from servecheck.report.render import terminal

    click.echo(terminal(model), nl=False)
    for fmt, path in written.items():
        click.echo(f"{fmt}: {path}")
    return 0
