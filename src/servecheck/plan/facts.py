"""The case's facts, read from every run: for each fact the newest run that knows it.

A fact is one thing a gate or checklist item needs (the image digest, the driver version, ...).
Every capture and diagnosis of the case is read back into its model; a later run that does not
know a fact does not hide it, and a later run that knows a different value is shown as a
contradiction of the earlier one. A fact nobody recorded is missing, with the command that
records it: it never reads as fine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from servecheck.capture.models import SCHEMA_VERSION as EVIDENCE_VERSION
from servecheck.capture.models import Evidence
from servecheck.diagnose.models import SCHEMA_VERSION as DIAGNOSIS_VERSION
from servecheck.diagnose.models import Diagnosis
from servecheck.modelbase import StrictModel
from servecheck.store.models import Run
from servecheck.store.typed import Typed, read_model

# fact -> (label, the command that records it)
FACTS: dict[str, tuple[str, str]] = {
    "image.ref": ("image reference", "servecheck capture --container NAME (or --image REF) --case ID"),
    "image.digest": ("image digest", "servecheck capture --image REF --case ID"),
    "image.cuda": ("image CUDA version", "servecheck capture --image REF --case ID"),
    "vllm.version": ("vLLM version", "servecheck capture --image REF --case ID"),
    "driver.version": ("host driver version", "servecheck capture --case ID (on the GPU host)"),
    "driver.branch": ("driver branch", "servecheck capture --case ID (on the GPU host)"),
    "driver.cuda": ("CUDA the driver supports", "servecheck capture --case ID (on the GPU host)"),
    "gpu.name": ("GPU model", "servecheck capture --case ID (on the GPU host)"),
    "container.exit_code": ("container exit code", "servecheck capture --container NAME --case ID"),
    "log": ("start-up log", "servecheck capture --container NAME (or --log FILE) --case ID"),
}


class FactRef(StrictModel):
    run_id: int
    kind: str
    time: str
    file: str | None = None


class Fact(StrictModel):
    name: str
    label: str
    value: str | None = None
    ref: FactRef | None = Field(None, description="the newest run that knows the fact")
    contradicted: list[tuple[str, FactRef]] = Field(
        default_factory=list, description="earlier runs that recorded another value")
    record_with: str = ""

    @property
    def known(self) -> bool:
        return self.value is not None


def read_diagnosis(payload: dict[str, Any], what: str) -> Typed[Diagnosis]:
    """A stored diagnosis in the current model. A schema-1 diagnosis (no status) gets one from
    the model itself: failure with a primary, else incomplete (never no_failure)."""
    return read_model(payload, Diagnosis, DIAGNOSIS_VERSION, what)


def _s(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def from_evidence(ev: Evidence) -> dict[str, str | None]:
    return {
        "image.ref": _s(ev.image.ref or ev.image.tag), "image.digest": _s(ev.image.digest),
        "image.cuda": _s(ev.image.cuda_version), "vllm.version": _s(ev.vllm.version),
        "driver.version": _s(ev.gpu.driver_version), "driver.branch": _s(ev.gpu.driver_branch),
        "driver.cuda": _s(ev.gpu.cuda_version),
        "gpu.name": _s(", ".join(sorted({g.name for g in ev.gpu.gpus if g.name}))),
        "container.exit_code": _s(ev.container.state.exit_code),
        "log": _s(f"{ev.log.total_lines} lines from {ev.log.source}" if ev.log.total_lines else None),
    }


def _from_diagnosis(d: Diagnosis) -> dict[str, str | None]:
    layers = d.layers
    return {"image.ref": _s(layers.image_ref.value), "image.digest": _s(layers.image_digest.value),
            "image.cuda": _s(layers.image_cuda.value), "vllm.version": _s(layers.vllm.value),
            "driver.version": _s(layers.driver_version.value),
            "driver.branch": _s(layers.driver_branch.value),
            "driver.cuda": _s(layers.driver_cuda.value), "gpu.name": _s(layers.gpu_name.value)}


@dataclass
class RunFacts:
    run: Run
    values: dict[str, str | None]
    error: str | None = None
    file: str | None = None


def _read(run: Run) -> RunFacts:
    what = f"{run.kind} run {run.id}"
    if run.kind == "capture":
        ev = read_model(run.payload, Evidence, EVIDENCE_VERSION, what)
        values = from_evidence(ev.model) if ev.model else {}
        return RunFacts(run, values, ev.error, "evidence.json")
    diag = read_diagnosis(run.payload, what)
    return RunFacts(run, _from_diagnosis(diag.model) if diag.model else {}, diag.error, run.path)


@dataclass
class CaseFacts:
    facts: dict[str, Fact]
    unreadable: list[str] = field(default_factory=list)

    def get(self, name: str) -> Fact:
        return self.facts[name]

    def missing(self, names: list[str]) -> list[Fact]:
        return [self.facts[n] for n in names if not self.facts[n].known]


def collect(runs: list[Run]) -> CaseFacts:
    """Facts from every capture and diagnosis, in run order: captures first-hand, a diagnosis's
    layers only where no capture knows the fact."""
    read = [_read(r) for r in runs if r.kind in ("capture", "diagnose")]
    facts = {}
    for name, (label, how) in FACTS.items():
        facts[name] = _newest(name, label, how, [r for r in read if r.run.kind == "capture"]) or \
            _newest(name, label, how, [r for r in read if r.run.kind == "diagnose"]) or \
            Fact(name=name, label=label, record_with=how)
    return CaseFacts(facts, [r.error for r in read if r.error])


def _newest(name: str, label: str, how: str, read: list[RunFacts]) -> Fact | None:
    known = [(r, v) for r in read if (v := r.values.get(name)) is not None]
    if not known:
        return None
    last, value = known[-1]
    ref = _ref(last)
    earlier = [(v, _ref(r)) for r, v in known[:-1] if v != value]
    return Fact(name=name, label=label, value=value, ref=ref, contradicted=earlier, record_with=how)


def _ref(r: RunFacts) -> FactRef:
    return FactRef(run_id=r.run.id, kind=r.run.kind, time=r.run.created_at, file=r.file)
