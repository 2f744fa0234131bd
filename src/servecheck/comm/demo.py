"""Demo step: a recorded nccl-tests log (built-in sample, 2 x 8 H200 over IB) -> comm result,
checked against the kimi-k3 recipe's all-to-all backend; the report step attaches it to the case
as runbook step 7, which fills checklist item 10."""

from __future__ import annotations

from importlib import resources
from typing import Any


def step(ctx: Any) -> None:
    from servecheck.comm.api import read
    from servecheck.comm.render import render
    from servecheck.fsutil import atomic_write_json

    base = resources.files("servecheck.comm").joinpath("data", "demo")
    out = ctx.out / "comm"
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in ("nccl-tests-2x8-h200.log", "ibstat-gpu-a07.txt"):  # copied: the result names real files
        (out / name).write_text(base.joinpath(name).read_text("utf-8"), encoding="utf-8")
        paths.append(out / name)
    result = read([str(paths[0])], [paths[1]], recipe="kimi-k3", backend_name="deepep_v2")
    render(result, ctx.console)
    atomic_write_json(out / "comm.json", result.model_dump(mode="json"))
    ctx.state["comm"] = out / "comm.json"
    ctx.console.print(f"comm result: {out / 'comm.json'} (overall {result.overall}); "
                      "the case step records it as runbook step 7 -> checklist item 10")
