"""Small file helpers shared by every stage: atomic writes, output files and hashing."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from servecheck.errors import OutputError


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a reader never sees a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=False, default=str) + "\n")


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


def write_output(path: Path, data: str | bytes) -> Path:
    """Write a user-named output file atomically, to a regular file only.

    The file gets the mode it already had, or the umask's default for a new file (outputs are
    shared like any other file the user writes; secrets never reach them, redaction sees to that).
    Raises OutputError (exit 2) for a device node, FIFO, directory or symlink."""
    path = Path(path)
    mode = check_output_path(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        atomic_write_bytes(path, blob)
        os.chmod(path, mode if mode is not None else _umask_mode())
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror or exc}") from exc
    return path
