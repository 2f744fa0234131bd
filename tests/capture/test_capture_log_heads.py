"""capture keeps what diagnose needs under a collector's head too: a sample of the corpus (every
fifth log, the head rotating as in tests/diagnose/test_diagnose_collector_heads.py) gives the same
status and class through capture --log -> bundle -> diagnose BUNDLE as the headed log read alone."""

from __future__ import annotations

import pytest
from tests.capture.test_capture_log_roundtrip import _bundle
from tests.diagnose.test_diagnose_collector_heads import HEADS, LOGS, _verdict, _with_head, head_for

from servecheck.diagnose.api import diagnose

# Repeats corpus logs through another path, which the corpus and round-trip tests already trace.
pytestmark = pytest.mark.no_cover

STEP = 5
SAMPLE = range(0, len(LOGS), STEP)


@pytest.mark.parametrize("index", SAMPLE, ids=[LOGS[i].name for i in SAMPLE])
def test_a_headed_log_gives_the_same_verdict_through_its_bundle(tmp_path, index):
    data = LOGS[index].read_bytes()
    _, head = head_for(index, data)
    log = tmp_path / LOGS[index].name
    log.write_bytes(_with_head(data, head))
    assert _verdict(diagnose(str(_bundle(log, tmp_path / "bundle")))) == _verdict(diagnose(str(log)))


def test_the_bundle_says_how_the_log_was_read(tmp_path):
    log = tmp_path / "journal.log"
    log.write_bytes(_with_head(b"INFO 06-03 10:00:01 vLLM API server version 0.10.2\nRuntimeError: No CUDA GPUs are available\n",
                               HEADS[0][1]))
    evidence = (_bundle(log, tmp_path / "bundle") / "evidence.json").read_text()
    assert '"read_as": "journald"' in evidence
