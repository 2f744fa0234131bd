"""Output files (--out, --junit, report): atomic, regular files only, modes from the umask;
and the small usability fixes of the case commands."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from servecheck.capture.run import default_out
from servecheck.cli.main import cli
from servecheck.errors import OutputError
from servecheck.fsutil import write_output


def _refused(path: Path, match: str) -> None:
    with pytest.raises(OutputError, match=match):
        write_output(path, "x")


def test_special_files_are_refused_untouched(tmp_path: Path) -> None:
    _refused(Path("/dev/null"), "device node")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    _refused(fifo, "FIFO")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    _refused(tmp_path, "directory")
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    link = tmp_path / "out.json"
    link.symlink_to(target)
    _refused(link, "symbolic link")
    assert link.is_symlink() and target.read_text() == "keep"


def test_modes_follow_the_umask_and_existing_files_keep_theirs(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        fresh = write_output(tmp_path / "r.json", "{}")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        os.umask(0o077)
        assert stat.S_IMODE(write_output(tmp_path / "p.json", "{}").stat().st_mode) == 0o600
        os.umask(0o022)
        (tmp_path / "shared.json").write_text("old")
        (tmp_path / "shared.json").chmod(0o664)
        write_output(tmp_path / "shared.json", "new")
        assert stat.S_IMODE((tmp_path / "shared.json").stat().st_mode) == 0o664
        assert (tmp_path / "shared.json").read_text() == "new"
    finally:
        os.umask(old)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp files left


def _sc(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True, text=True,
                          timeout=120, env=(env or dict(os.environ)) | {"LANG": "C.UTF-8"}, check=False, **kw)


def test_verify_keeps_its_result_when_out_cannot_be_written(tmp_path: Path) -> None:
    from servecheck.sim.server import running_sim

    with running_sim() as sim:
        dev = _sc("verify", sim.url, "--checks", "api", "--out", "/dev/null", "--json")
        assert dev.returncode == 2 and "device node" in dev.stderr and not dev.stdout
        # a folder that cannot be created (not even by root): found out only when writing
        lost = "/proc/servecheck-no-such-dir/verify.json"
        res = _sc("verify", sim.url, "--checks", "api", "--json", "--out", lost,
                  "--junit", str(tmp_path / "j.xml"))
    assert res.returncode == 2, res.stderr
    assert json.loads(res.stdout)["checks"][0]["status"] == "pass"  # the result is not lost
    assert f"{lost} was NOT written" in res.stderr
    assert (tmp_path / "j.xml").is_file()
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_runbook_subcommand_help_needs_no_case() -> None:
    for sub in ("check", "mark", "rollback"):
        res = CliRunner().invoke(cli, ["runbook", sub, "--help"])
        assert res.exit_code == 0 and "Usage:" in res.output and "--case" not in res.output.split("Options")[0]
    res = CliRunner().invoke(cli, ["runbook", "mark", "2", "--status", "pass", "--note", "x"],
                             standalone_mode=False)
    assert "runbook needs --case ID" in str(res.exception)


def test_case_help_says_read_from_on_reading_commands() -> None:
    report = CliRunner().invoke(cli, ["report", "--help"]).output
    assert "Read the case from the store" in report and "Attach the result" not in report
    assert "Read the case" in CliRunner().invoke(cli, ["decide", "--help"]).output
    assert "Attach the result" in CliRunner().invoke(cli, ["diagnose", "--help"]).output


def test_sim_port_out_of_range_is_a_usage_error() -> None:
    res = _sc("sim", "--port", "99999")
    assert res.returncode == 2 and "99999" in res.stderr and "Traceback" not in res.stderr


def test_sim_prints_no_traceback_when_a_client_disconnects(tmp_path: Path) -> None:
    import socket

    proc = subprocess.Popen([sys.executable, "-m", "servecheck", "sim", "--port", "0"],
                            stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stderr.readline() if proc.stderr else ""
        port = int(first.split("127.0.0.1:")[1].split(";")[0])
        body = json.dumps({"model": "sim-model", "messages": [{"role": "user", "content": "hi " * 40}],
                           "stream": True, "max_tokens": 300}).encode()
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                          b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
                s.recv(300)
        time.sleep(2)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err and "Error handling request" not in err


def test_two_captures_in_one_second_get_unique_names(tmp_path: Path) -> None:
    now = datetime(2026, 12, 1, 20, 0, 0, tzinfo=UTC)
    first = default_out(now, tmp_path)
    first.mkdir()
    second = default_out(now, tmp_path)
    assert second != first and second.name == first.name + "-2"
    second.mkdir()
    assert default_out(now, tmp_path).name == first.name + "-3"


@pytest.mark.parametrize("writer", ["atomic", "comm", "fleet"])
def test_every_writer_refuses_a_fifo_and_a_symlink(tmp_path: Path, writer: str) -> None:
    """Not only write_output: the shared atomic writer under every command refuses to replace a
    FIFO or a symlink (comm --out and fleet --html once replaced them silently)."""
    from servecheck.fsutil import atomic_write_text

    fifo, target, link = tmp_path / "fifo", tmp_path / "user.json", tmp_path / "link.json"
    os.mkfifo(fifo)
    target.write_text("mine")
    link.symlink_to(target)
    fixtures = Path(__file__).parent.parent / "comm" / "fixtures"
    sample = next(p for p in sorted(fixtures.glob("*.txt")))
    nodes = Path(__file__).parents[2] / "src" / "servecheck" / "fleet" / "data" / "demo-cluster.json"
    for dest in (fifo, link):
        if writer == "atomic":
            with pytest.raises(OutputError):
                atomic_write_text(dest, "x")
        else:
            args = (["comm", "--from", str(sample), "--out", str(dest)] if writer == "comm" else
                    ["fleet", "matrix", "--kube-nodes", str(nodes), "--cuda", "12.8", "--html", str(dest)])
            proc = subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                                  text=True, timeout=60, check=False)
            said = proc.stderr + proc.stdout
            assert proc.returncode == 2, (proc.returncode, said)
            assert "regular files only" in said or "symbolic link" in said, said
        assert stat.S_ISFIFO(fifo.lstat().st_mode) and link.is_symlink()
        assert target.read_text() == "mine"


def test_a_bundle_that_loses_the_race_for_its_default_name_is_kept(tmp_path: Path) -> None:
    from servecheck.capture.bundle import write_bundle
    from servecheck.capture.models import Evidence

    evidence = Evidence(servecheck_version="0", created_at=datetime(2026, 12, 1, tzinfo=UTC))
    taken = tmp_path / "servecheck-h-20261201T000000Z"
    taken.mkdir()
    (taken / "evidence.json").write_text("{}")  # another capture got there first
    result = write_bundle(evidence, {}, taken, unique=True)
    assert result.path == tmp_path / "servecheck-h-20261201T000000Z-2"
    assert (result.path / "manifest.json").is_file() and (taken / "evidence.json").read_text() == "{}"
    with pytest.raises(Exception, match="already exists"):
        write_bundle(evidence, {}, taken)  # a name the user gave is never replaced
