"""The one edge that runs external commands: always with a timeout, always returning data.

A hung command is killed with its whole process group, so a wedged ``nvidia-smi`` (which can
block in the kernel for minutes) costs no more than its timeout.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Literal

# Output beyond this is cut (and flagged): a runaway command must not fill memory.
MAX_OUTPUT_BYTES = 32 * 1024 * 1024

ProcStatus = Literal["ok", "missing", "timeout", "error"]


@dataclass(frozen=True)
class ProcResult:
    """What happened when a command ran. ``status`` is ok / missing / timeout / error."""

    argv: tuple[str, ...]
    status: ProcStatus
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    truncated: bool = False
    error: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def describe(self) -> str:
        """One line for a manifest or an error message."""
        if self.status == "missing":
            return f"{self.argv[0]}: not found"
        if self.status == "timeout":
            return f"{' '.join(self.argv)}: timed out after {self.duration_s:.1f}s"
        if self.status == "error":
            tail = (self.stderr or self.stdout or self.error or "").strip().splitlines()[-3:]
            return f"{' '.join(self.argv)}: exit {self.returncode}: {' | '.join(tail)}"
        return f"{' '.join(self.argv)}: ok"


def which(name: str, path: str | None = None) -> str | None:
    return shutil.which(name, path=path)


def run(
    argv: list[str] | tuple[str, ...],
    timeout: float,
    env: dict[str, str] | None = None,
    input_text: str | None = None,
) -> ProcResult:
    """Run ``argv`` with a hard ``timeout`` (seconds); never raises for command failures."""
    argv = tuple(argv)
    start = time.monotonic()
    exe = which(argv[0], path=(env or os.environ).get("PATH")) if "/" not in argv[0] else argv[0]
    if exe is None or not os.path.exists(exe):
        return ProcResult(argv, "missing", error=f"{argv[0]} not found on PATH")
    try:
        proc = subprocess.Popen(
            (exe, *argv[1:]),
            stdin=subprocess.PIPE if input_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
        )
    except OSError as exc:
        return ProcResult(argv, "error", error=f"cannot start: {exc}", duration_s=_since(start))
    _RUNNING.add(proc)
    try:
        return _wait(proc, argv, timeout, input_text, start)
    finally:
        _RUNNING.discard(proc)


def _wait(proc: subprocess.Popen[bytes], argv: tuple[str, ...], timeout: float,
          input_text: str | None, start: float) -> ProcResult:
    try:
        out, err = proc.communicate(
            input=input_text.encode() if input_text is not None else None,
            timeout=max(timeout, 0.01),
        )
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, err = _drain(proc)
        return ProcResult(
            argv,
            "timeout",
            stdout=_decode(out),
            stderr=_decode(err),
            duration_s=_since(start),
            error=f"timed out after {timeout:.1f}s",
        )
    truncated = len(out) > MAX_OUTPUT_BYTES or len(err) > MAX_OUTPUT_BYTES
    status: ProcStatus = "ok" if proc.returncode == 0 else "error"
    return ProcResult(
        argv,
        status,
        returncode=proc.returncode,
        stdout=_decode(out[:MAX_OUTPUT_BYTES]),
        stderr=_decode(err[:MAX_OUTPUT_BYTES]),
        duration_s=_since(start),
        truncated=truncated,
        error=None if status == "ok" else f"exit status {proc.returncode}",
    )


# Commands still running, so that Ctrl-C can end them too: they run in their own session
# (a hung tool must be killable as a group), so the terminal's SIGINT does not reach them.
_RUNNING: set[subprocess.Popen[bytes]] = set()


def kill_running() -> None:
    """Kill every command this process still runs (called once, on Ctrl-C, at the CLI edge)."""
    for proc in list(_RUNNING):
        _kill_group(proc)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()


def _drain(proc: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    try:
        out, err = proc.communicate(timeout=1.0)
    except subprocess.TimeoutExpired:
        # A child in uninterruptible sleep (D state) cannot be reaped; give up on its output.
        return b"", b""
    return out or b"", err or b""


def _decode(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


def _since(start: float) -> float:
    return round(time.monotonic() - start, 3)
