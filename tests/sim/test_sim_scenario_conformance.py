"""Every sim scenario is one data entry in sim/scenarios.py SCENARIOS: a description and only
settings the sim has, and it resolves to a valid config."""

from __future__ import annotations

from dataclasses import fields

import pytest

from servecheck.sim.scenarios import SCENARIOS, SimConfig, resolve


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_is_declarative_and_valid(name: str) -> None:
    entry = SCENARIOS[name]
    assert isinstance(entry.get("description"), str) and entry["description"].strip()
    known = {f.name for f in fields(SimConfig)}
    assert set(entry) <= known, sorted(set(entry) - known)
    assert resolve(name).scenario == name
