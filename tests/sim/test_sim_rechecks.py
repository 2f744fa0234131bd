"""The sim serves what the method's re-checks send: images (it names the colour of a PNG), tool
results (it answers from them), and the scenarios that break each."""

from __future__ import annotations

import httpx
import pytest

from servecheck.server.images import COLOURS, data_uri, solid_png
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 0, "per_token_prefill_ms": 0, "itl_ms": 0}


def _image_chat(c: httpx.Client, png: bytes) -> httpx.Response:
    content = [{"type": "text", "text": "Which colour?"}, {"type": "image_url", "image_url": {"url": data_uri(png)}}]
    return c.post("/v1/chat/completions", json={"messages": [{"role": "user", "content": content}], "max_tokens": 16})


@pytest.mark.parametrize(("scenario", "status", "says"), [
    ("healthy", 200, "blue"), ("vision-ignored", 200, "simulated"),
    ("no-vision", 400, "not a multimodal model"), ("llamacpp", 500, "provide the mmproj"),
])
def test_images(scenario, status, says):
    with running_sim(scenario, **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        reply = _image_chat(c, solid_png(COLOURS["blue"]))
        garbage = _image_chat(c, b"not a png") if scenario == "healthy" else None
    assert reply.status_code == status and says in reply.text
    assert garbage is None or garbage.status_code == 400


TOOL = {"type": "function", "function": {"name": "lookup_order", "parameters": {
    "type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}}


@pytest.mark.parametrize(("scenario", "answers"), [("healthy", True), ("agent-broken", False)])
def test_tool_results(scenario, answers):
    messages = [{"role": "user", "content": "Status of order A-1?"},
                {"role": "assistant", "content": None, "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "lookup_order", "arguments": "{}"}}]},
                {"role": "tool", "tool_call_id": "call_1", "content": "shipped, code ZX-1234"}]
    with running_sim(scenario, **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        body = c.post("/v1/chat/completions", json={"messages": messages, "tools": [TOOL], "max_tokens": 64}).json()
    msg = body["choices"][0]["message"]
    if answers:
        assert "ZX-1234" in msg["content"] and not msg.get("tool_calls")
    else:
        assert msg["tool_calls"][0]["function"]["name"] == "lookup_order"


def test_unchained_cache_hits_a_changed_prefix():
    with running_sim("prefix-cache-unchained", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        def cached(first: str) -> int:
            text = first + " " + "the and of to in is that it " * 40
            usage = c.post("/v1/chat/completions", json={"messages": [{"role": "system", "content": text},
                                                                      {"role": "user", "content": "ok"}],
                                                         "max_tokens": 1}).json()["usage"]
            return (usage.get("prompt_tokens_details") or {}).get("cached_tokens", 0)

        cached("alpha")
        assert cached("omega") > 0  # a correct (chained) cache would miss after a changed first word
