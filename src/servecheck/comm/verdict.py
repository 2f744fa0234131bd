"""The verdict per test: pass / slow / fail / unknown, with the reason in words.

Order matters: what was not read to the end is unknown; an error or wrong values fail whatever
the bandwidth; only a complete, correct run is compared with the expectation.
"""

from __future__ import annotations

import io
from typing import Any

from servecheck.comm import expect, explain
from servecheck.comm.models import CommTest, Verdict


def classify_errors(lines: list[str]) -> dict[str, Any] | None:
    """diagnose's primary finding for the failure lines (its public API; nothing re-implemented)."""
    if not lines:
        return None
    from servecheck.diagnose.api import diagnose

    result = diagnose("-", stdin=io.BytesIO("\n".join(lines).encode()))
    if result.primary is None:
        return None
    p = result.primary
    return {"class": p.cls, "layer": p.layer, "signature": p.signature,
            "explanation": p.explanation, "next_steps": p.next_steps}


def judge(test: CommTest, topo: dict[str, Any]) -> CommTest:
    test.expectation = expect.expectation(test, topo)
    test.verdict, test.reason = _verdict(test, topo)
    return test


def _verdict(t: CommTest, topo: dict[str, Any]) -> tuple[Verdict, str]:
    if t.status == "timeout":
        return "fail", "the run hung past the deadline and was stopped"
    if t.status == "error":
        t.diagnosis = classify_errors(t.errors)
        cls = f" ({t.diagnosis['class']}, {t.diagnosis['layer']})" if t.diagnosis else ""
        return "fail", f"NCCL error{cls}: {t.errors[0] if t.errors else 'see the log'}"
    if t.wrong or t.out_of_bounds_ok is False:
        return "fail", f"wrong values: {t.wrong or 0} row(s) with #wrong > 0, out of bounds {t.out_of_bounds}"
    if t.separate_processes:
        t.explains = ["each process ran alone (nccl-tests built without MPI=1, or one pod per rank "
                      "without MPI): nothing crossed a node"]
        return "fail", "not a cross-node test: every process printed its own table at Rank 0"
    if t.status != "complete":
        return "unknown", _unread(t)
    return _against_expectation(t, topo)


def _unread(t: CommTest) -> str:
    if t.status == "not_nccl_output" and t.errors:
        return t.errors[0]
    if t.status in ("empty", "not_nccl_output"):
        return {"empty": "the input is empty", "not_nccl_output": "no nccl-tests output or NCCL lines found"}[t.status]
    if not t.rows:
        return "no result rows: the output stops before the table (truncated or the run did not start)"
    return f"the output stops after {len(t.rows)} row(s) without the footer: truncated or still running"


def _against_expectation(t: CommTest, topo: dict[str, Any]) -> tuple[Verdict, str]:
    e = t.expectation
    if t.validation is False:
        t.explains.append("values were not checked (-c 0): correctness is not shown")
    if e.expected_gbps is None or t.peak_busbw_gbps is None:
        return "unknown", "no expectation: missing " + "; ".join(e.missing or ["busbw rows"])
    need = e.expected_gbps * (e.pass_fraction or 1.0)
    peak = t.peak_busbw_gbps
    if peak >= need:
        return "pass", f"peak busbw {peak:g} GB/s >= {need:.0f} ({e.pass_fraction} x expected {e.expected_gbps:g})"
    t.explains += explain.explain(t, topo)
    if t.explains and all(x == _SMALL for x in t.explains):
        return "unknown", f"peak busbw {peak:g} GB/s below {need:.0f}, but the largest message was too small to judge"
    if not t.explains:
        t.explains.append("nothing in the log explains it: rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET "
                          "and compare with a known-good node")
    return "slow", f"peak busbw {peak:g} GB/s < {need:.0f} ({e.pass_fraction} x expected {e.expected_gbps:g}); " \
        f"{len(t.explains)} likely cause(s) listed"


_SMALL = next(e["text"] for e in explain.table()["explanations"] if e["id"] == "sizes_small")
