"""Request bodies and agent prefixes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.errors import InputError
from servecheck.server.prompts import (
    BodyBuilder,
    cut_prefix,
    default_agent_prefix,
    filler,
    load_agent_prefix,
)


def test_bodies_stream_with_usage_and_share_the_agent_prefix() -> None:
    b = BodyBuilder(model="m", max_tokens=32)
    one, two = json.loads(b.agent(1)), json.loads(b.agent(2))
    for body in (one, two):
        assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
        assert body["max_tokens"] == 32 and body["model"] == "m" and "tools" not in body
    assert one["messages"][0] == two["messages"][0]  # the shared, cacheable part
    assert one["messages"][1] != two["messages"][1]  # the varying user turn
    assert "search_tickets" in one["messages"][0]["content"]
    short = json.loads(b.short(0))
    assert short["max_tokens"] == 16


def test_target_context_size_and_unique_start() -> None:
    b = BodyBuilder(model="m", max_tokens=64, chars_per_token=4.0)
    first, second = (json.loads(b.at_context(i, 2000))["messages"][0]["content"] for i in (0, 1))
    assert abs(len(first) - (2000 - 64) * 4) < 8
    assert first.splitlines()[0] != second.splitlines()[0]


def test_filler_is_exact_and_deterministic() -> None:
    assert len(filler(1234, seed=5)) == 1234 and filler(50, 2) == filler(50, 2) and filler(0) == ""


def test_cut_prefix_scales_down() -> None:
    prefix = default_agent_prefix(6000)
    cut = cut_prefix(prefix, tokens_now=1500, budget=500)
    assert len(cut.system) < len(prefix.system) * 500 / 1500


def test_prefix_files(tmp_path: Path) -> None:
    text = tmp_path / "system.txt"
    text.write_text("You are helpful.")
    assert load_agent_prefix(text).system == "You are helpful." and load_agent_prefix(text).tools is None
    for bad in ("{not json", '{"tools": []}', '{"system": "x", "tools": {}}', "[]"):
        path = tmp_path / "bad.json"
        path.write_text(bad)
        with pytest.raises(InputError):
            load_agent_prefix(path)
    with pytest.raises(InputError):
        load_agent_prefix(tmp_path / "missing.txt")


def test_agent_body_fast_path_equals_a_full_encode() -> None:
    b = BodyBuilder(model="m", max_tokens=32)
    got = json.loads(b.agent(7))
    turn = got["messages"][1]["content"]
    assert "7" in turn and "servecheck-user-turn" not in b.agent(7).decode()
    expected = {"model": "m", "max_tokens": 32, "stream": True,
                "stream_options": {"include_usage": True},
                "messages": [{"role": "system", "content": f"Run {b.salt}.\n{b.prefix.system}"},
                             {"role": "user", "content": turn}]}
    assert got == expected


def test_every_generated_prompt_starts_with_the_run_salt() -> None:
    one, two = BodyBuilder(model="m"), BodyBuilder(model="m")
    assert one.salt != two.salt
    for b in (one, two):
        bodies = [json.loads(x) for x in (b.short(1), b.at_context(1, 200), b.agent(1))]
        assert all(body["messages"][0]["content"].startswith(f"Run {b.salt}") for body in bodies)
    b.model = "other"  # a change of model re-encodes the shared part
    assert json.loads(b.agent(7))["model"] == "other"
