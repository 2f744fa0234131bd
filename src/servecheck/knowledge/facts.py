"""Parse the evaluation inputs once into the facts the gates read (versions, branch, GPU row)."""

from __future__ import annotations

from dataclasses import dataclass, field

from servecheck.knowledge import lookup, tables
from servecheck.knowledge.models import CompatFacts, CompatInputs
from servecheck.knowledge.versions import (
    Version,
    cuda_minor,
    driver_branch,
    fmt,
    parse_cc,
    parse_cuda_from_tag,
    parse_driver,
    parse_version,
)


@dataclass(frozen=True)
class ArchEntry:
    cc: Version
    ptx: bool
    specific: bool  # sm_90a-style: runs only on exactly this CC
    text: str


@dataclass
class Facts:
    inputs: CompatInputs
    image: Version | None = None          # as given, e.g. (13, 0, 1)
    image_minor: Version | None = None    # (13, 0)
    driver: Version | None = None
    branch: str | None = None
    branch_row: tables.BranchRow | None = None
    host_cuda: Version | None = None
    host_cuda_origin: str | None = None
    product: tables.ProductRow | None = None
    cc: Version | None = None
    arch: tables.ArchRow | None = None
    arch_list: list[ArchEntry] | None = None
    bad_inputs: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # shown as conditions of gate 2

    def summary(self) -> CompatFacts:
        return CompatFacts(
            driver_branch=self.branch,
            branch_type=self.branch_row.type if self.branch_row else None,
            host_cuda=fmt(self.host_cuda) if self.host_cuda else None,
            host_cuda_origin=self.host_cuda_origin,
            gpu_product=self.product.name if self.product else None,
            gpu_segment=self.product.segment if self.product else None,
            compute_capability=fmt(self.cc) if self.cc else None,
            architecture=self.arch.architecture if self.arch else None,
        )


def build_facts(inputs: CompatInputs) -> Facts:
    facts = Facts(inputs=inputs)
    _image(facts)
    _driver(facts)
    _gpu(facts)
    _arch_list(facts)
    return facts


def _image(facts: Facts) -> None:
    raw = facts.inputs.image_cuda
    if raw is None:
        return
    facts.image = parse_version(raw)
    facts.image_minor = cuda_minor(raw)
    if facts.image_minor is None and (from_tag := parse_cuda_from_tag(raw)):
        # 'cu130' or a torch build such as '2.9.0+cu130'
        facts.image = facts.image_minor = cuda_minor(from_tag)
    if facts.image_minor is None:
        facts.image = None
        facts.bad_inputs.append(f"image CUDA {raw!r} is not a CUDA version (want e.g. 13.0)")


def _driver(facts: Facts) -> None:
    raw, reported = facts.inputs.driver_version, facts.inputs.driver_cuda
    if raw is not None:
        facts.driver = parse_driver(raw)
        if facts.driver is None:
            facts.bad_inputs.append(f"driver version {raw!r} is not a driver version (want e.g. 575.57.08)")
        else:
            facts.branch = driver_branch(raw)
            facts.branch_row = lookup.branch_row(facts.branch)
    row = facts.branch_row
    native = None
    if row is not None and row.nvidia_smi_cuda and row.cuda_confidence != "unconfirmed":
        native = cuda_minor(row.nvidia_smi_cuda)
    if reported is not None:
        facts.host_cuda = cuda_minor(reported)
        if facts.host_cuda is None:
            facts.bad_inputs.append(f"driver CUDA {reported!r} is not a CUDA version")
        elif (native is not None and row is not None and row.cuda_confidence == "observed"
              and facts.host_cuda > native):
            # Inside a container with compat libraries, nvidia-smi reports the compat libcuda's
            # CUDA, not the kernel driver's (reference §3.4): the branch decides.
            facts.notes.append(f"CUDA {reported} was reported, but {row.branch.upper()} drivers report "
                               f"{row.nvidia_smi_cuda}: it was probably read inside a container with "
                               "compat libraries; using the branch's own CUDA version")
            facts.host_cuda = None
        else:
            facts.host_cuda_origin = "reported"
            return
    if native is not None and row is not None:
        facts.host_cuda = native
        facts.host_cuda_origin = f"branch table ({row.cuda_confidence})"


def _gpu(facts: Facts) -> None:
    facts.product = lookup.product_for(facts.inputs.gpu_name)
    raw = facts.inputs.compute_capability
    if raw is not None:
        facts.cc = parse_cc(raw)
        if facts.cc is None:
            facts.bad_inputs.append(f"compute capability {raw!r} is not readable (want e.g. 9.0)")
    elif facts.product is not None:
        facts.cc = parse_cc(facts.product.cc)
    if facts.cc is not None:
        facts.arch = lookup.arch_row(fmt(facts.cc))


def _arch_list(facts: Facts) -> None:
    raw = facts.inputs.torch_cuda_arch_list
    if raw is None:
        return
    entries = []
    for item in " ".join(raw).replace(";", " ").replace(",", " ").split():
        entry = parse_arch_entry(item)
        if entry is None:
            facts.bad_inputs.append(f"arch list entry {item!r} is not readable")
            continue
        if entry.ptx and item.lower().endswith("+ptx"):
            # '12.0+PTX' ships both SASS for 12.0 and PTX for compute_120.
            entries.append(ArchEntry(cc=entry.cc, ptx=False, specific=False, text=item))
        entries.append(entry)
    facts.arch_list = entries


def parse_arch_entry(item: str) -> ArchEntry | None:
    """'9.0', '12.0+PTX', 'sm_90', 'sm_90a', 'compute_90' -> ArchEntry."""
    text = item.strip()
    low = text.lower()
    cc = parse_cc(low.replace("+ptx", ""))
    if cc is None:
        return None
    ptx = low.endswith("+ptx") or low.startswith("compute_")
    # sm_90a-style targets are not portable; family targets (sm_100f) follow the same-major rule.
    specific = low.startswith("sm_") and low.endswith("a")
    return ArchEntry(cc=cc, ptx=ptx, specific=specific, text=text)
