"""Gate 2: can the host driver run the image's CUDA runtime?

Three ways through (reference §2-§3): backward compatibility (driver CUDA >= image CUDA),
minor-version compatibility (same major, driver >= the major's floor) and forward compatibility
(newer major through cuda-compat, only where the forward-compat tables say so).
"""

from __future__ import annotations

from dataclasses import dataclass

from servecheck.knowledge import lookup
from servecheck.knowledge.facts import Facts
from servecheck.knowledge.models import Gate, GateId, GateStatus
from servecheck.knowledge.tables import CompatRow, SegmentRow, cite, cite_rule
from servecheck.knowledge.versions import Version, fmt, fmt_branch, parse_driver

GID: GateId = "driver_runtime"


def _make(status: GateStatus, reason: str, sources: list[str] | None = None,
          conditions: list[str] | None = None, evaluated: bool = True) -> Gate:
    from servecheck.knowledge.gates import make

    return make(GID, status, reason, sources, conditions, evaluated)


def driver_runtime(facts: Facts) -> Gate:
    gate = _driver_runtime(facts)
    if facts.notes:
        gate = gate.model_copy(update={"conditions": facts.notes + gate.conditions})
    return gate


def _driver_runtime(facts: Facts) -> Gate:
    if facts.image_minor is None:
        return _make("unknown", "image CUDA not given (pass --image or --image-cuda).",
                     conditions=["not checked: give the image's CUDA version"], evaluated=False)
    if facts.host_cuda is None:
        if facts.driver is None:
            return _make("unknown", "driver not given (pass --driver or --driver-cuda).",
                         conditions=["not checked: give the host driver"], evaluated=False)
        return _make("unknown", f"the CUDA version of driver branch {fmt_branch(facts.branch)} is not in the "
                     "branch table (or unconfirmed); pass --driver-cuda from nvidia-smi.",
                     cite("driver_branches", facts.branch_row.sources) if facts.branch_row else [])
    image, host = facts.image_minor, facts.host_cuda
    if host >= image:
        return _backward(facts, image)
    if host[0] == image[0]:
        return _minor_version(facts, image)
    return _forward(facts, image, host)


def _host(facts: Facts) -> str:
    where = f"R{facts.driver[0]} " if facts.driver else ""
    return f"driver {where}(reports CUDA {fmt(facts.host_cuda)})"


def _origin_conditions(facts: Facts) -> list[str]:
    conditions = []
    if facts.host_cuda_origin == "branch table (derived)":
        conditions.append(f"CUDA {fmt(facts.host_cuda)} for {fmt_branch(facts.branch)} is derived from Table 3, "
                          "not observed; confirm with nvidia-smi")
    if facts.inputs.forward_compat and facts.host_cuda_origin == "reported":
        conditions.append("compat libraries are active: a CUDA version read inside the container may be the "
                          "compat libcuda's, not the host driver's")
    return conditions


def _backward(facts: Facts, image_minor: Version) -> Gate:
    image = fmt(image_minor)
    sources = cite_rule("backward")
    conditions = _origin_conditions(facts)
    row = lookup.toolkit_row(facts.inputs.image_cuda)
    shipped = parse_driver(row.linux_driver) if row and row.linux_driver else None
    if row is not None and shipped and facts.driver and len(facts.driver) > 1 and facts.driver < shipped:
        conditions.append(f"driver {facts.inputs.driver_version} is older than {row.linux_driver}, the driver of "
                          f"CUDA {row.label}: runs under minor-version compatibility (no PTX JIT of newer PTX)")
        sources = sources + cite("cuda_toolkits", row.sources)
    return _make("pass", f"{_host(facts)} >= image CUDA {image}: backward compatibility.", sources, conditions)


def _mvc_conditions() -> list[str]:
    return ["minor-version compatibility: needs SASS for this GPU (PTX from the newer toolkit cannot be "
            "JIT-compiled: error 222) and no APIs newer than the driver (error 36)"]


def _minor_version(facts: Facts, image_minor: Version) -> Gate:
    image, major = fmt(image_minor), image_minor[0]
    floor_row = lookup.major_floor(major)
    if floor_row is None:
        return _make("unknown", f"CUDA {major}.x is not in the toolkit tables.")
    sources = cite("cuda_toolkits", floor_row.sources) + cite_rule("mvc")
    if not floor_row.mvc:
        row = lookup.toolkit_row(image)
        need = f" (needs >= {row.linux_driver})" if row and row.linux_driver else ""
        return _make("fail", f"CUDA {image} on {_host(facts)}: no minor-version compatibility before "
                     f"CUDA 11{need}: error 35.", sources)
    conditions = _mvc_conditions() + _origin_conditions(facts)
    if not lookup.known_minor(image):
        conditions.append(f"CUDA {image} is newer than the toolkit tables; NVIDIA states every {major}.x "
                          f"runs on >= {floor_row.mvc_floor} under minor-version compatibility")
    floor = parse_driver(floor_row.mvc_floor)
    if floor is None:
        return _make("unknown", f"CUDA {major}.x has no readable minor-version floor in the toolkit tables.",
                     sources, conditions)
    if facts.driver is None:
        conditions.append(f"driver version not given: it must be >= {floor_row.mvc_floor}")
        return _make("pass", f"CUDA {image} on {_host(facts)}: same major, minor-version compatibility.",
                     sources, conditions)
    if facts.driver >= floor:
        return _make("pass", f"CUDA {image} on {_host(facts)} >= {floor_row.mvc_floor}: minor-version "
                     "compatibility.", sources, conditions)
    if facts.driver[0] == floor[0]:
        return _make("unknown", f"driver {facts.inputs.driver_version} is in {fmt_branch(floor_row.floor_branch)} but "
                     f"older than {floor_row.mvc_floor}; whether it qualifies is unconfirmed.", sources)
    return _make("fail", f"driver {facts.inputs.driver_version} is below the CUDA {major}.x floor "
                 f"{floor_row.mvc_floor}: 'CUDA driver version is insufficient for CUDA runtime version' (35).",
                 sources + cite_rule("insufficient"))


