"""Run llama.cpp's HTTP server (PyPI wheel `xllamacpp`) in-process on 127.0.0.1.

Used by the `real` test fixtures and by hand:

    .venv/bin/python tests/real/llamaserver.py [--no-cache-prompt] [--port 8080]

prints the base URL and serves the generated tiny model until Ctrl-C.

Prompt caching is switched off with the server option (CommonParams.cache_prompt, the
`--no-cache-prompt` flag of llama-server), so clients need not send `cache_prompt: false`.
"""

from __future__ import annotations

import gc
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

READY_TIMEOUT_S = 15.0


@dataclass
class ServerConfig:
    model: Path
    cache_prompt: bool = True
    parallel: int = 4
    n_ctx: int = 32768  # split evenly across slots: 8192 tokens per request
    threads: int = 1  # more threads spin-wait in OpenMP and hurt a busy 2-core box
    port: int = 0  # 0: the OS picks a free port
    verbosity: int = 1  # llama.cpp log level: 1 errors only, 3 info
    alias: str = "tiny-hello"


@dataclass
class LlamaServer:
    """A started server; `close()` (or leaving the `with` block) stops it."""

    config: ServerConfig
    url: str = ""
    _server: Any = field(default=None, repr=False)

    def __enter__(self) -> LlamaServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        # The C++ destructor joins the HTTP and main loops; drop the only reference.
        self._server = None
        gc.collect()

    def get_json(self, path: str, timeout: float = 10.0) -> tuple[int, Any]:
        return request_json(self.url + path, None, timeout)

    def post_json(self, path: str, body: Any, timeout: float = 30.0) -> tuple[int, Any]:
        return request_json(self.url + path, body, timeout)


def _params(cfg: ServerConfig) -> Any:
    import xllamacpp

    p = xllamacpp.CommonParams()
    p.model.path = str(cfg.model)
    p.model_alias = {cfg.alias}
    p.n_ctx = cfg.n_ctx
    p.n_parallel = cfg.parallel
    p.cpuparams.n_threads = cfg.threads
    p.cpuparams_batch.n_threads = cfg.threads
    p.n_threads_http = cfg.parallel + 4
    p.port = cfg.port
    p.cache_prompt = cfg.cache_prompt
    p.endpoint_metrics = True
    p.endpoint_slots = True
    p.endpoint_props = True
    p.use_jinja = True
    p.warmup = False
    p.verbosity = cfg.verbosity
    return p


def start(cfg: ServerConfig) -> LlamaServer:
    """Start the server and wait (bounded) until /health and /v1/models answer."""
    import xllamacpp

    server = xllamacpp.Server(_params(cfg))
    running = LlamaServer(cfg, url=str(server.listening_address).rstrip("/"), _server=server)
    try:
        wait_ready(running.url, READY_TIMEOUT_S)
    except Exception:
        running.close()
        raise
    return running


def wait_ready(url: str, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    last: object = None
    while time.monotonic() < deadline:
        try:
            health, _ = request_json(url + "/health", None, 2.0)
            models, _ = request_json(url + "/v1/models", None, 2.0)
            if health == 200 and models == 200:
                return
            last = (health, models)
        except OSError as exc:
            last = exc
        time.sleep(0.05)
    raise TimeoutError(f"llama.cpp server at {url} not ready after {timeout_s}s: {last!r}")


def request_json(url: str, body: Any, timeout: float) -> tuple[int, Any]:
    """(status, parsed JSON or text) for a GET (body None) or a JSON POST."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, raw = resp.status, resp.read().decode()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read().decode()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw


def _main() -> None:
    import argparse
    import sys
    import tempfile

    sys.path.insert(0, str(Path(__file__).parent))
    from tinymodel import write_model

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("--no-cache-prompt", action="store_true")
    ap.add_argument("--verbosity", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        model = write_model(Path(tmp) / "tiny-hello.gguf")
        cfg = ServerConfig(model, not args.no_cache_prompt, args.parallel, port=args.port,
                           verbosity=args.verbosity)
        with start(cfg) as srv:
            print(srv.url, flush=True)
            try:
                while True:
                    time.sleep(3600)
            except KeyboardInterrupt:
                pass


if __name__ == "__main__":
    _main()
