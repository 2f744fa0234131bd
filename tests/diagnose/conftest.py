"""Shared helpers for the diagnose tests: the labelled corpus and a bundle builder."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

LOGS = Path(__file__).parent / "logs"


def corpus() -> list[tuple[Path, dict]]:
    out = []
    for log in sorted(LOGS.glob("*.log")):
        meta = json.loads(log.with_suffix(".json").read_text())
        out.append((log, meta))
    return out


@pytest.fixture(scope="session")
def labelled() -> list[tuple[Path, dict]]:
    return corpus()


@pytest.fixture
def make_bundle(tmp_path):
    """Write a minimal capture bundle (evidence.json) with the given facts and log lines."""
    from servecheck.capture.models import GPU, Evidence, LogLine

    def build(lines: list[str], image_cuda: str | None = "13.0.1", driver: str | None = "575.57.08",
              driver_cuda: str | None = "12.9", ref: str = "vllm/vllm-openai:v0.11.0-cu130",
              raw_log: str | None = None) -> Path:
        ev = Evidence(servecheck_version="test", created_at=datetime.now(UTC))
        ev.image.ref, ev.image.cuda_version = ref, image_cuda
        ev.gpu.driver_version, ev.gpu.cuda_version = driver, driver_cuda
        ev.gpu.gpus = [GPU(index=0, name="NVIDIA H100 80GB HBM3", compute_capability="9.0")]
        ev.log.tail = [LogLine(line=i + 1, text=t) for i, t in enumerate(lines)]
        ev.log.total_lines = len(lines)
        bundle = tmp_path / "bundle"
        (bundle / "raw").mkdir(parents=True)
        (bundle / "evidence.json").write_text(ev.model_dump_json(indent=1))
        if raw_log is not None:
            (bundle / "raw" / "container.log").write_text(raw_log)
        return bundle

    return build
