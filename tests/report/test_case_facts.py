"""A case is read as a whole: each fact from the newest run that knows it, with its reference;
a later run that knows another value is shown as contradicting the earlier one."""

from __future__ import annotations

from pathlib import Path

from servecheck.capture.models import Evidence
from servecheck.report.accept import evaluate
from servecheck.report.build import build_report
from servecheck.report.render import render
from servecheck.report.view import load_view
from servecheck.store import open_store

from .conftest import CAPTURE

EMPTY = Evidence.model_validate({"servecheck_version": "0.1", "created_at": "2026-12-01T01:00:00+00:00",
                                 "status": "incomplete", "missing": ["container vllm"]}).model_dump(mode="json")


def _store(tmp_path: Path, *captures: dict) -> tuple[Path, str, list[int]]:
    path = tmp_path / "s.db"
    with open_store(path) as store:
        case_id = store.new_case("whole")
        ids = [store.attach(case_id, "capture", c, f"/bundle-{n}") for n, c in enumerate(captures)]
    return path, case_id, ids


def test_an_empty_capture_after_a_complete_one_hides_nothing(tmp_path: Path) -> None:
    path, case_id, (full, empty) = _store(tmp_path, CAPTURE, EMPTY)
    with open_store(path, write=False) as store:
        view = load_view(store, case_id)
        items = {i.id: i for i in evaluate(view).items}
        report = build_report(view)
    facts = {f.name: f for f in report.facts}
    for name, value in (("image.ref", "vllm/vllm-openai:v0.11.0-cu130"), ("driver.version", "575.57.08"),
                        ("image.cuda", "13.0.1"), ("vllm.version", "0.11.0")):
        assert facts[name].value == value and facts[name].ref is not None
        assert facts[name].ref.run_id == full and facts[name].ref.file == "evidence.json"
    assert items["image_archived"].status == "met" and items["image_archived"].refs[0].run_id == full
    assert items["driver_cuda_documented"].status == "met"
    html = render(report, "html")
    assert "575.57.08" in html and "nicht erfasst" not in html
    assert empty not in {f.ref.run_id for f in report.facts if f.ref}


def test_a_later_run_that_disagrees_is_shown_as_contradiction(tmp_path: Path) -> None:
    newer = CAPTURE | {"gpu": CAPTURE["gpu"] | {"driver_version": "580.65.06", "driver_branch": "r580"}}
    path, case_id, (old, new) = _store(tmp_path, CAPTURE, newer)
    with open_store(path, write=False) as store:
        view = load_view(store, case_id)
        items = {i.id: i for i in evaluate(view).items}
        report = build_report(view)
    driver = next(f for f in report.facts if f.name == "driver.version")
    assert driver.value == "580.65.06" and driver.ref and driver.ref.run_id == new
    assert [(v, r.run_id) for v, r in driver.contradicted] == [("575.57.08", old)]
    detail = items["driver_cuda_documented"].detail
    assert f"run {old}" in detail and "575.57.08" in detail and "580.65.06" in detail
    assert "contradicts" in render(report, "html")


def test_nothing_known_names_every_missing_fact_with_its_command(tmp_path: Path) -> None:
    path, case_id, _ = _store(tmp_path, EMPTY)
    with open_store(path, write=False) as store:
        view = load_view(store, case_id)
        items = {i.id: i for i in evaluate(view).items}
        report = build_report(view)
    assert items["image_archived"].status == "open"
    assert "image digest (record with: servecheck capture --image REF --case ID)" in items["image_archived"].detail
    assert all(f.value is None for f in report.facts if f.name != "log")
    assert "servecheck capture" in render(report, "term")


def test_a_newer_schema_is_refused_with_a_reason(tmp_path: Path) -> None:
    path, case_id, (run,) = _store(tmp_path, CAPTURE | {"schema_version": 99})
    with open_store(path, write=False) as store:
        report = build_report(load_view(store, case_id))
    assert any("schema version 99" in u and f"run {run}" in u for u in report.unreadable)
    assert all(f.value is None for f in report.facts)


def test_facts_and_missing_facts_in_german(tmp_path: Path) -> None:
    path, case_id, _ = _store(tmp_path, EMPTY)
    with open_store(path, write=False) as store:
        view = load_view(store, case_id)
        items = {i.id: i for i in evaluate(view, "de").items}
        html = render(build_report(view, "de"), "html")
    detail = items["image_archived"].detail
    assert detail.startswith("Kein Lauf des Falls hält fest: Image-Referenz (erfassen mit: servecheck capture")
    assert "Host-Treiberversion" in html and "host driver version" not in html
