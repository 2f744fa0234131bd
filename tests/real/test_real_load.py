"""`servecheck load` against llama.cpp's real server: counts per stage and llama.cpp metrics."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.real

RAMP = (1, 2, 4)
PER_STAGE = 8


def _metrics(server):
    import urllib.request

    with urllib.request.urlopen(server.url + "/metrics", timeout=10) as resp:
        text = resp.read().decode()
    return {ln.split(" ")[0]: float(ln.split(" ")[1]) for ln in text.splitlines()
            if ln.startswith("llamacpp:")}


@pytest.fixture(scope="module")
def load_run(llama_server, tmp_path_factory):
    from servecheck.load.api import LoadOptions, build_run, finish
    from servecheck.load.engine import run_sync
    from servecheck.load.models import Settings

    out = tmp_path_factory.mktemp("load")
    settings = Settings(ramp=list(RAMP), requests_per_stage=PER_STAGE, context=1024, max_tokens=8,
                        timeout_s=30, stage_deadline_s=60, run_deadline_s=120)
    opts = LoadOptions(url=llama_server.url, settings=settings, out=out, scrape_interval=0.2, wait=10)
    before = _metrics(llama_server)
    run, out_dir = build_run(opts)
    result = run_sync(run, handle_sigint=False)
    finish(run, out_dir)
    return result, before, _metrics(llama_server), out_dir


def test_ramp_completes_with_correct_counts(load_run):
    result, *_ = load_run
    assert result.status == "completed", (result.stop, [s.errors for s in result.stages])
    parallel = [s for s in result.stages if s.concurrency in RAMP and s.kind not in ("ready", "short", "target-context")]
    assert [s.concurrency for s in parallel] == list(RAMP)
    for stage in result.stages:
        c = stage.counts
        assert c.sent == stage.requests_planned, stage.name
        assert (c.succeeded, c.failed, c.incomplete) == (c.sent, 0, 0), (stage.name, stage.errors)
    assert result.target.max_model_len == 8192


def test_target_context_is_sized_with_llamacpp_tokenizer(load_run):
    result, *_ = load_run
    stage = next(s for s in result.stages if s.kind == "target-context")
    assert 0.8 * 1024 <= stage.prompt_tokens_mean <= 1.1 * 1024


def test_server_metrics_mapped_from_llamacpp_names(load_run):
    result, before, after, _ = load_run
    stages = [s for s in result.stages if s.kind not in ("ready",)]
    for stage in stages:
        server = stage.server
        assert server.available, (stage.name, server.reason)
        assert server.source == "llamacpp"
        assert server.prompt_tokens and server.prompt_tokens > 0
        assert server.generation_tokens and server.generation_tokens > 0
        assert "kv_cache_usage_peak" in server.unavailable
        assert "preemptions" in server.unavailable
    # the stage deltas add up to the server's own counters over the run
    def total(name):
        return after[f"llamacpp:{name}"] - before[f"llamacpp:{name}"]

    prompt = total("prompt_tokens_total") + total("prompt_tokens_cached_total")
    assert sum(s.server.prompt_tokens for s in stages) <= prompt
    assert sum(s.server.prefix_cache.hits or 0 for s in stages) <= total("prompt_tokens_cached_total")


def test_agent_stages_reuse_the_shared_prefix(load_run):
    result, *_ = load_run
    agent = [s for s in result.stages if s.concurrency in RAMP and s.kind not in ("ready", "short", "target-context")]
    for stage in agent:
        assert stage.cached_tokens and stage.cached_tokens > 0, stage.name
        assert stage.server.prefix_cache.hit_rate is not None and stage.server.prefix_cache.hit_rate > 0.3


def test_busy_and_deferred_gauges_are_read(load_run):
    result, *_ = load_run
    widest = max((s for s in result.stages), key=lambda s: s.concurrency)
    # sampled gauges: requests here take milliseconds, so a sample may find the server idle
    assert widest.server.running_peak is not None and widest.server.waiting_peak is not None


def test_streamed_tool_calls_from_llamacpp_are_counted(llama_server, tmp_path):
    import json

    from servecheck.load.api import LoadOptions, build_run
    from servecheck.load.engine import run_sync
    from servecheck.load.models import Settings

    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"system": "You are an agent.", "tools": [{"type": "function", "function": {
        "name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                              "required": ["city"]}}}]}))
    settings = Settings(ramp=[2], requests_per_stage=4, context=256, max_tokens=64, timeout_s=30,
                        stage_deadline_s=60, run_deadline_s=120, agent_prefix=str(agent))
    run, out = build_run(LoadOptions(url=llama_server.url, settings=settings, agent_prefix=agent,
                                     out=tmp_path / "out", wait=10))
    result = run_sync(run, handle_sigint=False)
    stage = result.stages[-1]
    assert result.status == "completed" and stage.counts.succeeded == 4 and not stage.errors
    records = [json.loads(line) for line in (out / "requests.jsonl").read_text().splitlines()]
    calls = [r for r in records if r["stage"] == stage.name]
    # llama.cpp streams the arguments one character per chunk; they are joined and parsed
    assert all(r["tool_calls"] == 1 and r["finish_reason"] == "tool_calls" for r in calls)
