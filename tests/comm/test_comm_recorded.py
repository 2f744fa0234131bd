"""comm on outputs recorded on a real H200 (NCCL 2.28.9, torch 2.11, driver 580.159.04).

Recorded by scripts/device/record_gpu_host.sh on 2026-12-04: ``servecheck comm run --launcher
torchrun --nodes 1 --gpus-per-node 1`` (its torch script's first real run) and two ranks put on one
GPU on purpose (NCCL's own 'Duplicate GPU detected').
"""

from __future__ import annotations

from pathlib import Path

from servecheck.comm import api, topology

HERE = Path(__file__).parent
REC = HERE / "recorded"
TOPO = HERE.parent / "capture" / "fixtures"


def test_one_rank_torchrun_run_is_unknown_and_says_why():
    [t] = api.read([str(REC / "h200-r580-torchrun-all_reduce.txt")]).tests
    assert (t.op, t.status, t.ranks, t.nodes, t.wrong) == ("all_reduce", "complete", 1, 1, 0)
    assert t.gpus == {"NVIDIA H200": 1}
    assert len(t.rows) == 28  # 8 B .. 1 GiB, doubling
    assert (t.transport.nccl_version, t.transport.net, t.transport.ib_missing) == ("2.28.9+cuda13.0", "Socket", True)
    assert t.verdict == "unknown"
    assert "at least 2 ranks" in t.reason


def test_duplicate_gpu_is_a_failure_with_nccls_own_words():
    [t] = api.read([str(REC / "h200-r580-nccl-duplicate-gpu.txt")]).tests
    assert (t.status, t.verdict, t.ranks) == ("error", "fail", 2)
    assert any("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60" in e for e in t.errors)
    assert t.diagnosis is not None and t.diagnosis["class"] == "nccl_comm"
    assert t.transport.nccl_version == "2.28.9+cuda13.0"


def test_real_topology_matrix_with_its_underlined_header():
    facts = topology.parse_topo_matrix((TOPO / "recorded-h200-r580" / "topo.txt").read_text())
    assert facts["gpus"] == 1 and facts["nvlink"] is None  # one GPU: no GPU-GPU cell to judge


def test_eight_gpu_matrix_underlined_as_nvidia_smi_writes_it():
    """The hand-written 8-GPU matrix, its header underlined as the real recording shows."""
    lines = (TOPO / "r580-h200" / "topo.txt").read_text().splitlines()
    lines[0] = "\t\x1b[4m" + lines[0].lstrip("\t") + "\x1b[0m"
    facts = topology.parse_topo_matrix("\n".join(lines) + "\n")
    assert (facts["gpus"], facts["nvlink"], facts["nics_in_matrix"]) == (8, True, 2)


def test_capture_and_comm_read_every_matrix_alike():
    """One reader behind both: capture's NVLink yes/no and comm's matrix facts never disagree."""
    from servecheck.capture.parsers import nvsmi

    files = sorted(TOPO.glob("*/topo.txt")) + sorted((HERE / "topology").glob("*topo-m*.txt"))
    assert len(files) >= 6
    for path in files:
        text = path.read_text()
        facts = topology.parse_topo_matrix(text)
        seen = nvsmi.topology_has_nvlink(text)
        assert facts["gpus"] >= 1, path
        assert seen is (facts["nvlink"] is True), path
    assert nvsmi.topology_has_nvlink("GPU0 stats unavailable") is None
    assert topology.parse_topo_matrix("no matrix here") == {}
