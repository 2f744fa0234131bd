"""Judge a stage's result for a runbook step: pass or fail, with a one-line reason.

Results are read defensively (another stage's JSON may gain or lose fields): what cannot be
read counts against the step, never for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.store.summary import dig, dig_list

Verdict = tuple[str, str]  # (pass|fail, reason)


def _capture(p: dict[str, Any]) -> Verdict:
    if not dig(p, "servecheck_version"):
        return "fail", "not a capture bundle (no evidence.json fields)"
    probes = [x for x in dig_list(p, "probes") if isinstance(x, dict)]
    bad = [x.get("name", "?") for x in probes if x.get("status") in ("timeout", "error")]
    note = f"; probes with problems (recorded): {', '.join(bad)}" if bad else ""
    return "pass", f"evidence secured: image {dig(p, 'image', 'ref', default='unknown')}, driver {dig(p, 'gpu', 'driver_version', default='unknown')}{note}"


def _diagnose(p: dict[str, Any]) -> Verdict:
    primary = dig(p, "primary")
    if "primary" not in p:
        return "fail", "diagnosis result has no 'primary' field"
    if isinstance(primary, dict):
        return "fail", f"container still fails: {dig(primary, 'class', default='unknown')} ({dig(primary, 'layer', default='unknown')})"
    return "pass", "no failure found in the new capture"


def _verify(p: dict[str, Any]) -> Verdict:
    checks = [c for c in dig_list(p, "checks") if isinstance(c, dict)]
    if not checks:
        return "fail", "verify result has no checks"
    bad = [f"{c.get('name', '?')}={c.get('status', 'unknown')}" for c in checks
           if c.get("status") not in ("pass", "skip")]
    if bad:
        return "fail", "checks not passing: " + ", ".join(bad)
    return "pass", f"{len(checks)} check(s) passed or skipped"


def _load(p: dict[str, Any]) -> Verdict:
    stages = [s for s in dig_list(p, "stages") if isinstance(s, dict)]
    stop = dig(p, "stop")
    status = dig(p, "status", default="unknown")
    if isinstance(stop, dict):
        return "fail", f"ramp stopped at stage {stop.get('stage', '?')}: {stop.get('rule', '?')} ({stop.get('reason', '')})"
    if not stages or status not in ("completed", "unknown"):
        return "fail", f"load status {status}, {len(stages)} stage(s)"
    failed = sum(int(dig(s, "counts", "failed", default=0) or 0) for s in stages)
    sent = sum(int(dig(s, "counts", "sent", default=0) or 0) for s in stages)
    return "pass", f"{len(stages)} stage(s) completed, {failed} of {sent} request(s) failed"


def _comm(p: dict[str, Any]) -> Verdict:
    from servecheck.comm.judge import outcome

    status, reason = outcome(p)
    return ("pass" if status == "pass" else "fail"), reason


JUDGES: dict[str, Callable[[dict[str, Any]], Verdict]] = {
    "capture": _capture, "diagnose": _diagnose, "verify": _verify, "load": _load, "comm": _comm,
}


def judge(kind: str, payload: dict[str, Any]) -> Verdict:
    fn = JUDGES.get(kind)
    if fn is None:
        return "fail", f"no check for results of kind {kind}"
    try:
        return fn(payload)
    except (TypeError, ValueError, AttributeError) as exc:
        return "fail", f"unreadable {kind} result: {exc}"
