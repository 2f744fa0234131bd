"""`bundle verify` on a damaged manifest.json: one line naming what is wrong, exit 1 (a bundle
that cannot be verified cannot be trusted), never a traceback or a pydantic dump."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from servecheck.capture.bundle import verify_bundle
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture

DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"


@pytest.fixture
def bundle(tmp_path) -> Path:
    return capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=DEMO, tar=True).path


def verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "servecheck", "bundle", "verify", *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("content,reason", [
    (bytes(range(128, 228)), "not UTF-8"),
    (b"", "not valid JSON"),
    (b'{"schema_version": 2, "files": [', "not valid JSON"),
    (b"{}", "no file list"),
    (b'{"files": [{"path": "evidence.json"}]}', "not a servecheck manifest"),
])
def test_damaged_manifest_is_one_line_exit_1(bundle: Path, content: bytes, reason: str) -> None:
    (bundle / "manifest.json").write_bytes(content)
    proc = verify(str(bundle))
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith(f"{bundle}/manifest.json is damaged ({reason}")
    assert proc.stdout.endswith("): the bundle cannot be verified\n") and proc.stdout.count("\n") == 1
    assert proc.stderr == ""
    report = verify_bundle(bundle)
    assert not report.ok and report.checked == 0 and reason in (report.damaged or "")


def test_damaged_manifest_in_json_output(bundle: Path) -> None:
    (bundle / "manifest.json").write_bytes(b"{}")
    proc = verify("--json", str(bundle))
    data = json.loads(proc.stdout)
    assert proc.returncode == 1 and data["ok"] is False and "no file list" in data["damaged"]
