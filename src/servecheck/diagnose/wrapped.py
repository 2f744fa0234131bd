"""Lines a paste hard-wrapped at a fixed width, joined again.

A log copied out of a fixed-width terminal or a web console arrives cut into lines of exactly the
same length, mid-word ("... unsatisfied condi" / "tion: cuda >= 9.0"): no wording that spans the
cut can match. A run of at least two consecutive lines of one width (``MIN_WIDTH`` or more)
followed by a shorter last piece is read joined as well, when one of its lines is a flagged one
(a line the scan already looks at): the same runs in a whole log, in the middle of a big one,
and in a bundle, which keeps the lines of such a run.
"""

from __future__ import annotations

import bisect

MIN_WIDTH = 60
MAX_RUN = 64             # lines of one run at most
MIN_CONFIDENCE = 0.5     # only a named cause: a catch-all wording spanning two joined lines is chance


def flagged_runs(numbered: list[tuple[int, str]], flagged: set[int]) -> list[tuple[int, list[str]]]:
    """(first line number, pieces) of each run among consecutively numbered lines (a bundle's
    kept lines) that holds a flagged line: the runs ``run_around`` finds in a log's own text."""
    out: list[tuple[int, list[str]]] = []
    segment: list[tuple[int, str]] = []
    for item in [*numbered, (-1, "")]:
        if segment and item[0] != segment[-1][0] + 1:
            out += _segment_runs(segment, flagged)
            segment = []
        segment.append(item)
    return out


def _segment_runs(segment: list[tuple[int, str]], flagged: set[int]) -> list[tuple[int, list[str]]]:
    raws = [text.encode("utf-8", "replace") for _, text in segment]
    buf = b"\n".join(raws)
    starts, at = [], 0
    for raw in raws:
        starts.append(at)
        at += len(raw) + 1
    out: list[tuple[int, list[str]]] = []
    looked = -1
    for k, (number, _) in enumerate(segment):
        if number not in flagged or starts[k] <= looked:
            continue
        run, looked = run_around(buf, starts[k], starts[k] + len(raws[k]))
        if run is not None:
            first, last = bisect.bisect_right(starts, run[0]) - 1, bisect.bisect_right(starts, run[1]) - 1
            out.append((segment[first][0], [text for _, text in segment[first:last + 1]]))
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
