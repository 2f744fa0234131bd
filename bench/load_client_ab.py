"""Is the load client at least as fast as it was? A/B against an earlier commit, in one run.

Checks out REF into a temporary git worktree, starts bench/load_client.py's instant server, and
alternates the load engine of REF and of this tree (one fresh process each, same server, same
work), N rounds; prints both medians and their ratio.

    .venv/bin/python bench/load_client_ab.py dccff21 --rounds 5 --requests 1000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import load_client as lc  # noqa: E402


def _client(tree: Path, port: int, c: int, n: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, str(tree / "bench" / "load_client.py"), "client", "servecheck",
           f"http://127.0.0.1:{port}", str(c), str(n), repr(time.time())]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, check=True)
    return float(json.loads(proc.stdout.strip().splitlines()[-1])["req_s"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--concurrency", type=int, default=64)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), args.ref], check=True, cwd=HERE)
        server = subprocess.Popen([sys.executable, str(HERE / "load_client.py"), "serve", "instant"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            port = int(server.stdout.readline()) if server.stdout else 0
            res: dict[str, list[float]] = {"old": [], "new": []}
            for _ in range(args.rounds):
                for name, tree in (("old", old), ("new", HERE.parent)):
                    lc._get(port, "/reset")
                    res[name].append(_client(tree, port, args.concurrency, args.requests))
        finally:
            server.terminate()
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=HERE, check=False)
    for name, values in res.items():
        print(f"{name} ({args.ref if name == 'old' else 'this tree'}): req/s {[round(v) for v in values]}, "
              f"median {statistics.median(values):.0f}")
    print(f"new / old median req/s at c={args.concurrency}: "
          f"{statistics.median(res['new']) / statistics.median(res['old']):.2f}x (target >= 1.0x)")


if __name__ == "__main__":
    main()
