"""Server-side truth from /metrics: scrapes before/after a stage, peaks sampled during it.

Names follow vLLM's exposition (reference §2): counters are matched on `<name>_total` with the
bare name as fallback, both V1 and V0/0.9 names are accepted, values are summed over all label
sets (one per `engine`, i.e. data-parallel rank), `_created` series are ignored. A scrape that
fails or cannot be parsed is a recorded outcome (`ok=False`, `reason`), never an exception.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field

import aiohttp

from servecheck.load.models import Histogram, PrefixCache, ServerStage

_MAX_BYTES = 16 * 1024 * 1024

# concept -> candidate names, newest first (exposed sample names for counters end in _total).
COUNTERS = {
    "prefix_queries": ("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries"),
    "prefix_hits": ("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits"),
    "preemptions": ("vllm:num_preemptions",),
    "prompt_tokens": ("vllm:prompt_tokens",),
    "generation_tokens": ("vllm:generation_tokens",),
}
GAUGES = {
    "running": ("vllm:num_requests_running",),
    "waiting": ("vllm:num_requests_waiting",),
    "kv_usage": ("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
}
# llama.cpp's server: prompt_tokens_total excludes the cached prompt tokens, counted apart; busy
# and deferred requests are gauges; no KV-cache usage, preemptions or TTFT histogram.
# concept -> sample names whose values add up to it
LLAMACPP_COUNTERS = {
    "prompt_tokens": ("llamacpp:prompt_tokens_total", "llamacpp:prompt_tokens_cached_total"),
    "prefix_queries": ("llamacpp:prompt_tokens_total", "llamacpp:prompt_tokens_cached_total"),
    "prefix_hits": ("llamacpp:prompt_tokens_cached_total",),
    "generation_tokens": ("llamacpp:tokens_predicted_total",),
}
LLAMACPP_GAUGES = {"running": "llamacpp:requests_processing", "waiting": "llamacpp:requests_deferred"}
LLAMACPP_UNAVAILABLE = ["kv_cache_usage_peak", "preemptions", "ttft_histogram"]
TTFT_HISTOGRAM = "vllm:time_to_first_token_seconds"
# GPU framebuffer memory as exporters publish it (MiB): DCGM exporter's FB_USED / FB_FREE.
GPU_USED, GPU_FREE = "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE"
_GAUGE_PREFIXES = (tuple(n for names in GAUGES.values() for n in names)
                   + tuple(LLAMACPP_GAUGES.values()) + (GPU_USED, GPU_FREE))
_PLACEMENT_LABELS = {"node": ("node", "hostname", "node_name"), "rank": ("rank", "dp_rank")}


@dataclass
class Scrape:
    ok: bool
    reason: str | None = None
    values: dict[str, float] = field(default_factory=dict)  # sample name -> sum over labels
    buckets: dict[str, float] = field(default_factory=dict)  # TTFT histogram: le -> count
    gpu_used: dict[str, float] = field(default_factory=dict)  # gpu label -> MiB
    gpu_free: dict[str, float] = field(default_factory=dict)
    engines: set[str] = field(default_factory=set)
    placement: dict[str, set[str]] = field(default_factory=dict)

    def counter(self, concept: str) -> float | None:
        for name in COUNTERS[concept]:
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
        return self.values.get(LLAMACPP_GAUGES.get(concept, ""))

    @property
    def has_vllm(self) -> bool:
        return any(k.startswith("vllm:") for k in self.values)

    @property
    def family(self) -> str | None:
        """Whose metric names the scrape carries: "vllm", "llamacpp" or None."""
        if self.has_vllm:
            return "vllm"
        return "llamacpp" if any(k.startswith("llamacpp:") for k in self.values) else None


def parse(text: str, gauges_only: bool = False) -> Scrape:
    """Parse an exposition with prometheus_client's parser; `gauges_only` keeps it cheap."""
    from prometheus_client.parser import text_string_to_metric_families

    if gauges_only:
        text = "\n".join(ln for ln in text.splitlines() if ln.startswith(_GAUGE_PREFIXES))
    result = Scrape(ok=True)
    try:
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                _add(result, sample.name, sample.labels, sample.value)
    except (ValueError, TypeError, IndexError) as exc:
        return Scrape(ok=False, reason=f"unparseable /metrics: {exc}"[:300])
    return result


def _add(result: Scrape, name: str, labels: dict[str, str], value: float) -> None:
    if name.endswith("_created") or math.isnan(value):
        return
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


