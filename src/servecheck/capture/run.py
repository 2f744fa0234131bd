"""The capture job: run the probes (or read a folder), assemble the evidence, write the bundle."""

from __future__ import annotations

import shlex
import socket
from datetime import UTC, datetime
from pathlib import Path

from servecheck.capture.assemble import assemble
from servecheck.capture.bundle import BundleResult, write_bundle
from servecheck.capture.models import Evidence, ProbeRecord
from servecheck.capture.probe import CaptureInterrupted, CaptureOptions, ProbeRun, run_probes


def default_out(now: datetime | None = None, base: Path = Path()) -> Path:
    """./servecheck-<host>-<UTC time>, with -2, -3 ... when a capture in the same second (or an
    earlier bundle with that name) took it already."""
    now = now or datetime.now(UTC)
    stem = f"servecheck-{socket.gethostname() or 'host'}-{now:%Y%m%dT%H%M%SZ}"
    candidate, n = base / stem, 1
    while candidate.exists() or candidate.with_name(candidate.name + ".tar.gz").exists():
        n += 1
        candidate = base / f"{stem}-{n}"
    return candidate


def unread(options: CaptureOptions, evidence: Evidence) -> list[str]:
    """What the user asked for (a container, an image, a log) that the capture could not read:
    a bundle without its main evidence must say so, not pass as a capture."""
    missing = []
    name = options.container
    if name and evidence.container.id is None and evidence.container.state.status is None:
        missing.append(f"container {name}")
    if (options.image or name) and evidence.image.id is None and evidence.image.digest is None:
        missing.append(f"image {options.image}" if options.image else f"image of container {name}")
    # a log read to its end that holds nothing was read: it is empty, not unread (``empty_asked``)
    log = _log_asked(options)
    if log is not None and not evidence.log.total_lines and not evidence.empty_log():
        missing.append(log)
    return missing


def _log_asked(options: CaptureOptions) -> str | None:
    """The log the user asked for, as ``missing`` names it: the file given, else the container's logs."""
    if options.log_path is not None:
        return f"log {options.log_path}"
    return f"logs of container {options.container}" if options.container else None


def empty_asked(options: CaptureOptions, evidence: Evidence) -> list[str]:
    """The log that was asked for, read to its end with no byte in it: read, not unread, but the
    bundle holds no log to judge, so the capture is not complete either (diagnose calls it empty)."""
    log = _log_asked(options)
    if log is None or not evidence.empty_log():
        return []
    return [f"{log} (empty: read to its end, 0 bytes, nothing in it to judge)"]


def abandoned(evidence: Evidence) -> list[str]:
    """Probes abandoned at their deadline (a hung nvidia-smi, a docker daemon that never answers):
    what they read was not read, so the capture is not complete; a hung GPU probe is not "no GPU"."""
    return [f"probe {p.name} (abandoned at its deadline after {p.duration_s:.1f}s: what it reads is unknown)"
            for p in evidence.probes if p.status == "timeout"]


def _cmd_run(cmd: str) -> ProbeRun:
    """The start command given by hand with --cmd, recorded like a probe result."""
    record = ProbeRecord(name="cmd", status="ok", commands=["start command from --cmd"])
    return ProbeRun(record, {"container": {"command": shlex.split(cmd), "command_source": "--cmd"}}, {})


def capture(options: CaptureOptions, out: Path, argv: list[str], *, from_dir: Path | None = None,
            tar: bool = False, anonymize: bool = False, unique: bool = False) -> BundleResult:
    started = datetime.now(UTC)
    raw: dict[str, str] = {}
    interrupted: CaptureInterrupted | None = None
    if from_dir is not None:
        from servecheck.capture.fromdir import collect_dir

        runs = collect_dir(from_dir)
        mode = "from_dir"
        if options.cmd:
            runs.append(_cmd_run(options.cmd))
    else:
        mode = "live"
        try:
            runs = run_probes(options)
        except CaptureInterrupted as exc:
            runs, interrupted = exc.runs, exc
    for run in runs:
        raw.update(run.raw)
    evidence = assemble(runs, started, mode, argv)
    if from_dir is None:
        evidence.missing = unread(options, evidence) + empty_asked(options, evidence) + abandoned(evidence)
        if interrupted is not None:
            evidence.missing.append(f"probes interrupted by Ctrl-C before they finished: "
                                    f"{', '.join(interrupted.unfinished) or 'none'}")
    else:
        from servecheck.capture.fromdir import unread as unread_dir

        evidence.missing = unread_dir(from_dir, runs)
    evidence.status = "incomplete" if evidence.missing else "complete"
    result = write_bundle(evidence, raw, out, tar=tar, anonymize=anonymize, unique=unique)
    if interrupted is not None:
        raise BundleInterrupted(result)
    return result


class BundleInterrupted(Exception):
    """Ctrl-C during a live capture: the bundle was still written, whole, with the probes that
    finished and marked incomplete; the CLI reports it and exits 130."""

    def __init__(self, result: BundleResult) -> None:
        super().__init__(f"interrupted; bundle {result.path} written with the probes that finished")
        self.result = result
