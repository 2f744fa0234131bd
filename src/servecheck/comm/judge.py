"""Read a saved comm result (a payload from the case store) for runbook step 7 and checklist
item 10, through its model: a payload that cannot be read (newer schema, wrong shape) leaves the
step open with the reason, never passes it.
"""

from __future__ import annotations

from typing import Any

from servecheck.comm.models import SCHEMA_VERSION, CommResult, CommTest

Outcome = tuple[str, str]  # (pass | fail | open, one-line reason)
RECORD = "servecheck comm --from LOG --topology ibstat.txt --case ID"


def _line(t: CommTest) -> str:
    peak = "-" if t.peak_busbw_gbps is None else f"{t.peak_busbw_gbps:g}"
    return f"{t.op} {t.verdict} ({peak} GB/s peak, {t.nodes or '?'} node(s))"


def outcome(payload: dict[str, Any]) -> Outcome:
    """pass: every test passed and at least one crossed nodes; fail: any fail/slow or a backend
    that does not fit; open otherwise (nothing judged, or no test across nodes)."""
    from servecheck.store.typed import read_model

    typed = read_model(payload, CommResult, SCHEMA_VERSION, "comm result")
    if typed.model is None:
        return "open", f"{typed.error}; record with: {RECORD}"
    result = typed.model
    if not result.tests:
        return "open", f"comm result has no tests; record with: {RECORD}"
    line = "; ".join(_line(t) for t in result.tests)
    verdicts = {t.verdict for t in result.tests}
    if verdicts & {"fail", "slow"}:
        return "fail", line
    if result.backend is not None and result.backend.fits is False:
        return "fail", f"{line}; backend: {result.backend.message}"
    if verdicts != {"pass"}:
        return "open", f"not all tests judged: {line}"
    if not any((t.nodes or 0) > 1 for t in result.tests):
        return "open", f"no test crossed nodes: {line}"
    unchecked = [t.op for t in result.tests if t.wrong is None]
    if unchecked:  # -c 0 prints N/A: the bandwidth is shown, the correctness is not
        return "open", f"values not checked (-c 0) in {', '.join(unchecked)}: rerun with -c 1; {line}"
    return "pass", line
