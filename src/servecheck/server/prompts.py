"""Prompt builders for verify and load: filler text, a short probe, a prompt at a target
context, and agent-style turns.

Agent turns share one long system prompt that describes tools (as text, so a server started
without a tool parser still answers; a prefix file may add a real `tools` list), followed by a
user turn that differs per request: the shape that makes prefix caching matter in production.
Sizes are in tokens, converted with a chars-per-token ratio calibrated on the server's own
/tokenize when it has one.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from servecheck.errors import InputError
from servecheck.fsutil import read_regular

DEFAULT_CHARS_PER_TOKEN = 4.0

_TOOLS = [
    ("search_tickets", "Search the incident tracker", {"query": "string", "limit": "integer"}),
    ("read_file", "Read a file from the repository", {"path": "string", "max_bytes": "integer"}),
    ("run_query", "Run a read-only SQL query on the metrics warehouse", {"sql": "string"}),
    ("get_gpu_status", "Report GPU utilisation and memory for a node", {"node": "string"}),
    ("list_deployments", "List model deployments in a namespace", {"namespace": "string"}),
    ("post_comment", "Post a comment on a ticket", {"ticket_id": "string", "body": "string"}),
    ("fetch_logs", "Fetch the last lines of a container log", {"pod": "string", "lines": "integer"}),
    ("schedule_job", "Schedule a maintenance job", {"name": "string", "cron": "string"}),
]

_USER_TURNS = [
    "Ticket {i}: the nightly batch on node gpu-{n} finished late. Find out why and summarise.",
    "Request {i}: list the deployments in namespace team-{n} and flag any that restarted today.",
    "Task {i}: read config/serve-{n}.yaml and tell me which flags differ from the defaults.",
    "Question {i}: how much GPU memory is free on gpu-{n} right now, and is that normal?",
    "Job {i}: draft a comment for ticket OPS-{n} explaining the driver upgrade plan.",
    "Check {i}: fetch the last 200 log lines of pod vllm-{n} and point out errors.",
]

_TURN_SLOT = "\u0000servecheck-user-turn\u0000"

_WORDS = (
    "cluster node driver kernel memory cache block token prefix request latency throughput "
    "queue batch stage ramp report operator evidence verdict server engine rank network"
).split()


@dataclass(frozen=True)
class AgentPrefix:
    """The shared part of every agent-style request."""

    system: str
    tools: list[dict[str, Any]] | None = None
    source: str = "built-in"


def default_agent_prefix(target_chars: int = 12000) -> AgentPrefix:
    """A built-in agent system prompt of about `target_chars` characters."""
    lines = [
        "You are the on-call assistant of an infrastructure team running LLM inference servers.",
        "Answer briefly. When you need data, call one of the tools described below.",
        "Tools (JSON schema of their arguments):",
    ]
    for name, desc, args in _TOOLS:
        props = {k: {"type": v} for k, v in args.items()}
        schema = {"type": "object", "properties": props, "required": list(args)}
        lines.append(f"- {name}: {desc}. arguments = {json.dumps(schema, sort_keys=True)}")
    lines.append("Operating rules:")
    rule = 0
    while sum(len(x) + 1 for x in lines) < target_chars:
        rule += 1
        words = " ".join(_WORDS[(rule * 7 + k) % len(_WORDS)] for k in range(18))
        lines.append(f"{rule}. Keep the {words} records consistent.")
    return AgentPrefix(system="\n".join(lines)[:target_chars])


# A prompt or stages file is a few KiB; 1 MiB leaves room and keeps /dev/zero out of memory.
INPUT_MAX_BYTES = 1024 * 1024


def read_input_text(path: Path, what: str, max_bytes: int = INPUT_MAX_BYTES) -> str:
    """A small user-named UTF-8 file (agent prefix, stages): a regular file of at most
    ``max_bytes``, read without blocking on a FIFO; InputError (exit 2) naming the problem."""
    try:
        data = read_regular(path, max_bytes=max_bytes)
    except InputError as exc:
        raise InputError(f"{what}: {exc}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} {path} is not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x}); "
                         "give a text or JSON file") from None


def load_agent_prefix(path: Path) -> AgentPrefix:
    """A prefix file: plain text (the system prompt) or JSON {"system": ..., "tools": [...]}."""
    text = read_input_text(path, "agent prefix")
    if path.suffix.lower() != ".json":
        return AgentPrefix(system=text, source=str(path))
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InputError(f"agent prefix {path} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("system"), str):
        raise InputError(f"agent prefix {path}: expected an object with a 'system' string")
    tools = data.get("tools")
    if tools is not None and not isinstance(tools, list):
        raise InputError(f"agent prefix {path}: 'tools' must be a list")
    return AgentPrefix(system=data["system"], tools=tools, source=str(path))


def new_salt() -> str:
    return secrets.token_hex(4)


@dataclass
class BodyBuilder:
    """Builds the JSON bytes of each request for one server and model.

    Every generated prompt starts with a per-run salt, so that no run rides on another run's
    prefix cache. Inside a run, the agent turns share their system prompt on purpose (that is
    what they measure); the probe and target-context prompts share nothing (a unique first line).
    """

    model: str
    max_tokens: int = 64
    chars_per_token: float = DEFAULT_CHARS_PER_TOKEN
    prefix: AgentPrefix = field(default_factory=default_agent_prefix)
    salt: str = field(default_factory=new_salt)
    _agent_key: Any = field(default=None, repr=False, compare=False)
    _agent_parts: tuple[bytes, bytes] = field(default=(b"", b""), repr=False, compare=False)

    def _body(self, messages: list[dict[str, str]], max_tokens: int, tools: Any = None) -> bytes:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if tools:
            body["tools"] = tools
            body["tool_choice"] = "auto"
        return json.dumps(body).encode()

    def short(self, index: int) -> bytes:
        return self._body([{"role": "user", "content": f"Run {self.salt}. Say hello ({index})."}],
                          min(16, self.max_tokens))

    def at_context(self, index: int, tokens: int) -> bytes:
        """A prompt of about `tokens` tokens; a unique first line keeps the prefix cache out."""
        want = max(0, tokens - self.max_tokens)
        head = f"Run {self.salt}, document {index} (unique {index * 7919 % 100003}). Summarise it in one line.\n"
        text = head + filler(max(0, int(want * self.chars_per_token) - len(head)), seed=index)
        return self._body([{"role": "user", "content": text}], self.max_tokens)

    def agent(self, index: int) -> bytes:
        """The shared prefix is JSON-encoded once per (model, prefix); only the turn is encoded here,
        which keeps the long system prompt off the hot path."""
        key = (self.model, self.prefix, self.max_tokens, self.salt)
        if self._agent_key != key:
            messages = [{"role": "system", "content": f"Run {self.salt}.\n{self.prefix.system}"},
                        {"role": "user", "content": _TURN_SLOT}]
            head, tail = self._body(messages, self.max_tokens, self.prefix.tools).split(
                json.dumps(_TURN_SLOT).encode())
            self._agent_key, self._agent_parts = key, (head, tail)
        turn = _USER_TURNS[index % len(_USER_TURNS)].format(i=index, n=index * 37 % 101)
        head, tail = self._agent_parts
        return head + json.dumps(turn).encode() + tail


def prefix_budget(max_model_len: int | None, max_tokens: int) -> int | None:
    """Agent prefixes get at most half the context window (the user turn and answer need room)."""
    return None if not max_model_len else max(64, max_model_len // 2 - max_tokens)


def cut_prefix(prefix: AgentPrefix, tokens_now: float, budget: int) -> AgentPrefix:
    """Shorten the system prompt in proportion, to about `budget` tokens (5 % margin)."""
    keep = int(len(prefix.system) * budget / tokens_now * 0.95)
    return AgentPrefix(prefix.system[:max(1, keep)], prefix.tools, prefix.source)


def filler(n_chars: int, seed: int = 0) -> str:
    """Deterministic prose-like text of exactly `n_chars` characters."""
    if n_chars <= 0:
        return ""
    words = []
    total = 0
    k = seed
    while total < n_chars:
        word = _WORDS[(k * 13 + seed) % len(_WORDS)]
        words.append(word)
        total += len(word) + 1
        k += 1
    return " ".join(words)[:n_chars]


# Common words that are one token each in the usual BPE vocabularies (verify sizes by words).
_ONE_TOKEN_WORDS = ("the", "and", "of", "to", "in", "is", "that", "it", "for", "on", "with", "as",
                    "was", "at", "by", "be", "this", "from", "or", "an", "are", "not", "but", "we",
                    "can", "all")


def word_filler(n_words: int, offset: int = 0) -> str:
    """N_WORDS deterministic one-token words, a full stop every 12 so the text reads as sentences."""
    out = []
    for i in range(n_words):
        out.append(_ONE_TOKEN_WORDS[(i * 7 + offset) % len(_ONE_TOKEN_WORDS)])
        if i % 12 == 11:
            out[-1] += "."
    return " ".join(out)
