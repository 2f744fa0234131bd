"""Parser for ``nvidia-container-cli info`` (also with ``-k -d /dev/tty``, whose debug lines are
skipped): the driver (NVRM) version, the CUDA version the driver supports, and one block per GPU.

Sample (from NVIDIA/nvidia-docker#904)::

    NVRM version:   390.87
    CUDA version:   9.1

    Device Index:   0
    Model:          GeForce GTX 1080 with Max-Q Design
    GPU UUID:       GPU-e572b8ee-523e-f7be-a359-33149791a02a
    Bus Location:   00000000:01:00.0
    Architecture:   6.1

Placeholders (``(null)`` on Jetson, ``[version]`` where a template was pasted) read as unknown.
"""

from __future__ import annotations

import re
from typing import Any

from servecheck.knowledge.versions import driver_branch

_FIELD = re.compile(r"^(?P<key>[A-Z][A-Za-z ]+?):\s+(?P<value>.*?)\s*$")
_PLACEHOLDER = re.compile(r"^(?:\(null\)|\[[^\]]*\]|<[^>]*>|n/a|unknown|)$", re.I)
_GPU_KEYS = {"Device Index": "index", "Model": "name", "Brand": "brand", "GPU UUID": "uuid",
             "Bus Location": "pci_bus_id", "Architecture": "compute_capability"}


def looks_like(head: str) -> bool:
    return "NVRM version:" in head and ("CUDA version:" in head or "Device Index:" in head)


def _value(raw: str) -> str | None:
    return None if _PLACEHOLDER.match(raw.strip()) else raw.strip()


def parse(text: str) -> tuple[dict[str, Any], list[str]]:
    """(gpu section facts, notes on what was unknown)."""
    facts: dict[str, Any] = {"source": "nvidia-container-cli"}
    gpus: list[dict[str, Any]] = []
    notes: list[str] = []
    for line in text.splitlines():
        m = _FIELD.match(line.strip())
        if not m:
            continue
        key, value = m.group("key"), _value(m.group("value"))
        if key == "NVRM version":
            facts["driver_version"] = value
            facts["driver_branch"] = driver_branch(value)
        elif key == "CUDA version":
            facts["cuda_version"] = value
        elif key == "Device Index":
            gpus.append({})
        if key in _GPU_KEYS and gpus:
            gpus[-1][_GPU_KEYS[key]] = _int_or(value) if key == "Device Index" else value
    facts["gpus"] = gpus
    for key, label in (("driver_version", "NVRM (driver) version"), ("cuda_version", "CUDA version")):
        if facts.get(key) is None:
            notes.append(f"{label} not given (placeholder or absent): unknown")
    return facts, notes


def _int_or(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None