def _too_old_text(host_cuda: Version) -> str:
    found = host_cuda[0] * 1000 + host_cuda[1] * 10
    return ("'CUDA driver version is insufficient for CUDA runtime version' (35); PyTorch: 'The NVIDIA "
            f"driver on your system is too old (found version {found})'")


@dataclass(frozen=True)
class _Forward:
    """What the forward-compat rules compare, once all of it is known."""

    image: Version   # image CUDA (major, minor), a newer major than the host's
    host: Version    # CUDA the host driver reports
    branch: str      # the host driver branch, e.g. 'r535'
    head: str        # the start of every reason


def _forward(facts: Facts, image: Version, host: Version) -> Gate:
    head = f"CUDA {fmt(image)} (a newer major) on {_host(facts)}"
    sources = cite_rule("forward_compat")
    if facts.inputs.forward_compat is False:
        return _make("fail", f"{head} needs forward compatibility, and the compat libraries are not active: "
                     f"{_too_old_text(host)}.", sources + cite_rule("insufficient"))
    product = facts.product
    seg_row = lookup.segment_row(product.segment if product else None)
    if product is not None and seg_row is not None and seg_row.eligible == "no":
        return _make("fail", f"{head}: forward compatibility is not available on {product.name} "
                     f"({product.segment}): 804 'forward compatibility was attempted on non supported HW' if "
                     f"compat libs load, else {_too_old_text(host)}.",
                     sources + cite("forward_compat", seg_row.sources))
    if facts.branch is None:
        return _make("unknown", f"{head}: forward-compat support depends on the driver branch; pass --driver.",
                     sources)
    return _forward_branch(facts, _Forward(image, host, facts.branch, head), sources, seg_row)


def _forward_branch(facts: Facts, fwd: _Forward, sources: list[str], seg_row: SegmentRow | None) -> Gate:
    branch, head, image = fwd.branch, fwd.head, fwd.image
    row = lookup.compat_row(image, branch)
    package = f"cuda-compat-{image[0]}-{image[1]}"
    native = lookup.major_floor(image[0])
    native_text = f"CUDA {image[0]}.x needs {fmt_branch(native.floor_branch)}+ natively" if native else ""
    if row is None:
        return _no_compat_row(facts, fwd, sources, package, native_text)
    sources = sources + cite("forward_compat", row.sources)
    if row.status == "X":
        return _make("fail", f"{head}: {package} is older than {branch.upper()} (not compatible): 803 'system has "
                     "unsupported display driver / cuda driver combination'.", sources)
    conditions = [] if facts.inputs.forward_compat else [
        f"runs only with {package} present and enabled (vLLM images: VLLM_ENABLE_CUDA_COMPATIBILITY=1); "
        f"otherwise {_too_old_text(fwd.host)}"]
    conditions.append("compat libraries must be newer than the host driver (else 803)")
    if seg_row is None or seg_row.eligible != "yes":
        conditions.append("forward compatibility works only on data-center GPUs, Jetson and select NGC Server "
                          "Ready RTX SKUs (else 804)")
    if row.note:
        conditions.append(row.note)
    return _make("pass", f"{head}: {package} on {branch.upper()} is listed as compatible "
                 f"(forward compatibility). {native_text}.", sources, conditions)


def _no_compat_row(facts: Facts, fwd: _Forward, sources: list[str], package: str, native_text: str) -> Gate:
    head, major = fwd.head, fwd.image[0]
    branch_row = facts.branch_row
    branch_type = branch_row.type if branch_row else None
    bad_type = lookup.unsupported_branch_type(branch_type)
    rows = _rows_for_major(major)
    listed = sorted({r.branch.upper() for r in rows})
    sources = sources + [c for r in rows for c in cite("forward_compat", r.sources) if c not in sources]
    named = f"the tables name only {', '.join(listed)} for CUDA {major}.x forward compatibility" \
        if listed else f"no forward-compat support is tabulated for CUDA {major}.x"
    if bad_type is not None and branch_row is not None:
        eol = f"; end of life {branch_row.eol}" if branch_row.eol else ""
        return _make("fail", f"{head}: {native_text}; {named}, and {fwd.branch.upper()} is of type "
                     f"{branch_type} ({bad_type.note.lower()}){eol}. Without it: {_too_old_text(fwd.host)}.",
                     sources + cite("forward_compat", bad_type.sources)
                     + cite("driver_branches", branch_row.sources))
    return _make("unknown", f"{head}: {package} on {fwd.branch.upper()} is not covered by the forward-compat "
                 f"tables ({named}). {native_text}.", sources)


def _rows_for_major(major: int) -> list[CompatRow]:
    """Forward-compat rows proper: a package of this major on a branch of an older major."""
    from servecheck.knowledge.tables import forward_compat

    rows = []
    for row in forward_compat().matrix:
        branch = lookup.branch_row(row.branch)
        older = branch is not None and branch.max_major_without_compat < major
        if row.package.startswith(f"{major}.") and row.status == "C" and older:
            rows.append(row)
    return rows
