"""merge(): command-line facts laid over a bundle's evidence never change the bundle's own copy."""

from __future__ import annotations

from datetime import UTC, datetime

from servecheck.capture.models import GPU, Evidence
from servecheck.knowledge.inputs import HostFlags, merge


def _evidence() -> Evidence:
    ev = Evidence(servecheck_version="0", created_at=datetime.now(UTC), mode="live")
    ev.image.ref, ev.image.cuda_version = "vllm/vllm-openai:v0.11.0", "12.8"
    ev.gpu.driver_version, ev.gpu.gpus = "575.57.08", [GPU(index=0, name="NVIDIA H100 80GB HBM3")]
    ev.container.env = {"NVIDIA_REQUIRE_CUDA": "cuda>=12.8"}
    ev.container.command = ["vllm", "serve", "m"]
    return ev


def test_flags_change_the_merged_copy_and_never_the_bundle():
    ev = _evidence()
    before = ev.model_dump()
    flags = HostFlags(image="img:cu130", image_cuda="13.0", require_cuda="cuda>=13.0", driver="580.65.06",
                      driver_cuda="13.0", gpu="NVIDIA H200", cc="9.0", gpu_count=2, command=["sglang"])
    _, merged = merge(flags, ev)
    assert ev.model_dump() == before
    assert merged.image.cuda_version == "13.0" and merged.gpu.driver_version == "580.65.06"
    assert merged.container.env["NVIDIA_REQUIRE_CUDA"] == "cuda>=13.0" and merged.container.command == ["sglang"]
    assert [g.name for g in merged.gpu.gpus] == ["NVIDIA H200"] * 2
    assert merged.log is ev.log          # the unchanged parts are shared, not copied
