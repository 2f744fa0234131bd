"""Deployment recipes as data (``knowledge/data/recipes/<name>.json``): what a host must offer.

A recipe lists requirements of a few kinds (compat, driver_branch_min, gpu_count_min, min_cc,
vram_total_min_gb, flags, flag_choice); each carries its sources. Adding a recipe is adding a file.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from servecheck.errors import KnowledgeError
from servecheck.knowledge.tables import DATA_DIR, DataFile, _Row, validate_file

RECIPE_DIR = DATA_DIR / "recipes"

Kind = Literal["compat", "driver_branch_min", "gpu_count_min", "min_cc", "vram_total_min_gb", "flags",
               "flag_choice"]
# kind -> the field it needs
_NEEDS: dict[str, str | None] = {
    "compat": None, "driver_branch_min": "branch", "gpu_count_min": "count", "min_cc": "cc",
    "vram_total_min_gb": "gb", "flags": "flags", "flag_choice": "flag",
}


class Requirement(_Row):
    id: str
    title: str
    kind: Kind
    required: bool = True
    note: str = ""
    image_cuda: str | None = None
    branch: str | None = Field(None, pattern=r"^r\d{3}$")
    count: int | None = Field(None, ge=1)
    models: list[str] = Field(default_factory=list)
    also_verified: list[str] = Field(default_factory=list)
    cc: str | None = None
    gb: float | None = Field(None, gt=0)
    flags: list[str] = Field(default_factory=list)
    flag: str | None = None
    choices: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _has_its_field(self) -> Requirement:
        needed = _NEEDS[self.kind]
        if needed is not None and not getattr(self, needed):
            raise ValueError(f"kind {self.kind!r} needs {needed!r}")
        return self


class Recipe(DataFile):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    title: str
    image: str | None
    image_cuda: str | None
    min_vllm: str | None
    requirements: list[Requirement] = Field(min_length=1)


def list_recipes() -> list[str]:
    return sorted(path.stem for path in RECIPE_DIR.glob("*.json"))


@lru_cache(maxsize=64)
def load_recipe(name: str) -> Recipe:
    """Load a built-in recipe by name ('kimi-k3', 'generic-vllm')."""
    path = RECIPE_DIR / f"{name}.json"
    if not path.is_file():
        raise KnowledgeError(f"no recipe named {name!r} (known: {', '.join(list_recipes())})")
    recipe = validate_file(path, Recipe)
    if recipe.name != name:
        raise KnowledgeError(f"{path.name}: name {recipe.name!r} does not match the file name")
    return recipe
