"""Property: no planted secret of any kind, in any syntax or position, survives redaction in
any output servecheck writes (Redactor text / argv / JSON, capture bundles and their archive,
diagnose results), while digests, commits, flags and model names do.

Profiles (tests/redact/conftest.py): ``ci`` is derandomized; HYPOTHESIS_PROFILE=fresh draws
new examples each run."""

from __future__ import annotations

import json
import re
import tarfile
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.redact import Redactor

from .strategies import (
    SURVIVORS,
    plain_secret,
    planted_line,
    secret_flag,
    secret_name,
    vendor_secret,
)

PLACEHOLDER_RE = re.compile(r"\[REDACTED:\w+\]")
FILLER = ["INFO 12-01 10:00:01 [api_server.py:1] vLLM API server version 0.11.1",
          "INFO 12-01 10:00:02 [worker.py:2] Memory profiling takes 4.2 seconds",
          "WARNING 12-01 10:00:03 [utils.py:3] max_num_batched_tokens=8192 is small"]


def _assert_clean(text: str, secrets: list[str], survivors: list[str] = SURVIVORS) -> None:
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"leaked {leaked!r} in:\n{text[:3000]}"
    assert "[[REDACTED" not in text, "a placeholder was redacted again"
    for keep in survivors:
        assert keep in text, f"lost {keep!r}"


