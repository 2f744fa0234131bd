"""One line per attached run, read defensively: a missing field reads "unknown", never a crash."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.store.models import Run


def dig(data: Any, *keys: str | int, default: Any = None) -> Any:
    """``data[k1][k2]...`` or ``default`` when any step is missing or of the wrong type."""
    for key in keys:
        if isinstance(key, int) and isinstance(data, list) and -len(data) <= key < len(data):
            data = data[key]
        elif isinstance(key, str) and isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return default
    return data if data is not None else default


def dig_list(data: Any, *keys: str | int) -> list[Any]:
    """Like dig, but always a list: anything that is not a list reads as empty."""
    found = dig(data, *keys)
    return found if isinstance(found, list) else []


def dig_dict(data: Any, *keys: str | int) -> dict[str, Any]:
    found = dig(data, *keys)
    return found if isinstance(found, dict) else {}


def _capture(p: dict[str, Any]) -> str:
    image = dig(p, "image", "ref") or dig(p, "image", "tag") or "unknown image"
    driver = dig(p, "gpu", "driver_version", default="unknown")
    exit_code = dig(p, "container", "state", "exit_code", default="unknown")
    return f"image {image}, driver {driver}, container exit {exit_code}"


def _diagnose(p: dict[str, Any]) -> str:
    primary = dig(p, "primary")
    if not isinstance(primary, dict):
        return "no failure found"
    consequences = dig_list(primary, "consequences")
    more = f", {len(consequences)} consequence(s)" if isinstance(consequences, list) and consequences else ""
    return (f"primary {dig(primary, 'class', default='unknown')} "
            f"({dig(primary, 'layer', default='unknown')}){more}")


def _verify(p: dict[str, Any]) -> str:
    checks = [c for c in dig_list(p, "checks") if isinstance(c, dict)]
    parts = [f"{c.get('name', '?')}={c.get('status', 'unknown')}" for c in checks]
    return ", ".join(parts) or "no checks"


def _load(p: dict[str, Any]) -> str:
    stages = [s for s in dig_list(p, "stages") if isinstance(s, dict)]
    stop = dig(p, "stop", "rule") or dig(p, "stop_reason") or "none"
    return f"{len(stages)} stage(s), status {dig(p, 'status', default='unknown')}, stop rule: {stop}"


def _plan(p: dict[str, Any]) -> str:
    return f"recommended path {dig(p, 'recommended', default=None) or 'none'}"


def _runbook(p: dict[str, Any]) -> str:
    who = dig(p, "by") or "servecheck"
    return f"step {dig(p, 'step', default='?')} {dig(p, 'action', default='')} -> {dig(p, 'status', default='unknown')} ({who})"


def _accept(p: dict[str, Any]) -> str:
    if p.get("action") == "sign":
        return f"sign-off {dig(p, 'signoff', 'item', default='?')} by {dig(p, 'signoff', 'by', default='?')}"
    items = [i for i in dig_list(p, "items") if isinstance(i, dict)]
    done = sum(1 for i in items if i.get("status") in ("met", "signed_off"))
    return f"{done}/{len(items)} checklist items met or signed off"


def _decide(p: dict[str, Any]) -> str:
    return f"decision {dig(p, 'decision', default='unknown')} by {dig(p, 'owner', default='unknown')}"


SUMMARIZERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "capture": _capture, "diagnose": _diagnose, "verify": _verify, "load": _load,
    "plan": _plan, "runbook": _runbook, "accept": _accept, "decide": _decide,
}


def summarize(run: Run) -> str:
    fn = SUMMARIZERS.get(run.kind)
    if fn is None:
        return f"{len(run.payload)} field(s)"
    try:
        return fn(run.payload)
    except (TypeError, ValueError, AttributeError):  # defensive: odd payload shape
        return "unreadable result"
