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


# One alternation tried once per line instead of four patterns: alternatives are tried in order
# and the first that matches wins, exactly as the loop over _FORMS would; lastindex says which.
_ANY = re.compile("|".join(f"(?:{p.pattern})" for _, p in _FORMS))
_NAMES = tuple(form for form, _ in _FORMS)


# NCCL's own lines are the bulk of a large log and their heads ("[1,3]<stdout>:node01:1000:1000
# [3] NCCL") repeat per process. Every prefix pattern stops before the word NCCL (none crosses a
# space into it), so the head decides the prefix alone and is stripped once, then looked up.
_HEADS: dict[str, tuple[str, str, str | None]] = {}
_MAX_HEADS = 65536


def strip(line: str) -> tuple[str, str, str | None]:
    """``(text, form, rank-or-host)`` for one line; ``form`` is "plain" when nothing was cut."""
    at = line.find(" NCCL ")
    if at <= 0:
        return _strip(line)
    head = line[:at + 5]
    hit = _HEADS.get(head)
    if hit is None:
        hit = _strip(head)
        if len(_HEADS) < _MAX_HEADS:
            _HEADS[head] = hit
    return hit[0] + line[at + 5:].rstrip("\r\n"), hit[1], hit[2]


def _strip(line: str) -> tuple[str, str, str | None]:
    text = line.rstrip("\r\n").lstrip()
    if text[:2] == "20" and text[10:11] == "T":  # cheap test first: most lines carry no timestamp
        text = _TIMESTAMP.sub("", text)
    if text.startswith("[pod/"):
        text = _KUBECTL.sub("", text)
    m = _ANY.match(text)
    if m is None:
        return text, "plain", None
    group = m.lastindex or 1
    return text[m.end():], _NAMES[group - 1], m.group(group)
