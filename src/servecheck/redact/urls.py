"""URLs: the password in ``scheme://user:PW@host``, a bare token as userinfo, and query
parameters with secret-looking names (``token=``, ``X-Amz-Signature=``, ``sig=``, ``key=``).
The host, path and harmless parameters stay, so a reader still sees which endpoint was used."""

from __future__ import annotations

import re

from servecheck.redact.names import is_secret_name
from servecheck.redact.values import Learn, Mark, high_entropy, is_empty_value

# Matched from each "://" (found with str.find) with a bounded look back and forth: a regex that
# starts at every letter of a long word (a base64 image in an HTML report) is quadratic.
_SCHEME_BEFORE = re.compile(r"[A-Za-z][\w+.-]{0,31}\Z")
_INFO_AFTER = re.compile(r"[^/\s@\"'<>?#]{1,512}@")
# Query parameter names that carry credentials although is_secret_name would not say so.
_QUERY_NAMES = {
    "key", "sig", "signature", "code", "x-amz-signature", "x-amz-credential",
    "x-amz-security-token", "x-goog-signature", "x-goog-credential", "policy", "se_sig",
    "access_token", "refresh_token", "id_token", "client_secret", "password", "pass", "auth",
}
_QUERY = re.compile(r"(?P<pre>[?&;](?P<name>[A-Za-z_][\w.-]*)=)(?P<v>[^&#\s\"'<>]*)")


def scrub_urls(s: str, mark: Mark, learn: Learn) -> str:
    if "://" in s:
        s = _scrub_userinfo(s, mark, learn)
    if "=" in s and ("?" in s or "&" in s):
        s = _QUERY.sub(lambda m: _query_sub(m, mark, learn), s)
    return s


def _scrub_userinfo(s: str, mark: Mark, learn: Learn) -> str:
    out: list[str] = []
    last = 0
    pos = s.find("://")
    while pos != -1:
        start = pos + 3
        info = _INFO_AFTER.match(s, start)
        if info and _SCHEME_BEFORE.search(s, max(0, pos - 32), pos):
            replacement = _userinfo(info.group(0)[:-1], mark, learn)
            if replacement is not None:
                out += [s[last:start], replacement, "@"]
                last = info.end()
        pos = s.find("://", start)
    if not out:
        return s
    out.append(s[last:])
    return "".join(out)


def _userinfo(info: str, mark: Mark, learn: Learn) -> str | None:
    user, colon, password = info.partition(":")
    if colon and password and not password.startswith("[REDACTED"):
        learn(password)
        return f"{user}:{mark('url_password')}"
    if not colon and high_entropy(user, min_len=16):  # https://<token>@host
        learn(user)
        return mark("url_password")
    return None


def _query_sub(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    name, value = m.group("name"), m.group("v")
    if is_empty_value(value):
        return m.group(0)
    if name.lower() in _QUERY_NAMES or is_secret_name(name):
        learn(value)
        return m.group("pre") + mark("url_query")
    return m.group(0)
