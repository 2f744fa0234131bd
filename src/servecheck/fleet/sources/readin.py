"""Read one input file or stdin with a size cap and a deadline: a FIFO, /dev/zero or a trickling
pipe gets a clear error, never unbounded time or memory."""

from __future__ import annotations

import os
import select
import stat
import sys
import time
from pathlib import Path

from servecheck.errors import InputError

MAX_BYTES = 1 << 30      # 1 GiB: ~200,000 labelled nodes; a bigger node list is not a node list
STDIN_DEADLINE_S = 120.0


def read_input(name: str, max_bytes: int = MAX_BYTES, deadline_s: float = STDIN_DEADLINE_S) -> bytes:
    """The bytes of file NAME, or of stdin for '-'. Raises InputError with the reason."""
    if name == "-":
        return _read_fd(sys.stdin.fileno(), "stdin", max_bytes, deadline_s)
    path = Path(name)
    try:
        info = path.stat()
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{name}: not a regular file (a FIFO, device or folder); save the node list to a file "
                         "or pipe it to '-'")
    if info.st_size > max_bytes:
        raise InputError(f"{name}: {info.st_size} bytes, over the {max_bytes}-byte limit")
    try:
        with open(path, "rb") as fh:
            return fh.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from exc


def _read_fd(fd: int, label: str, max_bytes: int, deadline_s: float) -> bytes:
    chunks: list[bytes] = []
    size, end = 0, time.monotonic() + deadline_s
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise InputError(f"{label}: input did not end within {deadline_s:.0f}s ({size} bytes read)")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        block = os.read(fd, 1 << 20)
        if not block:
            return b"".join(chunks)
        size += len(block)
        if size > max_bytes:
            raise InputError(f"{label}: more than {max_bytes} bytes: not a node list")
        chunks.append(block)
