"""Every corpus log gives the same verdict with a collector's head before each of its lines.

Logs reach an operator through a collector more often than as the server wrote them:
``journalctl -u ollama`` (which servecheck itself advises for a systemd service), ``docker logs -t``,
``kubectl logs --timestamps --prefix``, ``srun --label``. The reader takes those heads off (reader.py);
before it did, a marker anchored at the start of a line no longer saw it, and 68 to 97 corpus logs
changed verdict with a head on every line. The heads rotate across the corpus (one per log), so the
whole corpus is read once more, not five times.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from servecheck.diagnose.api import diagnose

# Repeats every corpus log through another path, which the corpus test already traces.
pytestmark = pytest.mark.no_cover

LOGS = sorted((Path(__file__).parent / "logs").glob("*.log"))
HEADS = (
    ("journald", b"Jun 03 17:36:52 gpu-node-7 ollama[1331]: "),
    ("journald", b"2026-06-03T17:36:52+0200 gpu-node-7 vllm[88]: "),
    ("timestamps", b"2026-06-03T17:36:52.123456789Z "),
    ("kubectl-prefix+timestamps", b"[pod/vllm-7d9f5c-x2x/vllm] 2026-06-03T17:36:52.000000001Z "),
    ("srun-label", b"3: "),
)


def _verdict(d) -> tuple[str, str | None]:
    return d.status, d.primary.cls if d.primary else None


def _with_head(data: bytes, head: bytes) -> bytes:
    return b"".join(head + line if line.strip() else line for line in data.splitlines(keepends=True))


def head_for(index: int, data: bytes) -> tuple[str, bytes]:
    """The head the ``index``-th corpus log is read with (rotating). srun's label is known by its task
    numbers recurring (a backtrace numbers its frames once each): one line cannot show that, so a
    one-line log gets journalctl's head instead."""
    wrapper, head = HEADS[index % len(HEADS)]
    if wrapper == "srun-label" and len([ln for ln in data.splitlines() if ln.strip()]) < 2:
        return HEADS[0]
    return wrapper, head


def differs(index: int) -> tuple | None:
    """How the ``index``-th corpus log read with its collector's head differs from it read alone
    (verdict, or the collector named), or None."""
    log = LOGS[index]
    data = log.read_bytes()
    wrapper, head = head_for(index, data)
    headed = diagnose("-", stdin=io.BufferedReader(io.BytesIO(_with_head(data, head))))
    alone = _verdict(diagnose(str(log)))
    if _verdict(headed) != alone:
        return log.name, wrapper, alone, _verdict(headed)
    # the outer head is named first (a journal line under a time reads as one)
    if data.strip() and headed.stats.wrapper.split("+")[0] != wrapper.split("+")[0]:
        return log.name, wrapper, "read as", headed.stats.wrapper
    return None


# Shards, not one test a log: 9,000 items cost pytest-xdist about 3 ms of CPU each to schedule and
# report, beside 7 ms of work; a shard's failure lists every log that differs.
SHARDS = 16


@pytest.mark.parametrize("shard", range(SHARDS))
def test_same_verdict_with_a_collectors_head_on_each_line(shard):
    assert [d for d in map(differs, range(shard, len(LOGS), SHARDS)) if d] == []


def test_a_changed_verdict_is_reported(monkeypatch):
    """The shard's check can fail: a head that changes a failure's verdict is named with its log."""
    index = next(i for i, p in enumerate(LOGS) if p.name.startswith("nogpu-"))
    monkeypatch.setattr(sys.modules[__name__], "_with_head", lambda data, head: b"INFO nothing\n")
    got = differs(index)
    assert got is not None and got[0] == LOGS[index].name


def test_a_nanosecond_time_over_a_journal_line_is_the_outer_collectors():
    """``docker logs -t`` over ``journalctl`` output: RFC 3339 nanoseconds are docker's and kubectl's,
    the journal keeps microseconds (journalctl(1), short-iso-precise), so the outer head is named first."""
    line = (b"2026-06-03T17:36:52.123456789Z arch ollama[1158318]: llama_model_loader: - type q4_K:  203 tensors\n"
            b"2026-06-03T17:36:52.223456789Z arch ollama[1158318]: print_info: file format = GGUF V3 (latest)\n")
    headed = diagnose("-", stdin=io.BufferedReader(io.BytesIO(line)))
    assert headed.stats.wrapper.split("+")[0] == "timestamps", headed.stats.wrapper
    micro = line.replace(b".123456789Z", b".123456+0200").replace(b".223456789Z", b".223456+0200")
    assert diagnose("-", stdin=io.BufferedReader(io.BytesIO(micro))).stats.wrapper.split("+")[0] == "journald"
