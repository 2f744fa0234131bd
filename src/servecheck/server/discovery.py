"""Readiness and discovery, for verify and load: kind, version, models, context length, block
size and whether /metrics answers. Runs on the synchronous client (load calls it in a thread).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from servecheck.server import http
from servecheck.server.client import Client, ProbeError
from servecheck.server.metrics import Scrape, parse

KINDS = ("vllm", "llamacpp", "sglang", "openai", "unknown")
_POLL_S = 0.5
_DEAD_503 = 3
SIM_VERSION = re.compile(r"[+-]sim$")  # the sim's vLLM "0.28.0+sim" and llama.cpp "b0-sim"


@dataclass
class Discovery:
    ready: bool = False
    ready_after_s: float | None = None
    health_status: int | None = None
    blocked_by: str | None = None       # e.g. "401": the server wants credentials
    failure_kind: str | None = None     # the last request failure while waiting (dns, tls, ...)
    failure: str | None = None          # ... and its message
    kind: str = "unknown"
    kind_source: str = ""
    version: str | None = None
    simulated: bool = False             # servecheck's own sim (its version ends in +sim / -sim)
    models: list[str] = field(default_factory=list)
    model: str | None = None
    max_model_len: int | None = None
    owned_by: str = ""
    metrics_available: bool = False
    metrics_family: str | None = None
    metrics_era: str | None = None
    cache_config: dict[str, str] = field(default_factory=dict)
    block_size: int | None = None
    notes: list[str] = field(default_factory=list)
    waited_s: float | None = None       # how long wait_ready waited (it can give up before WAIT_S)


def loading(status: int | None, text: str) -> bool:
    """A 503 that says the model is still loading (llama.cpp: "Loading model")."""
    return status == 503 and "loading" in text.lower()


def wait_ready(client: Client, found: Discovery, wait_s: float,
               stop: Callable[[], bool] | None = None) -> None:
    """Poll /health until 200 (bounded by WAIT_S); 404 falls back to /v1/models; a 503 that says
    "Loading model" keeps waiting; three other 503s in a row = a dead engine."""
    start = time.monotonic()
    try:
        _poll_health(client, found, wait_s, start, stop)
    finally:
        found.waited_s = round(time.monotonic() - start, 3)


def _poll_health(client: Client, found: Discovery, wait_s: float, start: float,
                 stop: Callable[[], bool] | None) -> None:
    client.start_check(max(wait_s, 0.1))
    last, dead = "no answer", 0
    while client.remaining() > 0 and not (stop and stop()):
        try:
            reply = client.get("/health", cap_s=5.0, expect_json=False)
            found.health_status = reply.status
            if reply.status == 404:
                reply = client.get("/v1/models", cap_s=5.0, expect_json=False)
            if reply.status in (200, 401, 403):
                found.ready, found.ready_after_s = True, round(time.monotonic() - start, 3)
                return
            last = f"HTTP {reply.status}"
        except ProbeError as exc:
            found.failure_kind, found.failure = exc.kind, str(exc)
            last, dead = _probe_failed(client, found, exc, dead)
            if dead >= _DEAD_503 or _pathological(client):
                found.notes.append("/health answers 503: the engine is dead (EngineDeadError)"
                                   if dead >= _DEAD_503 else f"/health: {last}")
                return
        time.sleep(min(_POLL_S, max(client.remaining(), 0)))
    found.notes.append(f"not ready within {wait_s:g}s: {last}")


def _pathological(client: Client) -> bool:
    """/health trickled or flooded: waiting longer will not help (a silent one may still start)."""
    return any(kind in (http.TOO_LARGE, http.TRICKLE) or (kind == http.DEADLINE and "still arriving" in what)
               for kind, what in client.stalls)


def _probe_failed(client: Client, found: Discovery, exc: ProbeError, dead: int) -> tuple[str, int]:
    last = str(exc)
    if "server error 503" not in last:
        return last, 0
    found.health_status = 503
    excerpt = client.log[-1].excerpt if client.log else ""
    if loading(503, excerpt or last):
        return "503: the model is still loading", 0
    return last, dead + 1


def discover(client: Client, found: Discovery, model: str | None = None, kind: str = "auto",
             timeout_s: float = 30.0, metrics_s: float = 10.0) -> Scrape:
    """Fill FOUND from /version, /v1/models, /metrics (and /props); return the first scrape."""
    client.start_check(timeout_s)
    found.version = _version(client)
    _models(client, found, model)
    scrape = scrape_metrics(client, metrics_s)
    found.metrics_family, found.metrics_era = scrape.family, scrape.era()
    found.metrics_available = scrape.family is not None
    found.cache_config = scrape.cache_config()
    raw = found.cache_config.get("block_size", "")
    found.block_size = int(raw) if raw.isdigit() and int(raw) > 0 else None
    if scrape.reason:
        found.notes.append(scrape.reason)
    found.kind, found.kind_source = _kind(client, kind, found, scrape)
    if found.kind == "llamacpp" and found.version is None:
        build = _props(client).get("build_info")
        found.version = str(build) if build else None
    found.simulated = bool(found.version and SIM_VERSION.search(found.version))
    return scrape


# What a server said when it never answered in HTTP, by failure kind (a time-out is the default).
_NO_ANSWER = {http.REFUSED: "connection refused", http.DNS: "the host name does not resolve",
              http.TLS: "the TLS handshake failed", http.CONNECT_TIMEOUT: "no TCP connection",
              http.RESET: "it closed the connection without an answer"}


def no_answer(found: Discovery, url: str, wait_s: float) -> str | None:
    """One line for a server that never gave an HTTP answer while we waited for it to be ready
    (refused, DNS, TLS, reset, silent, not HTTP); None when it answered, even badly (a 503, a
    flood or a trickle is the server's own failure, judged by the caller)."""
    kind, failure = found.failure_kind, found.failure or ""
    if found.ready or found.health_status is not None:
        return None
    if kind in _NO_ANSWER:
        return f"server not reachable at {url} ({_NO_ANSWER[kind]})"
    if kind == http.PROTOCOL and "not an HTTP server" in failure:
        return f"{url} is {failure[failure.index('not an HTTP server'):]}"
    if kind == http.FIRST_BYTE_TIMEOUT or (kind == http.DEADLINE and "no answer" in failure):
        return f"the server at {url} did not answer /health within {wait_s:g} s"
    return None


def scrape_metrics(client: Client, cap_s: float = 10.0) -> Scrape:
    try:
        reply = client.get("/metrics", expect_json=False, cap_s=cap_s, note="GET /metrics")
    except ProbeError as exc:
        return Scrape(reason=f"/metrics unavailable: {exc}")
    if reply.status != 200:
        return Scrape(reason=f"/metrics answered {reply.status}")
    return parse(reply.text)


def _version(client: Client) -> str | None:
    try:
        reply = client.get("/version", cap_s=10.0)
    except ProbeError:
        return None
    if reply.status == 200 and isinstance(reply.body, dict):
        return str(reply.body.get("version") or "") or None
    return None


def _models(client: Client, found: Discovery, wanted: str | None) -> None:
    try:
        reply = client.get("/v1/models", cap_s=10.0)
    except ProbeError as exc:
        found.notes.append(f"/v1/models: {exc}")
        return
    if reply.status in (401, 403):
        found.blocked_by = str(reply.status)
        found.notes.append(f"/v1/models answered {reply.status}: the server wants an API key")
    data = reply.body.get("data") if isinstance(reply.body, dict) else None
    cards = [c for c in data or [] if isinstance(c, dict)]
    found.models = [str(c.get("id")) for c in cards]
    found.model = wanted or (found.models[0] if found.models else None)
    card = next((c for c in cards if c.get("id") == found.model), cards[0] if cards else {})
    # vLLM: max_model_len; llama.cpp: meta.n_ctx (the context of one slot)
    mml = card.get("max_model_len") or (card.get("meta") or {}).get("n_ctx")
    found.max_model_len = int(mml) if isinstance(mml, int | float) and not isinstance(mml, bool) else None
    found.owned_by = str(card.get("owned_by") or "")
    if wanted and found.models and wanted not in found.models:
        found.notes.append(f"model {wanted!r} is not served (served: {', '.join(found.models)})")


def _kind(client: Client, asked: str, found: Discovery, scrape: Scrape) -> tuple[str, str]:
    if asked != "auto":
        return asked, "--server-kind"
    if scrape.family in ("vllm", "sglang"):
        return scrape.family, f"/metrics has {scrape.family}:* series"
    if found.owned_by in ("vllm", "llamacpp", "sglang"):
        return found.owned_by, f"/v1/models owned_by={found.owned_by}"
    if scrape.family == "llamacpp" or "default_generation_settings" in _props(client):
        return "llamacpp", "/props or llamacpp:* metrics"
    if found.version:
        return "vllm", "/version answers"
    return "openai", "no vLLM, llama.cpp or SGLang markers"


def _props(client: Client) -> dict[str, Any]:
    try:
        reply = client.get("/props", cap_s=5.0)
    except ProbeError:
        return {}
    return reply.body if reply.status == 200 and isinstance(reply.body, dict) else {}
