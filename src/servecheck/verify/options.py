"""Options of one verify run (the CLI fills them; tests and the demo build them directly)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

DEFAULT_CHECKS = ("api", "prefix_cache", "tool_calling", "structured_output", "context", "multimodal", "agent",
                  "fallback")
SERVER_KINDS = ("auto", "vllm", "llamacpp", "sglang", "openai")
RequestedKind = Literal["auto", "vllm", "llamacpp", "sglang", "openai"]  # SERVER_KINDS


@dataclass
class VerifyOptions:
    url: str
    model: str | None = None
    api_key: str | None = field(default=None, repr=False)
    checks: tuple[str, ...] = DEFAULT_CHECKS
    context: int | None = None          # target prompt tokens for the context check
    block_size: int | None = None       # used when the server does not expose cache_config_info
    prefix_tokens: int | None = None    # prefix length for the prefix-cache check (default: sized from B)
    timeout_s: float = 60.0             # per check (and the longest single request)
    wait_s: float = 60.0                # readiness wait (a 503 "Loading model" keeps waiting)
    deadline_s: float = 600.0           # the whole run
    connect_s: float = 5.0
    first_byte_s: float = 10.0          # per request; long prompts add a prefill allowance
    idle_s: float = 10.0                # longest gap between two reads of one answer
    key_source: str | None = None       # which variable or flag gave the key (never the value)
    fallback_url: str | None = None     # the previous service, for the fallback check
    server_kind: RequestedKind = "auto"
    check_answer: bool = True           # the api check's arithmetic answer must be right
    context_margin: int = 64            # default context target = max_model_len - margin