@settings(max_examples=400)
@given(st.lists(planted_line(), min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_text_never_leaks(planted, rnd):
    lines = [line for line, _ in planted] + SURVIVORS + FILLER
    rnd.shuffle(lines)
    out = Redactor().text("\n".join(lines) + "\n")
    _assert_clean(out, [s for _, s in planted])


@settings(max_examples=300)
@given(planted_line(), planted_line())
def test_two_secrets_side_by_side_on_one_line_never_leak(first, second):
    """A line holding two secrets: the rule that redacts one first must not hide the other (a named
    value followed by a shaped token once read as 'Authorization: Token [REDACTED]')."""
    out = Redactor().text(f"{first[0]} {second[0]}\n")
    _assert_clean(out, [first[1], second[1]], [])


@settings(max_examples=150)
@given(secret_name, plain_secret, secret_flag, plain_secret, plain_secret, vendor_secret)
def test_structured_json_never_leaks(name, env_secret, flag, flag_secret, pair_secret, bare):
    data = [{"Id": "abc", "Config": {
        "Image": "vllm/vllm-openai@sha256:" + "0123456789abcdef" * 4,
        "Env": [f"{name}={env_secret}", "NCCL_DEBUG=INFO"],
        "Cmd": ["--model", "meta-llama/Llama-3.1-8B-Instruct", flag, flag_secret,
                "--max-model-len", "8192"],
        "Labels": {"note": f"uses {bare}"}},
        "spec": {"env": [{"name": name, "value": pair_secret}, {"name": "A", "value": "b"}]}}]
    r = Redactor()
    r.learn_from(data)
    out = json.dumps(r.obj(data))
    _assert_clean(out, [env_secret, flag_secret, pair_secret, bare],
                  ["sha256:" + "0123456789abcdef" * 4, "meta-llama/Llama-3.1-8B-Instruct",
                   '"--max-model-len", "8192"', "NCCL_DEBUG=INFO", f'"name": "{name}"'])
    assert json.loads(out)[0]["Config"]["Cmd"][2] == flag


@settings(max_examples=150)
@given(st.text(min_size=6, max_size=40).filter(lambda s: s.strip() == s and len(s) >= 6),
       st.sampled_from(["error body: {v}", "{v}", "url https://h/?x={v}", "'{v}'"]))
def test_known_secrets_are_removed_wherever_they_appear(secret, template):
    r = Redactor(known_secrets=[secret])
    out = r.text(template.format(v=secret))
    # The value may spell part of a placeholder ("[REDAC"); it must be gone from every piece of
    # the text around the placeholders, and each placeholder written once, never rewritten.
    pieces = PLACEHOLDER_RE.split(out)
    assert len(pieces) > 1, f"nothing was redacted in {out!r}"
    assert not [p for p in pieces if secret in p], f"leaked {secret!r} in {out!r}"
    assert "[[REDACTED" not in out


@pytest.mark.parametrize("secrets, text, expected", [
    (["[REDAC"], "error body: [REDAC", "error body: [REDACTED:known_value]"),
    (["[REDACTED"], "error body: [REDACTED", "error body: [REDACTED:known_value]"),
    (["sk-live-0123456789", "ACTED:known"], "a sk-live-0123456789 b ACTED:known",
     "a [REDACTED:known_value] b [REDACTED:known_value]"),
    (["TED:env_value]x"], "k [REDACTED:env_value]x TED:env_value]x",
     "k [REDACTED:env_value]x [REDACTED:known_value]"),
])
def test_a_known_value_spelling_part_of_a_placeholder_never_rewrites_one(secrets, text, expected):
    r = Redactor(known_secrets=secrets)
    assert r.text(text) == expected
    assert r.text(r.text(text)) == expected  # redacting again changes nothing


def _plant_folder(folder: Path, planted: list[tuple[str, str]], name: str, env_secret: str,
                  flag: str, flag_secret: str) -> None:
    folder.mkdir()
    (folder / "env.txt").write_text(f"HOSTNAME=gpu-x1\n{name}={env_secret}\nPATH=/usr/bin\nA=1\n")
    log = FILLER + [f"ERROR planted: {line}" for line, _ in planted] + SURVIVORS + FILLER
    (folder / "start.log").write_text("\n".join(log) + "\n" + "INFO padding\n" * 50)
    inspect = [{"Id": "abc", "Name": "/srv", "State": {"Status": "exited", "ExitCode": 1},
                "HostConfig": {"ShmSize": 1},
                "Config": {"Image": "vllm/vllm-openai:v0.11.1", "Entrypoint": ["vllm", "serve"],
                           "Cmd": ["m", flag, flag_secret], "Env": [f"{name}={env_secret}"]}}]
    (folder / "inspect.json").write_text(json.dumps(inspect))


@settings(max_examples=30)
@given(st.lists(planted_line(), min_size=1, max_size=5), secret_name, plain_secret,
       secret_flag, plain_secret, st.booleans())
def test_capture_bundle_and_archive_never_leak(planted, name, env_secret, flag, flag_secret, anonymize):
    secrets = [s for _, s in planted] + [env_secret, flag_secret]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "in"
        _plant_folder(folder, planted, name, env_secret, flag, flag_secret)
        cmd = f"vllm serve m {flag} {flag_secret} --max-model-len 8192"
        result = capture(CaptureOptions(cmd=cmd), Path(tmp) / "b", ["servecheck", "capture"],
                         from_dir=folder, tar=True, anonymize=anonymize)
        text = "\n".join(p.read_text(errors="replace") for p in result.path.rglob("*") if p.is_file())
        _assert_clean(text, secrets)
        with tarfile.open(result.tar_path) as tf:
            blob = b"\n".join(tf.extractfile(m).read() for m in tf.getmembers() if m.isfile())
        _assert_clean(blob.decode(errors="replace"), secrets)


@settings(max_examples=30)
@given(st.lists(planted_line(), min_size=1, max_size=4))
def test_diagnose_output_never_leaks(planted):
    from servecheck.diagnose.api import diagnose

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "start.log"
        lines = FILLER + [f"RuntimeError: CUDA error: out of memory ({line})" for line, _ in planted]
        log.write_text("\n".join(lines) + "\n")
        out = diagnose(str(log)).model_dump_json()
    assert not [s for _, s in planted if s in out]


def test_a_secret_list_keeps_its_quotes_when_a_known_value_was_redacted_inside_it():
    """A known value (a flag's secret) that is part of a listed token is replaced first; the list
    around the placeholder it leaves still closes at its own bracket (found by a fresh draw)."""
    r = Redactor(known_secrets=["Qz70000000000000000000000000000009x"])
    out = r.text("ERROR planted: 'TOKEN': ['hf_Qz70000000000000000000000000000009x']")
    assert out == "ERROR planted: 'TOKEN': ['[REDACTED:named_value]']"
    assert r.text(out) == out


# Pieces of lines: names, separators, flags, schemes, headers and values that the rules read, and the
# words around them; lines built from them put a rule's context at a line's start or end, where
# Redactor.lines's joined pass sees a newline instead of the string's edge.
_PIECES = st.sampled_from([
    "TOKEN", "HF_TOKEN", "api_key", "password", "value", "name", "key", "- name: ", "  value: ",
    "=", ": ", ":", "'", '"', "[", "]", ",", " ", "  ", "\t", "-", "--api-key", "--token", "-p", "-a", "-u",
    "mysql", "redis-cli", "curl", "docker login", "machine", "login", "default", "Authorization",
    "Authorization: ", "Bearer ", "Basic ", "Cookie: ", "https://", "u:", "@host", "?token=", "&sig=",
    "-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "null", "eyJ", ".", "hf_", "sk-",
    "Qz7a8b9c0d1e2f3g4h5i6j9x", "Qz7Zz0Yy1Xx2Ww3Vv4Uu5Tt6Ss7Rr8Qq9Pp9x", "abcdefghijklmnopqrstuvwxyzABCDEF0123456789",
    "INFO", "worker", "8000", "(", ")", "{", "}",
])
_LINE = st.lists(_PIECES, max_size=8).map("".join)


@settings(max_examples=400)
@given(st.lists(_LINE, min_size=1, max_size=6))
def test_redacting_lines_together_gives_what_each_line_gives_alone(texts):
    """``Redactor.lines`` skips the lines when their joined text needs nothing: each line alone,
    with what the joined text taught, is redacted the same (one line's rule never misses in the
    joined text)."""
    alone = Redactor()
    alone.learn_text("\n".join(texts))
    assert Redactor().lines(texts) == [alone.text(t) for t in texts]
