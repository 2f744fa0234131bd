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
    assert api.returncode == 0 and "step 6: pass" in api.stdout, api.stderr
    assert (tmp_path / "s6" / "verify.json").exists()
    load = sc(*rb, "check", "8", "--url", sim_url, "--out", str(tmp_path / "s8"), "--timeout", "90",
              "--override", "no cross-node tests", "--", "--ramp", "1", "--requests-per-stage", "2",
              "--context", "128")
    assert load.returncode == 0 and "step 8: pass" in load.stdout, load.stderr
    runs = json.loads(sc("case", "show", case_id, "--json").stdout)["runs"]
    kinds = [r["kind"] for r in runs]
    assert kinds.count("verify") == 1 and kinds.count("load") == 1
    assert [r["payload"]["action"] for r in runs if r["kind"] == "runbook"] == ["override", "check", "override", "check"]


@pytest.mark.timeout(60)
def test_unreachable_server_is_a_recorded_failure(sc) -> None:
    case_id = sc("case", "new", "down").stdout.strip()
    rb = ("runbook", "--case", case_id)
    down = sc(*rb, "check", "6", "--url", "http://127.0.0.1:9", "--override", "test", "--timeout", "30",
              "--", "--wait", "0.5", "--timeout", "1", "--checks", "api")
    assert down.returncode == 1 and "step 6: fail" in down.stdout
    assert "Traceback" not in down.stderr
    progress = json.loads(sc(*rb, "--json").stdout)
    assert progress[5]["status"] == "fail"
