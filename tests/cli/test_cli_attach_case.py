"""`verify --case` and `diagnose --case` attach their results to the case store."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from servecheck.sim.server import running_sim
from servecheck.store import open_store


def test_verify_attaches_to_case(tmp_path):
    env = dict(os.environ, SERVECHECK_STORE=str(tmp_path / "cases.db"))
    sc = [sys.executable, "-m", "servecheck"]
    case_id = subprocess.run([*sc, "case", "new", "t"], env=env, capture_output=True, text=True,
                             timeout=60).stdout.split()[-1]
    with running_sim(scenario="healthy") as sim:
        proc = subprocess.run([*sc, "verify", sim.url, "--checks", "api", "--json", "--case", case_id],
                              env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert f"attached to case {case_id}" in proc.stderr
    with open_store(tmp_path / "cases.db") as store:
        runs = store.runs(case_id, kind="verify")
    assert len(runs) == 1
    assert runs[0].payload["checks"][0]["name"] == "api" == json.loads(proc.stdout)["checks"][0]["name"]


def test_diagnose_attaches_to_case(tmp_path):
    env = dict(os.environ, SERVECHECK_STORE=str(tmp_path / "cases.db"))
    sc = [sys.executable, "-m", "servecheck"]
    case_id = subprocess.run([*sc, "case", "new", "t"], env=env, capture_output=True, text=True,
                             timeout=60).stdout.split()[-1]
    log = tmp_path / "start.log"
    log.write_text("RuntimeError: The NVIDIA driver on your system is too old (found version 12090).\n")
    proc = subprocess.run([*sc, "diagnose", str(log), "--json", "--case", case_id],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    with open_store(tmp_path / "cases.db") as store:
        runs = store.runs(case_id, kind="diagnose")
    assert len(runs) == 1 and runs[0].payload["primary"]["class"] == "driver_too_old"
