"""Every probe is one module under capture/probes/ that declares itself: listed in PROBES, with NAME
equal to its entry, a DESCRIPTION and collect(ctx); no module is left out of the list."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from servecheck.capture import probes
from servecheck.capture.probe import PROBES


@pytest.mark.parametrize("name", PROBES)
def test_probe_declares_itself(name: str) -> None:
    module = importlib.import_module(f"servecheck.capture.probes.{name}")
    assert module.NAME == name
    assert isinstance(module.DESCRIPTION, str) and module.DESCRIPTION.strip()
    assert callable(module.collect)


def test_every_probe_module_is_listed() -> None:
    folder = Path(probes.__file__).parent
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    assert modules == set(PROBES)
