"""Read a log the way it was handed over, as plain text in blocks of whole lines.

What arrives is not always plain text: ``docker logs`` output saved compressed, the json-file
driver's own files (``{"log": "...", "stream": "stderr", "time": "..."}`` per line), a node's
CRI/containerd files (``2024-01-01T00:00:00.000000000Z stderr F text``, ``P`` for a partial line
continued by the next record), the heads a collector puts before each line (``journalctl``'s
``Jun 03 17:36:52 host ollama[1331]: ``, the time of ``docker logs -t`` and ``kubectl logs
--timestamps``, the pod of ``kubectl logs --prefix``, the task of ``srun --label``), colours and
``\\r`` progress frames. All of this is undone here, in blocks, so the scanner sees plain lines and
memory stays flat whatever the size.

Decompression is bounded (``MAX_DECOMPRESSED``): a zip bomb stops with a recorded note, not with
the memory or the disk of the host.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import json
import lzma
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import BinaryIO

from servecheck.diagnose.workers import worker
from servecheck.errors import InputError

BLOCK_BYTES = 4 << 20
MAX_CARRY = 1 << 20                 # a "line" longer than this is examined in pieces
MAX_DECOMPRESSED = 16 << 30
DEADLINE_NOTE = "stopped at the deadline"
MAGIC = {b"\x1f\x8b": "gzip", b"BZh": "bz2", b"\xfd7zXZ\x00": "xz", b"\x28\xb5\x2f\xfd": "zstd"}
# a UTF-16 text's byte-order mark: Windows PowerShell 5.1's `>` and Out-File write one (UTF-16LE) by default,
# so `ollama serve > server.log` or `llama-server ... > log.txt` there gives such a file
# (https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/about_character_encoding)
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
UTF16_SAMPLE = 510


def is_utf16(head: bytes) -> bool:
    """A UTF-16 byte-order mark, then text whose units are mostly ASCII (a log's are: their other byte
    is zero); bytes that only start like a mark (b"\\xff\\xfe" before UTF-8 text, random data) are not."""
    if not head.startswith(UTF16_BOMS):
        return False
    body = head[2:len(head) - len(head) % 2]
    other = body[1::2] if head.startswith(b"\xff\xfe") else body[0::2]
    return other.count(0) * 2 >= len(other)
_ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
# the same escape sequences pasted in caret notation, as `cat -v`, less and some web consoles show
# ESC ("^[[97;42m 200 ^[[0m" in Ollama's access log, ollama/ollama#2839)
_CARET_CSI = re.compile(rb"\^\[\[[0-9;?]*[ -/]*[@-~]")
# ... or with ESC spelled out in three letters, as some viewers and copy tools render the byte
# ("ESC[2m2024-04-07T02:20:36.588030ZESC[0m ESC[31mERRORESC[0m" in TGI's router log,
# huggingface/text-generation-inference#1712)
_SPELLED_CSI = re.compile(rb"ESC\[[0-9;?]*[ -/]*[@-~]")
SPELLED_PROBE_BYTES = 64 * 1024
_LONE_CR = re.compile(rb"\r(?!\n)")
_CRI = re.compile(rb"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d) (?:stdout|stderr) ([FP]) ?")
# Heads that a collector puts before every line it hands over, taken off when most of the first
# lines carry them (a paste may hold a stray line without), so that what is read is the server's own
# line and a marker anchored at its start still sees it. Tried in this order, and again on what is
# left, since one may wrap another (``kubectl logs --prefix --timestamps`` writes the pod before the
# time; a journal saved with ``docker logs -t`` has a time before journalctl's head):
_HEADS: tuple[tuple[str, re.Pattern[bytes]], ...] = (
    # journalctl(1), its default ``short``/``short-precise`` outputs ("Jun 03 17:36:52[.123456] HOST
    # IDENTIFIER[PID]: ", the kernel's without a pid) and ``short-iso`` (the pid required, so that an
    # application's own "TIME LEVEL name: " is never taken for one; a host is no second time, so
    # ``snap logs``' "TIME unit[PID]: " under another collector's time stays whole): the form
    # servecheck itself advises for a server run as a systemd service (``journalctl -u ollama``).
    # The journal keeps microseconds (``short-iso-precise``: six digits at most), so a nanosecond
    # time ("...52.123456789Z ", docker's and kubectl's) is the other collector's, over a journal line
    ("journald", re.compile(
        rb"^(?:[A-Z][a-z]{2} [ 0-9]\d \d\d:\d\d:\d\d(?:\.\d{1,6})? \S+ [A-Za-z_][\w.@/-]*(?:\[\d+\])?"
        rb"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,6})?(?:Z|[+-]\d\d:?\d\d) (?!\d{4}-)\S+ [A-Za-z_][\w.@/-]*\[\d+\]): ")),
    # ``kubectl logs --prefix``: "[pod/NAME/CONTAINER] " (kubectl/pkg/cmd/logs)
    ("kubectl-prefix", re.compile(rb"^\[pod/[^\]/ ]+/[^\] ]+\] ")),
    # ``docker logs -t`` / ``kubectl logs --timestamps``: an RFC 3339 time and one blank. Rust's
    # tracing (TGI, TEI) starts its own lines with such a time too, and pads the level to five
    # ("...Z  INFO text_generation_launcher: "): that pad goes with the time, so the line starts
    # with its level either way
    ("timestamps", re.compile(rb"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d) (?: (?=(?:INFO|WARN) ))?")),
    # a CRI record's stream and tag left after the time was taken off as a collector's head (a
    # containerd file's lines under ``docker logs -t``' or journald's head): "stderr F text"
    ("cri-stream", re.compile(rb"^(?:stdout|stderr) [FP] ")),
    # Slurm's ``srun --label``: the task number (padded to the widest) and a colon (srun(1), -l);
    # the same few numbers recur, unlike a Rust backtrace's or anyhow's numbered frames ("   0: ")
    ("srun-label", re.compile(rb"^ {0,4}(\d{1,5}): ")),
)
_RECURRING = frozenset({"srun-label"})      # heads whose group must repeat across the sample
HEAD_SAMPLE_LINES = 20
MAX_HEADS = 4


@dataclass
class ReadInfo:
    """How the input was read: recorded in the diagnosis so nobody guesses."""

    compression: str | None = None
    encoding: str | None = None         # utf-16 when the text came with its byte-order mark (read as UTF-8)
    wrapper: str = "plain"              # plain | docker-json | cri | heads joined by + (journald, ...)
    raw_bytes: int = 0                  # bytes read from the file (compressed size if compressed)
    notes: list[str] = field(default_factory=list)


def compression_of(head: bytes) -> str | None:
    return next((name for magic, name in MAGIC.items() if head.startswith(magic)), None)


def open_decompressed(fh: BinaryIO, info: ReadInfo) -> BinaryIO:
    """``fh`` itself, or a decompressing reader when its first bytes are a known magic."""
    head = fh.read(8) or b""
    if head.startswith(UTF16_BOMS):
        head += fh.read(UTF16_SAMPLE) or b""   # enough units to tell text from bytes that start alike
    fh = _Rewound(head, fh)                    # type: ignore[assignment]  # read() is all that is used
    kind = compression_of(head)
    info.compression = kind
    if kind == "gzip":
        return gzip.GzipFile(fileobj=fh)        # type: ignore[return-value]
    if kind == "bz2":
        return bz2.BZ2File(fh)                  # type: ignore[return-value]
    if kind == "xz":
        return lzma.LZMAFile(fh)                # type: ignore[return-value]
    if kind == "zstd":
        try:
            import zstandard
        except ImportError as exc:
            raise InputError("the input is zstd-compressed and the zstandard module is not installed; "
                             "decompress it first (zstd -d FILE) or install servecheck's dependencies") from exc
        return zstandard.ZstdDecompressor().stream_reader(fh, read_across_frames=True)
    if is_utf16(head):
        info.encoding = "utf-16"
        return _Utf16(fh)                       # type: ignore[return-value]
    return fh


class _Utf16:
    """A UTF-16 text (its byte-order mark first) read as UTF-8, block by block: the decoder keeps a
    character split between two reads; a unit that is not text becomes U+FFFD, as a stray byte does
    elsewhere."""

    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
        self.done = False

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        while not self.done:
            raw = self.fh.read(n if n is not None and n > 0 else BLOCK_BYTES)
            self.done = not raw
            text = self.decoder.decode(raw or b"", final=self.done)
            if text:
                return text.encode("utf-8")
        return b""


class _Rewound:
    """``fh`` with its first bytes (read to look for a magic number) put back in front."""

    def __init__(self, head: bytes, fh: BinaryIO) -> None:
        self.head, self.fh = head, fh
        # a file on disk can finish a block's last line cheaply; a pipe is read as it comes
        self.line_reader = fh.readline if isinstance(fh, io.BufferedReader) else None

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if not self.head:
            return self.fh.read(n)
        out, self.head = self.head, b""
        if n is not None and 0 <= n <= len(out):
            out, self.head = out[:n], out[n:]
            return out
        try:
            more = self.fh.read(-1 if n is None or n < 0 else n - len(out))
        except OSError:
            return out          # what was read is kept; the next read raises again
        return out + (more or b"")


def _is_regular(fh: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(fh.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return False


@dataclass
class Limits:
    deadline: float | None = None       # time.monotonic(): stop reading there
    max_bytes: int | None = None        # bytes of text at most (a file still being written)
    clock: Callable[[], float] = time.monotonic   # the time the deadline is read against


def _read(fh: BinaryIO, info: ReadInfo, total: int, limits: Limits) -> bytes:
    if info.compression and total >= MAX_DECOMPRESSED:
        info.notes.append(f"decompression stopped at {MAX_DECOMPRESSED >> 30} GiB (limit); the rest was not read")
        return b""
    # The first block is read whatever the clock says: a probe that starts late still keeps it.
    if total and limits.deadline is not None and limits.clock() > limits.deadline:
        info.notes.append(DEADLINE_NOTE)
        return b""
    size = BLOCK_BYTES
    if limits.max_bytes is not None:
        if total >= limits.max_bytes:
            info.notes.append(f"stopped after {total} bytes (size cap)")
            return b""
        size = min(size, limits.max_bytes - total)
    try:
        # read1: a truncated archive raises on the call that reaches the cut, and read() would
        # drop everything that call had already decompressed
        data = fh.read1(size) if info.compression else fh.read(size)  # type: ignore[attr-defined]
    except (OSError, EOFError, lzma.LZMAError, ValueError) as exc:
        # a truncated archive or a failing disk: keep what was read, say so
        info.notes.append(f"reading stopped after {total} bytes: {type(exc).__name__}: {exc}")
        return b""
    line_reader = getattr(fh, "line_reader", None)
    if data and line_reader is not None and limits.max_bytes is None and not data.endswith(b"\n"):
        # a block that ends with a whole line need not be copied to carry a part of it over (a
        # line longer than MAX_CARRY is still passed on in pieces); a failing read of the rest
        # of the line keeps the block, and the next read says why
        try:
            data += line_reader(MAX_CARRY)
        except OSError:
            pass
    return data


def text_blocks(fh: BinaryIO, info: ReadInfo, *, deadline: float | None = None,
                max_bytes: int | None = None, frames: bool = True,
                clock: Callable[[], float] = time.monotonic) -> Iterator[bytes]:
    """Plain text from ``fh`` (decompressed, unwrapped, cleaned), in blocks of any boundary.

    Raw records are unwrapped whole; a raw line longer than ``MAX_CARRY`` is passed on in
    pieces as it is (the scanner joins and caps it). With ``frames=False`` a line redrawn with
    ``\\r`` is passed on whole, for a reader that takes its last frame itself (``last_frame``)
    where it looks: the scanner does, and leaves the rest of the block as it came.
    """
    stream = open_decompressed(fh, info)
    limits = Limits(deadline, max_bytes, clock)
    carry, total, unwrap = b"", 0, None
    spelled = SpelledEscapes()
    # A file on disk has its next block read (the read lets go of the GIL) while this one is
    # scanned; a pipe is read only when asked, so nothing waits on it after the scan stopped.
    ahead = _is_regular(fh)
    pending: Future[bytes] | None = None
    while True:
        data = pending.result() if pending is not None else _read(stream, info, total, limits)
        if not data:
            break
        total += len(data)
        pending = worker("read").submit(_read, stream, info, total, limits) if ahead else None
        if unwrap is None:
            unwrap = _detect(carry + data, info)
        cut = data.rfind(b"\n")
        if cut == -1:
            carry += data
            if len(carry) > MAX_CARRY:
                yield clean(carry, frames, spelled)
                carry = b""
            continue
        if carry or cut + 1 < len(data):       # one copy at most: most blocks need none
            block = carry + memoryview(data)[:cut + 1] if carry else data[:cut + 1]
            carry = data[cut + 1:]
        else:
            block = data
        yield clean(unwrap(block) if unwrap else block, frames, spelled)
    if carry:
        if unwrap is None:
            unwrap = _detect(carry, info)
        yield clean(unwrap(carry) if unwrap else carry, frames, spelled)
    info.raw_bytes = total


def _detect(sample: bytes, info: ReadInfo):
    first = sample.lstrip()[:200]
    if first.startswith(b'{"log":') or (first.startswith(b"{") and b'"log"' in first and b'"stream"' in first):
        info.wrapper = "docker-json"
        return _unwrap_docker
    if _CRI.match(first):
        info.wrapper = "cri"
        return _Cri()
    heads = _line_heads(sample)
    if heads:
        info.wrapper = "+".join(name for name, _ in heads)
        return _Heads(tuple(rx for _, rx in heads))
    return None


def _line_heads(sample: bytes) -> list[tuple[str, re.Pattern[bytes]]]:
    """The collectors' heads that more than half of the first lines carry, in nesting order.
    journalctl's own "-- Logs begin at ... --" lines are not records and are not counted."""
    lines = [ln for ln in sample[:1 << 16].splitlines()[:2 * HEAD_SAMPLE_LINES]
             if ln.strip() and not ln.startswith(b"-- ")][:HEAD_SAMPLE_LINES]
    found: list[tuple[str, re.Pattern[bytes]]] = []
    for _ in range(MAX_HEADS):          # a collector's head over another's (or over its own kind)
        for name, rx in _HEADS:
            matches = [rx.match(ln) for ln in lines]
            hits = [m for m in matches if m is not None]
            if lines and 2 * len(hits) > len(lines) and (
                    name not in _RECURRING or 2 * len({m.group(1) for m in hits}) <= len(hits)):
                found.append((name, rx))
                lines = [ln[m.end():] if m else ln for ln, m in zip(lines, matches, strict=True)]
                break
        else:
            break
    return found


