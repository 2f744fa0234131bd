"""Compute processes on the GPUs: the other workloads that hold memory a new server expects."""

from __future__ import annotations

from servecheck.capture.parsers import nvsmi
from servecheck.capture.probe import ProbeContext, require_ok

NAME = "gpu_processes"
DESCRIPTION = "compute processes on the GPUs (pid, name, used memory)"


def collect(ctx: ProbeContext) -> None:
    argv = ["nvidia-smi", "--query-compute-apps=pid,process_name,used_memory,gpu_uuid",
            "--format=csv,noheader,nounits"]
    result = require_ok(ctx.run(argv, raw_name="nvidia-smi-compute-apps.csv"))
    ctx.set("gpu_processes", processes=nvsmi.parse_compute_apps(result.stdout))
