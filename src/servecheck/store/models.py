"""What the store hands out: a case and one attached run (read-only views of its rows)."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

Kind = Literal[
    "capture", "diagnose", "verify", "load", "plan", "runbook", "accept", "decide", "fleet", "comm",
    "other"
]
KINDS: tuple[str, ...] = get_args(Kind)


class Run(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int
    case_id: str
    kind: Kind
    created_at: str
    servecheck_version: str
    path: str | None = None
    hashes: dict[str, str] = Field(default_factory=dict)
    payload: dict[str, Any] = Field(default_factory=dict)
    payload_sha256: str | None = None
    intact: bool = Field(True, description="stored payload still matches its recorded sha256")


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    id: str
    title: str
    owner: str | None = None
    status: str = "open"
    created_at: str
    run_counts: dict[str, int] = Field(default_factory=dict)
