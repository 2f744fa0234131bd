"""Case store and report figures: attach latency vs a bare sqlite3 insert, and report build time.

Run: .venv/bin/python bench/case_store.py [--runs N]
The baseline is the same row written with plain sqlite3 (one INSERT + commit per row, WAL, same
synchronous level), so the ratio is what the store's API adds on top of SQLite itself.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
from pathlib import Path

from servecheck.report.build import build_report
from servecheck.report.render import render
from servecheck.report.view import load_view
from servecheck.store import open_store

VERIFY = {"server": {"url": "http://127.0.0.1:8000"}, "checks": [
    {"name": n, "status": "pass", "summary": "x" * 200, "evidence": {"k": list(range(50))}}
    for n in ("api", "prefix_cache", "tool_calling", "structured_output", "context")]}


def bare(path: Path, n: int) -> float:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, case_id TEXT, kind TEXT, payload TEXT)")
    start = time.perf_counter()
    for _ in range(n):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO runs(case_id, kind, payload) VALUES ('c', 'verify', ?)", (json.dumps(VERIFY),))
        conn.execute("COMMIT")
    conn.close()
    return time.perf_counter() - start


def store(path: Path, n: int) -> tuple[float, str]:
    with open_store(path) as s:
        case_id = s.new_case("bench")
        start = time.perf_counter()
        for _ in range(n):
            s.attach(case_id, "verify", VERIFY)
        return time.perf_counter() - start, case_id


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=500)
    n = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        base = bare(Path(tmp) / "bare.db", n)
        ours, case_id = store(Path(tmp) / "store.db", n)
        print(f"attach: {ours / n * 1000:.3f} ms/run (servecheck store) vs {base / n * 1000:.3f} ms/row "
              f"(bare sqlite3): ratio {ours / base:.2f}x over {n} runs")
        with open_store(Path(tmp) / "store.db") as s:
            start = time.perf_counter()
            view = load_view(s, case_id)
            report = build_report(view, "en")
            html = render(report, "html")
            took = time.perf_counter() - start
        print(f"report: {took * 1000:.0f} ms to read {n} runs, build and render HTML ({len(html) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
