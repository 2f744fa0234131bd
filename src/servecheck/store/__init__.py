"""The case record in SQLite: cases and the runs (results) attached to them.

Public API (other stages call this)::

    from servecheck.store import open_store, attach_result
    with open_store(path_or_None) as store:
        case_id = store.new_case("Kimi K3 on gpu-a", owner="ops")
        run_id = store.attach(case_id, "verify", payload_dict, path="/out/verify.json")
    attach_result(case_id, "load", payload_dict, path="/out/load", store_path=None)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from servecheck.store.db import CaseStore, default_store_path
from servecheck.store.models import KINDS, Case, Run

__all__ = ["KINDS", "Case", "CaseStore", "Run", "attach_result", "default_store_path", "open_store"]


def open_store(path: Path | str | None = None, create: bool = True, write: bool = True) -> CaseStore:
    """Open (migrating) the store at ``path``; None -> $SERVECHECK_STORE or the user data dir.

    ``create=False`` refuses a store that does not exist yet (a mistyped --store path must not
    quietly start an empty store). ``write=False`` opens it read-only: never created, migrated
    or switched to WAL (for commands that only read: case list/show, report, decide without
    --decision)."""
    where = Path(path).expanduser() if path is not None else default_store_path()
    return CaseStore(where, create and write, write)


def attach_result(
    case_id: str,
    kind: str,
    payload: dict[str, Any],
    path: str | Path | None = None,
    store_path: Path | str | None = None,
    hashes: dict[str, str] | None = None,
) -> int:
    """Attach one finished result to a case and return the run id. Raises StoreError."""
    with open_store(store_path, create=False) as store:
        return store.attach(case_id, kind, payload, str(path) if path is not None else None, hashes)
