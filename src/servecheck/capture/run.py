"""The capture job: run the probes (or read a folder), assemble the evidence, write the bundle."""

from __future__ import annotations

import shlex
import socket
from datetime import UTC, datetime
from pathlib import Path

from servecheck.capture.assemble import assemble
from servecheck.capture.bundle import BundleResult, write_bundle
from servecheck.capture.models import ProbeRecord
from servecheck.capture.probe import CaptureOptions, ProbeRun, run_probes


def default_out(now: datetime | None = None) -> Path:
    now = now or datetime.now(UTC)
    return Path(f"servecheck-{socket.gethostname() or 'host'}-{now:%Y%m%dT%H%M%SZ}")


def _cmd_run(cmd: str) -> ProbeRun:
    """The start command given by hand with --cmd, recorded like a probe result."""
    record = ProbeRecord(name="cmd", status="ok", commands=["start command from --cmd"])
    return ProbeRun(record, {"container": {"command": shlex.split(cmd), "command_source": "--cmd"}}, {})


def capture(options: CaptureOptions, out: Path, argv: list[str], *, from_dir: Path | None = None,
            tar: bool = False, anonymize: bool = False) -> BundleResult:
    started = datetime.now(UTC)
    raw: dict[str, str] = {}
    if from_dir is not None:
        from servecheck.capture.fromdir import collect_dir

        runs = collect_dir(from_dir)
        mode = "from_dir"
        if options.cmd:
            runs.append(_cmd_run(options.cmd))
    else:
        runs = run_probes(options)
        mode = "live"
    for run in runs:
        raw.update(run.raw)
    evidence = assemble(runs, started, mode, argv)
    return write_bundle(evidence, raw, out, tar=tar, anonymize=anonymize)
