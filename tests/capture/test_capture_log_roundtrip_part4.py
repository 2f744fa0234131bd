"""Part 4 of 4 of the corpus through capture -> bundle -> diagnose (see
test_capture_log_roundtrip.py): a module of its own so that CI's workers share the corpus
(pytest-xdist's --dist loadfile gives each module to one worker)."""

from __future__ import annotations

import pytest
from tests.capture.test_capture_log_roundtrip import check_shard, part

# Coverage is paused here (pytest-cov's no_cover): this module repeats every corpus log through
# another path, which the corpus test and the unit tests already trace.
pytestmark = pytest.mark.no_cover


@pytest.mark.parametrize("shard", part(4))
def test_every_corpus_log_gives_the_same_verdict_through_a_bundle_part4(tmp_path, shard):
    check_shard(shard, tmp_path)
