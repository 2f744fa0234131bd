"""Terminal rendering of a CommResult (the JSON is the saved form; this is only a view)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from servecheck.comm.models import CommResult, CommTest

_COLOR = {"pass": "green", "slow": "yellow", "fail": "red", "unknown": "magenta"}


def _gbps(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def _transport(t: CommTest) -> str:
    tr = t.transport
    parts = [tr.net or "net ?"]
    if tr.gdr is not None:
        parts.append("GDR" if tr.gdr else "no GDR")
    if tr.p2p:
        parts.append("P2P/" + "/".join(tr.p2p))
    if tr.shm:
        parts.append("SHM")
    if tr.nvls is not None:
        parts.append("NVLS" if tr.nvls else "no NVLS")
    if tr.nccl_version:
        parts.append(f"NCCL {tr.nccl_version}")
    return ", ".join(parts)


def render(result: CommResult, console: Console) -> None:
    table = Table("#", "op", "status", "ranks/nodes", "peak GB/s", "expected", "wrong", "verdict",
                  title="servecheck comm (busbw, G = 10^9)")
    for i, t in enumerate(result.tests, 1):
        table.add_row(str(i), t.op, t.status, f"{t.ranks or '?'}/{t.nodes or '?'}", _gbps(t.peak_busbw_gbps),
                      _gbps(t.expectation.expected_gbps), "-" if t.wrong is None else str(t.wrong),
                      f"[{_COLOR[t.verdict]}]{t.verdict}[/]")
    console.print(table)
    for i, t in enumerate(result.tests, 1):
        gpus = ", ".join(f"{n}x {m}" for m, n in t.gpus.items()) or "GPUs not listed"
        console.print(f"{i}. [bold]{t.op}[/bold] ({t.source}): {t.reason}")
        console.print(f"   {gpus}; avg busbw {_gbps(t.avg_busbw_gbps)} GB/s; transport: {_transport(t)}")
        for line in t.explains:
            console.print(f"   - {line}")
        if t.expectation.basis:
            console.print(f"   expected from: {t.expectation.basis}")
        if t.diagnosis:
            console.print(f"   diagnose: {t.diagnosis['class']} — {t.diagnosis['explanation']}")
    for path in (result.topology or {}).get("unread", []):
        # a topology file named on the command line that gave no fact is said, not passed over
        console.print(f"[magenta]topology: {path} holds no ibstat, ibv_devinfo or nvidia-smi topo "
                      f"output: nothing read from it[/]")
    if result.backend is not None:
        b = result.backend
        color = {True: "green", False: "red", None: "magenta"}[b.fits]
        console.print(f"all-to-all backend ({b.recipe}): [{color}]{b.message}[/]")
    console.print(f"overall: [{_COLOR[result.overall]}]{result.overall}[/]")
