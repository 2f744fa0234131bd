"""Known secrets by value: an API key or URL password handed to servecheck (``verify --api-key``,
``load`` against ``https://u:pw@host``), and every value redacted elsewhere in the same run, is
replaced wherever it reappears bare: in a server's error body, a log line, a plot title.

Values shorter than MIN_LENGTH are not replaced by value (a 3-letter key would blank every word
it spells); they are still redacted by position and name."""

from __future__ import annotations

from urllib.parse import quote

MIN_LENGTH = 6


class KnownSecrets:
    def __init__(self) -> None:
        self._values: set[str] = set()
        self._ordered: list[str] | None = []

    def add(self, value: str, *, exact: bool = False) -> bool:
        """Remember ``value`` (and its URL-encoded form); True when it was new. A value found in
        text loses surrounding blanks and quotes; one handed over (``exact``) is kept as given."""
        if not exact:
            value = value.strip().strip("\"'")
        if len(value) < MIN_LENGTH or value.startswith("[REDACTED") or value in self._values:
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
        self._ordered = None
        return True

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, value: str) -> bool:
        return value in self._values

    def scrub(self, s: str, placeholder: str) -> tuple[str, int]:
        """Replace every known value in ``s``; returns the text and how many were replaced."""
        if self._ordered is None:
            # Longest first, so a value is never half-replaced by a shorter one inside it.
            self._ordered = sorted(self._values, key=len, reverse=True)
        hits = 0
        for value in self._ordered:
            if value in s:
                hits += s.count(value)
                s = s.replace(value, placeholder)
        return s, hits
