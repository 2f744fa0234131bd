"""Record what llama.cpp's server answers, as small fixture files in tests/real/recorded/.

    .venv/bin/python tests/real/record.py     # regenerate the recordings

Each sample is one exchange: the request, the status and the body (JSON, Prometheus text or the
raw SSE stream). Volatile values (ids, timestamps, timings) are kept: the tests compare shapes,
not values. test_real_recorded.py checks that a live server still answers with these shapes.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

RECORDED = Path(__file__).parent / "recorded"

USER = [{"role": "user", "content": "Say hello."}]
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["c", "f"]}},
            "required": ["city", "unit"],
        },
    },
}
ANSWER_SCHEMA = {
    "type": "object",
    "properties": {
        "answer": {"type": "string"},
        "score": {"type": "integer"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "ok": {"type": "boolean"},
        "kind": {"enum": ["alpha", "beta"]},
    },
    "required": ["answer", "score", "tags", "ok", "kind"],
}
LONG_REPEAT = 1700  # "word " is 5 tokens here: 8500 tokens, just over one slot's 8192
LONG_USER = [{"role": "user", "content": "word " * LONG_REPEAT}]


def _chat(**extra: Any) -> dict[str, Any]:
    return {"model": "any", "messages": USER, "max_tokens": 16, **extra}


# name -> (method, path, body, kind); kind: json | text | sse
SAMPLES: dict[str, tuple[str, str, Any, str]] = {
    "models": ("GET", "/v1/models", None, "json"),
    "health": ("GET", "/health", None, "json"),
    "version": ("GET", "/version", None, "json"),
    "props": ("GET", "/props", None, "json"),
    "slots": ("GET", "/slots", None, "json"),
    "metrics": ("GET", "/metrics", None, "text"),
    "chat": ("POST", "/v1/chat/completions", _chat(), "json"),
    "chat_length": ("POST", "/v1/chat/completions", _chat(max_tokens=2), "json"),
    "chat_stream": ("POST", "/v1/chat/completions",
                    _chat(stream=True, stream_options={"include_usage": True}), "sse"),
    "tool_call": ("POST", "/v1/chat/completions", _chat(max_tokens=96, tools=[WEATHER]), "json"),
    "tool_call_stream": ("POST", "/v1/chat/completions",
                         _chat(max_tokens=96, tools=[WEATHER], stream=True,
                               stream_options={"include_usage": True}), "sse"),
    "tool_choice_object": ("POST", "/v1/chat/completions",
                           _chat(max_tokens=96, tools=[WEATHER], tool_choice={
                               "type": "function", "function": {"name": "get_weather"}}), "json"),
    "tool_choice_none": ("POST", "/v1/chat/completions",
                         _chat(tools=[WEATHER], tool_choice="none"), "json"),
    "json_schema": ("POST", "/v1/chat/completions",
                    _chat(max_tokens=128, response_format={"type": "json_schema", "json_schema": {
                        "name": "answer", "strict": True, "schema": ANSWER_SCHEMA}}), "json"),
    "json_object": ("POST", "/v1/chat/completions",
                    _chat(response_format={"type": "json_object"}), "json"),
    "error_context": ("POST", "/v1/chat/completions",
                      {"model": "any", "messages": LONG_USER, "max_tokens": 4}, "json"),
    "error_context_stream": ("POST", "/v1/chat/completions",
                             {"model": "any", "messages": LONG_USER, "max_tokens": 4,
                              "stream": True}, "sse"),
    "error_messages_type": ("POST", "/v1/chat/completions",
                            {"model": "any", "messages": "hello", "max_tokens": 4}, "json"),
    "error_not_found": ("GET", "/v1/nonexistent", None, "json"),
}


def exchange(base: str, method: str, path: str, body: Any, kind: str,
             timeout: float = 30.0) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, ctype, raw = resp.status, resp.headers.get("Content-Type", ""), resp.read()
    except urllib.error.HTTPError as exc:
        status, ctype, raw = exc.code, exc.headers.get("Content-Type", ""), exc.read()
    text = raw.decode("utf-8", "replace")
    out: dict[str, Any] = {"request": {"method": method, "path": path, "body": _short(body)},
                           "status": status, "content_type": ctype}
    if kind == "sse" and status == 200:
        out["sse_lines"] = [ln for ln in text.splitlines() if ln]
    else:
        try:
            out["json"] = json.loads(text)
        except ValueError:
            out["text"] = text
    return out


def _short(body: Any) -> Any:
    """The request as recorded: a long message is written as a note, not 8 kB of words."""
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        return body
    msgs = [dict(m, content=f"<'word ' x {LONG_REPEAT}>") if len(str(m.get("content"))) > 1000
            else m for m in body["messages"]]
    return dict(body, messages=msgs)


def record_all(base: str) -> dict[str, dict[str, Any]]:
    return {name: exchange(base, *spec) for name, spec in SAMPLES.items()}


def write(samples: dict[str, dict[str, Any]], outdir: Path = RECORDED) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    for name, sample in samples.items():
        (outdir / f"{name}.json").write_text(json.dumps(sample, indent=1, sort_keys=False) + "\n")


def load_recorded(outdir: Path = RECORDED) -> dict[str, dict[str, Any]]:
    return {p.stem: json.loads(p.read_text()) for p in sorted(outdir.glob("*.json"))}


# -- shapes: what is compared between recordings, the live server and the sim ---------------

def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value[:1]]
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def metric_names(text: str) -> list[str]:
    return sorted({ln.split(" ")[0] for ln in text.splitlines() if ln and not ln.startswith("#")})


def summary(sample: dict[str, Any]) -> dict[str, Any]:
    out = {"status": sample["status"]}
    if "sse_lines" in sample:
        out["sse"] = [shape(json.loads(ln[6:])) if ln != "data: [DONE]" else "[DONE]"
                      for ln in sample["sse_lines"]]
    elif "json" in sample:
        out["json"] = shape(sample["json"])
    else:
        out["metrics"] = metric_names(sample["text"])
    return out


def _main() -> int:
    import tempfile

    sys.path.insert(0, str(Path(__file__).parent))
    from llamaserver import ServerConfig, start
    from tinymodel import write_model

    with tempfile.TemporaryDirectory() as tmp:
        model = write_model(Path(tmp) / "tiny-hello.gguf")
        with start(ServerConfig(model)) as srv:
            samples = record_all(srv.url)
    # The slot dump and /props repeat the whole prompt/template; keep them, they are small.
    write(samples)
    print(f"wrote {len(samples)} samples to {RECORDED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
