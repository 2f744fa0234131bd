"""How fast is the sim's request path? Prints requests/s for the sim vs a bare aiohttp baseline.

Both servers run in a child process (their own GIL); this process drives them with aiohttp at a
fixed concurrency. Ratio = sim / baseline: the share of raw aiohttp speed the sim keeps.
    .venv/bin/python bench/sim_throughput.py [--requests 2000] [--concurrency 64]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import subprocess
import sys
import time

import aiohttp

BASELINE = """
import sys
from aiohttp import web
async def h(request):
    await request.read()
    return web.json_response({"choices": [{"message": {"content": "ok"}}]})
app = web.Application(); app.router.add_post("/v1/chat/completions", h)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None, access_log=None)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(argv: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"server on {port} did not start")


async def drive(url: str, n: int, conc: int, stream: bool) -> tuple[float, int]:
    sem = asyncio.Semaphore(conc)
    prefix = " ".join(f"w{i}" for i in range(1000))
    errors = 0

    async def one(session: aiohttp.ClientSession, i: int) -> None:
        nonlocal errors
        body = {"messages": [{"role": "system", "content": prefix}, {"role": "user", "content": f"q{i}"}],
                "max_tokens": 32, "ignore_eos": True, "stream": stream}
        async with sem:
            try:
                async with session.post(url + "/v1/chat/completions", json=body) as resp:
                    await resp.read()
                    errors += resp.status != 200
            except aiohttp.ClientError:
                errors += 1

    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=conc)) as s:
        start = time.perf_counter()
        await asyncio.gather(*(one(s, i) for i in range(n)))
        return time.perf_counter() - start, errors


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--concurrency", type=int, default=64)
    args = ap.parse_args()
    sim_port, base_port = free_port(), free_port()
    sim = start([sys.executable, "-m", "servecheck", "sim", "--port", str(sim_port), "--set", "ttft_base_ms=0",
                 "--set", "per_token_prefill_ms=0", "--set", "itl_ms=0", "--set", "max_concurrency=1000"], sim_port)
    base = start([sys.executable, "-c", BASELINE, str(base_port)], base_port)
    try:
        for label, port, stream in (("baseline aiohttp", base_port, False), ("sim non-stream", sim_port, False),
                                    ("sim stream (32 tokens)", sim_port, True)):
            secs, errors = asyncio.run(drive(f"http://127.0.0.1:{port}", args.requests, args.concurrency, stream))
            rate = args.requests / secs
            if label.startswith("baseline"):
                base_rate = rate
            print(f"{label:24} {rate:8.0f} req/s  ({secs:.2f}s, {errors} errors)  ratio {rate / base_rate:.2f}")
    finally:
        for proc in (sim, base):
            proc.terminate()
            proc.wait(5)


if __name__ == "__main__":
    main()
