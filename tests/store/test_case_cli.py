"""`servecheck case new|list|show|attach` end to end through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _sc(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "servecheck", *args], capture_output=True, text=True, timeout=60,
        env={"SERVECHECK_STORE": str(store), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )


def test_case_lifecycle(tmp_path: Path) -> None:
    store = tmp_path / "cases.sqlite"
    made = _sc(store, "case", "new", "Kimi K3 on gpu-a", "--owner", "ops")
    assert made.returncode == 0, made.stderr
    case_id = made.stdout.strip()
    result = tmp_path / "verify.json"
    result.write_text(json.dumps({"server": {}, "checks": [{"name": "api", "status": "pass"}]}))
    attached = _sc(store, "case", "attach", case_id, str(result))
    assert attached.returncode == 0 and "(verify)" in attached.stdout
    shown = json.loads(_sc(store, "case", "show", case_id, "--json").stdout)
    assert shown["case"]["title"] == "Kimi K3 on gpu-a"
    assert shown["runs"][0]["kind"] == "verify" and shown["runs"][0]["hashes"]
    listed = json.loads(_sc(store, "case", "list", "--json").stdout)
    assert listed[0]["run_counts"] == {"verify": 1}


def test_errors_are_clean_messages(tmp_path: Path) -> None:
    store = tmp_path / "cases.sqlite"
    no_store = _sc(store, "case", "list")
    assert no_store.returncode == 2 and "no case store at" in no_store.stderr and not store.exists()
    case_id = _sc(store, "case", "new", "t").stdout.strip()
    missing = _sc(store, "case", "show", "c-nope")
    assert missing.returncode == 2 and "no case 'c-nope'" in missing.stderr
    assert "Traceback" not in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    garbage = _sc(store, "case", "attach", case_id, str(bad))
    assert garbage.returncode == 2 and "not valid JSON" in garbage.stderr
    assert "Traceback" not in garbage.stderr
