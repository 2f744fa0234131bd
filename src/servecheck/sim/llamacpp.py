"""The sim's llama.cpp flavour: the shapes llama.cpp's own server (llama-server) answers with.

Recorded from the real server in tests/real/recorded/ and reproduced here so that verify and load
are tested offline against what a real non-vLLM server does:
- /v1/models: `owned_by: llamacpp`, no max_model_len, the per-slot context in `meta.n_ctx`;
  /version is 404; /health is {"status": "ok"}; /props (build_info, total_slots) and /slots;
- /tokenize reads only {"content"} (a messages body gives {"tokens": []}); /apply-template;
- /metrics with llamacpp:* names (prompt_tokens_total excludes cached tokens);
- every answer carries `timings` (cache_n, prompt_n, prompt_ms, ...), usage always has
  prompt_tokens_details.cached_tokens, the first stream chunk has content null;
- errors {"error": {"code", "message", "type"}}, a long prompt gives exceed_context_size_error
  with n_prompt_tokens and n_ctx; any model name is accepted;
- tool_choice as an object is ignored (auto instead); tool-call arguments stream char by char;
- the connection is closed after each streamed answer although Keep-Alive was announced.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from servecheck.sim.state import SimState
    from servecheck.sim.tokenizer import Tokenizer

FLAVOR = "llamacpp"
BUILD = "b0-sim"
_ERROR_TYPES = {"BadRequestError": "invalid_request_error", "NotFoundError": "not_found_error",
                "InternalServerError": "server_error"}
_SPECIAL = re.compile(r"(<\|im_start\|>|<\|im_end\|>)")
# llama.cpp's field order (clients must not depend on it; the sim keeps it to prove they don't)
_ORDER_WHOLE = ("choices", "created", "model", "system_fingerprint", "object", "usage", "id", "timings")
_ORDER_CHUNK = ("choices", "created", "id", "model", "system_fingerprint", "object", "usage", "timings")
_ORDER_CHOICE = ("finish_reason", "index", "message", "delta")
_ORDER_USAGE = ("completion_tokens", "prompt_tokens", "total_tokens", "prompt_tokens_details")
_ORDER_CALL = ("index", "id", "type", "function")


def is_llamacpp(state: SimState) -> bool:
    return state.config.flavor == FLAVOR


def add_routes(router: web.UrlDispatcher, state_key: web.AppKey) -> None:
    def st(request: web.Request) -> SimState:
        return request.app[state_key]

    async def health(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def not_found(request: web.Request) -> web.Response:
        return web.json_response({"error": {"message": "File Not Found", "type": "not_found_error",
                                            "code": 404}}, status=404)

    async def models(request: web.Request) -> web.Response:
        return web.json_response(models_body(st(request)))

    async def props(request: web.Request) -> web.Response:
        return web.json_response(props_body(st(request)))

    async def slots(request: web.Request) -> web.Response:
        return web.json_response(slots_body(st(request)))

    async def metrics(request: web.Request) -> web.Response:
        return web.Response(text=render_metrics(st(request)), content_type="text/plain")

    async def tokenize(request: web.Request) -> web.Response:
        body = await _json(request)
        content = body.get("content")
        ids = encode_templated(st(request).tokenizer, content) if isinstance(content, str) else []
        return web.json_response({"tokens": ids})

    async def apply_template(request: web.Request) -> web.Response:
        body = await _json(request)
        return web.json_response({"prompt": render_chat(body.get("messages") or [], body.get("tools"))})

    for path, handler in (("/health", health), ("/v1/health", health), ("/v1/models", models),
                          ("/props", props), ("/slots", slots), ("/metrics", metrics)):
        router.add_get(path, handler)
    router.add_post("/tokenize", tokenize)
    router.add_post("/apply-template", apply_template)
    router.add_route("*", "/{tail:.*}", not_found)  # /version included: llama.cpp has none


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def models_body(state: SimState) -> dict[str, Any]:
    meta = {"vocab_type": 1, "n_vocab": 32000, "n_ctx": state.config.max_model_len,
            "n_ctx_train": state.config.max_model_len, "n_embd": 4096, "n_params": 7_000_000_000}
    card = {"id": state.model, "aliases": [state.model], "tags": [], "object": "model",
            "architecture": {"input_modalities": ["text"], "output_modalities": ["text"]},
            "created": int(time.time()), "owned_by": "llamacpp", "meta": meta}
    return {"object": "list", "data": [card],
            "models": [{"name": state.model, "model": state.model, "type": "model"}]}


def props_body(state: SimState) -> dict[str, Any]:
    cfg = state.config
    return {"default_generation_settings": {"params": {"temperature": 0.8, "top_k": 40},
                                            "n_ctx": cfg.max_model_len},
            "total_slots": cfg.max_concurrency, "model_alias": state.model,
            "build_info": BUILD, "endpoint_slots": True, "endpoint_props": True,
            "endpoint_metrics": True, "eos_token": "<|im_end|>"}


def slots_body(state: SimState) -> list[dict[str, Any]]:
    return [{"id": i, "n_ctx": state.config.max_model_len, "speculative": False,
             "is_processing": i < state.running} for i in range(state.config.max_concurrency)]


def render_chat(messages: list[Any], tools: list[Any] | None = None) -> str:
    """The chat as text in the sim's template: /tokenize of it counts what the chat counts."""
    import json

    from servecheck.sim.tokenizer import content_text

    out = f"<|im_start|>tools\n{json.dumps(tools)}<|im_end|>" if tools else ""
    for msg in messages:
        if isinstance(msg, dict):
            out += f"<|im_start|>{msg.get('role', 'user')}\n{content_text(msg.get('content'))}<|im_end|>"
    return out + "<|im_start|>assistant\n"


