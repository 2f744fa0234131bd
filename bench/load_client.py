"""Is `servecheck load` fast and honest enough not to distort what it measures?

Starts two streaming chat servers of our own on loopback (pinned to CPU 0), each keeping
server-side truth (requests served, true TTFT, true inter-token gaps):
  instant: all 64 tokens at once; paced: first token after 20 ms, then one every 10 ms.
Drives each at concurrency 1, 16, 64, 256 (client pinned to CPU 1, one fresh process per point)
with servecheck's load engine and, in the same run, a minimal aiohttp+uvloop client, a peer that
reads with `iter_any` and json-parses every event (the load client must be >= 1.5x it) (and, with
--stacks, an httpx client and the engine on the default asyncio loop). --peers would add AIPerf
and GuideLLM from a separate virtualenv (SERVECHECK_PEERS_VENV); they are reported as not
installed when absent.

    .venv/bin/python bench/load_client.py            # full table (about a minute)
    .venv/bin/python bench/load_client.py --quick    # fewer requests per point
    .venv/bin/python bench/load_client.py --repeat 3 --stacks   # medians of 3 runs per point
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

TOKENS = 64
TTFT_S, ITL_S = 0.020, 0.010
CONCURRENCY = (1, 16, 64, 256)

# -- the servers ---------------------------------------------------------------------------


def _frame(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _sse(obj: dict) -> bytes:
    return _frame(b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n")


def _chunk(delta: dict, finish: str | None = None) -> bytes:
    return _sse({"id": "b", "object": "chat.completion.chunk", "model": "bench",
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})


HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n")
FIRST = _chunk({"role": "assistant", "content": ""}) + _chunk({"content": "t0"})
TOKEN = [_chunk({"content": f" t{i}"}) for i in range(1, TOKENS)]
TAIL = (_chunk({}, "length")
        + _sse({"id": "b", "object": "chat.completion.chunk", "model": "bench", "choices": [],
                "usage": {"prompt_tokens": 12, "completion_tokens": TOKENS, "total_tokens": 12 + TOKENS}})
        + _frame(b"data: [DONE]\n\n") + b"0\r\n\r\n")
INSTANT = HEAD + FIRST + b"".join(TOKEN) + TAIL


class Truth:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.served, self.ttft, self.gaps = 0, [], []
        self.first_start = self.last_end = 0.0

    def summary(self) -> dict:
        span = self.last_end - self.first_start
        return {"served": self.served, "req_s": self.served / span if span > 0 else 0.0,
                "ttft_ms": statistics.median(self.ttft) * 1000 if self.ttft else None,
                "itl_ms": statistics.median(self.gaps) * 1000 if self.gaps else None}


def _json_response(obj: object, status: str = "200 OK") -> bytes:
    body = json.dumps(obj).encode()
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}"
            "\r\n\r\n").encode() + body


class Handler(asyncio.Protocol):
    def __init__(self, truth: Truth, paced: bool) -> None:
        self.truth, self.paced, self.buf = truth, paced, b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.tr = transport

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while (end := self.buf.find(b"\r\n\r\n")) >= 0:
            head = self.buf[:end]
            m = re.search(rb"(?i)content-length:\s*(\d+)", head)
            size = int(m.group(1)) if m else 0
            if len(self.buf) < end + 4 + size:
                return
            self.buf = self.buf[end + 4 + size:]
            self.handle(head.split(b" ", 2)[1])

    def handle(self, path: bytes) -> None:
        t = self.truth
        if path == b"/v1/chat/completions":
            now = time.perf_counter()
            if not t.served and not t.first_start:
                t.first_start = now
            if self.paced:
                asyncio.get_running_loop().create_task(self.paced_stream(now))
            else:
                self.tr.write(INSTANT)
                t.ttft.append(time.perf_counter() - now)
                self.done()
        elif path == b"/truth":
            self.tr.write(_json_response(t.summary()))
        elif path == b"/reset":
            t.reset()
            self.tr.write(_json_response({"ok": True}))
        elif path == b"/health":
            self.tr.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        elif path == b"/v1/models":
            self.tr.write(_json_response({"object": "list", "data": [{"id": "bench", "max_model_len": 8192}]}))
        else:
            self.tr.write(_json_response({"error": "not found"}, "404 Not Found"))

    def done(self) -> None:
        self.truth.served += 1
        self.truth.last_end = time.perf_counter()

    async def paced_stream(self, start: float) -> None:
        await asyncio.sleep(max(0.0, start + TTFT_S - time.perf_counter()))
        self.tr.write(HEAD + FIRST)
        last = time.perf_counter()
        self.truth.ttft.append(last - start)
        for i, frame in enumerate(TOKEN, 1):
            await asyncio.sleep(max(0.0, start + TTFT_S + i * ITL_S - time.perf_counter()))
            self.tr.write(frame)
            now = time.perf_counter()
            self.truth.gaps.append(now - last)
            last = now
        self.tr.write(TAIL)
        self.done()


def serve(mode: str) -> None:
    import uvloop

    _pin(0)

    async def main() -> None:
        truth = Truth()
        loop = asyncio.get_running_loop()
        srv = await loop.create_server(lambda: Handler(truth, mode == "paced"), "127.0.0.1", 0,
                                       backlog=1024)
        print(srv.sockets[0].getsockname()[1], flush=True)
        await srv.serve_forever()

    uvloop.run(main())


# -- the clients ---------------------------------------------------------------------------


BODY = {"model": "bench", "messages": [{"role": "user", "content": "hi"}], "max_tokens": TOKENS,
        "stream": True}


async def _drive(c: int, n: int, one) -> dict:  # type: ignore[no-untyped-def]
    """c workers share n requests; `one()` sends a request and returns its TTFT start and first token."""
    ttfts, counter, first_sent = [], iter(range(n)), []

    async def worker() -> None:
        for _ in counter:
            t = time.perf_counter()
            first_sent.append(t)
            ttfts.append(await one() - t)

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(c)))
    took = time.perf_counter() - t0
    return {"ok": len(ttfts), "req_s": len(ttfts) / took, "ttft_ms": statistics.median(ttfts) * 1000,
            "first_sent": min(first_sent)}


async def minimal(url: str, c: int, n: int) -> dict:
    """The baseline: aiohttp + uvloop, time to the first non-empty content line, nothing else."""
    import aiohttp

    body = json.dumps(BODY).encode()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as s:
        async def one() -> float:
            first = 0.0
            async with s.post(url + "/v1/chat/completions", data=body,
                              headers={"Content-Type": "application/json"}) as r:
                async for line in r.content:
                    if not first and line.startswith(b"data:") and b'"content":"t' in line:
                        first = time.perf_counter()
            return first

        return await _drive(c, n, one)


async def iter_any_parse(url: str, c: int, n: int) -> dict:
    """The peer the load client must beat by 1.5x: aiohttp + uvloop reading with `iter_any`, splitting
    lines and json-parsing every event (the same work as the load client: TTFT, token count,
    usage), i.e. a straightforward client that does the job without a fast path."""
    import aiohttp

    body = json.dumps(BODY).encode()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as s:
        async def one() -> float:
            first, tokens, tail = 0.0, 0, b""
            async with s.post(url + "/v1/chat/completions", data=body,
                              headers={"Content-Type": "application/json"}) as r:
                async for data in r.content.iter_any():
                    lines = (tail + data).split(b"\n")
                    tail = lines.pop()
                    for line in lines:
                        if not line.startswith(b"data:") or line[5:].strip() == b"[DONE]":
                            continue
                        event = json.loads(line[5:])
                        for choice in event.get("choices") or []:
                            if (choice.get("delta") or {}).get("content"):
                                tokens += 1
                                first = first or time.perf_counter()
                        if event.get("usage"):
                            tokens = event["usage"].get("completion_tokens", tokens)
            return first

        return await _drive(c, n, one)


async def httpx_client(url: str, c: int, n: int) -> dict:
    import httpx

    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(limits=limits, timeout=60) as s:
        async def one() -> float:
            first = 0.0
            async with s.stream("POST", url + "/v1/chat/completions", json=BODY) as r:
                async for line in r.aiter_lines():
                    if not first and '"content":"t' in line:
                        first = time.perf_counter()
            return first

        return await _drive(c, n, one)


def servecheck_engine(url: str, c: int, n: int, loop: str) -> dict:
    import tempfile

    from servecheck.load.engine import Run, run_sync
    from servecheck.load.models import Settings
    from servecheck.load.stages import Parallel
    from servecheck.server.prompts import AgentPrefix

    # the same small request as the baseline's: this compares clients, not request sizes
    prefix = AgentPrefix(system="hi")
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(url, [Parallel(concurrency=c, requests=n)], Settings(max_tokens=TOKENS),
                  out_dir=Path(tmp), agent_prefix=prefix)
        if loop == "uvloop":
            res = run_sync(run, handle_sigint=False)
        else:
            res = asyncio.run(run.execute())
    stage = res.stages[-1]
    first_due = run.current.reqs[0].due if run.current and run.current.reqs else time.perf_counter()
    return {"ok": stage.counts.succeeded, "req_s": stage.throughput.requests_per_s,
            "ttft_ms": stage.latency.ttft.p50, "first_sent": first_due,
            "errors": stage.errors}


def client_main(kind: str, url: str, c: int, n: int, spawn_wall: float) -> None:
    _pin(1)
    if kind == "servecheck":
        out = servecheck_engine(url, c, n, "uvloop")
    elif kind == "servecheck-asyncio":
        out = servecheck_engine(url, c, n, "asyncio")
    elif kind == "minimal":
        import uvloop

        out = uvloop.run(minimal(url, c, n))
    elif kind == "iter-any-parse":
        import uvloop

        out = uvloop.run(iter_any_parse(url, c, n))
    else:
        out = asyncio.run(httpx_client(url, c, n))
    # perf_counter -> wall clock, to compare with the parent's spawn time
    first_wall = time.time() - (time.perf_counter() - out.pop("first_sent"))
    out["startup_s"] = first_wall - spawn_wall
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


# -- orchestration -------------------------------------------------------------------------


def _pin(cpu: int) -> None:
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > cpu:
        os.sched_setaffinity(0, {cpu})


def _get(port: int, path: str) -> dict:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])


def point(kind: str, port: int, c: int, n: int) -> dict:
    _get(port, "/reset")
    cmd = [sys.executable, __file__, "client", kind, f"http://127.0.0.1:{port}", str(c), str(n),
           repr(time.time())]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:] or ["failed"]}
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["truth"] = _get(port, "/truth")
    return out


def requests_for(mode: str, c: int, scale: float) -> int:
    n = max(500, 20 * c) if mode == "instant" else max(4, 5 * c)
    return max(c, int(n * scale))


def peers_line() -> str:
    venv = os.environ.get("SERVECHECK_PEERS_VENV", "")
    found = [t for t in ("aiperf", "guidellm") if venv and (Path(venv) / "bin" / t).exists()]
    if not found:
        return ("peers: AIPerf / GuideLLM not installed (set SERVECHECK_PEERS_VENV to a virtualenv "
                "with `pip install aiperf guidellm`); not measured")
    return f"peers: found {', '.join(found)} in {venv}; driving them is not implemented yet"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a quarter of the requests per point")
    ap.add_argument("--stacks", action="store_true", help="also httpx and the engine on asyncio's loop (c=64)")
    ap.add_argument("--peers", action="store_true", help="also AIPerf / GuideLLM (separate venv)")
    ap.add_argument("--concurrency", default=",".join(map(str, CONCURRENCY)))
    ap.add_argument("--repeat", type=int, default=1, help="runs per point; the table shows medians")
    args = ap.parse_args()
    levels = [int(x) for x in args.concurrency.split(",")]
    scale = 0.25 if args.quick else 1.0
    kinds = ["servecheck", "minimal", "iter-any-parse"]
    rows = []
    for mode in ("instant", "paced"):
        server = subprocess.Popen([sys.executable, __file__, "serve", mode], stdout=subprocess.PIPE, text=True)
        try:
            port = int(server.stdout.readline())
            for c in levels:
                for kind in kinds + (["httpx", "servecheck-asyncio"] if args.stacks and c == 64 else []):
                    n = requests_for(mode, c, scale if kind != "httpx" else scale / 8)
                    runs = [point(kind, port, c, n) for _ in range(args.repeat)]
                    rows.append((mode, c, kind, n, _median(runs)))
                    _print_row(*rows[-1])
        finally:
            server.terminate()
            server.wait(timeout=10)
    _summary(rows)
    if args.peers:
        print(peers_line())


def _median(runs: list[dict]) -> dict:
    """Per-metric median over repeated runs of one point (the peak for RSS)."""
    good = [r for r in runs if "error" not in r]
    if not good:
        return runs[0]
    out = dict(good[0])
    for key in ("req_s", "ttft_ms", "startup_s"):
        out[key] = statistics.median(r[key] for r in good)
    out["rss_mb"] = max(r["rss_mb"] for r in good)
    out["truth"] = {k: _median_of([r["truth"][k] for r in good]) for k in good[0]["truth"]}
    # "over the truth" is computed per run, then its median kept (not a difference of medians)
    overs = [r["ttft_ms"] - r["truth"]["ttft_ms"] for r in good
             if r.get("ttft_ms") is not None and r["truth"]["ttft_ms"] is not None]
    out["over_ms"] = statistics.median(overs) if overs else None
    return out


def _median_of(values: list) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def _print_row(mode: str, c: int, kind: str, n: int, r: dict) -> None:
    if "error" in r:
        print(f"{mode:8} c={c:<4} {kind:18} FAILED: {r['error']}")
        return
    t = r["truth"]
    over = r["over_ms"] if r.get("over_ms") is not None else float("nan")
    print(f"{mode:8} c={c:<4} {kind:18} n={n:<6} client {r['req_s']:8.1f} req/s  server {t['req_s']:8.1f} req/s"
          f"  TTFT p50 {r['ttft_ms']:8.2f} ms (truth {t['ttft_ms']:.2f}, over {over:+.2f})"
          f"  RSS {r['rss_mb']:5.0f} MB  start-up {r['startup_s']:.2f} s", flush=True)


def _summary(rows: list) -> None:
    by = {(m, c, k): r for m, c, k, _, r in rows if "error" not in r}
    print("\n| client | req/s at c=64, instant | TTFT over the truth at c=64, paced 20/10 ms | RSS | start-up |")
    print("| --- | --- | --- | --- | --- |")
    for kind in ("minimal", "iter-any-parse", "servecheck", "servecheck-asyncio", "httpx"):
        inst, paced = by.get(("instant", 64, kind)), by.get(("paced", 64, kind))
        if not inst or not paced:
            continue
        over = paced["over_ms"]
        rss = max(inst["rss_mb"], paced["rss_mb"])
        start = max(inst["startup_s"], paced["startup_s"])
        print(f"| {kind} | {inst['req_s']:,.0f} | {over:+.1f} ms | {rss:.0f} MB | {start:.2f} s |")
    base, ours = by.get(("instant", 64, "minimal")), by.get(("instant", 64, "servecheck"))
    peer = by.get(("instant", 64, "iter-any-parse"))
    if base and ours:
        print(f"\nservecheck / minimal req/s at c=64 (instant): {ours['req_s'] / base['req_s']:.2f}x (target >= 0.8x)")
    if peer and ours:
        print(f"servecheck / iter_any+parse-every-event req/s at c=64 (instant): "
              f"{ours['req_s'] / peer['req_s']:.2f}x (target >= 1.5x)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        serve(sys.argv[2])
    elif len(sys.argv) > 1 and sys.argv[1] == "client":
        client_main(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]))
    else:
        main()
