"""A deterministic word-level tokenizer with a ChatML-like chat template.

One token per word or punctuation mark; the id is a CRC32 of the text, so ids are the same
in every process. Tokenised texts are memoised (bounded) because load tests resend the same long
system prompts thousands of times and the request path must stay lean.
"""

from __future__ import annotations

import json
import re
import zlib
from collections import OrderedDict
from typing import Any

_WORD = re.compile(r"\w+|[^\w\s]")
SPECIAL = {"<|im_start|>": 1, "<|im_end|>": 2, "\n": 3}
_MEMO_MAX = 2048
_MEMO_TOKENS = 1_000_000  # memo budget: unique long prompts under load must not pile up
_VOCAB_MAX = 200_000


class Tokenizer:
    def __init__(self) -> None:
        self._memo: OrderedDict[str, tuple[int, ...]] = OrderedDict()
        self._memo_tokens = 0
        self._words: dict[int, str] = {v: k for k, v in SPECIAL.items()}

    def encode(self, text: str) -> tuple[int, ...]:
        cached = self._memo.get(text)
        if cached is not None:
            self._memo.move_to_end(text)
            return cached
        words = _WORD.findall(text)
        ids = tuple(zlib.crc32(w.encode()) % 2_000_000 + 1000 for w in words)
        if len(self._words) < _VOCAB_MAX:
            self._words.update(zip(ids, words, strict=True))
        self._memo[text] = ids
        self._memo_tokens += len(ids)
        while len(self._memo) > _MEMO_MAX or self._memo_tokens > _MEMO_TOKENS:
            self._memo_tokens -= len(self._memo.popitem(last=False)[1])
        return ids

    def decode(self, ids: list[int]) -> str:
        return " ".join(self._words.get(i, f"<tok_{i}>") for i in ids)

    def chat(self, messages: list[dict[str, Any]], tools: list[Any] | None = None,
             add_generation_prompt: bool = True) -> list[int]:
        """Token ids of a chat rendered with the template (tools go first, like a system part)."""
        start, end, nl = SPECIAL["<|im_start|>"], SPECIAL["<|im_end|>"], SPECIAL["\n"]
        out: list[int] = []
        if tools:
            out += [start, *self.encode("tools"), nl, *self.encode(json.dumps(tools)), end]
        for msg in messages:
            out += [start, *self.encode(str(msg.get("role", "user"))), nl]
            out += self.encode(content_text(msg.get("content")))
            out.append(end)
        if add_generation_prompt:
            out += [start, *self.encode("assistant"), nl]
        return out


def content_text(content: Any) -> str:
    """The text of a message content: a string or a list of OpenAI content parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return str(content)
