"""`--kubernetes`: list nodes through the Kubernetes API with lightkube (read-only: list nodes).

lightkube was chosen over the official client for size and start-up: about 14 MB installed with
its dependencies against about 160 MB, and 0.14-0.23 s to import against 0.22-0.38 s on this
machine (docs/fleet.md). It is in the optional `fleet` extra.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from servecheck.errors import UsageError
from servecheck.fleet.errors import MissingExtra, NothingToJudge
from servecheck.fleet.labels import facts_from_node
from servecheck.fleet.models import FleetScan

TIMEOUT_S = 20.0
CHUNK = 500  # nodes per list call: large clusters are paged, not fetched in one response


def scan_cluster(kubeconfig: Path | None = None, context: str | None = None, selector: str | None = None,
                 timeout_s: float = TIMEOUT_S) -> FleetScan:
    items, origin = list_nodes(kubeconfig, context, selector, timeout_s)
    if not items:
        raise NothingToJudge(f"{origin}: the API listed no nodes" + (f" for selector {selector!r}" if selector else ""))
    nodes = [facts_from_node(item, "kubernetes") for item in items]
    return FleetScan(source="kubernetes", origin=origin, created_at=datetime.now(UTC), nodes=nodes)


def list_nodes(kubeconfig: Path | None, context: str | None, selector: str | None,
               timeout_s: float) -> tuple[list[dict[str, Any]], str]:
    try:
        import httpx2
        from lightkube import ApiError, Client, KubeConfig
        from lightkube.resources.core_v1 import Node
    except ImportError as exc:
        raise MissingExtra("lightkube", "`fleet --kubernetes`") from exc
    try:
        config = KubeConfig.from_file(kubeconfig) if kubeconfig else KubeConfig.from_env()
        single = config.get(context_name=context)
    except Exception as exc:  # noqa: BLE001 - a kubeconfig lightkube cannot load (YAML, keys, files)
        raise UsageError(f"no usable kubeconfig{f' context {context!r}' if context else ''}: {exc}") from exc
    if single is None:
        raise UsageError(f"kubeconfig has no context {context!r}" if context else "kubeconfig has no current context")
    origin = f"cluster {single.cluster.server} (context {single.context_name})"
    client = Client(config=single, timeout=httpx2.Timeout(timeout_s), trust_env=False)
    try:
        found = client.list(Node, chunk_size=CHUNK, labels=parse_selector(selector) if selector else None)
        return [node.to_dict() for node in found], origin
    except ApiError as exc:
        raise NothingToJudge(f"{origin}: the API refused to list nodes: {exc.status.code} {exc.status.message}") from exc
    except httpx2.HTTPError as exc:
        raise NothingToJudge(f"{origin}: unreachable: {type(exc).__name__}: {exc}") from exc
    except ValueError as exc:  # msgspec.ValidationError: an answer that is not a NodeList
        raise NothingToJudge(f"{origin}: the node list could not be decoded: {exc}") from exc
    finally:
        client.close()


def parse_selector(text: str) -> dict[str, Any]:
    """kubectl-style 'a=b,c,!d,e!=f' -> lightkube's label dict (=, ==, !=, exists, not exists)."""
    from lightkube import operators

    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if "!=" in part:
            key, value = part.split("!=", 1)
            out[key.strip()] = operators.not_equal(value.strip())
        elif "=" in part:
            key, value = part.split("==", 1) if "==" in part else part.split("=", 1)
            out[key.strip()] = value.strip()
        elif part.startswith("!"):
            out[part[1:].strip()] = operators.not_exists()
        else:
            out[part] = operators.exists()
    return out
