"""`--bundles DIR...`: node facts from capture bundles gathered on each node (by srun, a DaemonSet,
Ansible, or `fleet scan --ssh`). A DIR is one bundle or a folder of bundles; a bundle that cannot
be read is recorded as a node with status `error`, never skipped."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from servecheck.errors import ServecheckError
from servecheck.fleet.errors import NothingToJudge
from servecheck.fleet.models import FleetScan, NodeFacts, Source
from servecheck.knowledge.versions import driver_branch

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

EVIDENCE = "evidence.json"


def scan_bundles(dirs: list[Path], source: Source = "bundle") -> FleetScan:
    nodes: list[NodeFacts] = []
    problems: list[str] = []
    for root in dirs:
        found = find_bundles(root, problems)
        nodes.extend(facts_from_bundle(path, source) for path in found)
    if not nodes:
        where = ", ".join(str(d) for d in dirs)
        detail = f" ({'; '.join(problems)})" if problems else ""
        raise NothingToJudge(f"no capture bundles (folders with {EVIDENCE}) in {where}{detail}")
    return FleetScan(source=source, origin=", ".join(str(d) for d in dirs), created_at=datetime.now(UTC),
                     nodes=nodes, problems=problems)


def find_bundles(root: Path, problems: list[str]) -> list[Path]:
    """ROOT itself when it is a bundle, else its sub-folders that are; symlinks out of ROOT are not followed."""
    if not root.is_dir():
        problems.append(f"{root}: not a folder")
        return []
    if (root / EVIDENCE).exists():
        return [root]
    base = root.resolve()
    found = []
    for child in sorted(root.iterdir()):
        if child.is_symlink() and not child.resolve().is_relative_to(base):
            problems.append(f"{child}: symlink out of {root}: not followed")
            continue
        if child.is_dir() and (child / EVIDENCE).exists():
            found.append(child)
    return found


def facts_from_bundle(path: Path, source: Source = "bundle") -> NodeFacts:
    from servecheck.capture.bundle import load_evidence

    try:
        evidence = load_evidence(path)
    except ServecheckError as exc:
        return NodeFacts(name=path.name, source=source, status="error", status_reason=str(exc), bundle=str(path))
    return facts_from_evidence(evidence, path.name, source, str(path))


def facts_from_evidence(evidence: Evidence, fallback_name: str, source: Source, bundle: str | None) -> NodeFacts:
    gpu = evidence.gpu
    first = gpu.gpus[0] if gpu.gpus else None
    facts = NodeFacts(
        name=evidence.host.hostname or fallback_name, source=source, bundle=bundle,
        gpu_present=bool(gpu.gpus) if gpu.source else None,
        driver_version=gpu.driver_version, driver_branch=gpu.driver_branch or driver_branch(gpu.driver_version),
        driver_cuda=gpu.cuda_version, gpu_product=first.name if first else None,
        gpu_count=len(gpu.gpus) if gpu.gpus else None,
        gpu_memory_mib=first.memory_total_mib if first else None,
        compute_capability=first.compute_capability if first else None,
        mig_strategy=first.mig_mode if first else None,
        kernel=evidence.host.kernel, os=evidence.host.os_release, labels_at=evidence.created_at,
    )
    wanted = {"driver version": facts.driver_version, "GPU": facts.gpu_product}
    facts.missing = [name for name, value in wanted.items() if value is None]
    if facts.missing:
        failed = [f"{p.name}: {p.status}" for p in evidence.probes if p.name in ("gpu", "nvidia_smi") and p.status != "ok"]
        facts.status = "unknown"
        facts.status_reason = ("the bundle has no " + " and no ".join(facts.missing)
                               + (f" (probes {', '.join(failed)})" if failed else ""))
    return facts
