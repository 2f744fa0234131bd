"""The one /metrics reader: prometheus-client's parser and one metric-name table.

Names (exposed sample names; counters end in `_total`, the bare name is a fallback):
- vLLM V1 (>= 0.9) and V0 / 0.8.x, per /work/shared/reference/vllm-serving.md §2 and
  https://docs.vllm.ai/en/latest/design/metrics.html
- SGLang: https://docs.sglang.ai/references/production_metrics.html
- llama.cpp's server (--metrics): prompt_tokens_total excludes the cached prompt tokens, which
  are counted apart; https://github.com/ggml-org/llama.cpp/tree/master/tools/server
Values are summed over label sets (one per `engine`, i.e. data-parallel rank); `_created`
series and NaN are ignored. Garbage gives `ok=False` with a reason, never an exception.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from servecheck.server.escape import plain

# concept -> candidate names, newest first
COUNTERS: dict[str, tuple[str, ...]] = {
    "prefix_queries": ("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries"),
    "prefix_hits": ("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits", "sglang:cached_tokens"),
    "preemptions": ("vllm:num_preemptions",),
    "prompt_tokens": ("vllm:prompt_tokens", "sglang:prompt_tokens"),
    "generation_tokens": ("vllm:generation_tokens", "sglang:generation_tokens"),
}
GAUGES: dict[str, tuple[str, ...]] = {
    "running": ("vllm:num_requests_running", "sglang:num_running_reqs", "llamacpp:requests_processing"),
    "waiting": ("vllm:num_requests_waiting", "sglang:num_queue_reqs", "llamacpp:requests_deferred"),
    "kv_usage": ("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "sglang:token_usage"),
}
# llama.cpp: concept -> sample names whose values add up to it
LLAMACPP_COUNTERS: dict[str, tuple[str, ...]] = {
    "prompt_tokens": ("llamacpp:prompt_tokens_total", "llamacpp:prompt_tokens_cached_total"),
    "prefix_queries": ("llamacpp:prompt_tokens_total", "llamacpp:prompt_tokens_cached_total"),
    "prefix_hits": ("llamacpp:prompt_tokens_cached_total",),
    "generation_tokens": ("llamacpp:tokens_predicted_total",),
}
LLAMACPP_UNAVAILABLE = ["kv_cache_usage_peak", "preemptions", "ttft_histogram"]
TTFT_HISTOGRAM = "vllm:time_to_first_token_seconds"
GPU_USED, GPU_FREE = "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE"  # DCGM exporter, MiB
GAUGE_PREFIXES = tuple(n for names in GAUGES.values() for n in names) + (GPU_USED, GPU_FREE)
_PLACEMENT_LABELS = {"node": ("node", "hostname", "node_name"), "rank": ("rank", "dp_rank")}
FAMILIES = ("vllm", "sglang", "llamacpp")


@dataclass
class Scrape:
    ok: bool = False
    reason: str | None = None
    values: dict[str, float] = field(default_factory=dict)  # sample name -> sum over labels
    families: set[str] = field(default_factory=set)
    info: dict[str, dict[str, str]] = field(default_factory=dict)  # vllm:*_info -> labels
    buckets: dict[str, float] = field(default_factory=dict)  # TTFT histogram: le -> count
    gpu_used: dict[str, float] = field(default_factory=dict)  # gpu label -> MiB
    gpu_free: dict[str, float] = field(default_factory=dict)
    engines: set[str] = field(default_factory=set)
    placement: dict[str, set[str]] = field(default_factory=dict)

    def counter(self, concept: str) -> float | None:
        for name in COUNTERS.get(concept, ()):
            for sample in (name + "_total", name):
                if sample in self.values:
                    return self.values[sample]
        parts = LLAMACPP_COUNTERS.get(concept, ())
        if parts and all(p in self.values for p in parts):
            return sum(self.values[p] for p in parts)
        return None

    def gauge(self, concept: str) -> float | None:
        for name in GAUGES[concept]:
            if name in self.values:
                return self.values[name]
        return None

    @property
    def has_vllm(self) -> bool:
        return any(k.startswith("vllm:") for k in self.families | set(self.values))

    @property
    def family(self) -> str | None:
        """Whose metric names the scrape carries: "vllm", "sglang", "llamacpp" or None."""
        names = self.families | set(self.values)
        return next((f for f in FAMILIES if any(n.startswith(f + ":") for n in names)), None)

    def era(self) -> str | None:
        """vLLM's metric era ("v1", "v0", "v1-early"), or the other family's name."""
        if not self.has_vllm:
            return self.family
        if "vllm:prefix_cache_queries" in self.families or "vllm:kv_cache_usage_perc" in self.families:
            return "v1" if "vllm:gpu_prefix_cache_hit_rate" not in self.families else "v0"
        if "vllm:gpu_prefix_cache_hit_rate" in self.families or "vllm:num_requests_swapped" in self.families:
            return "v0"
        return "v1-early"

    def cache_config(self) -> dict[str, str]:
        return dict(self.info.get("vllm:cache_config_info", {}))


def parse(text: str, gauges_only: bool = False) -> Scrape:
    """Parse an exposition; `gauges_only` keeps the sampler's frequent scrapes cheap."""
    from prometheus_client.parser import text_string_to_metric_families

    if gauges_only:
        text = "\n".join(ln for ln in text.splitlines() if ln.startswith(GAUGE_PREFIXES))
    result = Scrape(ok=True)
    try:
        for family in text_string_to_metric_families(text):
            result.families.add(family.name)
            for sample in family.samples:
                _add(result, sample.name, sample.labels, float(sample.value))
    except Exception as exc:  # noqa: BLE001 - any parser failure is a recorded reason, not a crash
        # the parser quotes the server's bytes: shown, never passed to a terminal as controls
        return Scrape(ok=False, reason=plain(f"unparseable /metrics: {type(exc).__name__}: {exc}")[:300])
    return result


def _add(result: Scrape, name: str, labels: dict[str, str], value: float) -> None:
    if name.endswith("_created") or math.isnan(value):
        return
    if name.startswith("vllm:") and name.endswith("_info"):
        result.info[name] = dict(labels)
    if "engine" in labels:
        result.engines.add(labels["engine"])
    for key, candidates in _PLACEMENT_LABELS.items():
        for label in candidates:
            if label in labels:
                result.placement.setdefault(key, set()).add(labels[label])
    if name == TTFT_HISTOGRAM + "_bucket":
        le = labels.get("le", "+Inf")
        result.buckets[le] = result.buckets.get(le, 0.0) + value
        return
    if name in (GPU_USED, GPU_FREE):
        target = result.gpu_used if name == GPU_USED else result.gpu_free
        gpu = labels.get("gpu") or labels.get("UUID") or str(len(target))
        target[gpu] = target.get(gpu, 0.0) + value
        return
    result.values[name] = result.values.get(name, 0.0) + value
