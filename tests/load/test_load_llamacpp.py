"""The engine against the sim's llama.cpp flavour: llama.cpp's metric names, context field,
/tokenize, and a server that closes the connection after every stream."""

from __future__ import annotations

from pathlib import Path

from servecheck.load.engine import Run, run_sync
from servecheck.load.models import Settings
from servecheck.load.stages import Parallel, Short, TargetContext
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 1.0, "per_token_prefill_ms": 0.001, "itl_ms": 0.5, "output_tokens": 8}


def _run(scenario: str, tmp_path: Path) -> tuple[Run, dict]:
    with running_sim(scenario, port=0, max_model_len=4096, **FAST) as sim:
        run = Run(sim.url, [Short(), TargetContext(requests=2, context=1000), Parallel(concurrency=4, requests=16)],
                  Settings(max_tokens=8), out_dir=tmp_path, scrape_interval=0.05)
        run_sync(run, handle_sigint=False)
        return run, sim.state.snapshot()


def test_llamacpp_metrics_context_and_stale_connections(tmp_path: Path) -> None:
    run, truth = _run("llamacpp", tmp_path)
    res = run.result
    assert res.status == "completed", (res.stop, [s.errors for s in res.stages])
    assert res.target.max_model_len == 4096 and res.target.server_kind == "llamacpp"
    assert res.target.server_version == "b0-sim"
    stages = res.stages[1:]
    for stage in stages:
        assert stage.counts.succeeded == stage.counts.sent == stage.requests_planned and not stage.errors
        assert stage.server.available and stage.server.source == "llamacpp"
        assert stage.server.unavailable == ["kv_cache_usage_peak", "preemptions", "ttft_histogram"]
        assert stage.server.kv_cache_usage_peak is None and stage.server.preemptions is None
    # the sim closes every streamed connection: later requests on a pooled one were re-sent once
    assert any("re-sent once" in note for s in stages for note in s.notes)
    ctx = next(s for s in stages if s.kind == "target-context")
    assert 900 <= ctx.prompt_tokens_mean <= 1050  # sized with /tokenize {content}
    # llama.cpp's counters (computed + cached) add up to the sim's truth
    assert sum(s.server.prompt_tokens or 0 for s in res.stages) == truth["prompt_tokens"]
    assert sum(s.server.generation_tokens or 0 for s in res.stages) == truth["generation_tokens"]
    par = stages[-1]
    assert par.server.prefix_cache.hits == par.cached_tokens > 0
    assert par.server.running_peak is not None and par.server.waiting_peak is not None


def test_llamacpp_without_prompt_cache_reports_no_hits(tmp_path: Path) -> None:
    run, _ = _run("llamacpp-no-cache", tmp_path)
    par = run.result.stages[-1]
    assert par.server.prefix_cache.hits == 0 and par.server.prefix_cache.hit_rate == 0
    assert par.cached_tokens == 0
