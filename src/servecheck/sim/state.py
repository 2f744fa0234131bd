"""The sim's live state: counters, gauges, histograms, the prefix cache and per-request truth.

Mutated only on the sim's event loop; other threads may read it (plain ints and floats).
``records`` holds what the server actually did for each request (queue wait, cached tokens, TTFT
and inter-token gaps applied), so load tests can compare client-side measurements with the truth.
"""

from __future__ import annotations

import asyncio
import random
from array import array
from collections import Counter, deque
from dataclasses import dataclass, field

from servecheck.sim.cache import PrefixCache
from servecheck.sim.metrics import E2E_BUCKETS, ITL_BUCKETS, TTFT_BUCKETS, Histogram
from servecheck.sim.scenarios import SimConfig
from servecheck.sim.tokenizer import Tokenizer

RECORDS_MAX = 50_000


@dataclass
class RequestRecord:
    """Server-side truth for one generation request (times in seconds)."""

    request_id: str
    endpoint: str
    stream: bool
    prompt_tokens: int
    cached_tokens: int = 0
    output_tokens: int = 0
    queue_s: float = 0.0
    ttft_s: float = 0.0
    itl_s: array = field(default_factory=lambda: array("d"))  # compact: load tests keep many
    e2e_s: float = 0.0
    status: int = 200
    fault: str | None = None
    finish_reason: str | None = None


class SimState:
    def __init__(self, config: SimConfig, model: str) -> None:
        self.config = config
        self.model = model
        self.tokenizer = Tokenizer()
        self.cache = PrefixCache(config.block_size, config.cache_capacity_blocks,
                                 config.enable_prefix_caching, chained=not config.cache_unchained)
        self.rng = random.Random(config.seed)
        self.running = 0
        self.waiting = 0
        self.requests_total = 0
        self.prompt_tokens = 0
        self.generation_tokens = 0
        self.cached_prompt_tokens = 0  # of finished requests (llama.cpp's metrics split on it)
        self.max_sequence = 0
        self.finished: Counter[str] = Counter()
        self.statuses: Counter[int] = Counter()
        self.faults: Counter[str] = Counter()
        self.ttft = Histogram(TTFT_BUCKETS)
        self.itl = Histogram(ITL_BUCKETS)
        self.e2e = Histogram(E2E_BUCKETS)
        self.records: deque[RequestRecord] = deque(maxlen=RECORDS_MAX)
        self._next_id = 0
        self.sem: asyncio.Semaphore | None = None  # created on the sim's loop

    def new_id(self) -> str:
        self._next_id += 1
        return f"{self._next_id:08x}"

    def finish(self, rec: RequestRecord) -> None:
        self.records.append(rec)
        self.statuses[rec.status] += 1
        if rec.fault:
            self.faults[rec.fault] += 1
        if rec.status != 200 or rec.fault:
            return
        reason = rec.finish_reason if rec.finish_reason in ("length", "abort") else "stop"
        self.finished[reason] += 1
        self.prompt_tokens += rec.prompt_tokens
        self.cached_prompt_tokens += rec.cached_tokens
        self.max_sequence = max(self.max_sequence, rec.prompt_tokens + rec.output_tokens)
        self.generation_tokens += rec.output_tokens
        self.ttft.observe(rec.ttft_s)
        self.e2e.observe(rec.e2e_s)
        for gap in rec.itl_s:
            self.itl.observe(gap)

    def snapshot(self) -> dict[str, object]:
        """Plain-data counters, for tests and reports (safe to call from another thread)."""
        for _ in range(5):
            try:
                return self._snapshot()
            except RuntimeError:  # a Counter grew a key on the sim's loop mid-copy; read again
                continue
        return self._snapshot()

    def _snapshot(self) -> dict[str, object]:
        return {
            "requests_total": self.requests_total, "running": self.running,
            "waiting": self.waiting, "prompt_tokens": self.prompt_tokens,
            "generation_tokens": self.generation_tokens,
            "prefix_cache_queries": self.cache.queries, "prefix_cache_hits": self.cache.hits,
            "cache_blocks": len(self.cache), "evictions": self.cache.evictions,
            "finished": dict(self.finished), "statuses": dict(self.statuses),
            "faults": dict(self.faults),
        }
