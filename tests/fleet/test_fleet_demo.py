"""The demo step on its own: matrix and plan printed, files written, recorded when a case exists."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from servecheck.cli.demo import DemoContext
from servecheck.fleet.demo import step
from servecheck.store import open_store


def run(tmp_path: Path, with_case: bool) -> tuple[str, DemoContext]:
    out = io.StringIO()
    ctx = DemoContext(out=tmp_path, console=Console(file=out, width=120))
    if with_case:
        store = tmp_path / "cases.sqlite"
        with open_store(store) as s:
            ctx.state.update(case_id=s.new_case("demo"), store=store)
    step(ctx)
    return out.getvalue(), ctx


def test_demo_step_records_in_the_case(tmp_path: Path):
    text, ctx = run(tmp_path, with_case=True)
    assert "needs_driver (r580+)" in text and "canary: h100-a-01" in text and "Nothing is executed" in text
    matrix = json.loads((tmp_path / "fleet/matrix.json").read_text())
    assert matrix["counts"]["by_verdict"]["runs"] == 6
    with open_store(ctx.state["store"]) as s:
        kinds = [r.payload["kind"] for r in s.runs(ctx.state["case_id"], "fleet")]
    assert kinds == ["fleet_matrix", "fleet_rollout"]


def test_demo_step_without_a_case_says_so(tmp_path: Path):
    text, _ = run(tmp_path, with_case=False)
    assert "not recorded" in text and (tmp_path / "fleet/fleet.html").is_file()
