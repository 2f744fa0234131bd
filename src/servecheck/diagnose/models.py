"""The saved diagnosis (``servecheck diagnose --json``). Versioned; `servecheck schema diagnosis`.

Terminal view, demo and report all render from this one model. Evidence text in it has already
passed the redactor.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from servecheck.modelbase import StrictModel as _Model


def wrapper_words(value: str) -> str:
    """A wrapper's own words (``wrapper_says``, of a signature or a structural rule): only {line} and
    {text} are filled in, so any other field would fail on the first log it met; checked at load."""
    try:
        value.format(line=1, text="")
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"wrapper_says {value!r} may name only {{line}} and {{text}}: {exc!r}") from exc
    return value


SCHEMA_VERSION = 2   # 2: status, status_message, stats.compression / stats.wrapper / stats.bytes_read
Status = Literal["failure", "no_failure", "incomplete", "not_a_server_log", "empty"]

FailureClass = Literal[
    "driver_too_old", "no_gpu_visible", "gpu_arch_unsupported", "oom_weights",
    "kv_cache_insufficient", "nccl_comm", "shm_too_small", "model_config", "model_access",
    "tool_parser", "port_in_use", "cuda_compat_shadowing", "other",
]
Layer = Literal[
    "host_driver", "container_runtime", "image_build", "gpu_hardware", "memory_capacity",
    "communication", "model_or_config", "access", "network", "other",
]
Severity = Literal["fatal", "error", "warning", "info"]
# "primary": a finding folded into the primary cause (one cause, one chain); its lines are the
# primary's evidence and it is never listed again as a chain of its own.
Role = Literal["cause", "consequence", "progress", "started", "primary"]


class EvidenceLine(_Model):
    line: int = Field(description="1-based line number in the log (0 = from evidence.json)")
    text: str = Field(description="normalised, redacted text")


class Finding(_Model):
    """One failure chain (or one warning) found by a signature."""

    signature: str
    cls: FailureClass = Field(alias="class", serialization_alias="class")
    layer: Layer
    severity: Severity
    role: Role = "cause"
    confidence: float = Field(ge=0.0, le=1.0)
    first_line: int
    count: int = 1
    evidence: list[EvidenceLine] = Field(default_factory=list)
    explanation: str = ""
    next_steps: list[str] = Field(default_factory=list)
    references: list[str] = Field(default_factory=list)
    note: str | None = Field(None, description="why the severity was lowered, if it was")
    # every line of it at a quiet level (WARNING/INFO/DEBUG) as the scanner read them: not saved, only
    # for ranking causes of one tier (engine.choose)
    _quiet: bool = PrivateAttr(default=False)
    # lowered by a line that explains it (the container has no driver; a probe's warning over its caught
    # traceback): not saved, only so that the structural pass does not read its lines again (engine.settled_lines)
    _settled: bool = PrivateAttr(default=False)

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Primary(Finding):
    """The one root cause, with the findings that follow from it linked as consequences."""

    consequences: list[Finding] = Field(default_factory=list)
    signatures: list[str] = Field(default_factory=list, description="every signature whose lines are "
                                  "evidence of this cause, the headline's first")
    first_seen: int | None = Field(None, description="earliest log line of this cause (first_line is the "
                                   "headline, the fatal line)")


class LayerFact(_Model):
    value: str | None = None
    source: str | None = Field(None, description="evidence.json, or 'log line N'")


class Layers(_Model):
    image_ref: LayerFact = Field(default_factory=LayerFact)
    image_digest: LayerFact = Field(default_factory=LayerFact)
    image_cuda: LayerFact = Field(default_factory=LayerFact, description="CUDA the image was built for")
    require_cuda: LayerFact = Field(default_factory=LayerFact)
    torch: LayerFact = Field(default_factory=LayerFact)
    vllm: LayerFact = Field(default_factory=LayerFact)
    driver_version: LayerFact = Field(default_factory=LayerFact)
    driver_branch: LayerFact = Field(default_factory=LayerFact)
    driver_cuda: LayerFact = Field(default_factory=LayerFact, description="CUDA the driver supports")
    gpu_name: LayerFact = Field(default_factory=LayerFact)
    compute_capability: LayerFact = Field(default_factory=LayerFact)


class ScanStats(_Model):
    source: str
    bytes: int = 0
    lines: int = 0
    candidate_lines: int = 0
    seconds: float = 0.0
    truncated_lines: int = Field(0, description="lines cut at the per-line limit")
    read_error: str | None = Field(None, description="why reading stopped early, if it did")
    bytes_read: int = Field(0, description="bytes read from the input (compressed size when compressed)")
    compression: str | None = Field(None, description="gzip, bz2, xz or zstd when the input was compressed")
    encoding: str | None = Field(None, description="utf-16 when the input was UTF-16 text with its byte-order "
                                 "mark (Windows PowerShell's redirection), read as UTF-8")
    wrapper: str = Field("plain", description="plain, docker-json (json-file driver), cri (containerd), or the heads taken off each line joined by + (journald, kubectl-prefix, timestamps, srun-label)")


class Diagnosis(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["diagnose"] = "diagnose"
    servecheck_version: str
    input: str = Field(description="bundle, log or stdin, with its path")
    status: Status = Field(description="failure, no_failure (a start that completed), or nothing to judge: "
                                       "incomplete, not_a_server_log, empty")
    status_message: str = Field("", description="one line: what the input was; for nothing to judge, "
                                                "what to capture instead")
    primary: Primary | None = None
    findings: list[Finding] = Field(default_factory=list)
    layers: Layers = Field(default_factory=Layers)
    compat: dict[str, Any] = Field(default_factory=dict)
    advice: list[str] = Field(default_factory=list)
    stats: ScanStats
    signatures_loaded: int = 0

    @model_validator(mode="before")
    @classmethod
    def _status_of_schema_1(cls, data: Any) -> Any:
        """A diagnosis saved before schema 2 has no status. One with a primary was a failure; one
        without is read as `incomplete`, not `no_failure`: schema 1 also said "no failure" for
        inputs it could not judge, so nothing it saved proves a completed start."""
        if isinstance(data, dict) and "status" not in data and data.get("schema_version", 1) < 2:
            data = dict(data)
            data["status"] = "failure" if data.get("primary") else "incomplete"
            data.setdefault("status_message", "saved by servecheck before diagnose statuses (schema 1): "
                                              "re-run diagnose on the log to judge the start")
        return data