async def scrape(session: aiohttp.ClientSession, base_url: str, headers: dict[str, str],
                 timeout: float = 5.0, gauges_only: bool = False) -> Scrape:
    """GET /metrics once, bounded by `timeout`; the outcome is data."""
    try:
        async with asyncio.timeout(timeout):
            async with session.get(base_url + "/metrics", headers=headers) as resp:
                if resp.status != 200:
                    return Scrape(ok=False, reason=f"/metrics answered HTTP {resp.status}")
                raw = await resp.content.read(_MAX_BYTES)
    except TimeoutError:
        return Scrape(ok=False, reason=f"/metrics timed out after {timeout:.0f}s")
    except (aiohttp.ClientError, OSError) as exc:
        return Scrape(ok=False, reason=f"/metrics failed: {type(exc).__name__}: {exc}"[:300])
    text = raw.decode("utf-8", errors="replace")
    return await asyncio.to_thread(parse, text, gauges_only) if len(raw) > 65536 else parse(text, gauges_only)


class Sampler:
    """Samples the gauges every `interval` seconds while a stage runs and keeps their peaks."""

    def __init__(self, session: aiohttp.ClientSession, base_url: str, headers: dict[str, str],
                 interval: float = 1.0) -> None:
        self.session, self.base_url, self.headers = session, base_url, headers
        self.interval = interval
        self.peaks: dict[str, float] = {}
        self.samples = 0
        self.gpu_used_peak: dict[str, float] = {}

    def observe(self, s: Scrape) -> None:
        if not s.ok:
            return
        self.samples += 1
        for concept in GAUGES:
            value = s.gauge(concept)
            if value is not None:
                self.peaks[concept] = max(value, self.peaks.get(concept, value))
        for gpu, used in s.gpu_used.items():
            self.gpu_used_peak[gpu] = max(used, self.gpu_used_peak.get(gpu, used))

    async def run(self) -> None:
        delay = min(0.1, self.interval)  # a first look early: short stages have peaks too
        while True:
            await asyncio.sleep(delay)
            delay = self.interval
            self.observe(await scrape(self.session, self.base_url, self.headers,
                                      timeout=max(1.0, self.interval * 2), gauges_only=True))


def stage_delta(before: Scrape, after: Scrape, sampler: Sampler) -> ServerStage:
    """The server's view of one stage: counter deltas, gauge peaks, TTFT histogram delta."""
    if not (before.ok and after.ok):
        return ServerStage(available=False, reason=(before.reason or after.reason))
    family = after.family
    if family is None:
        return ServerStage(available=False, samples=sampler.samples,
                           reason="no vllm:* or llamacpp:* series (vLLM started with "
                                  "--disable-log-stats, llama.cpp without --metrics, or another server)")

    def d(concept: str) -> float | None:
        a, b = before.counter(concept), after.counter(concept)
        return None if a is None or b is None else round(b - a, 6)

    queries, hits = d("prefix_queries"), d("prefix_hits")
    rate = round(hits / queries, 4) if queries and hits is not None else None
    return ServerStage(
        available=True,
        source=family,
        unavailable=list(LLAMACPP_UNAVAILABLE) if family == "llamacpp" else [],
        samples=sampler.samples,
        prefix_cache=PrefixCache(queries=queries, hits=hits, hit_rate=rate),
        kv_cache_usage_peak=sampler.peaks.get("kv_usage"),
        running_peak=sampler.peaks.get("running"),
        waiting_peak=sampler.peaks.get("waiting"),
        preemptions=d("preemptions"),
        prompt_tokens=d("prompt_tokens"),
        generation_tokens=d("generation_tokens"),
        ttft_histogram=histogram_delta(before, after),
    )


def histogram_delta(before: Scrape, after: Scrape) -> Histogram | None:
    if not after.buckets:
        return None
    count = after.values.get(TTFT_HISTOGRAM + "_count", 0.0) - before.values.get(TTFT_HISTOGRAM + "_count", 0.0)
    total = after.values.get(TTFT_HISTOGRAM + "_sum", 0.0) - before.values.get(TTFT_HISTOGRAM + "_sum", 0.0)
    buckets = {le: round(v - before.buckets.get(le, 0.0), 6) for le, v in after.buckets.items()}
    ordered = sorted(((_le(le), n) for le, n in buckets.items()), key=lambda x: x[0])
    return Histogram(
        count=count, sum_s=round(total, 6),
        mean_ms=round(total / count * 1000, 3) if count > 0 else None,
        p50_ms=_bucket_quantile(ordered, 0.5), p90_ms=_bucket_quantile(ordered, 0.9),
        buckets={le: n for le, n in sorted(buckets.items(), key=lambda x: _le(x[0]))},
    )


def _le(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return math.inf


def _bucket_quantile(ordered: list[tuple[float, float]], q: float) -> float | None:
    """Prometheus-style histogram_quantile (linear inside the bucket), in ms."""
    if not ordered or ordered[-1][1] <= 0:
        return None
    rank = q * ordered[-1][1]
    prev_le, prev_n = 0.0, 0.0
    for le, n in ordered:
        if n >= rank:
            if math.isinf(le):
                return round(prev_le * 1000, 3)
            frac = (rank - prev_n) / (n - prev_n) if n > prev_n else 1.0
            return round((prev_le + (le - prev_le) * frac) * 1000, 3)
        prev_le, prev_n = le, n
    return None
