"""The host: name, kernel, OS, CPUs, memory, /dev/shm size, cgroup limits, the environment.

/dev/shm matters because NCCL and vLLM's multiprocessing use it; a 64 MB default in a container
is a classic cause of NCCL failures. The environment is collected whole and redacted later.
"""

from __future__ import annotations

import os
import platform

from servecheck.capture.probe import ProbeContext

NAME = "host"
DESCRIPTION = "hostname, kernel, OS release, CPUs, memory, /dev/shm, cgroup limits, environment"

_CGROUP_FILES = ("memory.max", "memory.high", "cpu.max", "pids.max", "memory.limit_in_bytes")


def collect(ctx: ProbeContext) -> None:
    uname = platform.uname()
    ctx.set("host", hostname=uname.node or None, kernel=f"{uname.system} {uname.release}",
            cpus=os.cpu_count(), env=dict(ctx.options.env or os.environ))
    os_release = ctx.path("/etc/os-release")
    if os_release.is_file():
        text = os_release.read_text(errors="replace")
        ctx.raw["os-release"] = text
        pretty = [ln.split("=", 1)[1].strip('"') for ln in text.splitlines()
                  if ln.startswith("PRETTY_NAME=")]
        ctx.set("host", os_release=pretty[0] if pretty else None)
    meminfo = ctx.path("/proc/meminfo")
    if meminfo.is_file():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                ctx.set("host", memory_total_bytes=int(line.split()[1]) * 1024)
    shm = ctx.path("/dev/shm")
    if shm.is_dir():
        st = os.statvfs(shm)
        ctx.set("host", shm_size_bytes=st.f_blocks * st.f_frsize)
    cgroup = {}
    for name in _CGROUP_FILES:
        f = ctx.path(f"/sys/fs/cgroup/{name}")
        if f.is_file():
            try:
                cgroup[name] = f.read_text().strip()
            except OSError:
                continue
    ctx.set("host", cgroup=cgroup)
