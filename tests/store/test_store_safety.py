"""Store safety on real files: read-only commands never create or migrate, foreign files are
refused untouched, a read-only store can be read, a damaged one is named with what to do."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.errors import StoreError
from servecheck.store import migrations, open_store


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), standalone_mode=False, catch_exceptions=True)


def _foreign_sqlite(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT INTO songs(title) VALUES ('x')")
    conn.commit()
    conn.close()
    return path


def _journal_mode(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        conn.close()


@pytest.mark.parametrize("write", [True, False])
def test_foreign_sqlite_file_is_refused_untouched(tmp_path: Path, write: bool) -> None:
    path = _foreign_sqlite(tmp_path / "music.db")
    before = _digest(path)
    with pytest.raises(StoreError, match="another program's SQLite database.*untouched"):
        open_store(path, write=write)
    assert _digest(path) == before
    assert _journal_mode(path) == "delete"
    assert not (tmp_path / "music.db-wal").exists()


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty file"),
    (b"just some notes\n", "not an SQLite file"),
])
def test_empty_or_text_file_is_refused_untouched(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "store.db"
    path.write_bytes(content)
    for write in (True, False):
        with pytest.raises(StoreError, match=message):
            open_store(path, write=write)
    assert path.read_bytes() == content


def test_case_list_on_foreign_file_exits_2_and_keeps_it(tmp_path: Path) -> None:
    path = _foreign_sqlite(tmp_path / "other.sqlite")
    before = _digest(path)
    result = _run("case", "list", "--store", str(path))
    assert isinstance(result.exception, StoreError) and result.exception.exit_code == 2
    assert _digest(path) == before and _journal_mode(path) == "delete"


def test_read_only_commands_never_create_a_store(tmp_path: Path) -> None:
    path = tmp_path / "nothing.db"
    for args in (["case", "list"], ["case", "show", "c-1"], ["report", "--case", "c-1"],
                 ["accept", "--case", "c-1", "--no-record"], ["decide", "--case", "c-1"]):
        result = _run(*args, "--store", str(path))
        assert isinstance(result.exception, StoreError), args
        assert "no case store" in str(result.exception)
        assert not path.exists(), args


def test_read_only_open_does_not_migrate_a_v1_store(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path)
    migrations.create_v1(conn)
    conn.execute("INSERT INTO cases VALUES ('c-1', 'old case', 'ops', '2026-01-01T00:00:00+00:00')")
    conn.execute("INSERT INTO runs(case_id, kind, created_at, servecheck_version, payload) "
                 "VALUES ('c-1', 'verify', '2026-01-01T00:00:01+00:00', '0.1', '{\"checks\": []}')")
    conn.commit()
    conn.close()
    before = _digest(path)
    with open_store(path, write=False) as store:
        assert store.get_case("c-1").status == "open"
        assert [r.kind for r in store.runs("c-1")] == ["verify"]
        assert store.schema_version == 1
    assert _digest(path) == before


def _reader_prefix() -> list[str] | None:
    """Run as a user who may only read the store: ourselves after chmod, or (as root, who can
    write anything) the `nobody` user through setpriv."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] if setpriv else None


def _sc(prefix: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"HOME": "/tmp", "SERVECHECK_STORE": "/nonexistent/never-used.sqlite"}
    return subprocess.run([*prefix, sys.executable, "-m", "servecheck", *args], capture_output=True,
                          text=True, timeout=120, env=env, check=False)


def test_read_only_store_can_be_listed_shown_and_reported() -> None:
    prefix = _reader_prefix()
    if prefix is None:
        pytest.skip("running as root without setpriv: no way to be a read-only user")
    base = Path(tempfile.mkdtemp(prefix="sc-ro-"))
    try:
        base.chmod(0o755)
        folder = base / "ro"
        folder.mkdir()
        path = folder / "cases.sqlite"
        with open_store(path) as store:
            case_id = store.new_case("read me", owner="ops")
            store.attach(case_id, "verify", {"started_at": "2026-12-01T00:00:00+00:00",
                                             "server": {"url": "http://127.0.0.1:1"},
                                             "checks": [{"name": "api", "status": "pass", "summary": "ok"}]})
        path.chmod(0o444)
        folder.chmod(0o555)
        out = base / "report-out"
        out.mkdir()
        out.chmod(0o777)
        before = _digest(path)
        assert case_id in _sc(prefix, "case", "list", "--store", str(path)).stdout
        shown = _sc(prefix, "case", "show", case_id, "--store", str(path))
        assert shown.returncode == 0 and "api=pass" in shown.stdout, shown.stderr
        reported = _sc(prefix, "report", "--case", case_id, "--store", str(path), "--out", str(out))
        assert reported.returncode == 0, reported.stderr
        assert (out / "report.html").is_file()
        refused = _sc(prefix, "case", "new", "x", "--store", str(path))
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        assert "is read-only for you" in refused.stderr
        assert _digest(path) == before and not (folder / "cases.sqlite-wal").exists()
    finally:
        for p in (base / "ro", base):
            if p.exists():
                p.chmod(0o755)
        shutil.rmtree(base)


def test_damaged_store_names_the_file_and_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "cases.sqlite"
    with open_store(path) as store:
        store.new_case("x")
    # v2 tables but a version that says v1: the migration would add columns that exist
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value='1' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"cases\.sqlite.*(backup|move it aside)"):
        open_store(path)


def test_truncated_store_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cases.sqlite"
    with open_store(path) as store:
        case_id = store.new_case("x")
        for n in range(200):
            store.attach(case_id, "other", {"n": n, "pad": "x" * 500})
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * 4000 + data[4100:])
    result = _run("case", "show", case_id, "--store", str(path))
    assert isinstance(result.exception, StoreError)
    assert str(path) in str(result.exception)


def test_damage_found_while_reading_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cases.sqlite"
    with open_store(path) as store:
        case_id = store.new_case("x")
        for n in range(300):
            store.attach(case_id, "other", {"n": n, "pad": "y" * 900})
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 20000] = b"\xab" * 20000  # the header and schema stay readable
    path.write_bytes(bytes(data))
    for args in (["case", "show", case_id], ["report", "--case", case_id, "--out", str(tmp_path / "r")]):
        result = _run(*args, "--store", str(path))
        assert isinstance(result.exception, StoreError), (args, result.exception)
        assert "is damaged" in str(result.exception) and str(path) in str(result.exception)
        assert "backup" in str(result.exception)
