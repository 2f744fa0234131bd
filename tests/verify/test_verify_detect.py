"""Server-kind detection and generic fallbacks, on recorded-shape answers through httpx.MockTransport."""

from __future__ import annotations

import json

import httpx

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

LLAMACPP_MODELS = {"object": "list", "data": [{"id": "tiny-hello", "object": "model", "owned_by": "llamacpp",
                                                "meta": {"n_ctx": 8192, "n_vocab": 362}}]}


def _llamacpp(request: httpx.Request) -> httpx.Response:
    path = request.url.path
    if path == "/health":
        return httpx.Response(200, json={"status": "ok"})
    if path == "/v1/models":
        return httpx.Response(200, json=LLAMACPP_MODELS)
    if path == "/tokenize":
        body = json.loads(request.content)
        if "content" not in body:
            return httpx.Response(400, json={"error": {"code": 400, "type": "invalid_request_error"}})
        return httpx.Response(200, json={"tokens": list(range(len(body["content"].split())))})
    if path == "/v1/chat/completions":
        body = json.loads(request.content)
        n = sum(len(str(m["content"]).split()) for m in body["messages"])
        if n > 8192:
            return httpx.Response(400, json={"error": {"code": 400, "type": "exceed_context_size_error",
                                                       "n_prompt_tokens": n, "n_ctx": 8192}})
        return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": "Hello world!"},
                                                      "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": n, "completion_tokens": 4}})
    return httpx.Response(404, text="Not Found")


def test_llamacpp_is_detected_and_context_uses_its_error_and_tokenizer():
    opts = VerifyOptions(url="http://llama.test", checks=("context", "api"), wait_s=2, timeout_s=5)
    result = run_verify(opts, transport=httpx.MockTransport(_llamacpp))
    assert result.server.kind == "llamacpp" and "owned_by" in result.server.kind_source
    assert result.server.max_model_len == 8192 and result.server.model == "tiny-hello"
    context, api = result.checks
    assert context.status == "pass" and context.verdict == "enforced", context.summary
    assert context.evidence["sized_with"] == "/tokenize content (chat template tokens not counted)"
    assert api.status == "error" and "[DONE]" in api.summary  # this stand-in does not stream
    assert api.evidence["chat"]["content"] == "Hello world!"


def test_server_kind_option_wins_and_openai_fallback():
    def plain(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "gpt-x", "owned_by": "someone"}]})
        return httpx.Response(404)

    result = run_verify(VerifyOptions(url="http://p.test", checks=("context",), wait_s=2),
                        transport=httpx.MockTransport(plain))
    assert result.server.kind == "openai" and result.server.ready
    assert result.checks[0].status == "skip"  # no max_model_len and no --context
    result = run_verify(VerifyOptions(url="http://p.test", checks=("context",), wait_s=2, server_kind="sglang"),
                        transport=httpx.MockTransport(plain))
    assert result.server.kind == "sglang" and result.server.kind_source == "--server-kind"
