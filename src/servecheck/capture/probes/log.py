"""A log file given with ``--log``: streamed whole through diagnose's engine, bounded memory.

The scan gets a deadline of its own, sized to the file (``budget``), instead of the shared
probe timeout: a 200 MB log is read to the end, and a log too big for its deadline (or still
being written) stops cleanly with what was kept and says where it stopped. The time the scanner
spends building its databases on a cold cache (about two seconds each) counts against neither.
"""

from __future__ import annotations

import os
import time

from servecheck.capture import sniff
from servecheck.capture.parsers import logscan
from servecheck.capture.probe import CaptureOptions, ProbeContext, ProbeFailed
from servecheck.errors import InputError
from servecheck.fsutil import open_regular

NAME = "log"
DESCRIPTION = "every line through diagnose's engine; failures with context, ready markers, layer facts kept"
# A start-up log past this size is cut (what was read is kept). Far above any real start-up log;
# it stops a growing or endless file.
MAX_LOG_BYTES = 8 * 1024 * 1024 * 1024
MIN_RATE = 20e6        # bytes/s a slow, shared machine still scans (Hyperscan does far more)
MAX_BUDGET_S = 900.0
MARGIN_S = 1.0         # stop reading this long before the runner gives up on the probe


def budget(options: CaptureOptions) -> float:
    """Seconds this probe may take: the shared timeout, or more for a big log."""
    try:
        size = os.stat(options.log_path).st_size if options.log_path is not None else 0
    except OSError:
        size = 0
    return min(max(options.timeout, 5.0 + size / MIN_RATE), MAX_BUDGET_S)


def collect(ctx: ProbeContext) -> None:
    path = ctx.options.log_path
    if path is None:
        raise ProbeFailed("skipped", "no --log given" + (" (container logs are used)"
                                                         if ctx.options.container else ""))
    from servecheck.diagnose import hsdb  # the scanner's databases: built on a cold cache

    ctx.grace = hsdb.compiled_since()
    try:
        with open_regular(path) as fh:
            # binary data is never taken for the log (as with --from): judged on its start
            sniff.text_head(fh.read(sniff.HEAD_BYTES))
            fh.seek(0)
            found = logscan.scan_file(fh, str(path), deadline=ctx.deadline - MARGIN_S, max_bytes=MAX_LOG_BYTES)
    except sniff.Unrecognised as exc:
        raise ProbeFailed("error", f"log refused: {path}: {exc}") from exc
    except InputError as exc:
        raise ProbeFailed("error", f"log refused: {exc}") from exc
    except OSError as exc:
        raise ProbeFailed("error", f"cannot read log {path}: {exc.strerror}") from exc
    ctx.set("log", **found)
    if found["stopped"]:
        ctx.notes.append(f"log not read to the end: {found['stopped']}; what was read is kept")
    if found["nul_bytes"]:
        first, last = found["nul_lines"]
        ctx.notes.append(f"log holds binary data: {found['nul_bytes']:,} NUL bytes on lines {first}-{last} "
                         "(no text there to read)")
    if found["omitted_lines"]:
        ctx.notes.append(f"kept {found['total_lines'] - found['omitted_lines']:,} of {found['total_lines']:,} "
                         f"lines; {found['omitted_lines']:,} lines ({found['omitted_bytes']:,} bytes) left out, "
                         "ranges in evidence.json log.omitted_ranges")
    if time.monotonic() > ctx.deadline:
        ctx.notes.append("log scan used its whole deadline")
