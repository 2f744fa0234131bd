"""verify against servers that close connections, stall or answer garbage: bounded, `error`, no crash."""

from __future__ import annotations

import socket
import time

import pytest

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify


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
def test_unready_servers_cost_at_most_the_wait(behaviour, fakes):
    with fakes.raw_server(behaviour) as url:
        start = time.monotonic()
        result = run_verify(VerifyOptions(url=url, wait_s=1.5, timeout_s=1.5, checks=("api", "context")))
        elapsed = time.monotonic() - start
    assert elapsed < 5, elapsed
    # no HTTP answer at all: nothing judged, so nothing failed either (exit 3, not 1)
    assert [c.status for c in result.checks] == ["not_run", "not_run"]
    assert result.server.ready is False and result.server.notes
    assert result.server.unreachable and result.server.unreachable.endswith("nothing verified")
    assert result.exit_code() == 3 and result.summary.ok is False


def test_garbage_answers_are_errors_with_what_was_seen(fakes):
    with fakes.raw_server(garbage) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=1.5, timeout_s=1.5, checks=("api", "tool_calling")))
    assert [c.status for c in result.checks] == ["error", "error"]
    assert "garbage" in result.checks[0].summary
    assert "not json" in result.checks[0].evidence["requests"][0]["response_excerpt"]


def test_ready_server_that_stalls_and_garbles_gives_errors_within_timeouts(fakes):
    with fakes.raw_server(healthy_then_stall) as url:
        start = time.monotonic()
        result = run_verify(VerifyOptions(url=url, wait_s=2, timeout_s=1.0))
        elapsed = time.monotonic() - start
    assert elapsed < 5 * 1.0 + 4, elapsed
    by_name = {c.name: c for c in result.checks}
    assert result.server.ready and result.server.model == "m"
    assert "unparseable" in " ".join(result.server.notes)
    assert by_name["api"].status == "error" and "deadline" in by_name["api"].summary
    for c in result.checks:
        assert c.status in ("error", "fail", "skip"), c
        assert c.duration_s < 1.8, c
