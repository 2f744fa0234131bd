"""The checklist: items from evidence with references, failures from evidence, sign-offs."""

from __future__ import annotations

from pathlib import Path

import pytest

from servecheck.errors import UsageError
from servecheck.report.accept import evaluate, item_ids, signoff_record
from servecheck.report.rules import RULES
from servecheck.report.view import load_view
from servecheck.store import open_store

from .conftest import DIAGNOSIS, VERIFY


def _items(store_path: Path, case_id: str, lang: str = "en") -> dict:
    with open_store(store_path) as store:
        return {i.id: i for i in evaluate(load_view(store, case_id), lang).items}


def test_every_item_has_a_rule() -> None:
    assert len(item_ids()) == 12
    from servecheck.report.accept import items_data

    assert all(i["rule"] in RULES for i in items_data())


def test_items_from_evidence_carry_references(case: tuple[Path, str]) -> None:
    items = _items(*case)
    assert items["image_archived"].status == "met"
    assert items["image_archived"].refs[0].file == "evidence.json"
    conflict = items["conflict_separated"]
    assert conflict.status == "met" and conflict.refs[0].line == 42
    assert "nccl_comm" in conflict.detail  # the later chain is named separately
    assert items["prefixes_compared"].status == "met"
    assert items["tools_structured"].status == "met" and len(items["tools_structured"].refs) == 2
    assert items["isolated_node_tested"].status == "met"
    assert items["decision_recorded"].status == "open"


def test_missing_evidence_is_open_never_met(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("empty")
    items = _items(tmp_path / "s.db", case_id)
    assert {i.status for i in items.values()} == {"open"}


def test_contradicting_evidence_fails(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("bad")
        store.attach(case_id, "verify", VERIFY | {"checks": [
            {"name": "prefix_cache", "status": "fail", "verdict": "not_enabled", "summary": "no hits"},
            {"name": "api", "status": "error", "summary": "connection reset"},
            {"name": "tool_calling", "status": "fail", "summary": "parser missing"}]})
        store.attach(case_id, "verify", {"server": {}, "checks": "garbage"})  # ignored, not a crash
    items = _items(tmp_path / "s.db", case_id)
    assert items["prefix_caching_enabled"].status == "failed"
    assert items["minimal_api"].status == "failed"
    assert items["tools_structured"].status == "failed"


def test_signoff_fills_what_evidence_cannot_and_keeps_evidence_status(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    with open_store(store_path) as store:
        store.attach(case_id, "accept", signoff_record("decision_recorded", "bob", "ticket OPS-1"))
    item = _items(store_path, case_id)["decision_recorded"]
    assert item.status == "signed_off" and item.evidence_status == "open"
    assert item.signoff and item.signoff.by == "bob"


@pytest.mark.parametrize(("item", "by", "note"), [("nope", "a", "b"), ("cross_node", "", "b"), ("cross_node", "a", " ")])
def test_bad_signoffs(item: str, by: str, note: str) -> None:
    with pytest.raises(UsageError):
        signoff_record(item, by, note)


def test_german_titles_and_details(case: tuple[Path, str]) -> None:
    items = _items(*case, lang="de")
    assert items["minimal_api"].title == "Der minimale API-Aufruf antwortet korrekt"
    assert items["minimal_api"].detail.startswith("verify api bestanden")


def test_accept_cli_exit_codes(case: tuple[Path, str], sc) -> None:
    store_path, case_id = case
    first = sc(store_path, "accept", "--case", case_id)
    assert first.returncode == 1 and "decision_recorded" in first.stdout
    signed = sc(store_path, "accept", "--case", case_id, "--sign", "decision_recorded", "--by", "bob",
                "--note", "OPS-1", "--json")
    assert signed.returncode == 0, signed.stdout
    bad = sc(store_path, "accept", "--case", case_id, "--sign", "typo", "--by", "b", "--note", "n")
    assert bad.returncode == 2 and "no checklist item 'typo'" in bad.stderr


def test_oom_linked_as_consequence_is_told_apart_from_a_separate_chain(tmp_path: Path) -> None:
    def f(sig: str, cls: str, line: int, **extra: object) -> dict:
        layer = {"driver_too_old": "host_driver", "oom_weights": "memory_capacity"}.get(cls, "other")
        return {"signature": sig, "class": cls, "layer": layer, "severity": "fatal", "confidence": 0.9,
                "first_line": line, **extra}

    primary = f("driver.err", "driver_too_old", 40, evidence=[{"line": 40, "text": "driver too old"}],
                consequences=[f("oom.alloc", "oom_weights", 42)])
    findings = [dict(primary, role="cause", consequences=None), f("oom.alloc", "oom_weights", 42, role="cause"),
                f("oom.free", "oom_weights", 41, role="cause"), f("wrap", "other", 43, role="consequence")]
    findings[0].pop("consequences")
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("chains")
        store.attach(case_id, "diagnose", DIAGNOSIS | {"primary": primary, "findings": findings})
    detail = _items(tmp_path / "s.db", case_id)["conflict_separated"].detail
    assert "as consequences: oom_weights (run 1, line 42)" in detail
    assert "separate chains: oom_weights (run 1, line 41)" in detail


def test_steps_not_passed_lists_only_those(tmp_path: Path) -> None:
    from servecheck.plan.runbook import record

    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("wording")
        store.attach(case_id, "runbook", record(2, "mark", "pass", "al", "drained"))
    node = _items(tmp_path / "s.db", case_id)["isolated_node_tested"]
    assert node.status == "open" and node.detail == "Runbook step(s) 4 not passed yet."


def test_an_unreadable_diagnosis_is_named_not_taken_for_none(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("unreadable")
        run = store.attach(case_id, "diagnose", DIAGNOSIS | {"schema_version": 42})
    item = _items(tmp_path / "s.db", case_id)["conflict_separated"]
    assert item.status == "open" and f"diagnose run {run}" in item.detail and "schema version 42" in item.detail
