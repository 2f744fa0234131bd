"""context: a prompt of the target length is accepted; one over max_model_len is refused.

The target is --context N, or max_model_len minus a margin; prompts are sized with /tokenize.
The refusal must be a 4xx whose text speaks of the context length (vLLM's "maximum context
length is ..." or llama.cpp's exceed_context_size_error); a 200 means the server truncated or
ignored the limit.
"""

from __future__ import annotations

import re
from typing import Any

from servecheck.server.prompts import word_filler as filler
from servecheck.verify.checks.common import (
    CheckContext,
    error_message,
    excerpt,
    first_byte_for,
    result,
)
from servecheck.verify.models import CheckResult

NAME = "context"
_LIMIT_TEXT = re.compile(r"maximum context length|context length|exceed_context_size|too long|"
                         r"input tokens|context window|context size|n_ctx", re.I)


def _make(words: int) -> list[dict[str, Any]]:
    return [{"role": "user", "content": f"Read this and reply OK. {filler(words)}"}]


def run(ctx: CheckContext) -> CheckResult:
    limit = ctx.info.max_model_len
    target = ctx.options.context or (limit - ctx.options.context_margin if limit else None)
    if target is None:
        return result(NAME, "skip", "max_model_len unknown (/v1/models does not report it): give --context N")
    if target < 16:
        return result(NAME, "skip", f"context target {target} is too small to test")
    ev: dict[str, Any] = {"signal": "HTTP status and error text of a fitting and an over-limit prompt",
                          "max_model_len": limit, "target_tokens": target,
                          "target_source": "--context" if ctx.options.context else "max_model_len - margin",
                          "limit_source": ("/v1/models meta.n_ctx (llama.cpp: context of one slot)"
                                           if ctx.info.behaves_as() == "llamacpp" else "/v1/models max_model_len")}
    messages, counted = ctx.fit_messages(_make, target, max(8, target // 100))
    ev["accepted_prompt_tokens"] = counted
    ev["sized_with"] = ctx.sized_with if counted is not None else "word estimate"
    body = ctx.chat_body(messages, 1)
    reply = ctx.client.post("/v1/chat/completions", body, note=f"chat with ~{counted or target} prompt tokens, max_tokens 1",
                            first_byte_s=first_byte_for(ctx, counted or target))
    ev["accepted_status"] = reply.status
    if reply.status != 200:
        why = excerpt(error_message(reply.body), 200)
        ev["accepted_error"] = why
        hint = f" (the server's max_model_len is {limit})" if limit and target >= limit else ""
        return result(NAME, "fail", f"a {counted or target}-token prompt was refused{hint}: {why}", "too_short", **ev)
    usage = reply.body.get("usage") if isinstance(reply.body, dict) else None
    ev["accepted_usage_prompt_tokens"] = (usage or {}).get("prompt_tokens")
    if limit is None:
        return result(NAME, "pass", f"a {counted or target}-token prompt was accepted (limit unknown: over-limit not tested)",
                      "accepted", **ev)
    return _over_limit(ctx, limit, counted or target, ev)


def _over_limit(ctx: CheckContext, limit: int, accepted: int, ev: dict[str, Any]) -> CheckResult:
    over_target = limit + max(16, limit // 100)
    messages, counted = ctx.fit_messages(_make, over_target, max(8, limit // 100))
    ev["over_prompt_tokens"] = counted
    reply = ctx.client.post("/v1/chat/completions", ctx.chat_body(messages, 1),
                            note=f"chat with ~{counted or over_target} prompt tokens (over the limit), max_tokens 1",
                            first_byte_s=first_byte_for(ctx, counted or over_target))
    ev["over_status"] = reply.status
    message = error_message(reply.body)
    ev["over_error"] = excerpt(message, 300)
    ev["over_error_type"] = _error_type(reply.body)
    if reply.status == 200:
        return result(NAME, "fail", f"a prompt over max_model_len ({counted or over_target} > {limit}) was accepted: "
                      "the server truncates or does not enforce its limit", "limit_not_enforced", **ev)
    if 400 <= reply.status < 500 and _LIMIT_TEXT.search(f"{message} {ev['over_error_type']}"):
        return result(NAME, "pass", f"{accepted} prompt tokens accepted; {counted or over_target} refused with "
                      f"HTTP {reply.status} ({excerpt(message, 90)})", "enforced", **ev)
    return result(NAME, "fail", f"over-limit prompt answered HTTP {reply.status} without a context-length message: "
                  f"{excerpt(message, 120)}", "unexpected_refusal", **ev)


def _error_type(body: Any) -> str | None:
    """The error's `type` (vLLM: BadRequestError; llama.cpp: exceed_context_size_error)."""
    inner = body.get("error", body) if isinstance(body, dict) else None
    return str(inner.get("type")) if isinstance(inner, dict) and inner.get("type") else None
