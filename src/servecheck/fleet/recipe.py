"""A node against a deployment recipe, through the recipe check of the compat engine.

Label facts become a synthetic Evidence with knowledge.inputs.merge (the same path `servecheck
compat --recipe` takes for facts given on the command line), so the recipe check sees exactly
what it would see for one host.
"""

from __future__ import annotations

from servecheck.fleet.models import NodeFacts
from servecheck.fleet.verdict import Outcome, from_compat

# Requirement kinds whose failure no driver change fixes.
_GPU_KINDS = ("gpu_count_min", "min_cc", "vram_total_min_gb")


def judge_recipe(name: str, facts: NodeFacts) -> Outcome:
    from servecheck.knowledge.compat import check_recipe
    from servecheck.knowledge.inputs import HostFlags, merge
    from servecheck.knowledge.recipes import load_recipe

    recipe = load_recipe(name)
    flags = HostFlags(image=recipe.image, image_cuda=recipe.image_cuda, driver=facts.driver_version,
                      driver_cuda=facts.driver_cuda, gpu=facts.gpu_product, cc=facts.compute_capability,
                      gpu_count=facts.gpu_count)
    _, evidence = merge(flags, None)
    if facts.gpu_memory_mib:
        for gpu in evidence.gpu.gpus:
            gpu.memory_total_mib = facts.gpu_memory_mib
    checked = check_recipe(recipe, evidence)
    kinds = {r.id: r.kind for r in recipe.requirements}
    failed = [r for r in checked.requirements if r.required and r.status == "fail"]
    if checked.verdict == "fail":
        if any(kinds[r.id] in _GPU_KINDS for r in failed):
            gpu_fail = [r for r in failed if kinds[r.id] in _GPU_KINDS]
            return Outcome("unsupported_gpu", "; ".join(f"{r.title}: {r.reason}" for r in gpu_fail))
        branches = [req.branch for req in recipe.requirements if req.kind == "driver_branch_min" and req.branch]
        compat = from_compat(checked.compat, recipe.image_cuda or "", facts.gpu_product, facts.driver_version) \
            if checked.compat else None
        if compat is not None and compat.min_branch:
            branches.append(compat.min_branch)
        branch = max(branches, key=lambda b: int(b[1:])) if branches else None
        return Outcome("needs_driver", "; ".join(f"{r.title}: {r.reason}" for r in failed), min_branch=branch)
    if checked.verdict == "unknown":
        open_ = [r for r in checked.requirements if r.required and r.status == "unknown"]
        return Outcome("unknown", "; ".join(f"{r.title}: {r.reason}" for r in open_))
    if checked.compat is not None:
        compat = from_compat(checked.compat, recipe.image_cuda or "", facts.gpu_product, facts.driver_version)
        if compat.verdict == "runs_with_conditions":
            return Outcome("runs_with_conditions", compat.reason, conditions=compat.conditions)
    return Outcome("runs", f"every required requirement of recipe {name} holds")
