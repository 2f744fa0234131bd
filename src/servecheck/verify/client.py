"""The HTTP edge of verify: every request bounded by a deadline, every outcome recorded as data.

Requests raise ``ProbeError`` (a ServerError) for what a check should report as `error`: time-outs,
dropped connections, 5xx answers and garbage bodies. 4xx answers are returned, because checks
judge them (vLLM's 400 texts are evidence). The API key travels only in the Authorization header
and never appears in a record.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from servecheck.errors import ServerError

EXCERPT_CHARS = 400
# The server closed a kept-alive connection before reading the request (llama.cpp does so after
# every streamed answer while still sending Keep-Alive): safe to send again once, on a new one.
_STALE = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
STALE_NOTE = "retried once: the server had closed the kept-alive connection"


class ProbeError(ServerError):
    """A request that yielded no judgeable answer (timeout, dropped, 5xx, garbage)."""


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

    def as_dict(self) -> dict[str, Any]:
        out = {"method": self.method, "path": self.path, "request": self.request,
               "status": self.status, "elapsed_s": round(self.elapsed_s, 4)}
        if self.excerpt:
            out["response_excerpt"] = self.excerpt
        if self.error:
            out["error"] = self.error
        if self.note:
            out["note"] = self.note
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


class Client:
    """A synchronous client with split timeouts, a per-check deadline and an exchange log."""

    def __init__(self, base_url: str, api_key: str | None = None, timeout_s: float = 60.0,
                 connect_s: float = 5.0, transport: httpx.BaseTransport | None = None) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._secret = api_key
        self.timeout_s = timeout_s
        self.connect_s = connect_s
        self._http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers,
                                  transport=transport, follow_redirects=False,
                                  timeout=httpx.Timeout(timeout_s, connect=connect_s, pool=connect_s))
        self.deadline = time.monotonic() + timeout_s
        self.log: list[Exchange] = []

    def close(self) -> None:
        self._http.close()

    def start_check(self, timeout_s: float | None = None) -> None:
        self.deadline = time.monotonic() + (timeout_s or self.timeout_s)
        self.log = []

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def _timeout(self, cap: float | None) -> httpx.Timeout:
        left = self.remaining()
        if left <= 0:
            raise ProbeError(f"check time-out ({self.timeout_s:g}s) used up")
        read = min(left, cap) if cap else left
        return httpx.Timeout(read, connect=min(self.connect_s, read), pool=min(self.connect_s, read))

    def scrub(self, text: str) -> str:
        if self._secret and self._secret in text:
            text = text.replace(self._secret, "***")
        try:
            from servecheck.redact import Redactor

            text = Redactor().text(text)
        except ImportError:  # pragma: no cover - redaction module always ships
            pass
        return text[:EXCERPT_CHARS]

    def request(self, method: str, path: str, body: Any = None, note: str = "",
                cap_s: float | None = None, auth: bool = True, expect_json: bool = True) -> Reply:
        ex = Exchange(method, path, note or (f"{method} {path}"))
        self.log.append(ex)
        start = time.monotonic()
        headers = None if auth else {"Authorization": ""}
        try:
            try:
                resp = self._http.request(method, path, json=body, timeout=self._timeout(cap_s),
                                          headers=headers)
            except _STALE:
                ex.note = STALE_NOTE
                resp = self._http.request(method, path, json=body, timeout=self._timeout(cap_s),
                                          headers=headers)
            text = resp.text
        except httpx.TimeoutException as exc:
            raise self._fail(ex, start, f"timed out ({type(exc).__name__})") from exc
        except httpx.HTTPError as exc:
            raise self._fail(ex, start, f"connection failed: {type(exc).__name__}: {exc}") from exc
        ex.elapsed_s, ex.status = time.monotonic() - start, resp.status_code
        ex.excerpt = self.scrub(text)
        if resp.status_code >= 500:
            raise self._fail(ex, start, f"server error {resp.status_code}")
        parsed: Any = None
        if expect_json and text.strip():
            try:
                parsed = json.loads(text)
            except json.JSONDecodeError as exc:
                raise self._fail(ex, start, "answered garbage (not JSON)") from exc
        return Reply(resp.status_code, parsed, text, ex.elapsed_s)

    def _fail(self, ex: Exchange, start: float, message: str) -> ProbeError:
        ex.elapsed_s = time.monotonic() - start
        ex.error = self.scrub(message)
        return ProbeError(f"{ex.request}: {ex.error}")

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any, **kw: Any) -> Reply:
        return self.request("POST", path, body, **kw)

    def stream(self, path: str, body: dict[str, Any], note: str = "") -> StreamReply:
        """POST a streaming request and collect the SSE chunks (bounded by the deadline)."""
        ex = Exchange("POST", path, note or f"POST {path} stream")
        self.log.append(ex)
        start = time.monotonic()
        out = StreamReply(status=0)
        try:
            try:
                return self._stream_once(path, body, ex, out, start)
            except _STALE:
                if out.status:  # the answer had begun: a real drop, not a stale connection
                    raise
                ex.note = STALE_NOTE
            return self._stream_once(path, body, ex, out, start)
        except httpx.TimeoutException as exc:
            raise self._fail(ex, start, f"stream timed out after {out.chunks} chunk(s)") from exc
        except httpx.HTTPError as exc:
            raise self._fail(ex, start, f"stream dropped after {out.chunks} chunk(s): {type(exc).__name__}") from exc

    def _stream_once(self, path: str, body: dict[str, Any], ex: Exchange, out: StreamReply,
                     start: float) -> StreamReply:
        with self._http.stream("POST", path, json=body, timeout=self._timeout(None)) as resp:
            out.status = ex.status = resp.status_code
            if resp.status_code != 200:
                raw = resp.read().decode(errors="replace")
                ex.excerpt = self.scrub(raw)
                if resp.status_code >= 500:
                    raise self._fail(ex, start, f"server error {resp.status_code}")
                out.error_body = _json_or_text(raw)
                return out
            for line in resp.iter_lines():
                if self.remaining() <= 0:
                    raise self._fail(ex, start, f"stream still running at the check time-out ({self.timeout_s:g}s)")
                _take_line(out, line, start, ex, self)
        out.elapsed_s = ex.elapsed_s = time.monotonic() - start
        if not out.done:
            raise self._fail(ex, start, f"stream ended after {out.chunks} chunk(s) without [DONE]")
        ex.excerpt = self.scrub(out.content or json.dumps(out.tool_calls))
        return out


def _json_or_text(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def _take_line(out: StreamReply, line: str, start: float, ex: Exchange, client: Client) -> None:
    if not line.startswith("data:"):
        return
    data = line[5:].strip()
    if data == "[DONE]":
        out.done = True
        return
    try:
        chunk = json.loads(data)
    except json.JSONDecodeError as exc:
        raise client._fail(ex, start, f"garbage in stream: {data[:80]!r}") from exc
    if not isinstance(chunk, dict):
        raise client._fail(ex, start, f"garbage in stream: {data[:80]!r}")
    out.chunks += 1
    if chunk.get("usage"):
        out.usage = chunk["usage"]
    if chunk.get("timings"):
        out.timings = chunk["timings"]
    for choice in chunk.get("choices") or []:
        _take_choice(out, choice, start)


def _take_choice(out: StreamReply, choice: dict[str, Any], start: float) -> None:
    delta = choice.get("delta") or {}
    piece = delta.get("content") or choice.get("text") or ""
    calls = delta.get("tool_calls") or []
    if (piece or calls) and out.ttft_s is None:
        out.ttft_s = time.monotonic() - start
    out.content += piece
    for call in calls:
        slot = out.tool_calls.setdefault(call.get("index", 0), {"name": "", "arguments": ""})
        fn = call.get("function") or {}
        slot["name"] += fn.get("name") or ""
        slot["arguments"] += fn.get("arguments") or ""
    if choice.get("finish_reason"):
        out.finish_reason = choice["finish_reason"]
