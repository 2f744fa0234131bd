"""Floods of one flagged line: `servecheck diagnose` now against a baseline tree, same inputs, same run.

A shell loop's "Killed", one error printed per retry, a warning printed per step: a log made of one
flagged line repeated is the worst case of the per-line reading in Python. Each input is diagnosed by
this tree and by a baseline source tree (``--baseline-src``, e.g. a worktree of the session-start
commit: `git worktree add /tmp/wt-base COMMIT`, then `--baseline-src /tmp/wt-base/src`), taking turns,
``--repeat`` times; the median wall time of each is printed with their ratio, and the two JSON outputs
are compared with their timings left out (they must agree). A flood whose lines differ (a timestamp on
each) is measured too: the repeat shortcut does not apply to it, so its figure shows what remains.

    python bench/diagnose_floods.py --baseline-src /tmp/wt-base/src --lines 300000
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

FLOODS = {
    "killed": lambda n: "Killed\n" * n,
    "oom-line": lambda n: "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n" * n,
    "timestamped-error": lambda n: "".join(f"2026-12-01 10:{i // 60 % 60:02d}:{i % 60:02d} ERROR worker {i % 8}: "
                                           "RuntimeError: CUDA error: an illegal memory access was encountered\n"
                                           for i in range(n)),
}


def _run(src: Path | None, path: Path) -> tuple[float, dict]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "servecheck", "diagnose", str(path), "--json"],
                          capture_output=True, text=True, env=env, timeout=1200, check=False)
    took = time.perf_counter() - start
    try:
        out = json.loads(done.stdout)
    except json.JSONDecodeError:
        tree = src if src is not None else "this tree"
        raise SystemExit(f"diagnose from {tree} gave no JSON on {path.name} (exit {done.returncode}): "
                         f"{done.stderr.strip()[-300:] or 'no output'}") from None
    out.pop("stats", None)
    return took, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline-src", type=Path, required=True, help="the baseline tree's src/ folder")
    ap.add_argument("--lines", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if not (args.baseline_src / "servecheck" / "__init__.py").is_file():
        ap.error(f"--baseline-src {args.baseline_src}: no servecheck package there (give a tree's src/ folder)")
    here = Path(__file__).resolve().parent.parent / "src"
    print("| flood | lines | MB | baseline (s) | now (s) | speed-up | outputs agree |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    agree_all = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in FLOODS.items():
            path = Path(tmp) / f"{name}.log"
            path.write_text(make(args.lines))
            base, now, outs = [], [], []
            for _ in range(args.repeat):
                t, b = _run(args.baseline_src, path)
                base.append(t)
                t, n = _run(here, path)
                now.append(t)
                outs.append(b == n)
            agree = all(outs)
            agree_all &= agree
            mb = path.stat().st_size / 1e6
            b_med, n_med = statistics.median(base), statistics.median(now)
            print(f"| {name} | {args.lines:,} | {mb:.1f} | {b_med:.2f} | {n_med:.2f} | {b_med / n_med:.1f}x | "
                  f"{'yes' if agree else 'NO'} |")
    return 0 if agree_all else 1


if __name__ == "__main__":
    raise SystemExit(main())
