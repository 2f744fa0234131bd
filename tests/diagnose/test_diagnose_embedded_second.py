"""The second half of the corpus inside 6 MB of harmless lines (see test_diagnose_embedded.py): a
module of its own so that CI's two workers share the corpus (pytest-xdist's --dist loadfile gives
each module to one worker)."""

from __future__ import annotations

import pytest
from tests.diagnose.test_diagnose_embedded import SHARDS, check_shard

# Coverage is paused here, as in test_diagnose_embedded.py: the corpus test already traces these logs.
pytestmark = pytest.mark.no_cover


@pytest.mark.parametrize("shard", range(SHARDS))
def test_same_verdict_alone_and_in_the_middle_of_6_mb_second_half(shard):
    check_shard(True, shard)
