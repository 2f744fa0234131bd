"""The bundle: atomic write, refusal to overwrite, manifest hashes, tamper detection, tar, anonymize."""

from __future__ import annotations

import json
import shutil
import tarfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from servecheck.capture.assemble import assemble
from servecheck.capture.bundle import load_evidence, verify_bundle, write_bundle
from servecheck.capture.probe import CaptureOptions, run_probes
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
    # The demo log does not name the host: plant it (and an address) where NCCL and the API
    # server print them, in several spellings, so the excerpt has something to anonymise.
    src = tmp_path / "in"
    shutil.copytree(DEMO, src)
    log = next(p for p in src.iterdir() if p.suffix == ".log")
    with open(log, "a") as fh:
        fh.write("NCCL INFO gpu-a07:4242:4242 [0] NCCL INFO Bootstrap : Using eth0:10.20.30.40<0>\n"
                 "ERROR connect to GPU-A07.cluster.local:29500 (10.20.30.40) failed\n")
    result = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src, anonymize=True)
    files = {p.relative_to(result.path).as_posix(): p.read_text()
             for p in result.path.rglob("*") if p.is_file()}
    text = "\n".join(files.values())
    # 1. No original value survives anywhere, in any spelling.
    for original in ("gpu-a07", "GPU-A07", "jdoe", "10.20.30.40"):
        assert original not in text
    # 2. One placeholder per original, the same in every file that named it.
    mapping = json.loads(result.map_path.read_text())
    assert result.map_path.parent == tmp_path and not result.map_path.is_relative_to(result.path)
    host, ip = mapping["host"]["gpu-a07"], mapping["ip"]["10.20.30.40"]
    assert load_evidence(result.path).host.hostname == host
    excerpt = files["raw/log-excerpt.txt"]
    assert f"NCCL INFO {host}:4242:4242" in excerpt and f"{host}.cluster.local:29500" in excerpt
    assert f"eth0:{ip}<0>" in excerpt and f"({ip})" in excerpt
    assert host in files["raw/docker-info.json"] and host in files["raw/container-inspect.json"]
    assert len(mapping["host"]) == len(set(mapping["host"].values()))
    assert mapping["user"]["jdoe"] in text
    # 3. The map is private: it is not part of the bundle, and the bundle still verifies.
    assert not any("anonymize-map" in name for name in files)
    assert verify_bundle(result.path).ok


def test_anonymizer_addresses():
    from servecheck.redact.anonymize import Anonymizer

    a = Anonymizer(["node7"], ["alice"])
    out = a.text("node7 10.1.2.3 -> 10.1.2.4 mac 0c:42:a1:00:11:22 alice 10.1.2.3 127.0.0.1 v575.57.08 fe80::1")
    assert out == "host-1 ip-1 -> ip-2 mac mac-1 user-1 ip-1 127.0.0.1 v575.57.08 ip-3"


def test_a_kept_log_line_is_its_number_and_its_text():
    """The bundle writes each kept log line back as these two fields after redacting the texts
    together (capture/bundle.py ``_redacted``): a new field must be redacted there first."""
    from servecheck.capture.models import LogLine

    assert list(LogLine.model_fields) == ["line", "text"]


def test_a_value_the_command_gives_away_is_redacted_bare_in_the_kept_log_lines(tmp_path):
    """The kept log lines are redacted last and together: a secret that only the command line names
    (--api-key V) is gone where it stands bare in a kept line, and the lines that hold nothing are
    written as they were read."""
    secret = "Qz7kept0line0secret0value9x"
    log = tmp_path / "start.log"
    lines = [f"INFO 12-01 10:00:{i % 60:02d} [worker.py:{i}] step {i}" for i in range(900)]
    lines[450] = f"ERROR client sent {secret} and was refused"
    log.write_text("\n".join(lines) + "\n")
    evidence = assemble(run_probes(CaptureOptions(log_path=log), ("log",)), datetime.now(UTC), "live", ["x"])
    evidence.container.command = ["vllm", "serve", "m", "--api-key", secret, "--port", "8000"]
    text = (write_bundle(evidence, {}, tmp_path / "b").path / "evidence.json").read_text()
    assert secret not in text and "ERROR client sent [REDACTED:" in text
    kept = json.loads(text)["log"]
    assert kept["head"][0] == {"line": 1, "text": lines[0]} and kept["tail"][-1] == {"line": 900, "text": lines[-1]}
