"""Terminal escape sequences out of recorded command output.

Tools write them even into a pipe or a file: ``nvidia-smi topo -m`` underlines its header row
(``ESC[4m\\tGPU0 ... GPU NUMA ID ESC[0m``; recorded on an H200 with driver 580.159.04 in
tests/capture/fixtures/recorded-h200-r580/topo.txt), and coloured loggers colour whole lines.
Parsers of such text read it through :func:`strip`; evidence files keep the bytes as recorded.
"""

from __future__ import annotations

import re

# CSI sequences (colours, underline, cursor moves), OSC sequences (titles, links) and the
# two-byte escapes.
PATTERN = r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]"
_ANSI = re.compile(PATTERN)


def strip(text: str) -> str:
    """The text without terminal escape sequences."""
    return _ANSI.sub("", text) if "\x1b" in text else text
