"""Issue 10 item 6b: every corpus log gives the same verdict (status and class) alone and in the
middle of 6 MB of harmless lines (NCCL INFO chatter, vLLM start-up INFO lines, progress bars).

The filler is built once and streamed around each log (nothing is written to disk); it holds no
line that means anything to diagnose: no failure, no "started", no proof of working CUDA and no
layer fact, and a test checks exactly that.
"""

from __future__ import annotations

import io
import sys
from functools import cache
from pathlib import Path

import pytest

from servecheck.diagnose import signatures as sigmod
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.scan import Scanner

# Coverage is paused here (pytest-cov's no_cover): this module repeats every corpus log through
# another path, which the corpus test and the unit tests already trace; under the tracer it ran
# three times as long (one shard: 31 s without, 92 s with) and pushed CI towards its limit.
pytestmark = pytest.mark.no_cover

LOGS = Path(__file__).parent / "logs"
HALF_BYTES = 3 << 20     # 3 MiB before the log, 3 MiB after it

# Harmless: NCCL INFO chatter of a multi-GPU start, vLLM start-up INFO lines, progress bars and
# DEBUG lines. Not here: request logs and throughput metrics ("POST /v1/... 200 OK", "Avg prompt
# throughput"). They prove the server was serving, so after a failure they would rightly change
# the verdict (the failure did not stop the start); they are not harmless.
_FILLER_LINES = (
    'node-a:{i}:{s} [{m}] NCCL INFO Channel {s:02d}/0 : 0[{m}] -> 1[{s}] via P2P/CUDA/read',
    'node-a:{i}:{s} [{m}] NCCL INFO Connected all rings, use ring PXN 0 GDR 1',
    'node-a:{i}:{s} [{m}] NCCL INFO comm 0x5566{i:04x} rank {m} nRanks 8 nNodes 1 localRanks 8 localRank {m} '
    'MNNVL 0 - Init COMPLETE',
    'INFO 05-01 12:{m:02d}:{s:02d} [config.py:1604] Using max model len 32768',
    'INFO 05-01 12:{m:02d}:{s:02d} [scheduler.py:222] Chunked prefill is enabled with max_num_batched_tokens=8192.',
    '(VllmWorker rank={m} pid=3{s}) INFO 05-01 12:{m:02d}:{s:02d} [parallel_state.py:1165] rank {m} in world '
    'size 8 is assigned as DP rank 0, PP rank 0, TP rank {m}',
    'Loading safetensors checkpoint shards: {s}% Completed | {m}/60 [00:{s:02d}<00:{m:02d},  1.{s}it/s]',
    # (no 'Processed prompts' bar since session 23: vLLM's LLM.generate draws it only in a script's own process,
    # so it shows the script around an engine, which the convention for in-process engines reads)
    'node-a:{i}:{s} [{m}] NCCL INFO Channel {m:02d}/1 : 1[{s}] -> 0[{m}] via P2P/IPC',
    '(VllmWorker rank={m} pid=3{s}) DEBUG 05-01 12:{m:02d}:{s:02d} [shm_broadcast.py:430] No available shared '
    'memory broadcast block found in 60 second.',
)


# A model still loading is harmless before a log, not after it: after a web app's generic ready line
# (uvicorn's, Gradio's) it says another process of the start is still under way (FastChat's controller
# is up while its worker loads), so the start has not finished.
_LOADING = "Loading safetensors checkpoint shards"


@cache
def filler(after: bool = False) -> bytes:
    """3 MiB of varied harmless lines (built once per side, then reused around every log)."""
    lines = [t for t in _FILLER_LINES if not (after and t.startswith(_LOADING))]
    out, size, i = [], 0, 0
    while size < HALF_BYTES:
        line = lines[i % len(lines)].format(i=i % 10000, m=i % 60, s=(i * 7) % 60) + "\n"
        out.append(line)
        size += len(line)
        i += 1
    return "".join(out).encode()


class Sandwich(io.RawIOBase):
    """filler + log + filler as one readable stream, served from the three buffers in place."""

    def __init__(self, middle: bytes) -> None:
        glue = b"" if middle.endswith(b"\n") or not middle else b"\n"
        self._parts = [memoryview(filler()), memoryview(middle + glue), memoryview(filler(after=True))]
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


def _bare_web_ready(data: bytes) -> bool:
    scanner = Scanner(sigmod.load(None))
    scanner.scan_stream(io.BytesIO(data))
    hits = scanner.result.markers
    return hits.ready_last is not None and hits.engine_line is None


def embedded(log_bytes: bytes):
    return diagnose("-", stdin=io.BufferedReader(Sandwich(log_bytes), buffer_size=1 << 20))


def test_the_filler_alone_is_harmless():
    d = diagnose("-", stdin=io.BufferedReader(Sandwich(b""), buffer_size=1 << 20))
    assert d.primary is None and d.findings == [], [(f.signature, f.first_line) for f in d.findings]
    # It proves nothing either way: neither a failure nor a completed start.
    assert getattr(d, "status", "incomplete") not in ("failure", "no_failure")
    assert all(getattr(d.layers, k).value is None for k in type(d.layers).model_fields), d.layers
    assert d.stats.bytes >= 2 * HALF_BYTES


