"""A synchronous client on the one aiohttp stack (for verify): a private event loop, a per-check
deadline, an exchange log, and the known secrets scrubbed from everything it records.

Requests raise ``ProbeError`` for what a check should report as `error`: time-outs, dropped
connections, 5xx answers, oversize or garbage bodies. 4xx answers are returned, because checks
judge them (vLLM's 400 texts are evidence). The key travels only in the Authorization header.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp

from servecheck.errors import ServerError
from servecheck.redact import Redactor
from servecheck.server import http
from servecheck.server.escape import plain
from servecheck.server.url import Endpoint

EXCERPT_CHARS = 400
# A non-streamed answer's first byte comes after the whole generation: allow max_tokens at this
# rate on top of the first-byte bound (128 tokens: +1.3 s; the base already covers ~300 tokens
# at 30 tokens/s).
GENERATION_TOKENS_PER_S = 100.0
STALE_NOTE = "re-sent once: the server had closed the kept-alive connection"
T = TypeVar("T")


class ProbeError(ServerError):
    """A request that yielded no judgeable answer (timeout, dropped, 5xx, garbage)."""

    def __init__(self, message: str, kind: str = "error") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Exchange:
    method: str
    path: str
    request: str
    status: int | None = None
    elapsed_s: float = 0.0
    excerpt: str = ""
    error: str | None = None
    note: str | None = None
    retries: int = 0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"method": self.method, "path": self.path, "request": self.request,
                               "status": self.status, "elapsed_s": round(self.elapsed_s, 4)}
        for key in ("excerpt", "error", "note", "retries"):
            if getattr(self, key):
                out["response_excerpt" if key == "excerpt" else key] = getattr(self, key)
        return out


@dataclass
class Reply:
    status: int
    body: Any
    text: str
    elapsed_s: float


@dataclass
class StreamReply:
    status: int
    chunks: int = 0
    content: str = ""
    tool_calls: dict[int, dict[str, Any]] = field(default_factory=dict)
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    timings: dict[str, Any] | None = None
    done: bool = False
    ttft_s: float | None = None
    elapsed_s: float = 0.0
    error_body: Any = None
    arrivals: list[float] = field(default_factory=list)  # token-bearing chunk arrival times (s from start)


class Client:
    """Split time-outs, a per-check deadline, a breaker for stalling servers, an exchange log."""

    def __init__(self, endpoint: Endpoint, limits: http.Limits | None = None, timeout_s: float = 60.0) -> None:
        self.endpoint = endpoint
        self.limits = limits or http.Limits()
        self.timeout_s = timeout_s
        self.deadline = time.monotonic() + timeout_s
        self.run_deadline = float("inf")
        self.log: list[Exchange] = []
        self.stalls: list[tuple[str, str]] = []  # (kind, what) that stalled, trickled or flooded
        self._redactor = Redactor(extra_values=list(endpoint.secrets))
        self._loop = asyncio.new_event_loop()
        self._http: aiohttp.ClientSession | None = None

    # -- plumbing --------------------------------------------------------------------------
    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._loop.run_until_complete(coro)

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None:
            async def make() -> aiohttp.ClientSession:
                return http.session(self.endpoint, self.limits)
            self._http = self._run(make())
        return self._http

    def close(self) -> None:
        for task in asyncio.all_tasks(self._loop):  # left behind by Ctrl-C
            task.cancel()
        if self._http is not None:
            self._run(self._http.close())
        self._loop.close()

    def start_check(self, timeout_s: float | None = None) -> None:
        self.deadline = min(time.monotonic() + (timeout_s or self.timeout_s), self.run_deadline)
        self.log = []

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def scrub(self, text: str, limit: int = EXCERPT_CHARS) -> str:
        for secret in self.endpoint.secrets:
            text = text.replace(secret, "[REDACTED:known_value]")
        return plain(self._redactor.text(text))[:limit]

    def _total(self, cap: float | None) -> float:
        left = self.remaining()
        if left <= 0:
            raise ProbeError(f"check time-out ({self.timeout_s:g}s) used up", http.DEADLINE)
        return min(left, cap, self.limits.total_s) if cap else min(left, self.limits.total_s)

    def _fail(self, ex: Exchange, start: float, message: str, kind: str = "error") -> ProbeError:
        ex.elapsed_s = time.monotonic() - start
        ex.error = self.scrub(message)
        if kind in http.STALLS:
            self.stalls.append((kind, f"{ex.request}: {ex.error}"))
        return ProbeError(f"{ex.request}: {ex.error}", kind)

    # -- plain requests --------------------------------------------------------------------
    def request(self, method: str, path: str, body: Any = None, note: str = "", cap_s: float | None = None,
                auth: bool = True, expect_json: bool = True, first_byte_s: float | None = None,
                judge_5xx: bool = False) -> Reply:
        """One request; a 5xx raises ProbeError unless JUDGE_5XX (the check reads its text)."""
        ex = Exchange(method, path, note or f"{method} {path}")
        self.log.append(ex)
        start = time.monotonic()
        headers = None if auth else {"Authorization": ""}
        if first_byte_s is None and isinstance(body, dict) and isinstance(body.get("max_tokens"), int):
            first_byte_s = self.limits.first_byte_s + body["max_tokens"] / GENERATION_TOKENS_PER_S
        answer = self._fetch(ex, start, method, path, body, headers, cap_s, first_byte_s)
        ex.elapsed_s, ex.status = time.monotonic() - start, answer.status
        text = answer.text
        ex.excerpt = self.scrub(text)
        if answer.status >= 500 and not judge_5xx:
            raise self._fail(ex, start, f"server error {answer.status}: {self.scrub(text, 160)}", "server_error")
        parsed: Any = None
        if expect_json and text.strip():
            try:
                parsed = json.loads(text)
            except ValueError as exc:
                raise self._fail(ex, start, "answered garbage (not JSON)", "garbage") from exc
        return Reply(answer.status, parsed, text, ex.elapsed_s)

    def _fetch(self, ex: Exchange, start: float, method: str, path: str, body: Any,
               headers: dict[str, str] | None, cap_s: float | None, first_byte_s: float | None) -> http.Answer:
        for attempt in (0, 1):
            try:
                return self._run(http.fetch(self._session(), self.endpoint, method, path, body, self.limits,
                                            headers, first_byte_s, self._total(cap_s)))
            except http.Failure as exc:
                if exc.kind == http.RESET and not exc.received and attempt == 0:
                    ex.note, ex.retries = STALE_NOTE, 1  # a kept-alive connection the server had closed
                    continue
                raise self._fail(ex, start, str(exc), exc.kind) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any, **kw: Any) -> Reply:
        return self.request("POST", path, body, **kw)

    # -- streams ---------------------------------------------------------------------------
    def stream(self, path: str, body: dict[str, Any], note: str = "", first_byte_s: float | None = None) -> StreamReply:
        """POST a streaming request and collect the SSE chunks (every bound of `Limits` applies)."""
        ex = Exchange("POST", path, note or f"POST {path} stream")
        self.log.append(ex)
        start = time.monotonic()
        for attempt in (0, 1):
            out = StreamReply(status=0)
            try:
                self._run(self._collect(path, body, out, start, first_byte_s))
                break
            except http.Failure as exc:
                if exc.kind == http.RESET and not exc.received and attempt == 0:
                    ex.note, ex.retries = STALE_NOTE, 1
                    continue
                kind = "reset" if exc.kind == http.RESET else exc.kind
                raise self._fail(ex, start, f"stream failed after {out.chunks} chunk(s): {exc}", kind) from exc
            except _Garbage as exc:
                raise self._fail(ex, start, str(exc), "garbage") from exc
        return self._finish(ex, out, start)

    def _finish(self, ex: Exchange, out: StreamReply, start: float) -> StreamReply:
        out.elapsed_s = ex.elapsed_s = time.monotonic() - start
        ex.status = out.status
        if out.status >= 500:
            raise self._fail(ex, start, f"server error {out.status}: {self.scrub(str(out.error_body), 160)}",
                             "server_error")
        if out.status != 200:
            ex.excerpt = self.scrub(str(out.error_body))
            return out
        if not out.done:
            raise self._fail(ex, start, f"stream ended after {out.chunks} chunk(s) without [DONE]", "truncated")
        ex.excerpt = self.scrub(out.content or json.dumps(out.tool_calls))
        return out

    async def _collect(self, path: str, body: dict[str, Any], out: StreamReply, start: float,
                       first_byte_s: float | None) -> None:
        events = http.sse(self._session(), self.endpoint, path, body, self.limits, first_byte_s, self._total(None))
        async for item in events:
            if isinstance(item, http.SSEOpen):
                out.status = item.status
                if item.status != 200:
                    out.error_body = _json_or_text(item.error_raw.decode("utf-8", errors="replace"))
                continue
            if take_event(out, item[1], item[0] - start):
                await events.aclose()
                return


class _Garbage(Exception):
    pass


def _json_or_text(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def take_event(out: StreamReply, data: bytes, at: float) -> bool:
    """Fold one SSE data payload into OUT; True at [DONE]."""
    if data == b"[DONE]":
        out.done = True
        return True
    try:
        chunk = json.loads(data)
    except ValueError as exc:
        raise _Garbage(f"garbage in stream: {data[:80]!r}") from exc
    if not isinstance(chunk, dict):
        raise _Garbage(f"garbage in stream: {data[:80]!r}")
    out.chunks += 1
    if chunk.get("usage"):
        out.usage = chunk["usage"]
    if chunk.get("timings"):
        out.timings = chunk["timings"]
    if chunk.get("error"):
        out.error_body = chunk
    for choice in chunk.get("choices") or []:
        if isinstance(choice, dict):
            _take_choice(out, choice, at)
    return False


def _take_choice(out: StreamReply, choice: dict[str, Any], at: float) -> None:
    delta = choice.get("delta") or {}
    piece = delta.get("content") or choice.get("text") or ""
    calls = delta.get("tool_calls") or []
    if piece or calls:
        if out.ttft_s is None:
            out.ttft_s = at
        out.arrivals.append(at)
    out.content += str(piece)
    for call in calls:
        slot = out.tool_calls.setdefault(call.get("index", 0), {"name": "", "arguments": ""})
        if call.get("id"):
            slot["id"] = call["id"]
        fn = call.get("function") or {}
        slot["name"] += fn.get("name") or ""
        slot["arguments"] += fn.get("arguments") or ""
    if choice.get("finish_reason"):
        out.finish_reason = choice["finish_reason"]
