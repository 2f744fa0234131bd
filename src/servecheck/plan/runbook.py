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
from typing import Any

from servecheck.errors import UsageError

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
    last: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)

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


def state(records: list[dict[str, Any]], lang: str = "en") -> list[StepState]:
    """Replay the records in order into one state per step."""
    out = {s["n"]: StepState(s["n"], s["key"], s["title"].get(lang) or s["title"]["en"], s["check"])
           for s in steps()}
    for rec in records:
        target = out.get(rec.get("step"))
        if target is None:
            continue
        action = rec.get("action")
        if action in ("check", "mark"):
            target.status, target.resolution, target.last = rec.get("status", "fail"), None, rec
        elif action == "rollback" and target.status == "fail":
            target.resolution = "rollback"
        elif action == "override":
            waives = rec.get("waives")
            for k in waives if isinstance(waives, list) else []:
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
            reason = (s.last or {}).get("note") or (s.last or {}).get("summary") or ""
            parts.append(f"step {s.n} ({s.key}) failed{': ' + reason if reason else ''}; "
                         f"record a rollback (`runbook rollback {s.n} --by NAME --note ...`)")
        elif s.status == "open":
            reason = (s.last or {}).get("summary") or ""
            parts.append(f"step {s.n} ({s.key}) is open{': ' + reason if reason else ''}")
        else:
            parts.append(f"step {s.n} ({s.key}) is not done yet")
    return (f"step {n} may not start: " + "; ".join(parts)
            + ". Or give --override REASON (recorded with your name).")
