"""Names: a value goes when the name it is assigned to looks secret.

Covers every syntax the tools around a vLLM server print: ``NAME=v`` (env, shell, Python kwargs
and ``Namespace(api_key='v')``), ``NAME: v`` (YAML, logs), ``"name": "v"`` (JSON),
``'name': 'v'`` and ``'name': ['v']`` (Python dict reprs, as vLLM logs its arguments),
``env: VLLM_API_KEY: v``, and name/value pairs split over two lines or fields
(``- name: HF_TOKEN`` / ``  value: hf_…``; ``{"name": "HF_TOKEN", "value": "…"}``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from servecheck.redact.values import (
    Learn,
    Mark,
    Swaps,
    ascii_lower,
    high_entropy,
    is_empty_value,
    looks_like_digest,
    value_span,
)

# Words that mark a secret wherever they appear in a name ...
_STRONG_WORDS = {
    "secret", "secrets", "password", "passwd", "passphrase", "credential", "credentials", "creds",
    "cred", "cookie", "cookies", "apikey", "auth", "authorization", "session", "privatekey",
}
# ... words that mark one only as the name's last meaningful part (HF_TOKEN, not token_count) ...
_TAIL_WORDS = {"token", "key", "pat", "pass", "pwd", "sig", "signature", "dsn", "pw", "psk"}
# ... glued compounds (identitytoken, accessToken read as one word, x-amz-signature) ...
_GLUED_TAILS = ("token", "secret", "password", "passwd", "apikey", "privatekey", "signature")
# ... and trailing parts that do not change what the name holds (TOKEN_1, HUB_TOKEN_VALUE).
_NEUTRAL_TAILS = {"value", "val", "str", "string", "b64", "base64", "raw", "env", "var", "data"}
# Names that only look secret: shell state, and a bare "key", which is a lookup name
# (``secretKeyRef: {key: hf-token}``), not a secret.
_NOT_SECRET = {"pwd", "oldpwd", "ssh_auth_sock", "xauthority", "key", "keys",
               "auth_type", "authtype"}
_SIGNATURE_TAILS = ("sig", "sigs", "signature", "signatures")
# A dotted lower-case name of short parts (servecheck's signature ids): never a hex or base64 digest.
_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]{0,39}(?:\.[a-z0-9_]{1,40})+")
_SPLIT_NAME = re.compile(r"[_.\-\s]+|(?<=[a-z0-9])(?=[A-Z])")


def _parts(name: str) -> list[str]:
    """The lower-cased words of a name, without the trailing ones that do not change what it
    holds (HUB_TOKEN_VALUE, TOKEN_1, key2); empty for a name that only looks secret."""
    name = name.strip("-\"' ")
    parts = [p.lower() for p in _SPLIT_NAME.split(name) if p]
    if not parts or name.lower() in _NOT_SECRET:
        return []
    while len(parts) > 1 and (parts[-1].isdigit() or parts[-1] in _NEUTRAL_TAILS):
        parts.pop()
    parts[-1] = parts[-1].rstrip("0123456789") or parts[-1]  # TOKEN7, key2
    return parts


def holds_secret(name: str, value: str) -> bool:
    """True when ``value``, assigned to ``name``, is a secret to redact. A signature (a webhook's
    ``sig``, ``X-Amz-Signature``) is random text: a dotted lower-case identifier after the word
    is a name, as in servecheck's own results (``"signature": "gpu.no_cuda_gpus"``)."""
    if not is_secret_name(name) or is_empty_value(value):     # the name first: cached, and most are not
        return False
    return not _an_id_named_signature(name, value)


def _an_id_named_signature(name: str, value: str) -> bool:
    """``value`` (one, or a list's quoted items) is a dotted identifier after a signature name."""
    parts = _parts(name)
    if not parts or not parts[-1].endswith(_SIGNATURE_TAILS):
        return False
    items = [v.strip().strip("\"'") for v in value.split(",")]
    return all(_IDENTIFIER.fullmatch(v) is not None for v in items)


# Pure and asked again and again for the same few keys of a bundle's evidence ("text", "line").
@lru_cache(maxsize=4096)
def is_secret_name(name: str) -> bool:
    """True when a variable or field called ``name`` holds a secret (HF_TOKEN, apiKey, TOKEN_1,
    FOO_KEY_1, AWS_CREDS, HUB_TOKEN_VALUE); false for token_count, max_tokens, num_gpu_blocks."""
    parts = _parts(name)
    if not parts:
        return False
    joined = "".join(parts)
    if any(p in _STRONG_WORDS for p in parts) or "apikey" in joined or "privatekey" in joined:
        return True
    last = parts[-1]
    if last in _TAIL_WORDS:
        return True
    return last.endswith(_GLUED_TAILS) and not last.startswith(("max", "num", "min"))


# A hint in the text that a secret-looking name may be near; the name around it is read by hand.
# Case-sensitive on the lower-cased text: an re.I alternation is ten times slower on a big log.
_HINT = re.compile(r"token|key|secret|pass|pwd|auth|cred|cookie|session|sig|dsn|pat\b|psk")
_MAX_NAME = 96
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
# Between a name and its value: an optional closing quote, then = or : (not the :// of a URL, nor
# the :: of a C++ or Rust scope: Mooncake's "Session::writeBody failed" names a method, no value).
_SEP = re.compile(r"[\"']?[ \t]*(?:=|:(?!//|:))[ \t]*")
_NAME_SECRET_WORDS = re.compile(r"(?i)token|key|secret|pass|cred|auth|sig")
_EXCEPTION_NAME = re.compile(r"[a-z0-9](Error|Exception|Warning)$")


