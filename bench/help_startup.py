"""`servecheck --help` start-up time, against a bare `python -c pass` in the same run.

Usage: .venv/bin/python bench/help_startup.py [--runs 20]
Target (capture issue): --help under 0.3 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def _time(argv: list[str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    base = _time([sys.executable, "-c", "pass"], args.runs)
    helps = _time([sys.executable, "-m", "servecheck", "--help"], args.runs)
    imports = subprocess.run([sys.executable, "-X", "importtime", "-m", "servecheck", "--help"],
                             capture_output=True, text=True).stderr.splitlines()
    heavy = [ln for ln in imports if any(m in ln for m in ("rich", "pydantic", "aiohttp", "httpx", "matplotlib"))]
    print(f"python -c pass      median {statistics.median(base) * 1000:6.1f} ms")
    print(f"servecheck --help   median {statistics.median(helps) * 1000:6.1f} ms   "
          f"p90 {sorted(helps)[int(0.9 * len(helps)) - 1] * 1000:6.1f} ms   (target < 300 ms)")
    print(f"servecheck overhead {(statistics.median(helps) - statistics.median(base)) * 1000:6.1f} ms")
    print(f"heavy modules imported by --help: {len(heavy)} (rich/pydantic/aiohttp/httpx/matplotlib)")


if __name__ == "__main__":
    main()
