"""Throughput and peak memory of `servecheck diagnose` against GNU `grep -E -f` (same patterns,
same file, same run).

Writes a realistic start-up log (NCCL INFO chatter from 64 ranks on 8 nodes, Ray/EngineCore
prefixes, `\\r` progress bars, periodic warnings and a harmless traceback, and the real failure near
the end), then times both tools on it with the page cache warm. Peak RSS is read per child with
os.wait4. Targets: diagnose >= 0.5 x grep's throughput, peak RSS < 150 MB at any size.

    python bench/diagnose_throughput.py              # 1 GB (run rarely: the machine is shared)
    python bench/diagnose_throughput.py --size-mb 200
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TAIL = """\
(EngineCore_DP0 pid=812) INFO 11-30 05:20:11 [gpu_model_runner.py:2602] Starting to load model moonshotai/Kimi-K3...
/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12090). Please update your GPU driver
(EngineCore_DP0 pid=812) ERROR 11-30 05:20:12 [core.py:708] EngineCore failed to start.
(EngineCore_DP0 pid=812) ERROR 11-30 05:20:12 [core.py:708] RuntimeError: The NVIDIA driver on your system is too old (found version 12090).
(EngineCore_DP0 pid=812) ERROR 11-30 05:20:12 [core.py:708] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.
(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
"""


def _block(i: int) -> str:
    """About 60 KB of ordinary start-up noise; ``i`` varies pids, channels and timestamps."""
    out = []
    for n in range(400):
        rank = (i * 7 + n) % 64
        node, gpu = rank // 8, rank % 8
        out.append(f"gpu-node-{node:02d}:{3000 + rank}:{4000 + n} [{gpu}] NCCL INFO Channel {n % 32:02d}/0 : "
                   f"{rank}[{gpu}] -> {(rank + 1) % 64}[{(gpu + 1) % 8}] via P2P/IPC/read\n")
        if n % 40 == 0:
            out.append(f"(RayWorkerWrapper pid={9000 + rank}, ip=10.0.{node}.{gpu + 10}) INFO 11-30 05:{i % 60:02d}:"
                       f"{n % 60:02d} [custom_all_reduce.py:203] Registering {4233 + n} cuda graph addresses\n")
        if n % 100 == 0:
            out.append("".join(f"Loading safetensors checkpoint shards: {p:3d}% Completed | {p // 5}/20 "
                               f"[00:{p // 4:02d}<00:30,  1.40s/it]\r" for p in range(0, 100, 10)) + "\n")
    if i % 50 == 0:
        out.append(f"(EngineCore_DP0 pid=812) WARNING 11-30 05:{i % 60:02d}:00 [utils.py:1] Retrying HF metadata "
                   "request after a read timeout (attempt 2)\n")
    if i % 400 == 0:
        out.append("Traceback (most recent call last):\n  File \"/usr/lib/python3.12/asyncio/base_events.py\", "
                   "line 691, in run_until_complete\nasyncio.exceptions.CancelledError: prefetch cancelled\n")
    return "".join(out)


def write_log(path: Path, size_mb: int) -> int:
    target = size_mb * 1024 * 1024
    written, i = 0, 0
    with open(path, "w", encoding="utf-8") as fh:
        while written < target:
            chunk = _block(i)
            fh.write(chunk)
            written += len(chunk)
            i += 1
        fh.write(TAIL)
        written += len(TAIL)
    return written


def timed(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int, bytes]:
    """Wall seconds, peak RSS in MB and exit code of one child, with its stdout.

    Peak RSS comes from GNU time (``%M``) when installed: a forked child's own ru_maxrss also
    counts the parent image it was forked from, which would credit both tools with this script's
    memory. Without GNU time, wait4's figure is used and is an upper bound.
    """
    gnu_time = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as rss_file:
        cmd = [gnu_time, "-f", "%M", "-o", rss_file.name, *argv] if gnu_time else argv
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        text = rss_file.read().strip().splitlines()
        rss_kb = int(text[-1]) if gnu_time and text and text[-1].isdigit() else usage.ru_maxrss
        out.seek(0)
        return wall, rss_kb / 1024, proc.returncode, out.read()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=int, default=1024)
    ap.add_argument("--path", type=Path, default=Path(tempfile.gettempdir()) / "servecheck-diagnose-bench.log")
    ap.add_argument("--keep", action="store_true", help="keep the generated log")
    args = ap.parse_args()
    grep = shutil.which("grep")
    if grep is None:
        print("grep not found", file=sys.stderr)
        return 2
    from servecheck.diagnose.signatures import load

    patterns = args.path.with_suffix(".patterns")
    patterns.write_text("\n".join(load().grep_patterns()) + "\n")
    size = write_log(args.path, args.size_mb)
    try:
        with open(args.path, "rb") as fh:          # warm the page cache for both tools alike
            while fh.read(1 << 24):
                pass
        env_c = {**os.environ, "LC_ALL": "C"}
        g_wall, g_rss, _, _ = timed([grep, "-E", "-f", str(patterns), str(args.path)], env_c)
        gu_wall, _, _, _ = timed([grep, "-E", "-f", str(patterns), str(args.path)])
        d_wall, d_rss, d_rc, d_out = timed([sys.executable, "-m", "servecheck", "diagnose", str(args.path), "--json"])
        primary = (json.loads(d_out or b"{}").get("primary") or {}).get("class")
    finally:
        if not args.keep:
            args.path.unlink(missing_ok=True)
        patterns.unlink(missing_ok=True)
    mb = size / 1e6
    print(f"log: {mb:,.0f} MB, {len(load().grep_patterns())} patterns")
    print(f"grep -E -f (LC_ALL=C)  : {g_wall:6.2f} s  {mb / g_wall:7.0f} MB/s  peak RSS {g_rss:6.1f} MB")
    print(f"grep -E -f (locale)    : {gu_wall:6.2f} s  {mb / gu_wall:7.0f} MB/s")
    print(f"servecheck diagnose    : {d_wall:6.2f} s  {mb / d_wall:7.0f} MB/s  peak RSS {d_rss:6.1f} MB  "
          f"exit {d_rc}, primary {primary}")
    ratio = g_wall / d_wall
    print(f"throughput ratio diagnose/grep(LC_ALL=C): {ratio:.2f}x (target >= 0.5); "
          f"vs grep(locale): {gu_wall / d_wall:.2f}x; RSS target < 150 MB: {'ok' if d_rss < 150 else 'MISSED'}")
    return 0 if ratio >= 0.5 and d_rss < 150 and primary == "driver_too_old" else 1


if __name__ == "__main__":
    sys.exit(main())
