"""/metrics parsing and stage deltas on recorded expositions (vLLM V1, V0, garbage)."""

from __future__ import annotations

import pytest

from servecheck.load.scrape import Sampler, Scrape, parse, stage_delta

V1_BEFORE = """\
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{engine="0",model_name="m"} 0.0
vllm:num_requests_running{engine="1",model_name="m"} 0.0
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{engine="0",model_name="m"} 0.0
# TYPE vllm:kv_cache_usage_perc gauge
vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.01
# TYPE vllm:prefix_cache_queries counter
vllm:prefix_cache_queries_total{engine="0",model_name="m"} 1000.0
vllm:prefix_cache_queries_total{engine="1",model_name="m"} 290.0
vllm:prefix_cache_queries_created{engine="0",model_name="m"} 1.7e9
# TYPE vllm:prefix_cache_hits counter
vllm:prefix_cache_hits_total{engine="0",model_name="m"} 600.0
vllm:prefix_cache_hits_total{engine="1",model_name="m"} 24.0
# TYPE vllm:num_preemptions counter
vllm:num_preemptions_total{engine="0",model_name="m"} 1.0
# TYPE vllm:time_to_first_token_seconds histogram
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.1",model_name="m"} 1.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.25",model_name="m"} 2.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",model_name="m"} 2.0
vllm:time_to_first_token_seconds_count{engine="0",model_name="m"} 2.0
vllm:time_to_first_token_seconds_sum{engine="0",model_name="m"} 0.231
"""


def _after() -> str:
    return (V1_BEFORE
            .replace('engine="0",model_name="m"} 1000.0', 'engine="0",model_name="m"} 3000.0')
            .replace('engine="0",model_name="m"} 600.0', 'engine="0",model_name="m"} 2100.0')
            .replace('vllm:num_preemptions_total{engine="0",model_name="m"} 1.0',
                     'vllm:num_preemptions_total{engine="0",model_name="m"} 4.0')
            .replace('le="0.1",model_name="m"} 1.0', 'le="0.1",model_name="m"} 9.0')
            .replace('le="0.25",model_name="m"} 2.0', 'le="0.25",model_name="m"} 12.0')
            .replace('le="+Inf",model_name="m"} 2.0', 'le="+Inf",model_name="m"} 12.0')
            .replace('_count{engine="0",model_name="m"} 2.0', '_count{engine="0",model_name="m"} 12.0')
            .replace("0.231", "1.031"))


def test_counters_sum_engines_and_ignore_created() -> None:
    s = parse(V1_BEFORE)
    assert s.ok and s.has_vllm
    assert s.counter("prefix_queries") == 1290.0
    assert s.counter("prefix_hits") == 624.0
    assert s.engines == {"0", "1"}
    assert not any(k.endswith("_created") for k in s.values)


def test_stage_delta_hit_rate_preemptions_and_histogram() -> None:
    before, after = parse(V1_BEFORE), parse(_after())
    sampler = Sampler(None, "", {})  # type: ignore[arg-type]
    sampler.observe(before)
    sampler.observe(parse("vllm:num_requests_waiting{engine=\"0\"} 7\nvllm:kv_cache_usage_perc 0.5\n",
                          gauges_only=True))
    sampler.observe(after)
    d = stage_delta(before, after, sampler)
    assert d.available
    assert d.prefix_cache.queries == 2000.0 and d.prefix_cache.hits == 1500.0
    assert d.prefix_cache.hit_rate == 0.75
    assert d.preemptions == 3.0
    assert d.waiting_peak == 7.0 and d.kv_cache_usage_peak == 0.5
    h = d.ttft_histogram
    assert h is not None and h.count == 10.0 and h.sum_s == pytest.approx(0.8)
    assert h.mean_ms == pytest.approx(80.0)
    # 8 of 10 in the first bucket: the median lies inside [0, 0.1 s]
    assert h.p50_ms is not None and 0 < h.p50_ms <= 100
    assert h.p90_ms is not None and 100 < h.p90_ms <= 250


def test_v0_names_are_accepted() -> None:
    text = ("vllm:gpu_cache_usage_perc{model_name=\"m\"} 0.3\n"
            "# TYPE vllm:gpu_prefix_cache_queries_total counter\n"
            "vllm:gpu_prefix_cache_queries_total{model_name=\"m\"} 10\n")
    s = parse(text)
    assert s.gauge("kv_usage") == 0.3 and s.counter("prefix_queries") == 10


@pytest.mark.parametrize("text", ["vllm:x{a=\"b\" 1 2 3", "# TYPE x histogram\nx_bucket{le=\"a\"} zz\n"])
def test_garbage_is_a_recorded_outcome(text: str) -> None:
    s = parse(text)
    assert not s.ok and s.reason and "unparseable" in s.reason


def test_no_vllm_series_is_explained() -> None:
    plain = parse("http_requests_total{handler=\"/v1/models\"} 3\n")
    d = stage_delta(plain, plain, Sampler(None, "", {}))  # type: ignore[arg-type]
    assert not d.available and "disable-log-stats" in (d.reason or "")


def test_failed_scrape_gives_reason() -> None:
    d = stage_delta(Scrape(ok=False, reason="/metrics answered HTTP 404"), Scrape(ok=True),
                    Sampler(None, "", {}))  # type: ignore[arg-type]
    assert not d.available and "404" in (d.reason or "")
