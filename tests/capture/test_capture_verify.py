"""``bundle verify`` catches every kind of tampering: added, removed, changed and type-changed
entries (file <-> symlink, FIFO, directory; an added empty directory), and refuses a bundle
written by a newer servecheck with a message of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from servecheck.capture.bundle import load_evidence, verify_bundle
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.errors import SchemaTooNew

DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"


@pytest.fixture
def bundle(tmp_path) -> Path:
    path = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=DEMO).path
    assert verify_bundle(path).ok
    return path


def _raw_file(bundle: Path) -> Path:
    return next(p for p in sorted((bundle / "raw").iterdir()) if p.is_file())


def test_file_replaced_by_symlink(bundle, tmp_path):
    victim = _raw_file(bundle)
    copy = tmp_path / "copy"
    copy.write_bytes(victim.read_bytes())  # same bytes behind the link: hashing alone would pass
    victim.unlink()
    victim.symlink_to(copy)
    report = verify_bundle(bundle)
    assert not report.ok and report.type_changed == [
        f"{victim.relative_to(bundle).as_posix()} (regular file -> symlink)"]


@pytest.mark.parametrize("make,kind", [
    (os.mkfifo, "FIFO"),
    (os.mkdir, "directory"),
])
def test_file_replaced_by_special_entry(bundle, make, kind):
    victim = _raw_file(bundle)
    victim.unlink()
    make(victim)
    report = verify_bundle(bundle)
    assert not report.ok and report.type_changed[0].endswith(f"(regular file -> {kind})")


@pytest.mark.parametrize("make,label", [
    (lambda p: p.mkdir(), "empty (directory)"),
    (lambda p: os.mkfifo(p), "empty (FIFO)"),
    (lambda p: p.symlink_to("/etc/hostname"), "empty (symlink)"),
    (lambda p: p.write_text("x"), "empty"),
])
def test_added_entries_of_every_type(bundle, make, label):
    make(bundle / "raw" / "empty")
    report = verify_bundle(bundle)
    assert not report.ok and report.added == [f"raw/{label}"]


def test_removed_and_changed(bundle):
    victim = _raw_file(bundle)
    victim.write_text(victim.read_text() + "x")
    (bundle / "evidence.json").unlink()
    report = verify_bundle(bundle)
    assert report.changed == [victim.relative_to(bundle).as_posix()]
    assert report.missing == ["evidence.json"]


def _bump(path: Path, version: int = 99) -> None:
    data = json.loads(path.read_text())
    data["schema_version"] = version
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("name", ["manifest.json", "evidence.json"])
def test_newer_schema_is_refused_with_its_own_message(bundle, name):
    _bump(bundle / name)
    with pytest.raises(SchemaTooNew, match="newer servecheck .schema_version 99"):
        verify_bundle(bundle)


def test_load_evidence_refuses_newer_schema(bundle):
    _bump(bundle / "evidence.json")
    with pytest.raises(SchemaTooNew, match="upgrade servecheck"):
        load_evidence(bundle)


def test_cli_exit_codes(bundle):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "servecheck", "bundle", "verify", *args],
                              capture_output=True, text=True, timeout=60)

    (bundle / "raw" / "x").mkdir()
    proc = run(str(bundle), "--json")
    assert proc.returncode == 1 and json.loads(proc.stdout)["added"] == ["raw/x (directory)"]
    (bundle / "raw" / "x").rmdir()
    assert run(str(bundle)).returncode == 0
    _bump(bundle / "evidence.json")
    proc = run(str(bundle))
    assert proc.returncode == 2 and "newer servecheck" in proc.stderr and "Traceback" not in proc.stderr