def encode_templated(tok: Tokenizer, text: str) -> list[int]:
    """Token ids of TEXT with the template's control tokens parsed (parse_special)."""
    from servecheck.sim.tokenizer import SPECIAL

    ids: list[int] = []
    opened = False
    for part in _SPECIAL.split(text):
        if part in SPECIAL:
            ids.append(SPECIAL[part])
            opened = part == "<|im_start|>"
        elif opened and "\n" in part:  # "<|im_start|>role\n...": the newline is a control token
            role, rest = part.split("\n", 1)
            ids += [*tok.encode(role), SPECIAL["\n"], *tok.encode(rest)]
            opened = False
        else:
            ids += tok.encode(part)
    return ids


def error_body(status: int, message: str, type_: str, extra: dict[str, Any]) -> dict[str, Any]:
    return {"error": {"code": status, "message": message,
                      "type": _ERROR_TYPES.get(type_, type_), **extra}}


def context_error(prompt_len: int, limit: int) -> tuple[str, str, dict[str, Any]]:
    return (f"request ({prompt_len} tokens) exceeds the available context size ({limit} tokens), "
            "try increasing it", "exceed_context_size_error",
            {"n_prompt_tokens": prompt_len, "n_ctx": limit})


def timings(state: SimState, prompt: int, cached: int, output: int, itl_s: float) -> dict[str, Any]:
    cfg = state.config
    prompt_n = prompt - cached
    prompt_ms = cfg.ttft_base_ms + cfg.per_token_prefill_ms * prompt_n
    predicted_ms = itl_s * 1000 * max(output - 1, 0)
    return {"cache_n": cached, "prompt_n": prompt_n, "prompt_ms": round(prompt_ms, 3),
            "prompt_per_token_ms": round(prompt_ms / prompt_n, 4) if prompt_n else 0.0,
            "prompt_per_second": round(prompt_n * 1000 / prompt_ms, 1) if prompt_ms else 0.0,
            "predicted_n": output, "predicted_ms": round(predicted_ms, 3),
            "predicted_per_token_ms": round(predicted_ms / output, 4) if output else 0.0,
            "predicted_per_second": round(output * 1000 / predicted_ms, 1) if predicted_ms else 0.0}


