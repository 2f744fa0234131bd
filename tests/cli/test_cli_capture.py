"""The capture and bundle commands end to end, as a user runs them (subprocess, fake PATH)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parents[1] / "capture" / "fixtures"
CONFTEST = Path(__file__).parents[1] / "capture" / "conftest.py"


def _sc(args: list[str], env: dict[str, str] | None = None, timeout: float = 60):
    return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


@pytest.fixture
def fake_env(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("capture_conftest", CONFTEST)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    builder = mod.fake_host.__wrapped__(tmp_path)

    def make(**kw):
        env = builder(**kw)
        env["PYTHONPATH"] = os.pathsep.join(sys.path)
        return env

    return make


def test_capture_json_and_verify(tmp_path, fake_env):
    env = fake_env(gpu="r575-h100", docker="down")
    out = tmp_path / "bundle"
    start = time.monotonic()
    proc = _sc(["capture", "--no-nvml", "--out", str(out), "--json"], env=env)
    elapsed = time.monotonic() - start
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["bundle"] == str(out)
    assert data["probes"]["gpu"] == "ok" and data["probes"]["container_runtime"] == "error"
    assert elapsed < 10
    ok = _sc(["bundle", "verify", str(out)])
    assert ok.returncode == 0 and "intact" in ok.stdout
    (out / "evidence.json").write_text("{}")
    bad = _sc(["bundle", "verify", str(out), "--json"])
    assert bad.returncode == 1 and json.loads(bad.stdout)["changed"] == ["evidence.json"]


def test_capture_with_a_hung_nvidia_smi_exits_incomplete_and_names_it(tmp_path, fake_env):
    env = fake_env(gpu="r575-h100", docker="down", hang=True)
    proc = _sc(["capture", "--no-nvml", "--timeout", "1", "--out", str(tmp_path / "b")], env=env)
    assert proc.returncode == 4, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("capture INCOMPLETE:") and "probe gpu (abandoned at its deadline" in last
    assert json.loads((tmp_path / "b" / "evidence.json").read_text())["status"] == "incomplete"
    as_json = _sc(["capture", "--no-nvml", "--timeout", "1", "--out", str(tmp_path / "j"), "--json"], env=env)
    assert as_json.returncode == 4
    assert any(m.startswith("probe nvidia_smi ") for m in json.loads(as_json.stdout)["missing"])


def test_capture_of_an_empty_log_exits_incomplete_and_says_empty_not_unread(tmp_path, fake_env):
    log = tmp_path / "start.log"
    log.write_bytes(b"")
    env = fake_env(gpu="r575-h100", docker="down")
    proc = _sc(["capture", "--no-nvml", "--timeout", "5", "--log", str(log), "--out", str(tmp_path / "b")], env=env)
    assert proc.returncode == 4, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(f"capture INCOMPLETE: log {log} (empty: read to its end") and "could not read" not in last
    assert json.loads((tmp_path / "b" / "evidence.json").read_text())["status"] == "incomplete"


def test_capture_refuses_existing_out_with_clean_message(tmp_path):
    (tmp_path / "b").mkdir()
    proc = _sc(["capture", "--out", str(tmp_path / "b"), "--timeout", "2"])
    assert proc.returncode == 2
    assert "refusing to overwrite" in proc.stderr and "Traceback" not in proc.stderr


def test_bundle_verify_on_non_bundle(tmp_path):
    proc = _sc(["bundle", "verify", str(tmp_path)])
    assert proc.returncode == 2 and "no manifest.json" in proc.stderr


def test_schema_evidence_has_required_fields():
    proc = _sc(["schema", "evidence"])
    schema = json.loads(proc.stdout)
    defs = schema["$defs"]
    assert "schema_version" in schema["properties"]
    assert {"driver_version", "driver_branch", "cuda_version", "gpus", "processes"} <= set(
        defs["GPUSection"]["properties"])
    assert {"relevant"} <= set(defs["LogSection"]["properties"])


def test_help_and_version():
    assert _sc(["--help"]).returncode == 0
    assert "servecheck, version" in _sc(["--version"]).stdout


def test_capture_attaches_to_case(tmp_path):
    demo = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"
    env = dict(os.environ, SERVECHECK_STORE=str(tmp_path / "cases.db"))
    case_id = _sc(["case", "new", "Kimi K3 on gpu-a07"], env=env).stdout.strip().splitlines()[-1]
    proc = _sc(["capture", "--from", str(demo), "--out", str(tmp_path / "b"), "--case", case_id, "--json"], env=env)
    assert proc.returncode == 0, proc.stderr
    from servecheck.store import open_store

    with open_store(tmp_path / "cases.db") as store:
        runs = store.runs(case_id, kind="capture")
    assert len(runs) == 1 and runs[0].path == str((tmp_path / "b").resolve())
    assert runs[0].hashes["evidence.json"]
