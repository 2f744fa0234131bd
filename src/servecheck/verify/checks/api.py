"""api: the OpenAI-compatible surface answers, correctly, streamed and not.

/health, /v1/models (served id, max_model_len), /version; one short chat completion with a
checkable answer (17 + 25); the same streamed (chunks arrive, usage reported with
stream_options.include_usage). With an API key, /v1/models must refuse a request without it.
"""

from __future__ import annotations

from typing import Any

from servecheck.verify.checks.common import CheckContext, excerpt, message_of, result
from servecheck.verify.client import ProbeError
from servecheck.verify.models import CheckResult

NAME = "api"
QUESTION = "What is 17 + 25? Reply with the number only."
ANSWER = "42"


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
    problems += _judge_plain(ctx, reply.status, reply.body, ev)
    body = ctx.chat_body(messages, 16, stream=True, stream_options={"include_usage": True})
    try:
        streamed = ctx.client.stream("/v1/chat/completions", body, note="same chat, streamed, include_usage")
    except ProbeError as exc:  # keep what the plain request showed
        return result(NAME, "error", "; ".join([str(exc), *problems]), **ev)
    ev["stream"] = {"status": streamed.status, "chunks": streamed.chunks,
                    "content": excerpt(streamed.content), "usage": streamed.usage,
                    "ttft_s": _round(streamed.ttft_s), "elapsed_s": _round(streamed.elapsed_s)}
    if streamed.status != 200:
        problems.append(f"streamed chat answered {streamed.status}")
    elif streamed.chunks == 0 or not streamed.content:
        problems.append("stream carried no content chunks")
    elif not streamed.usage:
        problems.append("stream reported no usage despite stream_options.include_usage")
    elif ctx.options.check_answer and ANSWER not in streamed.content:
        problems.append(f"streamed answer {excerpt(streamed.content, 40)!r}, expected {ANSWER}")
    if ctx.options.api_key:
        problems += _check_auth(ctx, ev)
    if problems:
        return result(NAME, "fail", "; ".join(problems), **ev)
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
    if ctx.options.check_answer and ANSWER not in content:
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
