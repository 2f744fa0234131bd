"""A whole case in a store under tmp_path, built from small recorded-shape results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from servecheck.capture.models import Evidence
from servecheck.diagnose.models import Diagnosis
from servecheck.load.models import LoadResult
from servecheck.plan.runbook import record
from servecheck.store import open_store
from servecheck.verify.models import VerifyResult


def _finding(cls: str, layer: str, line: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"signature": f"sig-{cls}", "class": cls, "layer": layer, "severity": "fatal",
            "confidence": 0.95, "first_line": line, "evidence": [{"line": line, "text": text}], **extra}


# Stored payloads are read back into their models, so the fixtures are valid model dumps.
CAPTURE = Evidence.model_validate({
    "servecheck_version": "0.1.0", "created_at": "2026-11-30T21:00:00+00:00",
    "log": {"source": "docker logs vllm", "total_lines": 120},
    "image": {"ref": "vllm/vllm-openai:v0.11.0-cu130", "tag": "v0.11.0-cu130", "digest": "sha256:ab12",
              "cuda_version": "13.0.1"},
    "vllm": {"version": "0.11.0", "source": "image label"},
    "gpu": {"driver_version": "575.57.08", "driver_branch": "r575", "cuda_version": "12.9",
            "gpus": [{"name": "NVIDIA H100 80GB HBM3"}]},
    "container": {"name": "vllm", "id": "abc", "state": {"exit_code": 1}},
}).model_dump(mode="json")
DIAGNOSIS = Diagnosis.model_validate({
    "schema_version": 2, "servecheck_version": "0.1.0", "input": "bundle", "status": "failure",
    "stats": {"source": "bundle /b", "lines": 120},
    "primary": _finding("driver_too_old", "host_driver", 42,
                        "RuntimeError: The NVIDIA driver on your system is too old",
                        explanation="cu130 build on an r575 driver", next_steps=["upgrade to r580+"],
                        consequences=[_finding("other", "other", 50, "Engine core initialization failed")]),
    "findings": [_finding("nccl_comm", "communication", 90, "NCCL error", role="cause")],
    "layers": {"driver_version": {"value": "575.57.08", "source": "evidence.json"}},
    "compat": {"verdict": "incompatible", "gates": [{"id": "driver", "title": "driver branch", "status": "fail", "reason": "r575 < r580"}]},
}).model_dump(mode="json", by_alias=True)
VERIFY = VerifyResult.model_validate({
    "schema_version": 1, "started_at": "2026-11-30T22:00:00+00:00",
    "server": {"url": "http://127.0.0.1:8000", "kind": "vllm"},
    "checks": [
        {"name": "api", "status": "pass", "summary": "answers"},
        {"name": "prefix_cache", "status": "pass", "summary": "hit 1008 tokens", "verdict": "working"},
        {"name": "tool_calling", "status": "pass", "summary": "ok"},
        {"name": "structured_output", "status": "pass", "summary": "ok"},
        {"name": "context", "status": "pass", "summary": "8128 tokens accepted"},
    ],
}).model_dump(mode="json")
_T = "2026-11-30T22:10:00+00:00"
LOAD = LoadResult.model_validate({
    "kind": "load", "status": "completed", "stop": None, "files": {"plot_svg": "plot.svg"},
    "target": {"url": "http://127.0.0.1:8000"},
    "stages": [
        {"name": "ready", "kind": "ready", "started_at": _T, "concurrency": 1,
         "counts": {"sent": 4, "failed": 0}, "errors": {},
         "latency": {"ttft": {"p50": 10, "p90": 12, "p99": 15}, "e2e": {"p50": 100, "p90": 120, "p99": 150}},
         "server": {"prefix_cache": {"hit_rate": 0.0}}},
        {"name": "c4", "kind": "concurrency", "started_at": _T, "concurrency": 4,
         "counts": {"sent": 16, "failed": 1}, "errors": {"timeout": 1},
         "latency": {"ttft": {"p50": 20, "p90": 30, "p99": 45}, "e2e": {"p50": 200, "p90": 260, "p99": 300}},
         "server": {"prefix_cache": {"hit_rate": 0.82}}},
    ],
}).model_dump(mode="json")


def build_case(store_path: Path, load_dir: Path, *, steps: dict[int, str] | None = None) -> str:
    """Attach capture, diagnosis, verify and load, then record runbook steps (n -> status)."""
    load_dir.mkdir(parents=True, exist_ok=True)
    (load_dir / "plot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>')
    with open_store(store_path) as store:
        case_id = store.new_case("Kimi K3 on gpu-a", owner="ops")
        ids: dict[str, Any] = {}
        for kind, payload, path in (("capture", CAPTURE, "/b"), ("diagnose", DIAGNOSIS, "/b"),
                                    ("verify", VERIFY, "/v.json"), ("load", LOAD, str(load_dir))):
            ids[kind] = store.attach(case_id, kind, payload, path)
        for n, status in (steps or {}).items():
            store.attach(case_id, "runbook", record(n, "mark", status, "alice", f"step {n} note"))
    return case_id


@pytest.fixture
def case(tmp_path: Path) -> tuple[Path, str]:
    store_path = tmp_path / "s.db"
    return store_path, build_case(store_path, tmp_path / "load", steps={n: "pass" for n in range(1, 10)})


@pytest.fixture
def sc():
    """Run the real entry point against a given store."""
    import subprocess
    import sys

    def run(store_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
        env = {"SERVECHECK_STORE": str(store_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                              text=True, timeout=120, env=env)

    return run
