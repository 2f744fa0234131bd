"""Parsers for nvidia-smi outputs: XML (``-q -x``), the default text table, ``topo -m``, CSV queries.

Pure functions from text to facts; the probes and ``capture --from`` both use them. Field names
and header variants follow cuda-compatibility.md section 11 (R610+ renames "Driver Version" to
"KMD Version" and "CUDA Version" to "CUDA UMD Version"; both forms are accepted).

Sample header::

    | NVIDIA-SMI 575.57.08              Driver Version: 575.57.08      CUDA Version: 12.9     |
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from servecheck import topomatrix
from servecheck.knowledge.versions import driver_branch

__all__ = ["ParseError", "driver_branch", "parse_header", "parse_xml"]

_DRIVER_RE = re.compile(r"(?:Driver|KMD) Version:\s*([\d.]+)")
_CUDA_RE = re.compile(r"CUDA(?:\s+UMD)?\s+Version:\s*(\d+\.\d+|N/A)")
_SMI_FAIL_RE = re.compile(
    r"(NVIDIA-SMI has failed[^\n]*|Failed to initialize NVML[^\n]*|No devices were found|"
    r"Unable to determine the device handle[^\n]*)"
)
_MIB_RE = re.compile(r"(\d+)\s*MiB")


class ParseError(ValueError):
    """The text is not what the parser expects; carries what could be salvaged."""

    def __init__(self, message: str, salvaged: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.salvaged = salvaged or {}


def _mib(text: str | None) -> int | None:
    m = _MIB_RE.search(text or "")
    return int(m.group(1)) if m else None


def _na(text: str | None) -> str | None:
    text = (text or "").strip()
    return None if text in ("", "N/A", "[N/A]", "Not Supported", "[Not Supported]") else text


def parse_header(text: str) -> dict[str, Any]:
    """Driver and CUDA version from the default ``nvidia-smi`` table, plus failure text."""
    facts: dict[str, Any] = {}
    if m := _DRIVER_RE.search(text):
        facts["driver_version"] = m.group(1)
        facts["driver_branch"] = driver_branch(m.group(1))
    if (m := _CUDA_RE.search(text)) and m.group(1) != "N/A":
        facts["cuda_version"] = m.group(1)
    if m := _SMI_FAIL_RE.search(text):
        facts["smi_error"] = m.group(1).strip()
    return facts


def parse_text_gpus(text: str) -> list[dict[str, Any]]:
    """GPU rows from the default table: ``|   0  NVIDIA H100 80GB HBM3   On |`` + memory line."""
    gpus: list[dict[str, Any]] = []
    lines = text.splitlines()
    # The column after the name is Persistence-M (On/Off) on Linux and the driver model
    # (WDDM/TCC/MCDM) on Windows.
    row = re.compile(r"^\|\s+(\d+)\s+(.+?)\s+(On|Off|WDDM|TCC|MCDM|N/A)\s+\|\s+([0-9A-Fa-f:.]+)\s+"
                     r"(On|Off|N/A)\s+\|")
    mem = re.compile(r"(\d+)MiB\s*/\s*(\d+)MiB")
    for i, line in enumerate(lines):
        m = row.match(line)
        if not m:
            continue
        gpu: dict[str, Any] = {"index": int(m.group(1)), "name": m.group(2).strip(),
                               "pci_bus_id": m.group(4)}
        if m.group(3) in ("On", "Off"):
            gpu["persistence_mode"] = m.group(3)
        elif m.group(3) != "N/A":
            gpu["driver_model"] = m.group(3)
        if i + 1 < len(lines) and (mm := mem.search(lines[i + 1])):
            gpu["memory_used_mib"], gpu["memory_total_mib"] = int(mm.group(1)), int(mm.group(2))
        gpus.append(gpu)
    return gpus


def parse_xml(text: str) -> dict[str, Any]:
    """Facts from ``nvidia-smi -q -x``. Raises ParseError (with salvaged facts) on bad XML."""
    try:
        root = ET.fromstring(text.strip())
    except ET.ParseError as exc:
        raise ParseError(f"nvidia-smi XML is truncated or malformed ({exc})", _salvage(text)) from exc
    if root.tag != "nvidia_smi_log":
        raise ParseError(f"not nvidia-smi XML (root element <{root.tag}>)")
    driver = _na(root.findtext("driver_version"))
    cuda = _na(root.findtext("cuda_version")) or _na(root.findtext("cuda_umd_version"))
    facts: dict[str, Any] = {
        "driver_version": driver, "driver_branch": driver_branch(driver), "cuda_version": cuda,
        "gpus": [], "processes": [],
    }
    for index, g in enumerate(root.findall("gpu")):
        facts["gpus"].append(_xml_gpu(g, index))
        for p in g.findall("processes/process_info"):
            facts["processes"].append({
                "pid": _int(p.findtext("pid")), "name": _na(p.findtext("process_name")),
                "used_memory_mib": _mib(p.findtext("used_memory")),
                "gpu_uuid": _na(g.findtext("uuid")), "gpu_index": index,
                "type": _na(p.findtext("type")),
            })
    return facts


def _xml_gpu(g: ET.Element, index: int) -> dict[str, Any]:
    minor = _int(g.findtext("minor_number"))
    return {
        "index": minor if minor is not None else index,
        "name": _na(g.findtext("product_name")),
        "brand": _na(g.findtext("product_brand")),
        "architecture": _na(g.findtext("product_architecture")),
        "uuid": _na(g.findtext("uuid")),
        "pci_bus_id": g.get("id") or _na(g.findtext("pci/pci_bus_id")),
        "memory_total_mib": _mib(g.findtext("fb_memory_usage/total")),
        "memory_used_mib": _mib(g.findtext("fb_memory_usage/used")),
        "mig_mode": _na(g.findtext("mig_mode/current_mig")),
        "persistence_mode": _na(g.findtext("persistence_mode")),
        "compute_capability": _na(g.findtext("compute_cap")),
    }


def _salvage(text: str) -> dict[str, Any]:
    """Pull what we can from broken XML, so a truncated dump still yields the driver version."""
    facts: dict[str, Any] = {}
    if m := re.search(r"<driver_version>\s*([\d.]+)\s*<", text):
        facts["driver_version"] = m.group(1)
        facts["driver_branch"] = driver_branch(m.group(1))
    if m := re.search(r"<cuda(?:_umd)?_version>\s*(\d+\.\d+)\s*<", text):
        facts["cuda_version"] = m.group(1)
    names = re.findall(r"<product_name>\s*([^<]+?)\s*</product_name>", text)
    if names:
        facts["gpus"] = [{"index": i, "name": n} for i, n in enumerate(names)]
    return facts


def _int(text: str | None) -> int | None:
    try:
        return int((text or "").strip())
    except ValueError:
        return None


def _csv_rows(text: str, min_cols: int) -> list[list[str]]:
    """Rows of a ``--format=csv,noheader`` answer whose first column is a number."""
    rows = [[c.strip() for c in line.split(",")] for line in text.strip().splitlines()]
    return [r for r in rows if len(r) >= min_cols and r[0].isdigit()]


def parse_query_gpu(text: str) -> list[dict[str, Any]]:
    """``--query-gpu=index,name,uuid,compute_cap,pci.bus_id --format=csv,noheader``."""
    return [{"index": int(c[0]), "name": c[1], "uuid": c[2], "compute_capability": _na(c[3]),
             "pci_bus_id": c[4]} for c in _csv_rows(text, 5)]


def parse_compute_apps(text: str) -> list[dict[str, Any]]:
    """``--query-compute-apps=pid,process_name,used_memory,gpu_uuid --format=csv,noheader,nounits``."""
    return [{"pid": int(c[0]), "name": c[1], "used_memory_mib": _int(c[2]), "gpu_uuid": c[3]}
            for c in _csv_rows(text, 4)]


def topology_has_nvlink(text: str) -> bool | None:
    """True when any GPU-to-GPU cell of ``topo -m`` is a bonded NVLink set (NV#); None with no matrix.

    A one-GPU matrix has no GPU-GPU cell: False (no NVLink), where comm's reader says None (no
    pair to judge).
    """
    matrix = topomatrix.read(text)
    return None if matrix is None else matrix.nvlink is True
