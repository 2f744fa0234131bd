"""The four gates of reference §0, each a pure function Facts -> Gate.

Gate 1 container toolkit requirement, gate 2 driver vs CUDA runtime (backward, minor-version and
forward compatibility), gate 3 GPU code for the architecture, gate 4 driver support for the GPU.
A fact the tables do not cover gives `unknown` (evaluated); a missing input gives `unknown` with
``evaluated=False`` and a condition saying what to supply.
"""

from __future__ import annotations

from servecheck.knowledge import lookup
from servecheck.knowledge.driver_gate import driver_runtime
from servecheck.knowledge.facts import Facts
from servecheck.knowledge.models import Gate, GateId, GateStatus
from servecheck.knowledge.require import HostFacts, evaluate_require
from servecheck.knowledge.tables import ArchRow, cite, cite_rule
from servecheck.knowledge.versions import Version, fmt, parse_cc, parse_driver

TITLES: dict[GateId, str] = {
    "toolkit_requirement": "Container start (NVIDIA_REQUIRE_CUDA)",
    "driver_runtime": "Driver vs CUDA runtime",
    "gpu_code": "GPU code for the architecture",
    "driver_gpu": "Driver supports the GPU",
}


def make(gate_id: GateId, status: GateStatus, reason: str, sources: list[str] | None = None,
         conditions: list[str] | None = None, evaluated: bool = True) -> Gate:
    return Gate(id=gate_id, title=TITLES[gate_id], status=status, reason=reason,
                sources=list(dict.fromkeys(sources or [])), conditions=conditions or [],
                evaluated=evaluated)


def all_gates(facts: Facts) -> list[Gate]:
    return [toolkit_requirement(facts), driver_runtime(facts), gpu_code(facts), driver_gpu(facts)]


def toolkit_requirement(facts: Facts) -> Gate:
    gid: GateId = "toolkit_requirement"
    src = cite_rule("require_grammar")
    expression = (facts.inputs.require_cuda or "").strip()
    disabled = facts.inputs.disable_require
    if not expression:
        if disabled:
            return make(gid, "pass", "NVIDIA_DISABLE_REQUIRE is set: the toolkit checks nothing at start.", src)
        return make(gid, "unknown", "NVIDIA_REQUIRE_CUDA not given (pass --require-cuda or --bundle).",
                    src, _implied_requirement(facts), evaluated=False)
    host = HostFacts(cuda=facts.host_cuda, driver=facts.driver, cc=facts.cc, brand=facts.inputs.gpu_brand)
    outcome = evaluate_require(expression, host)
    host_cuda = fmt(facts.host_cuda) if facts.host_cuda else "unknown"
    if outcome.satisfied:
        conditions = []
        if outcome.matched and not outcome.matched.lower().startswith("cuda"):
            conditions.append(f"starts only through the alternative `{outcome.matched}`: the image then "
                              "relies on forward compatibility on this branch (gate 2)")
        return make(gid, "pass", f"`{outcome.matched}` holds (driver reports CUDA {host_cuda}).", src, conditions)
    if outcome.satisfied is False:
        failed = outcome.failed[0] if outcome.failed else expression.split()[0]
        reason = (f"unsatisfied condition: {failed} (cuda={host_cuda}); the container toolkit refuses to "
                  "start it: 'please update your driver to a newer version, or use an earlier cuda container'.")
        if disabled:
            return make(gid, "pass", "NVIDIA_DISABLE_REQUIRE is set, so the toolkit does not refuse the start.",
                        src, [f"without it: {reason}"])
        return make(gid, "fail", reason, src)
    undecided = ", ".join(dict.fromkeys(outcome.unknown + outcome.malformed)) or expression
    hint = " (pass --brand)" if "brand" in undecided else ""
    if disabled:
        return make(gid, "pass", "NVIDIA_DISABLE_REQUIRE is set: the toolkit checks nothing at start.", src)
    return make(gid, "unknown", f"cannot decide {undecided}{hint}; no alternative holds on known facts.", src)


