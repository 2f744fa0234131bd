"""`servecheck capture`: secure the evidence before anything changes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from servecheck.capture.bundle import BundleResult


# Exit code: the bundle was written but lacks something the user asked for (docs/case.md).
INCOMPLETE = 4


@click.command()
@click.option("--image", metavar="REF", help="Image reference to inspect (name:tag or @digest).")
@click.option("--container", metavar="NAME", help="Container (running or exited) to inspect, with its logs.")
@click.option("--log", "log_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Start-up log file (used instead of the container's logs).")
@click.option("--cmd", metavar="COMMAND", help="The start command, when it was given by hand.")
@click.option("--from", "from_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Build the bundle from files gathered by hand on another machine.")
@click.option("--out", type=click.Path(path_type=Path), help="Bundle directory (default ./servecheck-<host>-<UTC time>).")
@click.option("--timeout", type=click.FloatRange(0.1, 600), default=10.0, show_default=True,
              help="Seconds each probe may take; a hung probe is recorded as timeout.")
@click.option("--engine", type=click.Choice(["auto", "docker", "podman"]), default="auto", show_default=True,
              help="Container engine to ask about --container/--image (auto: docker, else podman).")
@click.option("--no-nvml", is_flag=True, help="Skip NVML; read nvidia-smi only.")
@click.option("--tar", is_flag=True, help="Also write <bundle>.tar.gz.")
@click.option("--anonymize", is_flag=True,
              help="Replace hostnames, IP/MAC addresses and user names (map written beside the bundle).")
@click.option("--json", "as_json", is_flag=True, help='Print {"bundle": PATH, "probes": {name: status}}.')
@click.option("--case", "case_id", metavar="ID", help="Attach the bundle to this case.")
@click.option("--store", type=click.Path(path_type=Path), help="Case store (default $SERVECHECK_STORE or user data dir).")
def capture(image: str | None, container: str | None, log_path: Path | None, cmd: str | None,
            from_dir: Path | None, out: Path | None, timeout: float, engine: str, no_nvml: bool,
            tar: bool, anonymize: bool, as_json: bool, case_id: str | None, store: Path | None) -> int:
    """Collect GPU, driver, runtime, image, container, log and host evidence into one bundle.

    Every probe runs in parallel with its own timeout; missing tools, errors and hangs are
    recorded, never fatal. Secrets are redacted before anything is written.

    Exit 0 when everything asked for was read; 4 when a container, image or log that was asked
    for could not be read or holds nothing (an empty log), or a probe was abandoned at its
    deadline (a hung nvidia-smi): the bundle is written and marked incomplete, and the last line
    says what is missing.
    """
    from servecheck.capture.probe import INTERRUPTED, CaptureOptions
    from servecheck.capture.run import BundleInterrupted, default_out, empty_asked
    from servecheck.capture.run import capture as run_capture
    from servecheck.redact import Redactor

    options = CaptureOptions(image=image, container=container, log_path=log_path, cmd=cmd,
                             timeout=timeout, engine=engine, use_nvml=not no_nvml,
                             env=dict(os.environ))
    argv = Redactor().argv(["servecheck", *sys.argv[1:]])
    try:
        result = run_capture(options, out or default_out(), argv, from_dir=from_dir, tar=tar,
                             anonymize=anonymize, unique=out is None)
    except BundleInterrupted as exc:
        done = sum(p.status != "skipped" or p.error != INTERRUPTED for p in exc.result.evidence.probes)
        click.echo(f"capture INTERRUPTED: bundle {exc.result.path} keeps the {done} probe(s) that "
                   "finished and is marked incomplete (see manifest.json)", err=True)
        raise KeyboardInterrupt from None   # the CLI edge ends it: one line, exit 130
    if case_id:
        _attach(case_id, store, result)
    missing = result.evidence.missing
    if as_json:
        click.echo(json.dumps({"bundle": str(result.path), "status": result.evidence.status,
                               "missing": missing,
                               "probes": {p.name: p.status for p in result.evidence.probes}}))
        return INCOMPLETE if missing else 0
    from rich.console import Console

    from servecheck.capture.summary import render

    console = Console()
    console.print(render(result.evidence, str(result.path)))
    if result.tar_path:
        console.print(f"[bold]archive[/bold] {result.tar_path}")
    if result.map_path:
        console.print(f"[bold]anonymization map (keep private)[/bold] {result.map_path}")
    if missing:
        what = "; ".join(missing) if from_dir is not None else _missing_line(missing, empty_asked(options, result.evidence))
        click.echo(f"capture INCOMPLETE: {what}; bundle {result.path} is marked incomplete "
                   "(see manifest.json)", err=True)
        return INCOMPLETE
    return 0


def _missing_line(missing: list[str], empty: list[str]) -> str:
    """What a live capture lacks, in one line: what it could not read, then what it read empty."""
    unread = [m for m in missing if m not in empty]
    return "; ".join(([f"could not read {', '.join(unread)}"] if unread else []) + [m for m in missing if m in empty])


def _attach(case_id: str, store: Path | None, result: BundleResult) -> None:
    from servecheck.store import attach_result
    from servecheck.store.files import load_result

    loaded = load_result(result.path, "capture")
    attach_result(case_id, "capture", loaded.payload, path=loaded.path, hashes=loaded.hashes,
                  store_path=store)
