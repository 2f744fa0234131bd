"""What `servecheck diagnose` reads: a bundle directory, a log file, or stdin."""

from __future__ import annotations

import io
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from servecheck import fsutil
from servecheck.errors import InputError
from servecheck.fsutil import open_regular

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

EXCERPT = "log-excerpt.txt"


@dataclass
class Source:
    kind: str                        # bundle | log | stdin
    label: str
    evidence: Evidence | None = None
    logs: list[Path] = field(default_factory=list)

    def evidence_lines(self) -> list[tuple[int, str]]:
        """Numbered log lines kept in evidence.json, plus error texts the probes recorded."""
        ev = self.evidence
        if ev is None:
            return []
        lines = {e.line: e.text for part in (ev.log.head, ev.log.relevant, ev.log.tail) for e in part}
        extra = [ev.container.state.error, ev.gpu.smi_error, ev.runtime.error]
        out = sorted(lines.items())
        out.extend((0, text) for text in extra if text)
        if ev.container.state.oom_killed:
            out.append((0, "container state: OOMKilled"))
        return out


def resolve(path: str) -> Source:
    if path == "-":
        return Source(kind="stdin", label="stdin")
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file or directory")
    if p.is_dir():
        return _bundle(p)
    if not p.is_file():
        raise InputError(f"{path}: not a regular file")
    return Source(kind="log", label=str(p), logs=[p])


def _bundle(p: Path) -> Source:
    from servecheck.capture.bundle import read_evidence

    ev_path = p / "evidence.json"
    if not ev_path.is_file():
        raise InputError(f"{p} is a directory but not a bundle (no evidence.json); "
                         "give a bundle, a log file or - for stdin")
    evidence = read_evidence(ev_path)
    raw = p / "raw"
    logs = sorted(f for f in raw.glob("*.log") if f.is_file() and f.name != EXCERPT) if raw.is_dir() else []
    return Source(kind="bundle", label=str(p), evidence=evidence, logs=logs)


# stdin is bounded like a file that is still being written: a writer that hangs (`sleep 100 |`)
# or never ends (`yes |`, `< /dev/zero`) ends the read; what arrived is judged, marked incomplete.
STDIN_MAX_BYTES = 256 << 20


@dataclass
class StdinRead:
    data: _Buffer | BinaryIO | fsutil.BoundedStream | None = None
    stopped: str | None = None       # why the read ended early, in words; None: stdin ended
    stream: fsutil.BoundedStream | None = None   # a pipe, read as it is scanned

    def why(self) -> str | None:
        """Why stdin ended early, in words, once it has been read (a stream knows only then)."""
        if self.stream is None:
            return self.stopped
        return {"no_input": f"no input on stdin after {self.stream.first_byte_s:g} s: nothing to judge",
                "size": f"stdin did not end after {STDIN_MAX_BYTES >> 20} MB: judged the first part",
                "deadline": f"stdin did not end after {self.stream.total_s:g} s: judged the first part",
                }.get(self.stream.stopped or "")


def read_stdin() -> StdinRead:
    """stdin bounded like a file still being written (first-byte and total deadlines, byte cap).

    A pipe is scanned as it arrives (``BoundedStream``: flat memory, however much comes); an
    in-memory stdin (a test runner's) is read with the same cap. No byte in time is not a usage
    error: there is nothing to judge, said by ``why``."""
    if sys.stdin is not None and _isatty(sys.stdin):
        raise InputError("stdin is a terminal: pipe a log in (`docker logs NAME 2>&1 | servecheck "
                         "diagnose -`) or give a file")
    regular = _regular_file(sys.stdin)
    if regular is not None:                # `diagnose - < big.log`: a file ends; read it all, streamed
        return StdinRead(regular, None)
    fd = _fileno(sys.stdin)
    if fd is not None:
        stream = fsutil.BoundedStream(fd, max_bytes=STDIN_MAX_BYTES)
        return StdinRead(stream, None, stream)
    try:
        got = fsutil.read_stdin(max_bytes=STDIN_MAX_BYTES)
    except InputError as exc:          # the terminal was refused above: this is "no input after N s"
        return StdinRead(None, str(exc))
    if got.stopped == "size":
        why = f"stdin did not end after {STDIN_MAX_BYTES >> 20} MB: judged the first part"
    elif got.stopped == "deadline":
        why = f"stdin did not end after {fsutil.STDIN_TOTAL_S:g} s: judged the first part"
    else:
        why = None
    return StdinRead(_Buffer(got.data), why)


def _fileno(stream) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return None


class _Buffer:
    """A read-only stream over what was read, without a second copy of up to 256 MB."""

    def __init__(self, data: bytearray) -> None:
        self.view, self.pos = memoryview(data), 0

    def readable(self) -> bool:
        return True

    def read(self, n: int | None = -1) -> bytes:
        end = len(self.view) if n is None or n < 0 else min(len(self.view), self.pos + n)
        out = bytes(self.view[self.pos:end])
        self.pos = end
        return out


def _regular_file(stream):
    fd = _fileno(stream)
    try:
        return stream.buffer if fd is not None and stat.S_ISREG(os.fstat(fd).st_mode) else None
    except OSError:
        return None


def _isatty(stream) -> bool:
    fd = _fileno(stream)
    return fd is not None and os.isatty(fd)


def open_binary(source: Source):
    """Binary streams to scan, in order (stdin is read through ``read_stdin`` by the caller)."""
    for path in source.logs:
        # Regular files only, opened without blocking: a FIFO or a device is refused.
        fh = open_regular(path)
        with fh:
            yield fh
