"""The acceptance checklist: each item from evidence (with a reference) or a named sign-off."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

from servecheck.errors import UsageError
from servecheck.report.models import Checklist, Item, SignOff
from servecheck.report.rules import RULES, Outcome
from servecheck.report.view import CaseView, say


@cache
def items_data() -> list[dict[str, Any]]:
    text = resources.files("servecheck.report").joinpath("data", "checklist.json").read_text("utf-8")
    return json.loads(text)["items"]


def item_ids() -> list[str]:
    return [i["id"] for i in items_data()]


def signoff_record(item: str, by: str, note: str) -> dict[str, Any]:
    """A sign-off, attached to the case as an `accept` run with action "sign"."""
    if item not in item_ids():
        raise UsageError(f"no checklist item {item!r}; items: {', '.join(item_ids())}")
    if not by.strip() or not note.strip():
        raise UsageError("a sign-off needs --by NAME and --note TEXT")
    return {"schema_version": 1, "kind": "accept", "action": "sign", "items": [],
            "signoff": {"item": item, "by": by.strip(), "note": note.strip(),
                        "at": datetime.now(UTC).isoformat(timespec="seconds")}}


def signoffs(view: CaseView) -> dict[str, SignOff]:
    """The latest sign-off per item, from the case's accept runs."""
    found: dict[str, SignOff] = {}
    for run in view.all("accept"):
        raw = run.payload.get("signoff") if run.payload.get("action") == "sign" else None
        if isinstance(raw, dict):
            try:
                found[raw["item"]] = SignOff.model_validate(raw)
            except (KeyError, ValueError):
                continue
    return found


def _judge(view: CaseView, data: dict[str, Any], lang: str) -> Outcome:
    """Fail closed: an item whose declared facts no run knows is open, naming them and the
    command that records each (commands stay verbatim); only then does its rule look."""
    missing = view.facts.missing(list(data.get("needs", [])))
    if missing:
        word = say(lang, "ui", "record_with")
        named = "; ".join(f"{say(lang, 'facts', f.name)} ({word}: {_where_run(f.record_with, lang)})"
                          for f in missing)
        return "open", "missing_facts", {"facts": named}, []
    return RULES[data["rule"]](view, lang)


def _where_run(command: str, lang: str) -> str:
    """The command stays verbatim; the note on where to run it is in the report language."""
    host = " (on the GPU host)"
    return command.removesuffix(host) + f" ({say(lang, 'ui', 'on_gpu_host')})" if command.endswith(host) else command


def _contradictions(view: CaseView, data: dict[str, Any], lang: str) -> str:
    """' Contradicted: driver version 575.57 (run 2) ...' when an earlier run said otherwise."""
    parts = [say(lang, "rules", "contradiction", label=say(lang, "facts", f.name), old=old.run_id,
                 time=old.time, value=value, new=f.ref.run_id if f.ref else "?", newest=f.value)
             for f in (view.facts.get(n) for n in data.get("needs", [])) for value, old in f.contradicted]
    return say(lang, "rules", "contradicted", facts="; ".join(parts)) if parts else ""


def evaluate(view: CaseView, lang: str = "en") -> Checklist:
    signed = signoffs(view)
    items = []
    for data in items_data():
        status, key, values, refs = _judge(view, data, lang)
        sign = signed.get(data["id"])
        final = status if status == "met" or sign is None else "signed_off"
        detail = say(lang, "rules", key, **values) + _contradictions(view, data, lang)
        items.append(Item(id=data["id"], title=data["title"].get(lang) or data["title"]["en"],
                          status=final, evidence_status=status, detail=detail, refs=refs, signoff=sign))
    return Checklist(case_id=view.case.id, created_at=datetime.now(UTC).isoformat(timespec="seconds"),
                     lang=lang, items=items, signoffs=list(signed.values()),
                     complete=all(i.status in ("met", "signed_off") for i in items))
