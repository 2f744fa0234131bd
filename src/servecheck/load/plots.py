"""Plots of a load run, per stage: latency, throughput, errors. Rendered from the saved result.

load.svg is always drawn (servecheck.svg, no extra packages); load.png only on request
(`load --png`), with matplotlib from the optional [plots] extra.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from servecheck.errors import UsageError
from servecheck.fsutil import atomic_write_text
from servecheck.load.models import LoadResult, StageRecord
from servecheck.svg import bars, stack

STEM = "load"
PNG_HINT = "PNG plots need matplotlib: pip install -e '.[plots]' (load.svg needs nothing extra)"


_TICKS_MS = (0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000)


def require_png() -> None:
    """Refuse `--png` before the run starts when matplotlib is missing (a usage error, not a crash)."""
    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError(PNG_HINT)


def plot(result: LoadResult, out_dir: Path, png: bool = False) -> list[Path]:
    """Write load.svg (and load.png when asked); returns the paths. No stages, no plot."""
    stages = [s for s in result.stages if s.kind != "ready"]
    if not stages:
        return []
    out_dir.mkdir(parents=True, exist_ok=True)
    svg_path = out_dir / f"{STEM}.svg"
    atomic_write_text(svg_path, _svg(result, stages))
    if not png:
        return [svg_path]
    return [_png(result, stages, out_dir), svg_path]


def _title(result: LoadResult) -> str:
    return f"servecheck load: {result.target.model or '?'} at {result.target.url} ({result.status})"


def _svg(result: LoadResult, stages: list[StageRecord]) -> str:
    names = [s.name for s in stages]
    latency = bars("Latency per stage (ms, client, from due time)", names, {
        "TTFT p50": [s.latency.ttft.p50 for s in stages],
        "TTFT p90": [s.latency.ttft.p90 for s in stages],
        "ITL p50": [s.latency.itl.p50 for s in stages],
        "e2e p50": [s.latency.e2e.p50 for s in stages],
    }, unit=" ms")
    tokens = bars("Output tokens/s per stage", names,
                  {"output tokens/s": [s.throughput.output_tokens_per_s for s in stages]})
    requests = bars("Requests/s per stage", names,
                    {"requests/s": [s.throughput.requests_per_s for s in stages]})
    kinds = sorted({k for s in stages for k in s.errors})
    failed: dict[str, list[float | None]] = {k: [float(s.errors.get(k, 0)) for s in stages] for k in kinds}
    failed["incomplete"] = [float(s.counts.incomplete) for s in stages]
    errors = bars("Failed requests per stage (0 everywhere: no errors)"
                  if not any(v for vs in failed.values() for v in vs) else "Failed requests per stage",
                  names, failed)
    return stack(_title(result), [latency, tokens, requests, errors])


def _png(result: LoadResult, stages: list[StageRecord], out_dir: Path) -> Path:
    require_png()
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import FuncFormatter

    names = [s.name for s in stages]
    x = list(range(len(stages)))
    fig, (lat, tput, err) = plt.subplots(3, 1, figsize=(9, 9), sharex=True)
    fig.suptitle(_title(result), fontsize=10)

    for label, values, style in (
        ("TTFT p50", [s.latency.ttft.p50 for s in stages], "o-"),
        ("TTFT p90", [s.latency.ttft.p90 for s in stages], "o--"),
        ("ITL p50", [s.latency.itl.p50 for s in stages], "s-"),
        ("e2e p50", [s.latency.e2e.p50 for s in stages], "^-"),
    ):
        lat.plot(x, [v if v is not None else float("nan") for v in values], style, label=label)
    if result.settings.slo_ttft_ms:
        lat.axhline(result.settings.slo_ttft_ms, color="red", lw=0.8, ls=":", label="TTFT SLO")
    lat.set_ylabel("ms (client, from due time)")
    lat.set_yscale("symlog", linthresh=10)
    # symlog labels only powers of ten; name the steps operators read (1-2-5 per decade).
    top = max((v for s in stages for v in (s.latency.e2e.p50, s.latency.ttft.p90) if v), default=10.0)
    low = 2 if top >= 50 else 0  # below 2 ms the linear part of symlog crowds the labels
    lat.set_yticks([t for t in _TICKS_MS if low <= t <= top * 1.5] or [0, 10])
    lat.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    lat.legend(fontsize=8, loc="upper left")
    lat.grid(alpha=0.3)

    tput.bar(x, [s.throughput.output_tokens_per_s for s in stages], color="tab:blue", alpha=0.6)
    tput.set_ylabel("output tokens/s", color="tab:blue")
    req_axis = tput.twinx()
    req_axis.plot(x, [s.throughput.requests_per_s for s in stages], "ko-", label="requests/s")
    req_axis.set_ylabel("requests/s")
    tput.grid(alpha=0.3)

    kinds = sorted({k for s in stages for k in s.errors})
    bottom = [0.0] * len(stages)
    for kind in kinds:
        counts = [float(s.errors.get(kind, 0)) for s in stages]
        err.bar(x, counts, bottom=bottom, label=kind)
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    incomplete = [float(s.counts.incomplete) for s in stages]
    if any(incomplete):
        err.bar(x, incomplete, bottom=bottom, label="incomplete", color="lightgray", hatch="//")
    err.set_ylabel("failed requests")
    if kinds or any(incomplete):
        err.legend(fontsize=8, loc="upper left")
    else:
        err.text(0.5, 0.5, "no errors", transform=err.transAxes, ha="center", va="center")
    err.set_xticks(x, names, rotation=30, ha="right", fontsize=8)
    err.grid(alpha=0.3)

    fig.tight_layout()
    path = out_dir / f"{STEM}.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
