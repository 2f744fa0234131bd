"""Saved models of the last stage: the acceptance checklist and the decision record."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from servecheck.modelbase import StrictModel as _Model

SCHEMA_VERSION = 1

ItemStatus = Literal["met", "failed", "open", "signed_off", "rehearsed"]
CriterionStatus = Literal["good", "bad", "unknown"]
Decision = Literal["keep-r580", "keep-isolated", "roll-back"]


class Ref(_Model):
    """Where a statement comes from: a run of the case, a file in it, a line."""

    run_id: int | None = None
    kind: str | None = None
    file: str | None = None
    line: int | None = None
    text: str | None = None


class SignOff(_Model):
    item: str
    by: str
    note: str
    at: str


class Item(_Model):
    id: str
    title: str
    status: ItemStatus
    detail: str = ""
    evidence_status: ItemStatus = Field("open", description="what the evidence alone says")
    refs: list[Ref] = Field(default_factory=list)
    signoff: SignOff | None = None


class Checklist(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["accept"] = "accept"
    case_id: str
    created_at: str
    lang: str = "en"
    items: list[Item]
    signoffs: list[SignOff] = Field(default_factory=list)
    complete: bool = False


class Criterion(_Model):
    id: str
    title: str
    status: CriterionStatus
    detail: str
    refs: list[Ref] = Field(default_factory=list)


class DecisionRecord(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["decide"] = "decide"
    case_id: str
    decision: Decision | None = None
    suggested: Decision | None = None
    suggestion_reason: str = ""
    owner: str | None = None
    date: str | None = None
    note: str | None = None
    log_refs: list[str] = Field(default_factory=list)
    criteria: list[Criterion] = Field(default_factory=list)
