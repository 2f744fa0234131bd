"""`--kube-nodes FILE|-`: facts from a saved ``kubectl get nodes -o json`` (a List of Node objects),
a single Node, or a bare JSON array of nodes. What a platform team can hand over offline."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from servecheck.errors import InputError
from servecheck.fleet.labels import facts_from_node
from servecheck.fleet.models import FleetScan
from servecheck.fleet.sources.readin import read_input


def scan_file(name: str) -> FleetScan:
    data = read_input(name)
    label = "stdin" if name == "-" else name
    if not data.strip():
        raise InputError(f"{label}: empty: no nodes to judge")
    try:
        payload = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"{label}: not JSON ({exc}); expected `kubectl get nodes -o json` output") from exc
    return scan_payload(payload, label, "kube-nodes")


def node_items(payload: Any, label: str) -> list[Any]:
    if isinstance(payload, dict) and isinstance(payload.get("items"), list):
        return payload["items"]
    if isinstance(payload, dict) and payload.get("kind") == "Node":
        return [payload]
    if isinstance(payload, list):
        return payload
    raise InputError(f"{label}: no node list in it (want a List with 'items', e.g. `kubectl get nodes -o json`)")


def scan_payload(payload: Any, label: str, source: Any) -> FleetScan:
    items = node_items(payload, label)
    if not items:
        raise InputError(f"{label}: the node list is empty: nothing to judge")
    problems = [f"item {i}: not a node object" for i, item in enumerate(items) if not isinstance(item, dict)]
    nodes = [facts_from_node(item, source) for item in items if isinstance(item, dict)]
    if not nodes:
        raise InputError(f"{label}: no node objects in the list")
    return FleetScan(source=source, origin=label, created_at=datetime.now(UTC), nodes=nodes, problems=problems)
