"""Runbook checks that run the real stage commands against the built-in server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("servecheck.sim.server")


@pytest.fixture
def sim_url():
    from servecheck.sim.scenarios import resolve
    from servecheck.sim.server import SimServer

    server = SimServer(resolve("healthy"), model="sim-model").start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.mark.timeout(120)
def test_api_and_load_checks_run_and_attach(sc, sim_url: str, tmp_path: Path) -> None:
    case_id = sc("case", "new", "live").stdout.strip()
    rb = ("runbook", "--case", case_id)
    api = sc(*rb, "check", "6", "--url", sim_url, "--out", str(tmp_path / "s6"), "--override",
             "rehearsal starts at the API test", "--", "--checks", "api", "--timeout", "10")
    # the built-in simulator is a rehearsal: recorded, never a pass (exit 3)
    assert api.returncode == 3 and "step 6: rehearsed" in api.stdout, api.stderr
    assert (tmp_path / "s6" / "verify.json").exists()
    load = sc(*rb, "check", "8", "--url", sim_url, "--out", str(tmp_path / "s8"), "--timeout", "90",
              "--override", "no cross-node tests", "--", "--ramp", "1", "--requests-per-stage", "2",
              "--context", "128")
    # a load ramp against the simulator is a rehearsal too, like verify's (it was recorded as a pass)
    assert load.returncode == 3 and "step 8: rehearsed" in load.stdout, load.stderr
    runs = json.loads(sc("case", "show", case_id, "--json").stdout)["runs"]
    kinds = [r["kind"] for r in runs]
    assert kinds.count("verify") == 1 and kinds.count("load") == 1
    assert [r["payload"]["action"] for r in runs if r["kind"] == "runbook"] == ["override", "check", "override", "check"]


@pytest.mark.timeout(60)
def test_unreachable_server_is_recorded_open_not_failed(sc) -> None:
    """A server that never answered proved nothing: the step is open (not proven), not a
    failure that would push decide towards a roll-back."""
    case_id = sc("case", "new", "down").stdout.strip()
    rb = ("runbook", "--case", case_id)
    down = sc(*rb, "check", "6", "--url", "http://127.0.0.1:9", "--override", "test", "--timeout", "30",
              "--", "--wait", "0.5", "--timeout", "1", "--checks", "api")
    assert down.returncode == 3 and "step 6: open: not proven: server unreachable" in down.stdout
    assert "Traceback" not in down.stderr
    progress = json.loads(sc(*rb, "--json").stdout)
    assert progress[5]["status"] == "open"


@pytest.mark.timeout(60)
def test_step_timeout_bounds_the_wait_and_the_reason_says_it(sc) -> None:
    """--timeout 15 gives load a wait that fits (5 s), and the reason names the wait applied."""
    import socket

    with socket.socket() as listener:  # accepts (the kernel's backlog) but never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}"
        case_id = sc("case", "new", "slow").stdout.strip()
        rb = ("runbook", "--case", case_id)
        slow = sc(*rb, "check", "8", "--url", url, "--override", "test", "--timeout", "15")
    assert slow.returncode == 3, slow.stdout + slow.stderr
    assert "step 8: open" in slow.stdout and "within 5 s" in slow.stdout, slow.stdout
