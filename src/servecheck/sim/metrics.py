"""Prometheus text exposition with vLLM V1 metric names, types and labels.

Hand-written (not prometheus_client objects) so that the request path stays a few integer
additions and the output is exactly what a V1 server shows: counters with `_total`, histograms
with `_bucket/_sum/_count`, `model_name` and `engine` labels, `vllm:cache_config_info`.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from servecheck.sim.state import SimState

TTFT_BUCKETS = (0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5,
                5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0)
ITL_BUCKETS = (0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0,
               7.5, 10.0, 20.0, 40.0, 80.0)
E2E_BUCKETS = (0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0,
               120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0)


class Histogram:
    __slots__ = ("bounds", "counts", "sum", "count")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)
        self.sum = 0.0
        self.count = 0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1
        self.sum += value
        self.count += 1

    def lines(self, name: str, labels: str) -> list[str]:
        out = [f"# TYPE {name} histogram"]
        running = 0
        for bound, n in zip((*self.bounds, float("inf")), self.counts, strict=True):
            running += n
            le = "+Inf" if bound == float("inf") else repr(float(bound))
            out.append(f'{name}_bucket{{{labels},le="{le}"}} {float(running)}')
        out.append(f"{name}_count{{{labels}}} {float(self.count)}")
        out.append(f"{name}_sum{{{labels}}} {self.sum}")
        return out


def _esc(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _simple(kind: str, name: str, help_: str, labels: str, value: float) -> list[str]:
    return [f"# HELP {name} {help_}", f"# TYPE {name} {kind}", f"{name}{{{labels}}} {float(value)}"]


def cache_config_labels(state: SimState) -> dict[str, str]:
    cfg = state.config
    return {
        "block_size": str(cfg.block_size), "cache_dtype": "auto",
        "enable_prefix_caching": str(cfg.enable_prefix_caching), "engine": "0",
        "gpu_memory_utilization": "0.9", "num_gpu_blocks": str(cfg.cache_capacity_blocks),
        "num_cpu_blocks": "None", "prefix_caching_hash_algo": "sha256", "sliding_window": "None",
        "is_attention_free": "False", "mamba_cache_mode": cfg.mamba_cache_mode,
        "mamba_block_size": str(cfg.mamba_block_size),
    }


def render(state: SimState) -> str:
    """The whole /metrics body for STATE (empty of vllm:* when stats logging is disabled)."""
    if state.config.disable_log_stats:
        return ""
    lab = f'engine="0",model_name="{_esc(state.model)}"'
    out: list[str] = []
    out += _simple("gauge", "vllm:num_requests_running", "Number of requests in model execution batches.", lab, state.running)
    out += _simple("gauge", "vllm:num_requests_waiting", "Number of requests waiting to be processed.", lab, state.waiting)
    out += _simple("gauge", "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", lab, state.cache.usage())
    out += _simple("counter", "vllm:prefix_cache_queries_total", "Prefix cache queries, in terms of number of queried tokens.", lab, state.cache.queries)
    out += _simple("counter", "vllm:prefix_cache_hits_total", "Prefix cache hits, in terms of number of cached tokens.", lab, state.cache.hits)
    out += _simple("counter", "vllm:num_preemptions_total", "Cumulative number of preemption from the engine.", lab, 0)
    out += _simple("counter", "vllm:prompt_tokens_total", "Number of prefill tokens processed.", lab, state.prompt_tokens)
    out += _simple("counter", "vllm:generation_tokens_total", "Number of generation tokens processed.", lab, state.generation_tokens)
    out += ["# HELP vllm:request_success_total Count of successfully processed requests.",
            "# TYPE vllm:request_success_total counter"]
    for reason in ("abort", "length", "stop"):
        out.append(f'vllm:request_success_total{{{lab},finished_reason="{reason}"}} '
                   f"{float(state.finished.get(reason, 0))}")
    out += state.ttft.lines("vllm:time_to_first_token_seconds", lab)
    out += state.itl.lines("vllm:inter_token_latency_seconds", lab)
    out += state.e2e.lines("vllm:e2e_request_latency_seconds", lab)
    info = ",".join(f'{k}="{_esc(v)}"' for k, v in sorted(cache_config_labels(state).items()))
    out += _simple("gauge", "vllm:cache_config_info", "Information of the LLMEngine CacheConfig", info, 1)
    return "\n".join(out) + "\n"
