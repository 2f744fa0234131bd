"""Parse the URL a user gives into where to send requests and how to authenticate.

Accepted: http(s)://host[:port][/prefix][/v1] with a port in 1-65535. A trailing `/v1` (as in
OpenAI client configurations) is dropped: servecheck adds the paths itself. Credentials in the
URL (`http://user:pw@host`) never stay in the URL that is stored or printed.

The rule for credentials, one for verify and load: an API key (`--api-key` or the environment)
is sent as `Authorization: Bearer <key>`; without a key, URL credentials are sent as HTTP Basic
auth (a proxy in front of the server); with both, the key wins and the URL credentials are not
sent (a note says so). Both are known secrets: redacted by value in everything written.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import unquote, urlsplit

from servecheck.errors import UsageError

MASK = "[REDACTED:known_value]"


@dataclass(frozen=True)
class Endpoint:
    base_url: str                      # scheme://host[:port][/prefix], no credentials, no /v1
    headers: dict[str, str] = field(default_factory=dict, repr=False)
    auth: Literal["key", "url", "none"] = "none"  # "key", "url" (Basic from URL credentials) or "none"
    secrets: tuple[str, ...] = field(default=(), repr=False)
    notes: tuple[str, ...] = ()

    @property
    def host(self) -> str:
        return urlsplit(self.base_url).netloc

    def url(self, path: str) -> str:
        return self.base_url + path

    def scrub(self, text: str) -> str:
        """TEXT with every known secret (key, URL password, Basic token) replaced by value,
        also in its JSON-escaped form; used on everything written, even when a server echoes it."""
        for secret in self.secrets:
            for form in {secret, json.dumps(secret)[1:-1]}:
                text = text.replace(form, MASK)
        return text


def _check_port(raw: str, parts_port: str) -> int | None:
    if not parts_port:
        return None
    if not parts_port.isdigit() or not 1 <= int(parts_port) <= 65535:
        raise UsageError(f"port must be 1-65535 in {raw!r}")
    return int(parts_port)


def parse_url(raw: str, api_key: str | None = None) -> Endpoint:
    """An Endpoint for RAW (a UsageError names what is wrong; the message never shows a password)."""
    text = raw.strip()
    if "://" not in text and text:
        text = "http://" + text  # host:port alone: plain HTTP, as every local server starts
    parts = urlsplit(text)
    userinfo, _, hostport = parts.netloc.rpartition("@")
    shown = f"{parts.scheme}://{hostport}{parts.path}"
    if parts.scheme not in ("http", "https") or not hostport:
        raise UsageError(f"not an http(s) URL: {shown!r} (e.g. http://127.0.0.1:8000)")
    host, _, port = hostport.rpartition(":") if not hostport.endswith("]") else (hostport, "", "")
    if not host:
        host, port = hostport, ""
    _check_port(shown, port)
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[:-3]
    base = f"{parts.scheme}://{hostport}{path}"
    return _with_auth(base, userinfo, api_key)


def _with_auth(base: str, userinfo: str, api_key: str | None) -> Endpoint:
    user, _, password = userinfo.partition(":")
    user, password = unquote(user), unquote(password)
    secrets = tuple(s for s in (api_key, password) if s)
    if api_key:
        notes = ("credentials in the URL not sent: the API key is used",) if userinfo else ()
        return Endpoint(base, {"Authorization": f"Bearer {api_key}"}, "key", secrets, notes)
    if userinfo:
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        return Endpoint(base, {"Authorization": f"Basic {token}"}, "url", secrets + (token,))
    return Endpoint(base)


def hostname(url: str) -> str:
    """The host name of URL (no port, no credentials), lower-case; "" when there is none."""
    return (urlsplit(url).hostname or "").lower()
