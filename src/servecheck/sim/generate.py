"""What the sim answers: validation with vLLM's error texts, and the planned output of a request.

Pure functions over (state, request body); the HTTP layer in app.py does the timing and I/O.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

from servecheck.server.images import colour_name, first_pixel, image_of_data_uri
from servecheck.sim import genjson
from servecheck.sim.state import SimState
from servecheck.sim.tokenizer import content_text

AUTO_TOOL_ERROR = ('"auto" tool choice requires --enable-auto-tool-choice and '
                   "--tool-call-parser to be set")
_ARITH = re.compile(r"(-?\d+)\s*([-+*x×])\s*(-?\d+)")
_FILLER = tuple(f" {w}" for w in (
    "The", "simulated", "server", "answers", "with", "a", "steady", "stream", "of", "plain",
    "words", "so", "that", "timing", "and", "token", "counts", "are", "easy", "to", "check", ".",
))


class RequestError(Exception):
    """A request vLLM would refuse: carries the status, the error type and the exact message."""

    def __init__(self, status: int, message: str, type_: str = "BadRequestError",
                 param: str | None = None, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.type, self.param = status, message, type_, param
        self.extra = extra or {}  # llama.cpp adds fields to its error object


@dataclass
class Plan:
    """The output decided for one request: text pieces (one per token) or tool calls."""

    pieces: list[str]
    finish_reason: str
    tool_name: str | None = None
    tool_call_id: str = field(default_factory=lambda: f"chatcmpl-tool-{uuid.uuid4().hex[:16]}")

    @property
    def text(self) -> str:
        return "".join(self.pieces)


def check_model(state: SimState, body: dict[str, Any]) -> None:
    model = body.get("model")
    if state.config.flavor == "llamacpp":  # llama.cpp serves one model under any name
        return
    if model is not None and model != state.model:
        raise RequestError(404, f"The model `{model}` does not exist.", "NotFoundError", "model")


def check_context(state: SimState, prompt_len: int, max_tokens: int | None) -> None:
    limit = state.config.max_model_len
    if state.config.flavor == "llamacpp":  # only the prompt counts; generation stops at n_ctx
        if prompt_len >= limit:
            from servecheck.sim.llamacpp import context_error

            message, type_, extra = context_error(prompt_len, limit)
            raise RequestError(400, message, type_, extra=extra)
        return
    if prompt_len >= limit:
        raise RequestError(400, (
            f"This model's maximum context length is {limit} tokens. However, your request has "
            f"{prompt_len} input tokens. Please reduce the length of the input messages."))
    if max_tokens is not None and prompt_len + max_tokens > limit:
        raise RequestError(400, (
            f"'max_tokens' or 'max_completion_tokens' is too large: {max_tokens}. This model's "
            f"maximum context length is {limit} tokens and your request has {prompt_len} input "
            f"tokens ({max_tokens} > {limit} - {prompt_len})."))


def max_tokens_of(body: dict[str, Any]) -> int | None:
    value = body.get("max_completion_tokens", body.get("max_tokens"))
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RequestError(400, f"max_tokens must be at least 1, got {value}.", param="max_tokens")
    return value


def tool_choice_of(state: SimState, body: dict[str, Any]) -> tuple[str, str | None]:
    """('none'|'auto'|'required'|'named', name); raises vLLM's error for auto without parser."""
    tools = body.get("tools") or []
    choice = body.get("tool_choice", "auto" if tools else "none")
    if not tools or choice == "none":
        return "none", None
    names = [t.get("function", {}).get("name") for t in tools if isinstance(t, dict)]
    if isinstance(choice, dict) and state.config.flavor == "llamacpp":
        choice = "auto"  # llama.cpp: "Wrong type supplied for parameter 'tool_choice'", runs auto
    if isinstance(choice, dict):
        name = (choice.get("function") or {}).get("name")
        if name not in names:
            raise RequestError(400, f"Tool '{name}' has not been passed in `tools`.", param="tool_choice")
        return "named", name
    if choice == "auto" and state.config.tool_parser is None:
        raise RequestError(400, AUTO_TOOL_ERROR)
    if choice not in ("auto", "required"):
        raise RequestError(400, f"Invalid tool_choice: {choice!r}", param="tool_choice")
    return choice, _pick_tool(body, names)


def _pick_tool(body: dict[str, Any], names: list[str | None]) -> str | None:
    last = _last_user_text(body.get("messages") or [])
    for name in names:
        if name and name in last:
            return name
    return names[0] if names else None


def _last_user_text(messages: list[Any]) -> str:
    for msg in reversed(messages):
        if isinstance(msg, dict) and msg.get("role") == "user":
            return content_text(msg.get("content"))
    return ""


