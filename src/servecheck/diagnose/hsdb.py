"""One Hyperscan database for every pattern diagnose looks for, compiled once and cached.

Hyperscan is the prefilter: it examines every byte of the log at memory speed and names the lines
worth a closer look; Python ``re`` then makes the final decision on those lines only. The table
holds, each with its kind:

* ``sig``    a signature pattern (the index of its signature in priority order);
* ``sigkw``  a literal keyword of a signature whose pattern Hyperscan cannot compile, so its
  lines still reach Python ``re`` (listed in ``Table.fallback``: nothing vanishes silently);
* ``fact``   a layer-fact rule's own regex (versions, driver, GPU; the index of its rule), so a line
  that only names a keyword ("NVIDIA", "torch") stays in Hyperscan;
* ``struct`` a structural shape (traceback, exception line, signal, errno, ready marker ...).

The compiled database is serialised under the user cache directory, keyed by a hash of every
expression, its flags and the Hyperscan version; an unreadable or stale cache is recompiled.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import hyperscan as hs

from servecheck.diagnose import facts as factmod

HS_VERSION = getattr(hs, "__version__", "unknown")
FLAGS = hs.HS_FLAG_MULTILINE | hs.HS_FLAG_SINGLEMATCH
# The block scan wants every match (each pattern more than once per block); one line's ids want
# each pattern once, so a pattern that matches at every byte of a long line reports once.
ALL_MATCHES = hs.HS_FLAG_MULTILINE
_TRAILING_DOLLAR = re.compile(r"(?<!\\)\$$")


@dataclass(frozen=True)
class Entry:
    kind: str       # sig | sigkw | fact | struct
    ref: int        # signature index, or index into the struct list
    expr: str


@dataclass
class Table:
    entries: list[Entry] = field(default_factory=list)
    fallback: list[tuple[str, str]] = field(default_factory=list)   # (signature id, pattern)
    caseless: set[int] = field(default_factory=set)
    keys: dict[tuple[int, bool], str] = field(default_factory=dict, repr=False, compare=False)   # key() per flags and anchoring
    _columns: tuple[list[str], list[int]] | None = field(default=None, repr=False, compare=False)

    def add(self, kind: str, ref: int, expr: str, caseless: bool = False) -> None:
        if caseless:
            self.caseless.add(len(self.entries))
        self.entries.append(Entry(kind, ref, expr))
        self.keys.clear()
        self._columns = None

    def columns(self) -> tuple[list[str], list[int]]:
        """Each id's kind and ref as two lists (what a match handler indexes), worked out once per
        table: a table is built once per signature set and every scanner reads it."""
        if self._columns is None:
            self._columns = ([e.kind for e in self.entries], [e.ref for e in self.entries])
        return self._columns

    def key(self, flags: int = FLAGS, gate: bool = False) -> str:
        """The database's cache key: a hash of every entry, worked out once per table, flags and
        anchoring (a table is built once per signature set, and every diagnose asks for its keys)."""
        if (flags, gate) not in self.keys:
            anchor = _GATE_ANCHOR if gate else _FRAME_ANCHOR
            h = hashlib.sha256(f"hyperscan {HS_VERSION} flags {flags} anchor {anchor}\n".encode())
            for i, e in enumerate(self.entries):
                h.update(f"{e.kind}\0{e.ref}\0{e.expr}\0{i in self.caseless}\n".encode())
            self.keys[(flags, gate)] = h.hexdigest()[:32]
        return self.keys[(flags, gate)]


_META = re.compile(r"([.^$*+?()\[\]{}|\\])")


def literal(text: str) -> str:
    """A literal as an expression both Hyperscan and ``grep -E`` read the same way."""
    return _META.sub(r"\\\1", text)


def hs_expr(pattern: str) -> str:
    """Python trims a line before matching; Hyperscan sees trailing blanks: let ``$`` skip them."""
    return _TRAILING_DOLLAR.sub(r"[ \t\r]*$", pattern)


# What a ``^`` becomes for Hyperscan: a line's or a frame's start. In the block scan's database
# (the gate that names the lines Python reads) also wherever a prefix Python strips
# (``normalize.strip_prefixes``: a timestamp, a process tag, a compose column ...; a colour code, a
# box's border) can end: after a blank, ``|``, ``)``, ``:`` or ``]``, an escape sequence or a border.
# A superset, as a gate may be: the line's ids are then read exactly (``Scanner._line_ids``). A
# colour code whose escape byte a paste dropped ("[1;36m") is left out: as an alternative here it
# tripled the scan time of a glog-style pattern on the benchmark's log (bench/diagnose_throughput.py).
_FRAME_ANCHOR = "(?:^|\\r)"
_GATE_ANCHOR = "(?:^|\\r|[ \\t|):\\]]|\\x1b\\[[0-9;?]*[A-Za-z]|\\xe2\\x94[\\x82\\x83])"


def frame_anchors(expr: str, gate: bool = False) -> str:
    """``expr`` with each ``^`` anchor also holding after a ``\\r`` (and, for the ``gate``, after
    the prefixes Python strips).

    A line redrawn with ``\\r`` (a progress bar, then the message printed over it) is scanned
    as it came, and only its last frame is read in Python: a pattern anchored at a line's start
    must match at a frame's start too. Python reads a line with its prefixes stripped
    (``app-1  | ``, ``(EngineCore pid=1) ``, a timestamp, colours): the gate must name such a line,
    which Hyperscan sees as it came; the line's own ids are then read from the line as it came and
    as Python reads it (``Scanner._line_ids``), with exact anchors. Escapes and ``^`` inside a bracket
    class are left alone.
    """
    anchor = _GATE_ANCHOR if gate else _FRAME_ANCHOR
    out, i, n = [], 0, len(expr)
    in_class = False
    while i < n:
        c = expr[i]
        if c == "\\":
            out.append(expr[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            j = i + 1
            j += expr[j:j + 1] == "^"
            j += expr[j:j + 1] == "]"           # a leading ] is a literal inside the class
            out.append(expr[i:j])
            i = j
            continue
        elif c == "^":
            out.append(anchor)
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def compiles(expr: str, flags: int = FLAGS, gate: bool = False) -> bool:
    try:
        hs.Database().compile(expressions=[frame_anchors(expr, gate).encode()], flags=[flags], ids=[0])
    except hs.error:
        return False
    return True


def fact_expr(rule: factmod.FactRule) -> str:
    """A fact rule's regex for Hyperscan, unanchored: Python reads the line with its prefixes
    stripped (``normalize.clean``), Hyperscan the line as it came."""
    return hs_expr(rule.regex.pattern.removeprefix("^"))


def build_table(signatures, struct_patterns: list[tuple[str, bool]],
                rejected: frozenset[int] = frozenset(), spent: frozenset[int] = frozenset()) -> Table:
    """Every signature pattern, fact rule and structural pattern, each with its id.

    ``rejected`` numbers the signature patterns (in order) that Hyperscan cannot compile: their
    signatures' keywords stand in for them, and Python ``re`` decides on those lines. ``spent``
    numbers the fact rules left out (their facts are known: the first value wins).
    """
    table = Table()
    number = 0
    for index, sig in enumerate(signatures):
        for pattern in sig.patterns:
            if number in rejected:
                table.fallback.append((sig.id, pattern))
                for kw in sig.keywords:
                    table.add("sigkw", index, literal(kw))
            else:
                table.add("sig", index, hs_expr(pattern))
            number += 1
    for index, rule in enumerate(factmod.RULES):
        if index not in spent:
            table.add("fact", index, fact_expr(rule))
    for index, (expr, caseless) in enumerate(struct_patterns):
        table.add("struct", index, expr, caseless)
    return table


def _rejected(signatures, flags: int, gate: bool) -> frozenset[int]:
    patterns = [p for s in signatures for p in s.patterns]
    return frozenset(i for i, p in enumerate(patterns) if not compiles(hs_expr(p), flags, gate))


# Tables by signature set, shapes and spent facts, the least recently used dropped first: a corpus's logs
# need a few dozen (one per database mode and set of facts already read); clearing them all at 16 rebuilt
# one in every fifteen diagnoses (9 ms each, a fifth of a short log's diagnosis)
MAX_TABLES = 64
_TABLES: dict[tuple, Table] = {}


_CONTENT: dict[int, tuple[object, tuple]] = {}


def _content(signatures) -> tuple:
    """What a signature list holds, worked out once per list object (every diagnose asks for the
    same loaded list several times; the list is kept with its content so its id is not reused)."""
    held = _CONTENT.get(id(signatures))
    if held is None or held[0] is not signatures:
        if len(_CONTENT) > 16:
            _CONTENT.clear()
        held = _CONTENT[id(signatures)] = (signatures, tuple((s.id, tuple(s.patterns), tuple(s.keywords))
                                                            for s in signatures))
    return held[1]


def _table(signatures, struct_patterns: list[tuple[str, bool]], spent: frozenset[int]) -> Table:
    """Built once per signature set, shapes and spent facts (by content: a site file may change
    between runs)."""
    memo = (_content(signatures), tuple(struct_patterns), spent)
    table = _TABLES.pop(memo, None)
    if table is None:
        table = build_table(signatures, struct_patterns, spent=spent)
        while len(_TABLES) >= MAX_TABLES:       # the least recently used goes
            del _TABLES[next(iter(_TABLES))]
    _TABLES[memo] = table                       # now the most recently used
    return table


# Databases loaded in this process, by key: a database is read-only, so every thread shares it
# (deserialising one costs about a millisecond a megabyte); what one scan at a time may use is its
# scratch space, which each thread (capture's probes scan in threads) keeps its own of. Kept for the
# process, as the compiled bytes were before: a run makes a few dozen (32 over the whole corpus, 37 MB),
# and one dropped would be read from disk again, or compiled again where the cache cannot be written.
_SHARED: dict[str, tuple[Table, hs.Database]] = {}
_SHARED_LOCK = threading.Lock()
_LOADED = threading.local()


class ThreadDb:
    """A shared database with this thread's scratch space: ``scan`` as on the database itself."""

    __slots__ = ("db", "scratch")

    def __init__(self, db: hs.Database) -> None:
        self.db = db
        self.scratch = hs.Scratch(db)

    def scan(self, data: bytes | memoryview, match_event_handler: Callable[..., bool | None]) -> None:
        """Hyperscan reads any buffer (a memoryview of a block: no copy)."""
        self.db.scan(data, match_event_handler=match_event_handler, scratch=self.scratch)  # type: ignore[type-var]  # the stubs say str|bytes; buffers work


