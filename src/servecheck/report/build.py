"""Assemble the report model from a case, once: HTML, Markdown, JSON and the terminal render it.

Every run is read back into its model (report/sections.py); the case's facts come from every
capture and diagnosis (plan/facts.py), each with the run it comes from. Nothing is computed
while rendering.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import Field

from servecheck import __version__
from servecheck.modelbase import StrictModel
from servecheck.plan.facts import Fact
from servecheck.plan.models import Plan
from servecheck.report.accept import evaluate
from servecheck.report.decide import build as build_decision
from servecheck.report.models import Checklist, DecisionRecord
from servecheck.report.sections import (
    DiagnosisSection,
    LoadSection,
    VerifySection,
    diagnosis_section,
    key_advice,
    load_section,
    verify_section,
)
from servecheck.report.timeline import summarize
from servecheck.report.view import CaseView, say
from servecheck.store.models import Case
from servecheck.store.typed import read_model

SCHEMA_VERSION = 2


class Verdict(StrictModel):
    status: Literal["accepted", "blocked", "in_progress"]
    word: str
    detail: str
    line: str


class TimelineEntry(StrictModel):
    run_id: int
    kind: str
    time: str
    summary: str
    path: str | None = None
    intact: bool = True


class RunbookRow(StrictModel):
    step: int
    title: str
    status: str
    resolution: str | None = None
    by: str | None = None
    at: str | None = None
    note: str | None = None


class PlanSection(StrictModel):
    run_id: int
    plan: Plan | None = None
    error: str | None = None


class Report(StrictModel):
    schema_version: int = SCHEMA_VERSION
    servecheck_version: str = __version__
    generated_at: str
    lang: str
    case: Case
    verdict: Verdict
    key_advice: list[str] = Field(default_factory=list, description="shown first: what not to do")
    facts: list[Fact] = Field(default_factory=list, description="newest run per fact, whole case")
    unreadable: list[str] = Field(default_factory=list, description="runs that could not be read")
    timeline: list[TimelineEntry] = Field(default_factory=list)
    diagnoses: list[DiagnosisSection] = Field(default_factory=list)
    plan: PlanSection | None = None
    runbook: list[RunbookRow] = Field(default_factory=list)
    verify: VerifySection | None = None
    load: LoadSection | None = None
    checklist: Checklist
    decision: DecisionRecord
    decision_run: int | None = None


def _plan(view: CaseView, lang: str) -> PlanSection | None:
    """The latest plan, re-worded in the report's language (a plan is a pure function of the
    diagnosis and the answers, both stored)."""
    run = view.latest("plan")
    if run is None:
        return None
    typed = read_model(run.payload, Plan, 1, f"plan run {run.id}")
    plan = typed.model
    if plan is None:
        return PlanSection(run_id=run.id, error=typed.error)
    if plan.lang != lang:
        from servecheck.plan.choose import make_plan

        diag_run = plan.diagnosis.run_id
        diagnosis = next((r.payload for r in view.all("diagnose") if r.id == diag_run), None)
        try:
            plan = make_plan(diagnosis, plan.answers, diagnosis_run=diag_run, case_id=view.case.id,
                             sources=plan.answer_sources, lang=lang)
        except (KeyError, TypeError, ValueError):  # an older plan's answers no longer fit
            pass
    return PlanSection(run_id=run.id, plan=plan)


def _decision(view: CaseView, lang: str) -> tuple[DecisionRecord, int | None]:
    fresh = build_decision(view, lang=lang)
    latest = view.latest("decide")
    if latest is None:
        return fresh, None
    typed = read_model(latest.payload, DecisionRecord, 1, f"decide run {latest.id}")
    if typed.model is None:
        return fresh.model_copy(update={"suggestion_reason": str(typed.error)}), None
    return typed.model.model_copy(update={"criteria": fresh.criteria}), latest.id


def _runbook(view: CaseView, lang: str) -> list[RunbookRow]:
    return [RunbookRow(step=s.n, title=s.title, status=s.status, resolution=s.resolution,
                       by=s.last.by if s.last else None, at=s.last.at if s.last else None,
                       note=s.reason or None) for s in view.runbook(lang)]


def _verdict(view: CaseView, checklist: Checklist, decision: DecisionRecord, runbook: list[RunbookRow],
             diagnoses: list[DiagnosisSection], lang: str) -> Verdict:
    failed = any(i.status == "failed" for i in checklist.items) or any(
        r.status == "fail" and not r.resolution for r in runbook)
    accepted = checklist.complete and (decision.decision or "").startswith("keep")
    status: Literal["accepted", "blocked", "in_progress"] = (
        "accepted" if accepted else "blocked" if failed else "in_progress")
    word = say(lang, "ui", {"accepted": "verdict_ok", "blocked": "verdict_blocked",
                            "in_progress": "verdict_open"}[status])
    parts = []
    first = next((d.primary for d in diagnoses if d.primary), None)
    if first:
        parts.append(say(lang, "ui", "detail_primary", cls=first.cls, layer=first.layer))
    done = sum(1 for i in checklist.items if i.status in ("met", "signed_off"))
    parts.append(say(lang, "ui", "detail_checklist", done=done, total=len(checklist.items)))
    if decision.decision:
        parts.append(say(lang, "ui", "detail_decision", decision=decision.decision,
                         owner=decision.owner, date=decision.date))
    detail = " ".join(parts)
    return Verdict(status=status, word=word, detail=detail,
                   line=say(lang, "ui", "verdict_line", case=view.case.id, verdict=word, detail=detail))


def build_report(view: CaseView, lang: str = "en") -> Report:
    checklist = evaluate(view, lang)
    decision, decision_run = _decision(view, lang)
    runbook = _runbook(view, lang)
    diagnoses = [diagnosis_section(r) for r in view.all("diagnose")]
    return Report(
        generated_at=datetime.now(UTC).isoformat(timespec="seconds"), lang=lang, case=view.case,
        verdict=_verdict(view, checklist, decision, runbook, diagnoses, lang),
        key_advice=key_advice(diagnoses), facts=list(view.facts.facts.values()),
        unreadable=view.facts.unreadable,
        timeline=[TimelineEntry(run_id=r.id, kind=r.kind, time=r.created_at, summary=summarize(r, lang),
                                path=r.path, intact=r.intact) for r in view.runs],
        diagnoses=diagnoses, plan=_plan(view, lang), runbook=runbook,
        verify=verify_section(view.latest("verify")), load=load_section(view.latest("load"), lang),
        checklist=checklist, decision=decision, decision_run=decision_run,
    )
