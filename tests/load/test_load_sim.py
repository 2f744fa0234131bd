"""The engine against `servecheck sim`: records compared with the sim's own truth; stop rules;
error classification; an interrupted stage keeps its data."""

from __future__ import annotations

import asyncio
import json
import statistics
from pathlib import Path
from typing import Any

import pytest

from servecheck.load.api import LoadOptions, build_run, finish
from servecheck.load.engine import Run, run_sync
from servecheck.load.models import LoadResult, RequestRecord, Settings
from servecheck.load.stages import Parallel, Short, TargetContext
from servecheck.sim.server import running_sim


def test_stage_records_match_the_sim_truth(tmp_path: Path, fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **fast) as sim:
        run = run_stages(sim.url, [Short(), TargetContext(requests=2, context=1500),
                                  Parallel(concurrency=4, requests=24)], tmp_path)
        truth = sim.state.snapshot()
        records = list(sim.state.records)
    res = run.result
    assert res.status == "completed" and [s.name for s in res.stages] == [
        "ready", "short", "target-context", "parallel-c4"]
    assert res.target.model == "sim-model" and res.target.max_model_len == 8192
    short, ctx, par = res.stages[1:]
    for stage, planned in ((short, 1), (ctx, 2), (par, 24)):
        assert stage.counts.sent == stage.counts.succeeded == planned
        assert stage.counts.failed == stage.counts.incomplete == 0
        assert stage.ended_at and stage.duration_s > 0
    # every generation request the sim saw was sent by one of our stages, and vice versa
    assert truth["requests_total"] == len(records) == 27
    assert sum(s.throughput.output_tokens for s in res.stages) == truth["generation_tokens"]
    # server deltas of the parallel stage agree with the client's usage sums
    assert par.server.available and par.prompt_tokens_mean
    assert par.server.prompt_tokens == pytest.approx(par.prompt_tokens_mean * 24, abs=3)
    assert par.server.prefix_cache.hits == par.cached_tokens
    assert par.server.prefix_cache.hit_rate and par.server.prefix_cache.hit_rate > 0.8  # shared prefix
    assert ctx.server.prefix_cache.hits == 0  # unique first line per target-context request
    assert ctx.context_tokens == 1500 and abs(ctx.prompt_tokens_mean - 1500) < 200
    # the client's TTFT includes the server's true TTFT, plus a little
    true_ttft = statistics.median(r.ttft_s for r in records[-24:]) * 1000
    assert par.latency.ttft.p50 is not None and par.latency.ttft.p50 >= true_ttft * 0.9
    assert par.latency.ttft.p50 - true_ttft < 100
    assert par.latency.itl.count > 0 and par.server.ttft_histogram is not None
    assert par.server.ttft_histogram.count == 24
    assert par.placement.engines == ["0"]
    # files: results.json validates, one JSONL line per request, each a RequestRecord
    saved = LoadResult.model_validate_json((tmp_path / "results.json").read_text())
    assert len(saved.stages) == 4
    lines = (tmp_path / "requests.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 27
    assert all(RequestRecord.model_validate(json.loads(x)) for x in lines)


def test_a_second_run_does_not_ride_on_the_first_runs_cache(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **fast) as sim:
        stages = [Short(), TargetContext(requests=2, context=1500), Parallel(concurrency=1, requests=6)]
        first = run_stages(sim.url, stages)
        second = run_stages(sim.url, [Short(), TargetContext(requests=2, context=1500),
                                      Parallel(concurrency=1, requests=6)])
    one, two = ({s.name: s for s in r.result.stages} for r in (first, second))
    assert first.result.salt != second.result.salt
    for name in ("short", "target-context"):  # no shared prefix on purpose: the same (zero) hits
        assert one[name].server.prefix_cache.hits == two[name].server.prefix_cache.hits == 0, name
    # the agent stage shares its system prompt on purpose, within the run only, and says so
    assert any("on purpose" in n for n in two["parallel-c1"].notes)
    assert two["parallel-c1"].cached_tokens == one["parallel-c1"].cached_tokens  # first turn misses in both


def test_empty_streams_fail_the_stage(scripted: str, run_stages: Any) -> None:
    run = run_stages(f"{scripted}/empty", [Short()], max_error_rate=1.0)
    stage = run.result.stages[-1]
    assert stage.errors == {"empty_stream": 1} and stage.counts.succeeded == 0


def test_flaky_server_errors_classified_and_error_rate_stops(tmp_path: Path, fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("flaky", port=0, stall_s=0.05, seed=3, **fast) as sim:
        run = run_stages(sim.url, [Parallel(concurrency=4, requests=40), Parallel(concurrency=8, requests=40)],
                         tmp_path, max_error_rate=0.05)
        statuses = dict(sim.state.statuses)
        faults = dict(sim.state.faults)
    res = run.result
    assert res.status == "stopped" and res.stop is not None and res.stop.rule == "error_rate"
    stage = res.stages[1]
    assert res.stop.stage == stage.name and len(res.stages) == 2  # the c=8 stage never ran
    kinds = set(stage.errors)
    assert kinds <= {"http_500", "http_503", "truncated_stream", "connection_reset"}, kinds
    http = sum(v for k, v in stage.errors.items() if k.startswith("http_"))
    assert http == sum(v for k, v in statuses.items() if k >= 500)
    assert stage.errors.get("truncated_stream", 0) == faults.get("drop", 0)
    assert stage.counts.failed == sum(stage.errors.values())
    assert set(stage.error_examples) == kinds
    assert {s.kind for s in stage.signals} == {"communication"}


def test_ttft_slo_stops_the_ramp(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **{**fast, "ttft_base_ms": 40.0}) as sim:
        run = run_stages(sim.url, [Short(), Parallel(concurrency=2, requests=4)], slo_ttft_ms=10)
    res = run.result
    assert res.status == "stopped" and res.stop and res.stop.rule == "ttft_slo"
    assert res.stop.stage == "short" and len(res.stages) == 2


def test_overload_stops_when_the_queue_grows_and_throughput_is_flat(fast: dict[str, float], run_stages: Any) -> None:
    # a request takes ~240 ms, long beside the client's turnaround between two requests on a busy
    # 2-core machine (at 6 ms a token that gap alone made c=8 look 10-20 % faster than c=2)
    with running_sim("healthy", port=0, max_concurrency=2, **{**fast, "itl_ms": 30.0}) as sim:
        run = run_stages(sim.url, [Parallel(concurrency=2, requests=8), Parallel(concurrency=8, requests=24),
                                  Parallel(concurrency=16, requests=32)])
    res = run.result
    assert res.stop is not None and res.stop.rule == "overload", res.stop
    assert res.stop.stage == "parallel-c8", [(s.name, s.throughput.requests_per_s, s.server.waiting_peak)
                                             for s in res.stages]
    assert res.stages[-1].server.waiting_peak and res.stages[-1].server.waiting_peak > 0
    assert "queueing" in {s.name for s in res.stages[-1].signals}
    assert not res.stages[1].signals  # c=2 fits the two slots: nothing to report


def test_small_cache_shows_in_the_hit_rate(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("small-cache", port=0, **fast) as sim:
        run = run_stages(sim.url, [Parallel(concurrency=2, requests=8)])
    stage = run.result.stages[-1]
    assert stage.counts.succeeded == 8
    assert stage.server.prefix_cache.hit_rate is not None and stage.server.prefix_cache.hit_rate < 0.3


def test_short_context_caps_the_target_and_the_prefix(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("short-context", port=0, **fast) as sim:
        run = run_stages(sim.url, [TargetContext(requests=1), Parallel(concurrency=2, requests=4)], context=8000)
    ready, ctx, par = run.result.stages
    assert run.result.status == "completed"
    assert ctx.context_tokens is not None and ctx.context_tokens <= 2048 - 8
    assert ctx.counts.succeeded == 1 and ctx.prompt_tokens_mean and ctx.prompt_tokens_mean <= 2048
    assert par.counts.succeeded == 4 and par.prompt_tokens_mean and par.prompt_tokens_mean <= 1100
    assert any("shortened" in n for n in ready.notes)


def test_interrupted_stage_keeps_its_data(tmp_path: Path, fast: dict[str, float]) -> None:
    with running_sim("healthy", port=0, **{**fast, "itl_ms": 20.0, "output_tokens": 50}) as sim:
        run = Run(sim.url, [Parallel(concurrency=4, requests=400)], Settings(max_tokens=50),
                  out_dir=tmp_path, scrape_interval=0.05)

        async def main() -> None:
            loop = asyncio.get_running_loop()

            def stop_when_some_done() -> None:
                sr = run.current
                if sr is not None and sr.done >= 6:
                    run.interrupt()
                else:
                    loop.call_later(0.05, stop_when_some_done)

            loop.call_later(0.05, stop_when_some_done)
            await asyncio.wait_for(run.execute(), 30)

        asyncio.run(main())
    res = run.result
    assert res.status == "interrupted"
    stage = res.stages[-1]
    assert stage.interrupted and stage.counts.succeeded >= 6 and stage.counts.incomplete >= 1
    assert stage.counts.sent == stage.counts.succeeded + stage.counts.incomplete < 400
    saved = LoadResult.model_validate_json((tmp_path / "results.json").read_text())
    assert saved.status == "interrupted" and saved.stages[-1].counts == stage.counts
    lines = (tmp_path / "requests.jsonl").read_text().splitlines()
    statuses = [json.loads(x)["status"] for x in lines[1:]]
    assert statuses.count("incomplete") == stage.counts.incomplete


def test_api_key_required_and_never_written(tmp_path: Path, fast: dict[str, float]) -> None:
    key = "sk-test-0123456789abcdefghijklmnop"
    with running_sim("healthy", port=0, api_key=key, **fast) as sim:
        settings = Settings(ramp=[2], requests_per_stage=4, max_tokens=8, context=300)
        run, out = build_run(LoadOptions(url=sim.url + "/v1", settings=settings, out=tmp_path / "with",
                                         api_key=key, scrape_interval=0.05))
        run_sync(run, handle_sigint=False)
        finish(run, out)
        no_key, _ = build_run(LoadOptions(url=sim.url, out=tmp_path / "without", wait=1))
        run_sync(no_key, handle_sigint=False)
    assert run.result.status == "completed" and run.result.target.api_key == "set"
    assert no_key.result.status == "not_ready"
    assert no_key.result.stop and "--api-key" in no_key.result.stop.reason
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert key not in path.read_text(errors="replace"), path


def test_agent_prefix_with_tools(tmp_path: Path, fast: dict[str, float]) -> None:
    from servecheck.server.prompts import load_agent_prefix

    prefix_file = tmp_path / "agent.json"
    prefix_file.write_text(json.dumps({"system": "You are an agent. Use the tools.", "tools": [
        {"type": "function", "function": {"name": "read_file", "description": "Read a file",
         "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                        "required": ["path"]}}}]}))
    prefix = load_agent_prefix(prefix_file)
    for scenario in ("healthy", "no-tool-parser"):
        out = tmp_path / scenario
        with running_sim(scenario, port=0, **fast) as sim:
            run = Run(sim.url, [Parallel(concurrency=2, requests=4)], Settings(max_tokens=16),
                      out_dir=out, agent_prefix=prefix, scrape_interval=0.05)
            run_sync(run, handle_sigint=False)
        stage = run.result.stages[-1]
        rows = [json.loads(x) for x in (out / "requests.jsonl").read_text().splitlines()[1:]]
        if scenario == "healthy":
            assert stage.counts.succeeded == 4 and all(r["tool_calls"] == 1 for r in rows)
        else:  # the server lacks --enable-auto-tool-choice: vLLM's 400, kept as evidence
            assert stage.errors == {"http_400": 4} and run.result.stop
            assert "--enable-auto-tool-choice" in stage.error_examples["http_400"]


def test_url_credentials_plus_key_run_and_are_never_written(tmp_path: Path, fast: dict[str, float]) -> None:
    key, password = "sk-load-0123456789abcdef", "pw-in-the-url-4242"
    with running_sim("healthy", port=0, api_key=key, **fast) as sim:
        url = sim.url.replace("http://", f"http://ops:{password}@") + "/v1"
        settings = Settings(ramp=[2], requests_per_stage=4, max_tokens=8, context=300)
        run, out = build_run(LoadOptions(url=url, settings=settings, out=tmp_path, api_key=key, scrape_interval=0.05))
        run_sync(run, handle_sigint=False)
        finish(run, out)
    assert run.result.status == "completed" and run.result.target.url == sim.url  # key won; URL kept bare
    for path in tmp_path.rglob("*"):
        if path.is_file():
            text = path.read_text(errors="replace")
            assert key not in text and password not in text, path
