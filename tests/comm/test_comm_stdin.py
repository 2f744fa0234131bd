"""`comm --from -` is bounded in time and memory, and a bad --out is refused before any work."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.comm import synth
from tests.fleet.stdin_helper import communicate, peak_rss_mb, start

from servecheck.cli.main import cli
from servecheck.errors import OutputError


def _finish(read: int, write: int, proc) -> tuple[int, dict]:
    try:
        out, err = communicate(proc)  # before the fix: blocked until killed
    finally:
        os.close(read)
        os.close(write)
    assert "Traceback" not in err
    return proc.returncode, json.loads(out)


def test_silent_stdin_is_nothing_to_judge():
    read, write = os.pipe()
    rc, data = _finish(read, write, start(["comm", "--from", "-", "--json"], read))
    (test,) = data["tests"]
    assert rc == 3 and test["status"] == "not_nccl_output"
    assert "no input on stdin after 1 s" in test["errors"][0]


def test_stdin_that_never_ends_keeps_what_came_and_says_so():
    read, write = os.pipe()
    text = synth.output(peak=90.0)
    os.write(write, text.split("Out of bounds")[0].encode())  # the table, then the footer never came
    rc, data = _finish(read, write, start(["comm", "--from", "-", "--json"], read, first_byte_s=5, total_s=1))
    (test,) = data["tests"]
    assert rc == 3 and test["status"] == "incomplete" and test["rows"]
    assert any("stdin did not end after 1 s" in e for e in test["errors"])


def test_dev_zero_on_stdin_is_cut_at_the_cap_in_bounded_memory():
    rc, peak_mb, _ = peak_rss_mb(["comm", "--from", "-", "--json"], "/dev/zero")
    assert rc == 3 and peak_mb < 500, peak_mb


@pytest.mark.parametrize("kind", ["fifo", "symlink"])  # click itself refuses a directory
def test_bad_out_is_refused_before_reading(tmp_path: Path, monkeypatch, kind: str) -> None:
    import servecheck.comm.api as api

    calls: list[object] = []
    monkeypatch.setattr(api, "read", lambda *a, **k: calls.append(a))
    out = tmp_path / "adir"
    os.mkfifo(out) if kind == "fifo" else out.symlink_to(tmp_path / "elsewhere")
    log = tmp_path / "ok.log"
    log.write_text(synth.output(peak=90.0))
    res = CliRunner().invoke(cli, ["comm", "--from", str(log), "--out", str(out)], standalone_mode=False)
    assert isinstance(res.exception, OutputError) and str(out) in str(res.exception)
    assert calls == [] and res.output == ""
