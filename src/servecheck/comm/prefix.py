"""Launcher prefixes, stripped before any nccl-tests line is matched.

Forms seen in the field (reference nccl.md §1.5): Open MPI ``--tag-output``
(``[1,0]<stdout>:``), ``srun -l`` (``0: ``, rank right-aligned), MPICH/Intel MPI ``-l``
(``[0] ``), a per-host prefix from pdsh-like launchers (``10.3.35.83: ``), and ``kubectl logs``
with ``--timestamps`` or ``--prefix``. Returns the rank (when the prefix carries one) so that a
non-MPI binary's per-rank headers can be told apart.
"""

from __future__ import annotations

import re

_TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\s")
_KUBECTL = re.compile(r"^\[pod/[^\]\s]+\]\s")
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mpirun --tag-output", re.compile(r"^\[\d+,(\d+)\]<std(?:out|err)>:\s?")),
    ("srun -l", re.compile(r"^\s{0,6}(\d+):\s(?=\s*(?:#|\d|[A-Za-z0-9][\w.-]*:\d+:\d+ \[|NCCL))")),
    ("rank brackets", re.compile(r"^\[(\d+)\]\s(?=\s*(?:#|\d|[A-Za-z0-9][\w.-]*:\d+:\d+ \[))")),
    ("host prefix", re.compile(r"^([A-Za-z0-9][\w.-]*):\s(?=\s*(?:#|\d+\s|[A-Za-z0-9][\w.-]*:\d+:\d+ \[))")),
)


def strip(line: str) -> tuple[str, str, str | None]:
    """``(text, form, rank-or-host)`` for one line; ``form`` is "plain" when nothing was cut."""
    text = line.rstrip("\r\n").lstrip()
    if text[:2] == "20" and text[10:11] == "T":  # cheap test first: most lines carry no timestamp
        text = _TIMESTAMP.sub("", text)
    if text.startswith("[pod/"):
        text = _KUBECTL.sub("", text)
    for form, pattern in _FORMS:
        m = pattern.match(text)
        if m:
            return text[m.end():], form, m.group(1)
    return text, "plain", None
