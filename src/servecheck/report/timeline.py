"""One line per attached run (case show, the report's timeline), read through the run's model.

A run that cannot be read into its model says so with the reason, never a line of "?".
The line templates are the message catalogue's "timeline" section (report/data/i18n).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from servecheck.capture.models import SCHEMA_VERSION as EVIDENCE_VERSION
from servecheck.capture.models import Evidence
from servecheck.comm.models import SCHEMA_VERSION as COMM_VERSION
from servecheck.comm.models import CommResult
from servecheck.diagnose.models import Diagnosis
from servecheck.load.models import SCHEMA_VERSION as LOAD_VERSION
from servecheck.load.models import LoadResult
from servecheck.plan.facts import read_diagnosis
from servecheck.plan.models import SCHEMA_VERSION as PLAN_VERSION
from servecheck.plan.models import Plan
from servecheck.report.lang import say, texts, word
from servecheck.report.models import SCHEMA_VERSION as REPORT_VERSION
from servecheck.report.models import Checklist, DecisionRecord
from servecheck.store.models import Run
from servecheck.store.typed import read_model
from servecheck.verify.models import SCHEMA_VERSION as VERIFY_VERSION
from servecheck.verify.models import VerifyResult

Line = tuple[str, dict[str, Any]]  # (template key, values)


def _capture(ev: Evidence) -> Line:
    values = {"image": ev.image.ref or ev.image.tag or "?", "driver": ev.gpu.driver_version or "?",
              "exit": ev.container.state.exit_code if ev.container.state.exit_code is not None else "?"}
    if ev.missing:
        return "capture_incomplete", values | {"missing": ", ".join(ev.missing)}
    return "capture", values


def _diagnose(d: Diagnosis) -> Line:
    if d.primary is None:
        return "diagnose_none", {}
    n = len(d.primary.consequences)
    return ("diagnose_more" if n else "diagnose"), {"cls": d.primary.cls, "layer": d.primary.layer, "n": n}


def _verify(v: VerifyResult) -> Line:
    pairs = [(c.name, c.status) for c in v.checks]
    return ("verify", {"checks": pairs}) if pairs else ("verify_none", {})


def _load(res: LoadResult) -> Line:
    stop = res.stop.rule if res.stop else "-"
    return "load", {"n": len(res.stages), "status": res.status, "stop": stop}


def _plan(p: Plan) -> Line:
    return "plan", {"path": p.recommended or "-"}


def _accept(c: Checklist) -> Line:
    done = sum(1 for i in c.items if i.status in ("met", "signed_off"))
    return "accept", {"done": done, "n": len(c.items)}


def _decide(d: DecisionRecord) -> Line:
    return "decide", {"decision": d.decision or "-", "owner": d.owner or "-"}


def _comm(c: CommResult) -> Line:
    return ("comm", {"tests": [(t.op, t.verdict) for t in c.tests]}) if c.tests else ("comm_none", {})


Summarizer = tuple[type[BaseModel], int, Callable[[Any], Line]]
SUMMARIZERS: dict[str, Summarizer] = {
    "capture": (Evidence, EVIDENCE_VERSION, _capture),
    "verify": (VerifyResult, VERIFY_VERSION, _verify), "load": (LoadResult, LOAD_VERSION, _load),
    "plan": (Plan, PLAN_VERSION, _plan), "decide": (DecisionRecord, REPORT_VERSION, _decide),
    "comm": (CommResult, COMM_VERSION, _comm),
}


def _runbook(p: dict[str, Any]) -> Line:
    """Runbook records are small dicts of known keys (plan/runbook.record), not a model."""
    return "runbook", {"step": p.get("step", "?"), "action": p.get("action", ""),
                       "status": p.get("status", "?"), "who": p.get("by") or "servecheck"}


def _accept_run(p: dict[str, Any]) -> Line:
    signoff = p.get("signoff")
    if p.get("action") == "sign" and isinstance(signoff, dict):
        return "accept_sign", {"item": signoff.get("item", "?"), "who": signoff.get("by", "?")}
    body = {k: v for k, v in p.items() if k != "action"}
    typed = read_model(body, Checklist, REPORT_VERSION, "accept run")
    return _accept(typed.model) if typed.model else ("unreadable", {"why": typed.error})


def line(run: Run) -> Line:
    if run.kind == "runbook":
        return _runbook(run.payload)
    if run.kind == "accept":
        return _accept_run(run.payload)
    if run.kind == "diagnose":
        diag = read_diagnosis(run.payload, f"diagnose run {run.id}")
        return _diagnose(diag.model) if diag.model else ("unreadable", {"why": diag.error})
    entry = SUMMARIZERS.get(run.kind)
    if entry is None:
        return "other", {"n": len(run.payload)}
    model, version, fn = entry
    typed = read_model(run.payload, model, version, f"{run.kind} run {run.id}")
    return fn(typed.model) if typed.model is not None else ("unreadable", {"why": typed.error})


# Values that are recorded status words, shown in the reader's language like every status.
WORD_KEYS = ("status", "action")


def summarize(run: Run, lang: str = "en") -> str:
    """One line for a run, in ``lang`` (en or de)."""
    key, values = line(run)
    shown: dict[str, Any] = {k: word(lang, v) if k in WORD_KEYS else v for k, v in values.items()}
    if isinstance(shown.get("checks"), list):
        shown["checks"] = ", ".join(f"{name}={word(lang, status)}" for name, status in shown["checks"])
    if isinstance(shown.get("tests"), list):
        shown["tests"] = ", ".join(f"{op} {word(lang, verdict)}" for op, verdict in shown["tests"])
    try:
        return str(texts(lang)["timeline"][key]).format(**shown)
    except (KeyError, IndexError, ValueError):
        return say(lang, "timeline", "unreadable", why=key)
