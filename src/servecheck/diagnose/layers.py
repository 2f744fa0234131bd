"""The layers, each on its own: image, its CUDA build, the host driver, the GPU.

Structured evidence (a bundle's evidence.json) wins over what the log says; the log fills the
gaps. Every value carries where it came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from servecheck.diagnose.engine import DriverCeiling
from servecheck.diagnose.facts import FactCollector
from servecheck.diagnose.models import EvidenceLine, LayerFact, Layers

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

EVIDENCE = "evidence.json"


def _knowledge() -> tuple[Any, Any]:
    try:
        from servecheck.knowledge.compat import driver_branch, parse_cuda_from_tag
    except ImportError:  # the knowledge base is optional for a bare log
        return (lambda _t: None), (lambda _v: None)
    return parse_cuda_from_tag, driver_branch


def build(evidence: Evidence | None, facts: FactCollector) -> Layers:
    layers = Layers()
    if evidence is not None:
        _from_evidence(layers, evidence)
    for key in ("image_ref", "torch", "vllm", "image_cuda", "require_cuda", "driver_version",
                "driver_cuda", "gpu_name", "compute_capability"):
        fact = facts.get(key)
        current = getattr(layers, key)
        if fact and current.value is None:
            setattr(layers, key, LayerFact(value=fact[0], source=f"log line {fact[1]}"))
    parse_tag, branch_of = _knowledge()
    if layers.image_cuda.value is None and layers.image_ref.value:
        cuda = parse_tag(layers.image_ref.value)
        if cuda:
            layers.image_cuda = LayerFact(value=cuda, source=f"image tag ({layers.image_ref.source})")
    if layers.driver_branch.value is None and layers.driver_version.value:
        layers.driver_branch = LayerFact(value=branch_of(layers.driver_version.value),
                                         source=layers.driver_version.source)
    return layers


def _set(layers: Layers, key: str, value: object) -> None:
    if value not in (None, ""):
        setattr(layers, key, LayerFact(value=str(value), source=EVIDENCE))


def _from_evidence(layers: Layers, ev: Evidence) -> None:
    _set(layers, "image_ref", ev.image.ref or ev.container.image)
    _set(layers, "image_digest", ev.image.digest)
    _set(layers, "image_cuda", ev.image.cuda_version)
    _set(layers, "require_cuda", ev.image.require_cuda)
    _set(layers, "vllm", ev.vllm.version)
    _set(layers, "driver_version", ev.gpu.driver_version)
    _set(layers, "driver_branch", ev.gpu.driver_branch)
    _set(layers, "driver_cuda", ev.gpu.cuda_version)
    if ev.gpu.gpus:
        _set(layers, "gpu_name", ev.gpu.gpus[0].name)
        _set(layers, "compute_capability", ev.gpu.gpus[0].compute_capability)


def driver_ceiling(layers: Layers) -> DriverCeiling | None:
    """The newest driver branch this GPU's architecture gets, when the layers name the GPU (its
    compute capability, or a name the GPU table knows) and that architecture has a last branch."""
    try:
        from servecheck.knowledge import lookup, versions
    except ImportError:  # the knowledge base is optional for a bare log
        return None
    cc, gpu = layers.compute_capability.value, layers.compute_capability.value
    if cc is None and layers.gpu_name.value:
        product = lookup.product_for(layers.gpu_name.value)
        cc, gpu = (product.cc, layers.gpu_name.value) if product is not None else (None, None)
    elif layers.gpu_name.value:
        gpu = layers.gpu_name.value
    arch = lookup.arch_row(cc)
    if cc is None or gpu is None or arch is None or not arch.last_branch or arch.last_cuda_major is None:
        return None
    # no upgrade can help when the image needs a newer CUDA than the last branch runs, or the driver
    # is already on that branch
    image = versions.parse_version(layers.image_cuda.value)
    driver = versions.parse_driver(layers.driver_version.value)
    last = versions.branch_number(arch.last_branch)
    closed_by = (f"the image needs CUDA {layers.image_cuda.value}" if image and image[0] > arch.last_cuda_major
                 else f"the driver is already {layers.driver_version.value}"
                 if driver and last is not None and driver[0] >= last else None)
    return DriverCeiling(gpu=gpu, cc=cc, architecture=arch.architecture, last_branch=arch.last_branch,
                         last_cuda_major=arch.last_cuda_major, closed_by=closed_by)


def structured(layers: Layers) -> bool:
    """True when both sides of the driver/CUDA question come from evidence.json."""
    image_src = layers.image_cuda.source or ""
    image = image_src.startswith(EVIDENCE) or image_src.startswith(f"image tag ({EVIDENCE}")
    return image and EVIDENCE in (layers.driver_version.source, layers.driver_cuda.source)


def as_evidence(layers: Layers) -> list[EvidenceLine]:
    """Lines that state the layers, for a primary cause proven by them."""
    out = []
    for key, label in (("image_ref", "image"), ("image_cuda", "image CUDA build"),
                       ("torch", "torch build"), ("require_cuda", "NVIDIA_REQUIRE_CUDA"),
                       ("driver_version", "host driver"), ("driver_cuda", "driver supports CUDA"),
                       ("gpu_name", "GPU")):
        fact: LayerFact = getattr(layers, key)
        if fact.value:
            source = fact.source or ""
            line = int(source.split()[-1]) if source.startswith("log line") else 0
            out.append(EvidenceLine(line=line, text=f"{label}: {fact.value} (from {fact.source})"))
    return out


def compat_kwargs(layers: Layers) -> dict[str, Any]:
    return {
        "image_cuda": layers.image_cuda.value, "require_cuda": layers.require_cuda.value,
        "driver_version": layers.driver_version.value, "driver_cuda": layers.driver_cuda.value,
        "gpu_name": layers.gpu_name.value, "compute_capability": layers.compute_capability.value,
    }
