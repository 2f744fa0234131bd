"""The bundle: evidence.json, raw/ and manifest.json, redacted, hashed and written atomically.

Everything is assembled in a temporary sibling directory and renamed into place at the end, so
a crash never leaves a half bundle under the final name. ``verify`` re-hashes a bundle and lists
changed, missing and added files.
"""

from __future__ import annotations

import json
import os
import shutil
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import TypeAdapter

from servecheck import __version__
from servecheck.capture.models import Evidence, Manifest, ManifestFile, check_schema
from servecheck.capture.parsers import logscan
from servecheck.errors import BundleError, InputError
from servecheck.fsutil import (
    atomic_write_text,
    path_kind,
    read_regular,
    read_regular_text,
    sha256_file,
)
from servecheck.redact import Redactor
from servecheck.redact.anonymize import Anonymizer

# A real evidence.json is a few MiB at most (logs are kept as bounded excerpts); the cap only
# stops a wrong file (a disk image, /dev/zero behind a symlink) from filling memory.
EVIDENCE_MAX_BYTES = 64 * 1024 * 1024


@dataclass
class BundleResult:
    path: Path
    tar_path: Path | None
    map_path: Path | None
    evidence: Evidence


@dataclass
class VerifyReport:
    ok: bool
    changed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    type_changed: list[str] = field(default_factory=list)
    checked: int = 0
    damaged: str | None = None  # why the manifest could not be read; nothing was checked


def write_bundle(evidence: Evidence, raw: dict[str, str], out: Path, *, tar: bool = False,
                 anonymize: bool = False, unique: bool = False) -> BundleResult:
    """``unique``: ``out`` is a default name; if another capture takes it meanwhile (two in
    the same second), the bundle goes to ``out-2``, ``out-3`` ... instead of being lost."""
    if out.exists() and not unique:
        raise BundleError(f"{out} already exists; refusing to overwrite (choose another --out)")
    redactor = Redactor()
    data = evidence.model_dump(mode="json")
    redactor.learn_from(data)
    # Log lines are redacted as separate lines below (each as it reads alone); learn first from the
    # lines in order, so that a value whose name is on the line before (a pasted pod spec) is known
    # when its line comes.
    redactor.learn_text(_kept_log_text(data["log"]))
    data = _redacted(redactor, data)
    files = {f"raw/{_safe(name)}": redactor.text(text) for name, text in sorted(raw.items())}
    if data["log"]["total_lines"]:
        files["raw/log-excerpt.txt"] = logscan.excerpt(data["log"])
    anonymizer = _anonymizer(data) if anonymize else None
    data["redactions"] = dict(redactor.counts)
    data["anonymized"] = anonymizer is not None
    evidence_text = _json(data)
    if anonymizer:
        evidence_text = anonymizer.text(evidence_text)
        files = {k: anonymizer.text(v) for k, v in files.items()}
    files["evidence.json"] = evidence_text
    final = Evidence.model_validate_json(evidence_text)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        _write_files(tmp, files, final, data["command_line"])
        out = _claim(tmp, out, unique)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    map_path = None
    if anonymizer:
        map_path = out.parent / f"{out.name}.anonymize-map.json"
        atomic_write_text(map_path, json.dumps(anonymizer.mapping, indent=2) + "\n", private=True)
    tar_path = _tar(out) if tar else None
    return BundleResult(out, tar_path, map_path, final)


def _claim(tmp: Path, out: Path, unique: bool) -> Path:
    """Rename the finished bundle into place; never over an existing one."""
    candidate = out
    for n in range(2, 1000):
        if not candidate.exists():
            try:
                os.rename(tmp, candidate)  # fails on a non-empty directory that won the race
                return candidate
            except OSError:
                if not candidate.exists():
                    raise
        if not unique:
            raise BundleError(f"{out} appeared while capturing; refusing to overwrite")
        candidate = out.with_name(f"{out.name}-{n}")
    raise BundleError(f"no free bundle name next to {out}")


_ANY: TypeAdapter[Any] = TypeAdapter(Any)


