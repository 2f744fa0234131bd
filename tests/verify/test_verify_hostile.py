"""verify against servers that close connections, stall or answer garbage: bounded, `error`, no crash."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

Behaviour = Callable[[socket.socket, bytes], None]


def _read_request(conn: socket.socket) -> bytes:
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

    def loop() -> None:
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            conns.append(conn)
            threading.Thread(target=_serve, args=(conn,), daemon=True).start()

    def _serve(conn: socket.socket) -> None:
        try:
            behaviour(conn, _read_request(conn))
        except OSError:
            pass

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


def _http(status: str, body: bytes, ctype: str = "application/json") -> bytes:
    head = f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    return head.encode() + body


def close_at_once(conn: socket.socket, request: bytes) -> None:
    conn.close()


def stall(conn: socket.socket, request: bytes) -> None:
    time.sleep(6)
    conn.close()


def garbage(conn: socket.socket, request: bytes) -> None:
    conn.sendall(_http("200 OK", b"\x00\xffnot json at all <html>", "text/html"))
    conn.close()


def healthy_then_stall(conn: socket.socket, request: bytes) -> None:
    line = request.split(b"\r\n", 1)[0]
    if b"/health" in line:
        conn.sendall(_http("200 OK", b""))
    elif b"/v1/models" in line:
        conn.sendall(_http("200 OK", b'{"data":[{"id":"m","max_model_len":4096}]}'))
    elif b"/metrics" in line:
        conn.sendall(_http("200 OK", b"garbage{{{ metrics\n", "text/plain"))
    elif b"/v1/chat" in line:
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: {\"choices\":[{\"delta\":{\"content\":\"4\"}}]}\n\n")
        time.sleep(5)
    else:
        conn.sendall(_http("404 Not Found", b'{"detail":"Not Found"}'))
    conn.close()


@pytest.mark.parametrize("behaviour", [close_at_once, stall])
def test_unready_servers_cost_at_most_the_wait(behaviour):
    with raw_server(behaviour) as url:
        start = time.monotonic()
        result = run_verify(VerifyOptions(url=url, wait_s=1.5, timeout_s=1.5, checks=("api", "context")))
        elapsed = time.monotonic() - start
    assert elapsed < 5, elapsed
    assert [c.status for c in result.checks] == ["error", "error"]
    assert result.server.ready is False and result.server.notes
    assert result.exit_code() == 1


def test_garbage_answers_are_errors_with_what_was_seen():
    with raw_server(garbage) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=1.5, timeout_s=1.5, checks=("api", "tool_calling")))
    assert [c.status for c in result.checks] == ["error", "error"]
    assert "garbage" in result.checks[0].summary
    assert "not json" in result.checks[0].evidence["requests"][0]["response_excerpt"]


def test_ready_server_that_stalls_and_garbles_gives_errors_within_timeouts():
    with raw_server(healthy_then_stall) as url:
        start = time.monotonic()
        result = run_verify(VerifyOptions(url=url, wait_s=2, timeout_s=1.0))
        elapsed = time.monotonic() - start
    assert elapsed < 5 * 1.0 + 4, elapsed
    by_name = {c.name: c for c in result.checks}
    assert result.server.ready and result.server.model == "m"
    assert "not parseable" in " ".join(result.server.notes)
    assert by_name["api"].status == "error" and "timed out" in by_name["api"].summary
    for c in result.checks:
        assert c.status in ("error", "fail", "skip"), c
        assert c.duration_s < 1.8, c
