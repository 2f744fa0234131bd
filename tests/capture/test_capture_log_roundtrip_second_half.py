"""The second half of the corpus through capture -> bundle -> diagnose (see
test_capture_log_roundtrip.py): a module of its own so that CI's two workers share the corpus
(pytest-xdist's --dist loadfile gives each module to one worker)."""

from __future__ import annotations

import pytest
from tests.capture.test_capture_log_roundtrip import SHARDS, check_shard

# Coverage is paused here (pytest-cov's no_cover): this module repeats every corpus log through
# another path, which the corpus test and the unit tests already trace; under the tracer it ran
# three times as long (one shard: 31 s without, 92 s with) and pushed CI towards its limit.
pytestmark = pytest.mark.no_cover


@pytest.mark.parametrize("shard", range(SHARDS // 2, SHARDS))
def test_every_corpus_log_gives_the_same_verdict_through_a_bundle_second_half(tmp_path, shard):
    check_shard(shard, tmp_path)
