"""Keep what diagnose needs from a start-up log of any size, and say what was left out.

The whole file is streamed through diagnose's own engine (the one Hyperscan database of
signatures, structural shapes, layer-fact keywords and ready markers), so the lines kept are
the lines diagnose would look at — not a count of "relevant" words, which NCCL INFO chatter
used to exhaust. Kept:

* the first ``HEAD_LINES`` and the last ``TAIL_LINES`` lines;
* every line a failure signature matches (the first and the last ``PER_SIGNATURE`` of each) with
  ``CONTEXT`` lines around it;
* traceback lines, exception lines, signals, errno and error lines with their context;
* ready markers, the layer facts (versions, driver, CUDA) and a few server-log markers.

What was left out is recorded (counts, the largest omitted line and byte ranges). Memory stays
bounded whatever the size; a deadline stops the read cleanly with what was kept so far.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, BinaryIO

from servecheck.redact import safe_cut

HEAD_LINES = 200
TAIL_LINES = 500
CONTEXT = 3              # lines kept before and after each error line
PER_SIGNATURE = 20       # first and last matches kept per signature
PER_SHAPE = 400          # first and last lines kept per structural shape
MAX_KEPT = 20000         # selected lines at most (head and tail come on top)
MAX_LINE_CHARS = 8192    # as diagnose's own per-line cap
# Bytes of one line stored at most (kept lines, head, tail): a file with no newline (/dev/zero
# saved to disk, a binary) is cut, and memory stays bounded by the number of lines kept.
MAX_LINE_BYTES = 64 * 1024
MAX_RANGES = 50
_ERROR_SHAPES = {"exc_line", "signal", "errno", "error_line", "error_level", "ray_unschedulable", "k8s_insufficient_gpu",
                 "k8s_evicted", "runtime_hook", "tb_chain", "cxx_what"}


def clean_line(raw: bytes) -> str:
    text = raw.rstrip(b"\r\n").decode("utf-8", errors="replace")
    if len(text) <= MAX_LINE_CHARS:
        return text
    return safe_cut(text, MAX_LINE_CHARS) + " [...line truncated]"


class _Bounded:
    """The first ``n`` and the last ``n`` items of a stream, and how many passed."""

    def __init__(self, n: int) -> None:
        self.first: list[int] = []
        self.last: deque[int] = deque(maxlen=n)
        self.n = n
        self.seen = 0

    def add(self, number: int) -> bool:
        """True when the line is among the first n (kept at once); the last n are settled at the end."""
        self.seen += 1
        if len(self.first) < self.n:
            self.first.append(number)
            return True
        self.last.append(number)
        return False


class Keeper:
    """Receives the scanner's blocks and flagged lines; keeps line texts by number."""

    def __init__(self) -> None:
        self.kept: dict[int, tuple[int, bytes]] = {}        # number -> (offset, raw)
        self.late: dict[int, tuple[int, bytes]] = {}        # candidates for the "last n" of a group
        self.groups: dict[str, _Bounded] = {}
        self.head: list[tuple[int, int, bytes]] = []                   # (number, offset, raw)
        self.tail: deque[tuple[int, int, bytes]] = deque(maxlen=TAIL_LINES)
        self.dropped = 0
        self._buf, self._base, self._offset, self._next_offset = b"", 0, 0, 0
        self._after: tuple[int, int] | None = None           # (first line number, how many)

    # -- scanner protocol ----------------------------------------------------------------
    def chunk(self, buf: bytes, base: int) -> None:
        self._buf, self._base, self._offset = buf, base, self._next_offset
        self._next_offset += len(buf)
        if base < HEAD_LINES:
            self.head.extend(_numbered(_first_lines(buf, HEAD_LINES - base), base + 1, self._offset))
        last, before, at = _last_lines(buf, TAIL_LINES)
        self.tail.extend(_numbered(last, base + before + 1, self._offset + at))
        if self._after is not None:
            first, count = self._after
            self._after = None
            self._context(first, count, 0)

    def line(self, number: int, start: int, stop: int, info: Any) -> None:
        sig = info.signature
        groups = ([f"sig:{sig.id}"] if sig is not None else []) + [f"shape:{s}" for s in info.shapes]
        if info.fact:
            groups.append("fact")
        if not groups:
            return
        raw = self._buf[start:min(stop, start + MAX_LINE_BYTES)]
        early = False
        for g in groups:
            bound = self.groups.setdefault(g, _Bounded(PER_SIGNATURE if g.startswith("sig:") else PER_SHAPE))
            early = bound.add(number) or early
        store = self.kept if early else self.late
        if len(self.kept) + len(self.late) >= MAX_KEPT and number not in self.kept:
            self.dropped += 1
            return
        store[number] = (self._offset + start, raw)
        errorish = (sig is not None and sig.role in ("cause", "consequence")) or bool(info.shapes & _ERROR_SHAPES)
        if not early:
            return
        if errorish:
            self._context(number - CONTEXT, CONTEXT, start, before=True)
            self._context(number + 1, CONTEXT, stop + 1)
        elif "tb_frame" in info.shapes:      # the frame's source line and its ^^^ marker
            self._context(number + 1, 2, stop + 1)
        elif "tb_header" in info.shapes:     # the logger line that announced the traceback
            self._context(number - 2, 2, start, before=True)

    def keep(self, first: int, count: int, pos: int) -> None:
        """Keep ``count`` lines from line ``first``, which starts at ``pos`` in the current block
        (a hard-wrapped run the scanner read joined: the bundle reads the same run)."""
        self._context(first, count, pos)

    # -- work ----------------------------------------------------------------------------
    def _context(self, first: int, count: int, pos: int, before: bool = False) -> None:
        """Keep ``count`` lines from line ``first``; ``pos`` is where line ``first + count`` starts
        (before) or where line ``first`` starts (after) in the current block."""
        buf = self._buf
        if before:
            end = pos - 1
            for number in range(first + count - 1, first - 1, -1):
                if number <= self._base or end < 0:
                    return
                start = buf.rfind(b"\n", 0, end) + 1
                self.kept.setdefault(number, (self._offset + start, buf[start:min(end, start + MAX_LINE_BYTES)]))
                end = start - 1
            return
        for i in range(count):
            if pos >= len(buf):
                self._after = (first + i, count - i)
                return
            stop = buf.find(b"\n", pos)
            stop = len(buf) if stop == -1 else stop
            self.kept.setdefault(first + i, (self._offset + pos, buf[pos:min(stop, pos + MAX_LINE_BYTES)]))
            pos = stop + 1

    def selected(self) -> dict[int, tuple[int, bytes]]:
        """Kept lines plus the last n of each group."""
        out = dict(self.kept)
        lasts = {n for g in self.groups.values() for n in g.last}
        out.update((n, v) for n, v in self.late.items() if n in lasts)
        return out


