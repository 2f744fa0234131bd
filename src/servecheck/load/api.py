"""The library entry used by the CLI, the demo and tests: options in, a prepared `Run` out."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from servecheck.load.engine import Run
from servecheck.load.models import Settings
from servecheck.load.stages import DEFAULT_RAMP, default_stages, load_stages
from servecheck.server.prompts import load_agent_prefix
from servecheck.server.url import parse_url


@dataclass
class LoadOptions:
    """What to run against whom; the measured knobs live in `settings` (saved with the result)."""

    url: str
    settings: Settings = field(default_factory=Settings)
    model: str | None = None
    stages_file: Path | None = None
    agent_prefix: Path | None = None
    case_id: str | None = None
    store_path: Path | None = None
    out: Path | None = None
    api_key: str | None = None
    scrape_interval: float = 1.0
    wait: float = 60.0
    png: bool = False  # load.png next to load.svg (matplotlib, the [plots] extra)


def build_run(opts: LoadOptions) -> tuple[Run, Path]:
    url = parse_url(opts.url, opts.api_key)  # a UsageError for a bad URL, before anything runs
    if opts.png:
        from servecheck.load.plots import require_png

        require_png()
    settings = opts.settings.model_copy()
    if opts.stages_file is not None:
        stages = load_stages(opts.stages_file)
        settings.ramp, settings.stages_file = [], str(opts.stages_file)
    else:
        settings.ramp = settings.ramp or list(DEFAULT_RAMP)
        stages = default_stages(tuple(settings.ramp), settings.requests_per_stage,
                                settings.stage_seconds, settings.context, opts.wait)
    prefix = None
    if opts.agent_prefix is not None:
        prefix = load_agent_prefix(opts.agent_prefix)
        settings.agent_prefix = str(opts.agent_prefix)
    out = opts.out or Path(f"servecheck-load-{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S}")
    run = Run(url, stages, settings, out_dir=out, model=opts.model, api_key=opts.api_key,
              case_id=opts.case_id, store_path=opts.store_path, agent_prefix=prefix,
              scrape_interval=opts.scrape_interval, ready_wait=opts.wait)
    return run, out


def finish(run: Run, out_dir: Path, png: bool = False) -> list[Path]:
    """Plots, then the final results.json naming every file; returns the files written."""
    from servecheck.load.plots import plot

    try:
        plots = plot(run.result, out_dir, png=png)
    except Exception as exc:  # noqa: BLE001 - a plotting failure must not lose the measured run
        run.result.files["plot_error"] = f"{type(exc).__name__}: {exc}"[:300]
        plots = []
    for path in plots:
        run.result.files[f"plot_{path.suffix.lstrip('.')}"] = path.name
    saved = run.writer.results(run.result)
    return [p for p in (saved, out_dir / "requests.jsonl", *plots) if p is not None and p.exists()]
