"""The library entry used by the CLI, the demo and tests: options in, a prepared `Run` out."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from servecheck.errors import UsageError
from servecheck.load.engine import Run
from servecheck.load.models import Settings
from servecheck.load.prompts import load_agent_prefix
from servecheck.load.stages import DEFAULT_RAMP, default_stages, load_stages


@dataclass
class LoadOptions:
    url: str
    model: str | None = None
    stages_file: Path | None = None
    ramp: tuple[int, ...] | None = None
    context: int | None = None
    requests_per_stage: int | None = None
    stage_seconds: float | None = None
    max_tokens: int = 64
    slo_ttft_ms: float | None = None
    max_error_rate: float = 0.05
    agent_prefix: Path | None = None
    case_id: str | None = None
    store_path: Path | None = None
    out: Path | None = None
    timeout: float = 120.0
    stage_deadline: float = 600.0
    deadline: float = 3600.0
    api_key: str | None = None
    scrape_interval: float = 1.0
    wait: float = 60.0


def base_url(url: str) -> str:
    """http(s)://host[:port] of the server; a trailing /v1 (as in OpenAI client configs) is dropped."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"not an http(s) URL: {url!r} (e.g. http://127.0.0.1:8000)")
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[:-3]
    return f"{parts.scheme}://{parts.netloc}{path}"


def build_run(opts: LoadOptions) -> tuple[Run, Path]:
    url = base_url(opts.url)
    ramp = opts.ramp or DEFAULT_RAMP
    if opts.stages_file is not None:
        stages = load_stages(opts.stages_file)
    else:
        stages = default_stages(ramp, opts.requests_per_stage, opts.stage_seconds, opts.context,
                                opts.wait)
    settings = Settings(
        ramp=[] if opts.stages_file else list(ramp),
        stages_file=str(opts.stages_file) if opts.stages_file else None,
        requests_per_stage=opts.requests_per_stage, stage_seconds=opts.stage_seconds,
        context=opts.context, max_tokens=opts.max_tokens, timeout_s=opts.timeout,
        stage_deadline_s=opts.stage_deadline, run_deadline_s=opts.deadline,
        slo_ttft_ms=opts.slo_ttft_ms, max_error_rate=opts.max_error_rate,
        agent_prefix=str(opts.agent_prefix) if opts.agent_prefix else None,
    )
    prefix = load_agent_prefix(opts.agent_prefix) if opts.agent_prefix else None
    out = opts.out or Path(f"servecheck-load-{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S}")
    run = Run(url, stages, settings, out_dir=out, model=opts.model, api_key=opts.api_key,
              case_id=opts.case_id, store_path=opts.store_path, agent_prefix=prefix,
              scrape_interval=opts.scrape_interval)
    return run, out


def finish(run: Run, out_dir: Path) -> list[Path]:
    """Plots, then the final results.json naming every file; returns the files written."""
    from servecheck.load.plots import plot

    try:
        plots = plot(run.result, out_dir)
    except Exception as exc:  # noqa: BLE001 - a plotting failure must not lose the measured run
        run.result.files["plot_error"] = f"{type(exc).__name__}: {exc}"[:300]
        plots = []
    for path in plots:
        run.result.files[f"plot_{path.suffix.lstrip('.')}"] = path.name
    saved = run.writer.results(run.result)
    return [p for p in (saved, out_dir / "requests.jsonl", *plots) if p is not None and p.exists()]
