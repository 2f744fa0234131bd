"""The runbook gate: order, a failed step blocks, rollback or a reasoned override unblocks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.capture.models import Evidence
from servecheck.diagnose.models import Diagnosis
from servecheck.errors import UsageError
from servecheck.load.models import LoadResult
from servecheck.plan.checks import judge
from servecheck.plan.runbook import blockers, record, state, step_def, steps
from servecheck.verify.models import VerifyResult


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


T = "2026-11-30T21:00:00+00:00"


def _ev(**sections: object) -> dict:
    return Evidence.model_validate({"servecheck_version": "0.1", "created_at": T, **sections}).model_dump(mode="json")


def _v1(lines: int = 120, primary: dict | None = None, **extra: object) -> dict:
    """A diagnosis as schema 1 stored it: no status."""
    return {"schema_version": 1, "servecheck_version": "0.1", "input": "bundle b",
            "stats": {"source": "bundle b", "lines": lines}, "primary": primary, **extra}


def _diag(lines: int = 120, primary: dict | None = None, **extra: object) -> dict:
    data = {"servecheck_version": "0.1", "input": "bundle b", "stats": {"source": "bundle b", "lines": lines},
            "primary": primary, **extra}
    data.setdefault("status", "failure" if primary else ("empty" if lines == 0 else "no_failure"))
    return Diagnosis.model_validate(data).model_dump(mode="json", by_alias=True)


def _verify(*checks: tuple[str, str]) -> dict:
    return VerifyResult.model_validate({"started_at": T, "server": {"url": "http://127.0.0.1:1"},
                                        "checks": [{"name": n, "status": s, "summary": ""} for n, s in checks]
                                        }).model_dump(mode="json")


def _load(status: str, sent: int, stop: dict | None = None) -> dict:
    stages = [{"name": "c1", "kind": "concurrency", "started_at": T, "counts": {"sent": sent}}] if sent else []
    return LoadResult.model_validate({"target": {"url": "http://127.0.0.1:1"}, "status": status,
                                      "stop": stop, "stages": stages}).model_dump(mode="json")


COMPLETE = _ev(image={"ref": "vllm/vllm-openai:v0.11.0", "digest": "sha256:ab"},
               gpu={"driver_version": "575.57.08"}, log={"source": "docker logs v", "total_lines": 40})
PRIMARY = {"signature": "s", "class": "driver_too_old", "layer": "host_driver", "severity": "fatal",
           "confidence": 0.9, "first_line": 3}
PRIMARY_V1 = {"signature": "s", "class": "oom_weights", "layer": "memory_capacity", "severity": "fatal",
              "confidence": 0.9, "first_line": 3}
NEEDS = {n: step_def(n).get("needs", []) for n in (1, 4, 6, 8)}


@pytest.mark.parametrize(
    ("kind", "payload", "status"),
    [
        ("diagnose", _diag(), "pass"),
        ("diagnose", _diag(primary=PRIMARY), "fail"),
        ("diagnose", _diag(lines=0), "open"),  # a diagnosis of an empty bundle judged nothing
        ("diagnose", _diag(stats={"source": "b", "lines": 5, "read_error": "cut"}), "open"),
        ("diagnose", _diag() | {"status": "not_a_server_log"}, "open"),
        ("diagnose", {"findings": []}, "open"),
        ("diagnose", _diag() | {"schema_version": 99}, "open"),
        ("diagnose", _v1(), "open"),  # schema 1 said "no failure" also for what it could not judge
        ("diagnose", _v1(lines=0), "open"),
        ("diagnose", _v1(primary=PRIMARY_V1), "fail"),
        ("verify", _verify(("api", "pass"), ("x", "skip")), "pass"),
        ("verify", _verify(("api", "skip"), ("x", "pass")), "open"),
        ("verify", _verify(("x", "pass")), "open"),
        ("verify", _verify(("api", "error")), "fail"),
        ("verify", {"checks": "garbage"}, "open"),
        ("load", _load("completed", 4), "pass"),
        ("load", _load("stopped", 4, {"rule": "error_rate", "stage": "c8", "reason": "12%"}), "fail"),
        ("load", _load("completed", 0), "open"),
        ("load", _load("interrupted", 4), "open"),
        ("capture", COMPLETE, "pass"),
        ("capture", _ev(), "open"),
        ("capture", COMPLETE | {"status": "incomplete", "missing": ["container vllm"]}, "open"),
        ("capture", {}, "open"),
    ],
)
def test_judges_fail_closed(kind: str, payload: dict, status: str) -> None:
    step = {"capture": 1, "diagnose": 4, "verify": 6, "load": 8}[kind]
    assert judge(kind, payload, NEEDS[step])[0] == status


def test_open_verdict_names_the_missing_fact_and_the_command() -> None:
    status, reason = judge("capture", _ev(gpu={"driver_version": "575.57.08"}), NEEDS[1])
    assert status == "open"
    assert "image reference (record with: servecheck capture --container NAME" in reason
    assert "start-up log" in reason and "host driver" not in reason
    status, reason = judge("diagnose", _diag(lines=0), NEEDS[4])
    assert "status empty" in reason and "runbook check 4 --bundle DIR" in reason


def test_cli_gate_and_result_files(tmp_path: Path, sc) -> None:
    case_id = sc("case", "new", "night").stdout.strip()
    rb = ("runbook", "--case", case_id)
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "evidence.json").write_text(json.dumps(COMPLETE))
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
    diag.write_text(json.dumps(_diag()))
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


def test_an_unreadable_record_never_makes_a_step_pass() -> None:
    recs = [_rec(1, "pass"), {"step": 2, "action": "mark"}, {"step": 2, "action": "teleport", "status": "pass"},
            _rec(3, "pass") | {"schema_version": 9}]
    st = state(recs)
    assert st[0].status == "pass" and st[1].status == "pending" and st[2].status == "pending"
    assert [s.n for s in blockers(3, st)] == [2]
