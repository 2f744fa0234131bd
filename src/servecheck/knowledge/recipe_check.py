"""Check a recipe's requirements against a capture bundle's evidence, one requirement at a time.

Every requirement answers pass / fail / unknown with its reason; a fact missing from the
evidence is unknown, never assumed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from servecheck.errors import KnowledgeError
from servecheck.knowledge import lookup
from servecheck.knowledge.models import CompatResult, GateStatus, RecipeCheck, RequirementResult
from servecheck.knowledge.recipes import Recipe, Requirement
from servecheck.knowledge.versions import Version, parse_cc, parse_driver

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

_T = TypeVar("_T")


def check(recipe: Recipe, evidence: Evidence | None) -> RecipeCheck:
    from servecheck.capture.models import Evidence

    ev = evidence if evidence is not None else Evidence(servecheck_version="0", created_at=datetime(1970, 1, 1, tzinfo=UTC))
    results: list[RequirementResult] = []
    compat: CompatResult | None = None
    for req in recipe.requirements:
        if req.kind == "compat":
            result, compat = _compat(recipe, req, ev)
        else:
            result = CHECKS[req.kind](recipe, req, ev)
        if req.kind in COMMAND_KINDS and not ev.container.command:
            # Flags are how the recipe is run, not what the host offers: without a serve command
            # they are advice and do not decide whether the host can run the recipe.
            result = result.model_copy(update={"required": False})
        results.append(result)
    return RecipeCheck(recipe=recipe.name, recipe_version=recipe.version, verdict=_verdict(results),
                       requirements=results, compat=compat)


def _verdict(results: list[RequirementResult]) -> GateStatus:
    required = [r for r in results if r.required]
    if any(r.status == "fail" for r in required):
        return "fail"
    if any(r.status == "unknown" for r in required):
        return "unknown"
    return "pass"


def _result(recipe: Recipe, req: Requirement, status: GateStatus, reason: str) -> RequirementResult:
    return RequirementResult(id=req.id, title=req.title, status=status, reason=reason,
                             required=req.required, sources=_cite(recipe, req.sources))


def _needed(req: Requirement, field: str, value: _T | None) -> _T:
    """The value REQ's kind needs (Requirement's validator refuses a recipe without it)."""
    if value is None:
        raise KnowledgeError(f"recipe requirement {req.id!r} ({req.kind}): {field} missing or unreadable")
    return value


def _cite(recipe: Recipe, tags: list[str]) -> list[str]:
    return [f"[{tag}] {recipe.sources[tag]}" for tag in tags]


def compat_inputs_from_evidence(ev: Evidence, image_cuda: str | None, same_image: bool) -> dict:
    """evaluate() keyword arguments from a bundle (the image facts only when they describe the image)."""
    gpu = ev.gpu.gpus[0] if ev.gpu.gpus else None
    # The container's env (image env plus `docker run -e`) is what the toolkit evaluates.
    env = {**ev.image.env, **ev.container.env}
    require = env.get("NVIDIA_REQUIRE_CUDA", ev.image.require_cuda)
    disable_raw = env.get("NVIDIA_DISABLE_REQUIRE", ev.image.disable_require)
    disable = (disable_raw or "").strip().lower() not in ("", "0", "false", "no")
    return {
        "image_cuda": image_cuda,
        "require_cuda": require if same_image else None,
        "disable_require": disable if same_image else False,
        "driver_version": ev.gpu.driver_version,
        "driver_cuda": ev.gpu.cuda_version,
        "gpu_name": gpu.name if gpu else None,
        "compute_capability": gpu.compute_capability if gpu else None,
        "gpu_brand": gpu.brand if gpu else None,
    }


def _compat(recipe: Recipe, req: Requirement, ev: Evidence) -> tuple[RequirementResult, CompatResult | None]:
    from servecheck.knowledge.compat import evaluate

    image_cuda = req.image_cuda or recipe.image_cuda
    same_image = recipe.image is None or ev.image.ref == recipe.image
    if image_cuda is None:
        image_cuda = ev.image.cuda_version or lookup.image_cuda_from_ref(ev.image.ref)[0]
    if image_cuda is None:
        return _result(recipe, req, "unknown", "the image's CUDA build is not in the bundle"), None
    result = evaluate(**compat_inputs_from_evidence(ev, image_cuda, same_image))
    statuses: dict[str, GateStatus] = {"incompatible": "fail", "unknown": "unknown"}
    status = statuses.get(result.verdict, "pass")
    deciding = [g for g in result.gates if g.status == ("fail" if status == "fail" else "unknown") and g.evaluated]
    detail = deciding[0].reason if deciding and status != "pass" else f"verdict {result.verdict}"
    return _result(recipe, req, status, f"CUDA {image_cuda} on this host: {detail}"), result


def _driver_branch_min(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    have = parse_driver(ev.gpu.driver_version)
    branch = _needed(req, "branch", req.branch)
    need = _needed(req, "branch", parse_driver(branch))
    if have is None:
        return _result(recipe, req, "unknown", "driver version not in the bundle")
    if have[0] >= need[0]:
        return _result(recipe, req, "pass", f"driver {ev.gpu.driver_version} is {branch.upper()} or newer")
    note = f" {req.note}" if req.note else ""
    return _result(recipe, req, "fail", f"driver {ev.gpu.driver_version} (R{have[0]}) is older than "
                   f"{branch.upper()}.{note}")


def _gpu_count_min(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    gpus, count = ev.gpu.gpus, _needed(req, "count", req.count)
    if not gpus:
        if ev.gpu.source is None:
            return _result(recipe, req, "unknown", "no GPU facts in the bundle")
        return _result(recipe, req, "fail", f"no GPU visible ({ev.gpu.smi_error or 'nvidia-smi listed none'})")
    names = [lookup.product_for(g.name) for g in gpus]
    summary = f"{len(gpus)}x {gpus[0].name or '?'}"
    if not req.models:
        status: GateStatus = "pass" if len(gpus) >= count else "fail"
        return _result(recipe, req, status, f"{summary}; needs at least {count}")
    wanted = sum(1 for p in names if p is not None and p.name in req.models)
    if wanted >= count:
        return _result(recipe, req, "pass", f"{summary} on this host")
    verified = sum(1 for p in names if p is not None and p.name in req.also_verified)
    if verified >= count:
        return _result(recipe, req, "unknown", f"{summary}: a verified platform with its own profile, but the "
                       f"stated minimum is {count}x {'/'.join(req.models)}")
    return _result(recipe, req, "fail", f"{summary}; needs at least {count}x {'/'.join(req.models)}")


def _min_cc(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    ccs = [parse_cc(g.compute_capability) or _cc_of(g.name) for g in ev.gpu.gpus]
    known = [cc for cc in ccs if cc is not None]
    if not ccs or len(known) < len(ccs):
        return _result(recipe, req, "unknown", "compute capability not in the bundle")
    low = min(known)
    status: GateStatus = "pass" if low >= _needed(req, "cc", parse_cc(req.cc)) else "fail"
    return _result(recipe, req, status, f"lowest compute capability {low[0]}.{low[1]}; needs {req.cc}")


def _cc_of(name: str | None) -> Version | None:
    product = lookup.product_for(name)
    return parse_cc(product.cc) if product else None


def _vram(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    sizes = [g.memory_total_mib for g in ev.gpu.gpus]
    known = [s for s in sizes if s is not None]
    if not sizes or len(known) < len(sizes):
        return _result(recipe, req, "unknown", "GPU memory sizes not in the bundle")
    total_gb, need_gb = sum(known) / 1024, _needed(req, "gb", req.gb)
    status: GateStatus = "pass" if total_gb >= need_gb else "fail"
    return _result(recipe, req, status, f"{total_gb:.0f} GB on this host; estimate {need_gb:.0f} GB "
                   "(more hosts may provide the rest)")


COMMAND_KINDS = ("flags", "flag_choice")


def _flags(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    argv = ev.container.command
    if not argv:
        return _result(recipe, req, "unknown", f"serve command not known; the recipe sets {' '.join(req.flags)}")
    missing = [flag for flag in req.flags if not _has_flag(argv, flag)]
    if missing:
        return _result(recipe, req, "fail", f"missing: {', '.join(missing)}")
    return _result(recipe, req, "pass", f"set: {', '.join(req.flags)}")


def _flag_values(argv: list[str], flag: str) -> list[str | None]:
    """Values given to `flag` (as '--f v' or '--f=v'); None for a bare '--f' at the end."""
    values: list[str | None] = []
    for index, token in enumerate(argv):
        if token == flag:
            values.append(argv[index + 1] if index + 1 < len(argv) else None)
        elif token.startswith(flag + "="):
            values.append(token.split("=", 1)[1])
    return values


def _has_flag(argv: list[str], spec: str) -> bool:
    flag, _, value = spec.partition(" ")
    if not value:
        return flag in argv or any(token.startswith(flag + "=") for token in argv)
    return value in _flag_values(argv, flag)


def _flag_choice(recipe: Recipe, req: Requirement, ev: Evidence) -> RequirementResult:
    argv = ev.container.command
    options = "; ".join(f"{v} for {why}" for v, why in req.choices.items())
    if not argv:
        return _result(recipe, req, "unknown", f"serve command not known; cross-node: {options}")
    flag = _needed(req, "flag", req.flag)
    values = _flag_values(argv, flag)
    if not values:
        return _result(recipe, req, "unknown", f"{flag} not set (cross-node: {options})")
    value = values[-1]
    if value in req.choices:
        return _result(recipe, req, "pass", f"{flag} {value} ({req.choices[value]})")
    return _result(recipe, req, "fail", f"{flag} {value}; the recipe uses {options}")


CHECKS: dict[str, Callable[[Recipe, Requirement, Evidence], RequirementResult]] = {
    "driver_branch_min": _driver_branch_min,
    "gpu_count_min": _gpu_count_min,
    "min_cc": _min_cc,
    "vram_total_min_gb": _vram,
    "flags": _flags,
    "flag_choice": _flag_choice,
}
