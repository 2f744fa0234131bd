"""Node x image/recipe verdicts for a scanned fleet, grouped by driver branch and GPU type.

Public API: ``build_matrix(scan, target, as_of=None, max_label_age_s=...) -> FleetMatrix``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, datetime

from servecheck.errors import UsageError
from servecheck.fleet.models import (
    STABLE_UPGRADE_STATES,
    VERDICTS,
    Counts,
    FleetMatrix,
    FleetScan,
    Group,
    NodeFacts,
    NodeVerdict,
    Target,
)
from servecheck.fleet.recipe import judge_recipe
from servecheck.fleet.verdict import Outcome, judge_compat
from servecheck.knowledge import lookup

# GFD relabels every 60 s by default (reference §1.1): labels an hour old mean it stopped.
MAX_LABEL_AGE_S = 3600


def resolve_target(target: Target) -> str | None:
    """The image CUDA the target implies; None for a recipe (the recipe carries its own)."""
    if target.image:
        cuda, _ = lookup.image_cuda_from_ref(target.image)
        if cuda is None and not target.cuda:
            raise UsageError(f"the image ref {target.image} does not name its CUDA build; "
                             "add --cuda X.Y (the CUDA the image was built with)")
        if cuda and target.cuda and not _same_cuda(cuda, target.cuda):
            raise UsageError(f"the image ref {target.image} names CUDA {cuda} but --cuda says {target.cuda}; "
                             "drop --cuda or fix it")
        return target.cuda or cuda
    return target.cuda


def _same_cuda(a: str, b: str) -> bool:
    """12.8 and 12.8.1 are the same build line: only major.minor decides compatibility."""
    return a.split(".")[:2] == b.split(".")[:2]


def build_matrix(scan: FleetScan, target: Target, as_of: datetime | None = None,
                 max_label_age_s: int = MAX_LABEL_AGE_S) -> FleetMatrix:
    image_cuda = resolve_target(target)
    now = as_of or datetime.now(UTC)
    nodes = [judge_node(n, target, image_cuda, now, max_label_age_s) for n in scan.nodes]
    return FleetMatrix(target=target, source=scan.source, origin=scan.origin, as_of=now, nodes=nodes,
                       counts=count(nodes))


def judge_node(facts: NodeFacts, target: Target, image_cuda: str | None, now: datetime,
               max_age_s: int) -> NodeVerdict:
    base = _base(facts)
    if facts.status != "ok":
        return NodeVerdict(**base, verdict="unknown", reason=f"{facts.status}: {facts.status_reason}")
    state = facts.upgrade_state or ""
    if state not in STABLE_UPGRADE_STATES:
        return NodeVerdict(**base, verdict="unknown",
                           reason=f"driver upgrade in progress (gpu-driver-upgrade-state={state}): the labels "
                                  "describe a driver that is being replaced; scan again when it is upgrade-done")
    outcome = _outcome(facts, target, image_cuda)
    age = int((now - facts.labels_at).total_seconds()) if facts.labels_at else None
    stale = age is not None and facts.source in ("kubernetes", "kube-nodes") and age > max_age_s
    return _finish(NodeVerdict(**base, verdict=outcome.verdict, reason=outcome.reason, min_branch=outcome.min_branch,
                               conditions=list(outcome.conditions), label_age_s=age, stale=stale), facts)


def _base(facts: NodeFacts) -> dict:
    return {"name": facts.name, "pool": facts.pool, "gpu": gpu_type(facts.gpu_product), "gpu_count": facts.gpu_count,
            "driver_branch": facts.driver_branch, "driver_version": facts.driver_version,
            "upgrade_state": facts.upgrade_state, "source": facts.source}


def _outcome(facts: NodeFacts, target: Target, image_cuda: str | None) -> Outcome:
    if target.recipe:
        return judge_recipe(target.recipe, facts)
    assert image_cuda is not None
    return judge_compat(image_cuda, target.require_cuda, facts.driver_version, facts.driver_cuda,
                        facts.gpu_product, facts.compute_capability)


def _finish(verdict: NodeVerdict, facts: NodeFacts) -> NodeVerdict:
    if verdict.stale:
        hours = (verdict.label_age_s or 0) / 3600
        note = (f"labels are {hours:.1f} h old (nvidia.com/gfd.timestamp): GPU Feature Discovery has not "
                "relabelled; confirm the driver before relying on this")
        verdict.conditions.append(note)
        if verdict.verdict == "runs":
            verdict.verdict = "runs_with_conditions"
    if facts.unschedulable:
        verdict.conditions.append("node is cordoned (unschedulable)")
    return verdict


def gpu_type(product: str | None) -> str | None:
    """The GPU's table name ('NVIDIA-H100-80GB-HBM3' -> 'H100'), else the name as given."""
    row = lookup.product_for(product)
    return row.name if row else product


def count(nodes: list[NodeVerdict]) -> Counts:
    totals = Counter(n.verdict for n in nodes)
    groups: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for n in nodes:
        groups[(n.driver_branch or "unknown", n.gpu or "unknown")][n.verdict] += 1
    return Counts(total=len(nodes), by_verdict={v: totals.get(v, 0) for v in VERDICTS},
                  by_group=[Group(driver_branch=b, gpu=g, total=sum(c.values()),
                                  by_verdict={v: c[v] for v in VERDICTS if c[v]})
                            for (b, g), c in sorted(groups.items())])
