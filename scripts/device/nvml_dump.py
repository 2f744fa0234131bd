"""What NVML says about this host, field by field, each error recorded in place of its value.

Run by record_gpu_host.sh: ``python3 nvml_dump.py OUT.json``.
"""

import json
import sys

import pynvml as n


def read(fn, *args):
    try:
        value = fn(*args)
    except n.NVMLError as exc:
        return {"nvml_error": str(exc), "code": exc.value}
    except Exception as exc:  # noqa: BLE001
        return {"error": f"{type(exc).__name__}: {exc}"}
    if isinstance(value, bytes):
        return value.decode()
    if hasattr(value, "_fields_"):
        return {f[0]: read(getattr, value, f[0]) for f in value._fields_}
    if isinstance(value, (list, tuple)):
        return [read(lambda v: v, v) for v in value]
    return value


n.nvmlInit()
out = {
    "driver_version": read(n.nvmlSystemGetDriverVersion),
    "cuda_driver_version": read(n.nvmlSystemGetCudaDriverVersion),
    "cuda_driver_version_v2": read(n.nvmlSystemGetCudaDriverVersion_v2),
    "nvml_version": read(n.nvmlSystemGetNVMLVersion),
    "count": read(n.nvmlDeviceGetCount),
    "index_out_of_range": read(n.nvmlDeviceGetHandleByIndex, 7),
    "devices": [],
}
for i in range(n.nvmlDeviceGetCount()):
    h = n.nvmlDeviceGetHandleByIndex(i)
    out["devices"].append({
        "name": read(n.nvmlDeviceGetName, h),
        "uuid": read(n.nvmlDeviceGetUUID, h),
        "serial": read(n.nvmlDeviceGetSerial, h),
        "pci_bus_id": read(lambda h: n.nvmlDeviceGetPciInfo(h).busId, h),
        "memory": read(n.nvmlDeviceGetMemoryInfo, h),
        "compute_capability": read(n.nvmlDeviceGetCudaComputeCapability, h),
        "architecture": read(n.nvmlDeviceGetArchitecture, h),
        "brand": read(n.nvmlDeviceGetBrand, h),
        "mig_mode": read(n.nvmlDeviceGetMigMode, h),
        "persistence_mode": read(n.nvmlDeviceGetPersistenceMode, h),
        "compute_mode": read(n.nvmlDeviceGetComputeMode, h),
        "power_limit_mw": read(n.nvmlDeviceGetEnforcedPowerLimit, h),
        "power_usage_mw": read(n.nvmlDeviceGetPowerUsage, h),
        "temperature_c": read(n.nvmlDeviceGetTemperature, h, n.NVML_TEMPERATURE_GPU),
        "clocks_mhz": {"sm": read(n.nvmlDeviceGetClockInfo, h, n.NVML_CLOCK_SM),
                       "mem": read(n.nvmlDeviceGetClockInfo, h, n.NVML_CLOCK_MEM),
                       "max_sm": read(n.nvmlDeviceGetMaxClockInfo, h, n.NVML_CLOCK_SM)},
        "ecc_mode": read(n.nvmlDeviceGetEccMode, h),
        "ecc_uncorrected_volatile": read(n.nvmlDeviceGetTotalEccErrors, h,
                                         n.NVML_MEMORY_ERROR_TYPE_UNCORRECTED, n.NVML_VOLATILE_ECC),
        "remapped_rows": read(n.nvmlDeviceGetRemappedRows, h),
        "retired_pages_pending": read(n.nvmlDeviceGetRetiredPagesPendingStatus, h),
        "vbios": read(n.nvmlDeviceGetVbiosVersion, h),
        "numa_node": read(n.nvmlDeviceGetNumaNodeId, h) if hasattr(n, "nvmlDeviceGetNumaNodeId") else None,
        "nvlink_state_0": read(n.nvmlDeviceGetNvLinkState, h, 0),
        "compute_processes": read(n.nvmlDeviceGetComputeRunningProcesses, h),
        "current_clocks_event_reasons": read(n.nvmlDeviceGetCurrentClocksEventReasons, h)
        if hasattr(n, "nvmlDeviceGetCurrentClocksEventReasons") else None,
    })
n.nvmlShutdown()
json.dump(out, open(sys.argv[1], "w"), indent=1, sort_keys=True, default=str)
print(json.dumps(out, default=str)[:2000])
