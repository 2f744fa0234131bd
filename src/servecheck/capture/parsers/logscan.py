"""Streaming log scanner: keeps the first 200 and last 500 lines and every relevant line.

Reads bytes line by line and keeps bounded state, so a 5 GB log needs no more memory than a
small one. Lines are decoded leniently (non-UTF-8 bytes survive as U+FFFD), ANSI colours and
carriage-return progress frames are dropped, and each kept line carries its 1-based number.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from typing import Any, BinaryIO

from servecheck.fsutil import ReadLimit, bounded_lines
from servecheck.redact import safe_cut

HEAD_LINES = 200
TAIL_LINES = 500
MAX_RELEVANT = 2000  # first half and last half kept; the rest counted
MAX_LINE_CHARS = 4000
# Bytes read per line at most: a file with no newline (/dev/zero saved to disk, a binary) is cut
# into pieces of this size instead of being held whole.
MAX_LINE_BYTES = 64 * 1024

_ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]")
_RELEVANT = re.compile(
    rb"cuda|driver|nccl|nvml|out of memory|oom|error|exception|traceback|fatal|killed|"
    rb"failed|failure|insufficient|unsatisfied|no kernel image|not compatible|too old|"
    rb"version|/dev/shm|shared memory|kv cache|cache blocks|max_model_len|max-model-len|"
    rb"address already in use|unauthorized|forbidden|client error|gated|segmentation fault|core dumped|warning",
    re.I,
)


def clean_line(raw: bytes) -> str:
    raw = raw.rstrip(b"\r\n")
    if b"\r" in raw:  # progress bars redraw with \r: keep the last frame
        raw = raw.rsplit(b"\r", 1)[-1] or raw.replace(b"\r", b"")
    if b"\x1b" in raw:
        raw = _ANSI.sub(b"", raw)
    text = raw.decode("utf-8", errors="replace")
    if len(text) <= MAX_LINE_CHARS:
        return text
    return safe_cut(text, MAX_LINE_CHARS) + " [...line truncated]"


class LogScanner:
    def __init__(self) -> None:
        self.total_lines = 0
        self.total_bytes = 0
        self.head: list[dict[str, Any]] = []
        self.tail: deque[dict[str, Any]] = deque(maxlen=TAIL_LINES)
        self.relevant_first: list[dict[str, Any]] = []
        self.relevant_last: deque[dict[str, Any]] = deque(maxlen=MAX_RELEVANT // 2)
        self.relevant_seen = 0
        self._in_pem = False
        self.stopped: str | None = None

    def feed(self, raw: bytes) -> None:
        self.total_lines += 1
        self.total_bytes += len(raw)
        n = self.total_lines
        if b"PRIVATE KEY-----" in raw or self._in_pem:
            # A key spans lines, and lines are redacted one at a time: blank the body here.
            raw = self._pem_line(raw)
        is_relevant = _RELEVANT.search(raw) is not None
        if n > HEAD_LINES and not is_relevant:
            # Tail lines are decoded lazily: keep bytes, decode on finish.
            self.tail.append({"line": n, "raw": raw})
            return
        entry = {"line": n, "text": clean_line(raw)}
        if n <= HEAD_LINES:
            self.head.append(entry)
        else:
            self.tail.append(entry)
        if is_relevant:
            self.relevant_seen += 1
            if len(self.relevant_first) < MAX_RELEVANT // 2:
                self.relevant_first.append(entry)
            else:
                self.relevant_last.append(entry)

    def _pem_line(self, raw: bytes) -> bytes:
        if b"BEGIN" in raw and b"PRIVATE KEY-----" in raw:
            self._in_pem = b"END" not in raw
            return raw
        if b"END" in raw and b"PRIVATE KEY-----" in raw:
            self._in_pem = False
            return raw
        return b"[REDACTED:pem_private_key]"

    def feed_all(self, lines: Iterable[bytes]) -> LogScanner:
        for raw in lines:
            self.feed(raw)
        return self

    def result(self, source: str | None) -> dict[str, Any]:
        tail = [e if "text" in e else {"line": e["line"], "text": clean_line(e["raw"])}
                for e in self.tail]
        relevant = self.relevant_first + list(self.relevant_last)
        return {
            "source": source, "total_lines": self.total_lines, "total_bytes": self.total_bytes,
            "head": self.head, "tail": tail, "relevant": relevant,
            "relevant_dropped": self.relevant_seen - len(relevant), "stopped": self.stopped,
        }


def scan_file(fh: BinaryIO, source: str | None, *, deadline: float | None = None,
              max_bytes: int | None = None) -> dict[str, Any]:
    """Scan a stream with bounded memory and, when given, a byte cap and a deadline; a read cut
    short keeps what was read and says why in ``stopped``."""
    scanner = LogScanner()
    try:
        scanner.feed_all(bounded_lines(fh, max_line=MAX_LINE_BYTES, max_bytes=max_bytes,
                                       deadline=deadline))
    except ReadLimit as limit:
        scanner.stopped = ("stopped at the deadline" if limit.reason == "deadline"
                           else f"stopped after {scanner.total_bytes} bytes (size cap)")
    return scanner.result(source)


def excerpt(section: dict[str, Any]) -> str:
    """The kept lines in order, numbered, for ``raw/log-excerpt.txt``."""
    lines: dict[int, str] = {}
    for key in ("head", "relevant", "tail"):
        for e in section.get(key, []):
            lines[e["line"]] = e["text"]
    out, prev = [], 0
    for number in sorted(lines):
        if number != prev + 1 and prev:
            out.append(f"      ... {number - prev - 1} line(s) not kept ...")
        out.append(f"{number:>6}: {lines[number]}")
        prev = number
    return "\n".join(out) + ("\n" if out else "")
