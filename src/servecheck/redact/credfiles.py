"""Credential files: ``.netrc`` (``machine H login U password P``, on one line or several) and
docker's ``config.json`` (``auths.*.auth``, ``identitytoken``, ``registrytoken``: caught by name
in structured.py and names.py). The netrc rule only runs on text that is a netrc, so a log line
saying "password is wrong" keeps its words."""

from __future__ import annotations

import re

from servecheck.redact.values import Learn, Mark

_IS_NETRC = re.compile(r"(?m)^\s*(?:machine\s+\S+|default\b)")
_NETRC_PASSWORD = re.compile(r"(?<![\w-])(?P<kw>password|passwd|account)(?P<sep>\s+)(?P<v>\S+)")


# A netrc entry quoted inside other text (a log line, a shell history).
_INLINE = re.compile(r"(?<![\w-])machine\s+\S+\s+login\s+\S+\s+(?P<kw>password)(?P<sep>\s+)(?P<v>\S+)")


def scrub_netrc(s: str, mark: Mark, learn: Learn) -> str:
    if "machine" not in s and "default" not in s:
        return s
    if "password" in s and _IS_NETRC.search(s):
        return _NETRC_PASSWORD.sub(lambda m: _sub(m, mark, learn), s)
    return _INLINE.sub(lambda m: m.group(0)[: m.start("v") - m.start()] + _value(m, mark, learn), s)


def _value(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    value = m.group("v")
    if value.startswith("[REDACTED"):
        return value
    learn(value)
    return mark("netrc_password")


def _sub(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    value = m.group("v")
    if value.startswith("[REDACTED"):
        return m.group(0)
    learn(value)
    return f"{m.group('kw')}{m.group('sep')}{mark('netrc_password')}"
