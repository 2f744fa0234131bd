"""Throughput and peak memory of `servecheck diagnose` against GNU `grep -E -f`, same work, same run.

Same work: a realistic start-up log (NCCL INFO chatter from 64 ranks on 8 nodes, Ray/EngineCore
prefixes, `\\r` progress bars, warnings, a harmless traceback) whose only failure line — a bare
`CUDA driver version is insufficient for CUDA runtime version`, as deviceQuery or nccl-tests print
it, with no ERROR word — sits in the middle. Both tools read every line: grep with the patterns
exported from diagnose's own Hyperscan database (`Scanner.grep_patterns`, LC_ALL=C), with each of
``--samples`` (5) sets of about two dozen of them (every n-th from its own offset: grep's speed
depends on which ones, 0.27-0.60 s on the same 256 MB here) and once with all; diagnose with all of
them plus its Python decisions,
end to end as a command (interpreter start-up included). Outputs are compared: the failure's line
number from grep -n and diagnose's primary must agree, in every run. Each tool runs ``--repeat``
times (3), taking turns, and its median wall time is compared; CPU time is shown beside it, since
diagnose reads ahead and scans beside counting lines in two more threads (grep uses one). Peak RSS
and CPU from GNU time.

Targets (issue #10): at 256 MB >= 0.5x grep with ~24 patterns, at 1 GB >= 1x (judged against the
median set; the ratio against each set is printed too); peak RSS <= 150 MB.

    python bench/diagnose_throughput.py --size-mb 256
    python bench/diagnose_throughput.py --size-mb 1024      # run rarely: the machine is shared
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
from dataclasses import dataclass
from pathlib import Path

FAILURE = "CUDA driver version is insufficient for CUDA runtime version"
FEW = 24


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
    return "".join(out)


def write_log(path: Path, size_mb: int) -> tuple[int, int]:
    """The log, and the 1-based line number of its one failure line (in the middle)."""
    target = size_mb * 1024 * 1024
    written, lines, i, failure_line = 0, 0, 0, 0
    with open(path, "w", encoding="utf-8") as fh:
        while written < target:
            chunk = _block(i)
            if not failure_line and written + len(chunk) >= target // 2:
                fh.write(FAILURE + "\n")
                failure_line = lines + 1
                written += len(FAILURE) + 1
                lines += 1
            fh.write(chunk)
            written += len(chunk)
            lines += chunk.count("\n")
            i += 1
    return written, failure_line


@dataclass
class Timing:
    wall: float         # seconds
    cpu: float          # user + system seconds (GNU time); 0 without it
    rss: float          # peak RSS in MB (GNU time); 0 without it
    rc: int
    out: bytes


def timed(argv: list[str], env: dict[str, str] | None = None) -> Timing:
    """Wall and CPU seconds, peak RSS and exit code of one child, with its stdout."""
    gnu_time = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as rss_file:
        cmd = [gnu_time, "-f", "%U %S %M", "-o", rss_file.name, *argv] if gnu_time else argv
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env, check=False)
        wall = time.perf_counter() - start
        last = (rss_file.read().strip().splitlines() or [""])[-1].split()
        user, system, rss_kb = (float(x) for x in last) if gnu_time and len(last) == 3 else (0.0, 0.0, 0.0)
        out.seek(0)
        return Timing(wall, user + system, rss_kb / 1024, proc.returncode, out.read())


def median(timings: list[Timing]) -> Timing:
    """The run of median wall time (an odd number of runs: the middle one)."""
    return sorted(timings, key=lambda t: t.wall)[len(timings) // 2]


def grep_failure_line(stdout: bytes) -> int | None:
    for row in stdout.splitlines():
        number, _, text = row.partition(b":")
        if text.strip() == FAILURE.encode():
            return int(number)
    return None


def patterns(samples: int = 1) -> tuple[list[list[str]], list[str]]:
    """(``samples`` sets of about two dozen, all): the lean database's expressions, as diagnose scans
    the bulk of a log. Each set takes every n-th expression from its own offset: grep's speed
    depends on which two dozen it is given (one set ran 0.25 s, the next one, after a few
    signatures were added, 0.42 s on the same log), so several are timed."""
    from servecheck.diagnose.scan import Scanner
    from servecheck.diagnose.signatures import load

    every = Scanner(load()).grep_patterns()
    hit = next(p for p in every if "insufficient for CUDA runtime" in p)
    step = max(len(every) // (FEW - 1), 1)
    sets = []
    for i in range(samples):
        offset = i * step // samples
        sets.append([hit, *[p for p in every[offset::step] if p != hit]][:FEW])
    return sets, every


def run(size_mb: int, path: Path, keep: bool, repeat: int, samples: int) -> bool:
    grep = shutil.which("grep")
    if grep is None:
        raise SystemExit("grep not found")
    sets, every = patterns(samples)
    groups = {f"few{i}": pats for i, pats in enumerate(sets)} | {"all": every}
    files = {}
    for name, pats in groups.items():
        files[name] = path.with_suffix(f".{name}.patterns")
        files[name].write_text("\n".join(pats) + "\n")
    size, failure_line = write_log(path, size_mb)
    env_c = {**os.environ, "LC_ALL": "C"}
    try:
        with open(path, "rb") as fh:          # warm the page cache for every tool alike
            while fh.read(1 << 24):
                pass
        runs: dict[str, list[Timing]] = {name: [] for name in [*groups, "diagnose"]}
        for _ in range(repeat):             # the tools take turns, so a busy moment hits each alike
            for name in groups:
                runs[name].append(timed([grep, "-n", "-E", "-f", str(files[name]), str(path)], env_c))
            runs["diagnose"].append(timed([sys.executable, "-m", "servecheck", "diagnose", str(path), "--json"]))
    finally:
        if not keep:
            path.unlink(missing_ok=True)
        for f in files.values():
            f.unlink(missing_ok=True)
    d = median(runs["diagnose"])
    outputs = [json.loads(t.out or b"{}") for t in runs["diagnose"]]
    data = outputs[0]
    primary = data.get("primary") or {}
    mb = size / 1e6
    print(f"log: {mb:,.0f} MB, failure line {failure_line:,} of {data.get('stats', {}).get('lines', 0):,}; "
          f"median of {repeat} runs each, tools taking turns; CPU = user + system seconds")
    lines = {}
    for name, pats in groups.items():
        g = median(runs[name])
        lines[name] = {grep_failure_line(t.out) for t in runs[name]}
        matched = g.out.count(b"\n")
        label = "all" if name == "all" else f"set {name[3:]}"
        print(f"grep -n -E -f ({len(pats):4d} patterns, {label:>5}): {g.wall:6.2f} s {mb / g.wall:6.0f} MB/s "
              f"CPU {g.cpu:5.2f} s  peak RSS {g.rss:6.1f} MB  failure at line {sorted(lines[name])}  "
              f"({matched:,} lines matched)")
    print(f"servecheck diagnose (all {len(every)}+ patterns)      : {d.wall:6.2f} s {mb / d.wall:6.0f} MB/s "
          f"CPU {d.cpu:5.2f} s  peak RSS {max(t.rss for t in runs['diagnose']):6.1f} MB  exit {d.rc}, "
          f"{primary.get('class')} at line {primary.get('first_line')} "
          f"({data.get('stats', {}).get('candidate_lines', 0):,} lines examined in Python)")
    few_ratios = sorted(median(runs[name]).wall / d.wall for name in groups if name != "all")
    ratio_few = few_ratios[len(few_ratios) // 2]
    ratio_all = median(runs["all"]).wall / d.wall
    same = (all(found == {failure_line} for found in lines.values())
            and all((o.get("primary") or {}).get("first_line") == failure_line for o in outputs))
    d_rss = max(t.rss for t in runs["diagnose"])
    target = 1.0 if size_mb >= 1024 else 0.5
    print(f"ratio diagnose/grep: {ratio_few:.2f}x vs the median of {len(few_ratios)} sets of {FEW} patterns "
          f"(target >= {target}; against each set {', '.join(f'{r:.2f}x' for r in few_ratios)}), "
          f"{ratio_all:.2f}x vs all {len(every)}; outputs agree: {same}; "
          f"RSS <= 150 MB: {'ok' if d_rss <= 150 else 'MISSED'}")
    return same and ratio_few >= target and d_rss <= 150 and primary.get("class") == "driver_too_old"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=int, default=256)
    ap.add_argument("--path", type=Path, default=Path(tempfile.gettempdir()) / "servecheck-diagnose-bench.log")
    ap.add_argument("--keep", action="store_true", help="keep the generated log")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each tool (odd; the median is reported)")
    ap.add_argument("--samples", type=int, default=5,
                    help="sets of about two dozen patterns for grep, each from its own offset (odd)")
    args = ap.parse_args()
    return 0 if run(args.size_mb, args.path, args.keep, max(1, args.repeat | 1), max(1, args.samples | 1)) else 1


if __name__ == "__main__":
    sys.exit(main())
