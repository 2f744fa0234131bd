"""The runbook's state and its gate, computed from the case's `runbook` records.

Records are append-only (who did what, when); the state is derived, never stored, so the record
stays the single source of truth. The gate: a step may start only when every earlier step is
done (pass or skip) or resolved (a failure followed by a rollback, or waived by an override
with a reason). A rollback is cheaper than a second, simultaneous failure path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import Field

from servecheck.errors import UsageError
from servecheck.modelbase import StrictModel
from servecheck.store.typed import read_model

RECORD_SCHEMA_VERSION = 1


@cache
def steps() -> list[dict[str, Any]]:
    text = resources.files("servecheck.plan").joinpath("data", "runbook.json").read_text("utf-8")
    return json.loads(text)["steps"]


def step_def(n: int) -> dict[str, Any]:
    for s in steps():
        if s["n"] == n:
            return s
    raise UsageError(f"no runbook step {n}; steps are 1-{len(steps())}")


@dataclass
class StepState:
    n: int
    key: str
    title: str
    check: str | None
    status: str = "pending"  # pending | pass | fail | skip | open | rehearsed
    resolution: str | None = None  # rollback | override (for a fail, or a waived pending)
    last: RunbookRecord | None = None
    history: list[RunbookRecord] = field(default_factory=list)

    @property
    def reason(self) -> str:
        """The note of the last check or mark, else the check's summary."""
        return (self.last.note or self.last.summary or "") if self.last else ""

    @property
    def done(self) -> bool:
        """May later steps start? A rehearsed step (the demo) lets the rehearsal go on; it never
        counts as met in the checklist. An open step (a fact missing) is not done."""
        return self.status in ("pass", "skip", "rehearsed") or self.resolution is not None


def record(step: int, action: str, status: str, by: str | None, note: str | None = None,
           **extra: Any) -> dict[str, Any]:
    """A runbook record, ready to attach to the case (kind "runbook")."""
    return {
        "schema_version": RECORD_SCHEMA_VERSION, "step": step, "action": action, "status": status,
        "by": by, "at": datetime.now(UTC).isoformat(timespec="seconds"), "note": note, **extra,
    }


class RunbookRecord(StrictModel):
    """One runbook record as `record()` writes it (kind "runbook"); run_id is the store's."""

    schema_version: int = RECORD_SCHEMA_VERSION
    step: int
    action: Literal["check", "mark", "rollback", "override"]
    status: str
    by: str | None = None
    at: str | None = None
    note: str | None = None
    summary: str | None = None
    check: str | None = None
    result_run: int | None = None
    waives: list[int] = Field(default_factory=list)
    run_id: int | None = None


def read_records(payloads: list[dict[str, Any]]) -> list[RunbookRecord]:
    """The records that can be read; one that cannot is left out, so it can never make a step
    pass (the step keeps its earlier state)."""
    out = []
    for p in payloads:
        typed = read_model(p, RunbookRecord, RECORD_SCHEMA_VERSION, "runbook record")
        if typed.model is not None:
            out.append(typed.model)
    return out


def state(records: list[dict[str, Any]], lang: str = "en") -> list[StepState]:
    """Replay the records in order into one state per step."""
    out = {s["n"]: StepState(s["n"], s["key"], s["title"].get(lang) or s["title"]["en"], s["check"])
           for s in steps()}
    for rec in read_records(records):
        target = out.get(rec.step)
        if target is None:
            continue
        if rec.action in ("check", "mark"):
            target.status, target.resolution, target.last = rec.status, None, rec
        elif rec.action == "rollback" and target.status == "fail":
            target.resolution = "rollback"
        elif rec.action == "override":
            for k in rec.waives:
                if k in out and not out[k].done:
                    out[k].resolution = "override"
        target.history.append(rec)
    return [out[n] for n in sorted(out)]


def blockers(n: int, states: list[StepState]) -> list[StepState]:
    """Earlier steps that stop step ``n`` from starting."""
    step_def(n)
    return [s for s in states if s.n < n and not s.done]


def gate_message(n: int, blocking: list[StepState]) -> str:
    parts = []
    for s in blocking:
        if s.status == "fail":
            reason = s.reason
            parts.append(f"step {s.n} ({s.key}) failed{': ' + reason if reason else ''}; "
                         f"record a rollback (`runbook rollback {s.n} --by NAME --note ...`)")
        elif s.status == "open":
            reason = s.reason
            parts.append(f"step {s.n} ({s.key}) is open{': ' + reason if reason else ''}")
        else:
            parts.append(f"step {s.n} ({s.key}) is not done yet")
    return (f"step {n} may not start: " + "; ".join(parts)
            + ". Or give --override REASON (recorded with your name).")
