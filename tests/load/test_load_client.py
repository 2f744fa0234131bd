"""The hot path against a scripted server: every way a stream can go wrong is classified."""

from __future__ import annotations

import asyncio
from array import array
from time import perf_counter

import pytest

from servecheck.load.client import Req, Target, send


def _send(base: str, script: str, timeout: float = 5.0) -> tuple[Req, array]:
    async def go() -> tuple[Req, array]:
        target = Target(f"{base}/{script}", timeout=timeout)
        gaps = array("d")
        async with target.session() as session:
            req = Req(0, perf_counter())
            await send(session, target, b'{"model": "m"}', req, gaps)
        return req, gaps

    return asyncio.run(go())


def test_good_stream_counts_tokens_usage_and_finish(scripted: str) -> None:
    req, gaps = _send(scripted, "good")
    assert req.ok and req.error is None
    assert req.chunks == 3 and req.tokens == 3 and req.out_tokens == 3
    assert req.prompt_tokens == 10 and req.cached_tokens == 8
    assert req.finish == "length"
    assert len(gaps) == 0  # the three tokens arrived in one read: one arrival, not two 0 ms gaps
    assert req.due < req.first <= req.last <= req.end


def test_python_default_separators_are_parsed(scripted: str) -> None:
    req, _ = _send(scripted, "spaces")
    assert req.ok and req.chunks == 2 and req.finish == "stop"


def test_lines_split_across_reads(scripted: str) -> None:
    req, gaps = _send(scripted, "split")
    assert req.ok and req.chunks == 3 and req.tokens == 3
    assert 1 <= len(gaps) <= 2 and min(gaps) > 0  # separate reads: real gaps, never 0 ms


@pytest.mark.parametrize(("script", "kind"), [
    ("malformed", "malformed_stream"),
    ("nodone", "truncated_stream"),
    ("dropped", "truncated_stream"),
    ("reset", "connection_reset"),
    ("http500", "http_500"),
    ("streamerr", "stream_error"),
    ("toolbad", "tool_call_parse"),
])
def test_failures_are_classified(scripted: str, script: str, kind: str) -> None:
    req, _ = _send(scripted, script)
    assert req.error == kind, req.detail
    assert not req.ok and req.end > 0
    assert req.detail


def test_http_error_keeps_body_excerpt(scripted: str) -> None:
    req, _ = _send(scripted, "http500")
    assert req.http_status == 500 and "engine died" in (req.detail or "")


def test_valid_tool_call_is_counted(scripted: str) -> None:
    req, _ = _send(scripted, "toolgood")
    assert req.ok and req.tool_calls == 1 and req.first > 0


def test_stalled_stream_times_out_within_bound(scripted: str) -> None:
    start = perf_counter()
    req, _ = _send(scripted, "stall", timeout=0.5)
    assert req.error == "timeout"
    assert perf_counter() - start < 3.0


def test_refused_connection() -> None:
    req, _ = _send("http://127.0.0.1:9", "x", timeout=2.0)
    assert req.error == "connection_refused"


def test_empty_tool_calls_fields_are_not_tool_calls(scripted: str) -> None:
    req, gaps = _send(scripted, "toolnull")
    assert req.ok and req.chunks == 3 and req.tool_calls == 1 and len(gaps) == 0