def _implied_requirement(facts: Facts) -> list[str]:
    if facts.image_minor is None:
        return []
    want = fmt(facts.image_minor)
    if facts.host_cuda is not None and facts.host_cuda >= facts.image_minor:
        return [f"an image declaring cuda>={want} (as official CUDA images do) starts here"]
    if facts.host_cuda is not None:
        return [f"an image declaring cuda>={want} is refused at start on a driver reporting "
                f"CUDA {fmt(facts.host_cuda)} unless a brand/driver alternative matches or "
                "NVIDIA_DISABLE_REQUIRE=1 is set"]
    return []


def gpu_code(facts: Facts) -> Gate:
    gid: GateId = "gpu_code"
    if facts.cc is None:
        return make(gid, "unknown", _no_gpu_reason(facts), conditions=["not checked: give --gpu or --cc"],
                    evaluated=facts.inputs.gpu_name is not None)
    cc = fmt(facts.cc)
    if facts.image_minor is not None:
        blocked = _toolkit_cannot_target(facts)
        if blocked is not None:
            return blocked
    if facts.arch_list is None:
        return make(gid, "pass", f"CUDA {fmt(facts.image_minor)} can target CC {cc}." if facts.image_minor
                    else f"CC {cc}; image CUDA unknown.", cite_rule("sass"),
                    [f"the image must ship SASS for sm_{cc.replace('.', '')} (same major, lower or equal "
                     f"minor) or PTX for a CC <= {cc}; arch list not given"])
    sass = [e.text for e in facts.arch_list if not e.ptx and _sass_runs(e, facts.cc)]
    ptx = [e.text for e in facts.arch_list if e.ptx and e.cc <= facts.cc]
    listed = " ".join(e.text for e in facts.arch_list)
    if sass:
        return make(gid, "pass", f"SASS {', '.join(sass)} runs on CC {cc}.", cite_rule("sass"))
    if ptx:
        return make(gid, "pass", f"no SASS for CC {cc}; PTX {', '.join(ptx)} is JIT-compiled at load.",
                    cite_rule("sass"), ["PTX JIT: the driver must be at least as new as the image's CUDA "
                                        "(else error 222); first start compiles kernels"])
    return make(gid, "fail", f"arch list [{listed}] has no code for CC {cc}: 'no kernel image is available "
                f"for execution on the device' (209).", cite_rule("sass"))


def _sass_runs(entry, cc) -> bool:
    if entry.specific:
        return entry.cc == cc
    return entry.cc[0] == cc[0] and entry.cc[1] <= cc[1]


def _no_gpu_reason(facts: Facts) -> str:
    if facts.inputs.gpu_name:
        return f"GPU {facts.inputs.gpu_name!r} is not in the compute-capability table; give --cc."
    return "GPU not given."


def _toolkit_cannot_target(facts: Facts) -> Gate | None:
    gid: GateId = "gpu_code"
    cc, image = facts.cc, facts.image_minor
    assert cc is not None and image is not None
    if image[0] >= 13 and cc < (7, 5):
        return make(gid, "fail", f"CUDA {fmt(image)} cannot build for CC {fmt(cc)} (minimum 7.5): "
                    "'no kernel image is available for execution on the device'.", cite_rule("cuda13_min_cc"))
    arch = facts.arch
    if arch is None:
        return make(gid, "unknown", f"CC {fmt(cc)} is not in the architecture table.")
    if arch.last_cuda_major is not None and image[0] > arch.last_cuda_major:
        return make(gid, "fail", f"{arch.architecture} (CC {arch.cc}) is supported up to CUDA "
                    f"{arch.last_cuda_major}.x only; this image is CUDA {fmt(image)}.",
                    cite("gpus", arch.sources))
    first = _first_cuda_with_code(cc)
    if first is not None and image < first:
        return make(gid, "fail", f"CUDA {fmt(image)} predates {arch.architecture} CC {arch.cc} (first CUDA "
                    f"{fmt(first)} with SASS that runs on it): only PTX of an older target could JIT, which "
                    "vLLM/PyTorch builds do not rely on.", cite("gpus", arch.sources) + cite_rule("arch_first_cuda"))
    return None


