"""Slurm's own node records (`scontrol show node --oneliner`): partitions become pools, and DRAIN /
DOWN states are kept, so a rollout plan leaves already-drained nodes alone. Driver and GPU facts
come from the capture bundles srun gathered (`fleet manifest --slurm`), never from GRES names.
"""

from __future__ import annotations

from dataclasses import dataclass

from servecheck import proc
from servecheck.fleet.errors import NothingToJudge
from servecheck.fleet.models import FleetScan

TIMEOUT_S = 20.0
_OUT_OF_SERVICE = ("DRAIN", "DOWN", "FAIL", "MAINT", "REBOOT")


@dataclass(frozen=True)
class SlurmNode:
    name: str
    partitions: tuple[str, ...]
    state: str
    gres: str | None
    reason: str | None


def parse_show_node(text: str) -> list[SlurmNode]:
    """`scontrol show node --oneliner` -> nodes. Values with spaces (Reason=...) run to the end of the line."""
    nodes = []
    for line in text.splitlines():
        if not line.startswith("NodeName="):
            continue
        fields = _fields(line)
        parts = tuple(p for p in fields.get("Partitions", "").split(",") if p)
        gres = fields.get("Gres")
        nodes.append(SlurmNode(name=fields["NodeName"], partitions=parts, state=fields.get("State", "?"),
                               gres=gres if gres and gres != "(null)" else None, reason=fields.get("Reason")))
    return nodes


def _fields(line: str) -> dict[str, str]:
    head, sep, reason = line.partition(" Reason=")
    out = {}
    for token in head.split():
        key, eq, value = token.partition("=")
        if eq:
            out[key] = value
    if sep:
        out["Reason"] = reason.strip()
    return out


def read_nodes(timeout_s: float = TIMEOUT_S) -> list[SlurmNode]:
    result = proc.run(["scontrol", "show", "node", "--oneliner"], timeout=timeout_s)
    if not result.ok:
        raise NothingToJudge(f"Slurm node records unreadable: {result.describe()}")
    nodes = parse_show_node(result.stdout)
    if not nodes:
        raise NothingToJudge("scontrol show node listed no nodes")
    return nodes


def merge_slurm(scan: FleetScan, nodes: list[SlurmNode]) -> FleetScan:
    """Pools and drain states from Slurm onto the bundle facts; Slurm nodes without a bundle are kept
    as `unknown` (no capture came back from them), never dropped."""
    by_name = {n.name: n for n in nodes}
    merged = []
    for facts in scan.nodes:
        node = by_name.pop(facts.name.split(".")[0], None) or by_name.pop(facts.name, None)
        if node is not None:
            facts = facts.model_copy(update={"pool": node.partitions[0] if node.partitions else facts.pool,
                                             "unschedulable": any(s in node.state for s in _OUT_OF_SERVICE)})
            if facts.unschedulable:
                facts.notes.append(f"Slurm state {node.state}" + (f" ({node.reason})" if node.reason else ""))
        merged.append(facts)
    from servecheck.fleet.models import NodeFacts

    for node in by_name.values():
        merged.append(NodeFacts(name=node.name, source="slurm", status="unknown",
                                pool=node.partitions[0] if node.partitions else None,
                                status_reason="in Slurm but no capture bundle came back from it"))
    return scan.model_copy(update={"nodes": merged, "source": "slurm"})
