"""capture on a real H200 host's recorded nvidia-smi outputs (fixtures/recorded-h200-r580/SOURCE.md).

The older fixtures beside these were written by hand; these are what nvidia-smi 580.159.04 really
printed, escape codes and column widths included.
"""

from __future__ import annotations

from pathlib import Path

from servecheck.capture.parsers import nvsmi
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture

REC = Path(__file__).parent / "fixtures" / "recorded-h200-r580"


def test_capture_reads_the_real_h200_host(fake_host, tmp_path):
    options = CaptureOptions(env=fake_host("recorded-h200-r580", docker=None), use_nvml=False, timeout=5.0)
    ev = capture(options, tmp_path / "b", ["servecheck", "capture"]).evidence
    assert (ev.gpu.driver_version, ev.gpu.driver_branch, ev.gpu.cuda_version) == ("580.159.04", "r580", "13.0")
    assert ev.gpu.source == "nvidia-smi-xml"
    [gpu] = ev.gpu.gpus
    assert (gpu.name, gpu.architecture, gpu.compute_capability) == ("NVIDIA H200", "Hopper", "9.0")
    assert (gpu.memory_total_mib, gpu.pci_bus_id, gpu.mig_mode) == (143771, "00000000:00:06.0", "Disabled")
    # taken while a PyTorch process held 2 GiB
    assert [(p.pid, p.used_memory_mib, p.gpu_index) for p in ev.gpu.processes] == [(630, 2566, 0)]
    assert ev.gpu.nvlink is False
    st = {p.name: p.status for p in ev.probes}
    assert st["gpu"] == st["nvidia_smi"] == st["topology"] == st["gpu_processes"] == "ok"


def test_real_table_and_its_failure_line():
    header = nvsmi.parse_header((REC / "nvidia-smi.txt").read_text())
    assert header == {"driver_version": "580.159.04", "driver_branch": "r580", "cuda_version": "13.0"}
    [busy] = nvsmi.parse_text_gpus((REC / "nvidia-smi-busy.txt").read_text())
    assert (busy["memory_used_mib"], busy["memory_total_mib"]) == (2575, 143771)
    bad = nvsmi.parse_header((REC / "nvidia-smi-bad-index.txt").read_text())
    assert bad.get("smi_error") == "No devices were found"
    # the device nodes covered (exit 17), and the toolkit's stub libnvidia-ml loaded (exit 9)
    nodev = nvsmi.parse_header((REC / "nvidia-smi-nodev.txt").read_text())
    assert nodev.get("smi_error") == "Failed to initialize NVML: GPU access blocked by the operating system"
    stub = nvsmi.parse_header((REC / "nvidia-smi-stub.txt").read_text())
    assert stub.get("smi_error", "").startswith("NVIDIA-SMI has failed because it couldn't communicate")


def test_capture_on_a_host_whose_driver_is_out_of_reach(fake_host, tmp_path):
    env = fake_host("recorded-h200-r580", docker=None, smi_fail=(REC / "nvidia-smi-nodev.txt").read_text())
    ev = capture(CaptureOptions(env=env, use_nvml=False, timeout=5.0), tmp_path / "b", ["servecheck", "capture"]).evidence
    assert ev.gpu.smi_error == "Failed to initialize NVML: GPU access blocked by the operating system"
    assert ev.gpu.gpus == [] and ev.gpu.driver_version is None
    assert {p.name: p.status for p in ev.probes}["gpu"] == "error"


def test_real_topology_header_is_underlined_and_still_read():
    text = (REC / "topo.txt").read_text()
    assert "\x1b[4m" in text.splitlines()[0]  # what nvidia-smi writes even into a file
    assert nvsmi.topology_has_nvlink(text) is False
