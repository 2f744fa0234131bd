"""Gather the compat inputs from a capture bundle and command-line facts (flags win over the bundle).

Returns the keyword arguments of `evaluate()` plus an Evidence that carries the merged host facts,
so the recipe check sees exactly what the gates saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from servecheck.knowledge.lookup import image_cuda_from_ref, torch_build
from servecheck.knowledge.recipe_check import compat_inputs_from_evidence

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

_TRUE = ("1", "true", "yes", "on")


@dataclass
class HostFlags:
    """Facts given on the command line; None means "not given"."""

    image: str | None = None
    image_cuda: str | None = None
    require_cuda: str | None = None
    disable_require: bool | None = None
    driver: str | None = None
    driver_cuda: str | None = None
    gpu: str | None = None
    cc: str | None = None
    brand: str | None = None
    gpu_count: int | None = None
    arch_list: list[str] | None = None
    forward_compat: bool | None = None
    command: list[str] | None = None
    torch: str | None = None
    notes: list[str] = field(default_factory=list)


# Version flags, the CompatInputs field each fills, and an example of a readable value.
_VERSION_FLAGS = (("--image-cuda", "image_cuda", "13.0"), ("--driver", "driver_version", "575.57.08"),
                  ("--driver-cuda", "driver_cuda", "13.0"), ("--cc", "compute_capability", "9.0"))


def malformed_versions(flags: HostFlags) -> list[str]:
    """The version flags the gates could not read, e.g. ["--driver 'abc' (want e.g. 575.57.08)"].

    A typo on the command line is a usage error, not an unknown fact: the user can fix it now.
    Each value is read by the gates' own parser (build_facts), so both agree on what is readable."""
    from servecheck.knowledge.facts import build_facts
    from servecheck.knowledge.models import CompatInputs

    given = {"image_cuda": flags.image_cuda, "driver_version": flags.driver,
             "driver_cuda": flags.driver_cuda, "compute_capability": flags.cc}
    bad = []
    for option, name, example in _VERSION_FLAGS:
        value = given[name]
        if value is not None and build_facts(CompatInputs.model_validate({name: value})).bad_inputs:
            bad.append(f"{option} {value!r} (want e.g. {example})")
    return bad


def merge(flags: HostFlags, evidence: Evidence | None) -> tuple[dict[str, Any], Evidence]:
    """evaluate() kwargs and the merged Evidence (a synthetic one when no bundle is given)."""
    ev = _merged_evidence(flags, evidence)
    image_cuda, note = _image_cuda(flags, ev)
    if note:
        flags.notes.append(note)
    kwargs = compat_inputs_from_evidence(ev, image_cuda, same_image=True)
    kwargs.update({
        "gpu_name": flags.gpu or kwargs["gpu_name"],
        "compute_capability": flags.cc or kwargs["compute_capability"],
        "gpu_brand": flags.brand or kwargs["gpu_brand"],
        "torch_cuda_arch_list": flags.arch_list or _env_arch_list(ev) or torch_build(flags.torch)[1],
        "forward_compat": flags.forward_compat if flags.forward_compat is not None else _env_compat(ev),
    })
    return kwargs, ev


def _merged_evidence(flags: HostFlags, evidence: Evidence | None) -> Evidence:
    from datetime import UTC, datetime

    from servecheck import __version__
    from servecheck.capture.models import GPU, Evidence

    # Only the image, the GPUs and the container change below: those three are copied, the rest
    # (a bundle's log excerpt above all) is shared, as a deep copy of it costs more than the verdict.
    ev = evidence.model_copy(update={part: getattr(evidence, part).model_copy(deep=True)
                                     for part in ("image", "gpu", "container")}) if evidence is not None else Evidence(
        servecheck_version=__version__, created_at=datetime.now(UTC), mode="from_dir")
    image, gpu = ev.image, ev.gpu
    if flags.image:
        image.ref = flags.image
    if flags.image_cuda:
        image.cuda_version = flags.image_cuda
    # Flags describe the container as a whole, so they replace the container env's values too.
    if flags.require_cuda is not None:
        image.require_cuda = ev.container.env["NVIDIA_REQUIRE_CUDA"] = flags.require_cuda
    if flags.disable_require is not None:
        image.disable_require = ev.container.env["NVIDIA_DISABLE_REQUIRE"] = "1" if flags.disable_require else "0"
    if flags.command:
        ev.container.command = flags.command
    if flags.driver:
        gpu.driver_version = flags.driver
    if flags.driver_cuda:
        gpu.cuda_version = flags.driver_cuda
    if flags.gpu or flags.cc or flags.gpu_count:
        template = gpu.gpus[0] if gpu.gpus else GPU()
        one = template.model_copy(update={k: v for k, v in (("name", flags.gpu), ("compute_capability", flags.cc),
                                                            ("brand", flags.brand)) if v})
        count = flags.gpu_count or len(gpu.gpus) or 0
        gpu.gpus = [one.model_copy(update={"index": i}) for i in range(count)] if count else []
        gpu.source = gpu.source or ("command line" if count else None)
    return ev


def _image_cuda(flags: HostFlags, ev: Evidence) -> tuple[str | None, str | None]:
    if flags.image_cuda:
        return flags.image_cuda, None
    torch_cuda, _ = torch_build(flags.torch)
    if torch_cuda:
        return torch_cuda, f"image CUDA {torch_cuda} from the torch build {flags.torch}"
    if ev.image.cuda_version:
        return ev.image.cuda_version, "image CUDA from the image env (CUDA_VERSION)"
    cuda, _sources = image_cuda_from_ref(ev.image.ref)
    if cuda:
        return cuda, f"image CUDA {cuda} derived from the image ref {ev.image.ref}"
    if ev.image.ref:
        return None, f"the image ref {ev.image.ref} does not name its CUDA build; pass --image-cuda"
    return None, None


def _env(ev: Evidence, name: str) -> str | None:
    return ev.container.env.get(name) or ev.image.env.get(name)


def _env_arch_list(ev: Evidence) -> list[str] | None:
    value = _env(ev, "TORCH_CUDA_ARCH_LIST")
    return value.replace(";", " ").split() if value else None


def _env_compat(ev: Evidence) -> bool | None:
    value = _env(ev, "VLLM_ENABLE_CUDA_COMPATIBILITY")
    return True if value and value.strip().lower() in _TRUE else None
