"""Suite-wide: the real llama.cpp server's files first, and ``no_cover`` honoured under xdist.

With ``-n auto --dist loadfile`` pytest-xdist hands whole files to workers in collection order.
tests/real/ starts a real llama.cpp server and is the longest stretch one worker runs alone: collected
last, it ran while the other worker idled at the end. Collected first, it runs beside the rest.

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
    items.sort(key=lambda item: 0 if _REAL in Path(str(item.path)).parents else 1)


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
