"""The terminal and user-named output files: the last places text passes before it leaves.

``install()`` (called once by the CLI entry point) wraps ``sys.stdout`` and ``sys.stderr`` so
every line a command prints, its error messages included, goes through the process Redactor;
``process_redactor()`` is that Redactor, to which a stage adds what it was handed
(``process_redactor().add_known(api_key)``) so the terminal never shows it either.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from servecheck.redact.core import Redactor

_PROCESS: Redactor | None = None


def process_redactor() -> Redactor:
    global _PROCESS
    if _PROCESS is None:
        _PROCESS = Redactor()
    return _PROCESS


class RedactingStream:
    """A text stream that redacts what is written and passes everything else to ``raw``."""

    def __init__(self, raw: TextIO, redactor: Redactor) -> None:
        self._raw = raw
        self._redactor = redactor

    def write(self, text: str) -> int:
        self._raw.write(self._redactor.text(text) if isinstance(text, str) else text)
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding, buffer, ...
        return getattr(self._raw, name)


def install() -> None:
    """Redact everything printed to the terminal from now on (idempotent)."""
    redactor = process_redactor()
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, RedactingStream):
            setattr(sys, name, RedactingStream(stream, redactor))


def redact_text(text: str) -> str:
    """Text for a user-named output file, through the process Redactor."""
    return process_redactor().text(text)
