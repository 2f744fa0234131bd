"""``capture --from DIR``: build the same bundle from files gathered by hand elsewhere.

Each file is recognised by its content, not its name (people save ``nvidia-smi`` output as
``gpu.txt``, ``out1``, ``smi.log``...). Every entry leaves a probe record: what it was taken
for, or why it was not used. Only regular files inside DIR are read (see intake.py).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from servecheck.capture import intake, sniff
from servecheck.capture.models import ProbeRecord, ProbeStatus
from servecheck.capture.parsers import logscan
from servecheck.capture.paste import classify, parse
from servecheck.capture.probe import ProbeRun
from servecheck.capture.sniff import Unrecognised
from servecheck.errors import InputError
from servecheck.fsutil import open_regular

SNIFF_BYTES = sniff.HEAD_BYTES
# A file that is not a log is parsed whole; past this size it is not a pasted output.
MAX_PARSED_BYTES = 64 * 1024 * 1024
MAX_LOG_BYTES = 8 * 1024 * 1024 * 1024

__all__ = ["classify", "collect_dir", "unread"]


def collect_dir(folder: Path) -> list[ProbeRun]:
    runs: list[ProbeRun] = []
    logs: list[intake.Entry] = []
    for entry in intake.walk(folder):
        start = time.monotonic()
        if entry.reason is not None:
            runs.append(_record(f"from:{entry.rel}", entry.kind, "skipped", entry.reason, start, {}, {}))
            continue
        try:
            kind, text = _read(entry)
        except Unrecognised as exc:
            runs.append(_record(f"from:{entry.rel}", UNRECOGNISED, "error", f"unrecognised: {exc}", start, {}, {}))
            continue
        except (InputError, OSError) as exc:
            runs.append(_record(f"from:{entry.rel}", UNREADABLE, "error", f"unreadable: {exc}", start, {}, {}))
            continue
        if kind == "log":
            logs.append(entry)
            continue
        runs.append(_parsed(entry, kind, text, start))
    if logs:
        runs.extend(_logs(logs))
    return runs


UNRECOGNISED, UNREADABLE = "unrecognised", "unreadable"


def _read(entry: intake.Entry) -> tuple[str, str]:
    """(kind, whole text) of a regular file; the text is empty for a log (streamed later)."""
    with open_regular(entry.path, follow_symlinks=False) as fh:
        raw = fh.read(SNIFF_BYTES)
        text = sniff.text_head(raw)      # raises Unrecognised for binary data
        head = text.decode("utf-8", errors="replace")
        kind = classify(head)
        if kind == "log":
            sniff.check_not_cut_json(head, whole=len(raw) < SNIFF_BYTES)
            return kind, ""
        if kind == "json_other":
            raise Unrecognised("JSON, but none of the outputs servecheck reads (docker inspect or info, "
                               "daemon.json, nvidia-smi); not used")
        if text is not raw:                              # compressed: only logs are read compressed
            raise Unrecognised(f"a compressed {kind.replace('_', ' ')}; decompress it first")
        rest = fh.read(MAX_PARSED_BYTES + 1 - SNIFF_BYTES)
    if len(rest) + SNIFF_BYTES > MAX_PARSED_BYTES:
        raise InputError(f"{entry.rel}: a {kind} file larger than {MAX_PARSED_BYTES >> 20} MiB; not read")
    return kind, head + rest.decode("utf-8", errors="replace") if rest else head


def _parsed(entry: intake.Entry, kind: str, text: str, start: float) -> ProbeRun:
    try:
        facts, raw_name, notes = parse(kind, text)
        status: ProbeStatus = "ok"
        error = "; ".join(notes) or None
    except ValueError as exc:
        facts, raw_name, status, error = {}, None, "error", str(exc)
        raw_name = _raw_name_for(kind)
    raw = {raw_name: text} if raw_name else {}
    return _record(f"from:{entry.rel}", kind, status, error, start, facts, raw)


def _raw_name_for(kind: str) -> str | None:
    # An output that failed to parse is still kept (redacted) for a human to read.
    return None if kind == "env" else f"{kind.replace('_', '-')}.txt"


def _logs(logs: list[intake.Entry]) -> list[ProbeRun]:
    """The largest text file that is not anything else is the start-up log; others are noted."""
    logs.sort(key=lambda e: e.size, reverse=True)
    runs = []
    start = time.monotonic()
    main = logs[0]
    try:
        with open_regular(main.path, follow_symlinks=False) as fh:
            scan = logscan.scan_file(fh, main.path.name, max_bytes=MAX_LOG_BYTES)
        runs.append(_record(f"from:{main.rel}", "log", "ok", scan["stopped"], start, {"log": scan}, {}))
    except (InputError, OSError) as exc:
        runs.append(_record(f"from:{main.rel}", "log", "error", str(exc), start, {}, {}))
    for other in logs[1:]:
        runs.append(_record(f"from:{other.rel}", "log", "skipped",
                            f"another log ({main.rel}, larger) was used", start, {}, {}))
    return runs


def _record(name: str, kind: str, status: ProbeStatus, error: str | None, start: float,
            facts: dict[str, Any], raw: dict[str, str]) -> ProbeRun:
    what = f"recognised as {kind}" if kind not in (UNRECOGNISED, UNREADABLE) else kind
    record = ProbeRecord(name=name, status=status, duration_s=round(time.monotonic() - start, 3),
                         error=error, files=[f"raw/{k}" for k in raw], commands=[what])
    return ProbeRun(record, facts, raw)


def unread(folder: Path, runs: list[ProbeRun]) -> list[str]:
    """What the folder did not give: nothing recognised at all, or files that could not be used
    (garbage, cut-off JSON, a failed parse). Each makes the bundle incomplete."""
    nothing = [] if any(r.record.status == "ok" for r in runs) else [
        f"{folder} holds no file servecheck recognises: nothing captured"]
    return nothing + [f"{r.record.name.removeprefix('from:')} ({r.record.error})" for r in runs
                      if r.record.status in ("error", "timeout")]
