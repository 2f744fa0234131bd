"""The sim against the reference facts: routes, auth, error bodies, tools, structured output."""

from __future__ import annotations

import json

import httpx
import jsonschema
import pytest

from servecheck.sim.generate import AUTO_TOOL_ERROR
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 0, "per_token_prefill_ms": 0, "itl_ms": 0}
WEATHER = {"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string", "minLength": 2},
                                     "unit": {"enum": ["c", "f"]}, "days": {"type": "integer", "minimum": 1}},
    "required": ["city", "unit", "days"], "additionalProperties": False}}}
MSG = [{"role": "user", "content": "What is the weather in Paris?"}]


@pytest.fixture(scope="module")
def client():
    with running_sim(**FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        yield c


def test_basic_routes(client):
    assert client.get("/health").status_code == 200
    assert client.post("/ping").status_code == 200
    assert client.get("/version").json()["version"]
    card = client.get("/v1/models").json()["data"][0]
    assert card["id"] == "sim-model" and card["max_model_len"] == 8192 and card["owned_by"] == "vllm"
    tok = client.post("/tokenize", json={"prompt": "hello big world"}).json()
    assert tok["count"] == 3 and tok["max_model_len"] == 8192 and len(tok["tokens"]) == 3
    assert client.post("/detokenize", json={"tokens": tok["tokens"]}).json()["prompt"] == "hello big world"


def test_checkable_answer_and_stream_usage(client):
    body = {"model": "sim-model", "messages": [{"role": "user", "content": "What is 17 + 25?"}]}
    assert client.post("/v1/chat/completions", json=body).json()["choices"][0]["message"]["content"] == "42"
    body |= {"stream": True, "stream_options": {"include_usage": True}}
    events = [line[6:] for line in client.post("/v1/chat/completions", json=body).text.splitlines()
              if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["completion_tokens"] == 1
    assert "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks[:-1]) == "42"


def test_unknown_model_and_bad_json(client):
    r = client.post("/v1/chat/completions", json={"model": "nope", "messages": MSG})
    assert r.status_code == 404
    assert r.json()["error"] == {"message": "The model `nope` does not exist.", "type": "NotFoundError",
                                 "param": "model", "code": 404}
    r = client.post("/v1/chat/completions", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["type"] == "BadRequestError"


def test_context_limit_errors():
    with running_sim("short-context", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        long = " ".join(["word"] * 2100)
        r = c.post("/v1/completions", json={"prompt": long})
        assert r.status_code == 400
        assert r.json()["error"]["message"].startswith("This model's maximum context length is 2048 tokens.")
        r = c.post("/v1/completions", json={"prompt": "hi", "max_tokens": 4000})
        assert "'max_tokens' or 'max_completion_tokens' is too large: 4000" in r.json()["error"]["message"]


@pytest.mark.parametrize("choice", ["auto", "required", {"type": "function", "function": {"name": "get_weather"}}])
def test_tool_arguments_satisfy_schema(client, choice):
    r = client.post("/v1/chat/completions", json={"messages": MSG, "tools": [WEATHER], "tool_choice": choice})
    choice0 = r.json()["choices"][0]
    assert choice0["finish_reason"] == "tool_calls"
    call = choice0["message"]["tool_calls"][0]["function"]
    jsonschema.validate(json.loads(call["arguments"]), WEATHER["function"]["parameters"])


def test_auto_tool_choice_without_parser_is_vllm_400():
    with running_sim("no-tool-parser", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        r = c.post("/v1/chat/completions", json={"messages": MSG, "tools": [WEATHER]})
        assert r.status_code == 400
        assert r.json()["error"]["message"] == AUTO_TOOL_ERROR
        assert r.json()["error"]["type"] == "BadRequestError"
        ok = c.post("/v1/chat/completions", json={"messages": MSG, "tools": [WEATHER], "tool_choice": "required"})
        assert ok.status_code == 200


SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 18},
                                           "tags": {"type": "array", "items": {"type": "string"}, "minItems": 2}},
          "required": ["name", "age", "tags"], "additionalProperties": False}


@pytest.mark.parametrize("scenario,valid", [("healthy", True), ("broken-json", False)])
def test_structured_output(scenario, valid):
    fmt = {"type": "json_schema", "json_schema": {"name": "person", "schema": SCHEMA, "strict": True}}
    with running_sim(scenario, **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        text = c.post("/v1/chat/completions", json={"messages": MSG, "response_format": fmt}).json()[
            "choices"][0]["message"]["content"]
        if valid:
            jsonschema.validate(json.loads(text), SCHEMA)
        else:
            with pytest.raises(json.JSONDecodeError):
                json.loads(text)


def test_api_key_guards_only_v1():
    with running_sim(api_key="s3cret", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        r = c.get("/v1/models")
        assert r.status_code == 401 and r.json() == {"error": "Unauthorized"}
        assert c.get("/health").status_code == 200 and c.get("/metrics").status_code == 200
        assert c.get("/v1/models", headers={"Authorization": "Bearer s3cret"}).status_code == 200


def test_old_error_shape():
    with running_sim(error_shape="old", **FAST) as sim, httpx.Client(base_url=sim.url, timeout=5) as c:
        body = c.post("/v1/chat/completions", json={"model": "x", "messages": MSG}).json()
        assert body["object"] == "error" and body["code"] == 404
