"""Lines a paste hard-wrapped at a fixed width, joined again.

A log copied out of a fixed-width terminal or a web console arrives cut into lines of exactly the
same length, mid-word ("... unsatisfied condi" / "tion: cuda >= 9.0"): no wording that spans the
cut can match. A run of at least two consecutive lines of one width (``MIN_WIDTH`` or more)
followed by a shorter last piece is read joined as well, when one of its lines is a flagged one
(a line the scan already looks at): the same runs in a whole log, in the middle of a big one,
and in a bundle, which keeps the lines of such a run.
"""

from __future__ import annotations

MIN_WIDTH = 60
MAX_RUN = 64             # lines of one run at most
MIN_CONFIDENCE = 0.5     # only a named cause: a catch-all wording spanning two joined lines is chance


def runs(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) indexes of each hard-wrapped run in ``lines``, its shorter last piece included."""
    out: list[tuple[int, int]] = []
    i, n = 0, len(lines)
    while i < n:
        width = len(lines[i])
        j = i
        while j + 1 < n and len(lines[j + 1]) == width and j - i < MAX_RUN:
            j += 1
        if width >= MIN_WIDTH and j > i and j + 1 < n and 0 < len(lines[j + 1]) < width:
            out.append((i, j + 1))
            i = j + 2
        else:
            i = j + 1
    return out


def flagged_runs(numbered: list[tuple[int, str]], flagged: set[int]) -> list[tuple[int, list[str]]]:
    """(first line number, pieces) of each run among consecutively numbered lines (a bundle's
    kept lines) that holds a flagged line."""
    out: list[tuple[int, list[str]]] = []
    segment: list[tuple[int, str]] = []
    for item in [*numbered, (-1, "")]:
        if segment and item[0] != segment[-1][0] + 1:
            texts = [t for _, t in segment]
            for a, b in runs(texts):
                if any(segment[k][0] in flagged for k in range(a, b + 1)):
                    out.append((segment[a][0], texts[a:b + 1]))
            segment = []
        segment.append(item)
    return out


def run_around(buf: bytes, start: int, stop: int) -> tuple[tuple[int, int] | None, int]:
    """The hard-wrapped run that holds the line ``buf[start:stop]``, as (start, end) offsets with
    its last piece included, or None; and the offset up to which lines were looked at, so a
    caller skips the next flagged lines of the same group (each group is read once).

    A group of more than ``MAX_RUN`` lines of one width is a templated log, not a wrapped paste."""
    def before(at: int) -> tuple[int, int]:          # the line before the one starting at ``at``
        return buf.rfind(b"\n", 0, max(at - 1, 0)) + 1, at - 1

    def after(end: int) -> tuple[int, int] | None:   # the line after the one ending at ``end``
        if end >= len(buf) - 1:
            return None
        nxt = buf.find(b"\n", end + 1)
        return end + 1, (len(buf) if nxt == -1 else nxt)

    width = stop - start
    if start > 0:
        prev = before(start)
        if prev[1] - prev[0] > width:                 # the shorter last piece: its run is above
            width, (start, stop) = prev[1] - prev[0], prev
    if width < MIN_WIDTH:
        return None, stop
    first, last = (start, stop), (start, stop)
    too_long = False
    for _ in range(MAX_RUN):
        if first[0] == 0:
            break
        up = before(first[0])
        if up[1] - up[0] != width:
            break
        first = up
    else:
        too_long = True
    for _ in range(MAX_RUN):
        down = after(last[1])
        if down is None or down[1] - down[0] != width:
            break
        last = down
    else:
        too_long = True
    if too_long:
        return None, last[1]
    tail = after(last[1])
    if first == last or tail is None or not 0 < tail[1] - tail[0] < width:
        return None, last[1]
    return (first[0], tail[1]), tail[1]
