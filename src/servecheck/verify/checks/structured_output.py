"""structured_output: response_format json_schema (strict) and json_object give valid JSON."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from servecheck.verify.checks.common import CheckContext, error_message, excerpt, message_of, result
from servecheck.verify.models import CheckResult

NAME = "structured_output"
SIGNAL = "message content parsed as JSON and validated against the requested schema"
SCHEMA = {"type": "object", "properties": {
    "city": {"type": "string"}, "country": {"type": "string"},
    "population": {"type": "integer", "minimum": 0},
    "landmarks": {"type": "array", "items": {"type": "string"}}},
    "required": ["city", "country", "population", "landmarks"], "additionalProperties": False}
FORMATS = {
    "json_schema": {"type": "json_schema", "json_schema": {"name": "city_facts", "schema": SCHEMA, "strict": True}},
    "json_object": {"type": "json_object"},
}
ASK = {"json_schema": "Give facts about Paris as JSON: city, country, population, landmarks.",
       "json_object": "Reply with a JSON object with one key, ok, set to true."}


def run(ctx: CheckContext) -> CheckResult:
    cases = {name: _case(ctx, name) for name in FORMATS}
    failed = {k: v for k, v in cases.items() if not v["ok"]}
    if failed:
        return result(NAME, "fail", "; ".join(f"{k}: {v['problem']}" for k, v in failed.items()),
                      "invalid_output", signal=SIGNAL, cases=cases)
    return result(NAME, "pass", "json_schema (strict) output validated; json_object output parsed",
                  "working", signal=SIGNAL, cases=cases)


def _case(ctx: CheckContext, name: str) -> dict[str, Any]:
    body = ctx.chat_body([{"role": "user", "content": ASK[name]}], 128, response_format=FORMATS[name])
    reply = ctx.client.post("/v1/chat/completions", body, note=f"chat with response_format {name}")
    out: dict[str, Any] = {"status": reply.status, "ok": False}
    if reply.status != 200:
        out["problem"] = f"HTTP {reply.status}: {excerpt(error_message(reply.body), 160)}"
        return out
    content = message_of(reply.body).get("content")
    out["content"] = excerpt(content, 300)
    out["finish_reason"] = (reply.body.get("choices") or [{}])[0].get("finish_reason")
    try:
        value = json.loads(content or "")
    except json.JSONDecodeError as exc:
        cut = " (cut by max_tokens)" if out["finish_reason"] == "length" else ""
        out["problem"] = f"output is not JSON{cut}: {exc.msg} in {excerpt(content, 60)!r}"
        return out
    if name == "json_object" and not isinstance(value, dict):
        out["problem"] = f"output is JSON but not an object: {type(value).__name__}"
        return out
    if name == "json_schema":
        errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(value)]
        if errors:
            out["problem"] = f"output does not match the schema: {excerpt('; '.join(errors), 160)}"
            return out
    out["ok"] = True
    return out
