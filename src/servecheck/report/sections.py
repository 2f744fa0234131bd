"""The report's typed sections, each built once from the runs read back into their models.

A run that cannot be read into its model (a newer schema, a damaged payload) becomes a section
that says so, with the reason, instead of a section that looks empty.
"""

from __future__ import annotations

import base64
from pathlib import Path

from pydantic import ConfigDict, Field

from servecheck.diagnose.models import Diagnosis, EvidenceLine, Finding, LayerFact
from servecheck.load.models import SCHEMA_VERSION as LOAD_VERSION
from servecheck.load.models import LoadResult, StopInfo
from servecheck.modelbase import StrictModel
from servecheck.plan.checks import diagnosis_status
from servecheck.plan.facts import read_diagnosis
from servecheck.report.svg import bars
from servecheck.report.view import say
from servecheck.store.models import Run
from servecheck.store.typed import read_model
from servecheck.verify.models import SCHEMA_VERSION as VERIFY_VERSION
from servecheck.verify.models import ServerInfo, VerifyResult

PLOT_SUFFIXES = {".png": "image/png", ".svg": "image/svg+xml"}
MAX_PLOT_BYTES = 2 * 1024 * 1024


class FindingRow(StrictModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    cls: str = Field(alias="class", serialization_alias="class")
    layer: str
    severity: str | None = None
    line: int | None = None
    confidence: float | None = None
    explanation: str = ""
    next_steps: list[str] = Field(default_factory=list)
    evidence: list[EvidenceLine] = Field(default_factory=list)


class Gate(StrictModel):
    id: str | None = None
    title: str | None = None
    status: str | None = None
    reason: str | None = None


class DiagnosisSection(StrictModel):
    run_id: int
    path: str | None = None
    status: str = Field(description="failure, no_failure, or what kept it from judging")
    status_message: str = ""
    error: str | None = Field(None, description="why the run could not be read, if it could not")
    layers: dict[str, LayerFact] = Field(default_factory=dict)
    primary: FindingRow | None = None
    consequences: list[FindingRow] = Field(default_factory=list)
    other_chains: list[FindingRow] = Field(default_factory=list)
    compat_verdict: str | None = None
    gates: list[Gate] = Field(default_factory=list)
    advice: list[str] = Field(default_factory=list)


class CheckRow(StrictModel):
    name: str
    status: str
    verdict: str | None = None
    summary: str = ""


class VerifySection(StrictModel):
    run_id: int
    path: str | None = None
    error: str | None = None
    server: ServerInfo | None = None
    checks: list[CheckRow] = Field(default_factory=list)


class StageRow(StrictModel):
    name: str
    concurrency: int
    sent: int
    failed: int
    errors: dict[str, int] = Field(default_factory=dict)
    ttft: list[float | None]
    e2e: list[float | None]
    hit_rate: float | None = None


class Plot(StrictModel):
    name: str
    uri: str


class LoadSection(StrictModel):
    run_id: int
    path: str | None = None
    error: str | None = None
    status: str | None = None
    stop: StopInfo | None = None
    stages: list[StageRow] = Field(default_factory=list)
    svg: list[str] = Field(default_factory=list)
    plots: list[Plot] = Field(default_factory=list)


def _row(f: Finding) -> FindingRow:
    return FindingRow(cls=f.cls, layer=f.layer, severity=f.severity, line=f.first_line,
                      confidence=f.confidence, explanation=f.explanation,
                      next_steps=f.next_steps[:6], evidence=[EvidenceLine(line=e.line, text=e.text[:400])
                                                             for e in f.evidence[:5]])


def _key(f: Finding) -> tuple[str, int]:
    return (f.signature, f.first_line)


def other_chains(d: Diagnosis) -> list[Finding]:
    """The cause chains of a diagnosis that are neither its primary nor linked to it."""
    skip = {_key(d.primary), *(_key(c) for c in d.primary.consequences)} if d.primary else set()
    return [f for f in d.findings if f.role == "cause" and _key(f) not in skip]


def diagnosis_section(run: Run) -> DiagnosisSection:
    typed = read_diagnosis(run.payload, f"diagnose run {run.id}")
    d = typed.model
    if d is None:
        return DiagnosisSection(run_id=run.id, path=run.path, status="unreadable", error=typed.error)
    gates = [Gate.model_validate({k: g.get(k) for k in ("id", "title", "status", "reason")})
             for g in d.compat.get("gates", []) if isinstance(g, dict)]
    return DiagnosisSection(
        run_id=run.id, path=run.path, status=diagnosis_status(run.payload, d), status_message=d.status_message,
        layers=dict(d.layers), primary=_row(d.primary) if d.primary else None,
        consequences=[_row(c) for c in d.primary.consequences] if d.primary else [],
        other_chains=[_row(f) for f in other_chains(d)][:10],
        compat_verdict=str(d.compat["verdict"]) if d.compat.get("verdict") else None,
        gates=gates, advice=d.advice[:8])


def verify_section(run: Run | None) -> VerifySection | None:
    if run is None:
        return None
    typed = read_model(run.payload, VerifyResult, VERIFY_VERSION, f"verify run {run.id}")
    if typed.model is None:
        return VerifySection(run_id=run.id, path=run.path, error=typed.error)
    return VerifySection(run_id=run.id, path=run.path, server=typed.model.server,
                         checks=[CheckRow(name=c.name, status=c.status, verdict=c.verdict, summary=c.summary)
                                 for c in typed.model.checks])


def _plots(run_path: str | None, files: dict[str, str]) -> list[Plot]:
    """The load run's own plots as data: URIs (the HTML needs nothing else); SVG over PNG."""
    if not run_path:
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
                plots.append(Plot(name=stem, uri=f"data:{PLOT_SUFFIXES[path.suffix.lower()]};base64,{data}"))
        except OSError:
            continue
    return plots


def load_section(run: Run | None, lang: str) -> LoadSection | None:
    if run is None:
        return None
    typed = read_model(run.payload, LoadResult, LOAD_VERSION, f"load run {run.id}")
    if typed.model is None:
        return LoadSection(run_id=run.id, path=run.path, error=typed.error)
    res = typed.model
    rows = [StageRow(name=s.name, concurrency=s.concurrency, sent=s.counts.sent, failed=s.counts.failed,
                     errors=s.errors, ttft=[s.latency.ttft.p50, s.latency.ttft.p90, s.latency.ttft.p99],
                     e2e=[s.latency.e2e.p50, s.latency.e2e.p90, s.latency.e2e.p99],
                     hit_rate=s.server.prefix_cache.hit_rate) for s in res.stages]
    labels = [r.name for r in rows]
    latency = bars(say(lang, "ui", "latency_plot"), labels,
                   {q: [r.e2e[i] for r in rows] for i, q in enumerate(("p50", "p90", "p99"))}, " ms")
    errors = bars(say(lang, "ui", "errors_plot"), labels,
                  {say(lang, "ui", "failed"): [float(r.failed) for r in rows]})
    return LoadSection(run_id=run.id, path=run.path, status=res.status, stop=res.stop, stages=rows,
                       svg=[latency, errors], plots=_plots(run.path, res.files))


def key_advice(diagnoses: list[DiagnosisSection]) -> list[str]:
    """The advice of the newest diagnosis that gives any (e.g. the guard: do NOT change
    --max-model-len while the driver/CUDA conflict stands): the first thing a reader must see."""
    for d in reversed(diagnoses):
        if d.advice:
            return d.advice
    return []