def _json(data: dict) -> str:
    """evidence.json's text: pydantic's serializer (five times faster than ``json.dumps`` with an
    indent, which runs in Python), or ``json.dumps`` for a string it refuses (a lone surrogate)."""
    try:
        return _ANY.dump_json(data, indent=2).decode() + "\n"
    except ValueError:
        return json.dumps(data, indent=2) + "\n"


def _redacted(redactor: Redactor, data: dict) -> dict:
    """``data`` redacted; the log's kept lines (hundreds in a long log) last and together
    (``Redactor.lines``), each line still as ``text`` redacts it, with every value the rest of the
    evidence gave away known by then."""
    kept = {key: data["log"][key] for key in logscan.KEPT}
    data = redactor.obj({**data, "log": {**data["log"], **{key: [] for key in logscan.KEPT}}})
    texts = iter(redactor.lines([entry["text"] for key in logscan.KEPT for entry in kept[key]]))
    for key in logscan.KEPT:   # a kept line is its number and its text (LogLine; a test holds the two)
        data["log"][key] = [{"line": entry["line"], "text": next(texts)} for entry in kept[key]]
    return data


def _kept_log_text(section: dict) -> str:
    """The kept log lines in order, as plain text (no line numbers)."""
    return "\n".join(text for _, text in logscan.kept_lines(section))


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in name)


def _anonymizer(data: dict) -> Anonymizer:
    host = data["host"].get("hostname") or ""
    env = data["host"].get("env") or {}
    users = [env.get(k, "") for k in ("USER", "LOGNAME", "SUDO_USER")]
    users.append(os.path.basename(env.get("HOME", "")))
    hosts = [host, host.split(".")[0], env.get("HOSTNAME", "")]
    return Anonymizer(hosts, users)


def _write_files(tmp: Path, files: dict[str, str], evidence: Evidence, argv: list[str]) -> None:
    entries = []
    for rel, text in files.items():
        path = tmp / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        entries.append(ManifestFile(path=rel, sha256=sha256_file(path), size=path.stat().st_size))
    manifest = Manifest(
        servecheck_version=__version__, command_line=argv, started_at=evidence.created_at,
        finished_at=evidence.finished_at or datetime.now(UTC), probes=evidence.probes,
        files=sorted(entries, key=lambda e: e.path), redactions=evidence.redactions,
        status=evidence.status, missing=evidence.missing,
    )
    (tmp / "manifest.json").write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    for path in tmp.rglob("*"):
        if path.is_file():
            with open(path, "rb") as fh:
                os.fsync(fh.fileno())


def _tar(out: Path) -> Path:
    tar_path = out.parent / f"{out.name}.tar.gz"
    fd, tmp = tempfile.mkstemp(prefix=f".{tar_path.name}.", dir=out.parent)
    os.close(fd)
    with tarfile.open(tmp, "w:gz") as tf:
        tf.add(out, arcname=out.name)
    os.replace(tmp, tar_path)
    return tar_path


def load_evidence(path: Path) -> Evidence:
    """Read a bundle directory's (or a bare) evidence.json: the canonical capture result."""
    if path.is_dir():
        target = path / "evidence.json"
        if path_kind(target) == "missing":
            raise BundleError(f"{path}: no evidence.json (is this a servecheck bundle?)")
    else:
        target = path
    return read_evidence(target)


def read_evidence(target: Path) -> Evidence:
    """Parse one evidence.json, the one reader behind diagnose, compat and fleet.

    Regular files only, at most EVIDENCE_MAX_BYTES (a FIFO, /dev/zero or a stray tarball named
    as the bundle is refused at once); bytes that are not UTF-8 or not an Evidence object give
    one InputError line (exit 2), never a traceback."""
    from pydantic import ValidationError

    text = read_regular(target, max_bytes=EVIDENCE_MAX_BYTES).decode("utf-8", errors="replace")
    check_schema(text, target)  # a newer bundle is refused, not half-read
    try:
        return Evidence.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise InputError(f"{target} is not a servecheck evidence file "
                         f"({where + ': ' if where else ''}{first['msg']})") from exc


