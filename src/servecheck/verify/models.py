"""The saved result of `servecheck verify`: one canonical, versioned model (JSON, table, JUnit)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from servecheck.modelbase import StrictModel as _Model

SCHEMA_VERSION = 2  # 2: auth url, key_source, blocked_by, interrupted

# inconclusive: the check ran but its signals do not prove the feature (never a pass)
Status = Literal["pass", "fail", "skip", "error", "inconclusive"]
ServerKind = Literal["vllm", "llamacpp", "sglang", "openai", "unknown"]


class ServerInfo(_Model):
    """What verify learned about the server before the checks (all optional: servers differ)."""

    url: str
    kind: ServerKind = "unknown"
    kind_source: str = ""
    ready: bool = False
    ready_after_s: float | None = None
    health_status: int | None = None
    version: str | None = None
    model: str | None = None
    models: list[str] = Field(default_factory=list)
    max_model_len: int | None = None
    metrics_available: bool = False
    metrics_era: str | None = None
    cache_config: dict[str, str] = Field(default_factory=dict)
    auth: Literal["key", "url", "none"] = "none"
    key_source: str | None = None
    blocked_by: str | None = None
    notes: list[str] = Field(default_factory=list)


class CheckResult(_Model):
    name: str
    status: Status
    summary: str
    verdict: str | None = None
    duration_s: float = 0.0
    evidence: dict[str, Any] = Field(default_factory=dict)


class VerifySummary(_Model):
    total: int = 0
    passed: int = Field(0, alias="pass")
    failed: int = Field(0, alias="fail")
    skipped: int = Field(0, alias="skip")
    errored: int = Field(0, alias="error")
    inconclusive: int = 0
    ok: bool = True
    duration_s: float = 0.0

    model_config = ConfigDict(extra="forbid", populate_by_name=True, serialize_by_alias=True)


class VerifyResult(_Model):
    schema_version: int = SCHEMA_VERSION
    tool: str = "servecheck verify"
    started_at: str
    server: ServerInfo
    checks: list[CheckResult] = Field(default_factory=list)
    summary: VerifySummary = Field(default_factory=VerifySummary)
    interrupted: bool = False

    def exit_code(self) -> int:
        """0 when every check passed or was skipped, 1 when any failed or errored, 3 when none
        failed but one is inconclusive (unproven, not fine), 130 when interrupted."""
        if self.interrupted:
            return 130
        if not self.summary.ok:
            return 1
        return 3 if self.summary.inconclusive else 0


def summarize(checks: list[CheckResult], duration_s: float) -> VerifySummary:
    counts = {s: sum(1 for c in checks if c.status == s) for s in ("pass", "fail", "skip", "error", "inconclusive")}
    return VerifySummary(total=len(checks), ok=not (counts["fail"] or counts["error"]),
                         duration_s=round(duration_s, 3), **counts)
