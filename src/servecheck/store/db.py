"""The SQLite case store: WAL, one transaction per write, versioned schema with migrations.

SQLite gives crash safety for free as long as every write is one transaction: a process killed
mid-write leaves the database as it was before that transaction began. WAL lets readers (a report
being rendered) run while a load run attaches its result.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from servecheck import __version__
from servecheck.errors import InputError, StoreError
from servecheck.fsutil import entry_kind, open_regular
from servecheck.redact import Redactor
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


SQLITE_MAGIC = b"SQLite format 3\x00"
OUR_TABLES = {"meta", "cases", "runs"}
_DAMAGED_HINT = ("restore it from a backup, or move it aside and start a new store "
                 "(`servecheck case new TITLE --store NEW_FILE`)")


def _refuse_special(path: Path) -> None:
    """A FIFO, device or directory named as the store is refused before SQLite opens it:
    SQLite would block forever on a FIFO without a writer, or read /dev/zero endlessly."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise StoreError(f"cannot read case store {path}: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(mode):
        raise StoreError(f"{path} is a {entry_kind(mode)}, not a case store file")


def _refuse_foreign(path: Path) -> None:
    """Refuse, before SQLite touches it, a file that is not an SQLite database at all."""
    try:
        with open_regular(path) as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except InputError as exc:
        raise StoreError(f"cannot read case store {exc}") from exc
    if not head:
        raise StoreError(f"{path} is an empty file, not a servecheck case store; it was left "
                         "untouched: remove it or point --store at another file")
    if head != SQLITE_MAGIC:
        raise StoreError(f"{path} is not a servecheck case store (not an SQLite file); it was "
                         "left untouched: point --store at another file")


S = TypeVar("S")


def scrub(value: S) -> S:
    """Everything the store writes passes here once: a note, a title, an owner or a whole result
    with a token pasted into it is stored (and so reported and shown) redacted, whichever
    command wrote it. Results that were redacted by their stage come through unchanged."""
    return Redactor().obj(value)


F = TypeVar("F", bound=Callable[..., Any])


