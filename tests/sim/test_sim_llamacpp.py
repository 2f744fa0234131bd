"""The sim's llama.cpp flavour answers like the real llama.cpp server recorded in tests/real/recorded/."""

from __future__ import annotations

import importlib.util
import json
import socket
import sys
from pathlib import Path

import httpx
import pytest

from servecheck.sim.server import running_sim
from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

FAST = {"ttft_base_ms": 0, "per_token_prefill_ms": 0, "itl_ms": 0}
RECORD_PY = Path(__file__).parents[1] / "real" / "record.py"
# whole-sample shape comparisons, field order included
SAME_SHAPE = ("chat", "chat_length", "chat_stream", "tool_call", "tool_call_stream", "tool_choice_object",
              "tool_choice_none", "json_schema", "json_object", "error_context", "error_context_stream",
              "error_messages_type", "error_not_found", "health", "version", "metrics")


def _record():
    key = "servecheck_tests_real_record"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, RECORD_PY)
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def _collapsed(summary):
    """SSE chunk shapes with runs of the same shape folded: stream lengths differ, kinds must not."""
    if "sse" not in summary:
        return json.dumps(summary)
    out = []
    for item in summary["sse"]:
        text = json.dumps(item)
        if not out or out[-1] != text:
            out.append(text)
    return json.dumps({"status": summary["status"], "sse": out})


@pytest.fixture(scope="module")
def exchanges():
    rec = _record()
    # max_model_len 1024: the sim's word tokenizer makes the recorded long prompt ~1700 tokens
    with running_sim("llamacpp", model="tiny-hello", max_model_len=1024, **FAST) as sim:
        return rec.load_recorded(), rec.record_all(sim.url)


@pytest.mark.parametrize("name", SAME_SHAPE)
def test_sim_sample_has_the_real_shape(exchanges, name):
    real, sim = exchanges
    rec = _record()
    assert _collapsed(rec.summary(sim[name])) == _collapsed(rec.summary(real[name]))


def test_models_props_and_slots_carry_what_clients_read(exchanges):
    real, sim = exchanges
    for sample in (real, sim):
        card = sample["models"]["json"]["data"][0]
        assert card["owned_by"] == "llamacpp" and "max_model_len" not in card and card["meta"]["n_ctx"]
        props = sample["props"]["json"]
        assert {"default_generation_settings", "build_info", "total_slots"} <= set(props)
        assert set(sample["slots"]["json"][0]) == {"id", "n_ctx", "speculative", "is_processing"}


def test_tokenize_content_of_the_applied_template_counts_like_the_chat():
    msgs = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Count\nthese words."}]
    with running_sim("llamacpp", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        assert c.post("/tokenize", json={"messages": msgs}).json() == {"tokens": []}
        prompt = c.post("/apply-template", json={"messages": msgs}).json()["prompt"]
        counted = len(c.post("/tokenize", json={"content": prompt}).json()["tokens"])
        usage = c.post("/v1/chat/completions", json={"messages": msgs, "max_tokens": 2}).json()["usage"]
    assert counted == usage["prompt_tokens"] > 10


def test_connection_is_closed_after_a_stream_despite_keep_alive():
    body = json.dumps({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 2, "stream": True})
    with running_sim("llamacpp", **FAST) as sim:
        with socket.create_connection(("127.0.0.1", sim.port), timeout=5) as sock:
            sock.sendall((f"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
            data = b""
            for _ in range(200):  # bounded: the sim closes after [DONE]
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].lower()
    assert b"connection: close" not in head and b"data: [DONE]" in data


def test_per_request_cache_prompt_false_and_object_tool_choice(exchanges):
    with running_sim("llamacpp", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        msgs = [{"role": "system", "content": "shared prefix " * 50}, {"role": "user", "content": "q"}]
        c.post("/v1/chat/completions", json={"messages": msgs, "max_tokens": 1})
        hit = c.post("/v1/chat/completions", json={"messages": msgs, "max_tokens": 1}).json()
        miss = c.post("/v1/chat/completions", json={"messages": msgs, "max_tokens": 1, "cache_prompt": False}).json()
    n = hit["usage"]["prompt_tokens"]
    assert hit["usage"]["prompt_tokens_details"]["cached_tokens"] == hit["timings"]["cache_n"] == n - 1
    assert miss["usage"]["prompt_tokens_details"]["cached_tokens"] == 0 and miss["timings"]["prompt_n"] == n


@pytest.mark.parametrize("scenario,prefix", [("llamacpp", "working"), ("llamacpp-no-cache", "not_enabled")])
def test_verify_reaches_the_real_servers_verdicts(scenario, prefix):
    with running_sim(scenario, model="tiny-hello", **FAST) as sim:
        result = run_verify(VerifyOptions(url=sim.url, timeout_s=20, wait_s=5))
    verdicts = {c.name: (c.verdict or c.status) for c in result.checks}
    assert verdicts == {"api": "pass", "prefix_cache": prefix, "tool_calling": "working",
                        "structured_output": "working", "context": "enforced", "multimodal": "not_supported",
                        "agent": "working", "fallback": "not_given"}, [c.summary for c in result.checks]
    assert result.server.kind == "sim" and result.server.imitates == "llamacpp" and result.server.version == "b0-sim"
    cache = next(c for c in result.checks if c.name == "prefix_cache")
    assert cache.evidence["signal"] == "cached_tokens+timings" and cache.evidence["block_size"] == 1
    tools = next(c for c in result.checks if c.name == "tool_calling")
    assert tools.evidence["cases"]["named"]["honoured"] is False and "ignored" in tools.summary
