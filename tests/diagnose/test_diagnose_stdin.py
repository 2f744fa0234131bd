"""`servecheck diagnose -` on a stdin that hangs, never ends or trickles: bounded in time and
bytes like a file, what arrived is judged, and the status says the input was cut (exit 3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

# The CLI with smaller limits, so that a test waits a second instead of half a minute.
CLI = """
import sys
from servecheck import fsutil
from servecheck.diagnose import inputs
fsutil.STDIN_FIRST_BYTE_S, fsutil.STDIN_TOTAL_S = 1.0, 2.0
inputs.STDIN_MAX_BYTES = 1 << 20
from servecheck.cli.main import main
sys.argv = ["servecheck", "diagnose", "-", "--json"]
main()
"""
FAIL = b"ValueError: No available memory for the cache blocks.\n"


def _diagnose(writer: str) -> tuple[int, dict]:
    """Run diagnose on stdin fed by ``writer`` (a shell command); the writer is ended afterwards."""
    feed = subprocess.Popen(["bash", "-c", writer], stdout=subprocess.PIPE)
    try:
        out = subprocess.run([sys.executable, "-c", CLI], stdin=feed.stdout, capture_output=True, timeout=60)
    finally:
        feed.kill()
        feed.wait()
        feed.stdout.close()  # type: ignore[union-attr]
    assert b"Traceback" not in out.stderr, out.stderr
    return out.returncode, json.loads(out.stdout)


def test_a_writer_that_never_writes_is_nothing_to_judge():
    code, data = _diagnose("sleep 100")
    assert code == 3 and data["status"] == "empty"
    assert data["status_message"].startswith("no input on stdin after 1 s")


def test_an_endless_stream_is_judged_on_its_first_part():
    code, data = _diagnose("yes 'INFO vllm engine starting GPU'")
    assert code == 3 and data["status"] == "incomplete"
    assert data["status_message"] == "stdin did not end after 1 MB: judged the first part"
    assert data["stats"]["bytes_read"] == 1 << 20       # the cap, not what the writer went on to send


def test_a_failure_in_the_first_part_of_an_endless_stream_is_still_a_failure():
    code, data = _diagnose(f"printf '{FAIL.decode()}'; yes")
    assert code == 1 and data["primary"]["class"] == "kv_cache_insufficient"
    assert "did not end" in data["stats"]["read_error"]


def test_a_trickle_ends_at_the_total_deadline():
    code, data = _diagnose("while :; do echo 'INFO vllm loading'; sleep 0.2; done")
    assert code == 3 and data["status"] == "incomplete"
    assert data["status_message"] == "stdin did not end after 2 s: judged the first part"


def test_dev_zero_with_the_real_limits_ends():
    with open("/dev/zero", "rb") as zero:
        out = subprocess.run([sys.executable, "-m", "servecheck", "diagnose", "-"], stdin=zero,
                             capture_output=True, timeout=120)
    assert out.returncode == 3 and b"did not end after 256 MB" in out.stdout and b"Traceback" not in out.stderr


def test_a_stdin_that_ends_is_judged_whole():
    out = subprocess.run([sys.executable, "-c", CLI], input=b"INFO vllm\n" + FAIL, capture_output=True,
                         timeout=60)
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["stats"]["read_error"] is None


def test_a_regular_file_on_stdin_is_read_whole_past_the_stream_cap(tmp_path):
    log = tmp_path / "big.log"
    log.write_bytes(b"INFO vllm loading\n" * 100_000 + FAIL)       # 1.8 MB: over the 1 MB cap above
    with open(log, "rb") as fh:
        out = subprocess.run([sys.executable, "-c", CLI], stdin=fh, capture_output=True, timeout=60)
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["stats"]["read_error"] is None
    assert data["primary"]["evidence"][0]["line"] == 100_001


def test_the_bounded_stream_ends_at_its_cap_and_says_why():
    from servecheck import fsutil

    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"x" * 5000)
    stream = fsutil.BoundedStream(read_fd, max_bytes=4096, first_byte_s=1.0, total_s=2.0)
    got = b"".join(iter(lambda: stream.read(1000), b""))
    assert len(got) == 4096 and stream.stopped == "size"
    os.close(write_fd)
    os.close(read_fd)


def test_the_bounded_stream_tells_an_end_from_a_silence():
    from servecheck import fsutil

    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"done\n")
    os.close(write_fd)
    stream = fsutil.BoundedStream(read_fd, max_bytes=4096, first_byte_s=1.0, total_s=2.0)
    assert stream.read(100) == b"done\n" and stream.read(100) == b"" and stream.stopped is None
    os.close(read_fd)
    silent_r, silent_w = os.pipe()
    quiet = fsutil.BoundedStream(silent_r, max_bytes=4096, first_byte_s=0.2, total_s=0.5)
    assert quiet.read(100) == b"" and quiet.stopped == "no_input"
    os.close(silent_w)
    os.close(silent_r)



def test_a_file_that_takes_too_long_is_judged_on_its_first_part(tmp_path, monkeypatch):
    """A file is read for FILE_SECONDS at most (the first block whatever the clock says): past it
    the verdict says which part was judged, and a failure found in that part still stands."""
    from servecheck.diagnose import api

    monkeypatch.setattr(api, "FILE_SECONDS", 0.0)
    noise = "gpu-node-01:3001:4001 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/IPC/read\n" * 120000
    late = tmp_path / "late.log"
    late.write_text(noise + "RuntimeError: No CUDA GPUs are available\n")
    d = api.diagnose(str(late))
    assert d.status == "incomplete" and "judged the first part" in d.status_message
    assert d.stats.read_error and d.stats.bytes < late.stat().st_size
    early = tmp_path / "early.log"
    early.write_text("RuntimeError: No CUDA GPUs are available\n" + noise)
    d = api.diagnose(str(early))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible") and d.stats.read_error
