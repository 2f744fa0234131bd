"""`--kube-nodes -` is bounded in time (a silent or endless pipe) and memory (/dev/zero), and a
file has the same size cap."""

from __future__ import annotations

import os

import pytest

from servecheck.errors import InputError
from servecheck.fleet.sources import readin

from .stdin_helper import communicate, peak_rss_mb, start


def test_silent_pipe_ends_promptly_with_no_input():
    read, write = os.pipe()   # `sleep 100 | servecheck ...`: the writer holds the pipe, writes nothing
    try:
        proc = start(["fleet", "scan", "--kube-nodes", "-"], read)
        # before the fix this waited until the writer went away (a TimeoutExpired here)
        _, err = communicate(proc)
    finally:
        os.close(read)
        os.close(write)
    assert proc.returncode == 2 and "no input on stdin after 1 s" in err and "Traceback" not in err


def test_trickling_pipe_ends_with_did_not_end():
    read, write = os.pipe()
    try:
        os.write(write, b'{"items": [')  # a start, then nothing more and no end
        proc = start(["fleet", "scan", "--kube-nodes", "-"], read, first_byte_s=5, total_s=1)
        _, err = communicate(proc)
    finally:
        os.close(read)
        os.close(write)
    assert proc.returncode == 2 and "stdin did not end after 1 s" in err


def test_dev_zero_on_stdin_is_refused_in_bounded_memory():
    rc, peak_mb, err = peak_rss_mb(["fleet", "scan", "--kube-nodes", "-"], "/dev/zero")
    assert rc == 2 and "more than 256 MiB" in err
    assert peak_mb < 500, peak_mb  # it read 1 GiB (1.09 GB peak) before the cap came down


def test_file_over_the_cap_is_refused(tmp_path):
    path = tmp_path / "nodes.json"
    path.write_text('{"items": []}' + " " * 100)
    with pytest.raises(InputError, match="larger than"):
        readin.read_input(str(path), max_bytes=64)
    assert readin.MAX_BYTES <= 256 * 1024 * 1024
