"""A log file given with ``--log``: streamed, bounded memory, numbered lines kept."""

from __future__ import annotations

from servecheck.capture.parsers import logscan
from servecheck.capture.probe import ProbeContext, ProbeFailed
from servecheck.errors import InputError
from servecheck.fsutil import open_regular

# A start-up log past this size is cut (head and relevant lines are kept; the tail is the last
# lines read). Far above any real start-up log; it stops a growing or endless file.
MAX_LOG_BYTES = 8 * 1024 * 1024 * 1024

NAME = "log"
DESCRIPTION = "first 200 / last 500 / every relevant line of the start-up log"


def collect(ctx: ProbeContext) -> None:
    path = ctx.options.log_path
    if path is None:
        raise ProbeFailed("skipped", "no --log given" + (" (container logs are used)"
                                                         if ctx.options.container else ""))
    try:
        with open_regular(path) as fh:
            # The probe's own deadline: a log still being written must not hold the capture.
            scan = logscan.scan_file(fh, str(path), deadline=ctx.deadline - 0.2,
                                     max_bytes=MAX_LOG_BYTES)
    except InputError as exc:
        raise ProbeFailed("error", f"log refused: {exc}") from exc
    except OSError as exc:
        raise ProbeFailed("error", f"cannot read log {path}: {exc.strerror}") from exc
    ctx.set("log", **scan)
    if scan["stopped"]:
        ctx.notes.append(f"log {scan['stopped']}; what was read is kept")
