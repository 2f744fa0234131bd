"""The empty-evidence walk: a capture of a container that cannot be read, then the runbook,
accept and decide. Every gate and item must end open or failed, naming the missing facts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def sc(tmp_path: Path):
    # No docker engine on PATH: the container cannot be read, as on a host without one.
    env = {"SERVECHECK_STORE": str(tmp_path / "s.db"), "PATH": str(tmp_path / "bin"), "LANG": "C.UTF-8",
           "HOME": str(tmp_path)}
    (tmp_path / "bin").mkdir()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                              text=True, timeout=120, env=env, cwd=tmp_path, check=False)

    return run


def test_empty_evidence_walk_never_passes(tmp_path: Path, sc) -> None:
    case_id = sc("case", "new", "empty night").stdout.strip()
    bundle = tmp_path / "bundle"
    cap = sc("capture", "--container", "missing", "--no-nvml", "--timeout", "5", "--out", str(bundle),
             "--case", case_id)
    assert cap.returncode == 4, cap.stderr
    last = cap.stderr.strip().splitlines()[-1]
    assert "INCOMPLETE" in last and "container missing" in last
    manifest = json.loads((bundle / "manifest.json").read_text())
    assert manifest["status"] == "incomplete" and "container missing" in manifest["missing"]

    rb = ("runbook", "--case", case_id)
    one = sc(*rb, "check", "1", "--result", str(bundle), "--by", "al")
    assert one.returncode == 3 and "step 1: open" in one.stdout
    assert "could not read container missing" in one.stdout and "record with: servecheck capture" in one.stdout
    blocked = sc(*rb, "mark", "2", "--status", "pass", "--note", "drained", "--by", "al")
    assert blocked.returncode == 2 and "step 1 (baseline) is open" in blocked.stderr
    for n in ("2", "3"):
        marked = sc(*rb, "mark", n, "--status", "pass", "--note", "done", "--by", "al",
                    "--override", "walk")
        assert marked.returncode == 0, marked.stderr
    diagnosis = tmp_path / "diagnosis.json"
    diag = sc("diagnose", str(bundle), "--json", "--out", str(diagnosis))
    assert diag.returncode == 3, diag.stderr  # diagnose: nothing to judge
    four = sc(*rb, "check", "4", "--result", str(diagnosis), "--override", "walk", "--by", "al")
    assert four.returncode == 3 and "step 4: open" in four.stdout, four.stdout + four.stderr
    progress = {p["step"]: p["status"] for p in json.loads(sc(*rb, "--json").stdout)}
    assert progress[1] == "open" and progress[4] == "open"

    accept = sc("accept", "--case", case_id, "--json")
    assert accept.returncode == 1
    items = {i["id"]: i for i in json.loads(accept.stdout)["items"]}
    assert not any(i["status"] in ("met", "signed_off") for i in items.values())
    assert "image digest (record with: servecheck capture" in items["image_archived"]["detail"]
    assert "host driver version" in items["driver_cuda_documented"]["detail"]
    assert items["isolated_node_tested"]["status"] == "open"
    assert "step 4 is open" in items["isolated_node_tested"]["detail"]
    assert items["conflict_separated"]["status"] == "open"
    assert "judged a start log" in items["conflict_separated"]["detail"]

    decide = json.loads(sc("decide", "--case", case_id, "--json").stdout)
    assert all(c["status"] != "good" for c in decide["criteria"]), decide["criteria"]
    assert decide["suggested"] != "keep-r580"


def test_capture_json_says_incomplete(tmp_path: Path, sc) -> None:
    log = tmp_path / "start.log"
    log.write_text("")
    res = sc("capture", "--log", str(log), "--image", "vllm/vllm-openai:v0.11.0", "--no-nvml", "--timeout", "5",
             "--out", str(tmp_path / "b"), "--json")
    assert res.returncode == 4, res.stderr
    out = json.loads(res.stdout)
    assert out["status"] == "incomplete"
    # the empty log was read to its end: named as empty (nothing in it to judge), not as unread
    assert out["missing"] == ["image vllm/vllm-openai:v0.11.0",
                              f"log {log} (empty: read to its end, 0 bytes, nothing in it to judge)"]
    evidence = json.loads((tmp_path / "b" / "evidence.json").read_text())
    assert evidence["status"] == "incomplete" and evidence["missing"] == out["missing"]
