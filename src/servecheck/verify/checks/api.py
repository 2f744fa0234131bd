"""api: the OpenAI-compatible surface answers, correctly, streamed and not.

/health, /v1/models (served id, max_model_len), /version; one short chat completion with a
checkable answer (17 + 25); the same streamed (chunks arrive, usage reported with
stream_options.include_usage). With an API key, /v1/models must refuse a request without it.
"""

from __future__ import annotations

import re
from typing import Any

from servecheck.server.client import ProbeError
from servecheck.server.keys import KEY_ENVS
from servecheck.verify.checks.common import CheckContext, excerpt, itl_ms, message_of, result
from servecheck.verify.models import CheckResult

NAME = "api"
QUESTION = "What is 17 + 25? Reply with the number only."
ANSWER = "42"
_ANSWER = re.compile(r"(?<![\d.])42(?![\d.]*\d)")  # the number 42, not 142, 420 or 4.2


def answered(text: str) -> bool:
    return _ANSWER.search(text) is not None


def give_key(ctx: CheckContext, status: int) -> str:
    """What to do about a 401/403, naming the flag and variables (never a value)."""
    if ctx.options.key_source:
        return (f"the server answered {status} to the key from {ctx.options.key_source}: "
                "that key is wrong for this server")
    return (f"the server answered {status}: it wants an API key; give --api-key or set "
            f"{' / '.join(KEY_ENVS)}")


def run(ctx: CheckContext) -> CheckResult:
    info, problems = ctx.info, []
    ev: dict[str, Any] = {"signal": "answers of a plain and a streamed chat completion",
                          "health_status": info.health_status, "version": info.version,
                          "model": info.model, "max_model_len": info.max_model_len}
    if info.health_status not in (200, None):
        problems.append(f"/health answered {info.health_status}")
    if not info.model:
        problems.append("/v1/models listed no model")
    if info.model and info.max_model_len is None:
        ev["note"] = "/v1/models carries no max_model_len (nor llama.cpp's meta.n_ctx)"
    messages = [{"role": "user", "content": QUESTION}]
    reply = ctx.client.post("/v1/chat/completions", ctx.chat_body(messages, 16),
                            note="chat: 17 + 25, max_tokens 16, temperature 0")
    if reply.status in (401, 403):
        ev["blocked_status"] = reply.status
        return result(NAME, "fail", give_key(ctx, reply.status), "auth_required", **ev)
    problems += _judge_plain(ctx, reply.status, reply.body, ev)
    body = ctx.chat_body(messages, 16, stream=True, stream_options={"include_usage": True})
    try:
        streamed = ctx.client.stream("/v1/chat/completions", body, note="same chat, streamed, include_usage")
    except ProbeError as exc:  # keep what the plain request showed
        return result(NAME, "error", "; ".join([str(exc), *problems]), **ev)
    ev["stream"] = {"status": streamed.status, "chunks": streamed.chunks,
                    "content": excerpt(streamed.content), "usage": streamed.usage,
                    "ttft_s": _round(streamed.ttft_s), "elapsed_s": _round(streamed.elapsed_s),
                    "itl_ms": itl_ms(streamed.arrivals)}
    verdict = None
    if streamed.status != 200:
        problems.append(f"streamed chat answered {streamed.status}")
    elif streamed.chunks == 0 or not streamed.content:
        verdict = "empty_stream"
        problems.append("empty stream: [DONE] without any content chunk")
    elif not streamed.usage:
        problems.append("stream reported no usage despite stream_options.include_usage")
    elif streamed.usage.get("completion_tokens") == 0:
        verdict = "zero_tokens"
        problems.append("the stream's usage counts 0 completion tokens")
    elif ctx.options.check_answer and not answered(streamed.content):
        problems.append(f"streamed answer {excerpt(streamed.content, 40)!r}, expected {ANSWER}")
    if ctx.options.api_key:
        problems += _check_auth(ctx, ev)
    if problems:
        return result(NAME, "fail", "; ".join(problems), verdict, **ev)
    return result(NAME, "pass", f"{info.model} answers (plain and streamed, {streamed.chunks} chunks)"
                  f"{'; API key enforced' if ctx.options.api_key else ''}", **ev)


def _judge_plain(ctx: CheckContext, status: int, body: Any, ev: dict[str, Any]) -> list[str]:
    msg = message_of(body)
    content = str(msg.get("content") or "")
    ev["chat"] = {"status": status, "content": excerpt(content),
                  "usage": body.get("usage") if isinstance(body, dict) else None}
    if status != 200:
        return [f"chat completion answered {status}: {excerpt(body, 200)}"]
    if not msg:
        return ["chat completion has no choices[0].message"]
    if not isinstance(body.get("usage"), dict):
        return ["chat completion has no usage"]
    if body["usage"].get("completion_tokens") == 0 or not content:
        return ["zero-token answer: the chat completion has no content"]
    if ctx.options.check_answer and not answered(content):
        return [f"answer {excerpt(content, 40)!r}, expected {ANSWER}"]
    return []


def _check_auth(ctx: CheckContext, ev: dict[str, Any]) -> list[str]:
    reply = ctx.client.get("/v1/models", auth=False, note="GET /v1/models without the API key")
    ev["auth_without_key_status"] = reply.status
    if reply.status == 401:
        return []
    return [f"/v1/models answered {reply.status} without the API key (expected 401: key not enforced)"]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
