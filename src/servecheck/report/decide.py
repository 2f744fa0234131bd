"""The decision: compare the four criteria across the case's runs, then record one decision.

The criteria are reported with their evidence; the suggestion is only a suggestion. The record
needs a named owner, a date and log references, because that is what an auditor asks for.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from servecheck.errors import UsageError
from servecheck.load.models import StageRecord
from servecheck.plan.checks import diagnosis_status, is_rehearsal, never_ran
from servecheck.plan.facts import read_diagnosis
from servecheck.plan.runbook import read_records
from servecheck.report.models import Criterion, CriterionStatus, Decision, DecisionRecord, Ref
from servecheck.report.rules import ENABLED_VERDICTS, evidence_verdict, verify_with
from servecheck.report.view import CaseView, say
from servecheck.store.models import Run
from servecheck.verify.models import CheckResult


def _load_stages(view: CaseView) -> list[StageRecord]:
    return [s for _, result in view.loads for s in result.stages]


def _since_change(view: CaseView) -> tuple[list[Any], int | None]:
    """Diagnoses made after the driver change (runbook step 3), or all when it is not recorded:
    the failure that started the case is not an error that recurs after the change."""
    change = view.runbook()[2]
    boundary = change.last.run_id if change.status == "pass" and change.last else None
    diagnoses = view.all("diagnose")
    if boundary is None:
        return diagnoses, None
    return [d for d in diagnoses if d.id > boundary], boundary


def reproducible_errors(view: CaseView, lang: str) -> Criterion:
    title = say(lang, "criteria", "reproducible_errors")
    diagnoses, since = _since_change(view)
    if not diagnoses:
        key = "errors_since_change" if since else "errors_unknown"
        return Criterion(id="reproducible_errors", title=title, status="unknown",
                         detail=say(lang, "criteria", key, run=since))
    latest = diagnoses[-1]
    refs = [Ref(run_id=latest.id, kind="diagnose", file=latest.path)]
    typed = read_diagnosis(latest.payload, f"diagnose run {latest.id}")
    status = diagnosis_status(latest.payload, typed.model) if typed.model else "unreadable"
    if status == "failure" and typed.model and typed.model.primary:
        return Criterion(id="reproducible_errors", title=title, status="bad", refs=refs,
                         detail=say(lang, "criteria", "errors_latest", run=latest.id,
                                    cls=typed.model.primary.cls))
    if status != "no_failure":  # fail closed: a diagnosis that judged nothing says nothing good
        return Criterion(id="reproducible_errors", title=title, status="unknown", refs=refs,
                         detail=say(lang, "criteria", "errors_not_judged", run=latest.id, status=status))
    errors = sum(sum(s.errors.values()) for s in _load_stages(view))
    return Criterion(id="reproducible_errors", title=title, status="good", refs=refs,
                     detail=say(lang, "criteria", "errors_none", run=latest.id, n=errors))


def _proving_check(view: CaseView, name: str) -> tuple[Run, CheckResult] | None:
    """The newest verify check ``name`` that can count as evidence about the real server: one
    that never reached it (not run, unreachable) or ran against the built-in simulator (a
    rehearsal) says nothing, so it is not taken for a good or a bad answer."""
    found = verify_with(view, name)
    if found is None or never_ran(found[1], found[2]) or is_rehearsal(found[1]):
        return None
    return found[0], found[2]


def cache_reuse(view: CaseView, lang: str) -> Criterion:
    title = say(lang, "criteria", "cache_reuse")
    found = _proving_check(view, "prefix_cache")
    verdict = (found[1].verdict or evidence_verdict(found[1])) if found else None
    rates = [r for s in _load_stages(view) if (r := s.server.prefix_cache.hit_rate) is not None]
    best = f"{max(rates):.0%}" if rates else "-"
    refs = [Ref(run_id=found[0].id, kind="verify")] if found else []
    refs += [Ref(run_id=r.id, kind="load") for r in view.all("load")]
    if verdict is None and not rates:
        return Criterion(id="cache_reuse", title=title, status="unknown", detail=say(lang, "criteria", "cache_unknown"))
    status: CriterionStatus
    if verdict == "working":
        status = "good"
    elif verdict in ENABLED_VERDICTS or verdict == "not_enabled":
        status = "bad"
    else:
        status = "good" if rates and max(rates) > 0 else "bad"
    key = "cache_good" if status == "good" else "cache_bad"
    return Criterion(id="cache_reuse", title=title, status=status, refs=refs,
                     detail=say(lang, "criteria", key, verdict=verdict or "-", rate=best))


def agent_answers(view: CaseView, lang: str) -> Criterion:
    title = say(lang, "criteria", "agent_answers")
    checks = [f for f in (_proving_check(view, "tool_calling"), _proving_check(view, "structured_output")) if f]
    parse_errors = sum(s.errors.get("tool_call_parse", 0) for s in _load_stages(view))
    if not checks:
        return Criterion(id="agent_answers", title=title, status="unknown", detail=say(lang, "criteria", "agent_unknown"))
    refs = [Ref(run_id=run.id, kind="verify", text=f"{c.name}: {c.status}") for run, c in checks]
    bad = [f"{c.name}={c.status}" for _, c in checks if c.status in ("fail", "error")]
    if parse_errors:
        bad.append(f"tool_call_parse x{parse_errors}")
    if bad:
        return Criterion(id="agent_answers", title=title, status="bad", refs=refs,
                         detail=say(lang, "criteria", "agent_bad", bad=", ".join(bad)))
    skipped = [f"{c.name}={c.status}" for _, c in checks if c.status != "pass"]
    if skipped or len(checks) < 2:  # both must have passed: a skip judged nothing
        missing = skipped + ["structured_output/tool_calling not run"] * (len(checks) < 2)
        return Criterion(id="agent_answers", title=title, status="unknown", refs=refs,
                         detail=say(lang, "criteria", "agent_skipped", skipped=", ".join(missing)))
    return Criterion(id="agent_answers", title=title, status="good", refs=refs,
                     detail=say(lang, "criteria", "agent_good", n=parse_errors))


def maintenance_effort(view: CaseView, lang: str, stated: str | None) -> Criterion:
    records = read_records([r.payload for r in view.all("runbook")])
    fails = sum(1 for p in records if p.action in ("check", "mark") and p.status == "fail")
    actions = Counter(p.action for p in records)
    rollbacks, overrides = actions["rollback"], actions["override"]
    # Good only from a stated low effort or a runbook done for real without a failure: an empty,
    # open or rehearsed runbook says nothing about the effort.
    steps = view.runbook()
    performed = all(s.status in ("pass", "skip") for s in steps)
    status: CriterionStatus = ("bad" if stated == "high" or overrides else
                               "good" if stated == "low" or (performed and not fails) else "unknown")
    return Criterion(id="maintenance_effort", title=say(lang, "criteria", "maintenance_effort"), status=status,
                     detail=say(lang, "criteria", "effort", fails=fails, rollbacks=rollbacks,
                                overrides=overrides, stated=stated or "-"))


def compare(view: CaseView, lang: str = "en", effort: str | None = None) -> list[Criterion]:
    return [reproducible_errors(view, lang), cache_reuse(view, lang), agent_answers(view, lang),
            maintenance_effort(view, lang, effort)]


def suggest(view: CaseView, criteria: list[Criterion], lang: str) -> tuple[Decision | None, str]:
    bad = [c.title for c in criteria if c.status == "bad"]
    if bad:
        return "roll-back", say(lang, "criteria", "suggest_rollback", bad=", ".join(bad))
    path = view.plans[-1][1].recommended if view.plans else None
    if path in ("A", "C") and all(c.status == "good" for c in criteria[:3]):
        choice: Decision = "keep-r580" if path == "A" else "keep-isolated"
        return choice, say(lang, "criteria", "suggest_plan", path=path)
    return None, say(lang, "criteria", "suggest_none")


def default_log_refs(view: CaseView) -> list[str]:
    """The runs the criteria rest on: `run N (kind): path`."""
    kinds = ("capture", "diagnose", "verify", "load")
    return [f"run {r.id} ({r.kind})" + (f": {r.path}" if r.path else "") for r in view.runs if r.kind in kinds]


def check_date(text: str) -> str:
    """A decision date is a calendar date YYYY-MM-DD; anything else is refused (exit 2), never
    recorded (a record with "not a date" would count as a dated decision)."""
    value = text.strip()
    try:
        if len(value) != 10:
            raise ValueError(value)
        return datetime.strptime(value, "%Y-%m-%d").date().isoformat()
    except ValueError:
        raise UsageError(f"--date {text!r} is not a date: give YYYY-MM-DD (e.g. 2026-12-01)") from None


def has_evidence(view: CaseView) -> bool:
    """Whether the case holds any run the criteria can rest on (capture, diagnose, verify, load)."""
    return bool(default_log_refs(view))


def build(view: CaseView, *, lang: str = "en", decision: Decision | None = None, owner: str | None = None,
          date: str | None = None, note: str | None = None, logs: tuple[str, ...] = (),
          effort: str | None = None) -> DecisionRecord:
    criteria = compare(view, lang, effort)
    suggested, reason = suggest(view, criteria, lang)
    if decision is not None:
        if not owner or not owner.strip():
            raise UsageError("recording a decision needs --owner NAME")
        date = check_date(date) if date else datetime.now(UTC).date().isoformat()
        logs = logs or tuple(default_log_refs(view))
        if not logs:
            raise UsageError("no runs attached to point to; give --log REF (a ticket, a log path)")
    return DecisionRecord(case_id=view.case.id, decision=decision, suggested=suggested,
                          suggestion_reason=reason, owner=owner, date=date if decision else None,
                          note=note, log_refs=list(logs) if decision else [], criteria=criteria)
