"""Small file helpers shared by every stage: atomic writes, output files, hashing, and safe
intake of files the user names (regular files only, bounded size and time)."""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import select
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from servecheck.errors import InputError, OutputError


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def atomic_write_bytes(path: Path, data: bytes, *, private: bool = False) -> None:
    """Write ``data`` to ``path`` so that a reader never sees a half-written file.

    Only a regular file (or nothing) at ``path`` is replaced: a device node, FIFO, directory or
    symlink raises OutputError, whoever the writer is (as root, replacing /dev/null would break
    the host). The file keeps the mode it had, or gets the umask's default; ``private`` files
    (the anonymisation map) are 0600."""
    path = Path(path)
    mode = check_output_path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600 if private else (mode if mode is not None else _umask_mode()))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str, *, private: bool = False) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), private=private)


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=False, default=str) + "\n")


# -- safe intake ------------------------------------------------------------------------------------
# Inputs named by the user (--log, case attach FILE, --signatures FILE, the files of --from DIR)
# are opened without blocking and checked *after* opening (no race between a check and the
# open): a FIFO with no writer, /dev/zero or a terminal must never hang or fill memory.
DEFAULT_MAX_BYTES = 256 * 1024 * 1024


def entry_kind(mode: int) -> str:
    """A short human name for a file type, as recorded in manifests and messages."""
    for test, name in ((stat.S_ISREG, "regular file"), (stat.S_ISDIR, "directory"),
                       (stat.S_ISLNK, "symlink"), (stat.S_ISFIFO, "FIFO"),
                       (stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"),
                       (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "special file"


def path_kind(path: Path) -> str:
    """The type of ``path`` itself (a symlink is a symlink), or "missing"."""
    try:
        return entry_kind(os.lstat(path).st_mode)
    except FileNotFoundError:
        return "missing"


def open_regular(path: Path, *, follow_symlinks: bool = True) -> BinaryIO:
    """Open ``path`` for reading only if it is a regular file; raise InputError naming what it
    is otherwise (FIFO, device, socket, directory, or a symlink when ``follow_symlinks`` is
    false). Opening is non-blocking, so a FIFO without a writer is refused at once."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_symlinks:
            raise InputError(f"{path}: is a symlink; not followed") from exc
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{path}: is a {entry_kind(mode)}, not a regular file; refused "
                             "(give a saved copy, e.g. `cat SOURCE > file.log`)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES,
                 follow_symlinks: bool = True) -> bytes:
    """The whole content of a regular file of at most ``max_bytes``; InputError otherwise."""
    with open_regular(path, follow_symlinks=follow_symlinks) as fh:
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(f"{path}: larger than {max_bytes // (1024 * 1024)} MiB; refused")
    return data


def read_regular_text(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES,
                      follow_symlinks: bool = True) -> str:
    return read_regular(path, max_bytes=max_bytes,
                        follow_symlinks=follow_symlinks).decode("utf-8", errors="replace")


# -- stdin ------------------------------------------------------------------------------------------
# `--from -` / `--kube-nodes -`: a pipe whose writer hangs (`sleep 100 | ...`) or never ends
# (`yes |`, `< /dev/zero`) must end promptly with a reason, and in bounded memory.
STDIN_FIRST_BYTE_S = 30.0     # kubectl against a slow API server answers within this
STDIN_TOTAL_S = 120.0


@dataclass(frozen=True)
class StreamRead:
    """What a bounded stream read got: ``stopped`` is None when the stream ended, "size" when
    ``max_bytes`` were read and more was coming, "deadline" when the total time ran out."""

    data: bytearray          # a bytearray, not bytes: no second copy of up to max_bytes
    stopped: str | None


def read_stream(fd: int, *, max_bytes: int, label: str = "stdin",
                first_byte_s: float | None = None, total_s: float | None = None) -> StreamRead:
    """Read ``fd`` (a pipe, file or device) whole, within BoundedStream's bounds (EOF, ``max_bytes``,
    ``total_s``). No byte within ``first_byte_s`` raises InputError ("no input on stdin after N s");
    a terminal is refused at once."""
    stream = BoundedStream(fd, max_bytes=max_bytes, label=label, first_byte_s=first_byte_s, total_s=total_s)
    buf, chunk = bytearray(), bytearray(1 << 20)
    while n := stream.readinto(chunk):
        buf += memoryview(chunk)[:n]
    if stream.stopped == "no_input":
        raise InputError(f"no input on {label} after {stream.first_byte_s:g} s: nothing to judge")
    return StreamRead(buf, stream.stopped)


class BoundedStream(io.RawIOBase):
    """``fd`` read as a stream that a silent or endless writer cannot hold (select() with the
    first-byte and total deadlines, a byte cap), for a consumer that scans as it reads: memory stays at the consumer's block size whatever arrives
    (`< /dev/urandom`). It never raises for a bound: it ends, and ``stopped`` says why —
    "no_input" (nothing within ``first_byte_s``), "deadline", "size", or None (the stream ended)."""

    def __init__(self, fd: int, *, max_bytes: int, label: str = "stdin",
                 first_byte_s: float | None = None, total_s: float | None = None) -> None:
        super().__init__()
        if os.isatty(fd):
            raise InputError(f"{label} is a terminal: pipe the input in or give a file")
        self.fd, self.max_bytes = fd, max_bytes
        self.first_byte_s = STDIN_FIRST_BYTE_S if first_byte_s is None else first_byte_s
        self.total_s = STDIN_TOTAL_S if total_s is None else total_s
        self.read_bytes = 0
        self.stopped: str | None = None
        self._ended = False
        self._start = time.monotonic()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._ended or self.stopped is not None:
            return 0
        limit = self.first_byte_s if not self.read_bytes else self.total_s
        left = self._start + limit - time.monotonic()
        if left <= 0 or not select.select([self.fd], [], [], left)[0]:
            self.stopped = "deadline" if self.read_bytes else "no_input"
            return 0
        # one byte past the cap tells "more was coming" from "it ended right there"
        chunk = os.read(self.fd, min(len(buffer), 1 << 20, self.max_bytes + 1 - self.read_bytes))
        if not chunk:
            self._ended = True
            return 0
        if self.read_bytes + len(chunk) > self.max_bytes:
            chunk = chunk[:self.max_bytes - self.read_bytes]
            self.stopped = "size"
        buffer[:len(chunk)] = chunk
        self.read_bytes += len(chunk)
        return len(chunk)


def read_stdin(*, max_bytes: int, label: str = "stdin") -> StreamRead:
    """Stdin through read_stream; an in-memory stdin (a test runner's) has no descriptor to wait
    on and cannot hang, so it is read directly, with the same cap."""
    if sys.stdin is None:  # started with stdin closed (`<&-`)
        raise InputError(f"{label} is closed: nothing to read")
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, io.UnsupportedOperation):
        data = bytearray(sys.stdin.buffer.read(max_bytes + 1))
        if len(data) > max_bytes:
            del data[max_bytes:]
            return StreamRead(data, "size")
        return StreamRead(data, None)
    return read_stream(fd, max_bytes=max_bytes, label=label)


def read_stdin_whole(*, max_bytes: int, label: str = "stdin") -> bytearray:
    """All of stdin, or InputError when it does not end in time or within ``max_bytes``."""
    got = read_stdin(max_bytes=max_bytes, label=label)
    if got.stopped == "deadline":
        raise InputError(f"{label} did not end after {STDIN_TOTAL_S:g} s: nothing judged ({len(got.data)} bytes read)")
    if got.stopped == "size":
        raise InputError(f"{label}: more than {max_bytes // (1024 * 1024)} MiB; refused")
    return got.data


# -- user-named outputs -------------------------------------------------------------------------
def _umask_mode() -> int:
    """0666 less the process umask: what `open(path, "w")` would have given a new file."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def check_output_path(path: Path) -> int | None:
    """Refuse anything but a regular file (or nothing) at ``path``; return its mode if it exists.

    Replacing a device node, FIFO or directory with a regular file would break the host (as root,
    `--out /dev/null` would replace /dev/null); following a symlink would write somewhere the user
    did not name."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"{path}: cannot check the output path: {exc.strerror or exc}") from exc
    if stat.S_ISLNK(info.st_mode):
        target = os.readlink(path)
        raise OutputError(f"{path} is a symbolic link (to {target}); refusing to write through it: "
                          "give the real file path")
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{path} is a directory; give a file path for this output")
    if not stat.S_ISREG(info.st_mode):
        kind = ("a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device node"
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "not a regular file")
        raise OutputError(f"{path} is {kind}; servecheck writes outputs to regular files only")
    return stat.S_IMODE(info.st_mode)


def write_output(path: Path, data: str | bytes, *, redact: bool = True) -> Path:
    """Write a user-named output file atomically, to a regular file only.

    The file gets the mode it already had, or the umask's default for a new file (outputs are
    shared like any other file the user writes; secrets never reach them, redaction sees to that).
    Raises OutputError (exit 2) for a device node, FIFO, directory or symlink."""
    path = Path(path)
    if redact and isinstance(data, str):
        # The last gate before a result file leaves servecheck (diagnose --out, verify JSON and
        # JUnit, plan, report): whatever a stage missed, and every known secret, is removed.
        from servecheck.redact.stream import redact_text

        data = redact_text(data)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        atomic_write_bytes(path, blob)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    return path