def verify_bundle(path: Path) -> VerifyReport:
    """Re-hash every listed file and compare the tree, entry by entry and type by type, with the
    manifest: a file replaced by a symlink, a FIFO or a directory, and any added entry (an
    empty directory too) is tampering. A damaged manifest.json is reported (``damaged``), not
    raised: a bundle that cannot be verified cannot be trusted."""
    try:
        manifest = _read_manifest(path)
    except ManifestDamaged as exc:
        return VerifyReport(ok=False, damaged=str(exc))

    def same(entry: ManifestFile) -> bool:
        target = path / entry.path
        return target.stat().st_size == entry.size and sha256_file(target) == entry.sha256

    return compare(manifest, lambda rel: path_kind(path / rel), same, _tree(path))


def compare(manifest: Manifest, kind_of: Callable[[str], str], same: Callable[[ManifestFile], bool],
            tree: list[tuple[str, str]]) -> VerifyReport:
    """The tamper check itself, for a folder or an archive: ``kind_of`` and ``same`` look one
    listed entry up, ``tree`` is every (relative path, kind) actually there."""
    report = VerifyReport(ok=True)
    listed = {f.path for f in manifest.files}
    for entry in manifest.files:
        report.checked += 1
        kind = kind_of(entry.path)
        if kind == "missing":
            report.missing.append(entry.path)
        elif kind != "regular file":
            report.type_changed.append(f"{entry.path} (regular file -> {kind})")
        elif not same(entry):
            report.changed.append(entry.path)
    expected_dirs = {p.as_posix() for f in listed for p in PurePosixPath(f).parents} - {"."}
    for rel, kind in tree:
        if rel == "manifest.json" or rel in listed:
            continue
        if kind == "directory" and rel in expected_dirs:
            continue
        report.added.append(rel if kind == "regular file" else f"{rel} ({kind})")
    report.ok = not (report.changed or report.missing or report.added or report.type_changed)
    return report


# A manifest lists a few dozen files; the cap only stops a planted huge file from filling memory.
MANIFEST_MAX_BYTES = 16 * 1024 * 1024


class ManifestDamaged(Exception):
    """manifest.json cannot be read as a manifest: the bundle cannot be verified (a finding,
    like tampering, not a usage error)."""


def _read_manifest(path: Path) -> Manifest:
    manifest_path = path / "manifest.json"
    kind = path_kind(manifest_path)
    if kind == "missing":
        raise BundleError(f"{path}: no manifest.json (is this a servecheck bundle?)")
    if kind != "regular file":
        raise BundleError(f"{manifest_path} is a {kind}, not a regular file: the bundle was tampered with")
    try:
        raw = read_regular(manifest_path, max_bytes=MANIFEST_MAX_BYTES, follow_symlinks=False)
    except InputError as exc:
        raise ManifestDamaged(_damaged(manifest_path, "unreadable or too large")) from exc
    manifest = parse_manifest(raw, manifest_path)
    evidence = path / "evidence.json"
    if path_kind(evidence) == "regular file":
        try:
            check_schema(read_regular_text(evidence, max_bytes=EVIDENCE_MAX_BYTES), evidence)
        except InputError:
            pass  # an oversized evidence.json is caught by its hash, not here
    return manifest


def _damaged(manifest_path: Path, reason: str) -> str:
    return f"{manifest_path} is damaged ({reason}): the bundle cannot be verified"


def parse_manifest(raw: bytes, manifest_path: Path) -> Manifest:
    from pydantic import ValidationError

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ManifestDamaged(_damaged(manifest_path, "not UTF-8")) from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ManifestDamaged(_damaged(manifest_path, "not valid JSON")) from exc
    check_schema(text, manifest_path)  # a newer servecheck's manifest is refused (exit 2), not judged
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise ManifestDamaged(_damaged(manifest_path, "no file list"))
    try:
        return Manifest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise ManifestDamaged(_damaged(manifest_path, f"not a servecheck manifest: {where}: {first['msg']}")) from exc


def _tree(root: Path) -> list[tuple[str, str]]:
    """(relative path, kind) of every entry under ``root``, symlinks not followed."""
    out: list[tuple[str, str]] = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in [*dirnames, *filenames]:
            full = Path(dirpath) / name
            out.append((full.relative_to(root).as_posix(), path_kind(full)))
    return sorted(out)
