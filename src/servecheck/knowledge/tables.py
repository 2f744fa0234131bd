"""Load and validate the knowledge data files (``knowledge/data/*.json``).

Each file carries a ``schema_version``, a ``version``, a ``sources`` map (tag -> citation) and rows
that each name their source tags. A malformed file or a row citing an unknown tag raises
KnowledgeError naming the file and the row; files are parsed once per process (lru_cache).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from servecheck.errors import KnowledgeError

DATA_DIR = Path(__file__).parent / "data"
SCHEMA_VERSION = 1


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sources: list[str] = Field(min_length=1)


class DataFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1]
    version: str
    description: str = ""
    sources: dict[str, str] = Field(min_length=1)


class MajorFloor(_Row):
    major: int
    mvc: bool
    mvc_floor: str | None
    floor_branch: str | None
    note: str = ""


class ToolkitRow(_Row):
    version: str = Field(pattern=r"^\d+\.\d+(\.\d+)?$")
    label: str
    linux_driver: str | None
    windows_driver: str | None = None
    branch: str = Field(pattern=r"^r\d{3}$")
    confidence: Literal["confirmed", "third_party"]


class CudaToolkits(DataFile):
    majors: list[MajorFloor]
    toolkits: list[ToolkitRow]


class BranchRow(_Row):
    branch: str = Field(pattern=r"^r\d{3}$")
    type: str
    eol: str | None
    nvidia_smi_cuda: str | None
    cuda_confidence: Literal["observed", "derived", "unconfirmed"]
    max_major_without_compat: int
    note: str = ""


class DriverBranches(DataFile):
    branch_types: dict[str, str]
    branches: list[BranchRow]


class SegmentRow(_Row):
    segment: str
    eligible: Literal["yes", "no", "select"]
    note: str = ""


class BranchTypeRow(_Row):
    type: str
    note: str = ""


class CompatRow(_Row):
    package: str = Field(pattern=r"^\d+\.\d+$")
    branch: str = Field(pattern=r"^r\d{3}$")
    status: Literal["C", "X", "N/A"]
    note: str = ""


class ForwardCompat(DataFile):
    eligible_segments: list[SegmentRow]
    unsupported_branch_types: list[BranchTypeRow]
    matrix: list[CompatRow]


class ProductRow(_Row):
    name: str
    patterns: list[str] = Field(min_length=1)
    cc: str = Field(pattern=r"^\d+\.\d+$")
    segment: Literal["datacenter", "workstation", "consumer", "jetson"]
    min_driver: str | None = None


class ArchRow(_Row):
    cc: str = Field(pattern=r"^\d+\.\d+$")
    architecture: str
    first_cuda: str | None
    last_cuda_major: int | None
    last_branch: str | None
    note: str = ""


class Gpus(DataFile):
    products: list[ProductRow]
    architectures: list[ArchRow]


class TorchRelease(_Row):
    torch: str
    stable: list[str]
    experimental: list[str]
    variants: list[str]


class ArchListRow(_Row):
    variant: str = Field(pattern=r"^cu\d{2,3}$")
    torch_min: str | None
    torch_max: str | None
    platform: Literal["linux-x86_64", "linux-aarch64"]
    arch_list: list[str]
    note: str = ""


class TorchWheels(DataFile):
    releases: list[TorchRelease]
    arch_lists: list[ArchListRow]


class TagRule(_Row):
    id: str
    tag_pattern: str
    vllm_min: str | None
    vllm_max: str | None
    cuda: str | None
    note: str = ""


class BuildRow(_Row):
    period: str
    default_cuda: str
    variants: list[str]
    arch_list: list[str] | None


class MinCC(_Row):
    value: str
    note: str = ""


class VllmBuilds(DataFile):
    min_compute_capability: MinCC
    tag_rules: list[TagRule]
    builds: list[BuildRow]


# file stem -> model; the conformance test walks this.
TABLES: dict[str, type[DataFile]] = {
    "cuda_toolkits": CudaToolkits,
    "driver_branches": DriverBranches,
    "forward_compat": ForwardCompat,
    "gpus": Gpus,
    "torch_wheels": TorchWheels,
    "vllm_builds": VllmBuilds,
}

T = TypeVar("T", bound=DataFile)


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise KnowledgeError(f"{path.name}: cannot read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise KnowledgeError(f"{path.name}: not valid JSON (line {exc.lineno}): {exc.msg}") from exc


def validate_file(path: Path, model: type[T], raw: Any | None = None) -> T:
    """Validate one data file; every error names the file and the row (list[index])."""
    raw = read_json(path) if raw is None else raw
    try:
        table = model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = _row_name(first["loc"])
        raise KnowledgeError(f"{path.name}: {where}: {first['msg']}") from exc
    for where, tags in _row_sources(raw):
        unknown = [tag for tag in tags if tag not in table.sources]
        if unknown:
            raise KnowledgeError(f"{path.name}: {where}: unknown source tag(s) {', '.join(unknown)}")
    return table


def _row_name(loc: tuple[Any, ...]) -> str:
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc]
    return "".join(parts).lstrip(".") or "top level"


def _row_sources(raw: Any) -> list[tuple[str, list[str]]]:
    """Every (row name, source tags) in a raw file: rows are dicts carrying a `sources` list."""
    found: list[tuple[str, list[str]]] = []
    for key, value in raw.items():
        rows = value if isinstance(value, list) else [value]
        for index, row in enumerate(rows):
            if isinstance(row, dict) and isinstance(row.get("sources"), list):
                name = f"{key}[{index}]" if isinstance(value, list) else key
                found.append((name, row["sources"]))
    return found


@lru_cache(maxsize=64)
def load_table(name: str) -> DataFile:
    """Load a knowledge table by file stem ('cuda_toolkits', 'gpus', ...)."""
    if name not in TABLES:
        raise KnowledgeError(f"no knowledge table named {name!r}")
    return validate_file(DATA_DIR / f"{name}.json", TABLES[name])


def _typed(name: str, model: type[T]) -> T:
    """load_table(NAME), known to be a MODEL (TABLES maps the name to that class)."""
    table = load_table(name)
    if not isinstance(table, model):
        raise KnowledgeError(f"knowledge table {name!r} is a {type(table).__name__}, not a {model.__name__}")
    return table


def toolkits() -> CudaToolkits:
    return _typed("cuda_toolkits", CudaToolkits)


def branches() -> DriverBranches:
    return _typed("driver_branches", DriverBranches)


def forward_compat() -> ForwardCompat:
    return _typed("forward_compat", ForwardCompat)


def gpus() -> Gpus:
    return _typed("gpus", Gpus)


def torch_wheels() -> TorchWheels:
    return _typed("torch_wheels", TorchWheels)


def vllm_builds() -> VllmBuilds:
    return _typed("vllm_builds", VllmBuilds)


def compile_patterns(product: ProductRow) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in product.patterns]


class RuleRow(_Row):
    id: str
    statement: str


class Rules(DataFile):
    rules: list[RuleRow]


TABLES["rules"] = Rules


def rules() -> Rules:
    return _typed("rules", Rules)


def cite(table: str, tags: list[str]) -> list[str]:
    """Citations '[S1] NVIDIA, ...' for source tags of one table file."""
    sources = load_table(table).sources
    return [f"[{tag}] {sources[tag]}" for tag in tags]


def cite_rule(rule_id: str) -> list[str]:
    rule = next((r for r in rules().rules if r.id == rule_id), None)
    if rule is None:
        raise KnowledgeError(f"rules.json: no rule {rule_id!r}")
    return cite("rules", rule.sources)
