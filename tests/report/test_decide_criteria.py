"""The decision: four criteria from the runs, a suggestion, and a record with owner/date/logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from servecheck.diagnose.models import Diagnosis
from servecheck.errors import UsageError
from servecheck.plan.choose import make_plan, question_ids
from servecheck.plan.runbook import record
from servecheck.report.decide import build, compare
from servecheck.report.view import load_view
from servecheck.store import open_store

from .conftest import DIAGNOSIS


def _diag(lines: int = 80, cls: str | None = None) -> dict:
    primary = {"signature": "s", "class": cls, "layer": "memory_capacity", "severity": "fatal",
               "confidence": 0.9, "first_line": 7} if cls else None
    status = "failure" if cls else ("empty" if lines == 0 else "no_failure")  # as diagnose saves it
    return Diagnosis.model_validate({"servecheck_version": "0.1", "input": "bundle n", "status": status,
                                     "stats": {"source": "bundle n", "lines": lines}, "primary": primary}
                                    ).model_dump(mode="json", by_alias=True)


PLAN_A = make_plan(DIAGNOSIS, dict.fromkeys(question_ids(), True)).model_dump(mode="json")


def _criteria(store_path: Path, case_id: str) -> dict:
    with open_store(store_path) as store:
        return {c.id: c for c in compare(load_view(store, case_id))}


def test_driver_conflict_before_the_change_is_not_a_recurring_error(case: tuple[Path, str]) -> None:
    # step 3 (driver change) was recorded after the diagnosis: no diagnosis since -> unknown
    c = _criteria(*case)
    assert c["reproducible_errors"].status == "unknown"
    assert "since the driver change" in c["reproducible_errors"].detail
    assert c["cache_reuse"].status == "good" and "82%" in c["cache_reuse"].detail
    assert c["agent_answers"].status == "good"
    assert c["maintenance_effort"].status == "good"


def test_a_failure_after_the_change_is_bad_and_suggests_roll_back(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    with open_store(store_path) as store:
        store.attach(case_id, "diagnose", _diag(cls="oom_weights"))
        store.attach(case_id, "runbook", record(4, "mark", "fail", "al", "OOM"))
        rec = build(load_view(store, case_id))
    crit = {c.id: c for c in rec.criteria}
    assert crit["reproducible_errors"].status == "bad" and "oom_weights" in crit["reproducible_errors"].detail
    assert rec.suggested == "roll-back"


def test_clean_diagnosis_after_change_and_plan_a_suggests_keep_r580(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    with open_store(store_path) as store:
        store.attach(case_id, "diagnose", _diag())
        store.attach(case_id, "plan", PLAN_A)
        rec = build(load_view(store, case_id))
    assert rec.suggested == "keep-r580" and rec.decision is None


def test_a_diagnosis_that_judged_nothing_is_never_good(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    with open_store(store_path) as store:
        store.attach(case_id, "diagnose", _diag(lines=0))  # the diagnosis of an empty bundle
        store.attach(case_id, "plan", PLAN_A)
        rec = build(load_view(store, case_id))
    crit = {c.id: c for c in rec.criteria}
    assert crit["reproducible_errors"].status == "unknown" and "status empty" in crit["reproducible_errors"].detail
    assert rec.suggested is None


def test_recording_needs_an_owner_and_gets_log_refs(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    with open_store(store_path) as store:
        view = load_view(store, case_id)
        with pytest.raises(UsageError, match="--owner"):
            build(view, decision="keep-r580")
        rec = build(view, decision="keep-r580", owner="carol", date="2026-12-01")
    assert rec.date == "2026-12-01" and rec.owner == "carol"
    assert any(ref.startswith("run 4 (load)") for ref in rec.log_refs)


def test_unknown_when_nothing_is_attached(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("empty")
        view = load_view(store, case_id)
        assert {c.status for c in compare(view)} == {"unknown"}
        with pytest.raises(UsageError, match="--log"):
            build(view, decision="roll-back", owner="x")
        assert build(view, decision="roll-back", owner="x", logs=("OPS-7",)).log_refs == ["OPS-7"]


def test_decide_cli_records(case: tuple[Path, str], sc) -> None:
    store_path, case_id = case
    shown = sc(store_path, "decide", "--case", case_id)
    assert shown.returncode == 0 and "no decision recorded" in shown.stdout
    made = sc(store_path, "decide", "--case", case_id, "--decision", "keep-r580", "--owner", "carol",
              "--log", "OPS-9", "--lang", "de")
    assert made.returncode == 0 and "OPS-9" in made.stdout
    missing = sc(store_path, "decide", "--case", case_id, "--decision", "keep-r580")
    assert missing.returncode == 2 and "--owner" in missing.stderr
