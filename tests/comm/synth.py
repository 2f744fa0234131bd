"""Build nccl-tests output in the v2.19 layout for rule tests (synthetic, labelled as such).

The recorded public outputs in fixtures/ are all cut somewhere (issue excerpts); the verdict
rules also need complete runs with chosen numbers, which this builds line by line in the
layout of nccl-tests' util.cu (reference nccl.md §1.2).
"""

from __future__ import annotations

SIZES = [2**k for k in range(20, 34)]  # 1 MiB .. 8 GiB


def output(op: str = "all_reduce", hosts: tuple[str, ...] = ("node01", "node02"), gpus_per_host: int = 8,
           model: str = "NVIDIA H100 80GB HBM3", peak: float = 360.0, wrong: int = 0,
           info: tuple[str, ...] = (), sizes: list[int] | None = None, footer: bool = True,
           prefix: str = "") -> str:
    sizes = sizes or SIZES
    redop = "sum" if op == "all_reduce" else "none"
    lines = ["# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007",
             f"# Collective test starting: {op}_perf",
             f"# nThread 1 nGpus 1 minBytes {sizes[0]} maxBytes {sizes[-1]} step: 2(factor) warmup iters: 1 "
             "iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0", "#", "# Using devices"]
    rank = 0
    for h in hosts:
        for d in range(gpus_per_host):
            lines.append(f"#  Rank {rank:2d} Group  0 Pid {1000 + rank:6d} on {h:>10} device {d:2d} "
                         f"[0000:{16 + d:02x}:00] {model}")
            rank += 1
    lines += list(info)
    lines += ["#", "#                                                              out-of-place                       in-place",
              "#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong",
              "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)"]
    for i, size in enumerate(sizes):
        bw = round(peak * (i + 1) / len(sizes), 2)
        w = wrong if i == len(sizes) - 1 else 0
        lines.append(f"{size:12d}  {size // 4:12d}     float  {redop:>6}      -1   {size / (bw * 1e3):8.1f}  "
                     f"{bw:6.2f}  {bw:6.2f}  {w:6d}   {size / (bw * 1e3):8.1f}  {bw:6.2f}  {bw:6.2f}  {w:6d}")
    if footer:
        lines += [f"# Out of bounds values : {wrong and 1} {'OK' if not wrong else 'FAILED'}",
                  f"# Avg bus bandwidth    : {peak / 2:.4f}", "#", f"# Collective test concluded: {op}_perf", "#"]
    return "\n".join(prefix + ln for ln in lines) + "\n"


IB_INFO = (
    "node01:1000:1100 [0] NCCL INFO NCCL version 2.27.5+cuda12.9",
    "node01:1000:1100 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB "
    "[4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB ib0:10.0.0.1<0>",
    "node01:1000:1100 [0] NCCL INFO Using network IB",
    "node01:1000:1100 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA",
    "node01:1000:1100 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA",
    "node01:1000:1100 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read",
)
SOCKET_INFO = (
    "node01:1000:1100 [0] NCCL INFO NCCL version 2.27.5+cuda12.9",
    "node01:1000:1100 [0] NCCL INFO NET/IB : No device found.",
    "node01:1000:1100 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>",
    "node01:1000:1100 [0] NCCL INFO Using network Socket",
    "node01:1000:1100 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/Socket/0",
)
NO_GDR_INFO = tuple(x.replace("/GDRDMA", "") for x in IB_INFO)
