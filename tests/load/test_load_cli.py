"""`servecheck load` as a user runs it: a subprocess against the sim (exit codes, files, JSON,
Ctrl-C, case attachment)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from servecheck.load.models import LoadResult
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 2.0, "per_token_prefill_ms": 0.001, "itl_ms": 1.0, "output_tokens": 8}


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SERVECHECK_API_KEY": "", "VLLM_API_KEY": ""}
    return subprocess.run([sys.executable, "-m", "servecheck", "load", *args], capture_output=True,
                          text=True, timeout=timeout, env=env)


def test_default_ramp_json_and_files(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with running_sim("healthy", port=0, **FAST) as sim:
        proc = _cli(sim.url, "--ramp", "1,2", "--requests-per-stage", "4", "--max-tokens", "8",
                    "--context", "600", "--json", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    result = LoadResult.model_validate_json(proc.stdout)
    assert [s.name for s in result.stages] == ["ready", "short", "target-context", "parallel-c1", "parallel-c2"]
    assert result.status == "completed" and result.settings.ramp == [1, 2]
    for name in ("results.json", "requests.jsonl", "load.svg"):
        assert (out / name).stat().st_size > 0, name
    assert not (out / "load.png").exists()  # PNG only with --png
    assert (out / "load.svg").read_text().startswith("<svg ")
    assert result.files["plot_svg"] == "load.svg" and "plot_png" not in result.files
    assert json.loads((out / "results.json").read_text())["stages"][-1]["counts"]["succeeded"] == 4


def test_table_output_on_a_pipe(tmp_path: Path) -> None:
    with running_sim("healthy", port=0, **FAST) as sim:
        proc = _cli(sim.url, "--ramp", "2", "--requests-per-stage", "2", "--max-tokens", "4",
                    "--context", "300", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "parallel-c2" in proc.stdout and "status: completed" in proc.stdout


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    stages = tmp_path / "s.json"
    stages.write_text('[{"kind": "short"}]')
    proc = _cli("http://127.0.0.1:9", "--stages", str(stages), "--ramp", "1,2")
    assert proc.returncode == 2 and "exclude each other" in proc.stderr
    assert _cli("ftp://host").returncode == 2
    bad = tmp_path / "bad.json"
    bad.write_text('[{"kind": "warp"}]')
    proc = _cli("http://127.0.0.1:9", "--stages", str(bad))
    assert proc.returncode == 2 and "unknown stage kind" in proc.stderr and "Traceback" not in proc.stderr


def test_unreachable_server_is_not_ready_exit_3(tmp_path: Path) -> None:
    start = time.monotonic()
    proc = _cli("http://127.0.0.1:9", "--wait", "0.5", "--json", "--out", str(tmp_path))
    assert proc.returncode == 3  # nothing measured: not the exit of a run a rule stopped
    result = LoadResult.model_validate_json(proc.stdout)
    assert result.status == "not_ready" and result.stop and result.stop.rule == "unreachable"
    assert result.stages[0].errors == {"connection_refused": 1}  # named, not a bare "unreachable"
    assert result.stop.reason == ("server not reachable at http://127.0.0.1:9 (connection refused): "
                                  "nothing measured")
    assert result.stages[0].signals == []  # a refused /health is no communication (NCCL) hint
    assert time.monotonic() - start < 15


def test_silent_server_is_one_line_without_a_stall_hint(tmp_path: Path) -> None:
    import socket

    with socket.socket() as srv:  # accepts (the kernel does) and never answers
        srv.bind(("127.0.0.1", 0))
        srv.listen(8)
        proc = _cli(f"http://127.0.0.1:{srv.getsockname()[1]}", "--wait", "1", "--out", str(tmp_path / "o"))
    assert proc.returncode == 3, proc.stderr
    assert "did not answer /health within 1 s: nothing measured" in proc.stdout
    assert "hung collective" not in proc.stdout and "communication" not in proc.stdout
    assert "┃" not in proc.stdout  # one line, not an empty stage table


def _long_load(url: str, out: Path) -> subprocess.Popen:
    """A ramp long enough to be stopped in its parallel stage (500 requests a stage)."""
    return subprocess.Popen(
        [sys.executable, "-m", "servecheck", "load", url, "--ramp", "4", "--requests-per-stage",
         "500", "--max-tokens", "40", "--context", "300", "--out", str(out), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_ctrl_c_keeps_what_was_measured(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with running_sim("healthy", port=0, **{**FAST, "itl_ms": 20.0, "output_tokens": 40}) as sim:
        proc = _long_load(sim.url, out)
        deadline = time.monotonic() + 30
        # wait until the parallel stage has started (results.json is rewritten after each stage)
        while time.monotonic() < deadline:
            results = out / "results.json"
            if results.exists() and '"target-context"' in results.read_text(errors="replace"):
                break
            time.sleep(0.05)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    result = LoadResult.model_validate_json((out / "results.json").read_text())
    assert result.status == "interrupted"
    last = result.stages[-1]
    assert last.name == "parallel-c4" and last.interrupted
    assert 0 < last.counts.succeeded < 500 and last.counts.incomplete >= 1
    lines = (out / "requests.jsonl").read_text().splitlines()
    assert sum(1 for x in lines if json.loads(x)["stage"] == "parallel-c4") == last.counts.sent
    assert (out / "load.svg").exists()
    assert LoadResult.model_validate_json(stdout).status == "interrupted"


def test_sigterm_finalises_results_and_running_reads_as_aborted(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with running_sim("healthy", port=0, **{**FAST, "itl_ms": 20.0, "output_tokens": 40}) as sim:
        proc = _long_load(sim.url, out)
        deadline = time.monotonic() + 30
        seen_running = False
        while time.monotonic() < deadline:
            results = out / "results.json"
            text = results.read_text(errors="replace") if results.exists() else ""
            seen_running = seen_running or '"status": "running"' in text
            if '"target-context"' in text:
                break
            time.sleep(0.05)
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=30)
    assert seen_running  # while it runs, the file says so
    assert proc.returncode == 130, stderr
    raw = json.loads((out / "results.json").read_text())
    assert raw["status"] == "interrupted" and "SIGTERM" in raw["stop"]["reason"]
    raw["status"] = "running"  # as a killed (-9) run leaves it
    assert LoadResult.model_validate(raw).status == "aborted"


def test_case_attachment_records_image_and_driver(tmp_path: Path) -> None:
    from servecheck.store import open_store

    store_path = tmp_path / "cases.db"
    with open_store(store_path) as store:
        case_id = store.new_case("load test")
        store.attach(case_id, "capture", {"image": {"ref": "vllm/vllm-openai:kimi-k3"},
                                          "gpu": {"driver_version": "580.65.06"}})
    with running_sim("healthy", port=0, **FAST) as sim:
        proc = _cli(sim.url, "--ramp", "1", "--requests-per-stage", "2", "--max-tokens", "4",
                    "--context", "300", "--json", "--out", str(tmp_path / "run"),
                    "--case", case_id, "--store", str(store_path))
        missing = _cli(sim.url, "--ramp", "1", "--requests-per-stage", "1", "--max-tokens", "4",
                       "--context", "300", "--json", "--out", str(tmp_path / "run2"),
                       "--case", "c-nope", "--store", str(store_path))
    assert proc.returncode == 0, proc.stderr
    result = LoadResult.model_validate_json(proc.stdout)
    assert result.case.status == "found" and result.case.image == "vllm/vllm-openai:kimi-k3"
    assert all(s.driver_version == "580.65.06" for s in result.stages)
    with open_store(store_path) as store:
        runs = store.runs(case_id, "load")
    assert len(runs) == 1 and runs[0].payload["status"] == "completed"
    # an unknown case costs a warning, never the measured run
    assert missing.returncode == 0
    assert LoadResult.model_validate_json(missing.stdout).case.status == "not_found"
    assert (tmp_path / "run2" / "results.json").exists() and "not attached" in missing.stderr
