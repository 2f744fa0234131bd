"""Demo step: start the sim (scenario healthy) on 127.0.0.1, verify it (with a second sim as the
previous service for the fallback check), save the result.

The sim stays up for later steps (load, report): its URL is ctx.state["sim_url"] and its stop
function is registered in ctx.state["cleanup"].
"""

from __future__ import annotations

from typing import Any


def step(ctx: Any) -> None:
    from servecheck.fsutil import atomic_write_text
    from servecheck.sim.scenarios import resolve
    from servecheck.sim.server import SimServer
    from servecheck.verify.options import VerifyOptions
    from servecheck.verify.render import footer, table
    from servecheck.verify.runner import run_verify

    server = SimServer(resolve("healthy"), model="sim-model").start()
    ctx.state.setdefault("cleanup", []).append(server.stop)
    ctx.state["sim_url"] = server.url
    ctx.state["sim"] = server
    # A second sim stands in for the previous service, so that the fallback re-check runs for
    # real; the case still records the rollback path as rehearsed (it is a stand-in).
    previous = SimServer(resolve("healthy"), model="sim-model").start()
    ctx.state["cleanup"].append(previous.stop)
    ctx.console.print(f"sim (scenario healthy) listening at {server.url}; "
                      f"a second sim stands in for the previous service at {previous.url}")
    result = run_verify(VerifyOptions(url=server.url, timeout_s=30, wait_s=10, fallback_url=previous.url))
    path = ctx.out / "verify.json"
    atomic_write_text(path, result.model_dump_json(indent=2) + "\n")
    ctx.state["verify"] = path
    ctx.console.print(table(result))
    ctx.console.print(footer(result))
    ctx.console.print(f"saved {path}")
