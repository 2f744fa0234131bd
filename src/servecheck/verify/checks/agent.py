"""agent: the round trip of an agent — the model calls a tool, the tool's result goes back as a
`tool` message, and the final answer uses it. Run twice: plain and streamed.

The tool result carries a code made at run time; the final answer must quote it (with
--no-answer-check: any final text answer). Arguments are validated against the tool's schema.
When it breaks, the summary names the flags: --enable-auto-tool-choice --tool-call-parser <name>
(and a chat template that renders tool results).
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from jsonschema import Draft202012Validator

from servecheck.server.client import StreamReply
from servecheck.verify.checks.common import CheckContext, error_message, excerpt, message_of, result
from servecheck.verify.models import CheckResult

NAME = "agent"
FLAGS = "--enable-auto-tool-choice --tool-call-parser <name>"
TOOL: dict[str, Any] = {"type": "function", "function": {
    "name": "lookup_order", "description": "Look up the shipping status of an order.",
    "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                   "required": ["order_id"], "additionalProperties": False}}}
ASK = "What is the shipping status of order A-1234? Use the lookup_order tool, then tell me the tracking code."


class _Broken(Exception):
    def __init__(self, verdict: str, problem: str) -> None:
        super().__init__(problem)
        self.verdict = verdict


def run(ctx: CheckContext) -> CheckResult:
    rounds: dict[str, dict[str, Any]] = {}
    for mode in ("plain", "streamed"):
        out: dict[str, Any] = {}
        rounds[mode] = out
        try:
            _round_trip(ctx, mode == "streamed", out)
        except _Broken as exc:
            out.update(ok=False, verdict=exc.verdict, problem=str(exc))
    ev = {"signal": "a tool call, its result sent back, a final answer that quotes the result", "rounds": rounds}
    failed = {k: v for k, v in rounds.items() if not v.get("ok")}
    if failed:
        first = next(iter(failed.values()))
        return result(NAME, "fail", "; ".join(f"{k}: {v['problem']}" for k, v in failed.items()),
                      first["verdict"], **ev)
    used = "quoted the tool's result" if ctx.options.check_answer else "answered (not checked: --no-answer-check)"
    return result(NAME, "pass", f"plain and streamed: the model called lookup_order with valid arguments, "
                  f"got the result and {used}", "working", **ev)


def _ask(ctx: CheckContext, messages: list[dict[str, Any]], stream: bool, note: str) -> tuple[int, dict[str, Any], Any]:
    """(status, the assistant message, the error body) for one turn, plain or streamed."""
    body = ctx.chat_body(messages, 128, tools=[TOOL], tool_choice="auto")
    if not stream:
        reply = ctx.client.post("/v1/chat/completions", body, note=note)
        return reply.status, message_of(reply.body), reply.body
    body.update(stream=True, stream_options={"include_usage": True})
    streamed: StreamReply = ctx.client.stream("/v1/chat/completions", body, note=note + ", streamed")
    calls = [{"id": c.get("id") or f"call_{i}", "type": "function",
              "function": {"name": c["name"], "arguments": c["arguments"]}}
             for i, c in sorted(streamed.tool_calls.items())]
    return streamed.status, {"role": "assistant", "content": streamed.content or None, "tool_calls": calls}, streamed.error_body


def _round_trip(ctx: CheckContext, stream: bool, out: dict[str, Any]) -> None:
    messages: list[dict[str, Any]] = [{"role": "user", "content": ASK}]
    status, msg, err = _ask(ctx, messages, stream, "agent turn 1: a question that needs lookup_order")
    out["turn1_status"] = status
    if status != 200:
        text = error_message(err)
        parser = "tool choice requires" in text or "--enable-auto-tool-choice" in text
        raise _Broken("parser_not_configured" if parser else "refused",
                      f"turn 1 answered HTTP {status}: {excerpt(text, 120)}"
                      + (f"; restart vLLM with {FLAGS}" if parser else ""))
    call = _valid_call(msg, out)
    code = f"ZX-{secrets.randbelow(9000) + 1000}"
    tool_result = json.dumps({"order_id": "A-1234", "status": "shipped", "tracking_code": code})
    messages += [{"role": "assistant", "content": msg.get("content"), "tool_calls": [call]},
                 {"role": "tool", "tool_call_id": call.get("id") or "call_0", "content": tool_result}]
    status, final, err = _ask(ctx, messages, stream, "agent turn 2: the tool result goes back")
    out.update(turn2_status=status, tracking_code=code, answer=excerpt(final.get("content"), 200))
    if status != 200:
        raise _Broken("tool_result_refused", f"turn 2 (the tool result) answered HTTP {status}: "
                      f"{excerpt(error_message(err), 120)}: the chat template may not accept tool messages")
    _judge_final(ctx, final, code)
    out["ok"] = True


def _valid_call(msg: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    calls = [c for c in msg.get("tool_calls") or [] if isinstance(c, dict)]
    out["calls"] = len(calls)
    if not calls:
        raise _Broken("no_tool_call", f"turn 1 called no tool (text {excerpt(msg.get('content'), 60)!r}): the "
                      f"model's output was not parsed as a call; is {FLAGS} set, with the parser for this model?")
    for call in calls:  # every call is validated
        fn = call.get("function") or {}
        if fn.get("name") != "lookup_order":
            raise _Broken("invalid_tool_calls", f"turn 1 called unknown tool {fn.get('name')!r}")
        try:
            args = json.loads(fn.get("arguments") or "")
        except ValueError as exc:
            raise _Broken("invalid_tool_calls", f"turn 1 arguments are not JSON: "
                          f"{excerpt(fn.get('arguments'), 60)!r} (wrong --tool-call-parser?)") from exc
        errors = [e.message for e in Draft202012Validator(TOOL["function"]["parameters"]).iter_errors(args)]
        if errors:
            raise _Broken("invalid_tool_calls", f"turn 1 arguments do not match the schema: {excerpt('; '.join(errors), 120)}")
        out["arguments"] = args
    return calls[0]


def _judge_final(ctx: CheckContext, final: dict[str, Any], code: str) -> None:
    if final.get("tool_calls"):
        raise _Broken("result_not_used", "turn 2 called a tool again instead of answering: the tool result did "
                      f"not reach the model (a chat template that drops tool messages, or the wrong parser; {FLAGS})")
    answer = str(final.get("content") or "")
    if not answer.strip():
        raise _Broken("empty_answer", "turn 2 gave an empty answer after the tool result")
    if ctx.options.check_answer and code not in answer:
        raise _Broken("result_not_used", f"the final answer does not use the tool's result (tracking code {code} "
                      f"missing from {excerpt(answer, 60)!r})")
