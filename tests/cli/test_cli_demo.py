"""`servecheck demo` (what `make demo` runs): every step succeeds and leaves its artifacts."""

from __future__ import annotations

import json

from click.testing import CliRunner

from servecheck.cli.demo import STEPS, demo


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
    assert load["stages"] and (out / "load" / "load.png").is_file()
    html = (out / "report-en" / "report.html").read_text()
    assert "driver_too_old" in html and "<script" not in html
    assert (out / "report-de" / "report.html").is_file()
