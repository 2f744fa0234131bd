"""A node-by-node driver rollout plan: a canary first, then batches of at most --max-unavailable
nodes, never two nodes of the same small pool at once. Printed and recorded; never executed.

A *small pool* has fewer than SMALL_POOL nodes: taking two of three H200s at once halves what is
left to serve, so a small pool gives at most one node per batch. Pools come from the site's pool
label (Kubernetes), the partition (Slurm) or the inventory group (SSH); a node without one is
pooled by its GPU type.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, datetime
from functools import lru_cache

from servecheck.errors import UsageError
from servecheck.fleet.engines import batch_steps, gate_checks, preamble, rollback_rule
from servecheck.fleet.errors import NothingToJudge
from servecheck.fleet.matrix import gpu_type
from servecheck.fleet.models import (
    STABLE_UPGRADE_STATES,
    Batch,
    Engine,
    FleetScan,
    NodeFacts,
    RolloutPlan,
)
from servecheck.knowledge.versions import branch_number

SMALL_POOL = 4
DEFAULT_ENGINE: dict[str, Engine] = {"kubernetes": "gpu-operator", "kube-nodes": "gpu-operator",
                                     "slurm": "slurm", "ssh": "ansible", "bundle": "ansible"}


def plan_rollout(scan: FleetScan, to_branch: str, max_unavailable: int = 1, engine: Engine | None = None,
                 to_version: str | None = None, inventory: str | None = None) -> RolloutPlan:
    target = branch_number(to_branch)
    if target is None:
        raise UsageError(f"--to-branch {to_branch!r}: want a driver branch such as r580")
    if max_unavailable < 1:
        raise UsageError("--max-unavailable must be at least 1")
    engine = engine or DEFAULT_ENGINE[scan.source]
    todo, there, skipped = _select(scan.nodes, target)
    note = None
    if to_version is None:
        to_version, note = _observed_version(there, target)
    if not any(n.status == "ok" and branch_number(n.driver_branch) for n in scan.nodes):
        raise NothingToJudge("no node with a known driver: nothing to plan (" + "; ".join(skipped[:5]) + ")")
    pools = {n.name: pool_of(n) for n in scan.nodes}
    sizes = Counter(pools.values())
    groups = make_batches(todo, pools, sizes, max_unavailable)
    context = {"to_branch": f"r{target}", "to_version": to_version, "inventory": inventory,
               "max_unavailable": max_unavailable,
               "old": {n.name: n.driver_version or "?" for n in todo}}
    batches = [Batch(number=i + 1, canary=i == 0, nodes=[n.name for n in group],
                     pools=sorted({pools[n.name] for n in group}),
                     steps=batch_steps(engine, [n.name for n in group], i + 1, context),
                     gate=gate_checks(engine, [n.name for n in group], context))
               for i, group in enumerate(groups)]
    unknown = [n.name for n in scan.nodes if n.status != "ok" or branch_number(n.driver_branch) is None]
    return RolloutPlan(to_branch=f"r{target}", to_version=to_version, to_version_note=note, unknown=unknown,
                       engine=engine, max_unavailable=max_unavailable,
                       small_pool_size=SMALL_POOL, source=scan.source, origin=scan.origin,
                       created_at=datetime.now(UTC), batches=batches, already_there=sorted(n.name for n in there),
                       skipped=skipped, preamble=preamble(engine, context), rollback=rollback_rule(engine, context))


def _observed_version(there: list[NodeFacts], target: int) -> tuple[str | None, str | None]:
    """The driver most nodes already on the target branch run: a version this site has in service."""
    versions = Counter(n.driver_version for n in there if n.driver_version and branch_number(n.driver_branch) == target)
    if not versions:
        return None, None
    version, count = versions.most_common(1)[0]
    return version, (f"{version} is what {count} node(s) already on r{target} run; pass --to-version to choose "
                     "another")


def pool_of(node: NodeFacts) -> str:
    return node.pool or gpu_type(node.gpu_product) or "unpooled"


def _select(nodes: list[NodeFacts], target: int) -> tuple[list[NodeFacts], list[NodeFacts], list[str]]:
    todo, there, skipped = [], [], []
    for node in nodes:
        branch = branch_number(node.driver_branch)
        why = _skip_reason(node, branch, target)
        if why:
            skipped.append(f"{node.name}: {why}")
        elif branch is not None and branch >= target:
            there.append(node)
        else:
            todo.append(node)
    return todo, there, skipped


def _skip_reason(node: NodeFacts, branch: int | None, target: int) -> str | None:
    if node.status != "ok" or branch is None:
        return f"driver unknown ({node.status_reason or 'no driver fact'}): check it by hand, not planned blind"
    if (node.upgrade_state or "") not in STABLE_UPGRADE_STATES:
        return f"an upgrade is already in progress ({node.upgrade_state})"
    if node.upgrade_skip:
        return "labelled nvidia.com/gpu-driver-upgrade.skip=true"
    if node.unschedulable:
        return "already cordoned by someone else: left alone (not cordoned or uncordoned by this plan)"
    return _branch_refuses_gpu(node, target)


def _branch_refuses_gpu(node: NodeFacts, target: int) -> str | None:
    return _refusal(target, node.gpu_product, node.compute_capability)


@lru_cache(maxsize=1024)
def _refusal(target: int, gpu: str | None, cc: str | None) -> str | None:
    """The compat engine's driver-vs-GPU gate for the target branch: no plan onto a driver that
    drops this GPU (e.g. a branch after the architecture's last one)."""
    from servecheck.knowledge.compat import evaluate

    gate = evaluate(driver_version=f"{target}.0", gpu_name=gpu, compute_capability=cc).gate("driver_gpu")
    return f"r{target} does not support this GPU: {gate.reason}" if gate.status == "fail" else None


def make_batches(todo: list[NodeFacts], pools: dict[str, str], sizes: Counter,
                 max_unavailable: int) -> list[list[NodeFacts]]:
    """Canary from the largest pool, then batches that spread across pools (round-robin)."""
    if not todo:
        return []
    by_pool: dict[str, list[NodeFacts]] = defaultdict(list)
    for node in sorted(todo, key=lambda n: n.name):
        by_pool[pools[node.name]].append(node)
    canary_pool = max(by_pool, key=lambda p: (sizes[p], p))
    batches = [[by_pool[canary_pool].pop(0)]]
    queue = _interleave(by_pool)
    while queue:
        batch: list[NodeFacts] = []
        taken: Counter[str] = Counter()
        rest: list[NodeFacts] = []
        for node in queue:
            pool = pools[node.name]
            limit = 1 if sizes[pool] < SMALL_POOL else max_unavailable
            if len(batch) < max_unavailable and taken[pool] < limit:
                batch.append(node)
                taken[pool] += 1
            else:
                rest.append(node)
        batches.append(batch)
        queue = rest
    return batches


def _interleave(by_pool: dict[str, list[NodeFacts]]) -> list[NodeFacts]:
    lists = [by_pool[p] for p in sorted(by_pool)]
    out: list[NodeFacts] = []
    for i in range(max((len(x) for x in lists), default=0)):
        out.extend(x[i] for x in lists if i < len(x))
    return out
