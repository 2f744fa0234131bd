"""docs/diagnose-examples.md is the tool's own output: regenerate it and compare."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "diagnose_examples.py"


def _generator():
    spec = importlib.util.spec_from_file_location("diagnose_examples", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_examples_page_is_what_the_tool_prints():
    gen = _generator()
    fresh = gen.page()
    assert gen.PAGE.read_text() == fresh, "docs/diagnose-examples.md is stale: run python bench/diagnose_examples.py"


def test_the_demo_example_shows_one_cause_once():
    """Item 7 of issue 10: torch's early warning and the fatal RuntimeError are one chain."""
    gen = _generator()
    text = gen.page()
    demo = text.split("## ")[1]
    assert "evidence (headline L40; same cause first seen L2)" in demo
    assert "Other failure chains" not in demo
