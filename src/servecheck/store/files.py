"""Turn a result made elsewhere (a file or a bundle directory) into (kind, payload, hashes).

The kind is read from the JSON's shape so `case attach ID PATH` needs no flag in the usual cases;
an explicit kind always wins. Shapes are matched on a few keys only, so that other stages can
add fields without breaking detection.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from servecheck.errors import InputError
from servecheck.fsutil import read_regular_text, sha256_file
from servecheck.store.models import KINDS

# kind -> keys that must all be present. First match wins, so the most specific comes first.
SHAPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("diagnose", ("primary", "findings")),
    ("verify", ("checks", "server")),
    ("load", ("stages",)),
    ("capture", ("servecheck_version", "gpu", "image", "log")),
    ("plan", ("recommended", "paths")),
    ("decide", ("decision", "owner")),
    ("accept", ("items",)),
    ("runbook", ("step", "status")),
)
# A result JSON larger than this is not one of ours (a load run's is a few MiB): refused, so a
# mistaken --result /dev/zero or a huge file cannot fill memory.
MAX_RESULT_BYTES = 64 * 1024 * 1024
# Files a stage writes into its --out directory, tried in this order.
DIR_RESULT_NAMES = ("evidence.json", "results.json", "load.json", "verify.json", "diagnosis.json")


@dataclass
class LoadedResult:
    kind: str
    payload: dict[str, Any]
    path: str
    hashes: dict[str, str] = field(default_factory=dict)


def detect_kind(payload: dict[str, Any]) -> str:
    declared = payload.get("kind")
    if isinstance(declared, str) and declared in KINDS:
        return declared
    for kind, keys in SHAPES:
        if all(key in payload for key in keys):
            return kind
    return "other"


def load_result(path: Path, kind: str | None = None) -> LoadedResult:
    """Read a result file or a stage's output directory; raise InputError with a clear reason."""
    path = path.expanduser()
    if not path.exists():
        raise InputError(f"{path}: no such file or directory")
    if path.is_dir():
        return _load_dir(path, kind)
    payload = _read_json(path)
    return LoadedResult(kind or detect_kind(payload), payload, str(path.resolve()),
                        {path.name: sha256_file(path)})


def _load_dir(path: Path, kind: str | None) -> LoadedResult:
    candidates = [path / name for name in DIR_RESULT_NAMES if (path / name).is_file()]
    candidates += sorted(p for p in path.glob("*.json") if p not in candidates)
    for candidate in candidates:
        try:
            payload = _read_json(candidate)
        except InputError:
            continue
        found = detect_kind(payload)
        if (kind or found) != "other" and (kind is None or found in (kind, "other")):
            hashes = _bundle_hashes(path) or {candidate.name: sha256_file(candidate)}
            return LoadedResult(kind or found, payload, str(path.resolve()), hashes)
    raise InputError(f"{path}: no servecheck result (evidence.json, results.json, ...) found in it")


def _bundle_hashes(path: Path) -> dict[str, str]:
    """A capture bundle's manifest hashes, plus the hashes of the two JSON files themselves."""
    manifest = path / "manifest.json"
    if not manifest.is_file():
        return {}
    hashes = {"manifest.json": sha256_file(manifest)}
    if (path / "evidence.json").is_file():
        hashes["evidence.json"] = sha256_file(path / "evidence.json")
    try:
        manifest_text = read_regular_text(manifest, max_bytes=MAX_RESULT_BYTES)
        for entry in json.loads(manifest_text).get("files", []):
            if isinstance(entry, dict) and "path" in entry and "sha256" in entry:
                hashes[str(entry["path"])] = str(entry["sha256"])
    except (ValueError, AttributeError, OSError, InputError):
        hashes["manifest.json:unreadable"] = "true"
    return hashes


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_regular_text(path, max_bytes=MAX_RESULT_BYTES))
    except ValueError as exc:
        raise InputError(f"{path}: not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object, found {type(data).__name__}")
    return data
