"""A log file given with ``--log``: streamed, bounded memory, numbered lines kept."""

from __future__ import annotations

from servecheck.capture.parsers import logscan
from servecheck.capture.probe import ProbeContext, ProbeFailed

NAME = "log"
DESCRIPTION = "first 200 / last 500 / every relevant line of the start-up log"


def collect(ctx: ProbeContext) -> None:
    path = ctx.options.log_path
    if path is None:
        raise ProbeFailed("skipped", "no --log given" + (" (container logs are used)"
                                                         if ctx.options.container else ""))
    try:
        with open(path, "rb") as fh:
            ctx.set("log", **logscan.scan_file(fh, str(path)))
    except OSError as exc:
        raise ProbeFailed("error", f"cannot read log {path}: {exc.strerror}") from exc
