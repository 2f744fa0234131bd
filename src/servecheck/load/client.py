"""The hot path: send one streamed chat request and time it, honestly and cheaply.

Every request becomes a `Req`, whatever happens to it: a timeout, a reset connection, an HTTP
error or a stream that stops half-way is a recorded outcome (`error` is its kind), never an
exception. Timing starts at the moment the request was *due* (given by the caller), so time spent
waiting for a free connection or for the client's own event loop counts against the client, not
in its favour.

The SSE parser is deliberately minimal: a data line is checked for JSON shape and searched with
one compiled regex for a non-empty token field; `json.loads` runs only for the few chunks that
carry usage, tool calls or an error. On a one-core client this is the difference between
measuring the server and measuring ourselves (see bench/load_client.py).
"""

from __future__ import annotations

import asyncio
import json
import re
from array import array
from time import perf_counter

import aiohttp

from servecheck.server import http
from servecheck.server.url import Endpoint, parse_url

# Error kinds, as recorded in `Req.error` and counted per stage.
TIMEOUT = "timeout"
CONNECTION_RESET = "connection_reset"
CONNECTION_REFUSED = "connection_refused"
MALFORMED = "malformed_stream"
TRUNCATED = "truncated_stream"
TOOL_CALL_PARSE = "tool_call_parse"
STREAM_ERROR = "stream_error"  # the server reported an error inside a 200 stream
CLIENT_ERROR = "client_error"
EMPTY_STREAM = "empty_stream"  # [DONE] without a single token: a failure, not a fast success
DNS, TLS, REDIRECT = http.DNS, http.TLS, http.REDIRECT

# A token-bearing delta: content / reasoning / completion text whose string value is not empty.
_TOKEN = re.compile(rb'"(?:content|reasoning|reasoning_content|text)"\s*:\s*"[^"]')
_USAGE = re.compile(rb'"usage"\s*:\s*\{')
_ERROR = re.compile(rb'"error"\s*:|"object"\s*:\s*"error"')
_TOOL_CALLS = re.compile(rb'"tool_calls"\s*:\s*\[\s*\{')
_FINISH = re.compile(rb'"finish_reason"\s*:\s*"(\w+)"')
_ERROR_BODY_LIMIT = 4096


class Req:
    """One request's outcome. Times are perf_counter seconds; `due` is when it should have left."""

    __slots__ = (
        "index", "due", "first", "last", "end", "chunks", "tokens", "prompt_tokens",
        "cached_tokens", "error", "http_status", "detail", "finish", "tool_calls", "incomplete",
        "retried",
    )

    def __init__(self, index: int, due: float) -> None:
        self.index = index
        self.due = due
        self.first = 0.0
        self.last = 0.0
        self.end = 0.0
        self.chunks = 0
        self.tokens: int | None = None
        self.prompt_tokens: int | None = None
        self.cached_tokens: int | None = None
        self.error: str | None = None
        self.http_status: int | None = None
        self.detail: str | None = None
        self.finish: str | None = None
        self.tool_calls = 0
        self.incomplete = False
        self.retried = False

    @property
    def ok(self) -> bool:
        return self.error is None and not self.incomplete

    @property
    def ttft(self) -> float | None:
        return self.first - self.due if self.first else None

    @property
    def e2e(self) -> float | None:
        return self.end - self.due if self.end and not self.incomplete else None

    @property
    def out_tokens(self) -> int:
        return self.tokens if self.tokens is not None else self.chunks


class Target:
    """Where and how requests are sent: the server layer's Endpoint (auth from the key or the URL's
    credentials, never kept in the URL), fixed headers, per-request bounds."""

    def __init__(self, url: str | Endpoint, api_key: str | None = None, timeout: float = 120.0,
                 read_s: float = 60.0) -> None:
        self.endpoint = url if isinstance(url, Endpoint) else parse_url(url, api_key)
        self.base_url = self.endpoint.base_url
        self.chat_url = self.base_url + "/v1/chat/completions"
        self.headers = {"Content-Type": "application/json", "Accept": "text/event-stream",
                        **self.endpoint.headers}
        self.timeout = timeout
        self.read_s = min(read_s, timeout)

    def session(self, limit: int = 0, force_close: bool = False) -> aiohttp.ClientSession:
        """The server layer's session with no hidden connection queue (limit 0 = one connection
        per request). sock_read bounds the wait for the first byte and every gap after it (one
        bound, no per-read timer on the hot path); total bounds the whole request. The Target's
        own headers go with each request (the endpoint's auth is in them)."""
        limits = http.Limits(connect_s=min(10.0, self.timeout))
        return http.session(Endpoint(self.base_url), limits, limit, force_close,
                            total_s=self.timeout, read_s=self.read_s)


RETRIED_NOTE = "re-sent once: the server had closed the kept-alive connection"


async def send(session: aiohttp.ClientSession, target: Target, body: bytes, req: Req,
               gaps: array | None = None) -> Req:
    """Send one streamed chat request; fill `req`; append its inter-token gaps (s) to `gaps`
    once it has succeeded (a failed request's gaps are not the server's ITL).

    A pooled connection that the server closed before reading the request (llama.cpp closes
    after every stream while announcing Keep-Alive) fails at once with no answer at all: such a
    request is sent once more on a new connection and marked `retried` (counted as a retry, not
    as a plain success); its time still counts from when it was due."""
    mine = array("d")
    if await _send_once(session, target, body, req, mine) and not req.retried:
        req.retried = True
        req.error = req.detail = None
        del mine[:]
        async with target.session(force_close=True) as fresh:  # a new connection, never a pooled one
            await _send_once(fresh, target, body, req, mine)
        req.detail = req.detail or RETRIED_NOTE
    req.end = perf_counter()
    if gaps is not None and req.ok:
        gaps.extend(mine)
    return req


