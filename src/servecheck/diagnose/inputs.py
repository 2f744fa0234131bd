"""What `servecheck diagnose` reads: a bundle directory, a log file, or stdin."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from servecheck.errors import InputError
from servecheck.fsutil import open_regular

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

EXCERPT = "log-excerpt.txt"


@dataclass
class Source:
    kind: str                        # bundle | log | stdin
    label: str
    evidence: Evidence | None = None
    logs: list[Path] = field(default_factory=list)

    def evidence_lines(self) -> list[tuple[int, str]]:
        """Numbered log lines kept in evidence.json, plus error texts the probes recorded."""
        ev = self.evidence
        if ev is None:
            return []
        lines = {e.line: e.text for part in (ev.log.head, ev.log.relevant, ev.log.tail) for e in part}
        extra = [ev.container.state.error, ev.gpu.smi_error, ev.runtime.error]
        out = sorted(lines.items())
        out.extend((0, text) for text in extra if text)
        if ev.container.state.oom_killed:
            out.append((0, "container state: OOMKilled"))
        return out


def resolve(path: str) -> Source:
    if path == "-":
        return Source(kind="stdin", label="stdin")
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file or directory")
    if p.is_dir():
        return _bundle(p)
    if not p.is_file():
        raise InputError(f"{path}: not a regular file")
    return Source(kind="log", label=str(p), logs=[p])


def _bundle(p: Path) -> Source:
    from servecheck.capture.bundle import read_evidence

    ev_path = p / "evidence.json"
    if not ev_path.is_file():
        raise InputError(f"{p} is a directory but not a bundle (no evidence.json); "
                         "give a bundle, a log file or - for stdin")
    evidence = read_evidence(ev_path)
    raw = p / "raw"
    logs = sorted(f for f in raw.glob("*.log") if f.is_file() and f.name != EXCERPT) if raw.is_dir() else []
    return Source(kind="bundle", label=str(p), evidence=evidence, logs=logs)


def open_binary(source: Source):
    """Binary streams to scan, in order (stdin has one)."""
    if source.kind == "stdin":
        yield sys.stdin.buffer
        return
    for path in source.logs:
        # Regular files only, opened without blocking: a FIFO or a device is refused.
        fh = open_regular(path)
        with fh:
            yield fh
