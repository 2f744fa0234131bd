"""The NVML path, with a stand-in pynvml module (no GPU here): facts and error handling."""

from __future__ import annotations

import sys
import types
from types import SimpleNamespace

from servecheck.capture.probes import gpu as gpu_probe


class _NVMLError(Exception):
    pass


def _fake_pynvml(fail_init: bool = False) -> types.ModuleType:
    nv = types.ModuleType("pynvml")
    nv.NVMLError = _NVMLError

    def init():
        if fail_init:
            raise _NVMLError("NVML Shared Library Not Found")

    nv.nvmlInit = init
    nv.nvmlShutdown = lambda: None
    nv.nvmlSystemGetDriverVersion = lambda: "580.95.05"
    nv.nvmlSystemGetCudaDriverVersion_v2 = lambda: 13000
    nv.nvmlSystemGetNVMLVersion = lambda: "13.580.95.05"
    nv.nvmlDeviceGetCount = lambda: 2
    nv.nvmlDeviceGetHandleByIndex = lambda i: i
    nv.nvmlDeviceGetName = lambda h: b"NVIDIA H200"
    nv.nvmlDeviceGetUUID = lambda h: f"GPU-{h}"
    nv.nvmlDeviceGetCudaComputeCapability = lambda h: (9, 0)
    nv.nvmlDeviceGetMemoryInfo = lambda h: SimpleNamespace(total=143771 << 20, used=(4096 << 20) * h)
    nv.nvmlDeviceGetPciInfo = lambda h: SimpleNamespace(busId=f"00000000:{0x18 + h:02X}:00.0")

    def mig(h):
        raise _NVMLError("Not Supported")

    nv.nvmlDeviceGetMigMode = mig
    nv.nvmlDeviceGetPersistenceMode = lambda h: 1
    # pynvml's enum constants, and what NVML answered on a real H200 (tests/capture/fixtures/recorded-h200-r580/nvml.json)
    nv.NVML_DEVICE_ARCH_AMPERE, nv.NVML_DEVICE_ARCH_HOPPER, nv.NVML_DEVICE_ARCH_UNKNOWN = 7, 9, 0xFFFFFFFF
    nv.NVML_BRAND_UNKNOWN, nv.NVML_BRAND_TESLA, nv.NVML_BRAND_NVIDIA, nv.NVML_BRAND_GEFORCE_RTX = 0, 2, 14, 15
    nv.nvmlDeviceGetArchitecture = lambda h: 9 if h == 0 else 0xFFFFFFFF
    nv.nvmlDeviceGetBrand = lambda h: 14 if h == 0 else 15
    nv.nvmlDeviceGetComputeRunningProcesses = lambda h: [SimpleNamespace(pid=777, usedGpuMemory=4096 << 20)] if h else []
    nv.nvmlSystemGetProcessName = lambda pid: b"python3"
    return nv


def test_nvml_facts(monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", _fake_pynvml())
    facts = gpu_probe._from_nvml()
    assert facts["driver_version"] == "580.95.05" and facts["driver_branch"] == "r580"
    assert facts["cuda_version"] == "13.0"
    assert [g["compute_capability"] for g in facts["gpus"]] == ["9.0", "9.0"]
    assert facts["gpus"][1]["memory_used_mib"] == 4096 and facts["gpus"][1]["pci_bus_id"] == "00000000:19:00.0"
    assert facts["gpus"][0]["mig_mode"] is None and facts["gpus"][0]["persistence_mode"] == "Enabled"
    assert [(g["architecture"], g["brand"]) for g in facts["gpus"]] == [("Hopper", "nvidia"), (None, "geforcertx")]
    assert facts["processes"] == [{"pid": 777, "name": "python3", "used_memory_mib": 4096,
                                   "gpu_uuid": "GPU-1", "gpu_index": 1, "type": "C"}]


def test_nvml_unavailable_falls_back(monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", _fake_pynvml(fail_init=True))
    assert gpu_probe._from_nvml() is None
