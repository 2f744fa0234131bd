"""Terminal rendering and the optional case lookup."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from rich.console import Console

from servecheck.load.hostinfo import lookup_case
from servecheck.load.models import Counts, LoadResult, Signal, StageRecord, StopInfo, TargetInfo
from servecheck.load.stages import Parallel, StageRun
from servecheck.load.view import LiveView, stage_table, summary_lines


def _render(obj: Any, width: int = 200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(obj)
    return console.export_text()


def _result() -> LoadResult:
    stage = StageRecord(name="parallel-c8", kind="parallel", concurrency=8, started_at="t",
                        ended_at="u", counts=Counts(sent=10, succeeded=8, failed=2),
                        errors={"timeout": 2},
                        signals=[Signal(kind="communication", name="stalls", detail="2 requests timed out")])
    return LoadResult(target=TargetInfo(url="http://h:8000"), status="stopped", stages=[stage],
                      stop=StopInfo(rule="error_rate", stage="parallel-c8", reason="error rate 20%"))


def test_tables_wide_and_compact() -> None:
    res = _result()
    wide = _render(stage_table(res.stages))
    assert "parallel-c8" in wide and "8/10" in wide and "timeout 2" in wide
    compact = _render(stage_table(res.stages, compact=True), width=80)
    assert "parallel-c8" in compact and "errors" not in compact
    lines = " ".join(summary_lines(res))
    assert "error_rate" in lines and "communication" in lines and "timed out" in lines


def test_live_view_shows_the_running_stage() -> None:
    res = _result()
    res.stages.append(StageRecord(name="parallel-c16", kind="parallel", started_at="t"))
    stage = Parallel(concurrency=16, requests=64)
    run = SimpleNamespace(result=res, target=SimpleNamespace(base_url="http://h:8000"),
                          current=StageRun.__new__(StageRun), current_stage=stage)
    run.current.reqs, run.current.done, run.current.failed = [object()] * 20, 12, 1
    text = _render(LiveView(run))  # type: ignore[arg-type]
    assert "running parallel-c16: 12/64 done, 8 in flight, 1 failed" in text


def test_case_lookup_without_a_store(tmp_path: Path) -> None:
    missing = tmp_path / "nope" / "cases.db"
    info = lookup_case("c-1", missing)
    assert info.status == "not_found" and info.image == "unavailable"
    assert not missing.exists()  # looking up never creates an empty store
    assert lookup_case(None).status == "none"
