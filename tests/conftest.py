"""Suite-wide collection order: the real llama.cpp server's files first.

With ``-n auto --dist loadfile`` pytest-xdist hands whole files to workers in collection order.
tests/real/ starts a real llama.cpp server and is the longest stretch one worker runs alone: collected
last, it ran while the other worker idled at the end. Collected first, it runs beside the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

_REAL = Path(__file__).resolve().parent / "real"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: 0 if _REAL in Path(str(item.path)).parents else 1)
