"""A log written for one test: invented lines, never a corpus log."""

from __future__ import annotations

from pathlib import Path


def write_log(tmp_path: Path, text: str, name: str = "start.log") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def write_lines(tmp_path: Path, name: str, lines: list[str]) -> str:
    return write_log(tmp_path, "\n".join(lines) + "\n", name)
