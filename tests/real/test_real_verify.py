"""`servecheck verify` against llama.cpp's real server: right verdicts for the right reasons."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.real

# multimodal needs a projector model (--mmproj); no tiny one is generated here, so llama.cpp
# refuses images and the check is a skip that names the reason
WORKING = {"api": "pass", "prefix_cache": "working", "tool_calling": "working",
           "structured_output": "working", "context": "enforced", "multimodal": "not_supported",
           "agent": "working", "fallback": "not_given"}


def _verify(url, **opts):
    from servecheck.verify.options import VerifyOptions
    from servecheck.verify.runner import run_verify

    opts.setdefault("check_answer", False)  # the tiny model says "Hello world!", not 42
    return run_verify(VerifyOptions(url=url, timeout_s=30, wait_s=5, **opts))


def _verdicts(result):
    return {c.name: (c.verdict or c.status) for c in result.checks}


@pytest.fixture(scope="module")
def verified(llama_server):
    return _verify(llama_server.url)


def test_every_check_passes_against_llamacpp(verified):
    assert _verdicts(verified) == WORKING, {c.name: c.summary for c in verified.checks}
    assert verified.exit_code() == 0


def test_report_says_it_talked_to_llamacpp(verified):
    server = verified.server
    assert server.kind == "llamacpp" and server.kind_source
    assert server.model == "tiny-hello" and server.max_model_len == 8192
    assert server.metrics_era == "llamacpp"


def test_every_check_names_its_signal(verified):
    for check in verified.checks:
        assert check.evidence.get("signal"), check.name


def test_multimodal_skips_naming_the_missing_projector(verified):
    check = next(c for c in verified.checks if c.name == "multimodal")
    assert check.status == "skip" and "mmproj" in check.summary


def test_agent_round_trip_plain_and_streamed(verified):
    check = next(c for c in verified.checks if c.name == "agent")
    assert set(check.evidence["rounds"]) == {"plain", "streamed"}
    assert all(r["ok"] and r["turn2_status"] == 200 for r in check.evidence["rounds"].values())


def test_prefix_cache_working_from_cached_tokens_and_timings(verified):
    check = next(c for c in verified.checks if c.name == "prefix_cache")
    ev = check.evidence
    assert ev["signal"] in ("cached_tokens", "cached_tokens+timings"), ev["signal"]
    repeat = next(r for r in ev["runs"] if r["step"] == "repeat")
    n = repeat["prompt_tokens"]
    # llama.cpp reuses the prefix token by token: all but the last prompt token
    assert repeat["cached_tokens"] >= n - 16 and repeat["cached_tokens"] > 0.9 * n
    assert repeat["timings_cache_n"] == repeat["cached_tokens"]
    assert repeat["timings_prompt_n"] + repeat["cached_tokens"] == n


def test_prefix_cache_not_enabled_when_the_server_option_is_off(llama_server_nocache):
    result = _verify(llama_server_nocache.url)
    verdicts = _verdicts(result)
    assert verdicts == WORKING | {"prefix_cache": "not_enabled"}, {c.name: c.summary for c in result.checks}
    check = next(c for c in result.checks if c.name == "prefix_cache")
    assert "cache_prompt" in check.summary


def test_api_fails_for_the_wrong_answer_not_for_the_shapes(llama_server):
    result = _verify(llama_server.url, checks=("api",), check_answer=True)
    check = result.checks[0]
    assert check.status == "fail"
    assert "expected 42" in check.summary and "Hello world!" in check.summary
    assert "usage" not in check.summary and "chunks" not in check.summary


def test_tool_calling_reports_llamacpp_named_choice_quirk(verified):
    check = next(c for c in verified.checks if c.name == "tool_calling")
    named = check.evidence["cases"]["named"]
    assert named.get("honoured") is False
    assert "named" in check.summary and "ignored" in check.summary


def test_context_refusal_recognised_from_llamacpp_error(verified):
    check = next(c for c in verified.checks if c.name == "context")
    ev = check.evidence
    assert ev["accepted_status"] == 200 and ev["over_status"] == 400
    assert "exceed" in ev["over_error"] or "context" in ev["over_error"]
    assert 8192 - 64 - 200 <= ev["accepted_usage_prompt_tokens"] <= 8192


def test_forced_kind_is_recorded(llama_server):
    result = _verify(llama_server.url, checks=("api",), server_kind="openai")
    assert result.server.kind == "openai" and result.server.kind_source == "--server-kind"


def test_cli_json_and_exit_code(llama_server, tmp_path):
    out = tmp_path / "verify.json"
    proc = subprocess.run([sys.executable, "-m", "servecheck", "verify", llama_server.url,
                           "--no-answer-check", "--json", "--out", str(out), "--timeout", "30",
                           "--checks", "api,structured_output"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = json.loads(out.read_text())
    assert data["server"]["kind"] == "llamacpp"
    assert [c["status"] for c in data["checks"]] == ["pass", "pass"]
