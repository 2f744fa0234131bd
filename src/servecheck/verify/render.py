"""Render a VerifyResult: a rich table for people, JUnit XML for CI (JSON is the model itself)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from servecheck.server.escape import plain
from servecheck.verify.models import VerifyResult

STYLE = {"pass": "green", "fail": "red", "error": "magenta", "skip": "yellow", "inconclusive": "yellow",
         "not_run": "yellow"}


def table(result: VerifyResult) -> Any:
    from rich.table import Table

    s = result.server
    title = _escape(f"verify {s.url} - {s.kind} {s.version or ''} - model {s.model or '?'}"
                    f" - max_model_len {s.max_model_len or '?'}")
    tbl = Table(title=title, title_justify="left", show_lines=False)
    tbl.add_column("check", no_wrap=True)
    tbl.add_column("status", no_wrap=True)
    tbl.add_column("verdict", no_wrap=True)
    tbl.add_column("summary", overflow="fold")
    tbl.add_column("time", justify="right", no_wrap=True)
    for c in result.checks:
        style = STYLE.get(c.status, "")
        tbl.add_row(c.name, f"[{style}]{c.status.upper()}[/{style}]", c.verdict or "",
                    _escape(c.summary), f"{c.duration_s:.2f}s")
    return tbl


def footer(result: VerifyResult) -> str:
    m = result.summary
    notes = "".join(f"\n  note: {_escape(n)}" for n in result.server.notes)
    head = "INTERRUPTED (Ctrl-C): the checks done so far\n" if result.interrupted else ""
    not_run = f", {m.not_run} not run" if m.not_run else ""
    return head + (f"{m.passed} passed, {m.failed} failed, {m.errored} errors, {m.inconclusive} inconclusive, "
                   f"{m.skipped} skipped{not_run} in {m.duration_s:.2f}s{notes}")


def unreachable(result: VerifyResult) -> str:
    """A server that never answered: one line, the checks listed once (no table of the same
    error repeated per check)."""
    names = ", ".join(c.name for c in result.checks if c.status == "not_run")
    return plain(f"{result.server.unreachable}\nnot run: {names}")


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(plain(text))


def _x(text: object) -> str:
    """Text safe for XML 1.0 (control characters become visible escapes)."""
    return plain(str(text))


def junit(result: VerifyResult) -> str:
    m = result.summary
    suite = ET.Element("testsuite", name="servecheck.verify", tests=str(m.total),
                       failures=str(m.failed), errors=str(m.errored), skipped=str(m.skipped + m.inconclusive + m.not_run),
                       time=f"{m.duration_s:.3f}", timestamp=result.started_at)
    props = ET.SubElement(suite, "properties")
    for key in ("url", "kind", "version", "model", "max_model_len"):
        ET.SubElement(props, "property", name=key, value=_x(getattr(result.server, key) or ""))
    for c in result.checks:
        case = ET.SubElement(suite, "testcase", classname="servecheck.verify", name=c.name,
                             time=f"{c.duration_s:.3f}")
        evidence = json.dumps(c.evidence, indent=1, default=str)
        if c.status in ("fail", "error"):
            tag = "failure" if c.status == "fail" else "error"
            node = ET.SubElement(case, tag, message=_x(c.summary), type=_x(c.verdict or c.status))
            node.text = _x(evidence)
        elif c.status in ("skip", "inconclusive", "not_run"):  # JUnit has no "unproven": skipped, and said so
            prefix = {"inconclusive": "INCONCLUSIVE: ", "not_run": "NOT RUN: "}.get(c.status, "")
            ET.SubElement(case, "skipped", message=_x(prefix + c.summary))
        ET.SubElement(case, "system-out").text = _x(f"{c.verdict or ''}: {c.summary}")
    ET.indent(suite)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"
