"""`read(paths)`: the stage as one library call that returns the saved CommResult."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from servecheck import __version__
from servecheck.comm import backend, parse, reader, topology, verdict
from servecheck.comm.models import CommResult, CommTest
from servecheck.errors import InputError


def _redact(lines: list[str]) -> list[str]:
    from servecheck.redact import Redactor

    r = Redactor()
    return [r.text(x) for x in lines]


def tests_from_lines(lines: list[str], label: str) -> list[CommTest]:
    """Parsed tests of one text, or one test saying why there are none (empty / not NCCL output)."""
    if not any(ln.strip() for ln in lines):
        return [CommTest(status="empty", source=label)]
    tests = parse.to_tests(parse.read_lines(lines), label)
    return tests or [CommTest(status="not_nccl_output", source=label)]


def _read_one(name: str) -> list[CommTest]:
    try:
        text = reader.read_log(name)
    except InputError as exc:
        return [CommTest(status="not_nccl_output", source=name, errors=[str(exc)])]
    tests = tests_from_lines(text.lines, name)
    if text.truncated:
        for t in tests:
            if t.status == "complete":
                t.status = "incomplete"
            t.errors.append(_why_cut(text))
    return tests


def _why_cut(text: reader.ReadText) -> str:
    if text.stopped == "deadline":
        from servecheck.fsutil import STDIN_TOTAL_S

        return f"stdin did not end after {STDIN_TOTAL_S:g} s: only its first {text.size} bytes were read"
    return f"only the first {reader.MAX_BYTES} bytes were read"


def judge_all(tests: list[CommTest], topo: dict[str, Any]) -> list[CommTest]:
    for t in tests:
        t.errors = _redact(t.errors)
        verdict.judge(t, topo)
    return tests


def read(names: list[str], topology_files: list[Path] | None = None, recipe: str | None = None,
         backend_name: str | None = None) -> CommResult:
    topo = topology.read(list(topology_files or []))
    tests = judge_all([t for n in names for t in _read_one(n)], topo)
    result = CommResult(servecheck_version=__version__, tests=tests, inputs=list(names), topology=topo)
    if recipe:
        result.backend = backend.check(recipe, backend_name, tests, topo)
    return result
