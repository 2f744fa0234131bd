"""The load client's SSE scan gives the same outcome whatever way the stream is cut into reads
(whole, per line, every 7 bytes, in halves): a guard for any faster scan of the hot path."""

from __future__ import annotations

import asyncio
import json
from array import array
from time import perf_counter

import pytest

from servecheck.load.client import Req, _consume


def _event(obj: object) -> bytes:
    return b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n"


def _delta(delta: dict, finish: str | None = None) -> bytes:
    return _event({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})


USAGE = _event({"choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": 5,
                                        "prompt_tokens_details": {"cached_tokens": 3}}})
GOOD = (_delta({"role": "assistant", "content": ""}) + b"".join(_delta({"content": f" t{i}"}) for i in range(4))
        + _delta({"reasoning_content": "r"}) + b": keep-alive comment\n\n" + _delta({}, "length")
        + USAGE + b"data: [DONE]\n\n")
TOOL = (_delta({"tool_calls": [{"index": 0, "function": {"name": "f", "arguments": '{"a":'}}]})
        + _delta({"tool_calls": [{"index": 0, "function": {"arguments": " 1}"}}]}) + _delta({}, "tool_calls")
        + b"data: [DONE]\n\n")
STREAMS = {
    "good": GOOD,
    "tool": TOOL,
    "malformed": _delta({"content": "a"}) + b"data: {not json\n\n" + _delta({"content": "b"}) + b"data: [DONE]\n\n",
    "error": _delta({"content": "a"}) + _event({"error": {"message": "boom"}}) + b"data: [DONE]\n\n",
    "no_done": _delta({"content": "a"}) + _delta({"content": "b"}),
    "empty": _delta({"role": "assistant", "content": ""}) + b"data: [DONE]\n\n",
    "crlf": GOOD.replace(b"\n", b"\r\n"),
}


class _Reader:
    def __init__(self, parts: list[bytes]) -> None:
        self.parts = parts

    async def readany(self) -> bytes:
        return self.parts.pop(0) if self.parts else b""


def _run(parts: list[bytes]) -> tuple:
    req, gaps = Req(0, perf_counter()), array("d")
    asyncio.run(_consume(_Reader(list(parts)), req, gaps))  # type: ignore[arg-type]
    return (req.chunks, req.tokens, req.prompt_tokens, req.cached_tokens, req.finish, req.error,
            req.tool_calls, bool(req.first))


def _cuts(data: bytes) -> dict[str, list[bytes]]:
    lines = data.splitlines(keepends=True)
    return {"whole": [data], "per_line": lines, "per_7_bytes": [data[i:i + 7] for i in range(0, len(data), 7)],
            "halves": [data[: len(data) // 2], data[len(data) // 2:]]}


@pytest.mark.parametrize("name", list(STREAMS))
def test_every_cut_gives_the_same_outcome(name: str) -> None:
    outcomes = {cut: _run(parts) for cut, parts in _cuts(STREAMS[name]).items()}
    assert len(set(outcomes.values())) == 1, outcomes


def test_outcomes_of_each_stream() -> None:
    chunks, tokens, prompt, cached, finish, error, _, first = _run([GOOD])
    assert (chunks, tokens, prompt, cached, finish, error, first) == (5, 5, 7, 3, "length", None, True)
    assert _run([STREAMS["malformed"]])[5] == "malformed_stream"
    assert _run([STREAMS["no_done"]])[5] == "truncated_stream"
    assert _run([STREAMS["empty"]])[5] == "empty_stream"
    assert _run([STREAMS["error"]])[5] == "stream_error"
    assert _run([TOOL])[6] == 1 and _run([TOOL])[5] is None
