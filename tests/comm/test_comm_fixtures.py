"""Recorded real outputs (public issues and PRs, URL in each sidecar) are read right.

Each fixture NAME.txt has NAME.json: {"source_url", "what", "expect": {...}}. The expected facts
were read off the text by hand; a key in "expect" is checked on every test the file yields
(or on the count of tests for "tests").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.comm import api

FIXTURES = Path(__file__).parent / "fixtures"
CASES = sorted(p for p in FIXTURES.glob("*.txt"))

# expect key -> how to read it off one CommTest
GETTERS = {
    "status": lambda t: t.status, "op": lambda t: t.op, "ranks": lambda t: t.ranks,
    "nodes": lambda t: t.nodes, "gpus": lambda t: t.gpus, "verdict": lambda t: t.verdict,
    "net": lambda t: t.transport.net, "gdr": lambda t: t.transport.gdr, "p2p": lambda t: t.transport.p2p,
    "nvls": lambda t: t.transport.nvls, "hcas": lambda t: len(t.transport.hcas),
    "interface": lambda t: t.transport.interface, "ib_missing": lambda t: t.transport.ib_missing,
    "nccl_version": lambda t: t.transport.nccl_version, "env": lambda t: t.transport.env,
    "prefix": lambda t: t.launcher_prefix, "rows": lambda t: len(t.rows), "wrong": lambda t: t.wrong,
    "peak_busbw_gbps": lambda t: t.peak_busbw_gbps, "out_of_bounds": lambda t: t.out_of_bounds,
    "footer_avg_busbw_gbps": lambda t: t.footer_avg_busbw_gbps, "validation": lambda t: t.validation,
    "nccl_tests_version": lambda t: t.nccl_tests_version,
    "separate_processes": lambda t: t.separate_processes,
}


def test_at_least_ten_public_sources() -> None:
    urls = {json.loads(p.with_suffix(".json").read_text())["source_url"] for p in CASES}
    assert len(urls) >= 10
    assert all(u.startswith("https://github.com/") for u in urls)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_fixture_read_right(path: Path) -> None:
    side = json.loads(path.with_suffix(".json").read_text())
    result = api.read([str(path)])
    expect = dict(side["expect"])
    if "tests" in expect:
        assert len(result.tests) == expect.pop("tests")
    assert result.tests
    for key, want in expect.items():
        for t in result.tests:
            got = GETTERS[key](t)
            if key == "env":
                assert want.items() <= got.items(), (key, got)
            else:
                assert got == want, (key, got, want)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_no_truncated_fixture_passes(path: Path) -> None:
    for t in api.read([str(path)]).tests:
        if t.status != "complete":
            assert t.verdict != "pass"
