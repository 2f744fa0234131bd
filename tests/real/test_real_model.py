"""The generated model behaves deterministically on llama.cpp's server (xllamacpp)."""

from __future__ import annotations

import json

import jsonschema
import pytest

pytestmark = pytest.mark.real

USER = [{"role": "user", "content": "Say hello."}]


def chat(server, **extra):
    status, body = server.post_json("/v1/chat/completions",
                                    {"model": "any", "messages": USER, "max_tokens": 16, **extra})
    assert status == 200, body
    return body["choices"][0], body


def test_plain_chat_gives_the_greeting(llama_server):
    choice, body = chat(llama_server)
    assert choice["message"]["content"] == "Hello world!"
    assert choice["finish_reason"] == "stop"
    assert body["usage"]["completion_tokens"] == 4
    assert body["model"] == "tiny-hello"


def test_max_tokens_cuts_with_length(llama_server):
    choice, _ = chat(llama_server, max_tokens=2)
    assert (choice["message"]["content"], choice["finish_reason"]) == ("Hello world", "length")


@pytest.mark.parametrize("temperature,seed", [(0.0, 1), (0.8, 2), (1.5, 3), (2.0, 4)])
def test_answers_do_not_depend_on_sampling(llama_server, temperature, seed):
    choice, _ = chat(llama_server, temperature=temperature, seed=seed, top_k=0, top_p=1.0, min_p=0.0)
    assert choice["message"]["content"] == "Hello world!"


def test_tools_give_one_call_then_the_loop_ends(llama_server):
    tool = {"type": "function", "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
    choice, _ = chat(llama_server, tools=[tool], max_tokens=64)
    assert choice["finish_reason"] == "tool_calls"
    call = choice["message"]["tool_calls"][0]
    assert call["function"]["name"] == "get_weather"
    assert set(json.loads(call["function"]["arguments"])) == {"city"}
    history = USER + [choice["message"], {"role": "tool", "tool_call_id": call["id"], "content": "sunny"}]
    status, body = llama_server.post_json("/v1/chat/completions", {
        "model": "any", "messages": history, "tools": [tool], "max_tokens": 16})
    assert status == 200, body
    assert body["choices"][0]["message"]["content"] == "Hello world!"


def test_json_schema_answer_is_schema_valid(llama_server):
    schema = {"type": "object", "properties": {
        "answer": {"type": "string"}, "n": {"type": "integer"}, "kind": {"enum": ["x", "y"]}},
        "required": ["answer", "n", "kind"]}
    rf = {"type": "json_schema", "json_schema": {"name": "a", "strict": True, "schema": schema}}
    choice, _ = chat(llama_server, response_format=rf, max_tokens=96)
    value = json.loads(choice["message"]["content"])
    jsonschema.validate(value, schema)


def _long_prefix_twice(server):
    # A prefix unique to this test, so earlier requests cannot have cached it.
    system = "cache probe " + "lorem ipsum dolor sit amet " * 120
    out = []
    for turn in ("first", "second"):
        msgs = [{"role": "system", "content": system}, {"role": "user", "content": turn}]
        status, body = server.post_json("/v1/chat/completions",
                                        {"model": "any", "messages": msgs, "max_tokens": 4})
        assert status == 200, body
        out.append(body)
    return out


def test_prompt_cache_reuses_a_shared_prefix(llama_server):
    first, second = _long_prefix_twice(llama_server)
    # at most the chat template's opening tokens, shared with earlier requests in some slot
    assert first["usage"]["prompt_tokens_details"]["cached_tokens"] <= 16
    cached = second["usage"]["prompt_tokens_details"]["cached_tokens"]
    assert cached > 0.9 * second["usage"]["prompt_tokens"]
    assert second["timings"]["cache_n"] == cached


def test_prompt_cache_off_by_server_option(llama_server_nocache):
    first, second = _long_prefix_twice(llama_server_nocache)
    for body in (first, second):
        assert body["usage"]["prompt_tokens_details"]["cached_tokens"] == 0
        assert body["timings"]["prompt_n"] == body["usage"]["prompt_tokens"]
