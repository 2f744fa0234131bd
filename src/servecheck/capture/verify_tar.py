"""`bundle verify` on the archive `capture --tar` writes, read in place.

Nothing is extracted to disk and no link is followed: members are read one after the other from
the (gunzipped) stream, regular members are hashed, every other kind is only named. The
decompressed bytes, the member count and each member's size are capped, so a gzip bomb or a
planted huge member ends the check (as damaged) instead of filling memory or disk.
"""

from __future__ import annotations

import gzip
import hashlib
import tarfile
import zlib
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from servecheck.capture.bundle import (
    EVIDENCE_MAX_BYTES,
    MANIFEST_MAX_BYTES,
    ManifestDamaged,
    VerifyReport,
    compare,
    parse_manifest,
)
from servecheck.capture.models import check_schema
from servecheck.errors import InputError
from servecheck.fsutil import DEFAULT_MAX_BYTES, open_regular

ARCHIVE_MAX_BYTES = 4 * DEFAULT_MAX_BYTES  # decompressed, all members and headers together
MAX_MEMBERS = 100_000
_KEEP = {"manifest.json": MANIFEST_MAX_BYTES, "evidence.json": EVIDENCE_MAX_BYTES}


class _TooLarge(Exception):
    pass


class _Capped:
    """A read-only stream that refuses to hand out more than ``limit`` bytes in all (checked
    before reading, so one huge read request is refused too)."""

    def __init__(self, raw: BinaryIO, limit: int) -> None:
        self.raw, self.left = raw, limit

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0 or size > self.left:
            raise _TooLarge
        data = self.raw.read(size)
        self.left -= len(data)
        return data


def _kind(member: tarfile.TarInfo) -> str:
    for test, name in ((member.isreg, "regular file"), (member.isdir, "directory"),
                       (member.issym, "symlink"), (member.islnk, "hard link"),
                       (member.isfifo, "FIFO"), (member.ischr, "character device"),
                       (member.isblk, "block device")):
        if test():
            return name
    return "special file"


class _Archive:
    """What the archive holds, relative to its one top folder."""

    def __init__(self) -> None:
        self.kinds: dict[str, str] = {}
        self.digests: dict[str, tuple[int, str]] = {}
        self.kept: dict[str, bytes] = {}
        self.extra: list[tuple[str, str]] = []  # entries outside the folder, duplicates
        self.root: str | None = None

    def add(self, tf: tarfile.TarFile, member: tarfile.TarInfo) -> None:
        parts = PurePosixPath(member.name).parts
        if self.root is None:
            self.root = parts[0] if parts else ""
        if not parts or parts[0] != self.root or ".." in parts or member.name.startswith("/"):
            self.extra.append((member.name, "outside the bundle folder"))
            return
        rel = "/".join(parts[1:])
        if not rel:
            return  # the bundle folder itself
        if rel in self.kinds:
            self.extra.append((rel, "duplicate entry"))
            return
        self.kinds[rel] = _kind(member)
        if member.isreg() and member.size <= DEFAULT_MAX_BYTES:
            self._hash(tf, member, rel)

    def _hash(self, tf: tarfile.TarFile, member: tarfile.TarInfo, rel: str) -> None:
        fh = tf.extractfile(member)
        if fh is None:
            return
        digest, keep = hashlib.sha256(), rel in _KEEP and member.size <= _KEEP[rel]
        chunks = []
        while chunk := fh.read(1024 * 1024):
            digest.update(chunk)
            if keep:
                chunks.append(chunk)
        self.digests[rel] = (member.size, digest.hexdigest())
        if keep:
            self.kept[rel] = b"".join(chunks)


def _read(path: Path) -> _Archive:
    archive = _Archive()
    with open_regular(path) as fh:
        magic = fh.read(2)
        fh.seek(0)
        raw: BinaryIO = gzip.GzipFile(fileobj=fh) if magic == b"\x1f\x8b" else fh  # type: ignore[assignment]
        with tarfile.open(fileobj=_Capped(raw, ARCHIVE_MAX_BYTES), mode="r|") as tf:  # type: ignore[call-overload]
            for count, member in enumerate(tf):
                if count >= MAX_MEMBERS:
                    raise _TooLarge
                archive.add(tf, member)
                tf.members = []  # stream mode: keep no list of every member seen
    return archive


def verify_archive(path: Path) -> VerifyReport:
    """The same check as verify_bundle, on a bundle archive; a truncated, oversized or unreadable
    archive is reported as damaged (exit 1), a file that is no archive at all is an InputError."""
    label = f"{path}"
    try:
        archive = _read(path)
    except _TooLarge:
        return VerifyReport(ok=False, damaged=f"{label} is damaged (over {ARCHIVE_MAX_BYTES >> 20} MiB "
                            f"or {MAX_MEMBERS} members unpacked): the bundle cannot be verified")
    except tarfile.ReadError as exc:
        if "empty" in str(exc) or "bad checksum" in str(exc) or "invalid header" in str(exc):
            raise InputError(f"{path} is neither a bundle folder nor a capture --tar archive") from exc
        return VerifyReport(ok=False, damaged=f"{label} is damaged ({exc}): the bundle cannot be verified")
    except (EOFError, zlib.error, gzip.BadGzipFile, tarfile.TarError, OSError) as exc:
        return VerifyReport(ok=False, damaged=f"{label} is damaged (truncated or corrupt: {exc}): "
                            "the bundle cannot be verified")
    return _judge(archive, path)


def _judge(archive: _Archive, path: Path) -> VerifyReport:
    where = Path(f"{path}:{archive.root}")
    kind = archive.kinds.get("manifest.json", "missing")
    if kind == "missing":
        raise InputError(f"{path}: no manifest.json in the archive (is this a servecheck bundle?)")
    if kind != "regular file" or "manifest.json" not in archive.kept:
        return VerifyReport(ok=False, damaged=f"{where}/manifest.json is damaged ({kind}, or too large): "
                            "the bundle cannot be verified")
    try:
        manifest = parse_manifest(archive.kept["manifest.json"], where / "manifest.json")
    except ManifestDamaged as exc:
        return VerifyReport(ok=False, damaged=str(exc))
    if "evidence.json" in archive.kept:
        check_schema(archive.kept["evidence.json"].decode("utf-8", "replace"), where / "evidence.json")

    def same(entry) -> bool:
        return archive.digests.get(entry.path) == (entry.size, entry.sha256)

    tree = sorted(archive.kinds.items()) + archive.extra
    report = compare(manifest, lambda rel: archive.kinds.get(rel, "missing"), same, tree)
    return report
