"""Stream a log once and examine every byte: Hyperscan names the lines, Python decides on them.

The input is read in blocks of whole lines (``reader``: decompressed, unwrapped, cleaned). One
Hyperscan database (``hsdb``) holding every signature pattern, fact keyword and structural shape
scans each block once and names the lines its matches end in; each such line goes to Python —
the signature regexes in priority order, the layer facts, the structure parser, the ready
markers. Every line is examined; only flagged lines cost Python time.

Memory is bounded by the block size, a carried partial line (capped) and a few kept lines per
signature, whatever the log's length.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import BinaryIO, Protocol

import hyperscan as hs

from servecheck.diagnose import facts as factmod
from servecheck.diagnose import hsdb, normalize, reader, structure, wrapped
from servecheck.diagnose import status as statusmod
from servecheck.diagnose.signatures import Compiled, Signature
from servecheck.diagnose.workers import worker

MAX_CARRY = 1 << 20       # a line without end longer than this is examined in pieces
KEEP_FIRST = 5
# Configuration dumps quote flag names and values ("trust_remote_code=True", "tool_call_parser"):
# they feed the layer facts but are never evidence of a failure. So does Python logging's report of
# a log call it could not format (Handler.handleError: "Message: %r" then "Arguments: %s"): an
# exception among those arguments was only being logged (vLLM's debug line in vllm#13707).
CONFIG_DUMPS = ("non-default args:", "args: Namespace(", "with config: model=", "server_args=ServerArgs(",
                "backend_config=", "engine_args=", "EngineArgs(", "Arguments: (")


_WORD = frozenset({"error_word"})
# Matches reported inside one line before the block scan stops and resumes after that line: a
# pattern that matches at every byte of a long line costs this many calls, not one per byte.
MAX_REPORTS = 64
FIRST_WINDOW = 16 * 1024
SEEK_WINDOW_MIN = 512                # a seeking scan's window: twice the way to its last named line,
SEEK_WINDOW_MAX = 8 * 1024 * 1024   # within these bounds
MAX_SPANS = 4096       # flagged lines named by one scan before it stops and resumes after them
# A block at least this long has its first scan run in a worker thread while this one counts the
# block's lines: Hyperscan lets go of the GIL while it scans, bytes.count does not.
OVERLAP_BYTES = 256 * 1024
TAIL_BYTES = 4096        # of the last non-blank line, kept to say how a log ends
TAIL_LINES = 4           # the last non-blank lines kept: an error's indented lines below its head
# Lines flagged only by fact rules whose facts are already known (the first value wins) before
# the database is rebuilt without those rules: about as long in Python as the rebuild takes
# (two compiles of ~1 s on 2 cores, cached on disk after), so a flood of one version line costs
# at most twice what it would with the rebuilt database from the start.
IDLE_FACT_LINES = 32_768
# A flagged line that repeats the one just above it (a flood: "Killed" printed by a shell loop, one
# warning printed per step): the first REPEAT_READ lines of such a run are read, the middle ones only
# counted for the signatures the run's lines matched, and the run's last line read again, so a
# finding's count, first lines and last line stay what reading all of them gives.
REPEAT_READ = 8


@dataclass
class Hit:
    line: int
    text: str
    level: str | None


@dataclass
class SigHits:
    signature: Signature
    first: list[Hit] = field(default_factory=list)
    last: Hit | None = None
    count: int = 0

    def add(self, hit: Hit) -> None:
        self.count += 1
        if len(self.first) < KEEP_FIRST:
            self.first.append(hit)
        else:
            self.last = hit

    @property
    def hits(self) -> list[Hit]:
        return self.first + ([self.last] if self.last else [])


@dataclass
class ScanResult:
    hits: dict[str, SigHits] = field(default_factory=dict)
    facts: factmod.FactCollector = field(default_factory=factmod.FactCollector)
    structure: structure.Structure = field(default_factory=structure.Structure)
    markers: statusmod.MarkerHits = field(default_factory=statusmod.MarkerHits)
    read: reader.ReadInfo = field(default_factory=reader.ReadInfo)
    bytes: int = 0
    lines: int = 0
    candidates: int = 0
    truncated: int = 0
    seconds: float = 0.0
    read_error: str | None = None
    tail_block: tuple[tuple[int, str], ...] = ()   # the last TAIL_LINES non-blank lines (number, first
                                                   # TAIL_BYTES), oldest first
    nul_bytes: int = 0                         # NUL bytes read: binary data, never a log's text
    nul_lines: tuple[int, int] | None = None   # the first and last line that holds one

    @property
    def tail(self) -> tuple[int, str] | None:
        """The last non-blank line: how the log ends so far."""
        return self.tail_block[-1] if self.tail_block else None


@dataclass(frozen=True)
class LineInfo:
    """What one flagged line was found to be (for a keeper that selects lines to store)."""

    signature: Signature | None
    shapes: frozenset[str]
    fact: bool


class Keeper(Protocol):
    def chunk(self, buf: bytes, base: int) -> None: ...
    def line(self, number: int, start: int, end: int, info: LineInfo) -> None: ...
    def keep(self, first: int, count: int, pos: int) -> None: ...


def shape_table() -> list[tuple[str, str, bool]]:
    """(name, expression, caseless) of every structural shape and marker, in table order."""
    out = [(name, expr, caseless) for name, (expr, caseless) in structure.SHAPES.items()]
    out += [(name, expr, False) for name, expr in statusmod.markers().shapes()]
    return out


# The scan's databases, from all markers to none (see Scanner).
FULL, ENGINE, SEEK, NAMED, LEAN, LOADING, CLOSING = "full", "engine", "seek", "named", "lean", "loading", "closing"
# ENGINE and SEEK while no line has named a server yet: with the markers that name one
ENGINE_NAMED, SEEK_NAMED = "engine+named", "seek+named"
_WITH_NAMED = {ENGINE: ENGINE_NAMED, SEEK: SEEK_NAMED, LEAN: NAMED}


class _Mode:
    """One compiled database with what its ids mean."""

    def __init__(self, compiled: Compiled, shapes: list[tuple[str, str, bool]],
                 spent: frozenset[int] = frozenset()) -> None:
        self.shapes = shapes
        exprs = [(e, c) for _, e, c in shapes]
        # one line's ids: each pattern reported once; the block scan: every match (only where
        # they end is used, so its table may differ by a pattern Hyperscan cannot compile)
        self.table, self.db_line = hsdb.load(compiled.signatures, exprs, spent=spent)
        # the block scan names the lines Python reads: its anchors also hold after a line's prefixes
        self.db = hsdb.load(compiled.signatures, exprs, hsdb.ALL_MATCHES, spent, gate=True)[1]
        self.kind, self.ref = self.table.columns()


class _Named:
    """The match handler of one block scan: the (start, stop) of each line a match ends in, in
    order, and where to scan again when it stopped early (-1: it ran to its end). A line that
    keeps reporting (``MAX_REPORTS``) stops it, and so does the ``MAX_SPANS``-th line (memory
    stays bounded in a block of short flagged lines) or, with ``first_only``, the first one."""

    def __init__(self, buf: bytes, at: int, first_only: bool) -> None:
        self.buf, self.at, self.first_only = buf, at, first_only
        self.spans: list[tuple[int, int]] = []
        self.reports = 0                # matches inside the last named line
        self.resume = -1

    def __call__(self, _id: int, _from: int, to: int, _flags: int, _ctx: object) -> bool:
        last = self.at + max(to - 1, 0)                  # the match's last byte
        spans = self.spans
        if spans and last <= spans[-1][1]:              # the line already named
            self.reports += 1
            if self.reports < MAX_REPORTS:
                return False
            self.resume = spans[-1][1] + 1
            return True
        buf = self.buf
        start = buf.rfind(b"\n", 0, last) + 1
        stop = buf.find(b"\n", last)
        stop = len(buf) if stop == -1 else stop
        spans.append((start, stop))
        self.reports = 0
        if self.first_only or len(spans) >= MAX_SPANS:
            self.resume = stop + 1
            return True
        return False


def _came_otherwise(raw: bytes, shapes: set[str]) -> set[str]:
    """Of a line's markers, those that hold only on the line as Python reads it (a prefix taken
    off) and are marked to hold on the line as it came (``as_it_came``: vLLM's front-end line with
    no process tag): a few lines a log reach here."""
    kept = statusmod.markers().as_it_came
    own = shapes & kept.keys()
    if not own:
        return set()
    text = raw.decode("utf-8", "replace")
    return {name for name in own if kept[name].search(text) is None}


@lru_cache(maxsize=1)
def _unless_awaited() -> frozenset[str]:
    """The server-log markers (``server:ID``) that rule a ready marker out (``unless_marker``)."""
    return frozenset(f"server:{i}" for ids in statusmod.markers().ready_unless.values() for i in ids)


@lru_cache(maxsize=2)
def _mode_specs(unless: bool = True) -> dict[str, list[tuple[str, str, bool]]]:
    """Each database's shapes and markers (see Scanner), worked out once per process: every
    Scanner reads the same shipped structure and markers. ``unless``: the markers that rule a
    ready marker out are still awaited (no flood of lines flagged only by them yet)."""
    shapes = shape_table()
    marks = statusmod.markers()
    # the server-log markers a ready marker waits for (``after_marker``) or is ruled out by
    # (``unless_marker``, until a flood of them: Scanner._idle_unless_line): looked for in every
    # database, as a ready line may come after any engine line (a few lines a log, cheap)
    awaited = {f"server:{i}" for ids in marks.ready_after.values() for i in ids}
    if unless:
        awaited |= _unless_awaited()
    server = [s for s in shapes if s[0].startswith("server:") and s[0] not in awaited]
    others = [s for s in shapes if not s[0].startswith("server:") or s[0] in awaited]
    # a model loading: after a web app's generic ready line it says the start is not over;
    # looked for until an engine's line, and again after a generic ready line
    loading = {f"server:{i}" for i in marks.loading_ids}
    engine = {f"server:{i}" for i in marks.engine_ids} | loading
    printed = {f"server:{i}" for i in marks.report_ids}
    loaded = {f"server:{i}" for i in marks.loaded_ids}
    # the markers that name a server of its own (not torch, NCCL or CUDA, which any program
    # prints): whether one shows anywhere tells a program's output (a training job) from a server's
    named = {f"server:{i}" for i in marks.named_ids}
    specs = {
        FULL: shapes,
        # a server-log line seen, but none that shows an engine yet: keep looking for those only
        ENGINE: others + [s for s in server if s[0] in engine],
        # the only engine lines so far are ones a test tool's report prints itself (nccl-tests'
        # NCCL INFO): keep looking for any other engine's line, without that chatter
        SEEK: others + [s for s in server if s[0] in engine and s[0] not in printed],
        # an engine's line seen: no server-log markers any more, the chatter stays in Hyperscan
        LEAN: others,
        # ... but after a web app's generic ready line, a model loading still matters
        LOADING: others + [s for s in server if s[0] in loading],
        # ... and once one was seen after it, only the line that says it finished (or another
        # ready line) changes anything: the rest of its progress lines stay in Hyperscan
        CLOSING: others + [s for s in server if s[0] in loaded],
    }
    # ENGINE, SEEK and LEAN while no line has named a server yet: the same database with the
    # markers that name one (NAMED: an engine's line seen, only torch, CUDA or NCCL ones so far)
    for base, with_named in _WITH_NAMED.items():
        kept = {s[0] for s in specs[base]} | named
        specs[with_named] = others + [s for s in server if s[0] in kept]
    return specs


def _reading_clock() -> Callable[[], float]:
    """time.monotonic() less the seconds this thread spends compiling databases from now on: a
    deadline is for reading the input, not for building the engine on a cold cache (a database
    for each mode the scan switches to, about two seconds each)."""
    building = hsdb.compiled_since()
    return lambda: time.monotonic() - building()


@dataclass
class _Repeats:
    """A run of a flagged line repeated on the lines just below it, within one block."""
    last: bytes | None = None
    number: int = 0
    length: int = 0
    held: tuple[int, bytes, int, int] | None = None    # the run's latest line, left unread so far

    def repeats(self, raw: bytes, number: int, allowed: bool) -> bool:
        """Whether the line at ``number`` is one of a run's lines past its first REPEAT_READ."""
        same = allowed and number == self.number + 1 and raw == self.last
        self.length = self.length + 1 if same else 1
        self.last, self.number = raw, number
        return self.length > REPEAT_READ

    def take(self) -> tuple[int, bytes, int, int]:
        held, self.held = self.held, None
        assert held is not None
        number, raw, start, stop = held
        return number, reader.last_frame(raw), start, stop


