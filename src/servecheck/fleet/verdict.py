"""One node's verdict from the compat engine (knowledge.compat), in the fleet's vocabulary.

The gates decide; this module only names the outcome for a platform team: `runs`,
`runs_with_conditions` (a gate passes only under a condition, e.g. forward compatibility on a
supported datacenter branch), `needs_driver` (with the lowest branch that runs it),
`unsupported_gpu` (no driver change helps) or `unknown` (a fact is missing or not tabulated).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from servecheck.fleet.models import FleetVerdict
from servecheck.knowledge import lookup
from servecheck.knowledge.compat import evaluate
from servecheck.knowledge.models import CompatResult, Gate, GateId
from servecheck.knowledge.versions import cuda_minor, driver_branch, parse_driver

# Conditions that make a node "runs_with_conditions": they hold for this node's driver, not for
# the image as a whole (an arch list or NVIDIA_REQUIRE_CUDA not given applies to every node alike).
_NODE_GATES: tuple[GateId, ...] = ("driver_runtime", "toolkit_requirement")


@dataclass(frozen=True)
class Outcome:
    verdict: FleetVerdict
    reason: str
    min_branch: str | None = None
    conditions: tuple[str, ...] = field(default_factory=tuple)


@lru_cache(maxsize=4096)
def judge_compat(image_cuda: str, require_cuda: str | None, driver: str | None, driver_cuda: str | None,
                 gpu: str | None, cc: str | None) -> Outcome:
    """Cached: a fleet has few distinct (driver, GPU) pairs, and evaluate() is pure."""
    result = evaluate(image_cuda=image_cuda, require_cuda=require_cuda, driver_version=driver,
                      driver_cuda=driver_cuda, gpu_name=gpu, compute_capability=cc)
    return from_compat(result, image_cuda, gpu, driver)


def from_compat(result: CompatResult, image_cuda: str, gpu: str | None, driver: str | None) -> Outcome:
    gates = {g.id: g for g in result.gates}
    if result.verdict == "incompatible":
        return _incompatible(result, image_cuda, gpu, driver)
    if result.verdict == "unknown":
        gate = next((g for g in result.gates if g.status == "unknown" and g.evaluated), gates["driver_runtime"])
        return Outcome("unknown", f"{gate.title}: {gate.reason}")
    runtime = gates["driver_runtime"]
    conditions = tuple(c for gid in _NODE_GATES if gates[gid].status == "pass" for c in gates[gid].conditions)
    if conditions:
        return Outcome("runs_with_conditions", runtime.reason, conditions=conditions)
    return Outcome("runs", runtime.reason)


def _incompatible(result: CompatResult, image_cuda: str, gpu: str | None, driver: str | None) -> Outcome:
    failed = [g for g in result.gates if g.status == "fail"]
    if any(g.id == "gpu_code" for g in failed):
        gate = next(g for g in failed if g.id == "gpu_code")
        return Outcome("unsupported_gpu", gate.reason)
    gpu_gate = next((g for g in failed if g.id == "driver_gpu"), None)
    product_floor = _product_floor(gpu, driver)
    if gpu_gate is not None and product_floor is None and len(failed) == 1:
        # The driver is too new for this architecture (its last branch passed): no upgrade helps.
        return Outcome("unsupported_gpu", gate_reason(gpu_gate))
    floors = [b for b in (_cuda_floor(image_cuda) if gpu_gate is None or len(failed) > 1 else None, product_floor) if b]
    branch = max(floors, key=lambda b: int(b[1:])) if floors else None
    reason = "; ".join(gate_reason(g) for g in failed)
    return Outcome("needs_driver", reason, min_branch=branch)


def gate_reason(gate: Gate) -> str:
    return f"{gate.title}: {gate.reason}"


def _cuda_floor(image_cuda: str) -> str | None:
    """The branch of the first release of the image's CUDA minor: the lowest that runs it natively."""
    minor = cuda_minor(image_cuda)
    row = lookup.first_toolkit_of_minor(minor) if minor else None
    return row.branch if row else None


def _product_floor(gpu: str | None, driver: str | None) -> str | None:
    product = lookup.product_for(gpu)
    if product is None or not product.min_driver:
        return None
    have, need = parse_driver(driver), parse_driver(product.min_driver)
    if have is not None and need is not None and have < need:
        return driver_branch(product.min_driver)
    return None
