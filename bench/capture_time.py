"""Capture wall time on this machine, and what a hung probe costs.

1. `servecheck capture` as it runs here (no GPU, docker client without daemon): target < 3 s.
2. The same with a fake `nvidia-smi` that never returns, --timeout 2: target <= timeout + 1 s
   (probes run in parallel, so four hung nvidia-smi calls cost one timeout, not four).

Usage: .venv/bin/python bench/capture_time.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run(args: list[str], env: dict[str, str] | None = None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "servecheck", "capture", "--out", f"{tmp}/b", "--json", *args],
                       check=True, stdout=subprocess.DEVNULL, env=env)
        return time.perf_counter() - start


def _hung_env(tmp: Path) -> dict[str, str]:
    (tmp / "bin").mkdir()
    smi = tmp / "bin" / "nvidia-smi"
    smi.write_text("#!/bin/sh\nexec sleep 1000\n")
    smi.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{tmp / 'bin'}:{os.environ['PATH']}"
    return env


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    plain = [_run([]) for _ in range(args.runs)]
    print(f"capture on this machine      median {statistics.median(plain):.2f} s  max {max(plain):.2f} s  (target < 3 s)")
    tmp = Path(tempfile.mkdtemp())
    try:
        env = _hung_env(tmp)
        hung = [_run(["--timeout", "2", "--no-nvml"], env=env) for _ in range(max(args.runs // 2, 1))]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"capture, nvidia-smi hung, --timeout 2   median {statistics.median(hung):.2f} s  "
          f"(target <= 3 s: one timeout, not four)")


if __name__ == "__main__":
    main()
