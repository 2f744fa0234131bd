"""The saved plan (`servecheck schema plan`): the chosen path, why, and what the others lack."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from servecheck.modelbase import StrictModel as _Model

SCHEMA_VERSION = 1

PathStatus = Literal["ready", "blocked", "open"]
DiagnosisStatus = Literal["applies", "not_applicable", "no_failure", "missing", "not_judged"]


class Question(_Model):
    id: str
    text: str
    label: str = ""


class DiagnosisFit(_Model):
    """Whether the case's diagnosis is the kind of failure a recovery path can fix."""

    status: DiagnosisStatus
    run_id: int | None = None
    primary_class: str | None = None
    layer: str | None = None
    compat_verdict: str | None = None
    note: str
    next_steps: list[str] = Field(default_factory=list)


class PathAssessment(_Model):
    id: str
    title: str
    status: PathStatus
    met: list[Question] = Field(default_factory=list)
    lacks: list[Question] = Field(default_factory=list, description="answered no")
    open: list[Question] = Field(default_factory=list, description="not answered")
    strength: str = ""
    not_suitable: str = ""
    obligations: list[str] = Field(default_factory=list)
    exit_criteria: list[str] = Field(default_factory=list)
    verdict: str = Field("", description="one sentence: why chosen, or what it lacks")


class Plan(_Model):
    schema_version: int = SCHEMA_VERSION
    case_id: str | None = None
    lang: str = "en"
    diagnosis: DiagnosisFit
    answers: dict[str, bool | None] = Field(default_factory=dict)
    answer_sources: dict[str, str] = Field(default_factory=dict)
    paths: list[PathAssessment]
    recommended: str | None = None
    reason: str
    open_questions: list[Question] = Field(default_factory=list)
