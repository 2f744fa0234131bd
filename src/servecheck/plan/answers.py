"""The platform's constraints: from flags, an answers file (JSON or TOML), or a terminal.

An answer is yes, no, or absent. Absent stays absent: it becomes an open question in the plan,
never a default.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from servecheck.errors import InputError, UsageError
from servecheck.fsutil import read_regular_text

# An answers file is a few lines; anything bigger is not one (and /dev/zero is refused as a device).
MAX_ANSWERS_BYTES = 1024 * 1024

YES = {"yes", "y", "true", "1", "ja", "j"}
NO = {"no", "n", "false", "0", "nein"}


def parse_value(raw: Any, where: str) -> bool | None:
    if raw is None or isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    if text in {"", "unknown", "open", "?"}:
        return None
    raise InputError(f"{where}: {raw!r} is not yes/no (or unknown)")


def from_file(path: Path, known: set[str]) -> dict[str, bool | None]:
    """Answers from ``{"answers": {...}}`` or a flat mapping; unknown keys are an error."""
    try:
        text = read_regular_text(path, max_bytes=MAX_ANSWERS_BYTES)
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"{path}: not valid {'TOML' if path.suffix == '.toml' else 'JSON'}: {exc}") from exc
    if isinstance(data, dict) and isinstance(data.get("answers"), dict):
        data = data["answers"]
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a mapping of question id -> yes/no")
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError(f"{path}: unknown question(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return {key: parse_value(value, f"{path}: {key}") for key, value in data.items()}


def from_flags(pairs: tuple[str, ...], known: set[str]) -> dict[str, bool | None]:
    """``--answer KEY=yes`` pairs."""
    answers: dict[str, bool | None] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key.strip() not in known:
            raise UsageError(f"--answer {pair!r}: expected KEY=yes|no with KEY one of {', '.join(sorted(known))}")
        answers[key.strip()] = parse_value(value, f"--answer {key}")
    return answers


def merge(*layers: tuple[str, dict[str, bool | None]]) -> tuple[dict[str, bool | None], dict[str, str]]:
    """Later layers win; returns answers and where each came from."""
    answers: dict[str, bool | None] = {}
    sources: dict[str, str] = {}
    for source, layer in layers:
        for key, value in layer.items():
            if value is not None or key not in answers:
                answers[key] = value
                sources[key] = source
    return answers, sources
