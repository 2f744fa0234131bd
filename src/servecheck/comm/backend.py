"""Does the recipe's all-to-all backend fit the topology the tests saw?

The recipe (knowledge/data/recipes) maps each ``--all2all-backend`` choice to what it needs:
"RDMA" (DeepEP over IB/RoCE between nodes) or "NVLink" (one NVLink domain: a single node, or a
multi-node NVLink rack such as GB200/GB300 NVL72) — reference nccl.md §6.
"""

from __future__ import annotations

from typing import Any

from servecheck.comm import expect
from servecheck.comm.models import BackendCheck, CommTest

_MNNVL_MODELS = ("GB200", "GB300")


def _has_rdma(tests: list[CommTest], topo: dict[str, Any]) -> bool | None:
    if topo.get("rdma_nics") is not None:
        return topo["rdma_nics"] > 0
    nets = {t.transport.net for t in tests if t.transport.net}
    if nets & {"IB", "RoCE"} or any(t.transport.hcas for t in tests):
        return True
    return None


def _one_nvlink_domain(tests: list[CommTest], topo: dict[str, Any]) -> bool | None:
    judged = [t for t in tests if t.nodes]
    if not judged:
        return None
    if any("MNNVL" in t.transport.p2p for t in judged):
        return True
    if max(t.nodes or 0 for t in judged) > 1:
        models = {m for t in judged for m in t.gpus}
        return True if models and all(any(x in m for x in _MNNVL_MODELS) for m in models) else False
    links = {expect.intra_link(t, topo) for t in judged}
    return True if links == {"nvlink"} else False if "pcie" in links else None


def _fits(need: str, rdma: bool | None, nvlink: bool | None) -> bool | None:
    return rdma if need == "RDMA" else nvlink if need == "NVLink" else None


def check(recipe_name: str, backend: str | None, tests: list[CommTest], topo: dict[str, Any]) -> BackendCheck:
    from servecheck.knowledge.recipes import load_recipe

    req = next((r for r in load_recipe(recipe_name).requirements
                if r.kind == "flag_choice" and r.flag == "--all2all-backend"), None)
    rdma, nvlink = _has_rdma(tests, topo), _one_nvlink_domain(tests, topo)
    base: dict[str, Any] = {"recipe": recipe_name, "backend": backend, "has_rdma": rdma, "one_nvlink_domain": nvlink}
    if req is None:
        return BackendCheck(**base, message=f"recipe {recipe_name} names no --all2all-backend")
    if backend is None:
        fitting = [b for b, need in req.choices.items() if _fits(need, rdma, nvlink)]
        msg = (f"the recipe's choices that fit this topology: {', '.join(fitting)}" if fitting else
               "none of the recipe's backends is shown to fit: " + _facts(rdma, nvlink))
        return BackendCheck(**base, fits=bool(fitting) if fitting or None not in (rdma, nvlink) else None,
                            message=msg)
    need = req.choices.get(backend)
    if need is None:
        return BackendCheck(**base, message=f"{backend} is not one of the recipe's choices ({', '.join(req.choices)})")
    fits = _fits(need, rdma, nvlink)
    word = {True: "fits", False: "does NOT fit", None: "cannot be checked"}[fits]
    return BackendCheck(**base, needs=need, fits=fits, message=f"{backend} needs {need}: {word} ({_facts(rdma, nvlink)})")


def _facts(rdma: bool | None, nvlink: bool | None) -> str:
    say = {True: "yes", False: "no", None: "unknown"}
    return f"RDMA NICs: {say[rdma]}; one NVLink domain: {say[nvlink]}"
