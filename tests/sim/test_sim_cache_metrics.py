"""Prefix-cache arithmetic, eviction, latency model, metrics exposition and faults of the sim."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from servecheck.sim.cache import PrefixCache, max_hit_tokens
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 0, "per_token_prefill_ms": 0, "itl_ms": 0}


@pytest.mark.parametrize("n,b", [(100, 16), (16, 16), (17, 16), (33, 16), (1000, 528), (529, 528), (530, 528)])
def test_hit_is_floor_n_minus_1_over_b(n, b):
    cache = PrefixCache(b, 10_000)
    tokens = list(range(n))
    assert cache.lookup(tokens)[0] == 0
    cache.store(cache.lookup(tokens)[1])
    cached, _ = cache.lookup(tokens)
    assert cached == max_hit_tokens(n, b) == (n - 1) // b * b
    assert max_hit_tokens(100, 16) == 96 and max_hit_tokens(16, 16) == 0


def test_changed_first_block_misses_and_lru_evicts():
    cache = PrefixCache(4, 6)
    a, b = list(range(20)), list(range(100, 120))
    cache.store(cache.lookup(a)[1])
    assert cache.lookup([999] + a[1:])[0] == 0  # chained hashes: first block differs
    cache.store(cache.lookup(b)[1])             # 5 more blocks into a capacity of 6
    assert cache.lookup(a)[0] == 0 and cache.evictions == 4


def test_disabled_cache_moves_no_counter():
    cache = PrefixCache(16, 100, enabled=False)
    cache.store(cache.lookup(list(range(64)))[1])
    assert cache.lookup(list(range(64)))[0] == 0 and cache.queries == cache.hits == 0


def _families(text: str) -> dict[str, object]:
    return {f.name: f for f in text_string_to_metric_families(text)}


def test_metrics_parse_with_v1_names_types_and_labels():
    with running_sim(**FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        prompt = " ".join(f"t{i}" for i in range(100))
        for _ in range(2):
            assert c.post("/v1/completions", json={"prompt": prompt, "max_tokens": 3}).status_code == 200
        fam = _families(c.get("/metrics").text)
    types = {"vllm:prefix_cache_queries": "counter", "vllm:prefix_cache_hits": "counter",
             "vllm:num_requests_running": "gauge", "vllm:num_requests_waiting": "gauge",
             "vllm:kv_cache_usage_perc": "gauge", "vllm:time_to_first_token_seconds": "histogram",
             "vllm:inter_token_latency_seconds": "histogram", "vllm:e2e_request_latency_seconds": "histogram",
             "vllm:cache_config_info": "gauge", "vllm:request_success": "counter"}
    for name, kind in types.items():
        assert fam[name].type == kind, name
    q = fam["vllm:prefix_cache_queries"].samples[0]
    assert q.name == "vllm:prefix_cache_queries_total" and q.labels == {"engine": "0", "model_name": "sim-model"}
    assert q.value == 200 and fam["vllm:prefix_cache_hits"].samples[0].value == 96
    info = fam["vllm:cache_config_info"].samples[0].labels
    assert info["enable_prefix_caching"] == "True" and info["block_size"] == "16"
    assert info["mamba_cache_mode"] == "none"


def test_hybrid_and_off_labels_and_disabled_stats():
    with running_sim("hybrid-align", **FAST) as sim:
        info = _families(httpx.get(sim.url + "/metrics").text)["vllm:cache_config_info"].samples[0].labels
        assert info["block_size"] == "528" and info["mamba_cache_mode"] == "align"
    with running_sim("prefix-cache-off", **FAST) as sim:
        info = _families(httpx.get(sim.url + "/metrics").text)["vllm:cache_config_info"].samples[0].labels
        assert info["enable_prefix_caching"] == "False"
    with running_sim(disable_log_stats=True, **FAST) as sim:
        assert "vllm:" not in httpx.get(sim.url + "/metrics").text


def test_ttft_grows_with_uncached_tokens_and_queue_shows():
    params = {"ttft_base_ms": 1, "per_token_prefill_ms": 0.05, "itl_ms": 1, "max_concurrency": 1}
    with running_sim(**params) as sim, httpx.Client(base_url=sim.url, timeout=10) as c:
        prompt = " ".join(f"p{i}" for i in range(2000))
        c.post("/v1/completions", json={"prompt": prompt, "max_tokens": 2})
        c.post("/v1/completions", json={"prompt": prompt, "max_tokens": 2})
        cold, warm = list(sim.state.records)[-2:]
        assert warm.cached_tokens == 1984 and cold.cached_tokens == 0
        assert cold.ttft_s > 0.09 and warm.ttft_s < cold.ttft_s / 2

        async def burst() -> None:
            async with httpx.AsyncClient(base_url=sim.url, timeout=10) as ac:
                await asyncio.gather(*(ac.post("/v1/completions", json={"prompt": f"q{i}", "max_tokens": 20})
                                       for i in range(4)))

        asyncio.run(burst())
        queued = [r.queue_s for r in list(sim.state.records)[-4:]]
        assert max(queued) > 0.02  # one slot, 20 tokens x 1 ms each: later requests waited


def test_flaky_faults_are_seeded_and_bounded():
    with running_sim("flaky", stall_s=0.2, **FAST) as sim, httpx.Client(base_url=sim.url, timeout=3) as c:
        start = time.monotonic()
        outcomes = []
        for i in range(30):
            try:
                outcomes.append(c.post("/v1/completions", json={"prompt": f"x{i}", "stream": i % 2 == 0}).status_code)
            except httpx.HTTPError:
                outcomes.append("dropped")
        assert time.monotonic() - start < 15
        assert 500 in outcomes and 200 in outcomes
        faults = sim.state.faults
        assert faults["error"] > 0 and faults["drop"] > 0
    with running_sim("flaky", stall_s=0.2, **FAST) as again:
        for i in range(30):
            try:
                httpx.post(again.url + "/v1/completions", json={"prompt": f"x{i}", "stream": i % 2 == 0}, timeout=3)
            except httpx.HTTPError:
                pass
        assert again.state.faults == faults  # same seed, same faults


def test_tokenizer_is_deterministic_and_memo_is_bounded():
    from servecheck.sim import tokenizer as tk

    a, b = tk.Tokenizer(), tk.Tokenizer()
    text = "Hello, world: 17 + 25!"
    assert a.encode(text) == b.encode(text) and len(a.encode(text)) == 8
    for i in range(30):
        a.encode(" ".join(f"u{i}x{j}" for j in range(50_000)))
    assert a._memo_tokens <= tk._MEMO_TOKENS
