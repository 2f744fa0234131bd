"""The sim's aiohttp application: vLLM's routes, auth rule, error bodies and latency model."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any

from aiohttp import web

from servecheck.sim import generate as gen
from servecheck.sim.metrics import render
from servecheck.sim.state import RequestRecord, SimState

STATE_KEY = web.AppKey("state", SimState)
_PROTECTED = ("/v1", "/v2", "/inference", "/cohere")


def build_app(state: SimState, api_key: str | None) -> web.Application:
    app = web.Application(middlewares=[_auth_middleware(api_key)], client_max_size=64 * 2**20)
    app[STATE_KEY] = state
    r = app.router
    r.add_post("/v1/chat/completions", _chat)
    r.add_post("/v1/completions", _completions)
    if state.config.flavor == "llamacpp":
        from servecheck.sim import llamacpp

        llamacpp.add_routes(r, STATE_KEY)
        return app
    r.add_get("/health", _health)
    r.add_route("*", "/ping", _health)
    r.add_get("/version", _version)
    r.add_get("/v1/models", _models)
    r.add_get("/metrics", _metrics)
    r.add_get("/metrics/", _metrics)
    r.add_get("/load", _load)
    r.add_post("/tokenize", _tokenize)
    r.add_post("/detokenize", _detokenize)
    return app


def _auth_middleware(api_key: str | None):
    @web.middleware
    async def auth(request: web.Request, handler):
        if api_key and request.method != "OPTIONS" and request.path.startswith(_PROTECTED):
            if request.headers.get("Authorization", "") != f"Bearer {api_key}":
                return web.json_response({"error": "Unauthorized"}, status=401)
        return await handler(request)

    return auth


def _state(request: web.Request) -> SimState:
    return request.app[STATE_KEY]


async def _health(request: web.Request) -> web.Response:
    return web.Response(status=200)


async def _load(request: web.Request) -> web.Response:
    return web.json_response({"server_load": 0})  # vLLM without --enable-server-load-tracking


async def _version(request: web.Request) -> web.Response:
    return web.json_response({"version": _state(request).config.version})


async def _models(request: web.Request) -> web.Response:
    st = _state(request)
    card = {"id": st.model, "object": "model", "created": int(time.time()), "owned_by": "vllm",
            "root": st.model, "parent": None, "max_model_len": st.config.max_model_len,
            "permission": [{"id": f"modelperm-{uuid.uuid4().hex[:16]}", "object": "model_permission",
                            "allow_sampling": True, "allow_view": True, "is_blocking": False}]}
    return web.json_response({"object": "list", "data": [card]})


async def _metrics(request: web.Request) -> web.Response:
    return web.Response(text=render(_state(request)), content_type="text/plain",
                        charset="utf-8", headers={"X-Content-Type-Options": "nosniff"})


async def _json_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise gen.RequestError(400, f"JSON decode error: {exc}") from exc
    if not isinstance(body, dict):
        raise gen.RequestError(400, "Request body must be a JSON object.")
    return body


def _error(state: SimState, exc: gen.RequestError) -> web.Response:
    return web.json_response(gen.error_body(state, exc), status=exc.status)


async def _tokenize(request: web.Request) -> web.Response:
    st = _state(request)
    try:
        body = await _json_body(request)
        gen.check_model(st, body)
    except gen.RequestError as exc:
        return _error(st, exc)
    if "messages" in body:
        ids = st.tokenizer.chat(body["messages"] or [], body.get("tools"),
                                body.get("add_generation_prompt", True))
    else:
        ids = list(st.tokenizer.encode(str(body.get("prompt", ""))))
    strs = [st.tokenizer.decode([i]) for i in ids] if body.get("return_token_strs") else None
    return web.json_response({"count": len(ids), "max_model_len": st.config.max_model_len,
                              "tokens": ids, "token_strs": strs})


async def _detokenize(request: web.Request) -> web.Response:
    st = _state(request)
    try:
        body = await _json_body(request)
    except gen.RequestError as exc:
        return _error(st, exc)
    return web.json_response({"prompt": st.tokenizer.decode(list(body.get("tokens") or []))})


async def _chat(request: web.Request) -> web.StreamResponse:
    st = _state(request)
    try:
        body = await _json_body(request)
        gen.check_model(st, body)
        if not isinstance(body.get("messages"), list):
            raise gen.RequestError(400, gen.messages_not_list(st), param="messages")
        max_tokens = gen.max_tokens_of(body)
        choice = gen.tool_choice_of(st, body)
        prompt = st.tokenizer.chat(body["messages"], body.get("tools"))
        gen.check_context(st, len(prompt), max_tokens)
        plan = gen.plan_chat(st, body, choice, max_tokens)
    except gen.RequestError as exc:
        return _error(st, exc)
    return await _serve(request, st, body, prompt, plan, "chat")


async def _completions(request: web.Request) -> web.StreamResponse:
    st = _state(request)
    try:
        body = await _json_body(request)
        gen.check_model(st, body)
        raw = body.get("prompt", "")
        if isinstance(raw, list) and raw and all(isinstance(t, int) for t in raw):
            prompt, text = list(raw), ""
        else:
            text = raw if isinstance(raw, str) else str(raw[0] if raw else "")
            prompt = list(st.tokenizer.encode(text))
        max_tokens = gen.max_tokens_of(body)
        gen.check_context(st, len(prompt), 16 if max_tokens is None else max_tokens)
        plan = gen.plan_text(st, text, 16 if max_tokens is None else max_tokens,
                             bool(body.get("ignore_eos")))
    except gen.RequestError as exc:
        return _error(st, exc)
    return await _serve(request, st, body, prompt, plan, "completion")


async def _serve(request: web.Request, st: SimState, body: dict[str, Any], prompt: list[int],
                 plan: gen.Plan, kind: str) -> web.StreamResponse:
    """Fault injection, then the engine: queue, prefill (cache-aware), decode."""
    st.requests_total += 1
    stream = bool(body.get("stream"))
    rec = RequestRecord(st.new_id(), kind, stream, len(prompt))
    fault = _draw_fault(st)
    if fault == "stall":
        await asyncio.sleep(st.config.stall_s)
    if fault == "error":
        rec.status, rec.fault = 500, "error"
        st.finish(rec)
        return _error(st, gen.RequestError(
            500, "EngineCore encountered an issue. See stack trace (above) for the root cause.",
            "InternalServerError"))
    from servecheck.sim.stream import respond

    return await respond(request, st, body, prompt, plan, kind, rec, fault)


def _draw_fault(st: SimState) -> str | None:
    cfg = st.config
    if not (cfg.p_error or cfg.p_drop or cfg.p_stall):
        return None
    x = st.rng.random()
    for name, p in (("error", cfg.p_error), ("drop", cfg.p_drop), ("stall", cfg.p_stall)):
        if x < p:
            return name
        x -= p
    return None