class Scanner:
    """Every line through Hyperscan; flagged lines through Python.

    "This is a server's log" markers (NCCL INFO, vLLM's logger format, ...) are frequent: once
    one was seen the scanner switches to a database without them, so the chatter that proved
    it does not keep reaching Python (until a line shows an engine, the engine markers stay;
    while the only engine lines are nccl-tests' own NCCL INFO, the other engines' markers stay;
    after a web app's generic ready line, the markers of a model loading come back, and once one
    was seen only those of a model loaded). Until a line names a server of its own (vLLM's, Ollama's,
    llama-server's: not torch, CUDA or NCCL, which any program prints), those markers stay too, so a
    program's output (a training job) is told from a server's wherever that line is; a program's own
    marks leave after the first. Each database is loaded when first needed.

    A layer fact is read from its first line; once ``IDLE_FACT_LINES`` lines were flagged only by
    rules whose facts are known, the databases leave those rules out (``hsdb.build_table``'s
    ``spent``), so an endless repeat of one version banner stays in Hyperscan.
    """

    def __init__(self, compiled: Compiled, keeper: Keeper | None = None) -> None:
        self._clock = _reading_clock()      # from now on: the first database's build is not reading
        self.compiled = compiled
        self.result = ScanResult()
        self._seek_window = FIRST_WINDOW
        self.keeper = keeper
        self._modes: dict[tuple[str, frozenset[int], bool, bool, bool], _Mode] = {}   # built when first used
        self._spent_facts: frozenset[int] = frozenset()    # fact rules the databases leave out
        # a program's first mark is all the status needs: its marks leave the databases after it
        # (a training job prints its launcher's path on every line)
        self._program_seen = False
        # a start's banners matter only after a ready line (a new start after a completed one), and
        # only until one was seen: a flood of them (a crash-looping banner) stays in Hyperscan
        self._watch_starts = False
        # the markers a ready line is ruled out by (``unless_marker``) are looked for in every database,
        # but a line flagged only by ones already seen changes nothing: after IDLE_FACT_LINES of those
        # (an API server's banner repeated without end) the databases leave them out
        self._unless_done = False
        self._idle_unless = 0
        self._idle_facts = 0
        self._use(FULL)
        self._carry = b""
        self._buf: bytes | None = None      # the block being read (the line above a flagged one)
        self._line_sigs: list[str] = []     # the signatures the last line read matched
        self._stop: list[int] = []
        self.deadline: float | None = None     # time.monotonic() value: stop reading cleanly there
        self.max_bytes: int | None = None      # stop reading after this many bytes (a growing file)

    @property
    def table(self) -> hsdb.Table:
        return self._get(FULL).table

    def grep_patterns(self, lean: bool = True) -> list[str]:
        """Every expression of the database the scan spends its time in (the lean one: the
        server-log markers are dropped after their first hit), for ``grep -E -f`` (LC_ALL=C)."""
        return [e.expr for e in self._get(LEAN if lean else FULL).table.entries]

    def _get(self, name: str) -> _Mode:
        key = (name, self._spent_facts, self._program_seen, self._watch_starts, self._unless_done)
        mode = self._modes.get(key)
        if mode is None:
            spec = _mode_specs(unless=not self._unless_done)[name]
            if self._program_seen:
                spec = [s for s in spec if not s[0].startswith("program:")]
            if not self._watch_starts:
                spec = [s for s in spec if not s[0].startswith("start:")]
            mode = self._modes[key] = _Mode(self.compiled, spec, self._spent_facts)
        return mode

    def _use(self, name: str) -> None:
        mode = self._get(name)
        self.mode_name = name
        self.mode, self.db, self.db_line, self.shapes = mode, mode.db, mode.db_line, mode.shapes
        self._kind, self._ref = mode.kind, mode.ref

    # -- input ---------------------------------------------------------------------------
    def scan_stream(self, fh: BinaryIO) -> ScanResult:
        """Read ``fh`` to its end; every byte goes through the Hyperscan database."""
        start = time.perf_counter()
        info = self.result.read
        # A keeper stores lines as they are: it gets them with their progress frames reduced.
        frames = self.keeper is not None
        for block in reader.text_blocks(fh, info, deadline=self.deadline, max_bytes=self.max_bytes,
                                        frames=frames, clock=self._clock):
            self._feed(block)
        if self._carry:
            self._chunk(self._carry + b"\n", piece=False)
            self._carry = b""
        if info.notes:
            self.result.read_error = "; ".join(info.notes)
        self.result.seconds += time.perf_counter() - start
        return self.result

    def scan_lines(self, lines: list[tuple[int, str]]) -> ScanResult:
        """Numbered lines kept in a bundle's evidence.json: every one is examined."""
        ordered = sorted(lines)
        kept = {number: text.encode("utf-8", "replace") for number, text in ordered}
        flagged: set[int] = set()
        for number, text in ordered:
            raw = kept[number]
            self.result.markers.nonblank = self.result.markers.nonblank or bool(raw.strip())
            if self.result.structure.panicked and self.result.structure.wants_below(number - 1):
                self._below(number, raw)
            if self._first_match(memoryview(raw + b"\n")) is not None:
                flagged.add(number)
                # kept lines: the one above is the log's line above only when its number is
                above = kept.get(number - 1)
                self._buf = None if above is None else above + b"\n" + raw
                self._line(number, raw, -1 if above is None else len(above) + 1)
            self.result.lines = max(self.result.lines, number)
            if raw.strip():
                self.result.tail_block = (*self.result.tail_block, (number, text[:TAIL_BYTES]))[-TAIL_LINES:]
        self._wrapped(wrapped.flagged_runs(ordered, flagged))
        return self.result

    def _wrapped(self, runs: list[tuple[int, list[str]]]) -> None:
        """A signature that matches a hard-wrapped run only once it is joined (``wrapped``)
        counts at the run's first line; what each piece gave on its own is not counted again."""
        for number, parts in runs:
            raw = "".join(parts).encode("utf-8", "replace")
            fresh = self._signature_refs(raw)
            for part in parts:
                fresh -= self._signature_refs(part.encode("utf-8", "replace"))
            if not fresh:
                continue
            for seg in normalize.clean(raw)[0]:
                sig = self._match(seg, fresh)
                if sig is not None and sig.confidence >= wrapped.MIN_CONFIDENCE:
                    self._hit(sig, Hit(number, seg, _level(seg)))
                    break

    def _below(self, number: int, raw: bytes) -> None:
        """The line after a Rust panic's header, which no shape flags: its message."""
        segments, _ = normalize.clean(reader.last_frame(raw))
        if segments:
            self.result.structure.below(number, segments[-1])

    def _signature_refs(self, raw: bytes) -> set[int]:
        return {self._ref[i] for i in self._ids(raw) if self._kind[i] in ("sig", "sigkw")}

    def _feed(self, block: bytes) -> None:
        buf = self._carry + block if self._carry else block
        cut = buf.rfind(b"\n")
        if cut == -1:
            self._carry = buf
            if len(buf) > MAX_CARRY:        # a runaway line: examine it in pieces, one line number
                self._chunk(buf, piece=True)
                self._carry = b""
            return
        self._carry = buf[cut + 1:]
        self._chunk(buf if cut + 1 == len(buf) else buf[:cut + 1], piece=False)

    # -- work ----------------------------------------------------------------------------
    def _first_match(self, view: memoryview) -> int | None:
        """End offset of the first match in ``view`` (Hyperscan reports in end order), by the gate
        (the block scan's database)."""
        self._stop.clear()
        try:
            self.db.scan(view, match_event_handler=self._on_first)
        except hs.ScanTerminated:
            pass
        return self._stop[0] if self._stop else None

    def _on_first(self, _id: int, _from: int, to: int, _flags: int, _ctx: object) -> bool:
        self._stop.append(to)
        return True

    def _chunk(self, buf: bytes, piece: bool) -> None:
        res = self.result
        res.bytes += len(buf)
        if not res.markers.nonblank and buf.strip():
            res.markers.nonblank = True
        base = res.lines
        if self.keeper is not None:
            self.keeper.chunk(buf, base)
        if (at := buf.find(b"\0")) != -1:      # a memchr: a log's text never has one
            self._nuls(buf, base, at)
        # A line redrawn with \r is scanned as it came (hsdb.frame_anchors: ^ holds after a \r)
        # and a named one is reduced to its last frame: blocks are not rewritten to drop frames.
        view, size, pos, counted, line = memoryview(buf), len(buf), 0, 0, base
        self._buf = buf
        count = buf.count
        runs: list[tuple[int, int, int]] = []      # hard-wrapped runs: (start, first line, end)
        looked = -1                                 # lines up to here were looked at for a run
        total, first = self._scan_beside_count(buf, view) if not piece and size >= OVERLAP_BYTES else (-1, None)
        rep = _Repeats()
        while pos < size:
            mode = self.mode
            spans, resume = first if first is not None else self._named_lines(buf, view, pos)
            first = None
            pos = size if resume < 0 else resume
            for start, stop in spans:
                if total >= 0 and start - counted > size - start:     # nearer the end: count from there
                    line = base + total - count(b"\n", start)
                else:
                    line += count(b"\n", counted, start)
                counted = start
                raw = buf[start:stop]
                if rep.repeats(raw, line + 1, self.keeper is None and not res.structure.panicked):
                    if rep.held is not None:         # the one held before is no longer the run's last
                        self._count_repeat()
                    rep.held = (line + 1, raw, start, stop)
                    continue
                if rep.held is not None:
                    self._line(*rep.take())
                self._line(line + 1, reader.last_frame(raw), start, stop)
                if res.structure.panicked and res.structure.wants_below(line + 1) and stop < size:
                    below = buf.find(b"\n", stop + 1)
                    self._below(line + 2, buf[stop + 1:size if below == -1 else below])
                    if self.keeper is not None:     # a bundle keeps the message too
                        self.keeper.keep(line + 2, 1, stop + 1)
                if start > looked:
                    run, looked = wrapped.run_around(buf, start, stop)
                    if run is not None:             # each run once: ``looked`` is past its end
                        runs.append((run[0], line + 1 - count(b"\n", run[0], start), run[1]))
                if self.mode is not mode:       # another database from the next line on
                    pos = stop + 1
                    break
        if rep.held is not None:
            self._line(*rep.take())
        for begin, number, end in runs:
            parts = [p.decode("utf-8", "replace") for p in buf[begin:end].split(b"\n")]
            if self.keeper is not None:
                self.keeper.keep(number, len(parts), begin)
            self._wrapped([(number, parts)])
        if not piece:
            res.lines = base + total if total >= 0 else line + count(b"\n", counted)
            self._tail(buf)
        self._buf = None        # the block is read: no line of it is above the next block's first

    def _nuls(self, buf: bytes, base: int, at: int) -> None:
        """Count the block's NUL bytes and the lines they sit on: binary data (a file's zeroed tail
        after a crash, a copy-truncated log's hole, random bytes) where no text can be read."""
        res = self.result
        res.nul_bytes += buf.count(b"\0")
        first = base + buf.count(b"\n", 0, at) + 1
        last = base + buf.count(b"\n", 0, buf.rfind(b"\0")) + 1
        res.nul_lines = (res.nul_lines[0] if res.nul_lines else first, last)

    def _tail(self, buf: bytes) -> None:
        """The block's last non-blank lines (up to TAIL_LINES, after those of the blocks before):
        how the log ends so far."""
        found: list[tuple[int, str]] = []
        end = len(buf)
        while len(found) < TAIL_LINES:
            while end > 0 and buf[end - 1] in b" \t\r\n":
                end -= 1
            if end == 0:
                break
            start = buf.rfind(b"\n", 0, end) + 1
            found.append((self.result.lines - buf.count(b"\n", end) + 1,
                          buf[start:min(end, start + TAIL_BYTES)].decode("utf-8", "replace")))
            end = start
        if not found:
            return
        found.reverse()
        earlier = tuple(t for t in self.result.tail_block if t[0] < found[0][0]) if end == 0 else ()
        self.result.tail_block = (*earlier, *found)[-TAIL_LINES:]

    def _scan_beside_count(self, buf: bytes, view: memoryview) -> tuple[int, tuple[list[tuple[int, int]], int]]:
        """The block's line count and its first scan (``_named_lines`` from 0), the scan run in a
        worker while this thread counts: the worker needs the GIL until it is inside the scan, so
        the count waits for it to get there."""
        entered = threading.Event()
        scanning = worker("scan").submit(self._named_lines, buf, view, 0, entered)
        entered.wait(0.1)
        total = buf.count(b"\n")
        return total, scanning.result()

    def _named_lines(self, buf: bytes, view: memoryview, pos: int,
                     entered: threading.Event | None = None) -> tuple[list[tuple[int, int]], int]:
        """(start, stop) of every line, from ``pos`` on, that a match of the database ends in,
        and where to scan again (-1: the block is done).

        One scan of the rest of the block; ``_Named`` says when it stops early. Until a server's
        line was seen, nearly every line of a log matches the full database's markers: then only
        the first named line is taken, from a window of ``FIRST_WINDOW`` bytes (a Hyperscan scan
        costs time in the length it is given, even when stopped).
        """
        # the database with nccl-tests' lines left out is a short passage too: its first named line
        # usually switches to another (over a whole block of lines it would name each one)
        first_only = self.mode_name in (FULL, SEEK, SEEK_NAMED)
        # a seeking database stops at its first named line too: scanned to the block's end each
        # time, a block whose every few lines are named (a crash-looping container's banners) cost
        # its length once per line; its window follows the way to the last named line instead
        seeking = first_only and self.mode_name != FULL
        if self.mode_name == FULL:
            end = self._window_end(buf, pos, len(buf), FIRST_WINDOW)
        else:
            end = self._window_end(buf, pos, len(buf), self._seek_window) if seeking else len(buf)
        named = _Named(buf, pos, first_only)
        if entered is not None:
            entered.set()
        try:
            self.db.scan(view[pos:end], match_event_handler=named)
        except hs.ScanTerminated:
            pass
        if seeking:
            # the next window: twice the distance this scan went to its named line, or twice this
            # window when it found none; named lines every few lines keep it at a few lines' length
            went = named.spans[-1][1] - pos if named.spans else self._seek_window
            self._seek_window = min(max(2 * went, SEEK_WINDOW_MIN), SEEK_WINDOW_MAX)
        if named.resume < 0 and end < len(buf):
            return named.spans, end
        return named.spans, named.resume

    @staticmethod
    def _window_end(buf: bytes, pos: int, size: int, window: int) -> int:
        """Whole lines from ``pos`` up to about ``window`` bytes (a longer line whole)."""
        limit = pos + window
        if limit >= size:
            return size
        nl = buf.rfind(b"\n", pos, limit)
        if nl >= pos:
            return nl + 1
        nl = buf.find(b"\n", limit)
        return size if nl == -1 else nl + 1

    def _line_ids(self, raw: bytes) -> tuple[set[int], tuple[list[str], bool] | None]:
        """A named line's ids, read as it came and as Python reads it, so a pattern anchored at a
        line's start holds after a prefix (``app-1  | ``, a process tag) as in Python, and only
        there; and the line cleaned (``normalize.clean``) when that was needed for it."""
        ids = set(self._ids(raw))
        if not normalize.starts_otherwise(raw):
            return ids, None
        cleaned = normalize.clean(raw)
        view = normalize.joined(raw, cleaned[0])
        if view is not None:
            ids.update(self._ids(view))
        return ids, cleaned

    def _ids(self, raw: bytes) -> list[int]:
        found: list[int] = []
        self.db_line.scan(raw, match_event_handler=lambda i, *_: found.append(i))
        return found

    def _line(self, number: int, raw: bytes, start: int = -1, stop: int = -1) -> None:
        res = self.result
        res.candidates += 1
        self._line_sigs = []
        sig_idx: set[int] = set()
        shapes: set[str] = set()
        rules: list[int] = []
        ids, cleaned = self._line_ids(raw)
        for i in ids:
            kind = self._kind[i]
            if kind == "struct":
                shapes.add(self.shapes[self._ref[i]][0])
            elif kind == "fact":
                rules.append(self._ref[i])
            else:
                sig_idx.add(self._ref[i])
        if shapes and cleaned is not None:
            shapes -= _came_otherwise(raw, shapes)
        fact = bool(rules)
        # reading it changes nothing: only bare error words the structure no longer keeps (never
        # with a keeper), or only facts already known (a keeper still keeps it as a fact line)
        if not sig_idx and ((shapes and not fact and self._spent(shapes))
                            or (fact and not shapes and self._idle_fact(rules))
                            or (shapes and self._idle_unless_line(shapes, rules))):
            res.truncated += len(raw) > normalize.MAX_LINE_BYTES
            if self.keeper is not None and start >= 0:
                self.keeper.line(number, start, stop, LineInfo(None, frozenset(), fact))
            return
        segments, cut = cleaned if cleaned is not None else normalize.clean(raw)
        res.truncated += cut
        matched = None
        for seg in segments:
            if fact:
                res.facts.feed(seg, number)
            sig, benign = None, False
            if sig_idx and not any(d in seg for d in CONFIG_DUMPS):
                sig = self._match(seg, sig_idx)
                if sig is not None and (structure.benign(seg) or res.structure.raise_statement(number, seg)):
                    # an error-looking line known to be no failure (huggingface_hub going on with
                    # the local copy it has, quoting the error that made it), or the raise statement
                    # a traceback prints under its frame (code; its exception line says what failed)
                    sig, benign = None, True
                if sig is not None:
                    matched = matched or sig
                    self._line_sigs.append(sig.id)
                    self._hit(sig, Hit(number, seg, _level(seg)))
            if sig is not None or benign:
                shapes -= _WORD     # a line a signature explains (or known benign) is not also a bare failure word
            if shapes:
                shapes = self._shapes(number, seg, shapes, start)
        hits = self.result.markers
        if hits.program is not None and not self._program_seen:
            self._program_seen = True
            self._use(self.mode_name)
        watch = hits.watching_starts
        if watch != self._watch_starts:
            self._watch_starts = watch
            self._use(self.mode_name)
        if hits.server_lines:
            want = (ENGINE if hits.engine_line is None else SEEK if hits.foreign_line is None
                    else LEAN if not hits.ready_generic else CLOSING if hits.loading_after_ready else LOADING)
            if hits.named_line is None:
                want = _WITH_NAMED.get(want, want)
            if want != self.mode_name:
                self._use(want)
        if self.keeper is not None and start >= 0:
            self.keeper.line(number, start, stop, LineInfo(matched, frozenset(shapes), fact))

    def _count_repeat(self) -> None:
        """A line of a run of repeats left unread: a flagged line, counted for the signatures its
        run matched."""
        self.result.candidates += 1
        for sig_id in self._line_sigs:
            self.result.hits[sig_id].count += 1

    def _idle_fact(self, rules: list[int]) -> bool:
        """A line flagged only by fact rules whose facts are known: reading it changes nothing.
        After ``IDLE_FACT_LINES`` of them the databases are rebuilt without every known fact's
        rules (the block scan then resumes at the next line with them)."""
        if not self._facts_known(rules):
            return False
        self._idle_facts += 1
        if self._idle_facts >= IDLE_FACT_LINES:
            self._idle_facts = 0
            spent = self._known_fact_rules()
            if spent != self._spent_facts:
                self._spent_facts = spent
                self._use(self.mode_name)
        return True

    def _idle_unless_line(self, shapes: set[str], rules: list[int]) -> bool:
        """A line flagged only by markers that rule a ready line out (``unless_marker``), each seen
        already, and facts already known: reading it changes nothing. After ``IDLE_FACT_LINES`` of
        them the databases are rebuilt without those markers (a rare flood; a log's few such lines
        never cost another database)."""
        if not shapes <= _unless_awaited():
            return False
        seen = self.result.markers.ids
        if not all(name.partition(":")[2] in seen for name in shapes) or not self._facts_known(rules):
            return False
        self._idle_unless += 1
        if self._idle_unless >= IDLE_FACT_LINES and not self._unless_done:
            self._unless_done = True
            if rules:       # the facts it repeats leave with them (one database, not two in turn)
                self._spent_facts = self._known_fact_rules()
            self._use(self.mode_name)
        return True

    def _facts_known(self, rules: list[int]) -> bool:
        """Every fact these rules read is known already (a line flagged by them adds nothing)."""
        known = self.result.facts.values
        return all(factmod.RULES[r].key in known for r in rules)

    def _known_fact_rules(self) -> frozenset[int]:
        """The fact rules whose facts are known: what the databases may leave out."""
        known = self.result.facts.values
        return frozenset(i for i, rule in enumerate(factmod.RULES) if rule.key in known)

    def _spent(self, shapes: set[str]) -> bool:
        """A line flagged only as a bare error line or failure word, once the structure holds as
        many of those as it keeps: reading it changes nothing (a flood of them stays linear and
        cheap). A keeper still sees every line: it keeps the last ones of each kind."""
        return (self.keeper is None and shapes <= structure.SPENDABLE
                and all(self.result.structure.spent(kind) for kind in shapes))

    def _match(self, text: str, candidates: set[int]) -> Signature | None:
        """The first candidate signature, in priority order, whose Python regex confirms it."""
        sigs, regexes = self.compiled.signatures, self.compiled.regexes
        for index in sorted(candidates):
            sig = sigs[index]
            if any(k in text for k in sig.keywords) and regexes[index].search(text):
                return sig
        return None

    def _hit(self, sig: Signature, hit: Hit) -> None:
        hits = self.result.hits.get(sig.id)
        if hits is None:
            hits = self.result.hits[sig.id] = SigHits(sig)
        hits.add(hit)

    def _shapes(self, number: int, seg: str, shapes: set[str], start: int = -1) -> set[str]:
        markers = self.result.markers
        for name in sorted(shapes):       # one order whatever the hash seed: the first marker wins
            kind, _, ident = name.partition(":")
            if ident:
                markers.feed(number, kind, ident, seg)
        # the line above, read only when a bare failure word needs it (a wrapped warning's rest)
        above = (lambda: self._above(start)) if "error_word" in shapes else None
        return self.result.structure.feed(number, seg, shapes, above)

    def _above(self, at: int) -> str | None:
        """The line before the one starting at offset ``at`` of the block at hand (None at a block's
        start, and for a bundle's kept line whose line above was not kept)."""
        buf = self._buf
        if buf is None or at <= 0:
            return None
        begin = buf.rfind(b"\n", 0, at - 1) + 1
        return buf[begin:at - 1][:normalize.MAX_LINE_BYTES].decode("utf-8", "replace")


# The levels at which a signature's match is only a warning (the engine demotes such a finding).
QUIET_LEVELS = frozenset({"INFO", "WARNING", "DEBUG"})


def _level(seg: str) -> str | None:
    """A hit line's log level; ERROR for a failure its engine logs at a quiet level (markers' loud)."""
    found = normalize.level(seg)
    if found in QUIET_LEVELS and (loud := statusmod.markers().loud_regex) is not None and loud.search(seg):
        return "ERROR"
    return found
