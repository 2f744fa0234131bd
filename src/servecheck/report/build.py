"""Assemble the report model from a case: one canonical JSON that HTML and Markdown render.

Every section reads other stages' JSON defensively; a missing section is None and the templates
say "not recorded" instead of failing.
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from servecheck import __version__
from servecheck.plan.models import Plan
from servecheck.report.accept import evaluate
from servecheck.report.decide import build as build_decision
from servecheck.report.lang import word
from servecheck.report.models import DecisionRecord
from servecheck.report.rules import separate_chains
from servecheck.report.svg import bars
from servecheck.report.view import CaseView, say
from servecheck.store.summary import dig, dig_dict, dig_list, summarize

SCHEMA_VERSION = 1
PLOT_SUFFIXES = {".png": "image/png", ".svg": "image/svg+xml"}
MAX_PLOT_BYTES = 2 * 1024 * 1024


class Report(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    servecheck_version: str = __version__
    generated_at: str
    lang: str
    case: dict[str, Any]
    verdict: dict[str, str]
    timeline: list[dict[str, Any]] = Field(default_factory=list)
    evidence: dict[str, Any] | None = None
    diagnoses: list[dict[str, Any]] = Field(default_factory=list)
    plan: dict[str, Any] | None = None
    runbook: list[dict[str, Any]] = Field(default_factory=list)
    verify: dict[str, Any] | None = None
    load: dict[str, Any] | None = None
    checklist: dict[str, Any]
    decision: dict[str, Any]


def _evidence(view: CaseView) -> dict[str, Any] | None:
    run = view.latest("capture")
    if run is None:
        return None
    p = run.payload
    gpus = [g.get("name") for g in dig_list(p, "gpus") or dig_list(p, "gpu", "gpus") if isinstance(g, dict)]
    return {"run_id": run.id, "path": run.path, "intact": run.intact, "files_hashed": len(run.hashes),
            "image": dig(p, "image", "ref"), "digest": dig(p, "image", "digest"),
            "image_cuda": dig(p, "image", "cuda_version"), "vllm": dig(p, "vllm", "version"),
            "driver": dig(p, "gpu", "driver_version"), "branch": dig(p, "gpu", "driver_branch"),
            "driver_cuda": dig(p, "gpu", "cuda_version"), "gpus": sorted({g for g in gpus if g}),
            "container_exit": dig(p, "container", "state", "exit_code"),
            "host": dig(p, "host", "hostname"), "redactions": dig_dict(p, "redactions")}


def _finding(f: Any) -> dict[str, Any]:
    evidence = [e for e in dig_list(f, "evidence") if isinstance(e, dict)][:5]
    return {"class": dig(f, "class", default="unknown"), "layer": dig(f, "layer", default="unknown"),
            "severity": dig(f, "severity"), "line": dig(f, "first_line"),
            "confidence": dig(f, "confidence"), "explanation": dig(f, "explanation", default=""),
            "next_steps": [str(s) for s in dig_list(f, "next_steps") or []][:6],
            "evidence": [{"line": e.get("line"), "text": str(e.get("text", ""))[:400]} for e in evidence]}


def _diagnoses(view: CaseView) -> list[dict[str, Any]]:
    out = []
    for run in view.all("diagnose"):
        p = run.payload
        primary = dig(p, "primary")
        layers = {k: {"value": dig(v, "value"), "source": dig(v, "source")} if isinstance(v, dict) else {"value": v}
                  for k, v in dig_dict(p, "layers").items()}
        others = [_finding(f) for f in separate_chains(p)[1]]
        gates = [{"id": dig(g, "id"), "title": dig(g, "title"), "status": dig(g, "status"), "reason": dig(g, "reason")}
                 for g in dig_list(p, "compat", "gates") if isinstance(g, dict)]
        out.append({"run_id": run.id, "path": run.path, "layers": layers,
                    "primary": _finding(primary) if isinstance(primary, dict) else None,
                    "consequences": [_finding(c) for c in dig_list(primary, "consequences") if isinstance(c, dict)],
                    "other_chains": others[:10], "compat_verdict": dig(p, "compat", "verdict"),
                    "gates": gates, "advice": [str(a) for a in dig_list(p, "advice") or []][:8]})
    return out


def _verify(view: CaseView) -> dict[str, Any] | None:
    run = view.latest("verify")
    if run is None:
        return None
    checks = [{"name": c.get("name"), "status": c.get("status"), "verdict": c.get("verdict"),
               "summary": c.get("summary")} for c in dig_list(run.payload, "checks") if isinstance(c, dict)]
    server = dig_dict(run.payload, "server")
    return {"run_id": run.id, "path": run.path, "checks": checks,
            "server": {k: dig(server, k) for k in ("url", "kind", "version", "model", "max_model_len")}}


def _pct(stage: dict[str, Any], metric: str) -> list[float | None]:
    return [dig(stage, "latency", metric, q) for q in ("p50", "p90", "p99")]


def _plots(run_path: str | None, files: Any) -> list[dict[str, str]]:
    """The load run's own plots, embedded as data: URIs so the HTML needs nothing else.
    One per file stem, SVG preferred over PNG (same plot, sharper and smaller)."""
    if not run_path or not isinstance(files, dict):
        return []
    base = Path(run_path)
    base = base.parent if base.suffix == ".json" else base
    chosen: dict[str, Path] = {}
    for rel in files.values():
        path = base / Path(str(rel)).name
        if path.suffix.lower() in PLOT_SUFFIXES and (path.stem not in chosen or path.suffix == ".svg"):
            chosen[path.stem] = path
    plots = []
    for stem, path in sorted(chosen.items()):
        try:
            if path.is_file() and path.stat().st_size <= MAX_PLOT_BYTES:
                data = base64.b64encode(path.read_bytes()).decode("ascii")
                plots.append({"name": stem, "uri": f"data:{PLOT_SUFFIXES[path.suffix.lower()]};base64,{data}"})
        except OSError:
            continue
    return plots


def _load(view: CaseView, lang: str) -> dict[str, Any] | None:
    run = view.latest("load")
    if run is None:
        return None
    stages = [s for s in dig_list(run.payload, "stages") if isinstance(s, dict)]
    rows = [{"name": str(s.get("name", "?")), "concurrency": s.get("concurrency"),
             "sent": dig(s, "counts", "sent"), "failed": dig(s, "counts", "failed"),
             "errors": dig_dict(s, "errors"), "ttft": _pct(s, "ttft"), "e2e": _pct(s, "e2e"),
             "hit_rate": dig(s, "server", "prefix_cache", "hit_rate")} for s in stages]
    labels = [r["name"] for r in rows]
    latency = bars(say(lang, "ui", "latency_plot"), labels,
                   {q: [r["e2e"][i] for r in rows] for i, q in enumerate(("p50", "p90", "p99"))}, " ms")
    errors = bars(say(lang, "ui", "errors_plot"), labels,
                  {say(lang, "ui", "failed"): [float(r["failed"] or 0) for r in rows]})
    return {"run_id": run.id, "path": run.path, "status": dig(run.payload, "status"),
            "stop": dig(run.payload, "stop"), "stages": rows, "svg": [latency, errors],
            "plots": _plots(run.path, dig(run.payload, "files"))}


def _plan(view: CaseView, lang: str) -> dict[str, Any] | None:
    """The latest plan, re-worded in the report's language (a plan is a pure function of the
    diagnosis and the answers, both stored)."""
    run = view.latest("plan")
    if run is None:
        return None
    p = run.payload
    answers = p.get("answers")
    if p.get("lang") != lang and isinstance(answers, dict):
        from servecheck.plan.choose import make_plan

        diag_run = dig(p, "diagnosis", "run_id")
        diagnosis = next((r.payload for r in view.all("diagnose") if r.id == diag_run), None)
        try:
            p = make_plan(diagnosis, answers, diagnosis_run=diag_run, case_id=view.case.id,
                          sources=p.get("answer_sources") or {}, lang=lang).model_dump(mode="json")
        except (KeyError, TypeError, ValueError):  # an older plan's answers no longer fit
            p = run.payload
    try:
        return Plan.model_validate(p).model_dump(mode="json") | {"run_id": run.id}
    except ValueError:  # a plan written by another version or by hand: show what can be read
        return {"run_id": run.id, "recommended": None, "paths": [], "open_questions": [],
                "reason": f"plan run {run.id} is unreadable", "diagnosis": {}}


def _decision(view: CaseView, lang: str) -> dict[str, Any]:
    fresh = build_decision(view, lang=lang).model_dump(mode="json")
    latest = view.latest("decide")
    if latest is None:
        return fresh
    try:
        recorded = DecisionRecord.model_validate(latest.payload).model_dump(mode="json")
    except ValueError:
        return fresh | {"suggestion_reason": f"decision run {latest.id} is unreadable"}
    return recorded | {"run_id": latest.id, "criteria": fresh["criteria"]}


def _runbook(view: CaseView, lang: str) -> list[dict[str, Any]]:
    return [{"step": s.n, "title": s.title, "status": s.status, "resolution": s.resolution,
             "by": (s.last or {}).get("by"), "at": (s.last or {}).get("at"),
             "note": (s.last or {}).get("note") or (s.last or {}).get("summary")} for s in view.runbook(lang)]


def _verdict(view: CaseView, checklist: Any, decision: dict[str, Any], runbook: list[dict[str, Any]],
             diagnoses: list[dict[str, Any]], lang: str) -> dict[str, str]:
    failed = any(i.status == "failed" for i in checklist.items) or any(
        r["status"] == "fail" and not r["resolution"] for r in runbook)
    accepted = checklist.complete and str(decision.get("decision", "")).startswith("keep")
    status = "accepted" if accepted else "blocked" if failed else "in_progress"
    word = say(lang, "ui", {"accepted": "verdict_ok", "blocked": "verdict_blocked", "in_progress": "verdict_open"}[status])
    parts = []
    first = next((d["primary"] for d in diagnoses if d["primary"]), None)
    if first:
        parts.append(say(lang, "ui", "detail_primary", cls=first["class"], layer=first["layer"]))
    done = sum(1 for i in checklist.items if i.status in ("met", "signed_off"))
    parts.append(say(lang, "ui", "detail_checklist", done=done, total=len(checklist.items)))
    if decision.get("decision"):
        parts.append(say(lang, "ui", "detail_decision", decision=decision["decision"],
                         owner=decision.get("owner"), date=decision.get("date")))
    return {"status": status, "word": word, "detail": " ".join(parts),
            "line": say(lang, "ui", "verdict_line", case=view.case.id, verdict=word, detail=" ".join(parts))}


def build_report(view: CaseView, lang: str = "en") -> Report:
    checklist = evaluate(view, lang)
    decision = _decision(view, lang)
    runbook = _runbook(view, lang)
    diagnoses = _diagnoses(view)
    plan = _plan(view, lang)
    return Report(
        generated_at=datetime.now(UTC).isoformat(timespec="seconds"), lang=lang,
        case=view.case.model_dump(mode="json"),
        verdict=_verdict(view, checklist, decision, runbook, diagnoses, lang),
        timeline=[{"run_id": r.id, "kind": r.kind, "time": r.created_at, "summary": summarize(r, lang, lambda v: word(lang, v)),
                   "path": r.path, "intact": r.intact} for r in view.runs],
        evidence=_evidence(view), diagnoses=diagnoses,
        plan=plan, runbook=runbook,
        verify=_verify(view), load=_load(view, lang),
        checklist=checklist.model_dump(mode="json"), decision=decision,
    )