def _first_lines(buf: bytes, n: int) -> list[bytes]:
    parts = buf.split(b"\n", n)
    if len(parts) > n:
        return parts[:n]
    return parts[:-1] if parts and parts[-1] == b"" else parts


def _last_lines(buf: bytes, n: int) -> tuple[list[bytes], int, int]:
    """The last ``n`` lines of a block and how many lines come before them (one pass from the end)."""
    end = len(buf) - 1 if buf.endswith(b"\n") else len(buf)
    start = end
    taken = 0
    while taken < n and start > 0:
        start = buf.rfind(b"\n", 0, start - 1) + 1 if start > 0 else 0
        taken += 1
        if start == 0:
            break
    lines = buf[start:end].split(b"\n") if end > start or taken else []
    return lines, buf.count(b"\n", 0, start), start


def _numbered(lines: list[bytes], first: int, offset: int) -> list[tuple[int, int, bytes]]:
    out = []
    for i, raw in enumerate(lines):
        out.append((first + i, offset, raw[:MAX_LINE_BYTES]))
        offset += len(raw) + 1
    return out


def _omitted(spans: dict[int, tuple[int, int]], total_lines: int, total_bytes: int) -> dict[str, Any]:
    """Gaps between kept lines (``spans``: number -> (offset, length)): counts and the largest
    omitted ranges, by line and by byte of the text read (after decompression and unwrapping)."""
    gaps: list[tuple[int, int, int, int]] = []
    prev, prev_end = 0, 0
    for n in [*sorted(spans), total_lines + 1]:
        if n > prev + 1:
            gaps.append((prev + 1, n - 1, prev_end, spans[n][0] if n in spans else total_bytes))
        if n in spans:
            prev, prev_end = n, spans[n][0] + spans[n][1] + 1
    biggest = sorted(gaps, key=lambda g: g[1] - g[0], reverse=True)[:MAX_RANGES]
    return {"omitted_lines": sum(b - a + 1 for a, b, _, _ in gaps),
            "omitted_bytes": sum(y - x for _, _, x, y in gaps),
            "omitted_ranges": [{"lines": [a, b], "bytes": [x, y]} for a, b, x, y in sorted(biggest)]}


