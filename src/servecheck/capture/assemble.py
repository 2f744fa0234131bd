"""Merge the probes' partial facts into one Evidence, and derive what no single probe knows
(the vLLM version and its source; GPU index for processes; fallbacks between GPU sources)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from servecheck import __version__
from servecheck.capture.models import Evidence
from servecheck.capture.parsers import logscan
from servecheck.capture.parsers.nvsmi import driver_branch
from servecheck.capture.probe import ProbeRun

_VLLM_LOG = re.compile(
    r"vLLM API server version\s+v?([0-9][\w.+-]*)|Initializing an? (?:V1 )?LLM engine \(v([0-9][\w.+-]*)\)"
)
_VERSION_LABELS = ("vllm.version", "ai.vllm.version", "io.vllm.version")


def assemble(runs: list[ProbeRun], started: datetime, mode: str, argv: list[str]) -> Evidence:
    sections: dict[str, dict[str, Any]] = {}
    for run in runs:
        for section, values in run.facts.items():
            sections.setdefault(section, {}).update(values)
    gpu = _merge_gpu(sections)
    data: dict[str, Any] = {
        "sources": fact_sources(runs),
        "servecheck_version": __version__, "created_at": started,
        "finished_at": datetime.now(UTC), "mode": mode, "command_line": argv,
        "gpu": gpu, "probes": [r.record for r in runs],
    }
    for name in ("host", "runtime", "image", "container", "log"):
        if name in sections:
            data[name] = sections[name]
    data["vllm"] = derive_vllm(data, sections.get("vllm_package"))
    return Evidence.model_validate(data)


_MERGED_INTO = {"gpu_text": "gpu", "gpu_processes": "gpu", "vllm_package": "vllm"}


def fact_sources(runs: list[ProbeRun]) -> dict[str, str]:
    """section.field -> the probe (live) or file (``from:NAME``) each known fact was read from.
    A table's values fill only what the richer source (NVML, XML) left unknown, as in _merge_gpu."""
    sources: dict[str, str] = {}
    for run in runs:
        for section, values in run.facts.items():
            target = _MERGED_INTO.get(section, section)
            for key, value in values.items():
                if value is None or value == [] or value == {} or value == "":
                    continue
                name = f"{target}.{key}"
                if section == "gpu_text" and name in sources:
                    continue
                sources[name] = run.record.name
    return sources


def _merge_gpu(sections: dict[str, dict[str, Any]]) -> dict[str, Any]:
    gpu = dict(sections.get("gpu", {}))
    text = sections.get("gpu_text", {})
    for key in ("driver_version", "driver_branch", "cuda_version", "smi_error"):
        if not gpu.get(key) and text.get(key):
            gpu[key] = text[key]
            gpu.setdefault("source", text.get("source", "nvidia-smi-text"))
    if not gpu.get("gpus") and text.get("gpus"):
        gpu["gpus"] = text["gpus"]
    if not gpu.get("driver_branch"):
        gpu["driver_branch"] = driver_branch(gpu.get("driver_version"))
    if not gpu.get("processes") and sections.get("gpu_processes", {}).get("processes"):
        gpu["processes"] = sections["gpu_processes"]["processes"]
    index_by_uuid = {g.get("uuid"): g.get("index") for g in gpu.get("gpus", [])}
    for p in gpu.get("processes", []):
        if p.get("gpu_index") is None:
            p["gpu_index"] = index_by_uuid.get(p.get("gpu_uuid"))
    return gpu


def derive_vllm(data: dict[str, Any], package: dict[str, Any] | None) -> dict[str, Any]:
    """vLLM version and where it was read: image label, image env, log line, or package."""
    image = data.get("image") or {}
    labels = image.get("labels") or {}
    commit = next((v for k, v in labels.items() if "vllm" in k.lower() and "commit" in k.lower()), None)
    for key in _VERSION_LABELS:
        if labels.get(key):
            return {"version": labels[key].lstrip("v"), "source": f"image label {key}", "commit": commit}
    env = image.get("env") or {}
    if env.get("VLLM_VERSION"):
        return {"version": env["VLLM_VERSION"].lstrip("v"), "source": "image env VLLM_VERSION",
                "commit": commit}
    log = data.get("log") or {}
    for key in logscan.KEPT:
        for entry in log.get(key, []):
            if m := _VLLM_LOG.search(entry["text"]):
                return {"version": m.group(1) or m.group(2),
                        "source": f"log line {entry['line']}", "commit": commit}
    if package:
        return {"version": package.get("version"), "source": "package metadata (this host)",
                "commit": commit}
    return {"version": None, "source": None, "commit": commit}
