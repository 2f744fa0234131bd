"""``nvidia-smi topo -m``: the GPU matrix read once, for capture (NVLink yes/no) and comm (paths).

The header row names the columns (``GPU0 GPU1 ... NIC0 ... CPU Affinity ...``); each ``GPU<n>``
row holds one cell per column: ``X`` for itself, ``NV<k>`` for k bonded NVLinks, or the PCIe/CPU
path ``PIX``/``PXB``/``PHB``/``NODE``/``SYS`` (nvidia-smi's own legend). The header is underlined
with terminal escapes even into a file (recorded on an H200, driver 580.159.04:
tests/capture/fixtures/recorded-h200-r580/topo.txt), so the text is read through :mod:`ansi`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from servecheck import ansi

_COLUMN = re.compile(r"(GPU|NIC)\d+")
_GPU_ROW = re.compile(r"GPU\d+")


@dataclass(frozen=True)
class Matrix:
    """The cells of one matrix, by kind of peer; ``X`` (the GPU itself) left out."""

    gpus: int
    nics: int
    gpu_cells: list[str] = field(default_factory=list)
    nic_cells: list[str] = field(default_factory=list)

    @property
    def nvlink(self) -> bool | None:
        """True when any GPU-GPU cell is a bonded NVLink set; None with no GPU-GPU cell (one GPU)."""
        return any(c.startswith("NV") for c in self.gpu_cells) if self.gpu_cells else None


def read(text: str) -> Matrix | None:
    """The matrix in ``text``, or None without a ``GPU0`` header row and a ``GPU<n>`` row under it."""
    lines = [ln for ln in ansi.strip(text).splitlines() if ln.strip()]
    header = next((ln.split() for ln in lines if "GPU0" in ln.split()[:2]), None)
    if header is None:
        return None
    cols = [c for c in header if _COLUMN.fullmatch(c)]
    gpu_cells: list[str] = []
    nic_cells: list[str] = []
    gpus = 0
    for ln in lines:
        parts = ln.split()
        if parts == header or not _GPU_ROW.fullmatch(parts[0]):
            continue
        gpus += 1
        for col, cell in zip(cols, parts[1:1 + len(cols)], strict=False):
            if cell != "X":
                (gpu_cells if col.startswith("GPU") else nic_cells).append(cell)
    if not gpus:
        return None
    return Matrix(gpus=gpus, nics=sum(1 for c in cols if c.startswith("NIC")),
                  gpu_cells=gpu_cells, nic_cells=nic_cells)
