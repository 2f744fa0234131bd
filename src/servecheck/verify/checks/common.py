"""What every check shares: the context object, request bodies, error-text extraction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from servecheck.verify.client import Client
from servecheck.verify.metrics import Scrape
from servecheck.verify.models import CheckResult, ServerInfo, Status
from servecheck.verify.options import VerifyOptions


@dataclass
class CheckContext:
    client: Client
    info: ServerInfo
    options: VerifyOptions
    scrape: Callable[[], Scrape]
    sized_with: str | None = None  # how the last prompt was counted (set by prompts.count_tokens)

    def chat_body(self, messages: list[dict[str, Any]], max_tokens: int = 32, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"messages": messages, "max_tokens": max_tokens, "temperature": 0}
        if self.info.model:
            body["model"] = self.info.model
        body.update(extra)
        return body


def result(name: str, status: Status, summary: str, verdict: str | None = None,
           **evidence: Any) -> CheckResult:
    return CheckResult(name=name, status=status, summary=summary, verdict=verdict,
                       evidence={k: v for k, v in evidence.items() if v is not None})


def error_message(body: Any) -> str:
    """The message of an error body in either vLLM shape, llama.cpp's, or plain text."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            return str(inner.get("message") or inner.get("type") or inner)
        return str(inner)
    return str(body or "")


def message_of(body: Any) -> dict[str, Any]:
    """choices[0].message of a chat completion, or {} when the shape is wrong."""
    try:
        msg = body["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        return {}
    return msg if isinstance(msg, dict) else {}


def excerpt(text: Any, n: int = 160) -> str:
    text = str(text)
    return text if len(text) <= n else text[:n] + "..."