# Each thread's own scratch for each database it scans (those ``load`` shares, and those compiled
# elsewhere: the markers' benign wordings), by the database's id (the ThreadDb holds the database, so the
# id is not reused while it is held).
_OWN = threading.local()


def own_scratch(db: hs.Database) -> ThreadDb:
    """A shared, read-only database with this thread's scratch space: a scan without one uses the
    database's single scratch, which two threads scanning at once find in use
    (hyperscan.ScratchInUseError)."""
    held: dict[int, ThreadDb] = _OWN.__dict__.setdefault("dbs", {})
    hit = held.get(id(db))
    if hit is None or hit.db is not db:
        if len(held) > 32:
            held.clear()
        hit = held[id(db)] = ThreadDb(db)
    return hit


def forget() -> None:
    """Drop what this process holds in memory (loaded databases, this thread's scratch spaces):
    the next load reads the cache file or compiles."""
    with _SHARED_LOCK:
        _SHARED.clear()
    _LOADED.__dict__.pop("dbs", None)
    _OWN.__dict__.pop("dbs", None)


def load(signatures, struct_patterns: list[tuple[str, bool]],
         flags: int = FLAGS, spent: frozenset[int] = frozenset(),
         gate: bool = False) -> tuple[Table, ThreadDb]:
    """The table and its database (compiled with ``flags``, without the ``spent`` fact rules;
    the ``gate``'s anchors also hold after a line's prefixes, see ``frame_anchors``) with this
    thread's scratch space: already loaded, from memory, from the cache file, or compiled now."""
    table = _table(signatures, struct_patterns, spent)
    key = table.key(flags, gate)
    loaded: dict[str, tuple[Table, ThreadDb]] = _LOADED.__dict__.setdefault("dbs", {})
    hit = loaded.get(key)       # the key hashes every entry: the same key, the same database
    if hit is None:
        # counted as building, waiting included: another thread may be compiling this database
        with _building(), _SHARED_LOCK:     # one thread loads or compiles a database; the others wait for it
            shared = _SHARED.get(key)
            if shared is None:
                shared = _SHARED[key] = _load(signatures, struct_patterns, flags, spent, table, key, gate)
        if len(loaded) > 32:
            loaded.clear()
        hit = loaded[key] = (shared[0], own_scratch(shared[1]))
    return hit


