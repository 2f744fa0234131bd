"""Read a saved comm result (a payload dict from the case store) for runbook step 7 and
checklist item 10. Defensive: another version's JSON may lack fields; what cannot be read
counts against the step, never for it.
"""

from __future__ import annotations

from typing import Any

Outcome = tuple[str, str]  # (pass | fail | open, one-line reason)


def _tests(payload: dict[str, Any]) -> list[dict[str, Any]]:
    tests = payload.get("tests")
    return [t for t in tests if isinstance(t, dict)] if isinstance(tests, list) else []


def outcome(payload: dict[str, Any]) -> Outcome:
    """pass: every test passed and at least one crossed nodes; fail: any fail/slow; else open."""
    tests = _tests(payload)
    if not tests:
        return "open", "comm result has no tests"
    line = "; ".join(f"{t.get('op', '?')} {t.get('verdict', 'unknown')}"
                     f" ({t.get('peak_busbw_gbps', '-')} GB/s peak, {t.get('nodes', '?')} node(s))" for t in tests)
    verdicts = {t.get("verdict") for t in tests}
    backend = payload.get("backend") if isinstance(payload.get("backend"), dict) else None
    if verdicts & {"fail", "slow"}:
        return "fail", line
    if backend is not None and backend.get("fits") is False:
        return "fail", f"{line}; backend: {backend.get('message', '')}"
    if verdicts != {"pass"}:
        return "open", f"not all tests judged: {line}"
    if not any(isinstance(t.get("nodes"), int) and t["nodes"] > 1 for t in tests):
        return "open", f"no test crossed nodes: {line}"
    return "pass", line
