"""Terminal rendering: a live view while the ramp runs, and the stage table at the end."""

from __future__ import annotations

from time import perf_counter
from typing import TYPE_CHECKING, Any

from rich.table import Table

from servecheck.load.models import LoadResult, StageRecord

if TYPE_CHECKING:
    from servecheck.load.engine import Run


def _ms(value: float | None) -> str:
    return "-" if value is None else (f"{value:,.0f}" if value >= 100 else f"{value:.1f}")


def _num(value: float | None, fmt: str = "{:g}") -> str:
    return "-" if value is None else fmt.format(value)


_COLUMNS = ("stage", "c", "ok/sent", "fail", "inc", "TTFT p50/p90", "ITL p50", "e2e p90", "req/s",
            "tok/s", "cache hit", "KV peak", "waiting", "errors")
# What fits in 80 columns: the counts, the client's latency and the server's queue.
_COMPACT = ("stage", "c", "ok/sent", "fail", "TTFT p50", "e2e p90", "req/s", "hit", "wait")


def _cells(s: StageRecord) -> dict[str, str]:
    srv = s.server
    hit = srv.prefix_cache.hit_rate
    return {
        "stage": s.name, "c": str(s.concurrency), "ok/sent": f"{s.counts.succeeded}/{s.counts.sent}",
        "fail": str(s.counts.failed), "inc": str(s.counts.incomplete),
        "TTFT p50/p90": f"{_ms(s.latency.ttft.p50)}/{_ms(s.latency.ttft.p90)}",
        "ITL p50": _ms(s.latency.itl.p50), "e2e p90": _ms(s.latency.e2e.p90),
        "req/s": "-" if s.kind == "ready" else _num(s.throughput.requests_per_s, "{:.1f}"),
        "tok/s": "-" if s.kind == "ready" else _num(s.throughput.output_tokens_per_s, "{:,.0f}"),
        "cache hit": "-" if hit is None else f"{hit:.0%}",
        "KV peak": "-" if srv.kv_cache_usage_peak is None else f"{srv.kv_cache_usage_peak:.0%}",
        "waiting": _num(srv.waiting_peak),
        "TTFT p50": _ms(s.latency.ttft.p50),
        "hit": "-" if hit is None else f"{hit:.0%}",
        "wait": _num(srv.waiting_peak),
        "errors": ", ".join(f"{k} {v}" for k, v in s.errors.items()) or "-",
    }


def stage_table(stages: list[StageRecord], title: str | None = None, compact: bool = False) -> Table:
    columns = _COMPACT if compact else _COLUMNS
    table = Table(title=title, title_justify="left", header_style="bold", caption="latencies in ms")
    for col in columns:
        table.add_column(col, justify="left" if col in ("stage", "errors") else "right")
    for s in stages:
        cells = _cells(s)
        style = "red" if s.counts.failed else ("yellow" if s.counts.incomplete else None)
        table.add_row(*(cells[c] for c in columns), style=style)
    return table


def summary_lines(result: LoadResult) -> list[str]:
    lines = [f"status: [bold]{result.status}[/bold]"]
    if result.stop is not None:
        lines.append(f"stopped by [bold]{result.stop.rule}[/bold] at {result.stop.stage}: {result.stop.reason}")
    for stage in result.stages:
        for kind in ("capacity", "communication"):
            found = [sig.detail for sig in stage.signals if sig.kind == kind]
            if found:
                lines.append(f"{stage.name}: [bold]{kind}[/bold]: " + "; ".join(found))
    if result.case.case_id:
        lines.append(f"case {result.case.case_id}: {result.case.status}; image {result.case.image}; "
                     f"driver {result.case.driver_version}")
    return lines


class LiveView:
    """What `rich.live.Live` renders a few times a second: finished stages plus the one running."""

    def __init__(self, run: Run, compact: bool = False) -> None:
        self.run, self.compact = run, compact
        self.started = perf_counter()

    def __rich__(self) -> Any:
        from rich.console import Group
        from rich.text import Text

        run = self.run
        done = [s for s in run.result.stages if s.ended_at]
        parts: list[Any] = [stage_table(done, title=f"servecheck load {run.target.base_url}",
                                        compact=self.compact)]
        sr, stage = run.current, run.current_stage
        if sr is not None and stage is not None and run.result.stages and not run.result.stages[-1].ended_at:
            planned = f"/{stage.planned}" if stage.planned else ""
            parts.append(Text(
                f"running {stage.name}: {sr.done}{planned} done, {len(sr.reqs) - sr.done} in flight, "
                f"{sr.failed} failed  ({perf_counter() - self.started:.0f}s elapsed; Ctrl-C stops "
                "and keeps the data)"))
        return Group(*parts)
