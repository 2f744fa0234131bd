"""The SQLite case store: WAL, one transaction per write, versioned schema with migrations.

SQLite gives crash safety for free as long as every write is one transaction: a process killed
mid-write leaves the database as it was before that transaction began. WAL lets readers (a report
being rendered) run while a load run attaches its result.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from servecheck import __version__
from servecheck.errors import StoreError
from servecheck.store import migrations
from servecheck.store.models import KINDS, Case, Run

BUSY_TIMEOUT_S = 10.0


def default_store_path() -> Path:
    """$SERVECHECK_STORE, else ``cases.sqlite`` in the user's data directory."""
    env = os.environ.get("SERVECHECK_STORE")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("servecheck", appauthor=False)) / "cases.sqlite"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class CaseStore:
    """One open store. Use as a context manager or call ``close()``."""

    def __init__(self, path: Path, create: bool = True) -> None:
        self.path = path
        if not create and not path.exists():
            raise StoreError(f"no case store at {path}; create a case first: "
                             "`servecheck case new TITLE` (with --store PATH or $SERVECHECK_STORE)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.DatabaseError) as exc:
            raise StoreError(f"cannot create case store {path}: {exc}") from exc
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._prepare()
        except BaseException as exc:
            self._conn.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise StoreError(f"cannot open case store {path}: {exc}") from exc
            raise

    # -- lifecycle -------------------------------------------------------------------------

    def __enter__(self) -> CaseStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE: take the write lock up front, no upgrade race)."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"case store {self.path} is busy or read-only: {exc}") from exc
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    def _prepare(self) -> None:
        with self._tx() as conn:
            has_meta = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
            ).fetchone()
            if not has_meta:
                migrations.create_v1(conn)
            version = self._read_version(conn)
            if version > migrations.CURRENT_VERSION:
                raise StoreError(
                    f"case store {self.path} has schema version {version}, newer than this "
                    f"servecheck ({__version__}) understands (up to {migrations.CURRENT_VERSION}); "
                    "upgrade servecheck or point --store at another file"
                )
            while version < migrations.CURRENT_VERSION:
                migrations.MIGRATIONS[version](conn)
                version += 1
                conn.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),)
                )

    def _read_version(self, conn: sqlite3.Connection) -> int:
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        try:
            return int(row[0]) if row else 1
        except ValueError as exc:
            raise StoreError(f"case store {self.path}: unreadable schema_version {row[0]!r}") from exc

    @property
    def schema_version(self) -> int:
        return self._read_version(self._conn)

    # -- cases -----------------------------------------------------------------------------

    def new_case(self, title: str, owner: str | None = None) -> str:
        if not title.strip():
            raise StoreError("a case needs a title")
        stamp = datetime.now(UTC).strftime("%Y%m%d")
        with self._tx() as conn:
            for _ in range(20):
                case_id = f"c-{stamp}-{secrets.token_hex(2)}"
                if not conn.execute("SELECT 1 FROM cases WHERE id=?", (case_id,)).fetchone():
                    break
            else:  # pragma: no cover - 20 collisions in 65536 ids in one day
                raise StoreError("could not allocate a free case id; try again")
            conn.execute(
                "INSERT INTO cases(id, title, owner, created_at) VALUES (?, ?, ?, ?)",
                (case_id, title.strip(), owner, _now()),
            )
        return case_id

    def get_case(self, case_id: str) -> Case:
        row = self._conn.execute(
            "SELECT id, title, owner, status, created_at FROM cases WHERE id=?", (case_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no case {case_id!r} in {self.path} (see `servecheck case list`)")
        counts = dict(
            self._conn.execute(
                "SELECT kind, COUNT(*) FROM runs WHERE case_id=? GROUP BY kind", (case_id,)
            ).fetchall()
        )
        return Case(
            id=row[0], title=row[1], owner=row[2], status=row[3], created_at=row[4],
            run_counts=counts,
        )

    def list_cases(self) -> list[Case]:
        ids = [r[0] for r in self._conn.execute("SELECT id FROM cases ORDER BY created_at, id")]
        return [self.get_case(case_id) for case_id in ids]

    def set_status(self, case_id: str, status: str) -> None:
        self.get_case(case_id)
        with self._tx() as conn:
            conn.execute("UPDATE cases SET status=? WHERE id=?", (status, case_id))

    # -- runs ------------------------------------------------------------------------------

    def attach(
        self,
        case_id: str,
        kind: str,
        payload: dict[str, Any],
        path: str | None = None,
        hashes: dict[str, str] | None = None,
    ) -> int:
        """Store one result; returns its run id (increasing, so it orders the timeline)."""
        if kind not in KINDS:
            raise StoreError(f"unknown run kind {kind!r}; one of {', '.join(KINDS)}")
        if not isinstance(payload, dict):
            raise StoreError(f"a {kind} result must be a JSON object, not {type(payload).__name__}")
        text = json.dumps(payload, sort_keys=True, default=str)
        with self._tx() as conn:
            if not conn.execute("SELECT 1 FROM cases WHERE id=?", (case_id,)).fetchone():
                raise StoreError(f"no case {case_id!r} in {self.path} (see `servecheck case list`)")
            cur = conn.execute(
                "INSERT INTO runs(case_id, kind, created_at, servecheck_version, path, hashes,"
                " payload, payload_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (case_id, kind, _now(), __version__, path, json.dumps(hashes or {}, sort_keys=True),
                 text, migrations.payload_digest(text)),
            )
            return int(cur.lastrowid or 0)

    def runs(self, case_id: str, kind: str | None = None) -> list[Run]:
        """The case's runs in attach order, optionally of one kind."""
        self.get_case(case_id)
        sql = ("SELECT id, case_id, kind, created_at, servecheck_version, path, hashes, payload,"
               " payload_sha256 FROM runs WHERE case_id=?")
        args: tuple[str, ...] = (case_id,)
        if kind is not None:
            sql += " AND kind=?"
            args += (kind,)
        return [_row_to_run(row) for row in self._conn.execute(sql + " ORDER BY id", args)]

    def latest(self, case_id: str, kind: str) -> Run | None:
        found = self.runs(case_id, kind)
        return found[-1] if found else None

    def run(self, run_id: int) -> Run:
        row = self._conn.execute(
            "SELECT id, case_id, kind, created_at, servecheck_version, path, hashes, payload,"
            " payload_sha256 FROM runs WHERE id=?", (run_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no run {run_id} in {self.path}")
        return _row_to_run(row)


def _row_to_run(row: tuple[Any, ...]) -> Run:
    payload_text = row[7]
    try:
        payload = json.loads(payload_text)
    except ValueError:
        payload = {"unreadable": True}
    intact = row[8] is None or migrations.payload_digest(payload_text) == row[8]
    return Run(
        id=row[0], case_id=row[1], kind=row[2] if row[2] in KINDS else "other",
        created_at=row[3], servecheck_version=row[4], path=row[5],
        hashes=json.loads(row[6] or "{}"), payload=payload if isinstance(payload, dict) else {},
        payload_sha256=row[8], intact=intact,
    )
