"""Saved fleet results (versioned): the facts of each node, the matrix, the rollout plan.

Every fact is ``None`` when the source did not give it; a node whose facts could not be read is
recorded with its status (``unknown``, ``unreachable``, ``error``), never dropped.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from servecheck.modelbase import StrictModel as _Model

SCHEMA_VERSION = 1

Source = Literal["kubernetes", "kube-nodes", "bundle", "ssh", "slurm"]
NodeStatus = Literal["ok", "unknown", "unreachable", "error"]
FleetVerdict = Literal["runs", "runs_with_conditions", "needs_driver", "unsupported_gpu", "unknown"]
VERDICTS: tuple[FleetVerdict, ...] = ("runs", "runs_with_conditions", "needs_driver", "unsupported_gpu",
                                      "unknown")
# GPU Operator upgrade controller: only these states mean the driver is not changing (reference §2.1).
STABLE_UPGRADE_STATES = ("", "upgrade-done")


class NodeFacts(_Model):
    """What one node offers, as read from its labels or its capture bundle."""

    name: str
    source: Source
    status: NodeStatus = "ok"
    status_reason: str | None = None
    pool: str | None = Field(None, description="site pool (label, partition or inventory group)")
    gpu_present: bool | None = None
    driver_version: str | None = None
    driver_branch: str | None = None
    driver_cuda: str | None = Field(None, description="highest CUDA the driver supports")
    gpu_product: str | None = None
    gpu_count: int | None = None
    gpu_memory_mib: int | None = None
    compute_capability: str | None = None
    mig_strategy: str | None = None
    sharing_strategy: str | None = None
    upgrade_state: str | None = Field(None, description="nvidia.com/gpu-driver-upgrade-state")
    upgrade_skip: bool = False
    unschedulable: bool | None = None
    kernel: str | None = None
    os: str | None = None
    labels_at: datetime | None = Field(None, description="nvidia.com/gfd.timestamp")
    bundle: str | None = None
    missing: list[str] = Field(default_factory=list, description="facts the source did not give")
    notes: list[str] = Field(default_factory=list)


class FleetScan(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["fleet_scan"] = "fleet_scan"
    source: Source
    origin: str = Field(description="file, folder, context or inventory the nodes came from")
    created_at: datetime
    nodes: list[NodeFacts]
    problems: list[str] = Field(default_factory=list, description="inputs that could not be read")


class Target(_Model):
    """What the matrix asks about: an image, a bare CUDA version, or a recipe."""

    image: str | None = None
    cuda: str | None = None
    recipe: str | None = None
    require_cuda: str | None = None

    def label(self) -> str:
        return self.recipe and f"recipe {self.recipe}" or self.image or f"CUDA {self.cuda}"


class NodeVerdict(_Model):
    name: str
    verdict: FleetVerdict
    reason: str
    pool: str | None = None
    gpu: str | None = None
    gpu_count: int | None = None
    driver_branch: str | None = None
    driver_version: str | None = None
    min_branch: str | None = Field(None, description="needs_driver: the lowest branch that runs it")
    conditions: list[str] = Field(default_factory=list)
    upgrade_state: str | None = None
    label_age_s: int | None = None
    stale: bool = False
    source: Source | None = None


class Group(_Model):
    driver_branch: str
    gpu: str
    total: int
    by_verdict: dict[str, int]


class Counts(_Model):
    total: int
    by_verdict: dict[str, int]
    by_group: list[Group]


class FleetMatrix(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["fleet_matrix"] = "fleet_matrix"
    target: Target
    source: Source
    origin: str
    as_of: datetime
    nodes: list[NodeVerdict]
    counts: Counts


Engine = Literal["gpu-operator", "kubectl", "slurm", "ansible"]


class Step(_Model):
    title: str
    commands: list[str] = Field(default_factory=list)


class Batch(_Model):
    number: int
    canary: bool = False
    nodes: list[str]
    pools: list[str]
    steps: list[Step]
    gate: list[str] = Field(description="checks that must pass before the next batch starts")


class RolloutPlan(_Model):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["fleet_rollout"] = "fleet_rollout"
    to_branch: str
    to_version: str | None = None
    engine: Engine
    max_unavailable: int
    small_pool_size: int
    source: Source
    origin: str
    created_at: datetime
    batches: list[Batch]
    to_version_note: str | None = Field(None, description="where to_version came from when not given")
    already_there: list[str] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list, description="'node: why' for nodes left out")
    unknown: list[str] = Field(default_factory=list, description="nodes not planned because their driver is unknown")
    preamble: list[Step] = Field(default_factory=list)
    rollback: list[str]
    executed: Literal[False] = False
