"""The one HTTP stack (aiohttp) for verify and load: bounded requests whose failures are named.

Every request is bounded four ways (`Limits`): connect, first byte (the answer's headers and its
first body bytes), idle (the longest gap between two reads) and a total deadline; every body and
every SSE line has a size cap. Redirects are never followed: a redirect to another host is refused
with a message that names it (a request must never carry the key elsewhere). DNS, TLS, refused and
reset connections are told apart (`Failure.kind`).
"""

from __future__ import annotations

import ast
import asyncio
import json
import re
import ssl
import time
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from servecheck.errors import ServerError
from servecheck.server.url import Endpoint

# Failure kinds, shared by verify's records and load's error counts.
DNS, TLS, REFUSED, RESET, CONNECT_TIMEOUT = "dns", "tls", "connection_refused", "connection_reset", "connect_timeout"
FIRST_BYTE_TIMEOUT, IDLE_TIMEOUT, DEADLINE = "first_byte_timeout", "idle_timeout", "deadline"
TOO_LARGE, REDIRECT, PROTOCOL, TRICKLE = "too_large", "redirect_refused", "protocol_error", "trickle"
# Kinds that mean the server is stuck or pathological (verify stops asking after them) ...
STALLS = (FIRST_BYTE_TIMEOUT, IDLE_TIMEOUT, DEADLINE, TOO_LARGE, TRICKLE)
# ... at once after one of these (a server that floods or trickles once does it again).
PATHOLOGICAL = (DEADLINE, TOO_LARGE, TRICKLE)
# A body slower than this after TRICKLE_AFTER_S is trickling: an SSE token event is 80+ bytes,
# so 16 B/s is slower than one token every 5 s.
TRICKLE_BPS, TRICKLE_AFTER_S = 16.0, 15.0


@dataclass(frozen=True)
class Limits:
    connect_s: float = 5.0
    first_byte_s: float = 10.0
    idle_s: float = 10.0
    total_s: float = 60.0
    body_bytes: int = 8 * 2**20
    line_bytes: int = 2**20


class Failure(ServerError):
    """A request that gave no judgeable answer; `kind` is one of the constants above."""

    def __init__(self, kind: str, message: str, received: int = 0) -> None:
        super().__init__(message)
        self.kind, self.received = kind, received


@dataclass
class Answer:
    status: int
    raw: bytes
    elapsed_s: float
    location: str | None = None

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", errors="replace")

    def json(self) -> Any:
        try:
            return json.loads(self.raw) if self.raw.strip() else None
        except ValueError:
            return None


def session(endpoint: Endpoint, limits: Limits, limit: int = 0, force_close: bool = False,
            total_s: float | None = None, read_s: float | None = None) -> aiohttp.ClientSession:
    """A session with the endpoint's auth headers and no hidden connection queue (limit 0).

    verify bounds each read itself (`fetch`, `sse`); load's hot path passes TOTAL_S and READ_S
    instead (aiohttp's own timers: no per-read timer of ours on the hot path)."""
    connector = aiohttp.TCPConnector(limit=limit, limit_per_host=0, ttl_dns_cache=300, force_close=force_close)
    timeout = aiohttp.ClientTimeout(total=total_s, sock_connect=limits.connect_s, sock_read=read_s)
    return aiohttp.ClientSession(connector=connector, timeout=timeout, headers=endpoint.headers,
                                 auto_decompress=False)


