"""Run the sim: in a background thread for tests and demos, or in the foreground for the CLI.

    with running_sim(scenario="healthy", model="sim-model", api_key=None, port=0, **overrides) as sim:
        sim.url    # "http://127.0.0.1:PORT"
        sim.state  # live SimState: counters, per-request truth (records), prefix cache
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from typing import Any

from aiohttp import web

from servecheck.errors import ServerError
from servecheck.sim.app import build_app
from servecheck.sim.scenarios import SimConfig, resolve
from servecheck.sim.state import SimState

_START_TIMEOUT_S = 15.0
_STOP_TIMEOUT_S = 5.0


def _new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop

        return uvloop.new_event_loop()
    except ImportError:  # pragma: no cover - uvloop is not available on Windows
        return asyncio.new_event_loop()


class SimServer:
    """One sim instance on its own event loop in a daemon thread."""

    def __init__(self, config: SimConfig, model: str = "sim-model", api_key: str | None = None,
                 host: str = "127.0.0.1", port: int = 0) -> None:
        self.config = config
        self.state = SimState(config, model)
        self.api_key = api_key
        self.host = host
        self._port = port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self._port}"

    def _bind(self) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self._port))
        except OSError as exc:
            sock.close()
            raise ServerError(f"sim cannot listen on {self.host}:{self._port}: {exc}") from exc
        sock.listen(1024)
        sock.setblocking(False)
        self._port = sock.getsockname()[1]
        return sock

    async def _start(self, sock: socket.socket) -> None:
        app = build_app(self.state, self.api_key)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    def start(self) -> SimServer:
        self._sock = sock = self._bind()
        self._loop = loop = _new_loop()
        ready = threading.Event()
        errors: list[BaseException] = []

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._start(sock))
            except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
                errors.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()

        self._thread = threading.Thread(target=run, name=f"servecheck-sim-{self._port}", daemon=True)
        self._thread.start()
        if not ready.wait(_START_TIMEOUT_S) or errors:
            self.stop()
            raise ServerError(f"sim did not start: {errors[0] if errors else 'timeout'}")
        return self

    def stop(self) -> None:
        loop, runner = self._loop, self._runner
        if loop is None:
            return
        if runner is not None and loop.is_running():
            fut = asyncio.run_coroutine_threadsafe(runner.cleanup(), loop)
            with contextlib.suppress(Exception):
                fut.result(_STOP_TIMEOUT_S)
        if loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(_STOP_TIMEOUT_S)
        if not loop.is_running() and not loop.is_closed():
            _close_loop(loop)
        if self._sock is not None:
            self._sock.close()
        self._loop = None

    def __enter__(self) -> SimServer:
        return self.start() if self._loop is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _close_loop(loop: asyncio.AbstractEventLoop) -> None:
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in pending:
        task.cancel()
    if pending:
        with contextlib.suppress(Exception):
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    with contextlib.suppress(Exception):
        loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()


@contextlib.contextmanager
def running_sim(scenario: str = "healthy", model: str = "sim-model", api_key: str | None = None,
                port: int = 0, host: str = "127.0.0.1", **overrides: Any) -> Iterator[SimServer]:
    """Start a sim in the background, yield it, stop it cleanly on exit."""
    server = SimServer(resolve(scenario, **overrides), model=model, api_key=api_key,
                       host=host, port=port)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def serve_forever(config: SimConfig, model: str, api_key: str | None, host: str, port: int,
                  on_ready: Any = None) -> None:
    """Foreground mode for `servecheck sim`: run until Ctrl-C."""
    server = SimServer(config, model=model, api_key=api_key, host=host, port=port)
    server.start()
    if on_ready is not None:
        on_ready(server)
    try:
        threading.Event().wait() if server._thread is None else _join_forever(server._thread)
    finally:
        server.stop()


def _join_forever(thread: threading.Thread) -> None:
    while thread.is_alive():
        thread.join(0.5)
