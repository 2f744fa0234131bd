"""Suite-wide: the real llama.cpp server's files first, and ``no_cover`` honoured under xdist.

With ``-n auto --dist loadfile --no-loadscope-reorder`` (the Makefile's) pytest-xdist hands whole
files to workers in collection order; by default it hands them out by number of tests, the most first,
and the corpus-scale modules, a few shards of two to three minutes each, came last: one worker ran
140 s alone at the end. tests/real/ starts a real llama.cpp server and is the longest stretch one
worker runs alone: collected first, it runs beside the rest. The corpus-scale modules (those marked
``no_cover``) come next, so that the run ends on short modules and both workers finish together.

pytest-cov pauses coverage for a ``no_cover`` test by stopping its collector, which unhooks the
tracer only in the thread that started it. Under pytest-xdist the tests run in another thread of the
worker, so the tracer stayed on: the corpus-scale repeats marked ``no_cover`` ran traced in CI (one
capture round-trip shard: 38 s untraced, 83 s under ``-n 2 --cov``). The hook below also unhooks the
tracer of the thread that runs the test and of the threads it starts, and puts them back after
(inside pytest-cov's wrapper, so that its resume re-arms the tracer last).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

_REAL = Path(__file__).resolve().parent / "real"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    heavy = {item.path for item in items if item.get_closest_marker("no_cover") is not None}
    items.sort(key=lambda item: 0 if _REAL in Path(str(item.path)).parents else 1 if item.path in heavy else 2)


@pytest.hookimpl(hookwrapper=True, trylast=True)   # inside pytest-cov's own pause
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    paused = item.get_closest_marker("no_cover") is not None
    tracer, for_threads = sys.gettrace(), threading.gettrace()
    if paused:
        sys.settrace(None)
        threading.settrace(None)   # type: ignore[arg-type]  # the threads the test starts (probe pools)
    try:
        yield
    finally:
        if paused:
            sys.settrace(tracer)
            threading.settrace(for_threads)   # type: ignore[arg-type]
