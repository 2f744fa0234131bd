"""The plain ``nvidia-smi`` table, verbatim: what a human reads first, and a second source for
the driver and CUDA versions when XML or NVML fail."""

from __future__ import annotations

from servecheck.capture.parsers import nvsmi
from servecheck.capture.probe import ProbeContext, require_ok

NAME = "nvidia_smi"
DESCRIPTION = "default nvidia-smi table (verbatim) and its header facts"


def collect(ctx: ProbeContext) -> None:
    result = ctx.run(["nvidia-smi"], raw_name="nvidia-smi.txt")
    header = nvsmi.parse_header(result.stdout + result.stderr)
    if header.get("smi_error"):
        ctx.set("gpu", smi_error=header["smi_error"])
    require_ok(result)
    ctx.set("gpu_text", **header, gpus=nvsmi.parse_text_gpus(result.stdout))
