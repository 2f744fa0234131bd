"""Attaching results made elsewhere: kind from shape, bundle hashes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.errors import InputError
from servecheck.store.files import detect_kind, load_result


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        ({"schema_version": 1, "primary": None, "findings": []}, "diagnose"),
        ({"server": {}, "checks": [], "summary": {}}, "verify"),
        ({"stages": [{"name": "ready"}]}, "load"),
        ({"servecheck_version": "0.1", "gpu": {}, "image": {}, "log": {}}, "capture"),
        ({"something": "else"}, "other"),
    ],
)
def test_kind_from_shape(payload: dict, kind: str) -> None:
    assert detect_kind(payload) == kind


def test_bundle_dir_carries_manifest_hashes(tmp_path: Path) -> None:
    (tmp_path / "evidence.json").write_text(json.dumps(
        {"servecheck_version": "0.1", "gpu": {}, "image": {}, "log": {}}))
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"files": [{"path": "raw/nvidia-smi.xml", "sha256": "f00", "size": 3}]}))
    loaded = load_result(tmp_path)
    assert loaded.kind == "capture"
    assert loaded.hashes["raw/nvidia-smi.xml"] == "f00"
    assert set(loaded.hashes) >= {"manifest.json", "evidence.json"}


def test_explicit_kind_wins_and_file_is_hashed(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text('{"a": 1}')
    loaded = load_result(f, kind="other")
    assert loaded.kind == "other" and len(loaded.hashes["x.json"]) == 64


@pytest.mark.parametrize("content", ["{truncated", "[1, 2]", "\xff\xfe garbage"])
def test_bad_files_raise_input_error(tmp_path: Path, content: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="latin-1")
    with pytest.raises(InputError):
        load_result(f)


def test_missing_path_and_empty_dir(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_result(tmp_path / "nope")
    with pytest.raises(InputError, match="no servecheck result"):
        load_result(tmp_path)
