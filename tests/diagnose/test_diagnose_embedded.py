"""Issue 10 item 6b: every corpus log gives the same verdict alone and in the middle of 6 MB of
harmless lines (NCCL INFO chatter, progress bars, debug lines). Served requests and throughput
metrics are not harmless: they prove the start completed (ready markers), so they are not filler.

The filler is built once and streamed around each log (nothing is written to disk); it holds no
line that means anything to diagnose: no failure, no "started", no proof of working CUDA and no
layer fact, and a test checks exactly that.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest

from servecheck.diagnose.api import diagnose

LOGS = Path(__file__).parent / "logs"
HALF_BYTES = 3 << 20     # 3 MiB before the log, 3 MiB after it

_FILLER_LINES = (
    'node-a:{i}:{s} [{m}] NCCL INFO Channel {s:02d}/0 : 0[{m}] -> 1[{s}] via P2P/CUDA/read',
    'node-a:{i}:{s} [{m}] NCCL INFO Connected all rings, use ring PXN 0 GDR 1',
    'node-a:{i}:{s} [{m}] NCCL INFO comm 0x5566{i:04x} rank {m} nRanks 8 nNodes 1 localRanks 8 localRank {m} '
    'MNNVL 0 - Init COMPLETE',
    'Processed prompts: {s}%|#####     | {s}/100 [00:{m:02d}<00:{s:02d}, 3.{m}it/s, est. speed input: 812.{s} toks/s]',
    '(APIServer pid=1) DEBUG 05-01 12:{m:02d}:{s:02d} [core_client.py:501] Waiting for 1 queued request',
)


@cache
def filler() -> bytes:
    """3 MiB of varied harmless lines (built once, then reused before and after every log)."""
    out, size, i = [], 0, 0
    while size < HALF_BYTES:
        line = _FILLER_LINES[i % len(_FILLER_LINES)].format(i=i % 10000, m=i % 60, s=(i * 7) % 60) + "\n"
        out.append(line)
        size += len(line)
        i += 1
    return "".join(out).encode()


class Sandwich(io.RawIOBase):
    """filler + log + filler as one readable stream, served from the three buffers in place."""

    def __init__(self, middle: bytes) -> None:
        glue = b"" if middle.endswith(b"\n") or not middle else b"\n"
        self._parts = [memoryview(filler()), memoryview(middle + glue), memoryview(filler())]
        self._index, self._offset = 0, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        while self._index < len(self._parts):
            part = self._parts[self._index]
            if self._offset < len(part):
                n = min(len(buffer), len(part) - self._offset)
                buffer[:n] = part[self._offset:self._offset + n]
                self._offset += n
                return n
            self._index, self._offset = self._index + 1, 0
        return 0


def verdict(d) -> tuple[str | None, str | None]:
    """What an operator acts on: the input status (where the tool gives one) and the class."""
    return getattr(d, "status", None), (d.primary.cls if d.primary else None)


def embedded(log_bytes: bytes):
    return diagnose("-", stdin=io.BufferedReader(Sandwich(log_bytes), buffer_size=1 << 20))


def test_the_filler_alone_is_harmless():
    d = diagnose("-", stdin=io.BufferedReader(Sandwich(b""), buffer_size=1 << 20))
    assert d.primary is None and d.findings == [], [(f.signature, f.first_line) for f in d.findings]
    assert d.status == "incomplete"      # a server's chatter, no ready marker: never "no failure"
    assert all(getattr(d.layers, k).value is None for k in type(d.layers).model_fields), d.layers
    assert d.stats.bytes >= 2 * HALF_BYTES


@pytest.mark.parametrize("log", [pytest.param(p, id=p.name) for p in sorted(LOGS.glob("*.log"))])
def test_same_verdict_alone_and_in_the_middle_of_6_mb(log):
    data = log.read_bytes()
    alone = verdict(diagnose(str(log)))
    if alone[0] == "not_a_server_log":
        # A tool's message (docker, kubectl, a client) inside a server's chatter: the chatter makes
        # it a server's log that shows no completed start, and the message is still no failure.
        alone = ("incomplete", alone[1])
    assert verdict(embedded(data)) == alone
