"""The saved result of `servecheck verify`: one canonical, versioned model (JSON, table, JUnit)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from servecheck.modelbase import StrictModel as _Model

# 2: auth url, key_source, blocked_by, interrupted; 3: not_run, server.unreachable, kind "sim" with
# server.imitates, summary.not_run, summary.ok false when nothing was proven
SCHEMA_VERSION = 3

# inconclusive: the check ran but its signals do not prove the feature (never a pass);
# not_run: the check never reached the server (interrupted, server unreachable): nothing judged
Status = Literal["pass", "fail", "skip", "error", "inconclusive", "not_run"]
# sim: servecheck's own simulator (a rehearsal, never evidence about a real server)
ServerKind = Literal["vllm", "llamacpp", "sglang", "openai", "sim", "unknown"]


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
    imitates: ServerKind | None = None  # kind "sim": the server it imitates (checks follow it)
    unreachable: str | None = None  # why nothing answered at all (then every check is not_run)
    notes: list[str] = Field(default_factory=list)

    def behaves_as(self) -> ServerKind:
        """The kind whose quirks the checks expect (a sim behaves as the server it imitates)."""
        return self.imitates or self.kind


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
    not_run: int = 0
    ok: bool = False  # true only when something passed and nothing failed, errored or was not run
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
        """0 when checks passed and the rest were skipped, 1 when any failed or errored, 3 when
        nothing failed but nothing is proven either (inconclusive, not run, server unreachable,
        nothing passed), 130 when interrupted."""
        m = self.summary
        if self.interrupted:
            return 130
        if m.failed or m.errored:
            return 1
        return 0 if m.ok else 3


def summarize(checks: list[CheckResult], duration_s: float, interrupted: bool = False) -> VerifySummary:
    counts = {s: sum(1 for c in checks if c.status == s)
              for s in ("pass", "fail", "skip", "error", "inconclusive", "not_run")}
    proven = counts["pass"] > 0 and not (counts["fail"] or counts["error"] or counts["not_run"])
    return VerifySummary(total=len(checks), ok=proven and not counts["inconclusive"] and not interrupted,
                         duration_s=round(duration_s, 3), **counts)
