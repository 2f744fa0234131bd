"""``nvidia-smi topo -m`` verbatim: NVLink vs PCIe paths decide NCCL's behaviour and the
all-to-all backend a recipe may use."""

from __future__ import annotations

from servecheck.capture.parsers import nvsmi
from servecheck.capture.probe import ProbeContext, require_ok

NAME = "topology"
DESCRIPTION = "GPU/NIC topology matrix"


def collect(ctx: ProbeContext) -> None:
    result = require_ok(ctx.run(["nvidia-smi", "topo", "-m"], raw_name="nvidia-smi-topo.txt"))
    ctx.set("gpu", topology=result.stdout, nvlink=nvsmi.topology_has_nvlink(result.stdout))