async def _send_once(session: aiohttp.ClientSession, target: Target, body: bytes, req: Req,
                     gaps: array) -> bool:
    """One attempt; True when it failed on a stale connection before any answer."""
    try:
        async with session.post(target.chat_url, data=body, headers=target.headers,
                                allow_redirects=False) as resp:
            req.http_status = resp.status
            if 300 <= resp.status < 400:
                req.error = REDIRECT
                req.detail = str(http.refuse_redirect(target.endpoint, resp.status, resp.headers.get("Location")))
            elif resp.status != 200:
                req.error = f"http_{resp.status}"
                req.detail = _excerpt(await resp.content.read(_ERROR_BODY_LIMIT))
            else:
                await _consume(resp.content, req, gaps)
    except asyncio.CancelledError:
        req.incomplete = True
        raise
    except TimeoutError:
        req.error = TIMEOUT
    except aiohttp.ClientPayloadError as exc:
        req.error, req.detail = TRUNCATED, _short(exc)
    except aiohttp.ClientConnectorError as exc:  # DNS, TLS or refused: named apart
        failure = http.classify(exc)
        req.error, req.detail = (failure.kind if failure.kind in (DNS, TLS) else CONNECTION_REFUSED), str(failure)[:300]
    except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError, ConnectionError) as exc:
        req.error = TRUNCATED if req.chunks else CONNECTION_RESET
        req.detail = _short(exc)
        return req.http_status is None and not req.chunks
    except aiohttp.ClientError as exc:
        req.error, req.detail = CLIENT_ERROR, _short(exc)
    return False


async def _consume(content: aiohttp.StreamReader, req: Req, gaps: array) -> None:
    """Read whatever has arrived (one await per socket read, not per line) and scan its lines;
    tokens that arrived together share the arrival time, which is what the client saw."""
    token, usage, error = _TOKEN.search, _USAGE.search, _ERROR.search
    last_payload = b""
    tool_args: dict[int, list[str]] = {}
    tail = b""
    while data := await content.readany():
        now = perf_counter()
        lines = (tail + data if tail else data).split(b"\n")
        tail = lines.pop()
        for line in lines:
            if not line.startswith(b"data:"):
                continue
            payload = line[5:].strip()
            if payload == b"[DONE]":
                req.finish = _finish(last_payload)
                _check_tools(tool_args, req)
                if not req.chunks and req.error is None:
                    req.error, req.detail = EMPTY_STREAM, "stream ended with [DONE] before any token"
                while await content.readany():  # let the connection be reused
                    pass
                return
            if payload[:1] != b"{" or payload[-1:] != b"}":
                req.error, req.detail = MALFORMED, _excerpt(payload)
                return
            tool = b'"tool_calls"' in payload and _TOOL_CALLS.search(payload) is not None
            if tool and not _tool_args(payload, req, tool_args):
                return
            if tool or token(payload) is not None:
                if req.first:
                    if now != req.last:  # chunks of one read arrived together: not a 0 ms gap
                        gaps.append(now - req.last)
                else:
                    req.first = now
                req.last = now
                req.chunks += 1
            if (b'"usage"' in payload and usage(payload) is not None) or (
                    b'"error"' in payload and error(payload) is not None):
                if not _special(payload, req):
                    return
            else:
                last_payload = payload
    req.error = TRUNCATED
    req.detail = f"stream ended without [DONE] after {req.chunks} chunks"


def _finish(payload: bytes) -> str | None:
    found = _FINISH.search(payload)
    return found.group(1).decode() if found else None


def _special(payload: bytes, req: Req) -> bool:
    """A usage or error chunk: parse it fully. Returns False when the request has failed."""
    try:
        obj = json.loads(payload)
    except ValueError:
        req.error, req.detail = MALFORMED, _excerpt(payload)
        return False
    if not isinstance(obj, dict):
        req.error, req.detail = MALFORMED, _excerpt(payload)
        return False
    if "error" in obj or obj.get("object") == "error":
        req.error, req.detail = STREAM_ERROR, _excerpt(payload)
        return False
    usage = obj.get("usage") or {}
    if isinstance(usage, dict):
        req.tokens = usage.get("completion_tokens", req.tokens)
        req.prompt_tokens = usage.get("prompt_tokens", req.prompt_tokens)
        details = usage.get("prompt_tokens_details") or {}
        if isinstance(details, dict) and details.get("cached_tokens") is not None:
            req.cached_tokens = details["cached_tokens"]
    return True


def _tool_args(payload: bytes, req: Req, tool_args: dict[int, list[str]]) -> bool:
    """Collect streamed tool-call argument fragments (a tool-call chunk counts as a token)."""
    try:
        choices = json.loads(payload).get("choices") or []
    except (ValueError, AttributeError):
        req.error, req.detail = MALFORMED, _excerpt(payload)
        return False
    for choice in choices:
        for call in (choice.get("delta") or {}).get("tool_calls") or []:
            fn = call.get("function") or {}
            tool_args.setdefault(call.get("index", 0), []).append(fn.get("arguments") or "")
    return True


def _check_tools(tool_args: dict[int, list[str]], req: Req) -> None:
    req.tool_calls = len(tool_args)
    for index, parts in sorted(tool_args.items()):
        text = "".join(parts)
        try:
            json.loads(text or "{}")
        except ValueError:
            req.error = TOOL_CALL_PARSE
            req.detail = f"tool call {index}: arguments are not JSON: {_excerpt(text.encode())}"
            return


def _excerpt(data: bytes) -> str:
    return data[:300].decode("utf-8", errors="replace").strip()


def _short(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]