def _translated(fn: F) -> F:
    """A damaged page found while reading or writing: name the file and what to do (exit 2),
    not an internal error."""

    @functools.wraps(fn)
    def wrapper(self: CaseStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise StoreError(f"case store {self.path} is busy: {exc}; try again") from exc
            raise StoreError(f"case store {self.path} is damaged ({exc}); {_DAMAGED_HINT}") from exc

    return wrapper  # type: ignore[return-value]


class CaseStore:
    """One open store. Use as a context manager or call ``close()``.

    ``write=False`` opens the file read-only (a `mode=ro` URI): nothing is created, migrated or
    switched to WAL, so a store the user may only read can still be listed, shown and reported."""

    def __init__(self, path: Path, create: bool = True, write: bool = True) -> None:
        self.path = path
        self.writable = write
        exists = path.exists()
        if not exists and (not create or not write):
            raise StoreError(f"no case store at {path}; create a case first: "
                             "`servecheck case new TITLE` (with --store PATH or $SERVECHECK_STORE)")
        if exists:
            _refuse_special(path)
            _refuse_foreign(path)
            if write and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
                raise StoreError(f"case store {path} is read-only for you: this command records "
                                 "into it; reading works (case list/show, report, decide, "
                                 "accept --no-record)")
        self._conn = self._connect(path, write)
        try:
            self._version = self._check_ours(fresh=not exists)
            if write:
                self._conn.execute("PRAGMA journal_mode=WAL")
                self._conn.execute("PRAGMA synchronous=NORMAL")
                self._conn.execute("PRAGMA foreign_keys=ON")
                self._prepare()
        except BaseException as exc:
            self._conn.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise StoreError(f"case store {path} is damaged ({exc}); {_DAMAGED_HINT}") from exc
            raise

    @staticmethod
    def _connect(path: Path, write: bool) -> sqlite3.Connection:
        try:
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                       check_same_thread=False)
            return _connect_ro(path)
        except (OSError, sqlite3.DatabaseError) as exc:
            what = "create" if write and not path.exists() else "open"
            raise StoreError(f"cannot {what} case store {path}: {exc}") from exc

    def _check_ours(self, fresh: bool) -> int:
        """The store's schema version; a database that is not a servecheck store is refused
        before anything is written to it (no tables added, journal mode unchanged)."""
        tables = {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables and fresh:
            return 0
        if not tables:
            raise StoreError(f"{self.path} is an SQLite file without servecheck tables, not a case "
                             "store; it was left untouched: point --store at another file")
        if not OUR_TABLES <= tables:
            other = ", ".join(sorted(tables - OUR_TABLES)[:5]) or ", ".join(sorted(tables))
            raise StoreError(f"{self.path} is another program's SQLite database (tables: {other}), "
                             "not a servecheck case store; it was left untouched")
        version = self._read_version(self._conn)
        if version > migrations.CURRENT_VERSION:
            raise StoreError(
                f"case store {self.path} has schema version {version}, newer than this "
                f"servecheck ({__version__}) understands (up to {migrations.CURRENT_VERSION}); "
                "upgrade servecheck or point --store at another file"
            )
        return version

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
        if not self.writable:
            raise StoreError(f"case store {self.path} was opened for reading only")
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
        try:
            with self._tx() as conn:
                if self._version == 0:
                    migrations.create_v1(conn)
                version = self._read_version(conn)
                while version < migrations.CURRENT_VERSION:
                    migrations.MIGRATIONS[version](conn)
                    version += 1
                    conn.execute(
                        "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),)
                    )
                self._version = version
        except sqlite3.OperationalError as exc:
            # e.g. "duplicate column name": the recorded version does not match the tables
            raise StoreError(f"case store {self.path} cannot be brought to schema version "
                             f"{migrations.CURRENT_VERSION} ({exc}); {_DAMAGED_HINT}") from exc

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

    @_translated
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
                (case_id, scrub(title.strip()), scrub(owner) if owner else owner, _now()),
            )
        return case_id

    @_translated
    def get_case(self, case_id: str) -> Case:
        status = "status" if self._version >= 2 else "'open'"
        row = self._conn.execute(
            f"SELECT id, title, owner, {status}, created_at FROM cases WHERE id=?", (case_id,)
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

    @_translated
    def list_cases(self) -> list[Case]:
        ids = [r[0] for r in self._conn.execute("SELECT id FROM cases ORDER BY created_at, id")]
        return [self.get_case(case_id) for case_id in ids]

    @_translated
    def set_status(self, case_id: str, status: str) -> None:
        self.get_case(case_id)
        with self._tx() as conn:
            conn.execute("UPDATE cases SET status=? WHERE id=?", (status, case_id))

    # -- runs ------------------------------------------------------------------------------

    @_translated
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
        text = json.dumps(scrub(payload), sort_keys=True, default=str)
        with self._tx() as conn:
            if not conn.execute("SELECT 1 FROM cases WHERE id=?", (case_id,)).fetchone():
                raise StoreError(f"no case {case_id!r} in {self.path} (see `servecheck case list`)")
            cur = conn.execute(
                "INSERT INTO runs(case_id, kind, created_at, servecheck_version, path, hashes,"
                " payload, payload_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (case_id, kind, _now(), __version__, scrub(path) if path else path, json.dumps(hashes or {}, sort_keys=True),
                 text, migrations.payload_digest(text)),
            )
            return int(cur.lastrowid or 0)

    @_translated
    def runs(self, case_id: str, kind: str | None = None) -> list[Run]:
        """The case's runs in attach order, optionally of one kind."""
        self.get_case(case_id)
        sql = self._run_select() + " WHERE case_id=?"
        args: tuple[str, ...] = (case_id,)
        if kind is not None:
            sql += " AND kind=?"
            args += (kind,)
        return [_row_to_run(row) for row in self._conn.execute(sql + " ORDER BY id", args)]

    def _run_select(self) -> str:
        digest = "payload_sha256" if self._version >= 2 else "NULL"  # a v1 store read as it is
        return ("SELECT id, case_id, kind, created_at, servecheck_version, path, hashes, payload, "
                f"{digest} FROM runs")

    def latest(self, case_id: str, kind: str) -> Run | None:
        found = self.runs(case_id, kind)
        return found[-1] if found else None

    @_translated
    def run(self, run_id: int) -> Run:
        row = self._conn.execute(self._run_select() + " WHERE id=?", (run_id,)).fetchone()
        if row is None:
            raise StoreError(f"no run {run_id} in {self.path}")
        return _row_to_run(row)


def _connect_ro(path: Path) -> sqlite3.Connection:
    """Open read-only. A WAL store in a folder the user cannot write has no -shm to share: read
    it as immutable then (nobody can be writing it through this user anyway)."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                           check_same_thread=False)
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        if os.access(path.parent, os.W_OK) and os.access(path, os.W_OK):
            raise
    conn = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None,
                           check_same_thread=False)
    conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    return conn


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
