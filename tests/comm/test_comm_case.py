"""The comm result feeds runbook step 7 and checklist item 10; a manual sign-off stays possible."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from tests.comm import synth

from servecheck.cli.main import cli

IBSTAT = Path(__file__).parent / "topology" / "deepep303-ibstat-h20.txt"


def _cli(*args: str):
    return CliRunner().invoke(cli, list(args), standalone_mode=False)


def _case(tmp_path: Path) -> tuple[str, str]:
    store = str(tmp_path / "store.db")
    return _cli("case", "new", "night", "--store", store).output.strip(), store


def _item10(case_id: str, store: str) -> dict:
    data = json.loads(_cli("accept", "--case", case_id, "--store", store, "--json").output)
    return next(i for i in data["items"] if i["id"] == "cross_node")


def _comm_json(tmp_path: Path, peak: float, info: tuple[str, ...]) -> Path:
    log, out = tmp_path / f"nccl-{peak}.log", tmp_path / f"comm-{peak}.json"
    log.write_text(synth.output(peak=peak, info=info))
    _cli("comm", "--from", str(log), "--topology", str(IBSTAT), "--out", str(out), "--json")
    return out


def test_comm_pass_fills_step_7_and_item_10(tmp_path: Path) -> None:
    case_id, store = _case(tmp_path)
    result = _comm_json(tmp_path, 90.0, synth.IB_INFO)
    res = _cli("runbook", "--case", case_id, "--store", store, "check", "7", "--result", str(result),
               "--by", "alice", "--override", "rehearsal: earlier steps elsewhere")
    assert res.return_value == 0, res.output
    assert "step 7: pass" in res.output
    item = _item10(case_id, store)
    assert item["status"] == "met" and "comm run" in item["detail"]


def test_comm_slow_fails_item_10(tmp_path: Path) -> None:
    case_id, store = _case(tmp_path)
    log = tmp_path / "slow.log"
    log.write_text(synth.output(peak=9.0, info=synth.SOCKET_INFO))
    _cli("comm", "--from", str(log), "--topology", str(IBSTAT), "--case", case_id, "--store", store)
    item = _item10(case_id, store)
    assert item["status"] == "failed" and "slow" in item["detail"]


def test_manual_signoff_without_comm_result_is_shown_as_manual(tmp_path: Path) -> None:
    case_id, store = _case(tmp_path)
    _cli("runbook", "--case", case_id, "--store", store, "mark", "7", "--status", "pass", "--by", "bob",
         "--note", "ran nccl-tests by hand", "--override", "rehearsal")
    item = _item10(case_id, store)
    assert item["status"] == "met" and "recorded as passed" in item["detail"]


def test_step_7_check_without_result_says_what_it_needs(tmp_path: Path) -> None:
    from servecheck.errors import UsageError

    case_id, store = _case(tmp_path)
    res = _cli("runbook", "--case", case_id, "--store", store, "check", "7", "--by", "a", "--override", "x")
    assert isinstance(res.exception, UsageError) and "servecheck comm" in str(res.exception)


def test_case_show_summarises_a_comm_run(tmp_path: Path) -> None:
    case_id, store = _case(tmp_path)
    log = tmp_path / "ok.log"
    log.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    _cli("comm", "--from", str(log), "--topology", str(IBSTAT), "--case", case_id, "--store", store)
    from servecheck.report.timeline import summarize
    from servecheck.store import open_store

    with open_store(Path(store), create=False) as s:
        (run,) = s.runs(case_id, "comm")
    assert summarize(run) == "nccl-tests: all_reduce pass"


def test_unchecked_values_leave_the_step_open() -> None:
    from servecheck.comm.judge import outcome

    payload = {"schema_version": 1, "kind": "comm", "servecheck_version": "x",
               "tests": [{"op": "all_reduce", "status": "complete", "nodes": 2, "verdict": "pass",
                          "peak_busbw_gbps": 90.0, "wrong": None}]}
    status, reason = outcome(payload)
    assert status == "open" and "-c 1" in reason
    payload["tests"][0]["wrong"] = 0
    assert outcome(payload)[0] == "pass"
    assert outcome({"schema_version": 99, "tests": []})[0] == "open"  # newer schema: not read, not passed
