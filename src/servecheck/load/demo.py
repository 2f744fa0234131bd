"""Demo step: a short load ramp against the sim the verify step left running (or our own)."""

from __future__ import annotations

from typing import Any


def step(ctx: Any) -> None:
    from servecheck.load.api import LoadOptions, build_run, finish
    from servecheck.load.engine import run_sync
    from servecheck.load.models import Settings
    from servecheck.load.view import stage_table, summary_lines

    url = ctx.state.get("sim_url")
    if not url:
        from servecheck.sim.scenarios import resolve
        from servecheck.sim.server import SimServer

        server = SimServer(resolve("healthy"), model="sim-model").start()
        ctx.state.setdefault("cleanup", []).append(server.stop)
        url = ctx.state["sim_url"] = server.url
        ctx.console.print(f"sim (scenario healthy) listening at {url}")
    out = ctx.out / "load"
    settings = Settings(ramp=[1, 4, 16], requests_per_stage=32, context=2048, timeout_s=30,
                        stage_deadline_s=30, run_deadline_s=90)
    opts = LoadOptions(url=url, settings=settings, out=out, scrape_interval=0.2)
    run, out_dir = build_run(opts)
    result = run_sync(run, handle_sigint=False)
    files = finish(run, out_dir)
    ctx.console.print(stage_table(result.stages, title=f"load ramp against {url}",
                                  compact=ctx.console.width < 140))
    for line in summary_lines(result):
        ctx.console.print(line)
    ctx.state["load"] = out_dir / "results.json"
    ctx.console.print("wrote " + ", ".join(str(p) for p in files))
