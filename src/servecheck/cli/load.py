"""`servecheck load URL`: the staged load ramp with per-stage records (thin: parse, run, render)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from servecheck.cli.case import case_option
from servecheck.server.keys import KEY_ENVS

if TYPE_CHECKING:
    from servecheck.load.engine import Run
    from servecheck.load.models import LoadResult

EXIT_OK, EXIT_STOPPED, EXIT_NOT_PROVEN, EXIT_INTERRUPTED = 0, 1, 3, 130


def _ramp(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        levels = tuple(int(x) for x in value.split(",") if x.strip())
    except ValueError:
        raise click.BadParameter("a comma-separated list of concurrency levels, e.g. 1,2,4,8") from None
    if not levels or min(levels) < 1:
        raise click.BadParameter("concurrency levels must be >= 1")
    return levels


@click.command()
@click.argument("url")
@click.option("--model", help="Model to send requests to (default: the first one in /v1/models).")
@click.option("--stages", "stages_file", type=click.Path(path_type=Path, dir_okay=False),
              help="Stages file (JSON or TOML: a list of {kind, ...}); replaces the default ramp.")
@click.option("--ramp", callback=_ramp, metavar="C1,C2,...",
              help="Concurrency levels of the parallel stages  [default: 1,2,4,8,16,32]")
@click.option("--context", type=click.IntRange(min=16), help="Target context in tokens [default: 4096, capped by max_model_len].")
@click.option("--requests-per-stage", type=click.IntRange(min=1), help="Requests per parallel stage [default: max(16, 4 x concurrency)].")
@click.option("--stage-seconds", type=click.FloatRange(min=0.1), help="Run each parallel stage for S seconds instead of N requests.")
@click.option("--max-tokens", type=click.IntRange(min=1), default=64, show_default=True, help="Output tokens per request.")
@click.option("--slo-ttft-ms", type=click.FloatRange(min=0), help="Stop when a stage's TTFT p90 exceeds this.")
@click.option("--max-error-rate", type=click.FloatRange(0, 1), default=0.05, show_default=True,
              help="Stop when a stage's failed / finished exceeds this.")
@click.option("--agent-prefix", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Shared system prompt for agent turns: text, or JSON {system, tools}.")
@case_option
@click.option("--json", "as_json", is_flag=True, help="Print the result JSON only (no live display).")
@click.option("--out", type=click.Path(path_type=Path),
              help="Folder for results.json, requests.jsonl and plots [default: ./servecheck-load-<time>].")
@click.option("--png", is_flag=True, help="Also write load.png (needs matplotlib: the [plots] extra); load.svg is always written.")
@click.option("--wait", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="How long the ready stage waits for /health (s).")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=120.0, show_default=True, help="Per-request timeout (s).")
@click.option("--stage-deadline", type=click.FloatRange(min=1), default=600.0, show_default=True, help="Per-stage deadline (s).")
@click.option("--deadline", type=click.FloatRange(min=1), default=3600.0, show_default=True, help="Whole-run deadline (s).")
@click.option("--api-key", envvar=list(KEY_ENVS), show_envvar=True,
              help="Bearer key for the server (wins over user:password in the URL; never written to any output).")
def load(url: str, model: str | None, stages_file: Path | None, ramp: tuple[int, ...] | None,
         context: int | None, requests_per_stage: int | None, stage_seconds: float | None,
         max_tokens: int, slo_ttft_ms: float | None, max_error_rate: float,
         agent_prefix: Path | None, case_id: str | None, store_path: Path | None, as_json: bool,
         out: Path | None, png: bool, wait: float, timeout: float, stage_deadline: float, deadline: float,
         api_key: str | None) -> int:
    """Raise the load on the server at URL in stages and record each one.

    Stages: ready, short, target-context, then parallel agent-style stages at rising concurrency,
    until the ramp ends or a stop rule fires (error rate, TTFT SLO, server overloaded). Only URL
    is contacted. Exit 0: ramp completed; 1: stopped by a rule, server not ready or deadline;
    3: the server never answered (refused, silent, not HTTP): nothing measured; 130: interrupted
    (what was measured is kept).
    """
    from servecheck.errors import UsageError
    from servecheck.load.api import LoadOptions, build_run, finish
    from servecheck.load.models import LoadResult, Settings
    from servecheck.load.output import check_out_folder

    if stages_file and ramp:
        raise UsageError("--stages and --ramp exclude each other")
    if requests_per_stage and stage_seconds:
        raise UsageError("--requests-per-stage and --stage-seconds exclude each other")
    if out is not None:
        check_out_folder(out)
    settings = Settings(
        ramp=list(ramp or ()), requests_per_stage=requests_per_stage, stage_seconds=stage_seconds,
        context=context, max_tokens=max_tokens, timeout_s=timeout, stage_deadline_s=stage_deadline,
        run_deadline_s=deadline, slo_ttft_ms=slo_ttft_ms, max_error_rate=max_error_rate,
    )
    opts = LoadOptions(url=url, settings=settings, model=model, stages_file=stages_file,
                       agent_prefix=agent_prefix, case_id=case_id, store_path=store_path, out=out,
                       api_key=api_key, wait=wait, png=png)
    run, out_dir = build_run(opts)
    from servecheck.redact.stream import process_redactor

    process_redactor().add_known(*run.writer.secrets)  # the terminal too, whatever prints them
    result = _execute(run, live=not as_json and sys.stderr.isatty())
    files = finish(run, out_dir, png=png)
    # everything shown or stored passes the known secrets (key, URL password) by value
    clean = LoadResult.model_validate_json(run.writer.scrub(result.model_dump_json()))
    _attach(case_id, store_path, clean, out_dir)
    if as_json:
        click.echo(clean.model_dump_json(indent=2))
    else:
        _render(clean, files)
    if result.status == "interrupted":
        return EXIT_INTERRUPTED
    if result.stop is not None and result.stop.rule == "unreachable":
        return EXIT_NOT_PROVEN  # nothing answered: nothing measured, which is not a failed run
    return EXIT_OK if result.status == "completed" else EXIT_STOPPED


def _execute(run: Run, live: bool) -> LoadResult:
    from servecheck.load.engine import run_sync

    if not live:
        return run_sync(run)
    from rich.console import Console
    from rich.live import Live

    from servecheck.load.view import LiveView

    console = Console(stderr=True)
    view = LiveView(run, compact=console.width < 140)
    with Live(view, console=console, refresh_per_second=4, transient=True):
        return run_sync(run)


def _attach(case_id: str | None, store_path: Path | None, result: LoadResult, out_dir: Path) -> None:
    if not case_id:
        return
    from servecheck.cli.case import attach_and_say
    from servecheck.errors import StoreError

    try:
        attach_and_say(case_id, store_path, "load", result.model_dump(mode="json"), out_dir)
    except StoreError as exc:
        click.echo(f"servecheck: warning: results kept in {out_dir} but not attached: {exc}", err=True)


def _render(result: LoadResult, files: list[Path]) -> None:
    from rich.console import Console

    console = Console(width=None if sys.stdout.isatty() else 160)
    if result.stop is not None and result.stop.rule == "unreachable":  # one line, no empty table
        click.echo(f"status: not_ready: {result.stop.reason}")
    else:
        _tables(console, result)
    for path in files:
        console.print(f"wrote {path}")


def _tables(console: Any, result: LoadResult) -> None:
    from servecheck.load.view import stage_table, summary_lines

    title = f"servecheck load {result.target.url} (model {result.target.model or '?'})"
    console.print(stage_table(result.stages, title=title, compact=console.width < 140))
    for line in summary_lines(result):
        console.print(line)
