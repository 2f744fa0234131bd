"""Server-side truth from /metrics: scrapes before/after a stage, peaks sampled during it.

Parsing and the metric-name table are the server layer's (servecheck.server.metrics); this
module scrapes on load's own session, samples gauges during a stage and computes stage deltas.
A scrape that fails is a recorded outcome (`ok=False`, `reason`), never an exception.
"""

from __future__ import annotations

import asyncio
import math

import aiohttp

from servecheck.load.models import Histogram, PrefixCache, ServerStage
from servecheck.server.metrics import GAUGES, LLAMACPP_UNAVAILABLE, TTFT_HISTOGRAM, Scrape, parse

_MAX_BYTES = 16 * 1024 * 1024
__all__ = ["Sampler", "Scrape", "parse", "scrape", "stage_delta"]


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
                           reason="no vllm:*, sglang:* or llamacpp:* series (vLLM started with "
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
