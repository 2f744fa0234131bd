"""Context around the load run: the attached case (image, driver) and GPU memory.

Both are optional and looked up defensively: a missing store, an unknown case or a missing
`nvidia-smi` becomes a recorded "unavailable" with a reason, never a failure of the run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from servecheck.load.models import UNAVAILABLE, CaseInfo, GpuMemory
from servecheck.load.scrape import Scrape
from servecheck.server.url import hostname

LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0", "[::1]"}
_NVIDIA_SMI = ["nvidia-smi", "--query-gpu=memory.used,memory.total", "--format=csv,noheader,nounits"]


def lookup_case(case_id: str | None, store_path: Path | None = None) -> CaseInfo:
    """Image and driver of the case's latest capture."""
    if not case_id:
        return CaseInfo()
    from servecheck.store import open_store

    try:
        # create=False: looking a case up must never start an empty store at a mistyped path.
        with open_store(store_path, create=False) as store:
            store.get_case(case_id)
            capture = store.latest(case_id, "capture")
    except Exception as exc:  # noqa: BLE001 - any store failure is recorded, the load run goes on
        return CaseInfo(case_id=case_id, status="not_found", reason=str(exc)[:300])
    payload: dict[str, Any] = capture.payload if capture is not None else {}
    image = _dig(payload, "image", "ref") or _dig(payload, "image", "digest")
    driver = _dig(payload, "gpu", "driver_version")
    return CaseInfo(
        case_id=case_id, status="found", image=str(image or UNAVAILABLE),
        driver_version=str(driver or UNAVAILABLE),
        reason=None if capture is not None else "the case has no capture attached",
    )


def _dig(obj: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(obj, dict):
            return None
        obj = obj.get(key)
    return obj


def is_local(url: str) -> bool:
    return hostname(url) in LOOPBACK


def gpu_memory(url: str, scrape: Scrape, sampled_peak: dict[str, float], timeout: float = 5.0) -> GpuMemory:
    """From the server's metrics (DCGM FB_USED/FB_FREE), else nvidia-smi when the server is local."""
    if scrape.ok and scrape.gpu_used:
        gpus = sorted(scrape.gpu_used)
        used = [sampled_peak.get(g, scrape.gpu_used[g]) for g in gpus]  # the stage's peak
        total = [scrape.gpu_used[g] + scrape.gpu_free[g] for g in gpus if g in scrape.gpu_free]
        return GpuMemory(source="server_metrics", used_mib=used, total_mib=total)
    if not is_local(url):
        return GpuMemory(reason="remote server exposes no GPU memory metric")
    from servecheck.proc import run

    res = run(_NVIDIA_SMI, timeout=timeout)
    if not res.ok:
        return GpuMemory(reason=res.describe())
    used, total = [], []
    for line in res.stdout.splitlines():
        parts = [p.strip() for p in line.split(",")]
        try:
            used.append(float(parts[0]))
            total.append(float(parts[1]))
        except (ValueError, IndexError):
            return GpuMemory(reason=f"unexpected nvidia-smi output: {line[:80]!r}")
    if not used:
        return GpuMemory(reason="nvidia-smi listed no GPU")
    return GpuMemory(source="nvidia-smi", used_mib=used, total_mib=total)
