"""Result models of the compatibility evaluation and the recipe check (saved JSON, versioned)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from servecheck.modelbase import StrictModel as _Model

SCHEMA_VERSION = 1

GateId = Literal["toolkit_requirement", "driver_runtime", "gpu_code", "driver_gpu"]
GateStatus = Literal["pass", "fail", "unknown"]
Verdict = Literal["compatible", "compatible_with_conditions", "incompatible", "unknown"]


class Gate(_Model):
    """One of the four gates. `evaluated` is False when an input it needs was not given."""

    id: GateId
    title: str
    status: GateStatus
    reason: str
    sources: list[str] = Field(default_factory=list, description="'[tag] citation' strings")
    conditions: list[str] = Field(default_factory=list)
    evaluated: bool = True


class CompatInputs(_Model):
    image_cuda: str | None = None
    require_cuda: str | None = None
    disable_require: bool = False
    driver_version: str | None = None
    driver_cuda: str | None = None
    gpu_name: str | None = None
    compute_capability: str | None = None
    torch_cuda_arch_list: list[str] | None = None
    forward_compat: bool | None = None
    gpu_brand: str | None = None


class CompatFacts(_Model):
    """What the evaluation derived from the inputs and the tables (null when not derivable)."""

    driver_branch: str | None = None
    branch_type: str | None = None
    host_cuda: str | None = None
    host_cuda_origin: str | None = Field(None, description="'reported' or 'branch table (observed|derived)'")
    gpu_product: str | None = None
    gpu_segment: str | None = None
    compute_capability: str | None = None
    architecture: str | None = None


class CompatResult(_Model):
    schema_version: int = SCHEMA_VERSION
    verdict: Verdict
    gates: list[Gate]
    inputs: CompatInputs
    facts: CompatFacts = Field(default_factory=CompatFacts)

    def gate(self, gate_id: GateId) -> Gate:
        return next(g for g in self.gates if g.id == gate_id)


class RequirementResult(_Model):
    id: str
    title: str
    status: GateStatus
    reason: str
    required: bool = True
    sources: list[str] = Field(default_factory=list)


class RecipeCheck(_Model):
    """Can this host run this recipe? `verdict` fails on any required requirement that fails."""

    schema_version: int = SCHEMA_VERSION
    recipe: str
    recipe_version: str
    verdict: Literal["pass", "fail", "unknown"]
    requirements: list[RequirementResult]
    compat: CompatResult | None = None
