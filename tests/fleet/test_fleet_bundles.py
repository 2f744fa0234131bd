"""Facts from capture bundles: a good one, a garbage one and one without GPU facts all stay in the scan."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from servecheck.capture.models import GPU, Evidence, GPUSection, HostSection, ProbeRecord
from servecheck.fleet.matrix import build_matrix
from servecheck.fleet.models import Target
from servecheck.fleet.sources.bundles import scan_bundles


def write(folder: Path, evidence: Evidence | str) -> None:
    folder.mkdir(parents=True)
    text = evidence if isinstance(evidence, str) else evidence.model_dump_json()
    (folder / "evidence.json").write_text(text)


def test_every_bundle_is_a_node(tmp_path: Path):
    now = datetime.now(UTC)
    good = Evidence(servecheck_version="t", created_at=now, host=HostSection(hostname="gpu-01", kernel="6.8.0"),
                    gpu=GPUSection(source="nvidia-smi-xml", driver_version="580.95.05", cuda_version="13.0",
                                   gpus=[GPU(index=i, name="NVIDIA H200", compute_capability="9.0",
                                             memory_total_mib=143771) for i in range(8)]))
    no_gpu = Evidence(servecheck_version="t", created_at=now, host=HostSection(hostname="gpu-02"),
                      probes=[ProbeRecord(name="nvidia_smi", status="timeout")])
    write(tmp_path / "b/gpu-01", good)
    write(tmp_path / "b/gpu-02", no_gpu)
    write(tmp_path / "b/gpu-03", '{"truncated": ')
    scan = scan_bundles([tmp_path / "b"])
    nodes = {n.name: n for n in scan.nodes}
    assert nodes["gpu-01"].status == "ok" and nodes["gpu-01"].gpu_count == 8 and nodes["gpu-01"].driver_branch == "r580"
    assert nodes["gpu-02"].status == "unknown" and "nvidia_smi: timeout" in (nodes["gpu-02"].status_reason or "")
    assert nodes["gpu-03"].status == "error" and nodes["gpu-03"].bundle
    verdicts = {n.name: n.verdict for n in build_matrix(scan, Target(cuda="13.0")).nodes}
    assert verdicts == {"gpu-01": "runs", "gpu-02": "unknown", "gpu-03": "unknown"}
