"""Read a stored payload back into the pydantic model it was saved from.

A payload from a newer schema is refused with a clear reason (it may mean something this version
cannot know); fields this version does not know (a newer minor addition by another stage) are
dropped and named, so an older reader still reads what it understands. What cannot be read is
returned as a reason, never as an empty model that would look like "nothing found".
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


@dataclass
class Typed(Generic[M]):
    model: M | None
    error: str | None = None
    dropped: list[str] = field(default_factory=list)


def _drop(data: Any, loc: tuple[Any, ...]) -> bool:
    for key in loc[:-1]:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return False
    if isinstance(data, dict) and loc and loc[-1] in data:
        del data[loc[-1]]
        return True
    return False


def read_model(payload: dict[str, Any], model: type[M], schema_version: int, what: str,
               migrate: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> Typed[M]:
    """``model`` from ``payload``; ``what`` names it in messages (e.g. "capture run 3").
    ``migrate`` brings a payload of an older schema version to the current one."""
    version = payload.get("schema_version", 1)
    if not isinstance(version, int) or version > schema_version:
        return Typed(None, f"{what} has schema version {version!r}, newer than this servecheck reads "
                           f"({schema_version}); upgrade servecheck to read it")
    data = copy.deepcopy(payload)
    if migrate is not None and version < schema_version:
        data = migrate(data)
    dropped: list[str] = []
    for _ in range(2):
        try:
            return Typed(model.model_validate(data), None, dropped)
        except ValidationError as exc:
            extra = [e["loc"] for e in exc.errors() if e["type"] == "extra_forbidden"]
            if not extra or not all(_drop(data, tuple(loc)) for loc in extra):
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "(top)"
                return Typed(None, f"{what} is unreadable: {where}: {first['msg']}")
            dropped += [".".join(str(p) for p in loc) for loc in extra]
    return Typed(None, f"{what} is unreadable")  # pragma: no cover - two rounds always settle
