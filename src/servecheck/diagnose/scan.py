"""Stream a log once, in binary blocks, and keep only bounded state.

Two prefilters decide which lines are looked at, both built from substring searches
(``bytes.find`` runs at memory speed):

* the first MiB and the last two MiB are searched for *every* signature and
  fact keyword, so a start-up log of ordinary size is examined completely;
* the middle of a large log (NCCL chatter from many ranks, progress bars) is searched for a few
  generic triggers only (``rror``, ``ERROR``, ``NVIDIA``, ``Killed``): fatal lines nearly always carry one
  of them, and this keeps the scan within a small factor of grep.

Memory is bounded by the block size, the tail window and a few kept lines per signature,
whatever the log's length.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import BinaryIO

from servecheck.diagnose import facts as factmod
from servecheck.diagnose import normalize
from servecheck.diagnose.signatures import Compiled, Signature

BLOCK_BYTES = 1 << 20
HEAD_BLOCKS = 1          # the first MiB ...
TAIL_BLOCKS = 2          # ... and the last two are searched for every keyword
MAX_CARRY = 1 << 20
KEEP_FIRST = 5
# "rror" finds Error and error in one pass; "Killed" is the OOM killer's bare word:
# these carry the fatal lines of the middle of a large log.
GENERIC_TRIGGERS = (b"rror", b"ERROR", b"NVIDIA", b"Killed")
# Configuration dumps quote flag names and values ("trust_remote_code=True", "tool_call_parser"):
# they feed the layer facts but are never evidence of a failure.
CONFIG_DUMPS = ("non-default args:", "args: Namespace(", "with config: model=", "server_args=ServerArgs(",
                "engine_args=", "EngineArgs(")


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
    bytes: int = 0
    lines: int = 0
    candidates: int = 0
    truncated: int = 0
    seconds: float = 0.0
    read_error: str | None = None


def _reduce(words: list[bytes]) -> tuple[bytes, ...]:
    """Drop keywords that contain another keyword: the shorter one finds their lines too."""
    uniq = sorted(set(words), key=len)
    kept: list[bytes] = []
    for w in uniq:
        if not any(k in w for k in kept):
            kept.append(w)
    return tuple(kept)


class Scanner:
    def __init__(self, compiled: Compiled) -> None:
        self.compiled = compiled
        self.result = ScanResult()
        words = [k.encode() for k in compiled.keywords] + [k.encode() for k in factmod.KEYWORDS]
        # A keyword that contains a generic trigger is found by that trigger's pass already.
        self.full_triggers = _reduce(words + list(GENERIC_TRIGGERS))

    # -- input ---------------------------------------------------------------------------
    def scan_stream(self, fh: BinaryIO) -> ScanResult:
        """Read ``fh`` to its end in blocks; blocks are searched in place, never joined."""
        start = time.perf_counter()
        carry, base, blocks = b"", 0, 0
        tail: deque[tuple[bytes, int, int, int]] = deque()
        while True:
            try:
                data = fh.read(BLOCK_BYTES)
            except OSError as exc:   # a failing disk or pipe: keep what was read, say so
                self.result.read_error = f"read stopped after {self.result.bytes} bytes: {exc}"
                break
            if not data:
                break
            self.result.bytes += len(data)
            nl = data.find(b"\n")
            if nl == -1:
                carry += data
                if len(carry) > MAX_CARRY:     # a runaway progress bar: examine it, keep going
                    self._block(carry, 0, len(carry), base, self.full_triggers)
                    carry = b""
                continue
            cut = data.rfind(b"\n") + 1
            first = carry + data[:nl + 1]
            carry = data[cut:]
            for item in ((first, 0, len(first), base), (data, nl + 1, cut, base + 1)):
                if blocks < HEAD_BLOCKS:
                    self._block(*item, self.full_triggers)
                else:
                    tail.append(item)
            base += 1 + data.count(b"\n", nl + 1, cut)
            blocks += 1
            while len(tail) > 2 * TAIL_BLOCKS:
                self._block(*tail.popleft(), GENERIC_TRIGGERS)
        for item in tail:
            self._block(*item, self.full_triggers)
        if carry:
            self._block(carry, 0, len(carry), base, self.full_triggers)
            base += 1
        self.result.lines = base
        self.result.seconds += time.perf_counter() - start
        return self.result

    def scan_lines(self, lines: list[tuple[int, str]]) -> ScanResult:
        """Numbered lines kept in a bundle's evidence.json: every one is examined."""
        for number, text in sorted(lines):
            self._line(number, text.encode("utf-8", "replace"))
            self.result.lines = max(self.result.lines, number)
        return self.result

    # -- work ----------------------------------------------------------------------------
    def _block(self, buf: bytes, lo: int, hi: int, base: int, triggers: tuple[bytes, ...]) -> None:
        """Examine the lines of ``buf[lo:hi]`` that contain a trigger; ``base`` lines precede it."""
        starts: set[int] = set()
        find, rfind = buf.find, buf.rfind
        for t in triggers:
            i = find(t, lo, hi)
            while i != -1:
                starts.add(max(rfind(b"\n", lo, i) + 1, lo))
                e = find(b"\n", i, hi)
                if e == -1:
                    break
                i = find(t, e, hi)
        line, pos = base + 1, lo
        for s in sorted(starts):
            line += buf.count(b"\n", pos, s)
            pos = s
            e = find(b"\n", s, hi)
            self._line(line, buf[s:e if e != -1 else hi])

    def _line(self, number: int, raw: bytes) -> None:
        res = self.result
        res.candidates += 1
        segments, cut = normalize.clean(raw)
        res.truncated += cut
        for seg in segments:
            res.facts.feed(seg, number)
            if any(d in seg for d in CONFIG_DUMPS):
                continue
            sig = self.compiled.match(seg)
            if sig is None:
                continue
            hits = res.hits.get(sig.id)
            if hits is None:
                hits = res.hits[sig.id] = SigHits(sig)
            hits.add(Hit(number, seg, normalize.level(seg)))
