"""Evidence that proves nothing about the real server is never met and never failed: a verify
against the built-in simulator is a rehearsal, a check that never reached the server is open.
Decide refuses a date that is not one and says so when it records without evidence."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from servecheck.report.accept import evaluate
from servecheck.report.decide import compare
from servecheck.report.view import load_view
from servecheck.store import open_store

from .conftest import VERIFY, build_case

API_ITEMS = ("minimal_api", "target_context", "prefix_caching_enabled", "prefixes_compared", "tools_structured")


def _with_verify(tmp_path: Path, verify: dict) -> tuple[Path, str]:
    store_path = tmp_path / "s.db"
    case_id = build_case(store_path, tmp_path / "load", steps={n: "pass" for n in range(1, 10)})
    with open_store(store_path) as store:
        store.attach(case_id, "verify", verify, "/v2.json")
    return store_path, case_id


def _items(store_path: Path, case_id: str) -> dict:
    with open_store(store_path) as store:
        return {i.id: i for i in evaluate(load_view(store, case_id), "en").items}


@pytest.mark.parametrize("sign", ["kind", "version"])
def test_verify_against_the_simulator_is_rehearsed_never_met(tmp_path: Path, sign: str) -> None:
    sim = copy.deepcopy(VERIFY)
    if sign == "kind":
        sim["server"].update(kind="sim", imitates="vllm")
    else:  # an older verify result: only the sim's version says so
        sim["server"]["version"] = "0.28.0+sim"
    items = _items(*_with_verify(tmp_path, sim))
    for name in API_ITEMS:
        assert items[name].status == "rehearsed", (name, items[name].detail)
    assert "simulator" in items["minimal_api"].detail


@pytest.mark.parametrize("shape", ["not_run", "error_not_run", "unreachable"])
def test_check_that_never_ran_is_open_not_failed(tmp_path: Path, shape: str) -> None:
    down = copy.deepcopy(VERIFY)
    for check in down["checks"]:
        check.pop("verdict", None)
        if shape == "not_run":
            check.update(status="not_run", summary="not run: the server did not answer")
        else:
            check.update(status="error", summary="not run: not ready")
    if shape == "unreachable":
        down["server"]["unreachable"] = "server not reachable at http://127.0.0.1:9 (connection refused)"
    store_path, case_id = _with_verify(tmp_path, down)
    items = _items(store_path, case_id)
    for name in API_ITEMS:
        assert items[name].status == "open", (name, items[name].status, items[name].detail)
    assert "not proven" in items["minimal_api"].detail and "not reachable" in items["minimal_api"].detail
    with open_store(store_path) as store:
        agent = {c.id: c for c in compare(load_view(store, case_id))}["agent_answers"]
    assert agent.status != "bad"  # a server that was down is no bad answer


def test_decide_refuses_a_date_that_is_not_one(tmp_path: Path, sc) -> None:
    store_path, case_id = _with_verify(tmp_path, VERIFY)
    for bad in ("not a date", "2026-13-01", "1.12.2026", "2026-12-1"):
        got = sc(store_path, "decide", "--case", case_id, "--decision", "keep-r580", "--owner", "ops",
                 "--date", bad)
        assert got.returncode == 2 and "is not a date" in got.stderr, (bad, got.stderr)
    runs = json.loads(sc(store_path, "case", "show", case_id, "--json").stdout)["runs"]
    assert not [r for r in runs if r["kind"] == "decide"]
    ok = sc(store_path, "decide", "--case", case_id, "--decision", "keep-r580", "--owner", "ops",
            "--date", "2026-12-01")
    assert ok.returncode == 0, ok.stderr


def test_decide_without_evidence_is_recorded_with_a_warning_and_exit_3(tmp_path: Path, sc) -> None:
    store_path = tmp_path / "s.db"
    case_id = sc(store_path, "case", "new", "empty").stdout.strip()
    got = sc(store_path, "decide", "--case", case_id, "--decision", "roll-back", "--owner", "ops",
             "--log", "TICKET-7")
    assert got.returncode == 3, got.stderr
    assert "recorded without evidence" in got.stderr
    runs = json.loads(sc(store_path, "case", "show", case_id, "--json").stdout)["runs"]
    assert [r["kind"] for r in runs] == ["decide"]


def test_german_decide_and_accept_have_no_english_words(tmp_path: Path, sc) -> None:
    store_path, case_id = _with_verify(tmp_path, VERIFY)
    decide = sc(store_path, "decide", "--case", case_id, "--lang", "de").stdout
    for english in ("suggested:", "no decision recorded", ": unknown", ": good", ": bad", "Urteil working"):
        assert english not in decide, english
    assert "vorgeschlagen:" in decide and "keine Entscheidung festgehalten" in decide
    accept = sc(store_path, "accept", "--case", case_id, "--lang", "de", "--no-record").stdout
    for english in ("detail / reference", "checklist not recorded", "not complete", " met ", "(on the GPU host)"):
        assert english not in accept, english
    assert "Checkliste nicht festgehalten" in accept and "erfüllt" in accept


def test_german_missing_fact_says_where_to_run_in_german(tmp_path: Path, sc) -> None:
    store_path = tmp_path / "s.db"
    case_id = sc(store_path, "case", "new", "leer").stdout.strip()
    got = sc(store_path, "accept", "--case", case_id, "--lang", "de", "--no-record", "--json")
    details = " ".join(i["detail"] for i in json.loads(got.stdout)["items"])
    assert "auf dem GPU-Host" in details and "on the GPU host" not in details
    assert "servecheck capture --case ID" in details  # the command itself stays verbatim
