"""Safe intake for ``capture --from DIR``: which entries of the folder may be read.

Only regular files inside the folder are opened. A symlink (pointing in or out), a FIFO, a
device or a socket is never followed or opened: it is listed with the reason, so the manifest
shows what was left out and why (a link to /etc/shadow must not put a hash into a vendor
archive; a FIFO must not hang the capture).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from servecheck.fsutil import entry_kind


@dataclass(frozen=True)
class Entry:
    rel: str
    path: Path
    kind: str  # "regular file", "symlink", "FIFO", ... (fsutil.entry_kind)
    size: int
    reason: str | None = None  # why it is skipped; None for a file to read


def walk(folder: Path) -> list[Entry]:
    """Every entry under ``folder``, directories descended without following links."""
    out: list[Entry] = []
    _walk(folder, folder, out)
    return sorted(out, key=lambda e: e.rel)


def _walk(root: Path, current: Path, out: list[Entry]) -> None:
    try:
        entries = list(os.scandir(current))
    except OSError as exc:
        rel = current.relative_to(root).as_posix()
        out.append(Entry(rel, current, "directory", 0, f"directory not readable: {exc.strerror}"))
        return
    for item in entries:
        path = Path(item.path)
        rel = path.relative_to(root).as_posix()
        st = item.stat(follow_symlinks=False)
        if stat.S_ISDIR(st.st_mode):
            _walk(root, path, out)
        elif stat.S_ISREG(st.st_mode):
            out.append(Entry(rel, path, "regular file", st.st_size))
        elif stat.S_ISLNK(st.st_mode):
            out.append(Entry(rel, path, "symlink", 0, _link_reason(root, path)))
        else:
            kind = entry_kind(st.st_mode)
            out.append(Entry(rel, path, kind, 0, f"{kind}, not a regular file; not opened"))


def _link_reason(root: Path, link: Path) -> str:
    try:
        target = os.readlink(link)
    except OSError:
        return "symlink (unreadable); not followed"
    resolved = Path(os.path.normpath(link.parent / target))
    inside = resolved == root or root in resolved.parents
    where = "inside" if inside else "outside"
    # The target is named only when it lies inside: a path outside may itself be sensitive.
    shown = f" -> {resolved.relative_to(root).as_posix()}" if inside else ""
    return f"symlink{shown} ({where} the folder); not followed"