# Seconds each thread spent getting databases it did not hold yet (compiling one on a cold cache:
# about two seconds; reading one from the cache: milliseconds; waiting for another thread's
# compile): a reader's deadline is for reading the input, and a capture's probe is not abandoned for
# the time its engine took to build (``compile_seconds``). Bounded: a few threads ever compile.
_COMPILE_SECONDS: dict[int, float] = {}
_COMPILING: dict[int, float] = {}      # a compile under way: when it began, by thread
_COMPILE_LOCK = threading.Lock()


def compile_seconds(thread: int | None = None) -> float:
    """Seconds a thread (this one by default) has spent compiling databases so far, a compile
    still under way included."""
    ident = threading.get_ident() if thread is None else thread
    with _COMPILE_LOCK:
        began = _COMPILING.get(ident)
        return _COMPILE_SECONDS.get(ident, 0.0) + (time.monotonic() - began if began is not None else 0.0)


def compiled_since() -> Callable[[], float]:
    """Seconds this thread has spent compiling databases from now on, as a function any thread may
    call (a reader's clock, a capture runner deciding whether to abandon a probe)."""
    thread, base = threading.get_ident(), compile_seconds()
    return lambda: compile_seconds(thread) - base


@contextmanager
def _building() -> Iterator[None]:
    """This thread is getting a database it does not hold: the time counts in ``compile_seconds``."""
    ident = threading.get_ident()
    with _COMPILE_LOCK:
        _COMPILING[ident] = time.monotonic()
    try:
        yield
    finally:
        with _COMPILE_LOCK:
            start = _COMPILING.pop(ident)
            if ident not in _COMPILE_SECONDS and len(_COMPILE_SECONDS) > 256:
                _COMPILE_SECONDS.clear()
            _COMPILE_SECONDS[ident] = _COMPILE_SECONDS.get(ident, 0.0) + time.monotonic() - start