def _unwrap_docker(block: bytes) -> bytes:
    """json-file records: the ``log`` strings concatenated (a split long line rejoins itself)."""
    out = []
    for raw in block.splitlines(keepends=True):
        try:
            out.append(json.loads(raw)["log"].encode("utf-8", "surrogateescape"))
        except (ValueError, KeyError, TypeError, AttributeError):
            out.append(raw)             # not a record: keep the line as it is
    return b"".join(out)


class _Cri:
    """CRI records: the text after ``TIME STREAM F|P``; a ``P`` record continues on the next one."""

    def __call__(self, block: bytes) -> bytes:
        out = []
        for raw in block.splitlines(keepends=True):
            m = _CRI.match(raw)
            if m is None:
                out.append(raw)
                continue
            text = raw[m.end():]
            out.append(text.rstrip(b"\n") if m.group(1) == b"P" else text)
        return b"".join(out)


class _Heads:
    """Each line without the heads found; a line that lacks one keeps the rest as it is."""

    def __init__(self, heads: tuple[re.Pattern[bytes], ...]) -> None:
        self.heads = heads

    def __call__(self, block: bytes) -> bytes:
        out = []
        for raw in block.splitlines(keepends=True):
            for rx in self.heads:
                m = rx.match(raw)
                if m is not None:
                    raw = raw[m.end():]
            out.append(raw)
        return b"".join(out)


