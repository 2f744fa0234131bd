"""The case store: API, kinds, schema version guard, v1 -> v2 migration, crash safety."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from servecheck.errors import StoreError
from servecheck.store import attach_result, default_store_path, migrations, open_store


def test_new_case_attach_and_read_back(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("Kimi K3 on gpu-a", owner="ops")
        assert case_id.startswith("c-") and len(case_id) == len("c-20261130-1a2b")
        first = store.attach(case_id, "diagnose", {"primary": None}, path="/x/d.json",
                             hashes={"d.json": "ab"})
        second = store.attach(case_id, "verify", {"checks": []})
        assert second > first
        runs = store.runs(case_id)
        assert [r.kind for r in runs] == ["diagnose", "verify"]
        assert runs[0].path == "/x/d.json" and runs[0].hashes == {"d.json": "ab"}
        assert runs[0].servecheck_version and runs[0].intact
        assert [r.id for r in store.runs(case_id, "verify")] == [second]
        assert store.get_case(case_id).run_counts == {"diagnose": 1, "verify": 1}
        assert [c.id for c in store.list_cases()] == [case_id]


def test_attach_result_uses_env_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVECHECK_STORE", str(tmp_path / "env.db"))
    assert default_store_path() == tmp_path / "env.db"
    with open_store() as store:
        case_id = store.new_case("t")
    run_id = attach_result(case_id, "load", {"stages": []}, path=tmp_path)
    with open_store(tmp_path / "env.db") as store:
        assert store.run(run_id).kind == "load"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s, c: s.attach("c-nope", "verify", {}), "no case"),
        (lambda s, c: s.attach(c, "banana", {}), "unknown run kind"),
        (lambda s, c: s.attach(c, "verify", [1, 2]), "JSON object"),
        (lambda s, c: s.get_case("c-missing"), "no case"),
        (lambda s, c: s.new_case("   "), "title"),
    ],
)
def test_bad_calls_raise_store_error(tmp_path: Path, call, message: str) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("t")
        with pytest.raises(StoreError, match=message):
            call(store, case_id)


def test_newer_schema_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    open_store(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
    with pytest.raises(StoreError, match="schema version 99, newer"):
        open_store(path)


def test_garbage_file_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not an SQLite file"):
        open_store(path)


def test_v1_store_is_migrated_to_v2(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        migrations.create_v1(conn)
        conn.execute("INSERT INTO cases VALUES ('c-1', 'old case', 'ops', '2026-01-01T00:00:00')")
        conn.execute("INSERT INTO runs(case_id, kind, created_at, servecheck_version, payload)"
                     " VALUES ('c-1', 'verify', '2026-01-01T00:00:01', '0.0.9', ?)",
                     (json.dumps({"checks": [{"name": "api", "status": "pass"}]}),))
    with open_store(path) as store:
        assert store.schema_version == migrations.CURRENT_VERSION == 2
        case = store.get_case("c-1")
        assert case.status == "open" and case.title == "old case"
        (run,) = store.runs("c-1")
        assert run.payload["checks"][0]["status"] == "pass"
        assert run.payload_sha256 and run.intact
    with sqlite3.connect(path) as conn:  # a changed payload is visible as not intact
        conn.execute("UPDATE runs SET payload='{\"checks\": []}'")
    with open_store(path) as store:
        assert not store.runs("c-1")[0].intact


_WRITER = """
import sys, time
from pathlib import Path
from servecheck.store import open_store
store = open_store(Path(sys.argv[1]))
case_id = sys.argv[2]
with store._tx() as conn:
    for i in range(200):
        conn.execute("INSERT INTO runs(case_id, kind, created_at, servecheck_version, payload)"
                     " VALUES (?, 'load', 'now', 'x', '{}')", (case_id,))
    Path(sys.argv[3]).write_text("inside")
    time.sleep(60)
"""


def test_killed_writer_leaves_store_consistent(tmp_path: Path) -> None:
    path, marker = tmp_path / "s.db", tmp_path / "marker"
    with open_store(path) as store:
        case_id = store.new_case("crash")
        store.attach(case_id, "verify", {"checks": []})
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(path), case_id, str(marker)])
    try:
        deadline = time.monotonic() + 30
        while not marker.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert marker.exists(), "writer never reached the middle of its transaction"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    with open_store(path) as store:
        assert [r.kind for r in store.runs(case_id)] == ["verify"]
        assert store._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        store.attach(case_id, "load", {"stages": []})  # and it is writable again
        assert len(store.runs(case_id)) == 2


_ATTACHER = """
import sys
from pathlib import Path
from servecheck.store import attach_result
for i in range(25):
    attach_result(sys.argv[2], "load", {"stages": [], "writer": sys.argv[3], "i": i}, store_path=Path(sys.argv[1]))
"""


@pytest.mark.timeout(60)
def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with open_store(path) as store:
        case_id = store.new_case("busy")
    procs = [subprocess.Popen([sys.executable, "-c", _ATTACHER, str(path), case_id, str(n)])
             for n in range(4)]
    assert [p.wait(timeout=50) for p in procs] == [0, 0, 0, 0]
    with open_store(path) as store:
        runs = store.runs(case_id)
    assert len(runs) == 100
    assert {(r.payload["writer"], r.payload["i"]) for r in runs} == {(str(w), i) for w in range(4) for i in range(25)}


def test_missing_store_is_not_created_by_readers(tmp_path: Path) -> None:
    path = tmp_path / "typo" / "s.db"
    with pytest.raises(StoreError, match="no case store at"):
        open_store(path, create=False)
    with pytest.raises(StoreError, match="no case store at"):
        attach_result("c-x", "verify", {}, store_path=path)
    assert not path.exists() and not path.parent.exists()


def test_a_failed_migration_leaves_the_old_version_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        migrations.create_v1(conn)
        conn.execute("INSERT INTO cases VALUES ('c-1', 'old', NULL, '2026-01-01')")

    def half_done(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE cases ADD COLUMN status TEXT NOT NULL DEFAULT 'open'")
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    monkeypatch.setitem(migrations.MIGRATIONS, 1, half_done)
    with pytest.raises(StoreError, match="simulated"):
        open_store(path)
    with sqlite3.connect(path) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(cases)")]
        version = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0]
    assert "status" not in columns and version == "1"
    monkeypatch.undo()
    with open_store(path) as store:
        assert store.schema_version == 2 and store.get_case("c-1").title == "old"
