"""`bundle verify B.tar.gz` checks the archive `capture --tar` writes in place: the same verdicts
as on the folder, nothing extracted, links named not followed, sizes capped."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from servecheck.capture import verify_tar
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.capture.verify_tar import verify_archive

DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"


@pytest.fixture
def archive(tmp_path) -> Path:
    capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=DEMO, tar=True)
    return tmp_path / "b.tar.gz"


def _rewrite(src: Path, dst: Path, edit) -> Path:
    """Copy the archive member by member, letting ``edit`` replace or add members."""
    with tarfile.open(src, "r:gz") as tin, tarfile.open(dst, "w:gz") as tout:
        for member in tin.getmembers():
            data = tin.extractfile(member).read() if member.isreg() else None
            edit(tout, member, data)
    return dst


def _copy(tout, member, data):
    tout.addfile(member, io.BytesIO(data) if data is not None else None)


def test_intact_archive_exit_0(archive: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "servecheck", "bundle", "verify", str(archive)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "intact" in proc.stdout, proc.stderr
    assert not (archive.parent / "b" / "raw" / "x").exists()


def test_changed_member_is_tampering(archive: Path, tmp_path: Path) -> None:
    def edit(tout, member, data):
        if member.name == "b/evidence.json":
            data = data.replace(b"575", b"580")
            member.size = len(data)
        _copy(tout, member, data)

    report = verify_archive(_rewrite(archive, tmp_path / "t.tar.gz", edit))
    assert not report.ok and report.changed == ["evidence.json"]


def test_links_and_outside_members_are_named_not_followed(archive: Path, tmp_path: Path) -> None:
    def edit(tout, member, data):
        _copy(tout, member, data)
        if member.name == "b/manifest.json":
            link = tarfile.TarInfo("b/raw/link")
            link.type, link.linkname = tarfile.SYMTYPE, "/etc/shadow"
            tout.addfile(link)
            outside = tarfile.TarInfo("../escape")
            outside.size = 1
            tout.addfile(outside, io.BytesIO(b"x"))

    report = verify_archive(_rewrite(archive, tmp_path / "t.tar.gz", edit))
    assert not report.ok
    assert "raw/link (symlink)" in report.added
    assert "../escape (outside the bundle folder)" in report.added


def test_truncated_archive_is_damaged(archive: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(archive.read_bytes()[:3000])
    report = verify_archive(cut)
    assert not report.ok and "is damaged" in (report.damaged or "")


def test_unpacked_size_is_capped(archive: Path, monkeypatch) -> None:
    monkeypatch.setattr(verify_tar, "ARCHIVE_MAX_BYTES", 4096)
    report = verify_archive(archive)
    assert not report.ok and "is damaged (over" in (report.damaged or "")


def test_fifo_and_random_file_exit_2(tmp_path: Path) -> None:
    fifo = tmp_path / "f.tar.gz"
    os.mkfifo(fifo)
    rand = tmp_path / "rand.bin"
    rand.write_bytes(bytes(range(256)) * 16)
    for path, needle in ((fifo, "is a FIFO"), (rand, "neither a bundle folder nor")):
        proc = subprocess.run([sys.executable, "-m", "servecheck", "bundle", "verify", str(path)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and needle in proc.stderr and "Traceback" not in proc.stderr
