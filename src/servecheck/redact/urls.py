"""URLs: the password in ``scheme://user:PW@host``, a bare token as userinfo, and query
parameters with secret-looking names (``token=``, ``X-Amz-Signature=``, ``sig=``, ``key=``).
The host, path and harmless parameters stay, so a reader still sees which endpoint was used."""

from __future__ import annotations

import re

from servecheck.redact.names import is_secret_name
from servecheck.redact.values import Learn, Mark, high_entropy, is_empty_value

_USERINFO = re.compile(r"(?P<keep>[A-Za-z][\w+.-]*://)(?P<info>[^/\s@\"'<>?#]+)@")
# Query parameter names that carry credentials although is_secret_name would not say so.
_QUERY_NAMES = {
    "key", "sig", "signature", "code", "x-amz-signature", "x-amz-credential",
    "x-amz-security-token", "x-goog-signature", "x-goog-credential", "policy", "se_sig",
    "access_token", "refresh_token", "id_token", "client_secret", "password", "pass", "auth",
}
_QUERY = re.compile(r"(?P<pre>[?&;](?P<name>[A-Za-z_][\w.-]*)=)(?P<v>[^&#\s\"'<>]*)")


def scrub_urls(s: str, mark: Mark, learn: Learn) -> str:
    if "://" in s:
        s = _USERINFO.sub(lambda m: _userinfo_sub(m, mark, learn), s)
    if "=" in s and ("?" in s or "&" in s):
        s = _QUERY.sub(lambda m: _query_sub(m, mark, learn), s)
    return s


def _userinfo_sub(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    info = m.group("info")
    user, colon, password = info.partition(":")
    if colon and password and not password.startswith("[REDACTED"):
        learn(password)
        return f"{m.group('keep')}{user}:{mark('url_password')}@"
    if not colon and high_entropy(user, min_len=16):  # https://<token>@host
        learn(user)
        return f"{m.group('keep')}{mark('url_password')}@"
    return m.group(0)


def _query_sub(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    name, value = m.group("name"), m.group("v")
    if is_empty_value(value):
        return m.group(0)
    if name.lower() in _QUERY_NAMES or is_secret_name(name):
        learn(value)
        return m.group("pre") + mark("url_query")
    return m.group(0)
