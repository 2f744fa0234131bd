"""The recordings in tests/real/recorded/ still describe what a live llama.cpp server answers.

Values (ids, timestamps, timings) change from run to run; the shapes compared here do not.
Regenerate with `.venv/bin/python tests/real/record.py` after a deliberate xllamacpp upgrade.
"""

from __future__ import annotations

import json

import pytest


@pytest.mark.real
def test_live_server_answers_with_the_recorded_shapes(real_helpers, recorded, llama_server):
    rec = real_helpers.record
    assert set(recorded) == set(rec.SAMPLES)
    live = rec.record_all(llama_server.url)
    # a slot that has served requests lists more fields than an idle one: compare the idle ones
    live["slots"]["json"] = [{k: s[k] for k in recorded["slots"]["json"][0] if k in s}
                             for s in live["slots"]["json"]]
    differing = [name for name in recorded if rec.summary(recorded[name]) != rec.summary(live[name])]
    assert differing == [], {n: (rec.summary(recorded[n]), rec.summary(live[n])) for n in differing}


def test_recorded_quirks(recorded):
    rec = recorded
    # Context overflow: 400 with llama.cpp's own error type and the token counts, also for stream.
    for name in ("error_context", "error_context_stream"):
        err = rec[name]["json"]["error"]
        assert (rec[name]["status"], err["type"]) == (400, "exceed_context_size_error")
        assert err["n_prompt_tokens"] > err["n_ctx"] == 8192
    # Stream: usage and timings come in a last chunk with no choices, before [DONE].
    last = json.loads(rec["chat_stream"]["sse_lines"][-2][6:])
    assert last["choices"] == [] and "cached_tokens" in last["usage"]["prompt_tokens_details"]
    # Tool-call stream: id and name only in the first delta, arguments in many fragments.
    deltas = [json.loads(ln[6:])["choices"][0]["delta"].get("tool_calls")
              for ln in rec["tool_call_stream"]["sse_lines"][:-2]]
    calls = [d[0] for d in deltas if d]
    assert "id" in calls[0] and all("id" not in c for c in calls[1:])
    args = "".join(c["function"]["arguments"] for c in calls)
    assert json.loads(args) == {"city": "", "unit": "c"} and len(calls) > 5
    # The object form of tool_choice is ignored (logged), the call still happens.
    assert rec["tool_choice_object"]["json"]["choices"][0]["finish_reason"] == "tool_calls"
    # /v1/models: no max_model_len, the context is meta.n_ctx; owned_by llamacpp.
    model = rec["models"]["json"]["data"][0]
    assert model["owned_by"] == "llamacpp" and model["meta"]["n_ctx"] == 8192
    assert "max_model_len" not in model
    assert rec["version"]["status"] == 404
    assert "llamacpp:prompt_tokens_cached_total" in rec["metrics"]["text"]
