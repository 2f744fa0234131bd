"""Hypothesis strategies: random secrets of every kind, planted in every syntax and position
that issue #13 lists, with the evidence that must survive beside them."""

from __future__ import annotations

import json
import string

from hypothesis import strategies as st

ALNUM = string.ascii_letters + string.digits
_MARK = "Qz7"  # every generated secret carries it, so a leak is easy to see in a failure


def _token(min_size: int = 14, max_size: int = 36, alphabet: str = ALNUM) -> st.SearchStrategy[str]:
    body = st.text(alphabet, min_size=min_size, max_size=max_size)
    return body.map(lambda b: _MARK + b + "9x")


plain_secret = _token()
# Secrets with characters that naive redaction cuts at: ; , = / + and a space inside quotes.
punct_secret = st.tuples(_token(6, 12), st.sampled_from([";", ",", "/", "+", "=", "-"]), _token(6, 12)).map(
    lambda t: t[0] + t[1] + t[2])

VENDOR = {
    "huggingface": _token(30, 36).map(lambda t: "hf_" + t),
    "openai": _token(30, 44).map(lambda t: "sk-proj-" + t),
    "github": _token(34, 36).map(lambda t: "ghp_" + t),
    "gitlab": _token(20, 24, ALNUM + "_-").map(lambda t: "glpat-" + t),
    "nvidia_ngc": _token(60, 64, ALNUM + "_-").map(lambda t: "nvapi-" + t),
    "google": st.text(ALNUM + "_-", min_size=32, max_size=32).map(lambda t: "AIza" + _MARK + t),
    "stripe_live": _token(20, 30).map(lambda t: "sk_live_" + t),
    "stripe_restricted": _token(20, 30).map(lambda t: "rk_live_" + t),
    "slack": _token(20, 30).map(lambda t: "xoxb-1234-" + t),
}
vendor_secret = st.one_of(*VENDOR.values())

_BASES = ["TOKEN", "API_KEY", "SECRET", "PASSWORD", "ACCESS_TOKEN", "AUTH_TOKEN", "CREDS",
          "PRIVATE_KEY", "apiKey", "db_password", "hfToken", "SECRET_KEY", "PASSWD"]
_PREFIXES = ["", "HF_", "HUB_", "MY_APP_", "OPENAI_", "VLLM_", "X_"]
_SUFFIXES = ["", "_1", "_2", "_VALUE", "7"]
secret_name = st.builds(lambda p, b, s: p + b + s, st.sampled_from(_PREFIXES),
                        st.sampled_from(_BASES), st.sampled_from(_SUFFIXES))
secret_flag = st.sampled_from(["--api-key", "--hf-token", "--token", "--password", "--secret",
                               "--access-token", "--client-secret", "--auth-token"])

# name/value syntaxes: (template, quoted?) - a quoted value may hold ; , / + = and spaces.
NAMED = [
    ("{n}={v}", False), ('export {n}="{v}"', True), ("- {n}={v}", False), ("{n}: {v}", False),
    ('"{n}": "{v}"', True), ("{n}='{v}'", True), ("'{n}': '{v}'", True), ("'{n}': ['{v}']", True),
    ("Namespace(model='m', {n}='{v}', port=8000)", True), ("env: {n}: {v}", False),
    ("env:\n- name: {n}\n  value: {v}\n", False), ('{{"name": "{n}", "value": "{v}"}}', True),
    ('{{\n  "name": "{n}",\n  "value": "{v}"\n}}', True), ('{{"value": "{v}", "name": "{n}"}}', True),
]
FLAGGED = [
    ("vllm serve m {f} {v} --port 8000", False), ("vllm serve m {f}={v}", False),
    ('vllm serve m {f} "{v}"', True), ('"Args": ["--model", "m", "{f}", "{v}", "--port", "8000"]', True),
    ("args:\n- --model\n- m\n- {f}\n- {v}\n- --port\n", False),
    ("args: ['{f}', '{v}']", True),
]
VALUE_ONLY = [
    "https://user:{v}@registry.example:5000/v2/", "GET https://h.example/api?token={v}&page=2",
    "https://b.example/k?X-Amz-Algorithm=AWS4&X-Amz-Signature={v}", "https://x.example/c?sv=1&sig={v}",
    "https://maps.example/api?key={v}", "Authorization: Bearer {v}", "Authorization: Token {v}",
    "Authorization: Negotiate {v}", "authorization: Basic {v}", "Proxy-Authorization: Digest {v}",
    "-H 'Authorization: ApiKey {v}'", "machine hf.example login me password {v}",
    "machine a\n  login me\n  password {v}\n", '{{"auths": {{"nvcr.io": {{"auth": "{v}"}}}}}}',
    "mysql -u root -p{v} db", "redis-cli -h r -a {v} ping", "curl -u admin:{v} http://x/",
    "docker login -u me -p {v} nvcr.io",
]

SURVIVORS = [
    "vllm/vllm-openai@sha256:" + "0123456789abcdef" * 4,
    "commit 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c",
    "--max-model-len 8192 --gpu-memory-utilization 0.9 --tensor-parallel-size 8",
    "meta-llama/Llama-3.1-8B-Instruct",
    '"token_count": 812, "max_tokens": 64, "num_gpu_blocks": 2048',
]


@st.composite
def planted_line(draw) -> tuple[str, str]:
    """(a line of text with one secret in it, the secret)."""
    kind = draw(st.sampled_from(["named", "flagged", "value", "vendor"]))
    if kind == "vendor":
        secret = draw(vendor_secret)
        return draw(st.sampled_from(["{v}", "key {v} used", "'{v}'", "x={v};", "({v})"])).format(v=secret), secret
    if kind == "named":
        template, quoted = draw(st.sampled_from(NAMED))
        secret = draw(st.one_of(plain_secret, vendor_secret, punct_secret) if quoted else plain_secret)
        return template.format(n=draw(secret_name), v=secret), secret
    if kind == "flagged":
        template, quoted = draw(st.sampled_from(FLAGGED))
        secret = draw(st.one_of(plain_secret, punct_secret) if quoted else plain_secret)
        return template.format(f=draw(secret_flag), v=secret), secret
    secret = draw(plain_secret)
    return draw(st.sampled_from(VALUE_ONLY)).format(v=secret), secret


def json_escape(text: str) -> str:
    return json.dumps(text)[1:-1]
