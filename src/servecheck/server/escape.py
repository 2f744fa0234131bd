"""Server text made safe to show: no control characters or escape sequences reach a terminal
or an XML file (a server's error message is data, not instructions to the terminal)."""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL, C1 controls (ESC-based sequences start with \x1b).
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """TEXT with every control character shown as a visible \\xNN escape."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
