"""Shared fixtures: a recorded-style evidence file for the r575 host running the kimi-k3 image."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from servecheck.capture.models import Evidence


def make_evidence(**overrides: Any) -> Evidence:
    gpus = [{"index": i, "name": "NVIDIA H100 80GB HBM3", "brand": "NVIDIA", "memory_total_mib": 81559}
            for i in range(8)]
    raw: dict[str, Any] = {
        "servecheck_version": "0.1.0", "created_at": "2026-11-24T18:00:00Z", "mode": "from_dir",
        "gpu": {"source": "nvidia-smi-xml", "driver_version": "575.57.08", "driver_branch": "r575",
                "cuda_version": "12.9", "gpus": gpus},
        "image": {"ref": "vllm/vllm-openai:kimi-k3", "cuda_version": "13.0.1", "require_cuda": "cuda>=13.0",
                  "env": {"CUDA_VERSION": "13.0.1", "NVIDIA_REQUIRE_CUDA": "cuda>=13.0"}},
        "container": {"command": ["vllm", "serve", "moonshotai/Kimi-K3", "--trust-remote-code",
                                  "--enable-prefix-caching", "--enable-auto-tool-choice",
                                  "--tool-call-parser", "kimi_k3", "--reasoning-parser", "kimi_k3"],
                      "env": {"NVIDIA_DISABLE_REQUIRE": "1", "CUDA_VERSION": "13.0.1",
                              "NVIDIA_REQUIRE_CUDA": "cuda>=13.0"}},
    }
    for dotted, value in overrides.items():
        section, _, key = dotted.partition("__")
        if key:
            raw[section][key] = value
        else:
            raw[section] = value
    return Evidence.model_validate(raw)


def write_bundle(tmp_path: Path, evidence: Evidence) -> Path:
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "evidence.json").write_text(evidence.model_dump_json(indent=1))
    return bundle


@pytest.fixture
def r575_bundle(tmp_path: Path) -> Path:
    return write_bundle(tmp_path, make_evidence())