def check_images(state: SimState, body: dict[str, Any]) -> list[bytes]:
    """The images of the request's messages; a text-only model refuses them (400)."""
    images: list[bytes] = []
    for msg in body.get("messages") or []:
        parts = msg.get("content") if isinstance(msg, dict) else None
        for part in parts if isinstance(parts, list) else []:
            if not (isinstance(part, dict) and part.get("type") == "image_url"):
                continue
            if not state.config.vision:  # llama-server answers 500 (recorded), vLLM a 400
                status, type_ = (500, "server_error") if state.config.flavor == "llamacpp" else (400, "BadRequestError")
                raise RequestError(status, _no_vision(state), type_)
            url = str((part.get("image_url") or {}).get("url", ""))
            data = image_of_data_uri(url)
            if data is None or first_pixel(data) is None:
                raise RequestError(400, "Failed to load image: not a base64 data URI of a PNG.")
            images.append(data)
    return images


def _no_vision(state: SimState) -> str:
    if state.config.flavor == "llamacpp":  # llama-server started without --mmproj
        return "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj"
    return f"{state.model} is not a multimodal model: image inputs are not supported."


def plan_chat(state: SimState, body: dict[str, Any], choice: tuple[str, str | None],
              max_tokens: int | None) -> Plan:
    kind, tool = choice
    messages = body.get("messages") or []
    last = messages[-1] if messages and isinstance(messages[-1], dict) else {}
    if last.get("role") == "tool" and kind in ("auto", "none") and state.config.reads_tool_results:
        result = content_text(last.get("content"))  # the model answers from the tool's result
        return _limit(_words(f"According to the tool: {result}"), max_tokens, bool(body.get("ignore_eos")))
    images = check_images(state, body)
    if images and state.config.sees_images:
        pixel = first_pixel(images[0])
        name = colour_name(pixel) if pixel else "unreadable"
        return _limit(_words(f"The image is a plain {name} square."), max_tokens, bool(body.get("ignore_eos")))
    if kind != "none" and tool is not None:
        spec = next(t["function"] for t in body["tools"] if t.get("function", {}).get("name") == tool)
        args = json.dumps(genjson.generate(spec.get("parameters") or {"type": "object"}))
        size = 1 if state.config.flavor == "llamacpp" else 4  # llama.cpp streams args char by char
        return _limit(_chunks(args, size), max_tokens, bool(body.get("ignore_eos")), tool)
    fmt = body.get("response_format") or {}
    if fmt.get("type") in ("json_schema", "json_object") and state.config.structured_outputs:
        schema = (fmt.get("json_schema") or {}).get("schema") if fmt["type"] == "json_schema" else None
        value = genjson.generate(schema) if schema else {"answer": "sim", "ok": True}
        return _limit(_chunks(json.dumps(value)), max_tokens, bool(body.get("ignore_eos")))
    if fmt.get("type") in ("json_schema", "json_object"):
        return _limit(_words("Sure! Here is the data you asked for: answer = sim, ok = yes."),
                      max_tokens, bool(body.get("ignore_eos")))
    return plan_text(state, _last_user_text(body.get("messages") or []), max_tokens,
                     bool(body.get("ignore_eos")))


def plan_text(state: SimState, prompt: str, max_tokens: int | None, ignore_eos: bool) -> Plan:
    match = _ARITH.search(prompt[-400:])
    if match:
        a, op, b = int(match.group(1)), match.group(2), int(match.group(3))
        value = a + b if op == "+" else a - b if op == "-" else a * b
        return _limit([str(value)], max_tokens, ignore_eos)
    natural = state.config.output_tokens
    pieces = [_FILLER[i % len(_FILLER)] for i in range(natural)]
    return _limit(pieces, max_tokens, ignore_eos)


def _limit(pieces: list[str], max_tokens: int | None, ignore_eos: bool,
           tool: str | None = None) -> Plan:
    if max_tokens is not None and ignore_eos:
        pieces = (pieces * (max_tokens // max(len(pieces), 1) + 1))[:max_tokens]
        return Plan(pieces, "length", tool)
    if max_tokens is not None and max_tokens < len(pieces):
        return Plan(pieces[:max_tokens], "length", tool)
    return Plan(pieces, "tool_calls" if tool else "stop", tool)


def _chunks(text: str, size: int = 4) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


def _words(text: str) -> list[str]:
    words = text.split(" ")
    return [words[0], *(f" {w}" for w in words[1:])]


def usage(state: SimState, prompt_tokens: int, output_tokens: int, cached: int) -> dict[str, Any]:
    out: dict[str, Any] = {"prompt_tokens": prompt_tokens, "total_tokens": prompt_tokens + output_tokens,
                           "completion_tokens": output_tokens, "prompt_tokens_details": None}
    cfg = state.config
    if cfg.enable_prompt_tokens_details and (cached or cfg.prompt_details_always):
        out["prompt_tokens_details"] = {"cached_tokens": cached}
    return out


def messages_not_list(state: SimState) -> str:
    if state.config.flavor == "llamacpp":
        return "Expected 'messages' to be an array"
    return "Field 'messages' must be a list."


def error_body(state: SimState, exc: RequestError) -> dict[str, Any]:
    if state.config.flavor == "llamacpp":
        from servecheck.sim.llamacpp import error_body as llamacpp_error

        return llamacpp_error(exc.status, exc.message, exc.type, exc.extra)
    inner = {"message": exc.message, "type": exc.type, "param": exc.param, "code": exc.status}
    if state.config.error_shape == "old":
        return {"object": "error", **inner}
    return {"error": inner}
