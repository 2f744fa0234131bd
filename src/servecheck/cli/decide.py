"""`servecheck decide`: compare the four criteria, then record keep r580 / keep isolated / roll back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from servecheck.cli.case import case_option_for, lang_option

if TYPE_CHECKING:
    from servecheck.report.models import Decision

_STYLE = {"good": "green", "bad": "red", "unknown": "yellow"}


@click.command()
@case_option_for("Read the case from the store; with --decision, record the decision in it.")
@click.option("--decision", type=click.Choice(["keep-r580", "keep-isolated", "roll-back"]), default=None,
              help="Record this decision (without it: show the comparison only).")
@click.option("--owner", default=None, help="Who owns the decision (required with --decision).")
@click.option("--date", "date_", default=None, help="Decision date (default: today, UTC).")
@click.option("--log", "logs", multiple=True, metavar="REF",
              help="Log reference (ticket, log path); repeatable. Default: the case's runs.")
@click.option("--note", default=None, help="Free text for the record.")
@click.option("--effort", type=click.Choice(["low", "medium", "high"]), default=None,
              help="Maintenance effort as the team sees it.")
@lang_option
@click.option("--json", "as_json", is_flag=True, help="Print the record as JSON.")
def decide(case_id: str | None, store_path: Path | None, decision: Decision | None, owner: str | None,
           date_: str | None, logs: tuple[str, ...], note: str | None, effort: str | None,
           lang: str | None, as_json: bool) -> int:
    """Compare reproducible errors, cache reuse, agent answers and maintenance effort across the
    case's runs; with --decision, record it with owner, date and log references."""
    from servecheck.errors import UsageError
    from servecheck.report.decide import build
    from servecheck.report.lang import default_lang
    from servecheck.report.view import load_view
    from servecheck.store import open_store

    if not case_id:
        raise UsageError("decide needs --case ID")
    lang = lang or default_lang()
    with open_store(store_path, create=False, write=decision is not None) as store:
        record = build(load_view(store, case_id), lang=lang, decision=decision, owner=owner,
                       date=date_, note=note, logs=logs, effort=effort)
        payload = record.model_dump(mode="json")
        run_id = store.attach(case_id, "decide", payload) if decision else None
    if as_json:
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console

    from servecheck.report.lang import say

    console = Console()
    for c in record.criteria:
        status = say(lang, "ui", f"status_{c.status}")
        console.print(f"[bold]{c.title}[/bold]: [{_STYLE.get(c.status, 'yellow')}]{status}[/] - {c.detail}")
    console.print(f"{say(lang, 'ui', 'suggested')}: {record.suggested or '-'} ({record.suggestion_reason})")
    if run_id is not None:
        console.print(say(lang, "ui", "decision_recorded", decision=record.decision, owner=record.owner,
                          date=record.date, run=run_id, refs="; ".join(record.log_refs)))
    else:
        console.print(say(lang, "ui", "no_decision_recorded"))
    return 0
