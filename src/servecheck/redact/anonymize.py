"""``--anonymize``: consistent placeholders for hostnames, IP and MAC addresses and user names.

The same input always gets the same placeholder across every file of a bundle, so a reader can
still follow "host-1 talked to 10.0.0.2"; the mapping is written to a separate file that the
operator keeps and never ships.
"""

from __future__ import annotations

import ipaddress
import re

_IPV4 = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])")
_IPV6 = re.compile(r"(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{1,4}:){1,7}:?(?::?[0-9A-Fa-f]{1,4}){1,7}(?![0-9A-Fa-f:])")
_MAC = re.compile(r"(?<![0-9A-Fa-f:])[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}(?![0-9A-Fa-f:])")
_KEEP_IPS = {"127.0.0.1", "0.0.0.0", "255.255.255.255", "::1", "::"}


class Anonymizer:
    def __init__(self, hostnames: list[str], users: list[str]) -> None:
        self.mapping: dict[str, dict[str, str]] = {"host": {}, "user": {}, "ip": {}, "mac": {}}
        # Longest first, so "gpu-a.corp.example" is replaced before "gpu-a".
        self._hosts = sorted({h for h in hostnames if h and len(h) >= 2}, key=len, reverse=True)
        self._users = sorted({u for u in users if u and len(u) >= 2 and u != "root"}, key=len, reverse=True)

    def _placeholder(self, kind: str, value: str) -> str:
        table = self.mapping[kind]
        if value not in table:
            table[value] = f"{kind}-{len(table) + 1}"
        return table[value]

    def text(self, s: str) -> str:
        low = s.lower()
        for host in self._hosts:
            # Host names are case-insensitive (DNS): GPU-A07 and gpu-a07 are one host.
            if host.lower() in low:
                s = re.sub(rf"(?<![\w-]){re.escape(host)}(?![\w-])", self._placeholder("host", host),
                           s, flags=re.I)
        for user in self._users:
            if user in s:
                s = re.sub(rf"(?<![\w-]){re.escape(user)}(?![\w-])", self._placeholder("user", user), s)
        s = _MAC.sub(lambda m: self._placeholder("mac", m.group(0).lower()), s)
        s = _IPV4.sub(self._ip_sub, s)
        if "::" in s or s.count(":") >= 7:
            s = _IPV6.sub(self._ip_sub, s)
        return s

    def _ip_sub(self, m: re.Match[str]) -> str:
        value = m.group(0)
        try:
            ip = ipaddress.ip_address(value)
        except ValueError:
            return value
        if value in _KEEP_IPS or ip.is_loopback:
            return value
        return self._placeholder("ip", str(ip))
