"""One cause, one chain: every finding of the primary cause becomes evidence of the primary.

A driver conflict typically shows twice: torch's early ``UserWarning: CUDA initialization: The
NVIDIA driver on your system is too old`` and, later, the fatal ``RuntimeError`` of the same
cause raised from a worker. Both are the same cause. Listing the warning as the primary and the
RuntimeError again under "other failure chains" tells the operator there are two problems when
there is one. So the primary is built from all findings of its class (and from the generic
header its detail line explained), with the most severe line as the headline, and those findings
are marked ``role="primary"`` so no view lists them as a chain of their own.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from servecheck.diagnose.models import EvidenceLine, Finding, Primary

SEVERITY_RANK = {"fatal": 3, "error": 2, "warning": 1, "info": 0}
LEVEL_NOTE = "only seen on WARNING/INFO log lines"
# "other" says only that nothing known explained a line: two of them need not be one cause.
UNSPECIFIC = {"other"}
EVIDENCE_LIMIT = 40      # lines kept on the primary: a cause repeated by 64 ranks stays readable


def members(head: Finding, header: Finding | None, causes: list[Finding],
            findings: list[Finding]) -> list[Finding]:
    """The findings that are the same cause as ``head``: live causes of its class, the header
    it details, and warnings of its class that were lowered only for their log level (vLLM's
    "Free memory on device ... is less than desired" before the OOM it predicts)."""
    group = [head]
    if header is not None:
        group.append(header)
    if head.cls in UNSPECIFIC:
        return group
    for f in causes:
        if f.cls == head.cls and all(f is not g for g in group):
            group.append(f)
    for f in findings:
        if (f.cls == head.cls and f.role == "cause" and f.severity == "warning" and f.note == LEVEL_NOTE
                and all(f is not g for g in group)):
            group.append(f)
    return group


def headline(head: Finding, group: list[Finding]) -> Finding:
    """The fatal line names the cause: highest severity, then the reading the engine chose (a
    detail line over its header), then confidence, then the earliest."""
    same = [f for f in group if f.cls == head.cls]
    return max(same, key=lambda f: (SEVERITY_RANK[f.severity], f is head, f.confidence, -f.first_line))


def build(head: Finding, group: list[Finding]) -> Primary:
    """The primary from its headline, with every line of the group as evidence (headline first)."""
    top = headline(head, group)
    primary = Primary(**top.model_dump(by_alias=False))
    seen = {e.line for e in top.evidence}
    rest: list[EvidenceLine] = []
    for f in group:
        for e in f.evidence:
            if e.line not in seen:
                seen.add(e.line)
                rest.append(e)
    rest.sort(key=lambda e: e.line)
    primary.evidence = [*top.evidence, *rest][:EVIDENCE_LIMIT]
    primary.count = sum(f.count for f in group)
    primary.signatures = [top.signature, *dict.fromkeys(f.signature for f in group if f is not top)]
    primary.first_seen = min(f.first_line for f in group)
    for f in group:
        f.role = "primary"
        if f is not top:
            f.note = f.note or f"part of the primary cause (headline line {top.first_line})"
    return primary


@cache
def _recovery() -> tuple[frozenset[str], int]:
    text = resources.files("servecheck.diagnose").joinpath("data/recovered.json").read_text("utf-8")
    data = json.loads(text)
    return frozenset(data["signatures"]), int(data["window"])


def _retries(findings: list[Finding]) -> list[tuple[str, int]]:
    """(class, line) of every line in which an engine says it caught a failure and retried."""
    ids, _ = _recovery()
    return [(f.cls, e.line) for f in findings if f.signature in ids for e in f.evidence]


def caught_lines(findings: list[Finding]) -> frozenset[int]:
    """The lines just above a retry line: what the engine caught there is not a bare failure."""
    _, window = _recovery()
    return frozenset(n for _, r in _retries(findings) for n in range(max(1, r - window), r))


def recovered(findings: list[Finding]) -> None:
    """A cause the engine itself caught and retried (llama.cpp: "compute buffer allocation failed,
    retrying without pipeline parallelism") is a warning: the start went on. Only a cause of the
    retry line's class, all of whose lines sit just above it, counts as caught."""
    _, window = _recovery()
    retries = _retries(findings)
    for f in findings:
        if f.role != "cause" or f.severity not in ("fatal", "error") or not f.evidence:
            continue
        lines = [e.line for e in f.evidence]
        hit = next((n for cls, n in retries if cls == f.cls and all(0 < n - x <= window for x in lines)), None)
        if hit is not None:
            f.severity, f.note = "warning", f"recovered: the engine retried at line {hit}"
