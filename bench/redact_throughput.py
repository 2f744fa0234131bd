"""Redaction throughput on a large synthetic vLLM start-up log, against two baselines measured
in the same run: plain line copying (the floor) and the previous Redactor (kept below, text()
only, as it was before the redact/ package was split into rules).

    .venv/bin/python bench/redact_throughput.py --size-mb 50
"""

from __future__ import annotations

import argparse
import random
import re
import time
from functools import partial

from servecheck.redact import Redactor

_LINES = [
    "INFO 12-01 10:00:{s:02d} [api_server.py:{n}] vLLM API server version 0.11.1",
    "INFO 12-01 10:00:{s:02d} [config.py:{n}] This model supports multiple tasks: generate, embed",
    "INFO 12-01 10:00:{s:02d} [worker.py:{n}] Memory profiling takes 4.2 seconds; KV cache 61.3 GiB",
    "INFO 12-01 10:00:{s:02d} [metrics.py:{n}] Avg prompt throughput: 812.4 tokens/s, Running: 12 reqs",
    "DEBUG 12-01 10:00:{s:02d} [loader.py:{n}] loading shard model-0000{s}-of-00004.safetensors",
    "WARNING 12-01 10:00:{s:02d} [utils.py:{n}] max_num_batched_tokens=8192 is below max_model_len",
    "INFO:     127.0.0.1:{n} - \"POST /v1/chat/completions HTTP/1.1\" 200 OK",
]
_SECRET_LINES = [
    "INFO non-default args: {{'model': 'm', 'api_key': 'Zq8rT2vLw9Xk4Pm7Nc1B{n}'}}",
    "DEBUG headers Authorization: Bearer opaqueBearerValue{n}",
    "env HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWx{n}",
]


def make_log(size_mb: int) -> str:
    rng = random.Random(7)
    out, total = [], 0
    while total < size_mb * 1_000_000:
        n = rng.randrange(100, 999)
        if rng.random() < 0.001:  # a few secrets, each repeated, as in a real log
            line = rng.choice(_SECRET_LINES).format(n=rng.randrange(2))
        else:
            line = rng.choice(_LINES).format(s=n % 60, n=n)
        out.append(line)
        total += len(line) + 1
    return "\n".join(out) + "\n"


def copy_lines(text: str) -> str:
    return "\n".join(line for line in text.split("\n"))


# -- the previous Redactor.text (value shapes, --flags, NAME=value), for comparison --------------
_OLD_VALUES = [re.compile(p, f) for p, f in (
    (r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|\Z)", re.S),
    (r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", 0),
    (r"(?<=Bearer )[A-Za-z0-9._~+/=-]{8,}", re.I), (r"(?<=Basic )[A-Za-z0-9+/]{12,}={0,2}", re.I),
    (r"\bhf_[A-Za-z0-9]{20,}\b", 0), (r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}", 0),
    (r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b", 0),
    (r"\b(?:AKIA|ASIA|AIDA|AROA)[A-Z0-9]{16}\b", 0), (r"\bxox[abposr]-[A-Za-z0-9-]{10,}", 0),
    (r"(?m)^\s*(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*\d)[A-Za-z0-9+/]{40,}={0,2}\s*$", 0),
    (r"(?P<keep>://[^/\s:@\"']+:)(?P<v>[^/\s@\"']+)(?=@)", 0))]
_OLD_FLAG = re.compile(r"(?P<flag>--(?:api-key|api_key|apikey|hf-token|hf_token|token|password|secret))"
                       r"(?P<sep>=|\s+)(?P<val>\"[^\"]*\"|'[^']*'|[^\s\"']+)", re.I)
_OLD_ASSIGN = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)(?P<sep>[\"']?\s*[:=]\s*[\"']?)(?P<val>[^\s\"',;}\]]+)")
_OLD_SECRETISH = re.compile(r"token|key|secret|passw|passphrase|credential|auth|cookie|session|pwd|pat\b|dsn", re.I)


def old_text(s: str) -> str:
    def value_sub(m: re.Match[str]) -> str:
        return (m.groupdict().get("keep") or "") + "[REDACTED]"

    for pattern in _OLD_VALUES:
        s = pattern.sub(partial(value_sub), s)
    if "--" in s:
        s = _OLD_FLAG.sub(lambda m: f"{m.group('flag')}{m.group('sep')}[REDACTED]", s)
    if _OLD_SECRETISH.search(s):
        s = _OLD_ASSIGN.sub(lambda m: m.group(0) if not _OLD_SECRETISH.search(m.group("name"))
                            else f"{m.group('name')}{m.group('sep')}[REDACTED]", s)
    return s


def timed(label: str, fn, text: str, baseline: float | None) -> float:
    t0 = time.perf_counter()
    fn(text)
    dt = time.perf_counter() - t0
    mbs = len(text) / 1e6 / dt
    rel = f"  ({dt / baseline:.2f}x the previous Redactor)" if baseline else ""
    print(f"{label:<34} {dt:7.2f} s  {mbs:7.1f} MB/s{rel}")
    return dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mb", type=int, default=50)
    args = ap.parse_args()
    text = make_log(args.size_mb)
    print(f"synthetic log: {len(text) / 1e6:.1f} MB, {text.count(chr(10))} lines")
    timed("plain line copying (floor)", copy_lines, text, None)
    old = timed("previous Redactor.text", old_text, text, None)
    timed("Redactor.text (whole file)", Redactor().text, text, old)
    r = Redactor()
    timed("Redactor.text (line by line)", lambda t: [r.text(x) for x in t.split("\n")], text, old)
    # An HTML report with an embedded plot: one long base64 run, where a regex that starts at
    # every character goes quadratic.
    import base64

    html = ('<img src="data:image/png;base64,' + base64.b64encode(random.Random(3).randbytes(
        args.size_mb * 100_000)).decode() + '"> https://u:pw1234567@h/p\n')
    print(f"HTML with a {len(html) / 1e6:.1f} MB base64 image:")
    old_html = timed("  previous Redactor.text", old_text, html, None)
    timed("  Redactor.text", Redactor().text, html, old_html)


if __name__ == "__main__":
    main()
