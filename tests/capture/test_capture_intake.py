"""Safe intake: ``--from`` reads regular files inside its folder only; FIFOs, devices and
symlinks are listed with the reason, never opened or followed; long or endless input is bounded."""

from __future__ import annotations

import gzip
import io
import json
import os
import socket
import tarfile
import time

import pytest

from servecheck.capture.parsers import logscan
from servecheck.capture.probe import CaptureOptions, run_probes
from servecheck.capture.run import capture
from servecheck.errors import InputError
from servecheck.fsutil import open_regular, path_kind

SHADOW = "root:$6$saltsalt$SHADOWHASHSHOULDNEVERLEAVE:19000:0:99999:7:::\n"


@pytest.fixture
def folder_with_traps(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "shadow").write_text(SHADOW)
    (outside / "dir").mkdir()
    (outside / "dir" / "secret.txt").write_text(SHADOW)
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    (src / "start.log").write_text("INFO starting\nERROR CUDA error: no kernel image\n")
    (src / "link-out").symlink_to(outside / "shadow")
    (src / "link-in").symlink_to(src / "start.log")
    (src / "sub" / "dirlink").symlink_to(outside / "dir")
    os.mkfifo(src / "fifo")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(src / "sock"))
    yield src
    sock.close()


def test_from_dir_never_follows_links_or_opens_special_files(tmp_path, folder_with_traps):
    start = time.monotonic()
    result = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=folder_with_traps, tar=True)
    assert time.monotonic() - start < 30  # the FIFO was not opened (it would block forever)
    probes = {p.name: p for p in result.evidence.probes}
    assert probes["from:link-out"].status == "skipped"
    assert "outside the folder" in probes["from:link-out"].error
    assert "shadow" not in probes["from:link-out"].error  # an outside target is not named
    assert "inside the folder" in probes["from:link-in"].error
    assert "inside" not in probes["from:sub/dirlink"].error.replace("outside", "")
    assert probes["from:fifo"].status == "skipped" and "FIFO" in probes["from:fifo"].error
    assert probes["from:sock"].status == "skipped" and "socket" in probes["from:sock"].error
    assert probes["from:start.log"].status == "ok"
    manifest = json.loads((result.path / "manifest.json").read_text())
    skipped = {p["name"]: p["error"] for p in manifest["probes"] if p["status"] == "skipped"}
    assert {"from:link-out", "from:link-in", "from:sub/dirlink", "from:fifo", "from:sock"} <= set(skipped)
    text = "\n".join(p.read_text(errors="replace") for p in result.path.rglob("*") if p.is_file())
    assert "SHADOWHASH" not in text
    with tarfile.open(result.tar_path) as tf:
        blob = b"".join(tf.extractfile(m).read() for m in tf.getmembers() if m.isfile())
    assert b"SHADOWHASH" not in blob


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/null"])
def test_open_regular_refuses_special_files_at_once(tmp_path, special):
    path = tmp_path / "fifo" if special == "fifo" else special
    if special == "fifo":
        os.mkfifo(path)
    start = time.monotonic()
    with pytest.raises(InputError, match="not a regular file"):
        open_regular(path)
    assert time.monotonic() - start < 5


def test_open_regular_without_following_links(tmp_path):
    (tmp_path / "f").write_text("x")
    (tmp_path / "l").symlink_to(tmp_path / "f")
    with open_regular(tmp_path / "l") as fh:
        assert fh.read() == b"x"
    with pytest.raises(InputError, match="symlink"):
        open_regular(tmp_path / "l", follow_symlinks=False)
    assert path_kind(tmp_path / "l") == "symlink" and path_kind(tmp_path / "f") == "regular file"


@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_log_probe_refuses_fifo_and_devices_promptly(tmp_path, target):
    path = tmp_path / "fifo" if target == "fifo" else target
    if target == "fifo":
        os.mkfifo(path)
    start = time.monotonic()
    [run] = run_probes(CaptureOptions(log_path=path, timeout=5), names=("log",))
    assert time.monotonic() - start < 5
    assert run.record.status == "error" and "not a regular file" in run.record.error


def test_log_probe_refuses_binary_data_as_from_does_and_reads_a_compressed_log(tmp_path):
    """--log random.bin is never taken for the log (sniff's rule, the same as --from's): the probe
    errs with the reason, so the bundle is incomplete; a gzip'd log is still a log."""
    garbage = tmp_path / "random.bin"
    garbage.write_bytes(bytes(range(256)) * 64)
    [run] = run_probes(CaptureOptions(log_path=garbage, timeout=5), names=("log",))
    assert run.record.status == "error" and "binary data" in run.record.error
    packed = tmp_path / "start.log.gz"
    packed.write_bytes(gzip.compress(b"INFO 05-01 12:00:01 [api_server.py:1] vLLM API server version 0.11.1\n"))
    [run] = run_probes(CaptureOptions(log_path=packed, timeout=5), names=("log",))
    assert run.record.status == "ok", run.record.error


def test_a_file_without_newlines_is_read_in_bounded_pieces(tmp_path):
    path = tmp_path / "zeros.log"
    path.write_bytes(b"\0" * (5 * logscan.MAX_LINE_BYTES + 17))
    with open(path, "rb") as fh:
        scan = logscan.scan_file(fh, "zeros.log")
    # One endless "line": cut to MAX_LINE_BYTES, the rest of it read and dropped.
    assert scan["total_lines"] == 1
    assert len(scan["head"][0]["text"]) <= logscan.MAX_LINE_CHARS + 30


def test_a_log_scan_stops_at_its_cap_or_deadline_and_keeps_what_it_read():
    scan = logscan.scan_file(io.BytesIO(b"a\n" * 10), "x", deadline=time.monotonic() - 1)
    assert scan["stopped"] == "stopped at the deadline"
    scan = logscan.scan_file(io.BytesIO(b"a\n" * 10), "x", max_bytes=4)
    assert scan["total_lines"] == 2 and "size cap" in scan["stopped"]
