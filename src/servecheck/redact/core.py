"""The Redactor: one object per output (a bundle, a result file, a terminal session) that runs
every rule of this package over text, argv lists and structured data, keeps counts per kind for
the manifest, and remembers each value it removed so that the value is also removed where it
reappears bare."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from servecheck.redact.credfiles import scrub_netrc
from servecheck.redact.flags import scrub_argv, scrub_flags
from servecheck.redact.headers import scrub_headers
from servecheck.redact.known import KnownSecrets
from servecheck.redact.names import scrub_assignments, scrub_pairs
from servecheck.redact.structured import Walker
from servecheck.redact.urls import scrub_urls
from servecheck.redact.values import PLACEHOLDER, scrub_shapes

# Order matters: headers and URLs take whole values (with spaces, commas) before the narrower
# rules would cut them; shapes before names so a token's kind is recorded as its vendor.
_RULES = (scrub_headers, scrub_urls, scrub_shapes, scrub_netrc, scrub_flags, scrub_pairs,
          scrub_assignments)

# The characters a token is made of: a cut inside one would leave a readable prefix behind.
_TOKEN_TAIL = re.compile(r"[A-Za-z0-9_\-+/=.~:@%]+$")
_TOKEN_TAIL_B = re.compile(rb"[A-Za-z0-9_\-+/=.~:@%]+$")


def safe_cut(text: str, limit: int) -> str:
    """``text[:limit]`` without a partial token at the end (a cut secret is no longer matched)."""
    return text if len(text) <= limit else _TOKEN_TAIL.sub("", text[:limit])


def safe_cut_bytes(raw: bytes, limit: int) -> bytes:
    return raw if len(raw) <= limit else _TOKEN_TAIL_B.sub(b"", raw[:limit])


class Redactor:
    """Redact text, argv lists, env maps and JSON-like data.

    ``known_secrets`` (or ``add_known``) are values replaced wherever they appear;
    ``extra_values`` is the older name of the same argument and still works.
    """

    def __init__(self, extra_values: Iterable[str] | None = None, *,
                 known_secrets: Iterable[str] | None = None) -> None:
        self.counts: Counter[str] = Counter()
        self._known = KnownSecrets()
        self._learnt_in_call = False
        for value in [*(extra_values or []), *(known_secrets or [])]:
            self._known.add(value, exact=True)
        self._walker = Walker(self._mark, self._learn, self.text, self.argv)

    # -- the API that the stages use ----------------------------------------------------------
    def add_known(self, *values: str | None) -> None:
        """Replace these values (an API key, a URL password) wherever they appear from now on."""
        for value in values:
            if value:
                self._known.add(value, exact=True)

    def text(self, s: str) -> str:
        """Redact secrets in free text (a log, a config file, a command string, a JSON text)."""
        if not s:
            return s
        s = self._scrub_known(s)
        self._learnt_in_call = False
        for rule in _RULES:
            s = rule(s, self._mark, self._learn)
        if self._learnt_in_call:  # a value found late may also stand bare earlier in the text
            s = self._scrub_known(s)
        return s

    def lines(self, texts: list[str]) -> list[str]:
        """Separate lines (a log's kept lines), each redacted as ``text`` redacts it, in order.

        One pass over them joined comes first, and when it changes nothing the lines are returned
        as they are: every rule reads a newline as at least as much of a boundary as a string's
        start or end (a name, a value and a header end there; a pattern that may run over one, as a
        PEM block or a name/value pair split over two lines, only finds more), so a line that a
        rule changes alone is changed inside the joined text too. Otherwise each line is redacted
        on its own, knowing what the joined pass learnt (tests/redact/test_redact_property.py holds
        the two ways to one output). A few hundred lines of a log: one pass instead of hundreds."""
        if not texts:
            return []
        joined = "\n".join(texts)
        counts, known = self.counts.copy(), len(self._known)
        if self.text(joined) == joined and self.counts == counts and len(self._known) == known:
            return list(texts)
        self.counts = counts
        return [self.text(t) for t in texts]

    def argv(self, argv: list[str]) -> list[str]:
        """An argv list or a JSON/YAML array: the element after a secret flag goes."""
        return scrub_argv(argv, self._mark, self._learn, self.text)

    def env(self, env: dict[str, str]) -> dict[str, str]:
        """An environment mapping: by name first, then by value shape."""
        out: dict[str, str] = {}
        for name, value in env.items():
            out[name] = self._walker.env_item(f"{name}={value}").partition("=")[2]
        return out

    def obj(self, value: Any, key: str | None = None) -> Any:
        """JSON-like data: keys stay, values of secret-named keys go, strings are scanned."""
        return self._walker.obj(value, key)

    def learn_text(self, s: str) -> None:
        """Learn the secrets in ``s`` without writing it: for text that is later redacted piece
        by piece (a log kept as separate lines), where a value's name sits on another line
        (``- name: HF_TOKEN`` / ``  value: …``)."""
        counts = self.counts.copy()
        self.text(s)
        self.counts = counts

    def learn_from(self, value: Any, key: str | None = None) -> None:
        """Learn secret values from structured data before anything is written."""
        self._walker.learn_from(value, key)

    # -- internals ------------------------------------------------------------------------------
    def _mark(self, kind: str) -> str:
        self.counts[kind] += 1
        return PLACEHOLDER.format(kind=kind)

    def _learn(self, value: str) -> None:
        if self._known.add(value):
            self._learnt_in_call = True

    def _scrub_known(self, s: str) -> str:
        if not len(self._known):
            return s
        s, hits = self._known.scrub(s, PLACEHOLDER.format(kind="known_value"))
        if hits:
            self.counts["known_value"] += hits
        return s
