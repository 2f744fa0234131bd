"""Prompts of a chosen token length, sized with the server's own /tokenize when it has one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.verify.checks.common import CheckContext
from servecheck.verify.client import ProbeError

# Common words that are one token each in the usual BPE vocabularies.
_WORDS = ("the", "and", "of", "to", "in", "is", "that", "it", "for", "on", "with", "as", "was",
          "at", "by", "be", "this", "from", "or", "an", "are", "not", "but", "we", "can", "all")

MessagesFor = Callable[[int], list[dict[str, Any]]]


def filler(n_words: int, offset: int = 0) -> str:
    """N_WORDS deterministic words, with a full stop every 12 so the text reads as sentences."""
    out = []
    for i in range(n_words):
        out.append(_WORDS[(i * 7 + offset) % len(_WORDS)])
        if i % 12 == 11:
            out[-1] += "."
    return " ".join(out)


def count_tokens(ctx: CheckContext, messages: list[dict[str, Any]]) -> int | None:
    """Prompt tokens of MESSAGES per the server's own tokenizer, or None where it cannot count.

    vLLM: POST /tokenize {messages}. llama.cpp: /tokenize reads only {"content"} (it answers
    {"tokens": []} to a messages body), so the chat template is applied first with
    /apply-template; the count then equals the usage.prompt_tokens of the same chat request.
    """
    if ctx.info.kind != "llamacpp":
        counted = _count_vllm(ctx, messages)
        if counted is not None:
            ctx.sized_with = "/tokenize"
            return counted
    return _count_llamacpp(ctx, messages)


def _count_vllm(ctx: CheckContext, messages: list[dict[str, Any]]) -> int | None:
    body: dict[str, Any] = {"messages": messages, "add_generation_prompt": True}
    if ctx.info.model:
        body["model"] = ctx.info.model
    reply = _post(ctx, "/tokenize", body, "POST /tokenize (sizing a prompt)")
    if reply is None:
        return None
    count = reply.get("count")
    if count is None and reply.get("tokens"):  # an empty list: the body was not understood
        count = len(reply["tokens"])
    return int(count) if isinstance(count, int) and count > 0 else None


def _count_llamacpp(ctx: CheckContext, messages: list[dict[str, Any]]) -> int | None:
    templated = _post(ctx, "/apply-template", {"messages": messages}, "POST /apply-template (llama.cpp)")
    prompt = templated.get("prompt") if templated else None
    ctx.sized_with = "/apply-template + /tokenize content"
    if not isinstance(prompt, str):  # no template endpoint: count the bare text
        prompt = "\n".join(str(m.get("content", "")) for m in messages)
        ctx.sized_with = "/tokenize content (chat template tokens not counted)"
    reply = _post(ctx, "/tokenize", {"content": prompt, "parse_special": True},
                  "POST /tokenize content (llama.cpp)")
    tokens = reply.get("tokens") if reply else None
    return len(tokens) if isinstance(tokens, list) and tokens else None


def _post(ctx: CheckContext, path: str, body: dict[str, Any], note: str) -> dict[str, Any] | None:
    try:
        reply = ctx.client.post(path, body, note=note, cap_s=30.0)
    except ProbeError:
        return None
    return reply.body if reply.status == 200 and isinstance(reply.body, dict) else None


def fit(ctx: CheckContext, make: MessagesFor, target: int, tolerance: int) -> tuple[list[dict[str, Any]], int | None]:
    """Messages whose token count is within [target - tolerance, target], sized by /tokenize.

    Returns the messages and their counted tokens (None when the server cannot count: then the
    length is an estimate of one token per word).
    """
    words = max(target - 16, 1)
    count: int | None = None
    for _ in range(5):
        messages = make(words)
        count = count_tokens(ctx, messages)
        if count is None or target - tolerance <= count <= target:
            return messages, count
        per_word = max(count - 16, 1) / words
        step = int((target - count) / max(per_word, 0.1))
        words = max(1, words + (step if step else (-1 if count > target else 1)))
    return make(words), count
