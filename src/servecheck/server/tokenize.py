"""Prompt sizes from the server's own tokenizer (/tokenize), for verify and load.

vLLM: POST /tokenize {messages} or {prompt} answers {"count", "tokens"}. llama.cpp reads only
{"content"} (it answers {"tokens": []} to anything else), so for chat messages the template is
applied first with /apply-template; the count then equals the usage.prompt_tokens of the chat.
"""

from __future__ import annotations

from typing import Any

from servecheck.server.client import Client, ProbeError


def count_messages(client: Client, kind: str, model: str | None,
                   messages: list[dict[str, Any]]) -> tuple[int | None, str | None]:
    """(prompt tokens of MESSAGES, how they were counted); (None, None) where the server cannot."""
    if kind != "llamacpp":
        body: dict[str, Any] = {"messages": messages, "add_generation_prompt": True}
        if model:
            body["model"] = model
        count = _count(_post(client, "/tokenize", body, "POST /tokenize (sizing a prompt)"))
        if count is not None:
            return count, "/tokenize"
    templated = _post(client, "/apply-template", {"messages": messages}, "POST /apply-template (llama.cpp)")
    prompt = templated.get("prompt") if templated else None
    how = "/apply-template + /tokenize content"
    if not isinstance(prompt, str):  # no template endpoint: count the bare text
        prompt = "\n".join(str(m.get("content", "")) for m in messages)
        how = "/tokenize content (chat template tokens not counted)"
    count = _count(_post(client, "/tokenize", {"content": prompt, "parse_special": True},
                         "POST /tokenize content (llama.cpp)"))
    return (count, how) if count is not None else (None, None)


def count_text(client: Client, model: str | None, text: str) -> int | None:
    """Tokens of plain TEXT (vLLM's {prompt}, else llama.cpp's {content})."""
    count = _count(_post(client, "/tokenize", {"model": model, "prompt": text}, "POST /tokenize prompt"))
    if count is None:
        count = _count(_post(client, "/tokenize", {"content": text}, "POST /tokenize content"))
    return count


def _count(reply: dict[str, Any] | None) -> int | None:
    if not reply:
        return None
    count = reply.get("count")
    if count is None and isinstance(reply.get("tokens"), list):  # an empty list: not understood
        count = len(reply["tokens"])
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else None


def _post(client: Client, path: str, body: dict[str, Any], note: str) -> dict[str, Any] | None:
    try:
        reply = client.post(path, body, note=note, cap_s=30.0)
    except ProbeError:
        return None
    return reply.body if reply.status == 200 and isinstance(reply.body, dict) else None


def fit(client: Client, kind: str, model: str | None, make: Any, target: int,
        tolerance: int) -> tuple[list[dict[str, Any]], int | None, str | None]:
    """Messages (from MAKE(n_words)) whose count is within [target - tolerance, target].

    Returns the messages, their counted tokens and how they were counted (None, None when the
    server cannot count: then the length is an estimate of one token per word).
    """
    words = max(target - 16, 1)
    count: int | None = None
    how: str | None = None
    for _ in range(5):
        messages = make(words)
        count, how = count_messages(client, kind, model, messages)
        if count is None or target - tolerance <= count <= target:
            return messages, count, how
        per_word = max(count - 16, 1) / words
        step = int((target - count) / max(per_word, 0.1))
        words = max(1, words + (step if step else (-1 if count > target else 1)))
    return make(words), count, how
