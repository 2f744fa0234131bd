"""verify against servers that misbehave on 127.0.0.1: bounded time and memory, a clear verdict,
no internal error, nothing secret written, no server bytes that reach a terminal as controls."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

KEY = "sk-echo-0123456789abcdef"
PASSWORD = "url-pass-98765"
MODELS = {"data": [{"id": "m", "owned_by": "vllm", "max_model_len": 4096}]}


def _echo(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
    """A server that quotes the request's Authorization header back, with terminal escapes."""
    auth = headers.get("Authorization", "")
    if path in ("/health", "/v1/models"):
        return 200, MODELS if path == "/v1/models" else ""
    return 400, {"error": {"message": f"bad header {auth} \x1b[31mRED\x1b[0m \x07 bell", "type": "BadRequestError"}}


def test_echoed_key_and_password_are_written_nowhere(fakes, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("VLLM_API_KEY", KEY)
    junit, out = tmp_path / "v.xml", tmp_path / "v.json"
    with fakes.json_server(_echo) as url:
        creds = url.replace("http://", f"http://bob:{PASSWORD}@")
        res = CliRunner().invoke(cli, ["verify", creds, "--checks", "api,tool_calling", "--junit", str(junit),
                                       "--out", str(out), "--timeout", "5"], standalone_mode=False)
    assert res.exception is None, res.output
    for text in (res.output, junit.read_text(), out.read_text()):
        assert KEY not in text and PASSWORD not in text
        assert "\x1b" not in text and "\x07" not in text  # escapes shown as text, never sent raw
    ET.fromstring(junit.read_text())  # still valid XML
    data = json.loads(out.read_text())
    assert data["server"]["auth"] == "key" and data["server"]["key_source"] == "VLLM_API_KEY"
    assert data["server"]["url"] == url


def _auth_required(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
    if path == "/health":
        return 200, ""
    return 401, {"error": "Unauthorized"}


def test_auth_failure_fails_api_once_and_blocks_the_rest(fakes):
    with fakes.json_server(_auth_required) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=2, timeout_s=5))
    api, *rest = result.checks
    assert api.status == "fail" and api.verdict == "auth_required"
    assert "--api-key" in api.summary and "SERVECHECK_API_KEY" in api.summary
    assert all(c.status == "skip" and c.summary == "blocked: the API check answered 401"
               for c in rest if c.name != "fallback")  # the fallback is another server


def test_503_loading_waits_up_to_wait(fakes):
    start = time.monotonic()

    def loading(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        if time.monotonic() - start < 2.5:
            return 503, {"error": {"code": 503, "message": "Loading model", "type": "unavailable_error"}}
        return (200, MODELS) if path == "/v1/models" else (200, {"status": "ok"})

    with fakes.json_server(loading) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=10, timeout_s=5, checks=("context",), context=16))
    assert result.server.ready and result.server.ready_after_s is not None and result.server.ready_after_s >= 2.0


def test_endless_stream_ends_fast_with_a_verdict(fakes):
    start = time.monotonic()
    with fakes.raw_server(fakes.endless) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=3))
    assert time.monotonic() - start < 60
    assert result.exit_code() == 1 and result.checks
    assert all(c.status in ("error", "skip") for c in result.checks)
    assert "larger than" in " ".join(result.server.notes + [c.summary for c in result.checks])


def test_trickle_ends_within_60s_with_a_verdict(fakes):
    start = time.monotonic()
    with fakes.raw_server(fakes.trickle) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=60))  # the default bounds
    took = time.monotonic() - start
    assert took < 60, took
    assert result.exit_code() == 1 and all(c.status in ("error", "skip") for c in result.checks)
    assert "deadline" in " ".join(result.server.notes + [c.summary for c in result.checks])


@pytest.mark.parametrize(("behaviour", "verdict", "text"), [("trickle_chat", "trickle", "trickles"),
                                                          ("endless_chat", "too_large", "larger than 8 MiB")])
def test_answers_that_never_end_after_a_good_start_end_within_60s(fakes, behaviour, verdict, text):
    start = time.monotonic()
    with fakes.raw_server(getattr(fakes, behaviour)) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=60))  # the default bounds
    took = time.monotonic() - start
    assert took < 60, took
    api, *rest = result.checks
    assert api.status == "error" and api.verdict == verdict and text in api.summary, api.summary
    assert all(c.status in ("error", "skip") for c in rest)
    assert any("stalls, trickles or floods" in c.summary for c in rest)


def test_redirect_to_another_host_is_refused(fakes):
    def redirect(conn, request):
        if b"/health" in request.split(b"\r\n", 1)[0]:
            conn.sendall(fakes.http_bytes("200 OK", b""))
        else:
            conn.sendall(fakes.http_bytes("307 Temporary Redirect", b"", extra="Location: http://other.example/v1/x\r\n"))
        conn.close()

    with fakes.raw_server(redirect) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=2, timeout_s=5, checks=("api",)))
    api = result.checks[0]
    assert api.status == "error" and "another host (other.example) refused" in api.summary


def test_resets_are_errors_of_their_own_kind(fakes):
    def reset_chat(conn, request):
        line = request.split(b"\r\n", 1)[0]
        if b"/health" in line:
            conn.sendall(fakes.http_bytes("200 OK", b""))
        elif b"/v1/models" in line:
            conn.sendall(fakes.http_bytes("200 OK", json.dumps(MODELS).encode()))
        conn.close()  # everything else: the connection is dropped without an answer

    with fakes.raw_server(reset_chat) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=2, timeout_s=5, checks=("api",)))
    api = result.checks[0]
    assert api.status == "error" and api.verdict == "connection_reset"
    assert api.evidence["retries"] >= 1 and "re-sent once" in json.dumps(api.evidence)


def test_ctrl_c_keeps_the_checks_done(fakes):
    from servecheck.sim.server import running_sim

    def progress(name: str, res: object) -> None:
        if name == "tool_calling" and res is None:  # Ctrl-C as the third check starts
            raise KeyboardInterrupt

    with running_sim("healthy") as sim:
        result = run_verify(VerifyOptions(url=sim.url, wait_s=3), progress)
    assert result.interrupted and result.exit_code() == 130
    done = [c.name for c in result.checks if not c.summary.startswith("not run: interrupted")]
    assert done == ["api", "prefix_cache"] and result.checks[0].status == "pass"
    assert len(result.checks) == 8  # the rest are listed as not run, not dropped
    assert {c.status for c in result.checks[2:]} == {"not_run"}
    assert result.summary.not_run == 6 and result.summary.ok is False
