"""Hostile input to the case commands: special files named as inputs or as the store (refused at
once, never read without end or waited on), and secrets in free text (never stored or shown)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HF = "hf_abcdefghijklmnopqrstuvwxyz123456"
SK = "sk-test-SECRET1234567890"


@pytest.fixture
def sc(tmp_path: Path):
    env = {"SERVECHECK_STORE": str(tmp_path / "s.db"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        # the timeout is the test's guard against a hang; a hang is the bug it would show
        return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                              text=True, timeout=60, env=env, cwd=tmp_path, stdin=subprocess.DEVNULL)

    return run


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("args", [("case", "list"), ("case", "new", "T"), ("case", "show", "c-x")])
def test_fifo_store_is_refused_before_sqlite_opens_it(sc, fifo: Path, args: tuple[str, ...]) -> None:
    got = sc(*args, "--store", str(fifo))
    assert got.returncode == 2, got.stderr
    assert f"{fifo} is a FIFO, not a case store file" in got.stderr
    assert "Traceback" not in got.stderr


def test_device_store_is_refused(sc) -> None:
    got = sc("case", "list", "--store", "/dev/zero")
    assert got.returncode == 2 and "/dev/zero is a character device, not a case store file" in got.stderr


def _case(sc) -> str:
    made = sc("case", "new", "hostile")
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


@pytest.mark.parametrize("special", ["/dev/zero", "FIFO"])
@pytest.mark.parametrize("how", ["plan-diagnosis", "plan-answers", "runbook-result", "attach"])
def test_user_named_input_files_go_through_the_bounded_reader(sc, fifo: Path, special: str, how: str) -> None:
    path = str(fifo) if special == "FIFO" else special
    case_id = _case(sc)
    argv = {"plan-diagnosis": ("plan", "--no-input", "--diagnosis", path),
            "plan-answers": ("plan", "--no-input", "--case", case_id, "--answers", path),
            "runbook-result": ("runbook", "--case", case_id, "check", "1", "--result", path),
            "attach": ("case", "attach", case_id, path)}[how]
    got = sc(*argv)
    assert got.returncode == 2, got.stdout + got.stderr
    kind = "FIFO" if special == "FIFO" else "character device"
    assert f"is a {kind}, not a regular file" in got.stderr
    runs = json.loads(sc("case", "show", case_id, "--json").stdout)["runs"]
    assert runs == []  # bad input: nothing recorded


def _store_bytes(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in tmp_path.glob("s.db*"))


def test_planted_secrets_never_reach_store_reports_or_terminal(sc, tmp_path: Path) -> None:
    made = sc("case", "new", f"gpu-a token {HF}", "--owner", f"ops {SK}")
    case_id = made.stdout.strip()
    outputs = [made]
    outputs.append(sc("runbook", "--case", case_id, "mark", "1", "--status", "pass", "--note", f"used {HF}"))
    outputs.append(sc("runbook", "--case", case_id, "mark", "3", "--status", "pass", "--note", "ok",
                      "--override", f"waived, key {SK}"))
    outputs.append(sc("accept", "--case", case_id, "--sign", "fallback_documented", "--by", "ops",
                      "--note", f"fallback at https://x/?token={SK} {HF}"))
    outputs.append(sc("decide", "--case", case_id, "--decision", "roll-back", "--owner", f"lead {SK}",
                      "--log", "TICKET-1", "--note", f"see {HF}"))
    outputs.append(sc("decide", "--case", case_id, "--owner", f"lead {SK}", "--note", f"see {HF}", "--json"))
    for cmd in (("case", "show", case_id), ("case", "show", case_id, "--json"), ("case", "list"),
                ("case", "list", "--json"), ("accept", "--case", case_id, "--no-record"),
                ("accept", "--case", case_id, "--no-record", "--json")):
        outputs.append(sc(*cmd))
    report = sc("report", "--case", case_id, "--out", str(tmp_path / "rep"))
    assert report.returncode == 0, report.stderr
    outputs.append(report)
    written = [p.read_text("utf-8", errors="replace") for p in (tmp_path / "rep").rglob("*") if p.is_file()]
    assert written
    for secret in (HF, SK, "SECRET1234567890"):
        assert secret.encode() not in _store_bytes(tmp_path)
        for out in outputs:
            assert secret not in out.stdout and secret not in out.stderr, out.args
        for text in written:
            assert secret not in text
    shown = sc("case", "show", case_id).stdout
    assert "gpu-a token [REDACTED" in shown and "ops [REDACTED" in shown  # the rest of the text kept
