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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

from servecheck import __version__
from servecheck.capture.models import Evidence, Manifest, ManifestFile, check_schema
from servecheck.capture.parsers import logscan
from servecheck.errors import BundleError
from servecheck.fsutil import atomic_write_text, path_kind, sha256_file
from servecheck.redact import Redactor
from servecheck.redact.anonymize import Anonymizer


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


def write_bundle(evidence: Evidence, raw: dict[str, str], out: Path, *, tar: bool = False,
                 anonymize: bool = False, unique: bool = False) -> BundleResult:
    """``unique``: ``out`` is a default name; if another capture takes it meanwhile (two in
    the same second), the bundle goes to ``out-2``, ``out-3`` ... instead of being lost."""
    if out.exists() and not unique:
        raise BundleError(f"{out} already exists; refusing to overwrite (choose another --out)")
    redactor = Redactor()
    data = evidence.model_dump(mode="json")
    redactor.learn_from(data)
    # Log lines are redacted one by one below; learn first from the lines in order, so that a
    # value whose name is on the line before (a pasted pod spec) is known when its line comes.
    redactor.learn_text(_kept_log_text(data["log"]))
    data = redactor.obj(data)
    files = {f"raw/{_safe(name)}": redactor.text(text) for name, text in sorted(raw.items())}
    if data["log"]["total_lines"]:
        files["raw/log-excerpt.txt"] = logscan.excerpt(data["log"])
    anonymizer = _anonymizer(data) if anonymize else None
    data["redactions"] = dict(redactor.counts)
    data["anonymized"] = anonymizer is not None
    evidence_text = json.dumps(data, indent=2) + "\n"
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


def _kept_log_text(section: dict) -> str:
    """The kept log lines in order, as plain text (no line numbers)."""
    lines = {e["line"]: e["text"] for key in ("head", "relevant", "tail") for e in section.get(key, [])}
    return "\n".join(lines[n] for n in sorted(lines))


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
    from pydantic import ValidationError

    target = path / "evidence.json" if path.is_dir() else path
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise BundleError(f"{path}: no evidence.json (is this a servecheck bundle?)") from exc
    except OSError as exc:
        raise BundleError(f"cannot read bundle evidence {target}: {exc.strerror or exc}") from exc
    check_schema(text, target)
    try:
        return Evidence.model_validate_json(text)
    except ValidationError as exc:
        raise BundleError(f"{target} is not a servecheck evidence file: {exc.errors()[0]['msg']}") from exc


def verify_bundle(path: Path) -> VerifyReport:
    """Re-hash every listed file and compare the tree, entry by entry and type by type, with the
    manifest: a file replaced by a symlink, a FIFO or a directory, and any added entry (an
    empty directory too) is tampering."""
    manifest = _read_manifest(path)
    report = VerifyReport(ok=True)
    listed = {f.path for f in manifest.files}
    for entry in manifest.files:
        report.checked += 1
        kind = path_kind(path / entry.path)
        if kind == "missing":
            report.missing.append(entry.path)
        elif kind != "regular file":
            report.type_changed.append(f"{entry.path} (regular file -> {kind})")
        elif (path / entry.path).stat().st_size != entry.size or sha256_file(path / entry.path) != entry.sha256:
            report.changed.append(entry.path)
    expected_dirs = {p.as_posix() for f in listed for p in PurePosixPath(f).parents} - {"."}
    for rel, kind in _tree(path):
        if rel == "manifest.json" or rel in listed:
            continue
        if kind == "directory" and rel in expected_dirs:
            continue
        report.added.append(rel if kind == "regular file" else f"{rel} ({kind})")
    report.ok = not (report.changed or report.missing or report.added or report.type_changed)
    return report


def _read_manifest(path: Path) -> Manifest:
    manifest_path = path / "manifest.json"
    kind = path_kind(manifest_path)
    if kind == "missing":
        raise BundleError(f"{path}: no manifest.json (is this a servecheck bundle?)")
    if kind != "regular file":
        raise BundleError(f"{manifest_path} is a {kind}, not a regular file: the bundle was tampered with")
    try:
        text = manifest_path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BundleError(f"cannot read {manifest_path}: {exc.strerror or exc}") from exc
    check_schema(text, manifest_path)
    evidence = path / "evidence.json"
    if path_kind(evidence) == "regular file":
        check_schema(evidence.read_text(encoding="utf-8", errors="replace"), evidence)
    try:
        return Manifest.model_validate_json(text)
    except ValueError as exc:
        raise BundleError(f"{manifest_path} is damaged: {exc}") from exc


def _tree(root: Path) -> list[tuple[str, str]]:
    """(relative path, kind) of every entry under ``root``, symlinks not followed."""
    out: list[tuple[str, str]] = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in [*dirnames, *filenames]:
            full = Path(dirpath) / name
            out.append((full.relative_to(root).as_posix(), path_kind(full)))
    return sorted(out)
