"""`servecheck accept`: the acceptance checklist, from evidence or named sign-offs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from servecheck.cli.case import case_option_for, lang_option

if TYPE_CHECKING:
    from servecheck.report.models import Checklist

_STYLE = {"met": "green", "signed_off": "cyan", "failed": "red", "open": "yellow", "rehearsed": "magenta"}


@click.command()
@case_option_for("Read the case from the store and record the checklist in it (not with --no-record).")
@click.option("--sign", "sign_item", default=None, metavar="ITEM",
              help="Sign off ITEM (needs --by and --note); see the item ids in the table.")
@click.option("--by", default=None, help="Who signs off.")
@click.option("--note", default=None, help="What was checked, where the record is.")
@click.option("--no-record", is_flag=True,
              help="Only show the checklist: record nothing (the store is opened read-only).")
@lang_option
@click.option("--json", "as_json", is_flag=True, help="Print the checklist as JSON.")
def accept(case_id: str | None, store_path: Path | None, sign_item: str | None, by: str | None,
           note: str | None, no_record: bool, lang: str | None, as_json: bool) -> int:
    """Mark each checklist item from the case's evidence; sign off what evidence cannot show.

    Exit 0 when every item is met or signed off, 1 otherwise.
    """
    from servecheck.errors import UsageError
    from servecheck.report.accept import evaluate, signoff_record
    from servecheck.report.lang import default_lang
    from servecheck.report.view import load_view
    from servecheck.store import open_store

    if not case_id:
        raise UsageError("accept needs --case ID")
    if no_record and sign_item is not None:
        raise UsageError("--sign records a sign-off; it cannot be combined with --no-record")
    lang = lang or default_lang()
    with open_store(store_path, create=False, write=not no_record) as store:
        if sign_item is not None:
            store.attach(case_id, "accept", signoff_record(sign_item, by or "", note or ""))
        checklist = evaluate(load_view(store, case_id), lang)
        payload = checklist.model_dump(mode="json")
        run_id = None if no_record else store.attach(case_id, "accept", payload | {"action": "evaluate"})
    if as_json:
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        _print(checklist, run_id, lang)
    return 0 if checklist.complete else 1


def _print(checklist: Checklist, run_id: int | None, lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    from servecheck.report.lang import say

    table = Table(say(lang, "ui", "item"), say(lang, "ui", "status"), say(lang, "ui", "detail_ref"))
    run = say(lang, "ui", "run")
    for item in checklist.items:
        ref = "; ".join(f"{run} {r.run_id}" + (f" {r.file}" if r.file else "") + (f":{r.line}" if r.line else "")
                        for r in item.refs)
        sign = (f"\n{say(lang, 'ui', 'signed_off_by')} {item.signoff.by} ({item.signoff.at}): {item.signoff.note}"
                if item.signoff else "")
        status = say(lang, "ui", f"status_{item.status}")
        table.add_row(f"{item.id}\n[dim]{item.title}[/dim]", f"[{_STYLE.get(item.status, 'yellow')}]{status}[/]",
                      item.detail + (f"\n[dim]{ref}[/dim]" if ref else "") + sign)
    console = Console()
    console.print(table)
    state = say(lang, "ui", "complete" if checklist.complete else "not_complete")
    console.print(say(lang, "ui", "checklist_recorded", run=run_id, state=state) if run_id is not None
                  else say(lang, "ui", "checklist_not_recorded", state=state))
