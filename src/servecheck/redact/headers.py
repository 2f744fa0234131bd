"""HTTP credential headers of ANY scheme: ``Authorization: Bearer …``, ``Basic``, ``Token``,
``Negotiate``, ``AWS4-HMAC-SHA256 Credential=…, Signature=…``, ``Proxy-Authorization``, and
cookies. The scheme word stays (it tells how the client authenticated); the rest of the header
value goes, up to the end of the line or the quote that closes it, except where the credential is
one token (RFC 7235: a scheme's token68, as Bearer's and Basic's, rather than its name=value
parameters; an API-key header's value): then that token goes and what follows it on the line (a
log line's other words, a command's next flag) is left to the other rules."""

from __future__ import annotations

import re

from servecheck.redact.values import Learn, Mark, ascii_lower

_NAMES = frozenset({
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    "x-auth-token", "x-goog-api-key", "private-token", "x-vault-token", "x-amz-security-token"})
# The word each header name ends with: found with str.find on the lower-cased text (same
# offsets), which is far faster on a big log than a case-insensitive regex.
_WORDS = ("authorization", "cookie", "api-key", "-token")
_SEP = re.compile(r"[\"']?[ \t]*[:=][ \t]*[\"']?")
_VALUE = re.compile(r"[^\r\n\"'\\]*")
_SCHEME = re.compile(r"[A-Za-z][\w-]*[ \t]+(?=\S)")
# Credentials that are one token: no blank inside (a token68, RFC 7235; API keys).
_ONE_TOKEN_HEADERS = _NAMES - {"authorization", "proxy-authorization", "cookie", "set-cookie"}
_TOKEN = re.compile(r"\S+")
_AUTH_PARAM = re.compile(r"[\w-]+[ \t]*=(?!=*(\s|$))")   # name=value, not a token68's '=' padding
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
# A JSON, YAML or Python literal where a header's value would be (`docker info --format json`:
# "Authorization":null with no authorization plugin): no credential, and the unquoted value runs on
# to the next quote, so taking it took the comma after it and left the JSON broken.
_LITERAL = re.compile(r"(?:null|none|nil|true|false)(?=[\s,;}\]]|$)")


def scrub_headers(s: str, mark: Mark, learn: Learn) -> str:
    low = ascii_lower(s)
    spans = sorted((span for word in _WORDS for span in _candidates(low, word)), key=lambda c: c[1])
    out: list[str] = []
    last = 0
    for name, v_start, v_end in spans:
        v_start, v_end = _credential_span(s, v_start, v_end, name)
        if v_start < last or v_start >= v_end or s.startswith("[REDACTED", v_start):
            continue
        learn(s[v_start:v_end])
        out += [s[last:v_start], mark("auth_header")]
        last = v_end
    if not out:
        return s
    out.append(s[last:])
    return "".join(out)


def _candidates(low: str, word: str) -> list[tuple[str, int, int]]:
    found = []
    pos = low.find(word)
    while pos != -1:
        start, end = pos, pos + len(word)
        while start > 0 and low[start - 1] in _NAME_CHARS:
            start -= 1
        sep = _SEP.match(low, end) if low[start:end] in _NAMES else None
        if sep is not None and _LITERAL.match(low, sep.end()) is None:
            value = _VALUE.match(low, sep.end())
            assert value is not None  # the pattern matches the empty string
            found.append((low[start:end], value.start(), value.end()))
        pos = low.find(word, end)
    return found


def _credential_span(s: str, start: int, end: int, name: str) -> tuple[int, int]:
    """The credential inside a header value: all of it, less trailing blanks and, for
    Authorization, the scheme word in front."""
    while end > start and s[end - 1] in " \t":
        end -= 1
    one_token = name in _ONE_TOKEN_HEADERS
    if name.endswith("authorization"):
        scheme = _SCHEME.match(s, start, end)
        if scheme:
            start = scheme.end()
            one_token = _AUTH_PARAM.match(s, start, end) is None
    if one_token:
        token = _TOKEN.match(s, start, end)
        if token is not None:
            end = token.end()
    return start, end
