"""Known secrets by value: an API key or URL password handed to servecheck (``verify --api-key``,
``load`` against ``https://u:pw@host``), and every value redacted elsewhere in the same run, is
replaced wherever it reappears bare: in a server's error body, a log line, a plot title.

Values shorter than MIN_LENGTH are not replaced by value (a 3-letter key would blank every word
it spells); they are still redacted by position and name."""

from __future__ import annotations

import re
from urllib.parse import quote

from servecheck.redact.values import PLACEHOLDER, REDACTED_PREFIX

MIN_LENGTH = 6

# A placeholder already written (by this pass or an earlier stage) is never scanned again: a known
# value that happens to spell part of one ("[REDAC", "ACTED:known") must not rewrite it.
_OPEN = PLACEHOLDER.split("{", 1)[0]
_PLACEHOLDER = re.compile(re.escape(PLACEHOLDER).replace(re.escape("{kind}"), r"\w+"))


class KnownSecrets:
    def __init__(self) -> None:
        self._values: set[str] = set()
        self._ordered: list[str] = []
        self._pattern: re.Pattern[str] | None = None

    def add(self, value: str, *, exact: bool = False) -> bool:
        """Remember ``value`` (and its URL-encoded form); True when it was new. A value found in
        text loses surrounding blanks and quotes; one handed over (``exact``) is kept as given."""
        if not exact:
            value = value.strip().strip("\"'")
        # A value read from text may be (or start with) a placeholder an earlier rule wrote; one
        # handed over is a secret whatever it spells, unless it is nothing but a placeholder.
        ours = (_OPEN in value or value.startswith(REDACTED_PREFIX) if not exact
                else _PLACEHOLDER.fullmatch(value) is not None)
        if len(value) < MIN_LENGTH or ours or value in self._values:
            return False
        if "\n" in value:
            # A multi-line secret (a PEM key) may later be redacted line by line (log lines are
            # kept one by one): each body line is known on its own too.
            for line in value.splitlines():
                line = line.strip()
                if len(line) >= MIN_LENGTH and not line.startswith("-----"):
                    self._values.add(line)
        self._values.add(value)
        encoded = quote(value, safe="")
        if encoded != value:
            self._values.add(encoded)
        self._pattern = None
        return True

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, value: str) -> bool:
        return value in self._values

    def scrub(self, s: str, placeholder: str) -> tuple[str, int]:
        """Replace every known value in ``s`` in one pass (so a placeholder just written is never
        scanned again) and outside the placeholders already in it; returns the text and how many
        values were replaced."""
        if self._pattern is None:
            # Longest first, so a value is never half-replaced by a shorter one inside it.
            self._ordered = sorted(self._values, key=len, reverse=True)
            self._pattern = re.compile("|".join(map(re.escape, self._ordered)))
        if not any(value in s for value in self._ordered):  # the common case, at substring speed
            return s, 0
        if _OPEN not in s:
            return self._pattern.subn(placeholder, s)
        hits = 0
        parts: list[str] = []
        last = 0
        for m in _PLACEHOLDER.finditer(s):
            text, n = self._pattern.subn(placeholder, s[last:m.start()])
            parts += [text, m.group()]
            hits += n
            last = m.end()
        text, n = self._pattern.subn(placeholder, s[last:])
        parts.append(text)
        return "".join(parts), hits + n
