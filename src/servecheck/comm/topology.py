"""Topology facts from the files a site already has: ``ibstat``, ``ibv_devinfo``,
``nvidia-smi topo -m`` (plain text or inside a capture bundle's evidence.json).

One node's view: the verdict assumes the other nodes look the same and says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from servecheck import topomatrix
from servecheck.comm.reader import read_text_capped
from servecheck.errors import InputError

_IBSTAT_CA = re.compile(r"^CA '([\w.-]+)'")
_IBSTAT_STATE = re.compile(r"^\s+State:\s+(\w+)")
_IBSTAT_RATE = re.compile(r"^\s+Rate:\s+(\d+)")
_IBSTAT_LAYER = re.compile(r"^\s+Link layer:\s+(\w+)")
_DEVINFO_HCA = re.compile(r"^hca_id:\s+([\w.-]+)")
_DEVINFO_STATE = re.compile(r"^\s+state:\s+(PORT_\w+)")
_DEVINFO_WIDTH = re.compile(r"^\s+active_width:\s+(\d+)X")
_DEVINFO_SPEED = re.compile(r"^\s+active_speed:\s+([\d.]+) Gbps")
_DEVINFO_LAYER = re.compile(r"^\s+link_layer:\s+(\w+)")
_GPU_PATH = ("PIX", "PXB", "PHB", "NODE", "SYS")
MAX_TOPOLOGY_BYTES = 4 * 1024 * 1024


def _nic(name: str) -> dict[str, Any]:
    return {"name": name, "state": None, "rate_gbit": None, "link_layer": None}


def parse_ibstat(text: str) -> list[dict[str, Any]]:
    """``ibstat``: one entry per CA (first port), rate in Gb/s as printed."""
    nics: list[dict[str, Any]] = []
    for line in text.splitlines():
        if m := _IBSTAT_CA.match(line):
            nics.append(_nic(m.group(1)))
        elif nics and (m := _IBSTAT_STATE.match(line)) and nics[-1]["state"] is None:
            nics[-1]["state"] = "Active" if m.group(1) == "Active" else m.group(1)
        elif nics and (m := _IBSTAT_RATE.match(line)) and nics[-1]["rate_gbit"] is None:
            nics[-1]["rate_gbit"] = float(m.group(1))
        elif nics and (m := _IBSTAT_LAYER.match(line)) and nics[-1]["link_layer"] is None:
            nics[-1]["link_layer"] = m.group(1)
    return nics


def parse_ibv_devinfo(text: str) -> list[dict[str, Any]]:
    """``ibv_devinfo [-v]``: rate = active_width x active_speed (speed only with -v)."""
    nics: list[dict[str, Any]] = []
    width: int | None = None
    for line in text.splitlines():
        if m := _DEVINFO_HCA.match(line):
            nics.append(_nic(m.group(1)))
            width = None
        elif nics and (m := _DEVINFO_STATE.match(line)) and nics[-1]["state"] is None:
            nics[-1]["state"] = "Active" if m.group(1) == "PORT_ACTIVE" else m.group(1)
        elif nics and (m := _DEVINFO_WIDTH.match(line)):
            width = int(m.group(1))
        elif nics and (m := _DEVINFO_SPEED.match(line)) and width:
            nics[-1]["rate_gbit"] = round(width * float(m.group(1)))
        elif nics and (m := _DEVINFO_LAYER.match(line)) and nics[-1]["link_layer"] is None:
            nics[-1]["link_layer"] = m.group(1)
    return nics


def parse_topo_matrix(text: str) -> dict[str, Any]:
    """``nvidia-smi topo -m``: NVLink between GPUs, the worst GPU-GPU path, the best GPU-NIC path."""
    matrix = topomatrix.read(text)
    if matrix is None:
        return {}
    nvlink = matrix.nvlink
    worst = max((c for c in matrix.gpu_cells if c in _GPU_PATH), key=_GPU_PATH.index, default=None)
    best_nic = min((c for c in matrix.nic_cells if c in _GPU_PATH), key=_GPU_PATH.index, default=None)
    return {"gpus": matrix.gpus, "nvlink": nvlink, "worst_gpu_path": None if nvlink else worst,
            "gpu_nic_path": best_nic, "nics_in_matrix": matrix.nics}


def _from_bundle(path: Path) -> str:
    evidence = path / "evidence.json" if path.is_dir() else path
    try:
        data = json.loads(read_text_capped(evidence, MAX_TOPOLOGY_BYTES))
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable capture bundle ({exc})") from exc
    topo = (data.get("gpu") or {}).get("topology") if isinstance(data, dict) else None
    return topo if isinstance(topo, str) else ""


def read(paths: list[Path]) -> dict[str, Any]:
    """Facts from every file given; a file that says nothing is named in ``unread``."""
    facts: dict[str, Any] = {"files": [], "unread": [], "nics": []}
    for path in paths:
        text = _from_bundle(path) if path.is_dir() or path.suffix == ".json" else _read(path)
        nics = parse_ibstat(text) or parse_ibv_devinfo(text)
        matrix = parse_topo_matrix(text)
        if not nics and not matrix:
            facts["unread"].append(str(path))
            continue
        facts["files"].append(str(path))
        facts["nics"] += nics
        for key, value in matrix.items():
            facts.setdefault(key, value)
    return summarize(facts)


def _read(path: Path) -> str:
    try:
        return read_text_capped(path, MAX_TOPOLOGY_BYTES)
    except OSError as exc:
        raise InputError(f"{path}: cannot read topology file: {exc}") from exc


def summarize(facts: dict[str, Any]) -> dict[str, Any]:
    active = [n for n in facts["nics"] if n["state"] == "Active"]
    # AWS EFA devices (efa_N, rdmapN) report no IB/Ethernet link layer: counted as their own kind
    for n in active:
        if n["name"].startswith(("efa", "rdmap")):
            n["link_layer"] = "EFA"
    rdma = [n for n in active if n["link_layer"] in ("InfiniBand", "Ethernet", "EFA")]
    rates = [n["rate_gbit"] for n in rdma if n["rate_gbit"]]
    layers = sorted({n["link_layer"] for n in rdma if n["link_layer"]})
    facts["rdma_nics"] = len(rdma) if facts["nics"] else None
    facts["nic_rate_gbit"] = min(rates) if rates else None
    facts["link_layer"] = {"Ethernet": "RoCE", "InfiniBand": "IB", "EFA": "EFA"}.get(
        layers[0] if len(layers) == 1 else "", "mixed" if layers else None)
    return facts