def classify(exc: BaseException, received: int = 0) -> Failure:
    """Name what went wrong on the way to an answer."""
    if isinstance(exc, Failure):
        return exc
    text = f"{type(exc).__name__}: {exc}"[:300]
    dns = getattr(aiohttp, "ClientConnectorDNSError", None)
    if (dns is not None and isinstance(exc, dns)) or "Name or service not known" in text or "getaddrinfo" in text:
        return Failure(DNS, f"DNS: the host name does not resolve ({text})")
    if isinstance(exc, aiohttp.ClientConnectorCertificateError | aiohttp.ClientSSLError | ssl.SSLError):
        return Failure(TLS, f"TLS: the handshake failed ({text})")
    if isinstance(exc, aiohttp.ClientConnectorError):
        if isinstance(exc.os_error, ConnectionRefusedError) or "refused" in text.lower():
            return Failure(REFUSED, f"connection refused: nothing listens there ({text})")
        return Failure(REFUSED, f"cannot connect ({text})")
    if isinstance(exc, aiohttp.ServerTimeoutError | asyncio.TimeoutError):
        return Failure(CONNECT_TIMEOUT, f"no connection within the connect time-out ({text})")
    if isinstance(exc, aiohttp.ServerDisconnectedError | aiohttp.ClientOSError | ConnectionError
                  | aiohttp.ClientPayloadError):
        return Failure(RESET, f"connection reset after {received} bytes ({text})", received)
    if "bad status line" in text.lower():
        size = _garbage_size(str(getattr(exc, "message", exc)))
        return Failure(PROTOCOL, f"not an HTTP server (answered {size}non-HTTP data)", received)
    return Failure(PROTOCOL, f"HTTP protocol error ({text})", received)


def _garbage_size(message: str) -> str:
    """"N bytes of " from the status line that aiohttp quotes as a bytes literal (the raw bytes
    themselves are noise in a summary), or "" when it cannot be read back."""
    found = re.search(r"b(['\"]).*\1", message, re.DOTALL)
    try:
        raw = ast.literal_eval(found.group(0)) if found else None
    except (ValueError, SyntaxError):
        raw = None
    return f"{len(raw)} bytes of " if isinstance(raw, bytes) and raw else ""


def refuse_redirect(endpoint: Endpoint, status: int, location: str | None) -> Failure:
    target = urlsplit(location or "")
    where = target.netloc.rpartition("@")[2]
    if where and where != endpoint.host:
        return Failure(REDIRECT, f"HTTP {status}: redirect to another host ({where}) refused; "
                                 "give that server's URL if it is the one to test")
    return Failure(REDIRECT, f"HTTP {status}: redirect to {target.path or location!r} not followed; "
                             "give the final URL")


class _Clock:
    """The three time bounds of one request: first byte, idle gap, total deadline."""

    def __init__(self, limits: Limits, first_byte_s: float | None, total_s: float | None) -> None:
        self.start = time.monotonic()
        self.deadline = self.start + (total_s if total_s is not None else limits.total_s)
        self.first_byte_s = first_byte_s if first_byte_s is not None else limits.first_byte_s
        self.idle_s = limits.idle_s
        self.received = 0

    def wait(self, first: bool) -> tuple[float, str]:
        now = time.monotonic()
        took = now - self.start
        if self.received and took > TRICKLE_AFTER_S and self.received / took < TRICKLE_BPS:
            raise Failure(TRICKLE, f"the answer trickles: {self.received} bytes in {took:.0f}s "
                                   f"(under {TRICKLE_BPS:g} bytes/s)", self.received)
        left = self.deadline - now
        bound, kind = (self.first_byte_s, FIRST_BYTE_TIMEOUT) if first else (self.idle_s, IDLE_TIMEOUT)
        if left <= bound:
            return max(left, 0.0), DEADLINE
        return bound, kind

    def fail(self, kind: str) -> Failure:
        took = time.monotonic() - self.start
        if kind == DEADLINE:
            what = "still arriving" if self.received else "no answer"
            return Failure(DEADLINE, f"request deadline reached after {took:.1f}s ({what}, "
                                     f"{self.received} bytes received)", self.received)
        bound = self.first_byte_s if kind == FIRST_BYTE_TIMEOUT else self.idle_s
        what = "no answer" if kind == FIRST_BYTE_TIMEOUT else "the answer stopped"
        hint = " (a slow model? raise --first-byte)" if kind == FIRST_BYTE_TIMEOUT else ""
        return Failure(kind, f"{what}: nothing for {bound:g}s after {self.received} bytes{hint}", self.received)


