"""A short torch.distributed test for images without nccl-tests, written out, never imported.

servecheck does not import torch: ``write(dir)`` puts this text into a file that torchrun runs
inside the site's image. It prints rank 0's results in the nccl-tests table layout (same message
sizes, busbw formulas from nccl-tests' PERFORMANCE.md), so the one parser reads both.
"""

from __future__ import annotations

from pathlib import Path

SCRIPT_NAME = "servecheck_nccl_check.py"

SCRIPT = r'''"""servecheck comm: all_reduce / all_to_all through torch.distributed (NCCL), nccl-tests layout."""
import argparse
import os
import socket
import time

import torch
import torch.distributed as dist


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper()
    return int(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text)


def one(op, x, world):
    if op == "all_reduce":
        dist.all_reduce(x)
        return x
    out = torch.empty_like(x)
    dist.all_to_all_single(out, x)
    return out


def wrong_values(op, size, world, rank):
    x = torch.full((size,), float(rank + 1), device="cuda")
    y = one(op, x, world)
    if op == "all_reduce":
        want = torch.full_like(y, world * (world + 1) / 2)
    else:
        want = torch.arange(1, world + 1, device="cuda", dtype=y.dtype).repeat_interleave(size // world)
    bad = torch.tensor([0 if torch.equal(y, want) else 1], device="cuda")
    dist.all_reduce(bad)
    return int(bad.item())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--op", choices=["all_reduce", "alltoall"], default="all_reduce")
    p.add_argument("--min-bytes", default="8")
    p.add_argument("--max-bytes", default="8G")
    p.add_argument("--iters", type=int, default=20)
    a = p.parse_args()
    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    local = int(os.environ.get("LOCAL_RANK", "0"))
    torch.cuda.set_device(local)
    me = (rank, socket.gethostname().split(".")[0], local, torch.cuda.get_device_name(local))
    infos = [None] * world
    dist.all_gather_object(infos, me)
    say = print if rank == 0 else (lambda *_a, **_k: None)
    lo, hi = parse_size(a.min_bytes), parse_size(a.max_bytes)
    say(f"# Collective test starting: {a.op}_perf (torch.distributed {torch.__version__})")
    say(f"# nThread 1 nGpus 1 minBytes {lo} maxBytes {hi} step: 2(factor) warmup iters: 2 iters: {a.iters} agg iters: 1 validation: 1 graph: 0")
    say("#\n# Using devices")
    for r, host, dev, name in infos:
        say(f"#  Rank {r:2d} Group  0 Pid {os.getpid():6d} on {host:>10} device {dev:2d} [0000:00:00] {name}")
    say("#\n#       size         count      type   redop    root     time   algbw   busbw #wrong")
    say("#        (B)    (elements)                               (us)  (GB/s)  (GB/s)")
    factor = 2 * (world - 1) / world if a.op == "all_reduce" else (world - 1) / world
    total_wrong, busbws, n = 0, [], lo
    while n <= hi:
        count = max(world, (n // 4) // world * world)
        x = torch.ones(count, device="cuda")
        for _ in range(2):
            one(a.op, x, world)
        torch.cuda.synchronize()
        dist.barrier()
        t0 = time.perf_counter()
        for _ in range(a.iters):
            one(a.op, x, world)
        torch.cuda.synchronize()
        sec = (time.perf_counter() - t0) / a.iters
        algbw = count * 4 / 1e9 / sec
        wrong = wrong_values(a.op, count, world, rank)
        total_wrong += 1 if wrong else 0
        busbws.append(algbw * factor)
        redop = "sum" if a.op == "all_reduce" else "none"
        say(f"{count * 4:12d}  {count:12d}     float  {redop:>6}      -1  {sec * 1e6:8.1f}  {algbw:6.2f}  {algbw * factor:6.2f}  {wrong:5d}")
        n *= 2
    say(f"# Out of bounds values : {total_wrong} {'OK' if total_wrong == 0 else 'FAILED'}")
    say(f"# Avg bus bandwidth    : {sum(busbws) / max(1, len(busbws)):.4f}")
    say(f"#\n# Collective test concluded: {a.op}_perf")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
'''


def write(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / SCRIPT_NAME
    path.write_text(SCRIPT, encoding="utf-8")
    return path
