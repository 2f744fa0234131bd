"""Server-kind detection and generic fallbacks, on recorded-shape answers from a loopback server."""

from __future__ import annotations

from typing import Any

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

LLAMACPP_MODELS = {"object": "list", "data": [{"id": "tiny-hello", "object": "model", "owned_by": "llamacpp",
                                                "meta": {"n_ctx": 8192, "n_vocab": 362}}]}


def _llamacpp(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
    if path == "/health":
        return 200, {"status": "ok"}
    if path == "/v1/models":
        return 200, LLAMACPP_MODELS
    if path == "/tokenize":
        if "content" not in body:
            return 400, {"error": {"code": 400, "type": "invalid_request_error"}}
        return 200, {"tokens": list(range(len(body["content"].split())))}
    if path == "/v1/chat/completions":
        n = sum(len(str(m["content"]).split()) for m in body["messages"])
        if n > 8192:
            return 400, {"error": {"code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": n, "n_ctx": 8192}}
        return 200, {"choices": [{"message": {"role": "assistant", "content": "Hello world!"}, "finish_reason": "stop"}],
                     "usage": {"prompt_tokens": n, "completion_tokens": 4}}
    return 404, "Not Found"


def test_llamacpp_is_detected_and_context_uses_its_error_and_tokenizer(fakes):
    with fakes.json_server(_llamacpp) as url:
        result = run_verify(VerifyOptions(url=url, checks=("context", "api"), wait_s=2, timeout_s=5))
    assert result.server.kind == "llamacpp" and "owned_by" in result.server.kind_source
    assert result.server.max_model_len == 8192 and result.server.model == "tiny-hello"
    context, api = result.checks
    assert context.status == "pass" and context.verdict == "enforced", context.summary
    assert context.evidence["sized_with"] == "/tokenize content (chat template tokens not counted)"
    assert api.status == "error" and "[DONE]" in api.summary  # this stand-in does not stream
    assert api.evidence["chat"]["content"] == "Hello world!"


def test_server_kind_option_wins_and_openai_fallback(fakes):
    def plain(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        if path == "/v1/models":
            return 200, {"data": [{"id": "gpt-x", "owned_by": "someone"}]}
        return 404, ""

    with fakes.json_server(plain) as url:
        result = run_verify(VerifyOptions(url=url, checks=("context",), wait_s=2))
        assert result.server.kind == "openai" and result.server.ready
        assert result.checks[0].status == "skip"  # no max_model_len and no --context
        result = run_verify(VerifyOptions(url=url, checks=("context",), wait_s=2, server_kind="sglang"))
    assert result.server.kind == "sglang" and result.server.kind_source == "--server-kind"
