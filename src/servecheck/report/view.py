"""A read-only view of one case: its runs by kind, newest last, and the runbook state."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from servecheck.plan.facts import CaseFacts, collect
from servecheck.plan.runbook import StepState, state
from servecheck.report.lang import say, texts
from servecheck.store import CaseStore
from servecheck.store.models import Case, Run
from servecheck.store.summary import dig_list

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

    def verify_check(self, name: str) -> tuple[Run, dict[str, Any]] | None:
        """The newest verify run that has check ``name``, with that check."""
        for run in reversed(self.all("verify")):
            for check in dig_list(run.payload, "checks"):
                if isinstance(check, dict) and check.get("name") == name:
                    return run, check
        return None


def load_view(store: CaseStore, case_id: str) -> CaseView:
    return CaseView(store.get_case(case_id), store.runs(case_id))
