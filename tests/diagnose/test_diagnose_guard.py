"""The guard: no tuning advice anywhere in the result while a driver/CUDA conflict stands."""

from __future__ import annotations

import re
from pathlib import Path

from servecheck.capture.demo import demo_evidence_dir
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.guard import DEFERRAL

TUNING = re.compile(r"lower --|raise --|--gpu-memory-utilization|--tensor-parallel-size|--max-num-seqs")


def _all_steps(result):
    primary = result.primary
    yield from primary.next_steps
    for f in [*result.findings, *primary.consequences]:
        yield from f.next_steps


def test_driver_conflict_defers_every_tuning_step():
    log = demo_evidence_dir() / "kimi-k3-container.log"  # torch "driver too old" + a CUDA OOM line
    result = diagnose(str(log))
    assert result.primary.cls == "driver_too_old"
    oom = [f for f in result.findings if f.cls == "oom_weights"]
    assert oom and all(f.next_steps == [DEFERRAL] for f in oom)
    offending = [s for s in _all_steps(result) if TUNING.search(s) and not s.startswith(("Do not", "Deferred"))]
    assert offending == []


def test_without_a_driver_conflict_oom_advice_stays(tmp_path: Path):
    log = tmp_path / "oom.log"
    log.write_text(
        "INFO 11-30 02:58:07 [api_server.py:1896] vLLM API server version 0.11.1\n"
        "ERROR 11-30 02:58:39 [core.py:708] torch.OutOfMemoryError: CUDA out of memory. Tried to "
        "allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.21 GiB is free.\n")
    result = diagnose(str(log))
    assert result.primary.cls == "oom_weights"
    assert result.primary.next_steps and result.primary.next_steps != [DEFERRAL]