def _load(signatures, struct_patterns, flags: int, spent: frozenset[int], table: Table,
          key: str, gate: bool) -> tuple[Table, hs.Database]:
    cached = _read_cache(key)
    if cached is not None:
        try:
            rejected, blob = _unpack(cached)
            db = hs.loadb(blob, hs.HS_MODE_BLOCK)
            return (build_table(signatures, struct_patterns, rejected, spent) if rejected else table), db
        except (hs.error, ValueError):
            pass   # a cache from another build or CPU: compile afresh below
    rejected = frozenset()
    try:
        db = _compile(table, flags, gate)
    except hs.error:
        rejected = _rejected(signatures, flags, gate)
        table = build_table(signatures, struct_patterns, rejected, spent)
        db = _compile(table, flags, gate)
    _write_cache(key, _pack(rejected, hs.dumpb(db)))
    return table, db


def _pack(rejected: frozenset[int], blob: bytes) -> bytes:
    return b"HSDB1 " + json.dumps(sorted(rejected)).encode() + b"\n" + blob


def _unpack(data: bytes) -> tuple[frozenset[int], bytes]:
    head, sep, blob = data.partition(b"\n")
    if not head.startswith(b"HSDB1 ") or not sep:
        raise ValueError("not a servecheck Hyperscan cache file")
    return frozenset(json.loads(head[6:])), blob


def cache_dir() -> Path:
    override = os.environ.get("SERVECHECK_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "servecheck"


def _compile(table: Table, flags: int, gate: bool = False) -> hs.Database:
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    each = [flags | (hs.HS_FLAG_CASELESS if i in table.caseless else 0) for i in range(len(table.entries))]
    db.compile(expressions=[frame_anchors(e.expr, gate).encode() for e in table.entries], flags=each,
               ids=list(range(len(table.entries))))
    return db


def _read_cache(key: str) -> bytes | None:
    try:
        return (cache_dir() / f"hsdb-{key}.bin").read_bytes()
    except OSError:
        return None


def _write_cache(key: str, blob: bytes) -> None:
    """Best effort: a read-only home or a full disk only costs the next run a compile."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".hsdb-", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, folder / f"hsdb-{key}.bin")
    except OSError:
        return
