"""A server that never answers in HTTP (refused, silent, random bytes) verified nothing: every
check `not_run`, one line that names why, exit 3; a run that proved nothing is never `ok`; the
built-in sim is reported as kind "sim", so a rehearsal is never taken for a real server."""

from __future__ import annotations

import os
import socket
import time

import pytest
from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.sim.server import running_sim
from servecheck.verify.models import CheckResult, summarize
from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nothing listens there


def random_bytes(conn: socket.socket, request: bytes) -> None:
    conn.sendall(b"\x9e\x01" + os.urandom(298).replace(b"\n", b"x"))
    conn.close()


def silent(conn: socket.socket, request: bytes) -> None:
    time.sleep(4)


def _verify(url: str, *args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["verify", url, "--wait", "1.5", *args], standalone_mode=False)
    assert res.exception is None, res.output
    return res.return_value, res.output


def test_refused_port_is_one_line_exit_3() -> None:
    url = f"http://127.0.0.1:{_free_port()}"
    code, output = _verify(url)
    assert code == 3
    lines = output.strip().splitlines()
    assert lines[0] == f"server not reachable at {url} (connection refused): nothing verified"
    assert lines[1].startswith("not run: api, prefix_cache,") and len(lines) == 2
    assert "ClientConnectorError" not in output


@pytest.mark.parametrize(("behaviour", "said"), [
    (random_bytes, "is not an HTTP server (answered 300 bytes of non-HTTP data): nothing verified"),
    (silent, "did not answer /health within 1.5 s: nothing verified"),
])
def test_no_http_answer_is_not_run_with_its_reason(fakes, behaviour, said) -> None:
    with fakes.raw_server(behaviour) as url:
        result = run_verify(VerifyOptions(url=url, wait_s=1.5, checks=("api", "context")))
    assert said in (result.server.unreachable or ""), result.server.unreachable
    assert [c.status for c in result.checks] == ["not_run", "not_run"]
    assert result.summary.not_run == 2 and result.summary.ok is False and result.exit_code() == 3
    assert "\\x" not in result.server.unreachable  # no escaped raw bytes in what people read


def test_nothing_passed_is_not_ok() -> None:
    skipped = [CheckResult(name="fallback", status="skip", summary="no --fallback-url given")]
    assert summarize(skipped, 0.1).ok is False
    passed = [*skipped, CheckResult(name="api", status="pass", summary="answered")]
    assert summarize(passed, 0.1).ok is True
    assert summarize(passed, 0.1, interrupted=True).ok is False
    not_run = [*passed, CheckResult(name="context", status="not_run", summary="not run: interrupted")]
    assert summarize(not_run, 0.1).ok is False


@pytest.mark.parametrize(("scenario", "imitates"), [("healthy", "vllm"), ("llamacpp", "llamacpp")])
def test_the_sim_is_reported_as_a_sim(scenario: str, imitates: str) -> None:
    with running_sim(scenario) as sim:
        result = run_verify(VerifyOptions(url=sim.url, wait_s=3, checks=("api",)))
    assert result.server.kind == "sim" and result.server.imitates == imitates
    assert "simulator" in result.server.kind_source and result.checks[0].status == "pass"