class SpelledEscapes:
    """Where to look for escapes spelled out in three letters ("ESC[31m"): a 4-byte needle that ends
    in "[", which logs are full of, costs a sixth of the scan when looked for through every block.
    A paste that spells them does so on nearly every line, and a paste is short: the input's first
    block is searched whole, each later one in its first ``SPELLED_PROBE_BYTES`` only, unless an
    earlier block had one, when every block is searched whole."""

    def __init__(self) -> None:
        self.first = True
        self.seen = False

    def find(self, block: bytes) -> bool:
        whole = self.first or self.seen
        self.first = False
        found = block.find(b"ESC[", 0, len(block) if whole else SPELLED_PROBE_BYTES) != -1
        self.seen = self.seen or found
        return found


def clean(block: bytes, frames: bool = True, spelled: SpelledEscapes | None = None) -> bytes:
    """Colours removed, CRLF made LF, and of a line redrawn with ``\\r`` only its last frame
    (with ``frames=False`` such lines stay whole: see ``last_frame``). ``spelled``: where escapes
    spelled out in three letters are looked for (none looked for without it)."""
    if b"\x1b" in block:
        block = _ANSI.sub(b"", block)
    if b"^" in block:       # one memchr; looking for "^[[" itself costs a sixth of the scan ("[" is everywhere)
        block = _CARET_CSI.sub(b"", block)
    if spelled is not None and spelled.find(block):
        block = _SPELLED_CSI.sub(b"", block)
    if b"\r" not in block:
        return block
    if _LONE_CR.search(block) is None:          # a Windows log: CRLF only
        return block.replace(b"\r\n", b"\n")
    return _last_frames(block) if frames else block


def last_frame(line: bytes) -> bytes:
    """The last frame drawn on one line (no ``\\n`` in it) redrawn with ``\\r``; a trailing CR
    is a CRLF ending, and a bar that ended with ``\\r`` counts its last drawn frame. A line with no
    ``\\r`` is its own frame, returned as it is (no copy)."""
    if b"\r" not in line:
        return line
    stop = len(line) - 1 if line.endswith(b"\r") else len(line)
    cr = line.rfind(b"\r", 0, stop)
    frame = line[cr + 1:stop]
    if not frame.strip() and cr > 0:
        frame = line[line.rfind(b"\r", 0, cr) + 1:cr]
    return frame


def _last_frames(block: bytes) -> bytes:
    """``last_frame`` of each line of a block that holds a ``\\r``. One step per such line, so
    a log of progress bars costs little more than a plain one."""
    out: list[bytes] = []
    pos = 0
    find, rfind = block.find, block.rfind
    i = find(b"\r")
    while i != -1:
        start = rfind(b"\n", 0, i) + 1
        end = find(b"\n", i)
        end = len(block) if end == -1 else end
        out += (block[pos:start], last_frame(block[start:end]))
        pos = end
        i = find(b"\r", end)
    out.append(block[pos:])
    return b"".join(out)
