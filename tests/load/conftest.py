"""Fixtures for the load tests: a scripted raw HTTP server on 127.0.0.1 (port 0) that misbehaves
on purpose, one behaviour per URL prefix, running on its own loop in a background thread."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator

import pytest


def frame(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def event(obj: object, compact: bool = True) -> bytes:
    text = json.dumps(obj, separators=(",", ":") if compact else None)
    return frame(f"data: {text}\n\n".encode())


def delta(d: dict, finish: str | None = None, compact: bool = True) -> bytes:
    return event({"object": "chat.completion.chunk",
                  "choices": [{"index": 0, "delta": d, "finish_reason": finish}]}, compact)


HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
        b"Connection: keep-alive\r\n\r\n")
USAGE = event({"object": "chat.completion.chunk", "choices": [],
               "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13,
                         "prompt_tokens_details": {"cached_tokens": 8}}})
DONE = frame(b"data: [DONE]\n\n") + b"0\r\n\r\n"
GOOD = (delta({"role": "assistant", "content": ""}) + delta({"content": "a"})
        + delta({"content": "b"}) + delta({"content": "c"}) + delta({}, "length") + USAGE + DONE)


def _tool(args: str) -> bytes:
    call = {"index": 0, "id": "call_1", "type": "function",
            "function": {"name": "read_file", "arguments": args}}
    return delta({"tool_calls": [call]})


async def _script(name: str, path: str, writer: asyncio.StreamWriter) -> None:
    w = writer.write
    if name == "good":
        w(HEAD + GOOD)
    elif name == "spaces":  # python's default separators: '"content": "x"'
        w(HEAD + delta({"role": "assistant", "content": ""}, compact=False)
          + delta({"content": "x"}, compact=False) + delta({"content": "y"}, compact=False)
          + delta({}, "stop", compact=False) + DONE)
    elif name == "split":  # events cut in the middle of a line across writes
        body = GOOD
        for i in range(0, len(body), 7):
            w(HEAD + body[:7] if i == 0 else body[i:i + 7])
            await writer.drain()
            await asyncio.sleep(0.001)
    elif name == "malformed":
        w(HEAD + delta({"content": "a"}) + frame(b"data: this is not json\n\n") + DONE)
    elif name == "nodone":
        w(HEAD + delta({"content": "a"}) + delta({"content": "b"}) + b"0\r\n\r\n")
    elif name == "dropped":
        w(HEAD + delta({"content": "a"}) + b"40\r\ndata: {\"cho")
        await writer.drain()
        writer.transport.abort()
        return
    elif name == "reset":
        writer.transport.abort()
        return
    elif name == "http500":
        body = b'{"error":{"message":"engine died","type":"InternalServerError","code":500}}'
        w(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
          b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    elif name == "leak":  # an error body that quotes a secret
        body = b'{"error": {"message": "bad auth header Bearer abcdefghijklmnop0123456789 for hf_abcdefghijklmnopqrstuvwxyz0123"}}'
        w(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
          b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    elif name == "stall":
        w(HEAD + delta({"role": "assistant", "content": ""}))
        await writer.drain()
        await asyncio.sleep(30)
    elif name == "streamerr":
        w(HEAD + delta({"content": "a"}) + event({"error": {"message": "boom", "code": 500}}) + DONE)
    elif name == "toolbad":
        w(HEAD + _tool('{"path": "x') + _tool('yz", ') + delta({}, "tool_calls") + DONE)
    elif name == "hungmetrics":  # a server whose /metrics never answers
        if path.endswith("/metrics"):
            await asyncio.sleep(30)
        elif path.endswith("/health"):
            w(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        elif path.endswith("/v1/models"):
            body = b'{"object": "list", "data": [{"id": "m", "max_model_len": 4096}]}'
            w(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
              % (len(body), body))
        elif path.endswith("/chat/completions"):
            w(HEAD + GOOD)
        else:
            w(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    elif name == "floodhealth":  # /health answers with more than any answer may hold
        w(b"HTTP/1.1 200 OK\r\nContent-Length: 20000000\r\n\r\n")
        for _ in range(20):
            w(b"0" * 1_000_000)
            await writer.drain()
    elif name == "toolgood":
        w(HEAD + _tool('{"path": ') + _tool('"a.txt"}') + delta({}, "tool_calls") + DONE)
    elif name == "redirect":  # the answer points at another host: never followed with the key
        w(b"HTTP/1.1 307 Temporary Redirect\r\nLocation: http://elsewhere.example:9/v1/chat/completions\r\n"
          b"Content-Length: 0\r\n\r\n")
    elif name == "empty":  # [DONE] at once, not a single token
        w(HEAD + delta({"role": "assistant", "content": ""}) + DONE)
    elif name == "toolnull":  # servers that print empty tool_calls on plain content chunks
        w(HEAD + delta({"content": "a", "tool_calls": None}) + delta({"content": "b", "tool_calls": []})
          + delta({"content": "", "tool_calls": [{"index": 0, "function": {"name": "f", "arguments": "{}"}}]})
          + DONE)
    await writer.drain()


async def _route(name: str, path: str, writer: asyncio.StreamWriter) -> None:
    """`/<script>/health` and `/<script>/v1/models` answer normally for scripts that are run
    through the engine; everything else follows the script."""
    if name in ("leak", "empty", "redirect") and path.endswith(("/health", "/v1/models", "/metrics", "/tokenize", "/version")):
        await _script("hungmetrics", path if not path.endswith("/metrics") else "/404", writer)
    else:
        await _script(name, path, writer)


async def _handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            path = head.split(b" ")[1].decode()
            await _route(path.strip("/").split("/")[0], path, writer)
            if writer.transport.is_closing():
                return
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
        pass
    finally:
        writer.close()


class ScriptedServer:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.base_events.Server | None = None

    def start(self) -> str:
        self.thread.start()
        fut = asyncio.run_coroutine_threadsafe(asyncio.start_server(_handle, "127.0.0.1", 0), self.loop)
        self.server = fut.result(5)
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        async def close() -> None:
            assert self.server is not None
            self.server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture
def scripted() -> Iterator[str]:
    server = ScriptedServer()
    url = server.start()
    try:
        yield url
    finally:
        server.stop()


# Small sim latencies: tests stay fast while the sim still streams, queues and caches.
SIM_FAST = {"ttft_base_ms": 2.0, "per_token_prefill_ms": 0.001, "itl_ms": 1.0, "output_tokens": 8}


@pytest.fixture
def fast() -> dict[str, float]:
    return dict(SIM_FAST)


@pytest.fixture
def run_stages():  # type: ignore[no-untyped-def]
    """run_stages(url, stages, out=None, **settings) -> the finished Run (8-token answers)."""
    from servecheck.load.engine import Run, run_sync
    from servecheck.load.models import Settings

    def go(url: str, stages: list, out: object = None, **settings: object) -> Run:
        run = Run(url, stages, Settings(max_tokens=8, **settings), out_dir=out,  # type: ignore[arg-type]
                  scrape_interval=0.05)
        run_sync(run, handle_sigint=False)
        return run

    return go

