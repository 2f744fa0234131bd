"""The one HTTP stack: every bound holds and every failure is named."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from servecheck.server import http
from servecheck.server.metrics import parse
from servecheck.server.url import parse_url

FAST = http.Limits(connect_s=1, first_byte_s=1, idle_s=1, total_s=3, body_bytes=64 * 1024, line_bytes=4096)


def _fetch(url: str, limits: http.Limits = FAST, path: str = "/x") -> http.Answer:
    async def go() -> http.Answer:
        ep = parse_url(url)
        async with http.session(ep, limits) as s:
            return await http.fetch(s, ep, "GET", path, limits=limits)

    return asyncio.run(go())


def _failure(url: str, limits: http.Limits = FAST) -> http.Failure:
    with pytest.raises(http.Failure) as err:
        _fetch(url, limits)
    return err.value


def test_silent_server_is_a_first_byte_timeout(fakes):
    with fakes.raw_server(lambda conn, req: time.sleep(3)) as url:
        start = time.monotonic()
        failure = _failure(url)
    assert failure.kind == http.FIRST_BYTE_TIMEOUT and time.monotonic() - start < 2


def test_trickle_hits_the_total_deadline(fakes):
    with fakes.raw_server(lambda c, r: fakes.trickle(c, r, every_s=0.3, stop=5)) as url:
        start = time.monotonic()
        failure = _failure(url)
    assert failure.kind == http.DEADLINE and failure.received > 0 and time.monotonic() - start < 4


def test_endless_body_is_cut_at_the_cap(fakes):
    with fakes.raw_server(fakes.endless) as url:
        failure = _failure(url)
    assert failure.kind == http.TOO_LARGE and failure.received <= FAST.body_bytes + (1 << 20)


def test_refused_and_dns_are_named():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    assert _failure(f"http://127.0.0.1:{port}").kind == http.REFUSED
    assert _failure("http://servecheck-no-such-host.invalid:1").kind == http.DNS


def test_redirect_to_another_host_is_refused(fakes):
    redirect = fakes.http_bytes("302 Found", b"", extra="Location: http://elsewhere.example:9/v1/x\r\n")
    with fakes.raw_server(lambda c, r: c.sendall(redirect)) as url:
        failure = _failure(url)
    assert failure.kind == http.REDIRECT and "another host (elsewhere.example:9) refused" in str(failure)


def test_reset_before_any_answer(fakes):
    with fakes.raw_server(lambda c, r: c.close()) as url:
        assert _failure(url).kind == http.RESET


def test_sse_line_cap(fakes):
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"

    def long_line(conn, request):
        conn.sendall(head + b"data: " + b"x" * 20000)
        time.sleep(1)

    async def go(url: str) -> None:
        ep = parse_url(url)
        async with http.session(ep, FAST) as s:
            async for _ in http.sse(s, ep, "/x", {}, FAST):
                pass

    with fakes.raw_server(long_line) as url, pytest.raises(http.Failure) as err:
        asyncio.run(go(url))
    assert err.value.kind == http.TOO_LARGE and "line" in str(err.value)


def test_one_metric_table_for_every_family():
    v1 = parse("vllm:prefix_cache_queries_total{engine=\"0\"} 10\nvllm:prefix_cache_queries_total{engine=\"1\"} 5\n")
    assert v1.counter("prefix_queries") == 15 and v1.family == "vllm" and v1.engines == {"0", "1"}
    sg = parse("sglang:num_running_reqs 3\nsglang:prompt_tokens_total 100\n")
    assert sg.family == "sglang" and sg.gauge("running") == 3 and sg.counter("prompt_tokens") == 100
    ll = parse("llamacpp:prompt_tokens_total 10\nllamacpp:prompt_tokens_cached_total 30\n")
    assert ll.family == "llamacpp" and ll.counter("prefix_hits") == 30 and ll.counter("prefix_queries") == 40
    assert not parse("{{{ garbage").ok


def test_a_garbage_metrics_page_is_a_reason_with_no_control_characters():
    """The parser's error quotes the server's bytes; the reason shows them escaped, so garbage
    (an ESC sequence among them) never reaches the terminal as a control."""
    scrape = parse("\x1b[2J\x07bad\n")
    assert not scrape.ok and scrape.reason.startswith("unparseable /metrics")
    assert not any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f for c in scrape.reason), scrape.reason