async def _timed(clock: _Clock, first: bool, make: Any) -> Any:
    """Await MAKE() under the clock's bound (MAKE is called only once the clock allows it)."""
    bound, kind = clock.wait(first)
    try:
        return await asyncio.wait_for(make(), bound)
    except TimeoutError:
        raise clock.fail(kind) from None


async def fetch(http: aiohttp.ClientSession, endpoint: Endpoint, method: str, path: str, body: Any = None,
                limits: Limits = Limits(), headers: dict[str, str] | None = None,
                first_byte_s: float | None = None, total_s: float | None = None) -> Answer:
    """One request, body read whole (up to the cap). Raises Failure."""
    clock = _Clock(limits, first_byte_s, total_s)
    try:
        ctx = http.request(method, endpoint.url(path), json=body, headers=headers, allow_redirects=False)
        resp = await _timed(clock, True, ctx.__aenter__)
        try:
            if 300 <= resp.status < 400:
                raise refuse_redirect(endpoint, resp.status, resp.headers.get("Location"))
            raw = await _read_all(resp.content, clock, limits.body_bytes)
        finally:
            resp.release()
    except (aiohttp.ClientError, OSError, ssl.SSLError) as exc:
        raise classify(exc, clock.received) from exc
    return Answer(resp.status, raw, time.monotonic() - clock.start)


async def _read_all(content: aiohttp.StreamReader, clock: _Clock, cap: int) -> bytes:
    parts: list[bytes] = []
    while data := await _timed(clock, clock.received == 0, content.readany):
        clock.received += len(data)
        if clock.received > cap:
            raise Failure(TOO_LARGE, f"answer larger than {cap // 2**20} MiB: not read further", clock.received)
        parts.append(data)
    return b"".join(parts)


@dataclass
class SSEOpen:
    status: int
    error_raw: bytes = b""


async def sse(http: aiohttp.ClientSession, endpoint: Endpoint, path: str, body: Any,
              limits: Limits = Limits(), first_byte_s: float | None = None,
              total_s: float | None = None) -> AsyncGenerator[tuple[float, bytes] | SSEOpen, None]:
    """POST a streaming request; yield SSEOpen(status) first, then (arrival time, data payload)
    for each `data:` line. A non-200 answer yields SSEOpen with its (capped) body and ends."""
    clock = _Clock(limits, first_byte_s, total_s)
    try:
        ctx = http.post(endpoint.url(path), json=body, allow_redirects=False)
        resp = await _timed(clock, True, ctx.__aenter__)
        try:
            if 300 <= resp.status < 400:
                raise refuse_redirect(endpoint, resp.status, resp.headers.get("Location"))
            if resp.status != 200:
                yield SSEOpen(resp.status, await _read_all(resp.content, clock, 64 * 1024))
                return
            yield SSEOpen(200)
            async for item in _lines(resp.content, clock, limits):
                yield item
        finally:
            resp.release()
    except (aiohttp.ClientError, OSError, ssl.SSLError) as exc:
        raise classify(exc, clock.received) from exc


async def _lines(content: aiohttp.StreamReader, clock: _Clock, limits: Limits) -> AsyncIterator[tuple[float, bytes]]:
    tail = b""
    while data := await _timed(clock, clock.received == 0, content.readany):
        now = time.monotonic()
        clock.received += len(data)
        if clock.received > limits.body_bytes:
            raise Failure(TOO_LARGE, f"stream longer than {limits.body_bytes // 2**20} MiB: not read further",
                          clock.received)
        lines = (tail + data).split(b"\n")
        tail = lines.pop()
        if len(tail) > limits.line_bytes:
            raise Failure(TOO_LARGE, f"one stream line longer than {limits.line_bytes // 1024} KiB", clock.received)
        for line in lines:
            if line.startswith(b"data:"):
                yield now, line[5:].strip()
