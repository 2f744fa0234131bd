"""Bounds and the less common stage kinds: open-loop rate, timed stages, deadlines, GPU memory."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from time import perf_counter
from typing import Any

import pytest

from servecheck.load.engine import Run, run_sync
from servecheck.load.hostinfo import gpu_memory
from servecheck.load.models import Settings
from servecheck.load.scrape import Scrape, parse
from servecheck.load.stages import Parallel, Rate, Short
from servecheck.sim.server import running_sim


def test_rate_stage_keeps_due_times_and_counts_queueing(tmp_path: Path, fast: dict[str, float], run_stages: Any) -> None:
    # 50 req/s offered, 2 slots, ~100 ms per request: later requests wait for a slot
    with running_sim("healthy", port=0, **{**fast, "itl_ms": 12.0}) as sim:
        run = run_stages(sim.url, [Rate(rate=50, requests=10, concurrency=2)], tmp_path)
    stage = run.result.stages[-1]
    assert stage.name == "rate-50" and stage.counts.succeeded == 10
    rows = [json.loads(x) for x in (tmp_path / "requests.jsonl").read_text().splitlines()[1:]]
    dues = sorted(r["due_s"] for r in rows)
    assert all(abs((b - a) - 0.02) < 0.015 for a, b in zip(dues, dues[1:], strict=False))
    by_index = {r["index"]: r for r in rows}
    assert by_index[9]["ttft_ms"] > by_index[0]["ttft_ms"] + 100  # the wait for a slot is counted


def test_timed_parallel_stage(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **fast) as sim:
        run = run_stages(sim.url, [Parallel(concurrency=2, seconds=0.3)])
    stage = run.result.stages[-1]
    assert stage.counts.sent >= 2 and stage.counts.failed == 0
    assert 0.25 < stage.duration_s < 2.0


def test_stage_deadline_stops_the_ramp_and_keeps_incomplete(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **{**fast, "itl_ms": 50.0, "output_tokens": 100}) as sim:
        start = perf_counter()
        run = run_stages(sim.url, [Parallel(concurrency=2, requests=10), Short()], stage_deadline_s=0.5)
    res = run.result
    assert perf_counter() - start < 5
    assert res.status == "deadline" and res.stop and res.stop.rule == "stage_deadline"
    stage = res.stages[-1]
    assert stage.deadline_hit and stage.counts.incomplete == 2 and stage.counts.failed == 0
    assert [s.name for s in res.stages] == ["ready", "parallel-c2"]


def test_request_timeout_is_recorded(fast: dict[str, float], run_stages: Any) -> None:
    with running_sim("healthy", port=0, **{**fast, "itl_ms": 100.0, "output_tokens": 50}) as sim:
        run = run_stages(sim.url, [Short()], timeout_s=0.3, max_error_rate=1.0)
    stage = run.result.stages[-1]
    assert stage.errors == {"timeout": 1} and stage.counts.failed == 1


def _fake(tmp_path: Path, body: str) -> str:
    exe = tmp_path / "nvidia-smi"
    exe.write_text("#!/bin/sh\n" + body + "\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}"


def test_gpu_memory_from_local_nvidia_smi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", _fake(tmp_path, 'printf "1024, 81559\\n2048, 81559\\n"'))
    mem = gpu_memory("http://127.0.0.1:8000", Scrape(ok=True), {})
    assert mem.source == "nvidia-smi" and mem.used_mib == [1024, 2048] and mem.total_mib == [81559, 81559]
    remote = gpu_memory("http://gpu-host:8000", Scrape(ok=True), {})
    assert remote.source == "unavailable" and "remote" in (remote.reason or "")


def test_hung_or_odd_nvidia_smi_is_recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", _fake(tmp_path, "sleep 30"))
    start = perf_counter()
    mem = gpu_memory("http://localhost:8000", Scrape(ok=True), {}, timeout=0.5)
    assert mem.source == "unavailable" and "timed out" in (mem.reason or "")
    assert perf_counter() - start < 3
    monkeypatch.setenv("PATH", _fake(tmp_path, "echo '[N/A], [N/A]'"))
    assert "unexpected" in (gpu_memory("http://[::1]:8000", Scrape(ok=True), {}).reason or "")


def test_gpu_memory_from_server_metrics() -> None:
    s = parse('DCGM_FI_DEV_FB_USED{gpu="0"} 30000\nDCGM_FI_DEV_FB_FREE{gpu="0"} 51000\n')
    mem = gpu_memory("http://gpu-host:8000", s, {"0": 42000.0})
    assert mem.source == "server_metrics" and mem.used_mib == [42000.0] and mem.total_mib == [81000.0]


def test_server_that_never_answers_costs_at_most_the_wait(scripted: str, run_stages: Any) -> None:
    from servecheck.load.stages import Ready

    start = perf_counter()
    run = run_stages(scripted, [Ready(wait_s=1.0), Short()])
    assert perf_counter() - start < 4
    assert run.result.status == "not_ready" and run.result.stages[0].errors == {"timeout": 1}


def test_a_ready_wait_cut_short_says_how_long_it_really_waited(scripted: str, run_stages: Any) -> None:
    """An oversized /health answer ends the wait at once: the reason says so, not the full wait."""
    from servecheck.load.stages import Ready
    start = perf_counter()
    run = run_stages(f"{scripted}/floodhealth", [Ready(wait_s=30.0), Short()])
    assert perf_counter() - start < 15
    ready = run.result.stages[0]
    assert run.result.status == "not_ready"
    detail = " ".join(str(v) for v in ready.error_examples.values())
    assert "(after " in detail and "(waited 30s)" not in detail, detail
    waited = float(detail.rsplit("(after ", 1)[1].split("s)")[0])
    assert waited < 15


def test_hung_metrics_endpoint_costs_one_timeout(scripted: str) -> None:
    start = perf_counter()
    run = Run(f"{scripted}/hungmetrics", [Short(), Parallel(concurrency=2, requests=4)],
              Settings(max_tokens=8), scrape_timeout=0.5)
    run_sync(run, handle_sigint=False)
    assert perf_counter() - start < 2.5
    res = run.result
    assert res.status == "completed" and res.stages[-1].counts.succeeded == 4
    assert "not scraped again" in (res.stages[-1].server.reason or "")


def test_secrets_in_server_errors_are_redacted(scripted: str, tmp_path: Path) -> None:
    run = Run(f"{scripted}/leak", [Short()], Settings(max_tokens=8, max_error_rate=1.0),
              out_dir=tmp_path, scrape_timeout=0.5)
    run_sync(run, handle_sigint=False)
    stage = run.result.stages[-1]
    assert stage.errors == {"http_500": 1}
    assert "REDACTED" in stage.error_examples["http_500"]
    for path in tmp_path.iterdir():
        text = path.read_text()
        assert "abcdefghijklmnop0123456789" not in text and "hf_abcdefghij" not in text, path.name


def test_redirect_to_another_host_is_refused_not_followed(scripted: str) -> None:
    run = Run(f"{scripted}/redirect", [Short()], Settings(max_tokens=8, max_error_rate=1.0), scrape_timeout=0.5)
    run_sync(run, handle_sigint=False)
    stage = run.result.stages[-1]
    assert stage.errors == {"redirect_refused": 1}
    assert "another host (elsewhere.example:9) refused" in stage.error_examples["redirect_refused"]