def reshape(data: dict[str, Any], timings_: dict[str, Any] | None = None) -> dict[str, Any]:
    """A vLLM-shaped completion or chunk in llama.cpp's shape: no logprobs, stop_reason or
    reasoning, content "" beside tool calls, null content in the role chunk, its field order."""
    data.pop("prompt_logprobs", None)
    data["system_fingerprint"] = BUILD
    if timings_ is not None:
        data["timings"] = timings_
    chunk = data.get("object") == "chat.completion.chunk"
    data["choices"] = [_choice(c) for c in data.get("choices") or []]
    if isinstance(data.get("usage"), dict):
        data["usage"] = _order(data["usage"], _ORDER_USAGE)
    return _order(data, _ORDER_CHUNK if chunk else _ORDER_WHOLE)


def _choice(choice: dict[str, Any]) -> dict[str, Any]:
    choice.pop("logprobs", None)
    choice.pop("stop_reason", None)
    msg = choice.get("message")
    if isinstance(msg, dict):
        msg.pop("reasoning", None)
        if msg.get("tool_calls"):
            msg["content"] = ""
            msg["tool_calls"] = [_order(c, ("type", "function", "id")) for c in msg["tool_calls"]]
        else:
            msg.pop("tool_calls", None)
    delta = choice.get("delta")
    if isinstance(delta, dict):
        if delta.get("role") == "assistant":
            delta["content"] = None
        if delta.get("tool_calls"):
            delta["tool_calls"] = [_order(dict(c, function=_order(c.get("function") or {}, ("name", "arguments"))),
                                          _ORDER_CALL) for c in delta["tool_calls"]]
    return _order(choice, _ORDER_CHOICE)


def _order(d: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    out = {k: d[k] for k in keys if k in d}
    out.update((k, v) for k, v in d.items() if k not in out)
    return out


def render_metrics(state: SimState) -> str:
    """llama.cpp's /metrics: llamacpp:* counters and gauges (no histograms, no KV usage)."""
    cached = state.cached_prompt_tokens
    rows = [
        ("counter", "prompt_tokens_total", "Number of prompt tokens processed, excluding cached tokens",
         state.prompt_tokens - cached),
        ("counter", "prompt_seconds_total", "Total time spent processing prompts", state.ttft.sum),
        ("counter", "tokens_predicted_seconds_total", "Total time spent generating tokens", state.itl.sum),
        ("counter", "n_tokens_max", "Largest observed sequence length (prompt + generation)",
         state.max_sequence),
        ("counter", "prompt_tokens_cached_total", "Number of prompt tokens reused from the cache", cached),
        ("counter", "tokens_predicted_total", "Number of generation tokens processed", state.generation_tokens),
        ("counter", "n_decode_total", "Total number of llama_decode() calls", state.generation_tokens),
        ("gauge", "prompt_tokens_seconds", "Average prompt throughput in tokens/s",
         _rate(state.prompt_tokens - cached, state.ttft.sum)),
        ("gauge", "predicted_tokens_seconds", "Average generation throughput in tokens/s",
         _rate(state.generation_tokens, state.itl.sum)),
        ("gauge", "requests_processing", "Number of requests processing", state.running),
        ("gauge", "requests_deferred", "Number of requests deferred", state.waiting),
        ("gauge", "n_busy_slots_per_decode", "Average number of busy slots per llama_decode() call",
         max(state.running, 1)),
    ]
    out: list[str] = []
    for kind, name, help_, value in rows:
        out += [f"# HELP llamacpp:{name} {help_}", f"# TYPE llamacpp:{name} {kind}",
                f"llamacpp:{name} {value}"]
    for name in ("draft_tokens", "accepted_tokens", "drafts"):  # speculative decoding: none
        out += [f"# TYPE llamacpp:spec_decode_num_{name}_total counter",
                f"llamacpp:spec_decode_num_{name}_total 0"]
    return "\n".join(out) + "\n"


def _rate(tokens: float, seconds: float) -> float:
    return round(tokens / seconds, 2) if seconds > 0 else 0.0
