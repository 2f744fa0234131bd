"""Can this CUDA build run on this driver and GPU? The four gates of reference §0, over data.

Public API (used by `servecheck diagnose`, `servecheck compat` and the recipe check):

    evaluate(image_cuda=..., require_cuda=..., driver_version=..., ...) -> CompatResult
    parse_cuda_from_tag("vllm/vllm-openai:v0.11.0-cu130") -> "13.0"
    driver_branch("575.57.08") -> "r575"
    evaluate_evidence(evidence) -> CompatResult      (facts from a capture bundle)
    check_recipe(recipe, evidence) -> RecipeCheck

Verdict: any gate failing -> incompatible; a gate the tables cannot decide -> unknown (never a
guess); gate 2 not evaluable for lack of input -> unknown; otherwise compatible, or
compatible_with_conditions when a gate passes only under conditions or was not checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from servecheck.knowledge.facts import build_facts
from servecheck.knowledge.gates import all_gates
from servecheck.knowledge.models import (
    CompatInputs,
    CompatResult,
    Gate,
    RecipeCheck,
    RequirementResult,
    Verdict,
)
from servecheck.knowledge.versions import driver_branch, parse_cuda_from_tag

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence
    from servecheck.knowledge.recipes import Recipe

__all__ = [
    "CompatResult", "Gate", "RecipeCheck", "RequirementResult", "check_recipe", "driver_branch",
    "evaluate", "evaluate_evidence", "parse_cuda_from_tag", "verdict_of",
]


def evaluate(
    image_cuda: str | None = None,
    require_cuda: str | None = None,
    disable_require: bool = False,
    driver_version: str | None = None,
    driver_cuda: str | None = None,
    gpu_name: str | None = None,
    compute_capability: str | None = None,
    torch_cuda_arch_list: list[str] | None = None,
    forward_compat: bool | None = None,
    gpu_brand: str | None = None,
) -> CompatResult:
    """Walk the four gates for one image/host combination. Pure: reads only the knowledge tables."""
    inputs = CompatInputs(
        image_cuda=_clean(image_cuda), require_cuda=_clean(require_cuda),
        disable_require=bool(disable_require), driver_version=_clean(driver_version),
        driver_cuda=_clean(driver_cuda), gpu_name=_clean(gpu_name),
        compute_capability=_clean(compute_capability),
        torch_cuda_arch_list=list(torch_cuda_arch_list) if torch_cuda_arch_list is not None else None,
        forward_compat=forward_compat, gpu_brand=_clean(gpu_brand),
    )
    facts = build_facts(inputs)
    gates = all_gates(facts)
    if facts.bad_inputs:
        gates = [_note_bad_inputs(gate, facts.bad_inputs) for gate in gates]
    return CompatResult(verdict=verdict_of(gates), gates=gates, inputs=inputs, facts=facts.summary())


def _clean(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _note_bad_inputs(gate: Gate, bad: list[str]) -> Gate:
    if gate.status != "unknown":
        return gate
    return gate.model_copy(update={"reason": f"{gate.reason} (unreadable input: {'; '.join(bad)})"})


def verdict_of(gates: list[Gate]) -> Verdict:
    if any(g.status == "fail" for g in gates):
        return "incompatible"
    if any(g.status == "unknown" and g.evaluated for g in gates):
        return "unknown"
    if any(g.id == "driver_runtime" and g.status != "pass" for g in gates):
        return "unknown"
    if any(g.conditions or not g.evaluated for g in gates):
        return "compatible_with_conditions"
    return "compatible"


def evaluate_evidence(evidence: Evidence, image_cuda: str | None = None) -> CompatResult:
    """evaluate() on a capture bundle's facts (container env, image env, nvidia-smi, GPU list)."""
    from servecheck.knowledge.inputs import HostFlags, merge

    kwargs, _ = merge(HostFlags(image_cuda=image_cuda), evidence)
    return evaluate(**kwargs)


def check_recipe(recipe: Recipe, evidence: Evidence | None) -> RecipeCheck:
    """Can the host in `evidence` run `recipe`? Each requirement pass / fail / unknown with its reason."""
    from servecheck.knowledge.recipe_check import check

    return check(recipe, evidence)
