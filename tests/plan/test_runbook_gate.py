"""The runbook gate: order, a failed step blocks, rollback or a reasoned override unblocks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.errors import UsageError
from servecheck.plan.checks import judge
from servecheck.plan.runbook import blockers, record, state, step_def, steps


def _rec(step: int, status: str, action: str = "mark", **extra: object) -> dict:
    return record(step, action, status, "alice", "n", **extra)


def test_nine_steps_with_their_checks() -> None:
    assert [s["n"] for s in steps()] == list(range(1, 10))
    checks = {s["n"]: s["check"] for s in steps()}
    assert checks == {1: "capture", 2: None, 3: None, 4: "diagnose", 5: None, 6: "verify",
                      7: "comm", 8: "load", 9: None}
    with pytest.raises(UsageError):
        step_def(10)


def test_steps_go_in_order() -> None:
    assert blockers(1, state([])) == []
    assert [s.n for s in blockers(3, state([_rec(1, "pass")]))] == [2]
    assert blockers(3, state([_rec(1, "pass"), _rec(2, "skip")])) == []


def test_failure_blocks_until_rollback() -> None:
    recs = [_rec(1, "pass"), _rec(2, "pass"), _rec(3, "fail")]
    assert [s.n for s in blockers(4, state(recs))] == [3]
    recs.append(_rec(3, "rolled_back", action="rollback"))
    assert blockers(4, state(recs)) == []
    assert state(recs)[2].resolution == "rollback"


def test_retry_after_failure_clears_it_and_new_failure_blocks_again() -> None:
    recs = [_rec(1, "fail"), _rec(1, "rolled_back", action="rollback"), _rec(1, "fail")]
    assert [s.n for s in blockers(2, state(recs))] == [1]  # the rollback was for the first failure
    recs.append(_rec(1, "pass"))
    assert blockers(2, state(recs)) == []


def test_override_waives_only_the_listed_steps() -> None:
    recs = [_rec(1, "fail"), _rec(5, "overridden", action="override", waives=[1, 2, 3, 4])]
    st = state(recs)
    assert blockers(5, st) == [] and st[0].resolution == "override"
    recs.append(_rec(5, "fail"))
    assert [s.n for s in blockers(6, state(recs))] == [5]


def test_rollback_of_a_passed_step_changes_nothing() -> None:
    st = state([_rec(1, "pass"), _rec(1, "rolled_back", action="rollback")])
    assert st[0].status == "pass" and st[0].resolution is None


@pytest.mark.parametrize(
    ("kind", "payload", "status"),
    [
        ("diagnose", {"primary": None, "findings": []}, "pass"),
        ("diagnose", {"primary": {"class": "driver_too_old"}}, "fail"),
        ("diagnose", {"findings": []}, "fail"),
        ("verify", {"checks": [{"name": "api", "status": "pass"}, {"name": "x", "status": "skip"}]}, "pass"),
        ("verify", {"checks": [{"name": "api", "status": "error"}]}, "fail"),
        ("verify", {"checks": "garbage"}, "fail"),
        ("load", {"status": "completed", "stages": [{"counts": {"sent": 4, "failed": 0}}]}, "pass"),
        ("load", {"status": "stopped", "stop": {"rule": "error_rate", "stage": "c8"}, "stages": [{}]}, "fail"),
        ("load", {"stages": []}, "fail"),
        ("capture", {"servecheck_version": "0.1", "image": {}, "gpu": {}}, "pass"),
        ("capture", {}, "fail"),
    ],
)
def test_judges(kind: str, payload: dict, status: str) -> None:
    assert judge(kind, payload)[0] == status


def test_cli_gate_and_result_files(tmp_path: Path, sc) -> None:
    case_id = sc("case", "new", "night").stdout.strip()
    rb = ("runbook", "--case", case_id)
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "evidence.json").write_text(json.dumps(
        {"servecheck_version": "0.1", "gpu": {"driver_version": "575.57.08"}, "image": {}, "log": {}}))
    assert sc(*rb, "check", "1", "--result", str(bundle), "--by", "al").returncode == 0
    assert sc(*rb, "mark", "2", "--status", "pass", "--note", "drained", "--by", "al").returncode == 0
    assert sc(*rb, "mark", "3", "--status", "fail", "--note", "dkms failed", "--by", "al").returncode == 1
    blocked = sc(*rb, "mark", "4", "--status", "pass", "--note", "x")
    assert blocked.returncode == 2 and "step 3 (change_driver) failed: dkms failed" in blocked.stderr
    assert "Traceback" not in blocked.stderr
    wrong = sc(*rb, "check", "6", "--result", str(bundle), "--override", "testing")
    assert wrong.returncode == 2 and "needs a verify result" in wrong.stderr
    assert sc(*rb, "rollback", "3", "--note", "575 reinstalled", "--by", "al").returncode == 0
    diag = tmp_path / "d.json"
    diag.write_text(json.dumps({"primary": None, "findings": []}))
    assert sc(*rb, "check", "4", "--result", str(diag)).returncode == 0
    progress = json.loads(sc(*rb, "--json").stdout)
    assert [p["status"] for p in progress[:5]] == ["pass", "pass", "fail", "pass", "pending"]
    assert progress[2]["resolution"] == "rollback"
    kinds = [r["kind"] for r in json.loads(sc("case", "show", case_id, "--json").stdout)["runs"]]
    assert kinds.count("capture") == 1 and kinds.count("diagnose") == 1
    again = sc(*rb, "check", "1", "--result", str(bundle))  # the same bundle is not attached twice
    assert again.returncode == 0
    kinds = [r["kind"] for r in json.loads(sc("case", "show", case_id, "--json").stdout)["runs"]]
    assert kinds.count("capture") == 1
