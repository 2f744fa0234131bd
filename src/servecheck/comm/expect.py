"""What a test should reach on this topology, from data/expectations.json.

Intra-node: the NVLink family of the GPU model (or PCIe by generation); NVLS all_reduce only
when the log says NVLS is available. Inter-node: NICs per node x per-NIC effective rate, capped
by the intra-node rate; alltoall gets about one NIC per GPU. A fact that is missing makes the
expectation None and is named: the verdict is then "unknown", never a guess.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from servecheck.comm.models import CommTest, Expectation


@cache
def data() -> dict[str, Any]:
    text = resources.files("servecheck.comm").joinpath("data", "expectations.json").read_text("utf-8")
    return json.loads(text)


def _model(test: CommTest) -> str | None:
    return max(test.gpus, key=lambda m: test.gpus[m]) if test.gpus else None


def nvlink_entry(model: str | None) -> dict[str, Any] | None:
    if not model or "PCIe" in model or "PCIE" in model:
        return None
    return next((e for e in data()["nvlink"] if any(m in model for m in e["match"])), None)


def pcie_gen(model: str | None) -> int | None:
    if not model:
        return None
    return next((r["gen"] for r in data()["pcie"]["gen_by_model"] if any(m in model for m in r["match"])), None)


def intra_link(test: CommTest, topo: dict[str, Any]) -> str | None:
    """"nvlink", "pcie" or None: the topology file wins over the GPU model."""
    if topo.get("nvlink") is not None:
        return "nvlink" if topo["nvlink"] else "pcie"
    model = _model(test)
    if nvlink_entry(model):
        return "nvlink"
    if pcie_gen(model):
        return "pcie"
    return None


def _intra(test: CommTest, topo: dict[str, Any], exp: Expectation) -> float | None:
    model, link = _model(test), intra_link(test, topo)
    if link is None:
        exp.missing.append("intra-node link (NVLink or PCIe): GPU model unknown to the table; "
                           "give --topology with `nvidia-smi topo -m`")
        return None
    if link == "pcie":
        gen = pcie_gen(model)
        pcie = data()["pcie"]
        if gen is None:
            exp.missing.append(f"PCIe generation of {model or 'the GPUs'}")
            return None
        exp.sources += pcie["sources"]
        exp.basis += f"PCIe Gen{gen} x{pcie['healthy_fraction']} of {pcie['effective_gbps_by_gen'][str(gen)]} GB/s; "
        return pcie["effective_gbps_by_gen"][str(gen)] * pcie["healthy_fraction"]
    entry = nvlink_entry(model)
    if entry is None:
        exp.missing.append(f"NVLink rate of {model or 'the GPUs'} (not in the table)")
        return None
    exp.sources += entry["sources"]
    return _nvlink_rate(test, entry, exp)


def _nvlink_rate(test: CommTest, entry: dict[str, Any], exp: Expectation) -> float:
    nvls = entry.get("nvls_allreduce_gbps")
    algo_forced = "NCCL_ALGO" in test.transport.env
    if (test.op == "all_reduce" and nvls and test.transport.nvls and not algo_forced
            and test.nodes == 1 and test.ranks == entry.get("nvls_ranks")):
        exp.basis += f"{entry['family']} all_reduce with NVLS: {nvls} GB/s; "
        return float(nvls)
    note = " (NVLS not logged: judged at the plain NVLink rate)" if test.op == "all_reduce" and nvls \
        and test.transport.nvls is None else ""
    exp.basis += f"{entry['family']} effective NVLink {entry['effective_gbps']} GB/s{note}; "
    return float(entry["effective_gbps"])


def _per_nic(test: CommTest, topo: dict[str, Any], exp: Expectation) -> float | None:
    rate = topo.get("nic_rate_gbit")
    if not topo.get("rdma_nics") or not rate:
        exp.missing.append("RDMA NIC count and line rate per node (give --topology with `ibstat` or "
                           "`ibv_devinfo -v` output)")
        return None
    efa = (test.transport.net or "").lower().startswith("ofi") or topo.get("link_layer") == "EFA"
    eff = data()["net"]["efa_efficiency" if efa else "rdma_efficiency"]
    exp.sources += eff["sources"]
    per_nic = rate / 8 * eff["value"]
    exp.basis += f"{topo['rdma_nics']} x {rate:g} Gb/s {topo.get('link_layer') or ''} NIC(s) at {eff['value']} = {per_nic:.1f} GB/s each; "
    return per_nic


def expectation(test: CommTest, topo: dict[str, Any]) -> Expectation:
    exp = Expectation(pass_fraction=data()["pass_fraction"]["value"], sources=list(data()["pass_fraction"]["sources"]))
    if not test.ranks or test.ranks < 2:
        exp.missing.append("at least 2 ranks (one rank moves no data: busbw is 0 by definition)")
        return exp
    if not test.nodes:
        exp.missing.append("node count (no 'Using devices' table and no 'nNodes' INFO line)")
        return exp
    intra = _intra(test, topo, exp)
    if test.nodes == 1:
        exp.expected_gbps = intra
        return _done(exp)
    per_nic = _per_nic(test, topo, exp)
    if per_nic is None:
        return _done(exp)
    gpus_per_node = max(1, test.ranks // test.nodes)
    if test.op == "alltoall":
        exp.sources += data()["net"]["alltoall_nic_per_gpu"]["sources"]
        exp.expected_gbps = per_nic * min(1.0, topo["rdma_nics"] / gpus_per_node)
        exp.basis += "alltoall: about one NIC per GPU; "
    else:
        net = per_nic * topo["rdma_nics"]
        exp.expected_gbps = min(net, intra) if intra else net
        if test.nodes == 2 and test.op == "all_reduce":
            exp.sources += data()["net"]["two_node_all_reduce_may_exceed"]["sources"]
            exp.basis += "2 nodes: Tree may report more than the NICs carry; "
    return _done(exp)


def _done(exp: Expectation) -> Expectation:
    if exp.expected_gbps is not None:
        exp.expected_gbps = round(exp.expected_gbps, 1)
        if exp.missing:  # judged on what was known; the rest is said, not required
            exp.basis += "not known: " + "; ".join(exp.missing)
            exp.missing = []
    exp.sources = list(dict.fromkeys(exp.sources))
    exp.basis = exp.basis.strip().rstrip(";")
    return exp
