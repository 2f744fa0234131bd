"""Read one input file or stdin with a size cap and a deadline: a FIFO, /dev/zero or a trickling
pipe gets a clear error, never unbounded time or memory (fsutil does the bounded reading)."""

from __future__ import annotations

from pathlib import Path

from servecheck import fsutil
from servecheck.errors import InputError

# A 10,000-node `kubectl get nodes -o json` is tens of MB (each Node lists its cached images);
# 256 MiB leaves room for that and keeps the peak memory of an endless stream well under 500 MB.
MAX_BYTES = 256 * 1024 * 1024


def read_input(name: str, max_bytes: int = MAX_BYTES) -> bytes | bytearray:
    """The bytes of file NAME, or of stdin for '-'. Raises InputError with the reason."""
    if name == "-":
        return fsutil.read_stdin_whole(max_bytes=max_bytes)
    try:
        return fsutil.read_regular(Path(name), max_bytes=max_bytes)
    except InputError as exc:
        raise InputError(f"{exc}; save the node list to a file or pipe it to '-'") from exc
