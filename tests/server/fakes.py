"""Servers on 127.0.0.1 for tests: a JSON handler server (aiohttp in a thread) and a raw socket
server whose behaviour per connection is a function (misbehaving servers)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from aiohttp import web

# handler(method, path, json body or None, headers) -> (status, body) or (status, body, headers)
Handler = Callable[[str, str, Any, dict[str, str]], tuple[Any, ...]]
Behaviour = Callable[[socket.socket, bytes], None]


@contextmanager
def json_server(handler: Handler) -> Iterator[str]:
    """An HTTP server whose answers come from HANDLER; dict/list bodies are sent as JSON."""
    async def any_route(request: web.Request) -> web.StreamResponse:
        raw = await request.read()
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw
        status, payload, *rest = handler(request.method, request.path, body, dict(request.headers))
        headers = rest[0] if rest else None
        if isinstance(payload, dict | list):
            return web.json_response(payload, status=status, headers=headers)
        if isinstance(payload, bytes):
            return web.Response(status=status, body=payload, headers=headers)
        return web.Response(status=status, text=str(payload or ""), headers=headers)

    loop = asyncio.new_event_loop()
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", any_route)
    runner = web.AppRunner(app)
    loop.run_until_complete(runner.setup())
    site = web.TCPSite(runner, "127.0.0.1", 0)
    loop.run_until_complete(site.start())
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


def read_request(conn: socket.socket) -> bytes:
    conn.settimeout(2)
    data = b""
    try:
        while b"\r\n\r\n" not in data and len(data) < 65536:
            chunk = conn.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data


@contextmanager
def raw_server(behaviour: Behaviour) -> Iterator[str]:
    """A socket server on 127.0.0.1:0 that applies BEHAVIOUR to each connection (bounded)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(64)
    srv.settimeout(0.1)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def serve(conn: socket.socket) -> None:
        try:
            behaviour(conn, read_request(conn))
        except OSError:
            pass

    def loop() -> None:
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            conns.append(conn)
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(2)
        for conn in conns:
            conn.close()
        srv.close()


def http_bytes(status: str, body: bytes, ctype: str = "application/json", extra: str = "") -> bytes:
    head = (f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n{extra}"
            "Connection: close\r\n\r\n")
    return head.encode() + body


def path_of(request: bytes) -> str:
    line = request.split(b"\r\n", 1)[0].decode(errors="replace").split(" ")
    return line[1] if len(line) > 1 else ""


def trickle(conn: socket.socket, request: bytes, every_s: float = 2.0, stop: float = 120.0) -> None:
    """Headers at once (200), then one body byte every EVERY_S seconds, for at most STOP seconds."""
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
    end = time.monotonic() + stop
    while time.monotonic() < end:
        conn.sendall(b" ")
        time.sleep(every_s)


def trickle_chat(conn: socket.socket, request: bytes, flood: bool = False) -> None:
    """Ready and discoverable at once; every other answer trickles one byte every 2 s (or, with
    FLOOD, streams fast and never ends)."""
    path = path_of(request)
    if path == "/health":
        conn.sendall(http_bytes("200 OK", b""))
    elif path == "/v1/models":
        conn.sendall(http_bytes("200 OK", b'{"data":[{"id":"m","owned_by":"vllm","max_model_len":4096}]}'))
    elif path in ("/metrics", "/version", "/tokenize"):
        conn.sendall(http_bytes("404 Not Found", b""))
    else:
        (endless if flood else trickle)(conn, request)
    conn.close()


def endless_chat(conn: socket.socket, request: bytes) -> None:
    trickle_chat(conn, request, flood=True)


def endless(conn: socket.socket, request: bytes) -> None:
    """A fast body that never ends (chunked SSE-looking data, as fast as the socket takes it)."""
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
    piece = b'data: {"choices":[{"delta":{"content":"x"}}]}\n\n' * 200
    frame = b"%x\r\n%s\r\n" % (len(piece), piece)
    end = time.monotonic() + 120
    while time.monotonic() < end:
        conn.sendall(frame)
