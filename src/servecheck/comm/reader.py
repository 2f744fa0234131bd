"""Bounded reading of user-named files: only regular files, at most MAX_BYTES, lines cut long.

A FIFO, /dev/zero or a directory is refused with a reason (never read forever); a file larger
than the cap is read up to it and flagged, so what was read still counts and nothing claims
the run finished.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from servecheck import fsutil
from servecheck.errors import InputError

MAX_BYTES = 64 * 1024 * 1024
MAX_LINE = 8192


@dataclass(frozen=True)
class ReadText:
    label: str
    lines: list[str]
    size: int
    truncated: bool
    binary: bool
    stopped: str | None = None     # "size" (the cap) or "deadline" (stdin did not end in time)


def _check_regular(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(mode):
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise InputError(f"{path}: {kind}; give a saved log file (or - for stdin)")


def read_text_capped(path: Path, cap: int = MAX_BYTES) -> str:
    """The text of a regular file, at most ``cap`` bytes (for small side files such as topology)."""
    _check_regular(path)
    with open(path, "rb") as fh:
        return fh.read(cap).decode("utf-8", errors="replace")


def read_log(name: str, cap: int = MAX_BYTES) -> ReadText:
    """Lines of ``name`` (a path or - for stdin), bounded in bytes and line length."""
    stopped: str | None = None
    data: bytes | bytearray
    if name == "-":
        got = fsutil.read_stdin(max_bytes=cap)
        data, stopped = got.data, got.stopped
    else:
        path = Path(name)
        _check_regular(path)
        try:
            with open(path, "rb") as fh:
                data = fh.read(cap + 1)
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from exc
        if len(data) > cap:
            stopped, data = "size", data[:cap]
    binary = b"\x00" in data[:65536]
    text = data.decode("utf-8", errors="replace")
    lines = [ln[:MAX_LINE] for ln in text.splitlines()]
    return ReadText(name, lines, len(data), stopped is not None, binary, stopped)
