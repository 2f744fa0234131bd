"""Value shapes: secrets recognised by what they look like, wherever they appear, and the helpers
that find where a value really ends.

A shape names a vendor's token format (``hf_…``, ``nvapi-…``, ``glpat-…``); the pattern is kept
tight (prefix plus a minimum length) so that model names, digests and commits never match.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable

Mark = Callable[[str], str]
Learn = Callable[[str], None]

PLACEHOLDER = "[REDACTED:{kind}]"
REDACTED_PREFIX = "[REDACTED"

# (kind, cheap substring that every match contains or None, pattern). The substring lets a
# 50 MB log skip a pattern with one C-level scan. Wider shapes (PEM, JWT) go first.
SHAPES: list[tuple[str, str | None, re.Pattern[str]]] = [
    ("pem_private_key", "PRIVATE KEY-----", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|\Z)",
        re.S)),
    ("jwt", "eyJ", re.compile(r"eyJ(?<![\w]eyJ)[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    # A credential after an auth scheme word anywhere in free text ("retrying with Bearer X").
    ("bearer", "earer ", re.compile(r"(?<=Bearer )[A-Za-z0-9._~+/=-]{8,}|(?<=bearer )[A-Za-z0-9._~+/=-]{8,}")),
    ("basic_auth", "asic ", re.compile(r"(?<=Basic )[A-Za-z0-9+/]{12,}={0,2}|(?<=basic )[A-Za-z0-9+/]{12,}={0,2}")),
    # Each pattern starts with its literal (a boundary look-behind follows it) so that the regex
    # engine can jump from one candidate to the next instead of trying every position.
    ("huggingface", "hf_", re.compile(r"hf_(?<![\w]hf_)[A-Za-z0-9]{20,}\b")),
    ("openai", "sk-", re.compile(r"sk-(?<![\w]sk-)(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}")),
    ("stripe", "k_", re.compile(r"[sr]k_(?<![\w][sr]k_)(?:live|test)_[A-Za-z0-9]{10,}")),
    ("github", None, re.compile(
        r"g(?<![\w]g)(?:h[pousr]_[A-Za-z0-9]{30,}|ithub_pat_[A-Za-z0-9_]{22,})\b")),
    ("gitlab", "glpat-", re.compile(r"glpat-(?<![\w]glpat-)[A-Za-z0-9_-]{20,}")),
    ("nvidia_ngc", "nvapi-", re.compile(r"nvapi-(?<![\w]nvapi-)[A-Za-z0-9_-]{20,}")),
    ("google_api_key", "AIza", re.compile(r"AIza(?<![\w]AIza)[0-9A-Za-z_-]{35}")),
    ("aws_access_key_id", None, re.compile(r"A(?<![\w]A)(?:KIA|SIA|IDA|ROA)[A-Z0-9]{16}\b")),
    ("slack", "xox", re.compile(r"xox(?<![\w]xox)[abposr]-[A-Za-z0-9-]{10,}")),
    # A bare line of base64 with mixed case and digits: key material, cookies, blobs.
    ("base64_blob", None, re.compile(
        r"(?m)^[ \t]*(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*\d)"
        r"[A-Za-z0-9+/]{40,}={0,2}[ \t]*$")),
]


def scrub_shapes(s: str, mark: Mark, learn: Learn) -> str:
    for kind, hint, pattern in SHAPES:
        if hint is not None and hint not in s:
            continue
        s = pattern.sub(_shape_sub(kind, mark, learn), s)
    return s


def _shape_sub(kind: str, mark: Mark, learn: Learn) -> Callable[[re.Match[str]], str]:
    def sub(m: re.Match[str]) -> str:
        learn(m.group(0))
        return mark(kind)
    return sub


# -- where a value ends ---------------------------------------------------------------------------
_UNQUOTED_END = re.compile(r"[\s\"'`]|\\[\"']")
_TRAILING = ",;)}]"


def value_span(s: str, pos: int) -> tuple[int, int]:
    """The (start, end) of the value that begins at ``pos``: a quoted value runs to its closing
    quote (commas and semicolons inside are part of it), a ``[...]`` list to its bracket, a bare
    value to whitespace, a quote or the end of the line. Structure after a bare value (``,`` ``)``)
    is left outside."""
    n = len(s)
    if pos >= n:
        return pos, pos
    ch = s[pos]
    if ch == "[" and s.startswith(REDACTED_PREFIX, pos):  # already a placeholder: leave it whole
        close = s.find("]", pos)
        return pos, (close + 1 if close != -1 else len(s))
    if ch == "\\" and pos + 1 < n and s[pos + 1] in "\"'":  # an escaped quote inside JSON text
        close = s.find("\\" + s[pos + 1], pos + 2)
        end = close if close != -1 else _line_end(s, pos)
        return pos + 2, end
    if ch in "\"'`":
        return pos + 1, _closing_quote(s, pos + 1, ch)
    if ch == "[":
        close = _list_close(s, pos + 1)
        line_end = _line_end(s, pos)
        return pos + 1, close if close != -1 and close < line_end else line_end
    m = _UNQUOTED_END.search(s, pos)
    end = m.start() if m else n
    while end > pos + 1 and s[end - 1] in _TRAILING:
        end -= 1
    return pos, end


def _list_close(s: str, start: int) -> int:
    """The bracket that closes a list opened before ``start``; a placeholder already written
    inside it ("['hf_[REDACTED:known_value]']") is stepped over whole. -1: none."""
    i = start
    while True:
        close = s.find("]", i)
        inner = s.find(REDACTED_PREFIX, i)
        if close == -1 or inner == -1 or close < inner:
            return close
        end = s.find("]", inner)
        if end == -1:
            return -1
        i = end + 1


def _closing_quote(s: str, start: int, quote: str) -> int:
    i = start
    line_end = _line_end(s, start)
    while True:
        j = s.find(quote, i, line_end)
        if j == -1:
            return line_end
        if s[j - 1] != "\\":
            return j
        i = j + 1


def _line_end(s: str, pos: int) -> int:
    end = s.find("\n", pos)
    return len(s) if end == -1 else end


# -- values that say nothing ------------------------------------------------------------------------
# Values that say whether a secret is there, not what it is ("api_key": "set").
_EMPTY_VALUES = {"", "none", "null", "nil", "true", "false", "undefined", "<none>", "''", '""',
                 "[]", "{}", "***", "xxx", "changeme", "<redacted>", "redacted", "-", "*",
                 "set", "unset", "not set", "given", "present", "absent", "missing", "yes", "no",
                 "required", "optional", "hidden", "masked", "env", "file",
                 # ... or how it is given ("auth": "key"): a method, never the secret itself
                 "key", "token", "bearer", "basic", "digest", "password", "oauth", "api_key",
                 "api-key", "apikey", "header", "query", "cookie", "mtls", "anonymous",
                 # ... or a placeholder that names its type (click's metavars in --help)
                 "text", "string", "integer", "float", "path", "filename", "value", "url"}
_HEX_DIGEST = re.compile(r"(?:sha(?:1|256|384|512):)?[0-9a-f]{7,128}")


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(s: str) -> str:
    """``s`` lower-cased character for character (same length, same offsets), so that a
    case-sensitive pattern can run on it and its spans be cut from ``s``: much faster than
    ``re.I`` on a large log."""
    return s.lower() if s.isascii() else s.translate(_ASCII_LOWER)


def is_empty_value(value: str) -> bool:
    v = value.strip().strip("\"'").lower()
    return v in _EMPTY_VALUES or v.startswith(REDACTED_PREFIX.lower()) or v.startswith("${")


class Swaps:
    """``s`` rebuilt left to right with secret values swapped for marks: what every scrubber's
    loop over its matches does (take the value's span, skip an empty one, learn it, mark it).
    ``last`` is where the last swapped value ended; a match before it lay inside that value."""

    def __init__(self, s: str, mark: Mark, learn: Learn) -> None:
        self.s, self.mark, self.learn = s, mark, learn
        self.parts: list[str] = []
        self.last = 0

    def swap(self, start: int, end: int, kind: str) -> None:
        value = self.s[start:end]
        if is_empty_value(value):
            return
        self.learn(value)
        self.parts += [self.s[self.last:start], self.mark(kind)]
        self.last = end

    @property
    def changed(self) -> bool:
        return bool(self.parts)

    def text(self) -> str:
        return "".join(self.parts) + self.s[self.last:] if self.parts else self.s


def looks_like_digest(value: str) -> bool:
    """A digest or a commit (``sha256:…``, 40 hex): evidence, never a secret by itself."""
    return _HEX_DIGEST.fullmatch(value) is not None


def high_entropy(value: str, min_len: int = 20) -> bool:
    """A random-looking token: long, no spaces or path, several character classes, and close to
    uniformly distributed characters (Shannon entropy per character)."""
    if len(value) < min_len or any(c in value for c in " /\\") or looks_like_digest(value.lower()):
        return False
    classes = sum((any(c.islower() for c in value), any(c.isupper() for c in value),
                   any(c.isdigit() for c in value)))
    if classes < 2:
        return False
    counts = Counter(value)
    entropy = -sum(c / len(value) * math.log2(c / len(value)) for c in counts.values())
    return entropy >= 3.5