def corpus_half(second: bool) -> list[Path]:
    """Every other corpus log: the second half is checked in test_diagnose_embedded_second.py, a
    module of its own so that CI's two workers (--dist loadfile, one module per worker) share it."""
    return sorted(LOGS.glob("*.log"))[int(second)::2]


def test_the_halves_are_the_corpus():
    assert sorted(corpus_half(False) + corpus_half(True)) == sorted(LOGS.glob("*.log"))
    assert (Path(__file__).parent / "test_diagnose_embedded_second.py").is_file()


# Shards, not one test a log: 4,500 items a module cost pytest-xdist about 3 ms of CPU each to
# schedule and report; a shard (about 10 s on one CI core) lists every log whose verdict moved.
SHARDS = 16


def check_shard(second: bool, shard: int) -> None:
    moved = []
    for log in corpus_half(second)[shard::SHARDS]:
        try:
            check(log)
        except AssertionError as e:
            moved.append((log.name, str(e)))
    assert moved == []


@pytest.mark.parametrize("shard", range(SHARDS))
def test_same_verdict_alone_and_in_the_middle_of_6_mb(shard):
    check_shard(False, shard)


def test_a_moved_verdict_is_reported(monkeypatch):
    """The shard's check can fail: a filler that carried a failure would move a healthy log's verdict."""
    healthy = next(p for p in corpus_half(False) if p.name.startswith("r") and "no-failure" in p.name
                   and diagnose(str(p)).status == "no_failure")
    monkeypatch.setattr(sys.modules[__name__], "filler",
                        lambda after=False: b"RuntimeError: No CUDA GPUs are available\n" if after else b"")
    with pytest.raises(AssertionError):
        check(healthy)


def check(log: Path) -> None:
    """The same verdict alone and in the middle of 6 MB of harmless lines (see the module's doc)."""
    data = log.read_bytes()
    alone_d = diagnose(str(log))
    alone = verdict(alone_d)
    inside = verdict(embedded(data))
    if alone[0] == "incomplete" and "shows a web server that started" in alone_d.status_message:
        # A bare web app's ready line (no engine line) wrapped in an engine's start-up lines is an
        # engine's log now: the input itself changed. No cause may appear from the filler.
        assert inside[1] is None, inside
        return
    if alone[0] == "incomplete" and "says the start failed, not why" in alone_d.status_message:
        # Only a wrapper, and the traceback that would say why is cut at the end: in the middle of
        # other lines that traceback no longer ends the input, so the wrapper stands as a failure
        # whose cause is unnamed (other); no named cause may appear from the filler.
        assert inside in (("incomplete", None), ("failure", "other")), inside
        return
    if alone[0] == "incomplete" and "stops inside a traceback" in alone_d.status_message:
        # A traceback left open at the end is read as a cut-off excerpt; in the middle of other
        # lines it no longer ends the input. The class must not change; the status may settle.
        assert inside[1] == alone[1] and inside[0] in ("incomplete", "no_failure"), inside
        return
    if alone[0] == "incomplete" and "and the log ends inside its traceback" in alone_d.status_message:
        # A completed start, then a request's traceback cut where the excerpt ends: in the middle of
        # other lines it no longer ends the input. The status may settle; no cause may appear.
        assert inside[1] is None and inside[0] in ("incomplete", "no_failure"), inside
        return
    if alone[0] == "incomplete" and "then ends at an error" in alone_d.status_message:
        # A completed start whose excerpt stops at an error line: in the middle of other lines
        # the log goes on after it. The status may settle; no cause may appear from the filler.
        assert inside[1] is None and inside[0] in ("incomplete", "no_failure"), inside
        return
    if alone_d.primary is not None and alone_d.primary.signature in sigmod.load(None).before_server:
        # A failure that stops a start before the server runs (an image that could not be pulled):
        # an engine's own lines after it, as the filler's vLLM lines are, show a start that went on,
        # so it no longer ends the input. The status may settle; no other cause may appear.
        assert inside == alone or inside[1] is None, inside
        return
    if alone[0] == "empty":
        inside_d = embedded(data)
        assert inside_d.status not in ("failure", "no_failure") and inside_d.primary is None
        return
    if _bare_web_ready(data):
        # A web app's ready line (Gradio, uvicorn) with no engine line does not end the start
        # alone; in the middle of an engine's start-up lines it does, and what came before it was
        # survived. Whatever the verdict inside, no other cause may appear from the filler.
        assert inside[1] in (alone[1], None), inside
        return
    if alone[0] == "not_a_server_log":
        # A docker/curl/kubectl message wrapped in a server's start-up lines is part of a server log
        # now: the input itself changed. It must still never read as a completed start.
        assert inside[0] != "no_failure", inside
        return
    assert inside == alone
