"""The store's schema, one migration per version step.

Each step is a list of SQL statements run inside the same transaction as the version bump, so a
crash half-way through a migration leaves the old version intact. Version 1 is what the first
release wrote; it is kept verbatim so that tests (and old stores in the field) can be migrated.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable

SCHEMA_V1: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS cases (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        owner TEXT,
        created_at TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        case_id TEXT NOT NULL REFERENCES cases(id),
        kind TEXT NOT NULL,
        created_at TEXT NOT NULL,
        servecheck_version TEXT NOT NULL,
        path TEXT,
        hashes TEXT NOT NULL DEFAULT '{}',
        payload TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS runs_case ON runs(case_id, kind)",
)


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """v2: a case status, and a sha256 of each stored payload so tampering or rot is visible."""
    conn.execute("ALTER TABLE cases ADD COLUMN status TEXT NOT NULL DEFAULT 'open'")
    conn.execute("ALTER TABLE runs ADD COLUMN payload_sha256 TEXT")
    rows = conn.execute("SELECT id, payload FROM runs").fetchall()
    for run_id, payload in rows:
        conn.execute(
            "UPDATE runs SET payload_sha256 = ? WHERE id = ?", (payload_digest(payload), run_id)
        )


def payload_digest(payload_text: str) -> str:
    return hashlib.sha256(payload_text.encode("utf-8")).hexdigest()


# from_version -> step that brings a store to from_version + 1
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1_to_v2}
CURRENT_VERSION = 2


def create_v1(conn: sqlite3.Connection) -> None:
    for statement in SCHEMA_V1:
        conn.execute(statement)
    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '1')")
