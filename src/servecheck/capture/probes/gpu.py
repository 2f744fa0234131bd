"""GPU and driver facts: NVML when libnvidia-ml loads, else ``nvidia-smi -q -x`` parsed.

NVML is tried first because it needs no subprocess and reports compute capability directly; the
XML is the fallback that works wherever ``nvidia-smi`` does. Compute capability is not in the
XML (cuda-compatibility.md 11.2), so a ``--query-gpu`` call fills it in.
"""

from __future__ import annotations

from typing import Any

from servecheck.capture.parsers import nvsmi
from servecheck.capture.probe import ProbeContext, ProbeFailed, require_ok

NAME = "gpu"
DESCRIPTION = "driver version and branch, CUDA version the driver reports, per-GPU facts"


def collect(ctx: ProbeContext) -> None:
    if ctx.options.use_nvml:
        facts = _from_nvml()
        if facts is not None:
            ctx.set("gpu", source="nvml", **facts)
            return
        ctx.notes.append("NVML not available; used nvidia-smi")
    result = ctx.run(["nvidia-smi", "-q", "-x"], raw_name="nvidia-smi-q.xml")
    if result.status == "error" and (fail := nvsmi.parse_header(result.stdout + result.stderr)):
        ctx.set("gpu", **fail)
    require_ok(result)
    try:
        facts = nvsmi.parse_xml(result.stdout)
    except nvsmi.ParseError as exc:
        if exc.salvaged:
            ctx.set("gpu", source="nvidia-smi-xml", **exc.salvaged)
        raise ProbeFailed("error", str(exc)) from exc
    _add_compute_capability(ctx, facts)
    ctx.set("gpu", source="nvidia-smi-xml", **facts)


def _add_compute_capability(ctx: ProbeContext, facts: dict[str, Any]) -> None:
    if not facts["gpus"] or all(g.get("compute_capability") for g in facts["gpus"]):
        return
    query = ["nvidia-smi", "--query-gpu=index,name,uuid,compute_cap,pci.bus_id",
             "--format=csv,noheader"]
    result = ctx.run(query, raw_name="nvidia-smi-query-gpu.csv")
    if not result.ok:
        # Drivers that predate compute_cap reject the whole query (reference 11.3).
        ctx.notes.append(f"compute capability unavailable: {result.describe()}")
        return
    by_uuid = {g["uuid"]: g for g in nvsmi.parse_query_gpu(result.stdout)}
    for gpu in facts["gpus"]:
        if row := by_uuid.get(gpu.get("uuid")):
            gpu["compute_capability"] = row["compute_capability"]


def _from_nvml() -> dict[str, Any] | None:
    try:
        import pynvml
    except ImportError:
        return None
    try:
        pynvml.nvmlInit()
    except pynvml.NVMLError:
        return None
    try:
        return _nvml_facts(pynvml)
    finally:
        try:
            pynvml.nvmlShutdown()
        except pynvml.NVMLError:
            pass


def _nvml_facts(nv: Any) -> dict[str, Any]:
    driver = _s(nv.nvmlSystemGetDriverVersion())
    cuda_int = nv.nvmlSystemGetCudaDriverVersion_v2()
    facts: dict[str, Any] = {
        "driver_version": driver, "driver_branch": nvsmi.driver_branch(driver),
        "cuda_version": f"{cuda_int // 1000}.{(cuda_int % 1000) // 10}",
        "nvml_version": _s(nv.nvmlSystemGetNVMLVersion()), "gpus": [], "processes": [],
    }
    for index in range(nv.nvmlDeviceGetCount()):
        handle = nv.nvmlDeviceGetHandleByIndex(index)
        gpu = _nvml_gpu(nv, handle, index)
        facts["gpus"].append(gpu)
        facts["processes"].extend(_nvml_processes(nv, handle, index, gpu["uuid"]))
    return facts


def _nvml_gpu(nv: Any, handle: Any, index: int) -> dict[str, Any]:
    major, minor = nv.nvmlDeviceGetCudaComputeCapability(handle)
    mem = nv.nvmlDeviceGetMemoryInfo(handle)
    gpu: dict[str, Any] = {
        "index": index, "name": _s(nv.nvmlDeviceGetName(handle)),
        "uuid": _s(nv.nvmlDeviceGetUUID(handle)), "compute_capability": f"{major}.{minor}",
        "memory_total_mib": mem.total // (1 << 20), "memory_used_mib": mem.used // (1 << 20),
        "pci_bus_id": _s(nv.nvmlDeviceGetPciInfo(handle).busId),
    }
    # as nvidia-smi -q names them ("Hopper"), and the brand as NVIDIA_REQUIRE_CUDA's brand= tokens
    # spell it ("nvidia", "tesla", "geforcertx"): NVML's own enum names (nvml.h nvmlBrandType_t);
    # recorded on an H200: architecture 9 (HOPPER) where its XML says Hopper, brand 14 (NVIDIA)
    arch = _enum_name(nv, "NVML_DEVICE_ARCH_", _try(lambda: nv.nvmlDeviceGetArchitecture(handle)))
    gpu["architecture"] = arch.replace("_", " ").title() if arch else None
    brand = _enum_name(nv, "NVML_BRAND_", _try(lambda: nv.nvmlDeviceGetBrand(handle)))
    gpu["brand"] = brand.replace("_", "").lower() if brand else None
    gpu["mig_mode"] = _try(lambda: "Enabled" if nv.nvmlDeviceGetMigMode(handle)[0] else "Disabled")
    gpu["persistence_mode"] = _try(
        lambda: "Enabled" if nv.nvmlDeviceGetPersistenceMode(handle) else "Disabled")
    return gpu


def _nvml_processes(nv: Any, handle: Any, index: int, uuid: str) -> list[dict[str, Any]]:
    procs = _try(lambda: nv.nvmlDeviceGetComputeRunningProcesses(handle)) or []
    out = []
    for p in procs:
        used = getattr(p, "usedGpuMemory", None)
        out.append({
            "pid": p.pid, "name": _try(lambda p=p: _s(nv.nvmlSystemGetProcessName(p.pid))),
            "used_memory_mib": used // (1 << 20) if isinstance(used, int) else None,
            "gpu_uuid": uuid, "gpu_index": index, "type": "C",
        })
    return out


def _enum_name(nv: Any, prefix: str, value: Any) -> str | None:
    """pynvml's name for an enum value (``NVML_DEVICE_ARCH_HOPPER`` -> ``HOPPER``); none for an
    unknown one."""
    if not isinstance(value, int):
        return None
    return next((name[len(prefix):] for name in sorted(dir(nv)) if name.startswith(prefix)
                 and getattr(nv, name) == value and not name.endswith(("_UNKNOWN", "_COUNT"))), None)


def _s(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _try(fn: Any) -> Any:
    try:
        return fn()
    except Exception:  # noqa: BLE001 - NVML raises for "not supported" on many SKUs
        return None
