"""`servecheck sim` CLI: scenario listing, --set parsing, usage errors (the server itself is tested elsewhere)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.cli.sim import _parse_sets
from servecheck.errors import UsageError
from servecheck.sim.scenarios import SCENARIOS, resolve


def test_list_scenarios():
    res = CliRunner().invoke(cli, ["sim", "--list-scenarios"])
    assert res.exit_code == 0 and all(name in res.output for name in SCENARIOS)


def test_set_values_are_typed_and_checked():
    assert _parse_sets(("block_size=32", "itl_ms=0.5", "tool_parser=None", "disable_log_stats=true")) == {
        "block_size": 32, "itl_ms": 0.5, "tool_parser": None, "disable_log_stats": True}
    with pytest.raises(UsageError):
        _parse_sets(("nonsense=1",))
    for wrong in ("block_size=abc", "block_size=1.5", "itl_ms=fast", "disable_log_stats=3"):
        with pytest.raises(UsageError, match="expects"):  # once an internal error (exit 70)
            _parse_sets((wrong,))
    with pytest.raises(UsageError):
        resolve("healthy", block_size=0)
    with pytest.raises(UsageError):
        resolve("no-such-scenario")
