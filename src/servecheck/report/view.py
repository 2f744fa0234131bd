"""A read-only view of one case: its runs by kind, newest last, and the runbook state."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from pydantic import BaseModel

from servecheck.diagnose.models import Diagnosis
from servecheck.load.models import SCHEMA_VERSION as LOAD_VERSION
from servecheck.load.models import LoadResult
from servecheck.plan.facts import CaseFacts, collect, read_diagnosis
from servecheck.plan.models import SCHEMA_VERSION as PLAN_VERSION
from servecheck.plan.models import Plan
from servecheck.plan.runbook import StepState, state
from servecheck.report.lang import say, texts
from servecheck.store import CaseStore
from servecheck.store.models import Case, Run
from servecheck.store.typed import read_model
from servecheck.verify.models import SCHEMA_VERSION as VERIFY_VERSION
from servecheck.verify.models import CheckResult, VerifyResult

__all__ = ["CaseView", "load_view", "say", "texts"]  # say/texts: the catalogue, servecheck.report.lang


@dataclass
class CaseView:
    case: Case
    runs: list[Run]
    by_kind: dict[str, list[Run]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for r in self.runs:
            self.by_kind.setdefault(r.kind, []).append(r)

    def latest(self, kind: str) -> Run | None:
        found = self.by_kind.get(kind, [])
        return found[-1] if found else None

    def all(self, kind: str) -> list[Run]:
        return self.by_kind.get(kind, [])

    @cached_property
    def facts(self) -> CaseFacts:
        """Every capture and diagnosis of the case read as a whole (newest run per fact)."""
        return collect(self.runs)

    def runbook(self, lang: str = "en") -> list[StepState]:
        return state([r.payload | {"run_id": r.id} for r in self.all("runbook")], lang)

    @cached_property
    def diagnoses(self) -> list[tuple[Run, Diagnosis]]:
        """The case's diagnoses read back into their model (unreadable ones are in facts)."""
        out = []
        for run in self.all("diagnose"):
            typed = read_diagnosis(run.payload, f"diagnose run {run.id}")
            if typed.model is not None:
                out.append((run, typed.model))
        return out

    @cached_property
    def verifies(self) -> list[tuple[Run, VerifyResult]]:
        return _typed(self.all("verify"), VerifyResult, VERIFY_VERSION)

    @cached_property
    def loads(self) -> list[tuple[Run, LoadResult]]:
        return _typed(self.all("load"), LoadResult, LOAD_VERSION)

    @cached_property
    def plans(self) -> list[tuple[Run, Plan]]:
        return _typed(self.all("plan"), Plan, PLAN_VERSION)

    def verify_check(self, name: str) -> tuple[Run, CheckResult] | None:
        """The newest verify run that has check ``name``, with that check."""
        for run, result in reversed(self.verifies):
            for check in result.checks:
                if check.name == name:
                    return run, check
        return None


M = TypeVar("M", bound=BaseModel)


def _typed(runs: list[Run], model: type[M], version: int) -> list[tuple[Run, M]]:
    out = []
    for run in runs:
        typed = read_model(run.payload, model, version, f"{run.kind} run {run.id}")
        if typed.model is not None:
            out.append((run, typed.model))
    return out


def load_view(store: CaseStore, case_id: str) -> CaseView:
    return CaseView(store.get_case(case_id), store.runs(case_id))
