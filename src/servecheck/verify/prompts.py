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
    """Prompt tokens of MESSAGES per the server's /tokenize, or None where it has none."""
    body: dict[str, Any] = {"messages": messages, "add_generation_prompt": True}
    if ctx.info.model:
        body["model"] = ctx.info.model
    try:
        reply = ctx.client.post("/tokenize", body, note="POST /tokenize (sizing a prompt)", cap_s=30.0)
    except ProbeError:
        return None
    if reply.status != 200 or not isinstance(reply.body, dict):
        # llama.cpp's /tokenize takes {"content"} only: count the text (template tokens excluded)
        text = "\n".join(str(m.get("content", "")) for m in messages)
        try:
            reply = ctx.client.post("/tokenize", {"content": text}, note="POST /tokenize content", cap_s=30.0)
        except ProbeError:
            return None
        if reply.status != 200 or not isinstance(reply.body, dict):
            return None
    count = reply.body.get("count")
    if count is None and isinstance(reply.body.get("tokens"), list):
        count = len(reply.body["tokens"])
    return int(count) if isinstance(count, int) else None


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