def scrub_assignments(s: str, mark: Mark, learn: Learn) -> str:
    """``name <sep> value`` anywhere in text, for every secret-looking name."""
    out: list[str] = []
    last = 0
    for m in _HINT.finditer(ascii_lower(s)):
        start, end = m.start(), m.end()
        if start < last:
            continue
        # Bounded: a name is short, and a long run of name characters (base64) must stay linear.
        floor, ceiling = max(0, start - _MAX_NAME), min(len(s), end + _MAX_NAME)
        while start > floor and s[start - 1] in _NAME_CHARS:
            start -= 1
        while end < ceiling and s[end] in _NAME_CHARS:
            end += 1
        sep = _SEP.match(s, end)
        if sep is None or start < last:
            continue
        name = s[start:end]
        v_start, v_end = value_span(s, sep.end())
        value = s[v_start:v_end]
        kind = _assignment_kind(name, value)
        # "Authorization: Token [REDACTED…]": the word is the scheme kept by headers.py. Only a
        # scheme word: "token=sk-… [REDACTED:huggingface]" is a value that a second secret follows.
        if kind is None or (s.startswith(" [REDACTED", v_end) and _scheme_word(value)):
            continue
        out.append(s[last:v_start])
        out.append(_list_items(value, kind, mark, learn) if s[v_start - 1:v_start] == "["
                   else _one(value, kind, mark, learn))
        last = v_end
    if not out:
        return s
    out.append(s[last:])
    return "".join(out)


# HTTP authentication schemes with digits or dashes in their name (IANA's HTTP Authentication Scheme
# Registry, https://www.iana.org/assignments/http-authschemes); every other one is a word of letters.
_SCHEMES = {"aws4-hmac-sha256", "scram-sha-1", "scram-sha-256"}


def _scheme_word(value: str) -> bool:
    """Whether ``value`` can be the scheme word headers.py keeps in front of a credential."""
    return value.lower() in _SCHEMES or (value.isascii() and value.isalpha() and len(value) <= 20)


_QUOTED = re.compile(r"(?P<q>[\"'])(?P<v>(?:(?!(?P=q)).)*)(?P=q)")


def _one(value: str, kind: str, mark: Mark, learn: Learn) -> str:
    learn(value)
    return mark(kind)


def _list_items(body: str, kind: str, mark: Mark, learn: Learn) -> str:
    """``['a', 'b']`` after a secret name: each quoted item goes, the quotes and commas stay."""
    if not _QUOTED.search(body):
        return _one(body, kind, mark, learn)
    return _QUOTED.sub(lambda m: m.group("q") + _one(m.group("v"), kind, mark, learn) + m.group("q"), body)


def _assignment_kind(name: str, value: str) -> str | None:
    if is_empty_value(value) or value.startswith(("[REDACTED", "<")) or _an_id_named_signature(name, value):
        return None
    if is_secret_name(name):   # an identifier after a signature name returned above
        # A plain small number after "token" is a count or an id in logs, not a credential.
        return None if value.isdigit() and len(value) < 8 else "named_value"
    # A name that only hints (token_hash, key_material_x) with a random-looking value; an
    # exception's type (KeyError, TokenizerException) names what failed, not a credential: its
    # message ("KeyError: 'model.layers.30.self_attn'") is evidence, and a real token in it is
    # still caught by its own format.
    if _EXCEPTION_NAME.search(name):
        return None
    if _NAME_SECRET_WORDS.search(name) and high_entropy(value) and not looks_like_digest(value):
        return "high_entropy"
    return None


# name: HF_TOKEN <newline> value: hf_…   /   {"name": "HF_TOKEN", "value": "…"}
_PAIR = re.compile(
    r"(?:name|key)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<n>[A-Za-z_][\w.-]*)[\"']?"
    r"[ \t]*,?[ \t]*(?:\r?\n[ \t]*-?[ \t]*)?[\"']?value[\"']?[ \t]*[:=][ \t]*")
# {"value": "…", "name": "HF_TOKEN"}: the same pair, value first.
_PAIR_REVERSED = re.compile(
    r"value[\"']?[ \t]*[:=][ \t]*(?P<q>[\"'])(?P<v>(?:[^\"'\\\n]|\\.)*)(?P=q)"
    r"[ \t]*,?\s*[\"']?(?:name|key)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<n>[A-Za-z_][\w.-]*)")


def scrub_pairs(s: str, mark: Mark, learn: Learn) -> str:
    """Name/value pairs whose name is itself a value (Kubernetes ``env:``, ECS, Compose)."""
    low = ascii_lower(s)
    if "value" not in low:
        return s
    swaps = Swaps(s, mark, learn)
    for m in _PAIR.finditer(low):
        if m.start() < swaps.last or _inside_word(low, m.start()):
            continue
        if is_secret_name(s[m.start("n"):m.end("n")]):
            swaps.swap(*value_span(s, m.end()), "env_value")
    if swaps.changed:
        s = swaps.text()
        low = ascii_lower(s)
    return _scrub_reversed(s, low, mark, learn)


def _inside_word(low: str, pos: int) -> bool:
    return pos > 0 and (low[pos - 1].isalnum() or low[pos - 1] in "_-")


def _scrub_reversed(s: str, low: str, mark: Mark, learn: Learn) -> str:
    swaps = Swaps(s, mark, learn)
    for m in _PAIR_REVERSED.finditer(low):
        if m.start() < swaps.last or _inside_word(low, m.start()):
            continue
        if is_secret_name(s[m.start("n"):m.end("n")]):
            swaps.swap(m.start("v"), m.end("v"), "env_value")
    return swaps.text()
