"""`servecheck decide`: compare the four criteria, then record keep r580 / keep isolated / roll back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from servecheck.cli.case import case_option_for, lang_option

if TYPE_CHECKING:
    from servecheck.report.models import Decision, DecisionRecord

_STYLE = {"good": "green", "bad": "red", "unknown": "yellow"}


@click.command()
@case_option_for("Read the case from the store; with --decision, record the decision in it.")
@click.option("--decision", type=click.Choice(["keep-r580", "keep-isolated", "roll-back"]), default=None,
              help="Record this decision (without it: show the comparison only).")
@click.option("--owner", default=None, help="Who owns the decision (required with --decision).")
@click.option("--date", "date_", default=None, help="Decision date YYYY-MM-DD (default: today, UTC); anything else is refused.")
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
    case's runs; with --decision, record it with owner, date and log references.

    Exit 0; 2 for a bad --date; 3 when a decision was recorded but the case holds no evidence
    (no capture, diagnose, verify or load run): a warning line says so."""
    from servecheck.errors import UsageError
    from servecheck.report.decide import build, has_evidence
    from servecheck.report.lang import default_lang, say
    from servecheck.report.models import DecisionRecord
    from servecheck.report.view import load_view
    from servecheck.store import open_store
    from servecheck.store.db import scrub

    if not case_id:
        raise UsageError("decide needs --case ID")
    lang = lang or default_lang()
    with open_store(store_path, create=False, write=decision is not None) as store:
        view = load_view(store, case_id)
        evidence = has_evidence(view)
        built = build(view, lang=lang, decision=decision, owner=owner,
                      date=date_, note=note, logs=logs, effort=effort)
        # shown exactly as stored: a token in --owner or --note never reaches the terminal either
        payload = scrub(built.model_dump(mode="json"))
        record = DecisionRecord.model_validate(payload)
        run_id = store.attach(case_id, "decide", payload) if decision else None
    if as_json:
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        _print(record, run_id, lang)
    if run_id is not None and not evidence:
        # recorded (the owner decided), but nothing in the case backs it: exit 3, said plainly
        click.echo(say(lang, "ui", "decided_without_evidence"), err=True)
        return 3
    return 0


def _print(record: DecisionRecord, run_id: int | None, lang: str) -> None:
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
