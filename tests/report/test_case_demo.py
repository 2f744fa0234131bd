"""The case part of the demo: plan and report steps with and without earlier results."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from servecheck.plan import demo as plan_demo
from servecheck.report import demo as report_demo
from servecheck.store import open_store

from .conftest import DIAGNOSIS, LOAD, VERIFY


@dataclass
class Ctx:
    out: Path
    console: Any = field(default_factory=lambda: Console(record=True, width=120))
    state: dict[str, Any] = field(default_factory=dict)


def _write(path: Path, data: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def test_demo_case_with_all_results(tmp_path: Path) -> None:
    from servecheck.capture.demo import step as capture_step

    ctx = Ctx(tmp_path)
    capture_step(ctx)
    ctx.state["diagnosis"] = _write(tmp_path / "diagnosis.json", DIAGNOSIS)
    ctx.state["verify"] = _write(tmp_path / "verify.json", VERIFY)
    ctx.state["load"] = _write(tmp_path / "load" / "results.json", LOAD)
    plan_demo.step(ctx)
    report_demo.step(ctx)
    with open_store(ctx.state["store"]) as store:
        kinds = [r.kind for r in store.runs(ctx.state["case_id"])]
        plan = store.latest(ctx.state["case_id"], "plan")
    assert kinds[:3] == ["capture", "diagnose", "plan"] and kinds.count("runbook") == 9
    assert plan is not None and plan.payload["recommended"] == "A"
    assert plan.payload["diagnosis"]["status"] == "applies"
    html = ctx.state["reports"]["en"]
    assert html.exists() and "Kimi K3 on gpu-a" in html.read_text()
    assert "Fallbericht" in ctx.state["reports"]["de"].read_text()
    text = ctx.console.export_text()
    assert "report (HTML)" in text and "blocked by an earlier step" not in text


def test_demo_case_goes_on_without_earlier_results(tmp_path: Path) -> None:
    ctx = Ctx(tmp_path)
    plan_demo.step(ctx)
    report_demo.step(ctx)
    text = ctx.console.export_text()
    assert "no capture result from an earlier step" in text
    assert "no load result from an earlier step" in text
    assert ctx.state["reports"]["en"].exists()
