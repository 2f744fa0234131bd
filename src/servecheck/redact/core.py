"""The redaction stage: every artifact passes here before it is written.

Redaction works by *value* (known token shapes anywhere in text), by *position* (the value after
``--api-key`` and friends, in argv lists and command strings) and by *name* (the value of a
variable whose name looks secret). It replaces values only, on token boundaries: keys, field names
and structure stay as they were, so ``"token_count": 12`` is left alone while ``"hf_token": "x"``
loses its value. Counts per kind are kept for the manifest; the values never are.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import partial
from typing import Any

PLACEHOLDER = "[REDACTED:{kind}]"

# Name words that mark a secret wherever they appear in a variable name ...
_STRONG_WORDS = {
    "secret", "secrets", "password", "passwd", "passphrase", "credential", "credentials",
    "cookie", "cookies", "apikey", "auth", "authorization", "session", "privatekey",
}
# ... and words that mark one only as the name's last part (HF_TOKEN, but not token_count).
_TAIL_WORDS = {"token", "key", "pat", "pass", "pwd", "sig", "signature", "dsn"}
# Shell variables that only look secret.
_NOT_SECRET = {"pwd", "oldpwd", "ssh_auth_sock", "xauthority"}

# Flags whose *next value* is a secret (``--api-key V`` and ``--api-key=V``).
SECRET_FLAGS = (
    "api-key", "api_key", "apikey", "hf-token", "hf_token", "token", "access-token", "auth-token",
    "password", "passwd", "secret", "client-secret", "private-key", "auth", "bearer",
    "hf-api-key", "openai-api-key", "aws-secret-access-key",
)

# (kind, pattern). Order matters: wider shapes (PEM, JWT, Bearer) go before narrower ones.
_VALUE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("pem_private_key", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|\Z)",
        re.S)),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("bearer", re.compile(r"(?<=Bearer )[A-Za-z0-9._~+/=-]{8,}", re.I)),
    ("basic_auth", re.compile(r"(?<=Basic )[A-Za-z0-9+/]{12,}={0,2}", re.I)),
    ("huggingface", re.compile(r"\bhf_[A-Za-z0-9]{20,}\b")),
    ("openai", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("github", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b")),
    ("aws_access_key_id", re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA)[A-Z0-9]{16}\b")),
    ("slack", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    # A bare line of base64 with mixed case and digits: key material, cookies, blobs.
    ("base64_blob", re.compile(r"(?m)^\s*(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*\d)[A-Za-z0-9+/]{40,}={0,2}\s*$")),
    ("url_password", re.compile(r"(?P<keep>://[^/\s:@\"']+:)(?P<v>[^/\s@\"']+)(?=@)")),
]

_FLAG_RE = re.compile(
    r"(?P<flag>--(?:" + "|".join(re.escape(f) for f in SECRET_FLAGS) + r"))"
    r"(?P<sep>=|\s+)(?P<val>\"[^\"]*\"|'[^']*'|[^\s\"']+)",
    re.I,
)

# NAME=VALUE / "name": "value" / name: value, where NAME contains a secret-looking word.
_ASSIGN_RE = re.compile(
    r"(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)(?P<sep>[\"']?\s*[:=]\s*[\"']?)(?P<val>[^\s\"',;}\]]+)"
)
_SECRETISH = re.compile(
    r"token|key|secret|passw|passphrase|credential|auth|cookie|session|pwd|pat\b|dsn", re.I
)
_SCHEMES = {"bearer", "basic", "token", "digest", "true", "false", "none", "null"}
_SPLIT_NAME = re.compile(r"[_.\-\s]+|(?<=[a-z0-9])(?=[A-Z])")


# The characters a token is made of: a cut inside one would leave a readable prefix behind.
_TOKEN_TAIL = re.compile(r"[A-Za-z0-9_\-+/=.~:@%]+$")
_TOKEN_TAIL_B = re.compile(rb"[A-Za-z0-9_\-+/=.~:@%]+$")


def safe_cut(text: str, limit: int) -> str:
    """``text[:limit]`` without a partial token at the end (a cut secret is no longer matched)."""
    return text if len(text) <= limit else _TOKEN_TAIL.sub("", text[:limit])


def safe_cut_bytes(raw: bytes, limit: int) -> bytes:
    return raw if len(raw) <= limit else _TOKEN_TAIL_B.sub(b"", raw[:limit])


def is_secret_name(name: str) -> bool:
    """True when a variable or field called ``name`` holds a secret (HF_TOKEN, apiKey, DB_PASSWORD)."""
    parts = [p.lower() for p in _SPLIT_NAME.split(name) if p]
    if not parts or name.lower() in _NOT_SECRET:
        return False
    joined = "".join(parts)
    if any(p in _STRONG_WORDS for p in parts) or "apikey" in joined or "privatekey" in joined:
        return True
    return parts[-1] in _TAIL_WORDS


class Redactor:
    """Stateful only in its counters: the same instance is used for a whole bundle."""

    def __init__(self, extra_values: list[str] | None = None) -> None:
        self.counts: Counter[str] = Counter()
        # Exact secret values learnt from env/argv: scrubbed everywhere else they reappear.
        self._known: set[str] = {v for v in (extra_values or []) if len(v) >= 6}

    def _mark(self, kind: str) -> str:
        self.counts[kind] += 1
        return PLACEHOLDER.format(kind=kind)

    def _learn(self, value: str) -> None:
        value = value.strip("\"'")
        if len(value) >= 6 and not value.startswith("[REDACTED"):
            self._known.add(value)

    # -- text -------------------------------------------------------------------------------
    def text(self, s: str) -> str:
        """Redact secrets in free text (a log line, a config file, a command string)."""
        if not s:
            return s
        for kind, pattern in _VALUE_PATTERNS:
            s = pattern.sub(partial(self._value_sub, kind=kind), s)
        if "--" in s:
            s = _FLAG_RE.sub(self._flag_sub, s)
        if _SECRETISH.search(s):
            s = _ASSIGN_RE.sub(self._assign_sub, s)
        for value in self._known:
            if value in s:
                s = s.replace(value, self._mark("known_value"))
        return s

    def _value_sub(self, m: re.Match[str], kind: str) -> str:
        # Patterns with a (?P<keep>...) group keep that part (e.g. the user in user:pw@host).
        keep = m.groupdict().get("keep") or ""
        return keep + self._mark(kind)

    def _flag_sub(self, m: re.Match[str]) -> str:
        val = m.group("val")
        if val.startswith("[REDACTED"):
            return m.group(0)
        self._learn(val)
        return f"{m.group('flag')}{m.group('sep')}{self._mark('flag_value')}"

    def _assign_sub(self, m: re.Match[str]) -> str:
        name, val = m.group("name"), m.group("val")
        if not is_secret_name(name) or val.startswith("[REDACTED") or val.lower() in _SCHEMES:
            return m.group(0)
        self._learn(val)
        return f"{name}{m.group('sep')}{self._mark('named_value')}"

    # -- structured ----------------------------------------------------------------------------
    def env(self, env: dict[str, str]) -> dict[str, str]:
        """Redact an environment mapping by name first, then by value shape."""
        out: dict[str, str] = {}
        for name, value in env.items():
            if value and is_secret_name(name):
                self._learn(value)
                out[name] = self._mark("env_value")
            else:
                out[name] = self.text(value)
        return out

    def argv(self, argv: list[str]) -> list[str]:
        """Redact an argv list: the element after a secret flag, ``--flag=value``, token shapes."""
        out: list[str] = []
        redact_next = False
        for arg in argv:
            if redact_next:
                redact_next = False
                self._learn(arg)
                out.append(self._mark("flag_value"))
                continue
            flag = arg.split("=", 1)[0].lstrip("-").lower()
            if arg.startswith("--") and flag in SECRET_FLAGS:
                if "=" in arg:
                    self._learn(arg.split("=", 1)[1])
                    out.append(f"{arg.split('=', 1)[0]}={self._mark('flag_value')}")
                else:
                    out.append(arg)
                    redact_next = True
                continue
            out.append(self.text(arg))
        return out

    def obj(self, value: Any, key: str | None = None) -> Any:
        """Walk JSON-like data: keys stay, values of secret-named keys go, strings are scanned."""
        if isinstance(value, dict):
            return {k: self.obj(v, key=str(k)) for k, v in value.items()}
        if isinstance(value, list):
            if key is not None and key.lower() in {"env", "environment"}:
                return [self._env_item(v) if isinstance(v, str) else self.obj(v) for v in value]
            return [self.obj(v) for v in value]
        if isinstance(value, str):
            if key is not None and value and is_secret_name(key):
                self._learn(value)
                return self._mark("named_value")
            return self.text(value)
        return value

    def _env_item(self, item: str) -> str:
        name, sep, value = item.partition("=")
        if sep and value and is_secret_name(name):
            self._learn(value)
            return f"{name}={self._mark('env_value')}"
        return self.text(item)

    def learn_from(self, value: Any, key: str | None = None) -> None:
        """Learn secret values from structured data (env maps, argv lists) without writing.

        Called on the whole evidence before any file is written, so that a token seen once as
        ``HF_TOKEN=...`` is also scrubbed where it reappears bare in a log or a config file.
        """
        if isinstance(value, dict):
            for k, v in value.items():
                self.learn_from(v, key=str(k))
        elif isinstance(value, list):
            strings = [v for v in value if isinstance(v, str)]
            for flag, nxt in zip(strings, strings[1:], strict=False):
                if flag.startswith("--") and flag.lstrip("-").lower() in SECRET_FLAGS:
                    self._learn(nxt)
            for v in value:
                self.learn_from(v, key=key)
        elif isinstance(value, str):
            if key is not None and value and is_secret_name(key):
                self._learn(value)
            name, sep, val = value.partition("=")
            if sep and val and is_secret_name(name.lstrip("-")) and " " not in name:
                self._learn(val)
