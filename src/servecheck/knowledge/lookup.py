"""Look-ups over the knowledge tables. Each returns the row (which carries its sources) or None.

None means "the tables do not cover this"; callers turn that into an *unknown*, never a guess.
"""

from __future__ import annotations

import re
from functools import lru_cache

from servecheck.knowledge import tables
from servecheck.knowledge.versions import cuda_minor, parse_cc, parse_cuda_from_tag, parse_version


def toolkit_row(version: str | None) -> tables.ToolkitRow | None:
    """The Table 3 row for an exact toolkit release ('13.0.1'), or a row given per minor ('10.2').

    A bare '13.0' does not say which update it is, so it matches only rows given per minor.
    """
    wanted = parse_version(version)
    if wanted is None or len(wanted) < 2:
        return None
    rows = tables.toolkits().toolkits
    exact = next((r for r in rows if parse_version(r.version) == wanted), None)
    # Rows given per minor only (10.x; 13.4 after GA) cover every release of that minor.
    return exact or next((r for r in rows if parse_version(r.version) == wanted[:2]), None)


def known_minor(version: str | None) -> bool:
    """Is this CUDA major.minor a release the tables know at all?"""
    minor = cuda_minor(version)
    return minor is not None and any(
        cuda_minor(row.version) == minor for row in tables.toolkits().toolkits
    )


def first_toolkit_of_minor(minor: tuple[int, ...]) -> tables.ToolkitRow | None:
    rows = [r for r in tables.toolkits().toolkits if cuda_minor(r.version) == minor[:2]]
    rows = [r for r in rows if r.linux_driver and r.confidence == "confirmed"] or rows
    return min(rows, key=lambda r: parse_version(r.version) or ()) if rows else None


def gpus_table() -> tables.Gpus:
    return tables.gpus()


def earliest_toolkit() -> tables.ToolkitRow:
    return min(tables.toolkits().toolkits, key=lambda r: parse_version(r.version) or ())


def major_floor(major: int) -> tables.MajorFloor | None:
    return next((m for m in tables.toolkits().majors if m.major == major), None)


def branch_row(branch: str | None) -> tables.BranchRow | None:
    return next((b for b in tables.branches().branches if b.branch == branch), None)


@lru_cache(maxsize=256)
def product_for(gpu_name: str | None) -> tables.ProductRow | None:
    """The product row whose pattern matches an nvidia-smi GPU name ('NVIDIA H200')."""
    if not gpu_name:
        return None
    name = re.sub(r"[-_/]+", " ", gpu_name.lower())
    name = re.sub(r"\s+", " ", name).strip()
    for product in tables.gpus().products:
        if any(p.search(name) for p in tables.compile_patterns(product)):
            return product
    return None


def arch_row(cc: str | None) -> tables.ArchRow | None:
    wanted = parse_cc(cc)
    if wanted is None:
        return None
    return next((a for a in tables.gpus().architectures if parse_cc(a.cc) == wanted), None)


def compat_row(package: tuple[int, ...], branch: str) -> tables.CompatRow | None:
    key = f"{package[0]}.{package[1]}"
    return next((r for r in tables.forward_compat().matrix if r.package == key and r.branch == branch), None)


def segment_row(segment: str | None) -> tables.SegmentRow | None:
    return next((s for s in tables.forward_compat().eligible_segments if s.segment == segment), None)


def unsupported_branch_type(branch_type: str | None) -> tables.BranchTypeRow | None:
    return next((t for t in tables.forward_compat().unsupported_branch_types if t.type == branch_type), None)


def torch_arch_list(variant: str, torch_version: str | None = None,
                    platform: str = "linux-x86_64") -> tables.ArchListRow | None:
    """The arch list compiled into a PyTorch wheel variant ('cu130'), if the tables know it."""
    wanted = parse_version(torch_version)
    for row in tables.torch_wheels().arch_lists:
        if row.variant != variant or row.platform != platform:
            continue
        low, high = parse_version(row.torch_min), parse_version(row.torch_max)
        if wanted is None or ((low is None or wanted[:2] >= low) and (high is None or wanted[:2] <= high)):
            return row
    return None


def torch_build(torch: str | None, platform: str = "linux-x86_64") -> tuple[str | None, list[str] | None]:
    """('2.9.0+cu130') -> ('13.0', the arch list of that wheel variant, or None if not tabulated)."""
    cuda = parse_cuda_from_tag(torch)
    if cuda is None or torch is None:
        return None, None
    variant = "cu" + cuda.replace(".", "")
    row = torch_arch_list(variant, torch.split("+")[0], platform)
    return cuda, list(row.arch_list) if row else None


def image_cuda_from_ref(ref: str | None) -> tuple[str | None, list[str]]:
    """The CUDA build an image ref implies, with the sources of that fact; (None, []) if unknown.

    Order: a `cuNNN` token, an `nvidia/cuda:X.Y.Z-...` tag, then the vLLM tag rules
    (e.g. `vllm/vllm-openai:kimi-k3` -> 13.0, unsuffixed `v0.20.0`+ -> 13.0).
    """
    if not ref:
        return None, []
    from_token = parse_cuda_from_tag(ref)
    builds = tables.vllm_builds()
    if from_token:
        rule = next(r for r in builds.tag_rules if r.id == "suffixed")
        return from_token, [builds.sources[s] for s in rule.sources]
    name = ref.split("@")[0]  # drop a digest
    repo, _, tag = name.rpartition(":") if ":" in name.split("/")[-1] else (name, "", "")
    nvidia = re.match(r"^(\d+\.\d+)(?:\.\d+)?-", tag)
    if repo.endswith("nvidia/cuda") and nvidia:
        return nvidia.group(1), ["nvidia/cuda image tag (the tag names the CUDA release)"]
    if "vllm" in repo:
        return _vllm_tag_cuda(tag, builds)
    return None, []


def _vllm_tag_cuda(tag: str, builds: tables.VllmBuilds) -> tuple[str | None, list[str]]:
    for rule in builds.tag_rules:
        if rule.cuda is None:
            continue
        match = re.match(rule.tag_pattern, tag)
        if not match:
            continue
        if rule.vllm_min:
            version = parse_version(match.group(1))
            if version is None or version < (parse_version(rule.vllm_min) or ()):
                continue
        return rule.cuda, [builds.sources[s] for s in rule.sources]
    return None, []
