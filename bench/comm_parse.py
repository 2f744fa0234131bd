"""Throughput of `servecheck comm --from` on a large tagged log, against GNU grep counting the
same kinds of lines (a floor: reading and matching only) in the same run.

Writes an Open MPI --tag-output log: an nccl-tests table from rank 0 plus NCCL INFO channel
chatter from 16 ranks (the bulk of a real NCCL_DEBUG=INFO log), then times both on it.

    python bench/comm_parse.py --size-mb 20
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_log(path: Path, size_mb: int) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "comm"))
    import synth  # the rule tests' builder of nccl-tests output

    chatter = "".join(f"[1,{i % 16}]<stdout>:node01:1000:{i} [0] NCCL INFO Channel {i % 32:02d}/0 : "
                      f"{i % 16}[0] -> 8[0] [send] via NET/IB/0/GDRDMA\n" for i in range(10000))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(synth.output(peak=90.0, prefix="[1,0]<stdout>:"))
        while fh.tell() < size_mb * 1_000_000:
            fh.write(chatter)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mb", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "nccl.log"
        write_log(log, args.size_mb)
        mb = log.stat().st_size / 1e6
        t0 = time.perf_counter()
        res = subprocess.run([sys.executable, "-m", "servecheck", "comm", "--from", str(log), "--json"],
                             capture_output=True, text=True, check=False)
        ours = time.perf_counter() - t0
        grep = shutil.which("grep")
        base = None
        if grep:
            t0 = time.perf_counter()
            subprocess.run([grep, "-cE", "NCCL INFO|via NET|Out of bounds|Rank +[0-9]+", str(log)],
                           capture_output=True, check=False)
            base = time.perf_counter() - t0
        print(f"log {mb:.1f} MB; servecheck comm: {ours:.2f}s ({mb / ours:.1f} MB/s, exit {res.returncode})")
        if base:
            print(f"grep -cE baseline: {base:.2f}s ({mb / base:.1f} MB/s); ratio {base / ours:.3f}x grep")
    return 0


if __name__ == "__main__":
    sys.exit(main())
