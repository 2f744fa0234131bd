"""load's plots: load.svg always (no extra packages), load.png only with --png (matplotlib, the
[plots] extra); --png without matplotlib is a usage error before anything is sent."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from servecheck.errors import UsageError
from servecheck.load import plots
from servecheck.load.models import LoadResult
from servecheck.sim.server import running_sim

FAST = {"ttft_base_ms": 2.0, "per_token_prefill_ms": 0.001, "itl_ms": 1.0, "output_tokens": 8}


def _load(out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SERVECHECK_API_KEY": "", "VLLM_API_KEY": ""}
    with running_sim("healthy", port=0, **FAST) as sim:
        return subprocess.run([sys.executable, "-m", "servecheck", "load", sim.url, "--ramp", "1",
                               "--requests-per-stage", "2", "--max-tokens", "4", "--context", "300",
                               "--json", "--out", str(out), *extra],
                              capture_output=True, text=True, timeout=60, env=env)


def test_svg_plot_escapes_stage_names_and_stacks_four_charts(tmp_path: Path) -> None:
    proc = _load(tmp_path / "run")
    assert proc.returncode == 0, proc.stderr
    result = LoadResult.model_validate_json(proc.stdout)
    result.stages[-1].name = "<script>x</script>"
    paths = plots.plot(result, tmp_path / "again")
    assert [p.name for p in paths] == ["load.svg"]
    svg = paths[0].read_text()
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert svg.count("<svg ") == 5  # the document and its four charts
    assert "Output tokens/s per stage" in svg and "Failed requests per stage" in svg


def test_no_stages_no_plot(tmp_path: Path) -> None:
    empty = LoadResult.model_validate_json(_load(tmp_path / "run").stdout)
    empty.stages = [s for s in empty.stages if s.kind == "ready"]
    assert plots.plot(empty, tmp_path / "none") == []


def test_png_without_matplotlib_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    with pytest.raises(UsageError, match=r"\[plots\]"):
        plots.require_png()


def test_png_on_request(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    proc = _load(tmp_path / "run", "--png")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "run" / "load.png").read_bytes()[:4] == b"\x89PNG"
    assert LoadResult.model_validate_json(proc.stdout).files["plot_png"] == "load.png"


def test_load_runs_where_matplotlib_cannot_be_imported(tmp_path: Path) -> None:
    # The lean install (make demo) has no matplotlib: a package that refuses to import stands in.
    blocker = tmp_path / "blocked" / "matplotlib"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('matplotlib is not installed here')\n")
    env = {**os.environ, "SERVECHECK_API_KEY": "", "VLLM_API_KEY": "",
           "PYTHONPATH": os.pathsep.join([str(blocker.parent), os.environ.get("PYTHONPATH", "")])}
    out = tmp_path / "run"
    with running_sim("healthy", port=0, **FAST) as sim:
        proc = subprocess.run([sys.executable, "-m", "servecheck", "load", sim.url, "--ramp", "1",
                               "--requests-per-stage", "2", "--max-tokens", "4", "--context", "300",
                               "--json", "--out", str(out)], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    assert (out / "load.svg").is_file() and "plot_error" not in LoadResult.model_validate_json(proc.stdout).files
