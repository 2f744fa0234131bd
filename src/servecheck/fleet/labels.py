"""Node facts from GPU Feature Discovery / GPU Operator / NFD labels (reference fleet.md §1).

A node object is the ``kubectl get node -o json`` shape (metadata.labels, spec, status.nodeInfo).
A label that is absent stays ``None`` and is named in ``missing``: a node without GFD labels is
unknown, never guessed from its name or its pool.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from servecheck.fleet.models import NodeFacts, Source
from servecheck.knowledge.versions import driver_branch

NV = "nvidia.com/"
NFD = "feature.node.kubernetes.io/"
# Site pool labels, most specific first: a site label, then the managed-Kubernetes node pools.
POOL_LABELS = ("pool", "nodepool", "node-pool", "cloud.google.com/gke-nodepool", "eks.amazonaws.com/nodegroup",
               "kubernetes.azure.com/agentpool", "agentpool", "node.kubernetes.io/instance-type")
# Suffixes GFD appends to gpu.product under sharing or MIG (reference §1.2): not part of the GPU name.
_PRODUCT_SUFFIX = re.compile(r"(-SHARED|-MIG-[0-9a-z.+]+)+$", re.IGNORECASE)


def facts_from_node(node: Any, source: Source) -> NodeFacts:
    """One node object -> NodeFacts. Never raises on odd shapes: odd values become missing facts."""
    meta = _dict(node, "metadata")
    labels = {str(k): str(v) for k, v in _dict(meta, "labels").items()}
    name = str(meta.get("name") or "?")
    spec, info = _dict(node, "spec"), _dict(_dict(node, "status"), "nodeInfo")
    facts = NodeFacts(name=name, source=source, pool=_pool(labels), unschedulable=bool(spec.get("unschedulable")),
                      kernel=labels.get(NFD + "kernel-version.full") or _str(info.get("kernelVersion")),
                      os=_os(labels) or _str(info.get("osImage")))
    _gpu(facts, labels)
    _driver(facts, labels)
    _upgrade(facts, labels)
    _status(facts)
    return facts


def _dict(parent: Any, key: str) -> dict[str, Any]:
    value = parent.get(key) if isinstance(parent, dict) else None
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None


def _pool(labels: dict[str, str]) -> str | None:
    return next((labels[key] for key in POOL_LABELS if labels.get(key)), None)


def _os(labels: dict[str, str]) -> str | None:
    os_id, version = labels.get(NFD + "system-os_release.ID"), labels.get(NFD + "system-os_release.VERSION_ID")
    return f"{os_id} {version}" if os_id and version else os_id


def _int(labels: dict[str, str], key: str, facts: NodeFacts) -> int | None:
    raw = labels.get(key)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        facts.notes.append(f"label {key}={raw!r} is not a number: ignored")
        return None


def _gpu(facts: NodeFacts, labels: dict[str, str]) -> None:
    present = labels.get(NV + "gpu.present") or labels.get(NFD + "pci-10de.present")
    facts.gpu_present = present == "true" if present is not None else None
    product = labels.get(NV + "gpu.product")
    if product:
        facts.gpu_product = _PRODUCT_SUFFIX.sub("", product)
        if facts.gpu_product != product:
            facts.notes.append(f"gpu.product {product!r}: sharing/MIG suffix removed")
    facts.gpu_count = _int(labels, NV + "gpu.count", facts)
    facts.gpu_memory_mib = _int(labels, NV + "gpu.memory", facts)
    major, minor = labels.get(NV + "gpu.compute.major"), labels.get(NV + "gpu.compute.minor")
    if major and minor and major.isdigit() and minor.isdigit():
        facts.compute_capability = f"{major}.{minor}"
    facts.mig_strategy = labels.get(NV + "mig.strategy")
    facts.sharing_strategy = labels.get(NV + "gpu.sharing-strategy")


def _driver(facts: NodeFacts, labels: dict[str, str]) -> None:
    """New `cuda.driver-version.*` names first, the deprecated `cuda.driver.*` ones second."""
    full = labels.get(NV + "cuda.driver-version.full")
    if not full:
        parts = [labels.get(NV + f"cuda.driver.{p}") for p in ("major", "minor", "rev")]
        full = ".".join(p for p in parts if p) if parts[0] and parts[1] else None
        if full:
            facts.notes.append("driver version from the deprecated cuda.driver.* labels (older GFD)")
    facts.driver_version = full
    facts.driver_branch = driver_branch(full) if full else None
    cuda = labels.get(NV + "cuda.runtime-version.full")
    if not cuda:
        major, minor = labels.get(NV + "cuda.runtime.major"), labels.get(NV + "cuda.runtime.minor")
        cuda = f"{major}.{minor}" if major and minor else None
    facts.driver_cuda = cuda
    stamp = labels.get(NV + "gfd.timestamp")
    if stamp and stamp.isdigit():
        facts.labels_at = datetime.fromtimestamp(int(stamp), UTC)


def _upgrade(facts: NodeFacts, labels: dict[str, str]) -> None:
    facts.upgrade_state = labels.get(NV + "gpu-driver-upgrade-state")
    facts.upgrade_skip = labels.get(NV + "gpu-driver-upgrade.skip") == "true"


def _status(facts: NodeFacts) -> None:
    wanted = {"driver version (nvidia.com/cuda.driver-version.full)": facts.driver_version,
              "GPU product (nvidia.com/gpu.product)": facts.gpu_product}
    facts.missing = [name for name, value in wanted.items() if value is None]
    if facts.gpu_present is False:
        facts.status, facts.status_reason = "unknown", "no NVIDIA GPU on this node (gpu.present / pci-10de not true)"
    elif facts.missing:
        facts.status = "unknown"
        facts.status_reason = "no GPU Feature Discovery labels: " + ", ".join(facts.missing) + " missing"
