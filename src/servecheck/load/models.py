"""The saved shape of a load run: results.json (`LoadResult`) and requests.jsonl (`RequestRecord`).

These models are the source of truth; the terminal table, the plots and the case report render
from them. Times are milliseconds unless a name says otherwise; timestamps are ISO 8601 UTC.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

SCHEMA_VERSION = 1
UNAVAILABLE = "unavailable"


class Percentiles(BaseModel):
    """Client-side latency distribution (ms), measured from when each request was due."""

    count: int = 0
    mean: float | None = None
    p50: float | None = None
    p90: float | None = None
    p99: float | None = None
    max: float | None = None


class Latency(BaseModel):
    ttft: Percentiles = Field(default_factory=Percentiles)
    itl: Percentiles = Field(default_factory=Percentiles)
    e2e: Percentiles = Field(default_factory=Percentiles)


class Counts(BaseModel):
    sent: int = 0
    succeeded: int = 0
    failed: int = 0
    incomplete: int = 0
    retried: int = 0  # re-sent once after a reset before any answer (included in the counts above)


class Throughput(BaseModel):
    requests_per_s: float = 0.0
    output_tokens_per_s: float = 0.0
    output_tokens: int = 0


class PrefixCache(BaseModel):
    queries: float | None = None
    hits: float | None = None
    hit_rate: float | None = None


class Histogram(BaseModel):
    """A server-side histogram's change over the stage; p50/p90 are bucket estimates (ms)."""

    count: float = 0.0
    sum_s: float = 0.0
    mean_ms: float | None = None
    p50_ms: float | None = None
    p90_ms: float | None = None
    buckets: dict[str, float] = Field(default_factory=dict)


class ServerStage(BaseModel):
    """What the server's /metrics said about this stage (deltas and sampled peaks)."""

    available: bool = False
    reason: str | None = None
    source: str | None = None  # metric family read: "vllm" or "llamacpp"
    unavailable: list[str] = Field(default_factory=list)  # fields this server does not expose
    samples: int = 0
    prefix_cache: PrefixCache = Field(default_factory=PrefixCache)
    kv_cache_usage_peak: float | None = None
    running_peak: float | None = None
    waiting_peak: float | None = None
    preemptions: float | None = None
    prompt_tokens: float | None = None
    generation_tokens: float | None = None
    ttft_histogram: Histogram | None = None


class GpuMemory(BaseModel):
    source: str = UNAVAILABLE  # server_metrics | nvidia-smi | unavailable
    used_mib: list[float] = Field(default_factory=list)
    total_mib: list[float] = Field(default_factory=list)
    reason: str | None = None


class Placement(BaseModel):
    """Node and rank assignment as the server exposes it (vLLM: the `engine` label = DP rank)."""

    engines: list[str] = Field(default_factory=list)
    node: str = UNAVAILABLE
    rank: str = UNAVAILABLE


class Signal(BaseModel):
    """A hint from one stage: `capacity` (the load does not fit) or `communication` (a link broke)."""

    kind: Literal["capacity", "communication"]
    name: str
    detail: str


class StopInfo(BaseModel):
    rule: str
    stage: str
    reason: str


class StageRecord(BaseModel):
    name: str
    kind: str
    concurrency: int = 1
    requests_planned: int = 0
    started_at: str
    ended_at: str | None = None
    duration_s: float = 0.0
    image: str = UNAVAILABLE
    driver_version: str = UNAVAILABLE
    context_tokens: int | None = None  # the size requested
    prompt_tokens_mean: float | None = None  # the size the server counted (usage)
    counts: Counts = Field(default_factory=Counts)
    latency: Latency = Field(default_factory=Latency)
    throughput: Throughput = Field(default_factory=Throughput)
    errors: dict[str, int] = Field(default_factory=dict)
    error_examples: dict[str, str] = Field(default_factory=dict)
    cached_tokens: int | None = None  # sum of usage.prompt_tokens_details.cached_tokens
    server: ServerStage = Field(default_factory=ServerStage)
    gpu_memory: GpuMemory = Field(default_factory=GpuMemory)
    placement: Placement = Field(default_factory=Placement)
    signals: list[Signal] = Field(default_factory=list)
    interrupted: bool = False
    deadline_hit: bool = False
    notes: list[str] = Field(default_factory=list)


class TargetInfo(BaseModel):
    url: str
    model: str | None = None
    max_model_len: int | None = None  # vLLM max_model_len, or llama.cpp's meta.n_ctx (per slot)
    server_version: str | None = None  # /version, or llama.cpp's /props build_info
    server_kind: str | None = None  # /v1/models owned_by when it names a known server
    simulated: bool = False  # servecheck's own sim (a rehearsal, not a measurement of a real server)
    api_key: Literal["set", "unset"] = "unset"


class CaseInfo(BaseModel):
    case_id: str | None = None
    status: str = "none"  # none | found | not_found | unavailable
    image: str = UNAVAILABLE
    driver_version: str = UNAVAILABLE
    reason: str | None = None


class Settings(BaseModel):
    ramp: list[int] = Field(default_factory=list)
    stages_file: str | None = None
    requests_per_stage: int | None = None
    stage_seconds: float | None = None
    context: int | None = None
    max_tokens: int = 64
    timeout_s: float = 120.0
    stage_deadline_s: float = 600.0
    run_deadline_s: float = 3600.0
    slo_ttft_ms: float | None = None
    max_error_rate: float = 0.05
    agent_prefix: str | None = None


class LoadResult(BaseModel):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["load"] = "load"
    servecheck_version: str = ""
    # running (while it runs) | completed | stopped | interrupted | deadline | not_ready | failed;
    # a file read back while still "running" was never finalised: it reads as "aborted"
    status: str = "running"
    salt: str | None = None  # starts every generated prompt of this run (no cache shared with others)
    started_at: str = ""
    ended_at: str | None = None
    target: TargetInfo
    case: CaseInfo = Field(default_factory=CaseInfo)
    settings: Settings = Field(default_factory=Settings)
    stop: StopInfo | None = None
    stages: list[StageRecord] = Field(default_factory=list)
    files: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _aborted(cls, data: Any) -> Any:
        """A saved run still marked `running` was killed before it could finalise its file."""
        if isinstance(data, dict) and data.get("status") == "running":
            data = {**data, "status": "aborted"}
        return data


class RequestRecord(BaseModel):
    """One line of requests.jsonl. `due_s` is seconds from the start of the run."""

    stage: str
    index: int
    due_s: float
    status: Literal["ok", "failed", "incomplete"]
    error: str | None = None
    http_status: int | None = None
    ttft_ms: float | None = None
    e2e_ms: float | None = None
    itl_ms: float | None = None
    output_tokens: int = 0
    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    finish_reason: str | None = None
    tool_calls: int = 0
    detail: str | None = None