class _Lines:
    """Iterables of byte lines (or open files) read as one stream."""

    def __init__(self, parts: list[Iterable[bytes]]) -> None:
        self._iter = (line for part in parts for line in part)

    def read(self, n: int = -1) -> bytes:
        out, size = [], 0
        for line in self._iter:
            out.append(line if line.endswith(b"\n") else line + b"\n")
            size += len(line)
            if 0 < n <= size:
                break
        return b"".join(out)


class LogScanner:
    """Feed lines or files, then ``result(source)``: the evidence ``log`` section."""

    def __init__(self, deadline: float | None = None, max_bytes: int | None = None) -> None:
        self.parts: list[Iterable[bytes]] = []
        self.deadline = deadline
        self.max_bytes = max_bytes

    def feed_all(self, lines: Iterable[bytes]) -> LogScanner:
        self.parts.append(lines)
        return self

    def result(self, source: str | None) -> dict[str, Any]:
        from servecheck.diagnose.scan import Scanner  # the same engine diagnose uses
        from servecheck.diagnose.signatures import load

        keeper = Keeper()
        scanner = Scanner(load(), keeper)
        scanner.deadline, scanner.max_bytes = self.deadline, self.max_bytes
        for part in self.parts:
            stream = part if hasattr(part, "read") else _Lines([part])
            scanner.scan_stream(stream)                    # type: ignore[arg-type]
        return section(keeper, scanner.result, source)


def section(keeper: Keeper, res: Any, source: str | None) -> dict[str, Any]:
    chosen = keeper.selected()
    head = {n: (off, raw) for n, off, raw in keeper.head}
    tail = {n: (off, raw) for n, off, raw in keeper.tail}
    relevant = sorted(chosen)
    spans = {n: (off, len(raw)) for part in (head, tail, chosen) for n, (off, raw) in part.items()}
    return {
        "source": source, "total_lines": res.lines, "total_bytes": res.bytes,
        "head": [{"line": n, "text": clean_line(raw)} for n, (_, raw) in head.items()],
        "tail": [{"line": n, "text": clean_line(raw)} for n, (_, raw) in tail.items()],
        "relevant": [{"line": n, "text": clean_line(chosen[n][1])} for n in relevant],
        "relevant_dropped": keeper.dropped,
        "selection": "diagnose engine: failure signatures and structure with context, ready markers, layer facts",
        "complete": res.read_error is None,
        "stopped": res.read_error,
        "nul_bytes": res.nul_bytes, "nul_lines": list(res.nul_lines) if res.nul_lines else None,
        "read_as": _read_as(res.read),
        **_omitted(spans, res.lines, res.bytes),
    }


def _read_as(read: Any) -> str | None:
    """How the file was read (its compression, and records or collectors' heads undone), so that a
    reader of the bundle knows what the kept lines lost: a journal's times and host, docker's times."""
    parts = [read.compression, None if read.wrapper == "plain" else read.wrapper]
    return "+".join(p for p in parts if p) or None


def scan_file(fh: BinaryIO, source: str | None, *, deadline: float | None = None,
              max_bytes: int | None = None) -> dict[str, Any]:
    """Scan a stream with bounded memory and, when given, a byte cap and a deadline
    (time.monotonic()); a read cut short keeps what was read and says why in ``stopped``."""
    return LogScanner(deadline, max_bytes).feed_all(fh).result(source)


# the lists of a log section that hold kept lines ({"line": N, "text": ...}); a line may be in more than one
KEPT = ("head", "relevant", "tail")


def kept_lines(section: dict[str, Any]) -> list[tuple[int, str]]:
    """A section's kept lines, each once, in the log's order."""
    lines = {e["line"]: e["text"] for key in KEPT for e in section.get(key, [])}
    return sorted(lines.items())


def excerpt(section: dict[str, Any]) -> str:
    """The kept lines in order, numbered, for ``raw/log-excerpt.txt``."""
    out, prev = [], 0
    for number, text in kept_lines(section):
        if number != prev + 1 and prev:
            out.append(f"      ... {number - prev - 1} line(s) not kept ...")
        out.append(f"{number:>6}: {text}")
        prev = number
    return "\n".join(out) + ("\n" if out else "")
