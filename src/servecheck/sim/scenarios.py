"""Scenarios for the built-in vLLM-like server: each one a small data entry over the defaults.

A scenario only lists what differs from ``DEFAULTS``; ``resolve()`` merges it with caller
overrides into a frozen ``SimConfig``. Adding a scenario is adding one dict below.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from servecheck.errors import UsageError


@dataclass(frozen=True)
class SimConfig:
    """Everything that shapes the sim's behaviour. Latencies in milliseconds; 0 = instant."""

    scenario: str = "healthy"
    description: str = ""
    flavor: str = "vllm"  # whose shapes the sim answers with: "vllm" or "llamacpp" (sim/llamacpp.py)
    version: str = "0.28.0+sim"  # the V1 era the sim imitates; the local part says it is a sim
    max_model_len: int = 8192
    # prefix cache (vLLM V1 rules: whole blocks, at most floor((n-1)/B)*B tokens)
    enable_prefix_caching: bool = True
    block_size: int = 16
    cache_capacity_blocks: int = 27404
    mamba_cache_mode: str = "none"
    mamba_block_size: int | None = None
    cache_unchained: bool = False  # blocks matched anywhere, not by prefix (a broken cache)
    # observability
    enable_prompt_tokens_details: bool = True
    prompt_details_always: bool = False  # most versions attach the details only when non-zero
    disable_log_stats: bool = False
    error_shape: str = "new"  # "new": {"error": {...}}; "old": {"object": "error", ...}
    # features
    tool_parser: str | None = "hermes"
    structured_outputs: bool = True
    vision: bool = True            # accepts image_url parts (a multimodal model)
    sees_images: bool = True       # False: accepts images but answers without them (dropped)
    reads_tool_results: bool = True  # False: after a tool result the model calls the tool again
    # latency model
    ttft_base_ms: float = 5.0
    per_token_prefill_ms: float = 0.02
    itl_ms: float = 2.0
    max_concurrency: int = 64
    output_tokens: int = 16
    # faults (flaky); probabilities per generation request, seeded
    seed: int = 0
    p_error: float = 0.0
    p_drop: float = 0.0
    p_stall: float = 0.0
    stall_s: float = 10.0


DEFAULTS = SimConfig()

SCENARIOS: dict[str, dict[str, Any]] = {
    "healthy": {"description": "vLLM V1 with prefix caching, tool parser and structured outputs."},
    "prefix-cache-off": {
        "description": "Started with --no-enable-prefix-caching: counters never move.",
        "enable_prefix_caching": False,
    },
    "hybrid-align": {
        "description": "Hybrid (Mamba/attention) model, mamba_cache_mode=align, 528-token attention blocks.",
        "block_size": 528,
        "mamba_cache_mode": "align",
        "mamba_block_size": 528,
        "max_model_len": 32768,
        "cache_capacity_blocks": 4096,
    },
    "small-cache": {
        "description": "KV cache so small that a long prefix is evicted before it can be reused.",
        "cache_capacity_blocks": 16,
    },
    "prefix-cache-unchained": {
        "description": "A broken cache that matches blocks anywhere, not by prefix: a changed first "
                       "line still hits as much as an exact repeat (prefix caching not proven).",
        "cache_unchained": True,
    },
    "no-tool-parser": {
        "description": "Started without --enable-auto-tool-choice / --tool-call-parser.",
        "tool_parser": None,
    },
    "no-vision": {
        "description": "A text-only model: image inputs are refused with a 400.",
        "vision": False,
    },
    "vision-ignored": {
        "description": "Images are accepted but never reach the model (dropped by a proxy or the "
                       "chat template): the answer does not reflect the image.",
        "sees_images": False,
    },
    "agent-broken": {
        "description": "Tool results are not rendered into the prompt (wrong chat template / parser): "
                       "after a tool result the model calls the tool again instead of answering.",
        "reads_tool_results": False,
    },
    "broken-json": {
        "description": "Structured output ignored: response_format has no effect.",
        "structured_outputs": False,
    },
    "short-context": {
        "description": "Started with --max-model-len 2048.",
        "max_model_len": 2048,
    },
    "llamacpp": {
        "description": "llama.cpp's server (llama-server): its routes, llamacpp:* metrics, timings, "
                       "token-level prompt cache, errors and quirks (see sim/llamacpp.py).",
        "flavor": "llamacpp",
        "version": "b0-sim",
        "block_size": 1,  # a slot reuses its longest common prefix, token by token
        "cache_capacity_blocks": 262144,
        "prompt_details_always": True,
        "vision": False,  # llama-server without --mmproj
    },
    "llamacpp-no-cache": {
        "description": "llama.cpp's server started with --no-cache-prompt.",
        "flavor": "llamacpp",
        "version": "b0-sim",
        "block_size": 1,
        "enable_prefix_caching": False,
        "prompt_details_always": True,
        "vision": False,
    },
    "flaky": {
        "description": "Some requests get a 5xx, a dropped stream or a stall (seeded).",
        "p_error": 0.25,
        "p_drop": 0.2,
        "p_stall": 0.15,
        "stall_s": 30.0,
    },
}

_FIELDS = {f.name for f in fields(SimConfig)}


def resolve(scenario: str = "healthy", **overrides: Any) -> SimConfig:
    """The config for SCENARIO with OVERRIDES applied; unknown names raise UsageError."""
    if scenario not in SCENARIOS:
        raise UsageError(f"unknown sim scenario {scenario!r}; choose from {', '.join(SCENARIOS)}")
    unknown = sorted(set(overrides) - _FIELDS)
    if unknown:
        raise UsageError(f"unknown sim parameter(s): {', '.join(unknown)}")
    values = {**asdict(DEFAULTS), **SCENARIOS[scenario], **overrides, "scenario": scenario}
    if values["block_size"] < 1 or values["max_model_len"] < 1 or values["max_concurrency"] < 1:
        raise UsageError("block_size, max_model_len and max_concurrency must be >= 1")
    if values["flavor"] not in ("vllm", "llamacpp"):
        raise UsageError(f"unknown sim flavor {values['flavor']!r}; choose vllm or llamacpp")
    return SimConfig(**values)