def _first_cuda_with_code(cc: Version) -> Version | None:
    """The first CUDA that can build SASS running on `cc`: SASS of the same major and a lower or
    equal minor runs too (sm_80 on CC 8.9, sm_100 on CC 10.3), so take the earliest of those."""
    firsts = [first for a in lookup.gpus_table().architectures
              if a.first_cuda and (c := parse_cc(a.cc)) and c[0] == cc[0] and c[1] <= cc[1]
              and (first := parse_cc(a.first_cuda)) is not None]
    return min(firsts) if firsts else None


def driver_gpu(facts: Facts) -> Gate:
    gid: GateId = "driver_gpu"
    if facts.cc is None or facts.driver is None:
        missing = "GPU" if facts.cc is None else "driver version"
        return make(gid, "unknown", f"{missing} not given.", conditions=[f"not checked: give the {missing}"],
                    evaluated=False)
    arch, branch = facts.arch, facts.driver[0]
    if arch is None:
        return make(gid, "unknown", f"CC {fmt(facts.cc)} is not in the architecture table.")
    last = parse_driver(arch.last_branch) if arch.last_branch else None
    if arch.last_branch and last is not None and branch > last[0]:
        return make(gid, "fail", f"{arch.architecture} GPUs get no driver after {arch.last_branch.upper()}; "
                    f"this driver is R{branch}.", cite_rule("arch_last_branch"))
    product = facts.product
    product_min = parse_driver(product.min_driver) if product and product.min_driver else None
    if product is not None and product_min is not None and facts.driver < product_min:
        return make(gid, "fail", f"{product.name} needs driver >= {product.min_driver}.",
                    cite("gpus", product.sources))
    problem = _ptx_jit_problem(facts)
    if problem:
        return make(gid, "fail", problem, cite_rule("ptx_jit_driver"))
    return _driver_new_enough(facts.driver, arch)


def _driver_new_enough(driver: Version, arch: ArchRow) -> Gate:
    gid: GateId = "driver_gpu"
    first_cc = parse_cc(arch.first_cuda) if arch.first_cuda else None
    first = lookup.first_toolkit_of_minor(first_cc) if first_cc is not None else None
    if first is None:
        return _older_than_tables(driver, arch)
    if driver[0] >= int(first.branch[1:]):  # ToolkitRow.branch is 'rNNN'
        return make(gid, "pass", f"R{driver[0]} >= {first.branch.upper()}, the branch of CUDA "
                    f"{first.version}, which introduced {arch.architecture} CC {arch.cc}.", cite("gpus", arch.sources) +
                    cite("cuda_toolkits", first.sources))
    return make(gid, "unknown", f"R{driver[0]} predates {first.branch.upper()} (CUDA {first.version}, which "
                f"introduced CC {arch.cc}); likely unsupported, but NVIDIA's per-GPU minimum driver is not in "
                "the tables (inference, unconfirmed).", cite("gpus", arch.sources))


def _older_than_tables(driver: Version, arch: ArchRow) -> Gate:
    """An architecture older than the toolkit tables: every tabulated driver postdates it."""
    gid: GateId = "driver_gpu"
    earliest = lookup.earliest_toolkit()
    first = parse_cc(arch.first_cuda) if arch.first_cuda else None
    if first is not None and first < (parse_cc(earliest.version) or ()) and driver[0] >= int(earliest.branch[1:]):
        return make(gid, "pass", f"{arch.architecture} (CC {arch.cc}, first CUDA {arch.first_cuda}) predates "
                    f"CUDA {earliest.version}; R{driver[0]} is newer than {earliest.branch.upper()}.",
                    cite("gpus", arch.sources))
    return make(gid, "unknown", f"no known minimum driver for {arch.architecture} CC {arch.cc}.")


def _ptx_jit_problem(facts: Facts) -> str | None:
    if facts.arch_list is None or facts.cc is None or facts.image_minor is None or facts.host_cuda is None:
        return None
    only_ptx = not any(not e.ptx and _sass_runs(e, facts.cc) for e in facts.arch_list)
    if only_ptx and facts.host_cuda < facts.image_minor:
        return (f"CC {fmt(facts.cc)} runs only PTX from this image and the driver (CUDA {fmt(facts.host_cuda)}) "
                f"is older than that PTX (CUDA {fmt(facts.image_minor)}): 'the provided PTX was compiled with "
                "an unsupported toolchain.' (222).")
    return None
