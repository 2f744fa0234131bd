"""verify against the sim in every scenario: each scenario gives its expected verdicts."""

from __future__ import annotations

import time

import pytest

from servecheck.sim.server import running_sim
from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

ALL_PASS = {"api": "pass", "prefix_cache": "working", "tool_calling": "working",
            "structured_output": "working", "context": "enforced", "multimodal": "working",
            "agent": "working", "fallback": "not_given"}
EXPECTED = {
    "healthy": ALL_PASS,
    "prefix-cache-off": ALL_PASS | {"prefix_cache": "not_enabled"},
    "hybrid-align": ALL_PASS,
    "small-cache": ALL_PASS | {"prefix_cache": "not_retained"},
    "no-tool-parser": ALL_PASS | {"tool_calling": "parser_not_configured", "agent": "parser_not_configured"},
    "no-vision": ALL_PASS | {"multimodal": "not_supported"},
    "vision-ignored": ALL_PASS | {"multimodal": "image_ignored"},
    "agent-broken": ALL_PASS | {"agent": "result_not_used"},
    "broken-json": ALL_PASS | {"structured_output": "invalid_output"},
    "short-context": ALL_PASS,
    "prefix-cache-unchained": ALL_PASS | {"prefix_cache": "inconclusive"},
}


FAILING = {"not_enabled", "not_retained", "parser_not_configured", "image_ignored", "result_not_used",
           "invalid_output", "too_short"}


def _verify(scenario: str, overrides: dict | None = None, **opts):
    with running_sim(scenario, **(overrides or {})) as sim:
        return run_verify(VerifyOptions(url=sim.url, timeout_s=opts.pop("timeout_s", 20), wait_s=5, **opts))


def _verdicts(result) -> dict[str, str]:
    return {c.name: (c.verdict or c.status) for c in result.checks}


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_scenario_verdicts(scenario):
    result = _verify(scenario)
    assert _verdicts(result) == EXPECTED[scenario], [c.summary for c in result.checks]
    inconclusive = "inconclusive" in EXPECTED[scenario].values()
    failing = any(v in FAILING for v in EXPECTED[scenario].values())
    assert result.exit_code() == (1 if failing else 3 if inconclusive else 0)
    # a rehearsal is told from a real server: kind "sim", and the checks still follow its flavour
    assert result.server.kind == "sim" and result.server.imitates == "vllm" and result.server.model == "sim-model"


def test_prefix_cache_evidence_follows_the_block_rule():
    check = _verify("healthy", checks=("prefix_cache",)).checks[0]
    ev = check.evidence
    n, b = ev["prompt_tokens"], ev["block_size"]
    repeat = next(r for r in ev["runs"] if r["step"] == "repeat")
    assert repeat["hits_delta"] == repeat["cached_tokens"] == (n - 1) // b * b == ev["expected_hit_tokens"]
    assert next(r for r in ev["runs"] if r["step"] == "changed_first_line")["hits_delta"] == 0
    assert ev["signal"] == "metrics" and ev["block_size_source"] == "cache_config_info"


def test_hybrid_short_prefix_is_below_block_granularity_long_one_works():
    short = _verify("hybrid-align", checks=("prefix_cache",), prefix_tokens=300).checks[0]
    assert short.verdict == "below_block_granularity" and "529" in short.summary
    long = _verify("hybrid-align", checks=("prefix_cache",), prefix_tokens=1600).checks[0]
    assert long.verdict == "working" and long.evidence["hybrid_state_reused"] is True
    assert long.evidence["mamba_cache_mode"] == "align" and long.evidence["block_size"] == 528


def test_prefix_cache_signals_without_metrics():
    blind = {"disable_log_stats": True, "enable_prompt_tokens_details": False}
    check = _verify("healthy", blind, checks=("prefix_cache",)).checks[0]
    assert check.verdict == "unobservable" and check.status == "skip"
    assert "--enable-prompt-tokens-details" in check.summary
    check = _verify("healthy", {"disable_log_stats": True}, checks=("prefix_cache",)).checks[0]
    assert check.verdict == "working" and check.evidence["signal"] == "cached_tokens"


def test_prefix_cache_is_never_working_without_the_three_proofs():
    check = _verify("prefix-cache-unchained", checks=("prefix_cache",)).checks[0]
    proof = check.evidence["proof"]
    assert check.status == "inconclusive" and check.verdict == "inconclusive", check.summary
    assert proof["control_hit"] * 2 >= proof["repeat_hit"] > 0  # the numbers that fail the proof
    assert "control" in check.summary and str(proof["control_hit"]) in check.summary
    healthy = _verify("healthy", checks=("prefix_cache",)).checks[0].evidence["proof"]
    assert healthy["cold_hit"] <= healthy["template_allowance"] and healthy["control_hit"] * 2 < healthy["repeat_hit"]


def test_prefix_lost_after_unrelated_traffic_is_not_retained():
    check = _verify("healthy", {"cache_capacity_blocks": 80}, checks=("prefix_cache",)).checks[0]
    assert check.verdict == "not_retained" and "unrelated" in check.summary


def test_short_context_refuses_a_longer_target():
    check = _verify("short-context", checks=("context",), context=4000).checks[0]
    assert check.status == "fail" and check.verdict == "too_short"
    assert "max_model_len is 2048" in check.summary


def test_flaky_server_gives_errors_not_hangs():
    start = time.monotonic()
    result = _verify("flaky", {"stall_s": 30}, timeout_s=2)
    assert time.monotonic() - start < 20
    statuses = [c.status for c in result.checks]
    assert "error" in statuses and result.exit_code() == 1
    for c in result.checks:
        if c.status == "error":  # run and failed (its requests recorded), or not run and why
            assert c.summary and (c.evidence.get("requests") or c.summary.startswith("not run: ")), c


def test_flaky_ends_within_30s_with_default_limits():
    start = time.monotonic()
    result = _verify("flaky", {}, timeout_s=60)
    assert time.monotonic() - start < 30
    assert result.exit_code() == 1 and any(c.status == "error" for c in result.checks)
