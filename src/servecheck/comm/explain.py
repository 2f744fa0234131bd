"""What explains a slow result: one small predicate per entry of data/explanations.json.

Each predicate reads only facts already parsed (transport lines, env echoes, topology) and
returns True when its explanation applies. The data file holds the words and the sources.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from servecheck.comm import expect
from servecheck.comm.models import CommTest

Predicate = Callable[[CommTest, dict[str, Any]], bool]
_FAR = ("PHB", "NODE", "SYS")


def _rdma_expected(t: CommTest, topo: dict[str, Any]) -> bool:
    return bool(topo.get("rdma_nics")) or bool(t.transport.hcas)


def socket_not_rdma(t: CommTest, topo: dict[str, Any]) -> bool:
    return (t.nodes or 0) > 1 and t.transport.net == "Socket" and (_rdma_expected(t, topo) or t.transport.ib_missing)


def ib_disabled(t: CommTest, topo: dict[str, Any]) -> bool:
    return t.transport.env.get("NCCL_IB_DISABLE", "0") not in ("0", "")


def gdr_off(t: CommTest, topo: dict[str, Any]) -> bool:
    rdma = (t.transport.net or "") in ("IB", "RoCE") or (t.transport.net or "").startswith("OFI")
    return (t.nodes or 0) > 1 and rdma and (t.transport.gdr is False or t.transport.gdr_disabled_hcas > 0)


def p2p_disabled(t: CommTest, topo: dict[str, Any]) -> bool:
    env = t.transport.env
    return bool(t.transport.shm) or env.get("NCCL_P2P_DISABLE", "0") not in ("0", "") or \
        env.get("NCCL_P2P_LEVEL", "").upper() in ("LOC", "0")


def pcie_hop(t: CommTest, topo: dict[str, Any]) -> bool:
    return expect.intra_link(t, topo) == "pcie" and (t.ranks or 0) > 1


def gpu_nic_far(t: CommTest, topo: dict[str, Any]) -> bool:
    return (t.nodes or 0) > 1 and topo.get("gpu_nic_path") in _FAR


def nvls_missing(t: CommTest, topo: dict[str, Any]) -> bool:
    return t.op == "all_reduce" and t.transport.nvls is False


def algo_forced(t: CommTest, topo: dict[str, Any]) -> bool:
    return "NCCL_ALGO" in t.transport.env or "NCCL_PROTO" in t.transport.env


def sizes_small(t: CommTest, topo: dict[str, Any]) -> bool:
    limit = expect.data()["min_judged_bytes"]["value"]
    return t.max_size_bytes is not None and t.max_size_bytes < limit


PREDICATES: dict[str, Predicate] = {fn.__name__: fn for fn in (
    socket_not_rdma, ib_disabled, gdr_off, p2p_disabled, pcie_hop, gpu_nic_far, nvls_missing,
    algo_forced, sizes_small)}


@cache
def table() -> dict[str, Any]:
    text = resources.files("servecheck.comm").joinpath("data", "explanations.json").read_text("utf-8")
    return json.loads(text)


def explain(test: CommTest, topo: dict[str, Any]) -> list[str]:
    """The texts of every explanation that applies, in the data file's order."""
    return [e["text"] for e in table()["explanations"] if PREDICATES[e["id"]](test, topo)]
