"""`servecheck demo` (what `make demo` runs): every step succeeds and leaves its artifacts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from servecheck.cli.demo import STEPS, demo
from servecheck.cli.main import cli
from servecheck.errors import UsageError
from servecheck.report.accept import evaluate
from servecheck.report.view import load_view
from servecheck.store import open_store


def test_demo_end_to_end(tmp_path):
    out = tmp_path / "demo-out"
    result = CliRunner().invoke(demo, ["--out", str(out)], catch_exceptions=False)
    assert "step failed" not in result.output, result.output
    assert result.exit_code == 0
    assert len(STEPS) >= 6
    bundle = next(out.glob("bundle-*"))
    assert (bundle / "manifest.json").is_file()
    diagnosis = json.loads((out / "diagnosis.json").read_text())
    assert diagnosis["primary"]["class"] == "driver_too_old"
    verify = json.loads((out / "verify.json").read_text())
    assert {c["status"] for c in verify["checks"]} == {"pass"}
    load = json.loads((out / "load" / "results.json").read_text())
    assert load["stages"] and (out / "load" / "load.svg").is_file()
    html = (out / "report-en" / "report.html").read_text()
    assert "driver_too_old" in html and "<script" not in html
    assert (out / "report-de" / "report.html").is_file()


def test_demo_refuses_a_folder_with_a_users_file(tmp_path, monkeypatch):
    (tmp_path / "thesis.txt").write_text("mine")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(demo, ["--out", "."], standalone_mode=False)
    assert isinstance(result.exception, UsageError) and "not an earlier demo output" in str(result.exception)
    assert [p.name for p in tmp_path.iterdir()] == ["thesis.txt"]
    assert (tmp_path / "thesis.txt").read_text() == "mine"


def test_demo_rerun_replaces_only_its_own_files_and_is_honest(tmp_path):
    out = tmp_path / "demo-out"
    first = CliRunner().invoke(demo, ["--out", str(out)], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    (out / "notes.txt").write_text("added by the user")
    second = CliRunner().invoke(demo, ["--out", str(out)], catch_exceptions=False)
    assert second.exit_code == 0, second.output
    assert (out / "notes.txt").read_text() == "added by the user"
    last = second.output.strip().splitlines()[-1]
    assert last == str(out / "report-en" / "report.html") and Path(last).is_file()
    with open_store(out / "cases.sqlite", write=False) as store:
        case = store.list_cases()[0]
        steps = [r.payload for r in store.runs(case.id, "runbook")]
        items = evaluate(load_view(store, case.id)).items
    # the driver change and the capture on a changed node cannot be performed in a rehearsal
    assert {s["step"]: s["status"] for s in steps}[3] == "rehearsed"
    assert all(s["status"] != "pass" for s in steps)
    node = next(i for i in items if i.id == "isolated_node_tested")
    assert node.status == "rehearsed" and "rehearsed" in node.detail
    report = json.loads((out / "report-en" / "report.json").read_text())
    assert all(s["status"] != "pass" for s in report["runbook"])
    shown = CliRunner().invoke(cli, ["accept", "--case", case.id, "--store", str(out / "cases.sqlite"),
                                     "--no-record"], standalone_mode=False)
    assert shown.return_value == 1 and "rehearsed" in shown.output and "not recorded" in shown.output
