"""What every check shares: the context object, request bodies, error-text extraction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from servecheck.server.client import Client
from servecheck.server.metrics import Scrape
from servecheck.server.tokenize import fit
from servecheck.verify.models import CheckResult, ServerInfo, Status
from servecheck.verify.options import VerifyOptions


@dataclass
class CheckContext:
    client: Client
    info: ServerInfo
    options: VerifyOptions
    scrape: Callable[[], Scrape]
    sized_with: str | None = None  # how the last prompt was counted (set by fit_messages)

    def fit_messages(self, make: Callable[[int], list[dict[str, Any]]], target: int,
                     tolerance: int) -> tuple[list[dict[str, Any]], int | None]:
        """Messages of about TARGET tokens, sized on the server's own tokenizer."""
        messages, count, how = fit(self.client, self.info.behaves_as(), self.info.model, make, target, tolerance)
        self.sized_with = how
        return messages, count

    def chat_body(self, messages: list[dict[str, Any]], max_tokens: int = 32, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"messages": messages, "max_tokens": max_tokens, "temperature": 0}
        if self.info.model:
            body["model"] = self.info.model
        body.update(extra)
        return body


PREFILL_TOKENS_PER_S = 2000  # a slow prefill rate: the first byte of a long prompt may take this long


def first_byte_for(ctx: CheckContext, prompt_tokens: int | None) -> float:
    """--first-byte plus a prefill allowance for a long prompt (a 128k-token prompt adds 64 s)."""
    return ctx.options.first_byte_s + (prompt_tokens or 0) / PREFILL_TOKENS_PER_S


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


def itl_ms(arrivals: list[float]) -> dict[str, float] | None:
    """Inter-token latency of one successful stream, from token-chunk arrival times.

    The rule: chunks that arrive in the same read share one arrival time; they are one arrival,
    not 0 ms gaps. Gaps are taken between distinct arrival times only.
    """
    distinct = sorted(set(arrivals))
    gaps = sorted(b - a for a, b in zip(distinct, distinct[1:], strict=False))
    if not gaps:
        return None
    return {"gaps": len(gaps), "p50": round(gaps[len(gaps) // 2] * 1000, 3),
            "max": round(gaps[-1] * 1000, 3)}
