"""Readiness wait and server discovery: kind, version, model, context length, cache config."""

from __future__ import annotations

import time
from typing import Any

from servecheck.verify.client import Client, ProbeError
from servecheck.verify.metrics import Scrape, cache_config, parse
from servecheck.verify.models import ServerInfo, ServerKind
from servecheck.verify.options import VerifyOptions

_POLL_S = 0.5
_DEAD_503 = 3


def wait_ready(client: Client, info: ServerInfo, wait_s: float) -> None:
    """Poll /health until 200 (bounded); 404 falls back to /v1/models; repeated 503 = dead engine."""
    start = time.monotonic()
    client.start_check(wait_s)
    last, dead = "no answer", 0
    while client.remaining() > 0:
        try:
            reply = client.get("/health", cap_s=5.0, expect_json=False)
            info.health_status = reply.status
            if reply.status == 404:
                reply = client.get("/v1/models", cap_s=5.0, expect_json=False)
            if reply.status in (200, 401):
                info.ready, info.ready_after_s = True, round(time.monotonic() - start, 3)
                return
            last = f"HTTP {reply.status}"
        except ProbeError as exc:
            last = str(exc)
            dead = dead + 1 if "server error 503" in last else 0
            if "server error 503" in last:
                info.health_status = 503
            if dead >= _DEAD_503:
                info.notes.append("/health answers 503: the engine is dead (EngineDeadError)")
                return
        time.sleep(min(_POLL_S, max(client.remaining(), 0)))
    info.notes.append(f"not ready within {wait_s:g}s: {last}")


def discover(client: Client, opts: VerifyOptions, info: ServerInfo) -> Scrape:
    """Fill INFO from /version, /v1/models, /metrics (and /props); return the first scrape."""
    client.start_check(min(opts.timeout_s, 30.0))
    info.version = _version(client)
    owned_by = _models(client, opts, info)
    scrape = scrape_metrics(client)
    info.metrics_available = scrape.has_vllm or scrape.era() == "llamacpp"
    info.metrics_era = scrape.era()
    info.cache_config = cache_config(scrape)
    if scrape.note:
        info.notes.append(scrape.note)
    kind, source = _kind(client, opts, info, scrape, owned_by)
    info.kind, info.kind_source = kind, source
    if kind == "llamacpp" and info.version is None:
        info.version = _llamacpp_build(client)
    return scrape


def scrape_metrics(client: Client) -> Scrape:
    try:
        reply = client.get("/metrics", expect_json=False, cap_s=10.0, note="GET /metrics")
    except ProbeError as exc:
        return Scrape(note=f"/metrics unavailable: {exc}")
    if reply.status != 200:
        return Scrape(note=f"/metrics answered {reply.status}")
    return parse(reply.text)


def _version(client: Client) -> str | None:
    try:
        reply = client.get("/version", cap_s=10.0)
    except ProbeError:
        return None
    if reply.status == 200 and isinstance(reply.body, dict):
        return str(reply.body.get("version") or "") or None
    return None


def _models(client: Client, opts: VerifyOptions, info: ServerInfo) -> str:
    """Fill the model fields of INFO; return the card's owned_by."""
    try:
        reply = client.get("/v1/models", cap_s=10.0)
    except ProbeError as exc:
        info.notes.append(f"/v1/models: {exc}")
        return ""
    if reply.status == 401:
        info.notes.append("/v1/models answered 401: give the API key (--api-key or env)")
    data = reply.body.get("data") if isinstance(reply.body, dict) else None
    cards = [c for c in data or [] if isinstance(c, dict)]
    info.models = [str(c.get("id")) for c in cards]
    info.model = opts.model or (info.models[0] if info.models else None)
    card = next((c for c in cards if c.get("id") == info.model), cards[0] if cards else {})
    mml = card.get("max_model_len") or (card.get("meta") or {}).get("n_ctx")
    info.max_model_len = int(mml) if isinstance(mml, int | float) else None
    if opts.model and info.models and opts.model not in info.models:
        info.notes.append(f"model {opts.model!r} is not served (served: {', '.join(info.models)})")
    return str(card.get("owned_by") or "")


def _kind(client: Client, opts: VerifyOptions, info: ServerInfo, scrape: Scrape,
          owned: str) -> tuple[ServerKind, str]:
    if opts.server_kind != "auto":
        return opts.server_kind, "--server-kind"
    if scrape.has_vllm:
        return "vllm", "/metrics has vllm:* series"
    match owned:
        case "vllm" | "llamacpp" | "sglang":
            return owned, f"/v1/models owned_by={owned}"
    if scrape.era() == "llamacpp" or _has_props(client):
        return "llamacpp", "/props or llamacpp:* metrics"
    if info.version:
        return "vllm", "/version answers"
    return "openai", "no vLLM, llama.cpp or SGLang markers"


def _props(client: Client) -> dict[str, Any]:
    try:
        reply = client.get("/props", cap_s=5.0)
    except ProbeError:
        return {}
    return reply.body if reply.status == 200 and isinstance(reply.body, dict) else {}


def _has_props(client: Client) -> bool:
    return "default_generation_settings" in _props(client)


def _llamacpp_build(client: Client) -> str | None:
    """llama.cpp has no /version; /props carries build_info (e.g. "b4567-abc1234")."""
    build = _props(client).get("build_info")
    return str(build) if build else None
