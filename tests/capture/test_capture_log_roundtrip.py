"""capture keeps what diagnose needs: every corpus log, wrapped in NCCL INFO chatter, gives the
same status and primary through capture --log -> bundle -> diagnose BUNDLE as read alone.

In-process (the log probe, the assembler and the bundle writer, no subprocesses) so it stays
fast enough for CI over the whole corpus.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest

from servecheck.capture.assemble import assemble
from servecheck.capture.bundle import write_bundle
from servecheck.capture.probe import CaptureOptions, run_probes
from servecheck.diagnose.api import diagnose

# Coverage is paused here (pytest-cov's no_cover): this module repeats every corpus log through
# another path, which the corpus test and the unit tests already trace; under the tracer it ran
# three times as long (one shard: 31 s without, 92 s with) and pushed CI towards its limit.
pytestmark = pytest.mark.no_cover

LOGS = Path(__file__).parents[1] / "diagnose" / "logs"
CHATTER = 2500      # NCCL INFO lines before and after, what NCCL_DEBUG=INFO prints on a multi-GPU start
SHARDS = 24         # each shard about 20 s on one CI core, a minute on a machine loaded twice (timeout 120 s)


@cache
def _nccl(first_rank: int) -> bytes:
    return b"".join(b"gpu-node-%02d:%d:%d [%d] NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/IPC/read\n"
                    % (i // 8 % 4, 3000 + i % 64, 4000 + i, i % 8, i % 32, i % 64, i % 8, (i + 1) % 64, (i + 1) % 8)
                    for i in range(first_rank, first_rank + CHATTER))


def _bundle(log: Path, out: Path) -> Path:
    options = CaptureOptions(log_path=log, timeout=30.0)
    runs = run_probes(options, ("log",))
    evidence = assemble(runs, datetime.now(UTC), "live", ["servecheck", "capture", "--log", str(log)])
    return write_bundle(evidence, {}, out).path


def _verdict(d) -> tuple:
    p = d.primary
    return d.status, (p.cls, p.signature, p.first_line) if p else None


def _corpus() -> list[Path]:
    return sorted(LOGS.glob("*.log"))


def _wrapped(log: Path, root: Path) -> Path:
    """``log`` between NCCL INFO chatter, written under ``root``."""
    body = log.read_bytes()
    path = root / log.name
    path.write_bytes(_nccl(0) + body + (b"" if body.endswith(b"\n") or not body else b"\n") + _nccl(CHATTER))
    return path


def check_shard(shard: int, tmp_path: Path) -> None:
    """Every SHARDS-th corpus log from ``shard`` on: the same verdict alone and through a bundle.
    Each wrapped log is written, judged both ways and removed (the whole corpus wrapped is over 1 GB)."""
    logs = _corpus()
    assert len(logs) >= 400
    differ = []
    for i, log in enumerate(logs[shard::SHARDS]):
        path = _wrapped(log, tmp_path)
        alone = diagnose(str(path))
        via = diagnose(str(_bundle(path, tmp_path / f"b{i}")))
        if _verdict(alone) != _verdict(via):
            differ.append((log.name, _verdict(alone), _verdict(via)))
        path.unlink()
    assert differ == []


# Sharded to keep each test within the per-test timeout on a loaded machine; the other shards are in
# test_capture_log_roundtrip_part2.py to _part4.py: CI's workers take one module at a time
# (--dist loadfile), so modules of about a minute each keep both busy to the end of the run.
PARTS = 4


def part(number: int) -> range:
    """The shards that module ``number`` (1 to PARTS) checks."""
    per = SHARDS // PARTS
    return range((number - 1) * per, number * per)


@pytest.mark.parametrize("shard", part(1))
def test_every_corpus_log_gives_the_same_verdict_through_a_bundle(tmp_path, shard):
    check_shard(shard, tmp_path)


def test_the_parts_check_every_shard_once():
    here = Path(__file__).parent
    assert sorted(s for n in range(1, PARTS + 1) for s in part(n)) == list(range(SHARDS))
    assert all((here / f"test_capture_log_roundtrip_part{n}.py").is_file() for n in range(2, PARTS + 1))


def test_the_bundle_says_what_it_left_out(tmp_path):
    log = _wrapped(next(p for p in _corpus() if "gated" in p.name), tmp_path)
    bundle = _bundle(log, tmp_path / "b")
    ev = json.loads((bundle / "evidence.json").read_text())["log"]
    assert ev["complete"] and ev["omitted_lines"] > 4000 and ev["omitted_ranges"]
    first = ev["omitted_ranges"][0]
    assert first["lines"][0] == 201 and first["bytes"][1] > first["bytes"][0]
    assert len(ev["relevant"]) < 200


def test_a_log_too_big_for_its_deadline_stops_cleanly_with_what_was_kept(tmp_path, monkeypatch):
    from servecheck.capture.probes import log as logprobe

    path = tmp_path / "big.log"
    path.write_bytes(b"RuntimeError: No CUDA GPUs are available\n" + _nccl(0) * 40)
    monkeypatch.setattr(logprobe, "MARGIN_S", 1e6)       # the deadline has passed before the first block ends
    runs = run_probes(CaptureOptions(log_path=path, timeout=5.0), ("log",))
    record, facts = runs[0].record, runs[0].facts["log"]
    assert record.status == "ok" and "not read to the end" in (record.error or "")
    assert not facts["complete"] and "deadline" in facts["stopped"]
    assert any("No CUDA GPUs" in e["text"] for e in facts["relevant"])


def test_the_log_probe_gets_a_deadline_sized_to_the_file(tmp_path):
    from servecheck.capture.probes import log as logprobe

    small, big = tmp_path / "s.log", tmp_path / "b.log"
    small.write_bytes(b"x\n")
    with open(big, "wb") as fh:
        fh.truncate(400_000_000)            # sparse: 400 MB of size, no disk used
    assert logprobe.budget(CaptureOptions(log_path=small, timeout=10.0)) == 10.0
    assert logprobe.budget(CaptureOptions(log_path=big, timeout=10.0)) > 20.0


@pytest.mark.parametrize("text", [
    "2025-12-18 14:53:58,528 - acme.worker.manager - ERROR - Failed to register worker: (401, 'Unknown')\n",
    "starting\ncould not authenticate with the hub\n",
])
def test_a_probe_that_could_not_reach_docker_does_not_change_the_logs_verdict(tmp_path, text):
    """A capture on a host without a Docker daemon records the runtime probe's own error ("Cannot
    connect to the Docker daemon"); that is about the capture, not the log handed over, so the
    bundle's verdict and message are the log's own."""
    log = tmp_path / "start.log"
    log.write_text(text)
    options = CaptureOptions(log_path=log, timeout=30.0)
    evidence = assemble(run_probes(options, ("log",)), datetime.now(UTC), "live", ["servecheck", "capture"])
    evidence.runtime.error = ("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. "
                              "Is the docker daemon running?")
    bundle = diagnose(str(write_bundle(evidence, {}, tmp_path / "bundle").path))
    alone = diagnose(str(log))
    assert _verdict(bundle) == _verdict(alone)
    assert "daemon" not in bundle.status_message
