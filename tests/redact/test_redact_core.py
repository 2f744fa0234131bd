"""Planted secrets of every kind, in env, argv, command strings, logs and config files: none may
reach any file of the bundle, and structure (keys, flags, variable names) must survive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.redact import Redactor, is_secret_name

SECRETS = {
    "hf": "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    "openai": "sk-proj-Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0Ed",
    "github": "ghp_1234567890abcdefghijklmnopqrstuvwxyZ",
    "github_pat": "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    "aws_id": "AKIAIOSFODNN7EXAMPLE",
    "aws_secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "slack": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "bearer": "opaqueBearerValue0987654321",
    "url_pw": "Sup3rS3cretPw",
    "api_key_flag": "my-plain-api-key-42",
    "password_flag": "hunter2hunter2",
    "db_password": "pg-pass-771",
    "cookie": "sessid-abcdef-999",
}
PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq1n0tSECRETPEMBODY\n-----END RSA PRIVATE KEY-----"


def _planted_folder(folder: Path) -> Path:
    s = SECRETS
    folder.mkdir()
    (folder / "env.txt").write_text(
        f"HOSTNAME=gpu-b01\nHF_TOKEN={s['hf']}\nOPENAI_API_KEY={s['openai']}\n"
        f"AWS_ACCESS_KEY_ID={s['aws_id']}\nAWS_SECRET_ACCESS_KEY={s['aws_secret']}\n"
        f"DB_PASSWORD={s['db_password']}\nSESSION_COOKIE={s['cookie']}\nPATH=/usr/bin\n")
    (folder / "start.log").write_text(
        f"INFO starting vllm serve m --api-key {s['api_key_flag']} --password={s['password_flag']}\n"
        f"DEBUG headers Authorization: Bearer {s['bearer']}\n"
        f"git clone https://{s['github']}@github.com/org/repo\n"
        f"using pat {s['github_pat']} and slack {s['slack']}\n"
        f"jwt={s['jwt']}\nmirror https://mirror:{s['url_pw']}@registry.example:5000/v2\n"
        f"{PEM}\n"
        "ERROR RuntimeError: The NVIDIA driver on your system is too old (found version 12090)\n"
        '{"token_count": 812, "max_tokens": 64}\n')
    container = [{
        "Id": "abc", "Name": "/srv", "State": {"Status": "exited", "ExitCode": 1},
        "HostConfig": {"ShmSize": 1}, "Config": {
            "Image": "vllm/vllm-openai:v0.11.1", "Entrypoint": ["vllm", "serve"],
            "Cmd": ["m", "--api-key", s["api_key_flag"], f"--hf-token={s['hf']}"],
            "Env": [f"VLLM_API_KEY={s['api_key_flag']}", f"GH={s['github']}", "NCCL_DEBUG=INFO"]}}]
    (folder / "inspect.json").write_text(json.dumps(container))
    (folder / "daemon.json").write_text(json.dumps(
        {"runtimes": {"nvidia": {"path": "nvidia-container-runtime"}},
         "registry-mirrors": [f"https://mirror:{s['url_pw']}@registry.example:5000"],
         "auth": {"token": s["jwt"]}}))
    (folder / "nvidia-container-runtime.toml").write_text(
        f"[nvidia-container-cli]\nldconfig = \"@/sbin/ldconfig\"\n# proxy=http://u:{s['url_pw']}@proxy:3128\n")
    return folder


def _all_bundle_text(path: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in path.rglob("*") if p.is_file())


def test_no_planted_secret_reaches_any_file(tmp_path):
    folder = _planted_folder(tmp_path / "in")
    cmd = f"vllm serve m --api-key {SECRETS['api_key_flag']} --token {SECRETS['hf']}"
    result = capture(CaptureOptions(cmd=cmd), tmp_path / "b", ["servecheck", "capture"], from_dir=folder)
    text = _all_bundle_text(result.path)
    leaked = [k for k, v in SECRETS.items() if v in text]
    assert leaked == []
    assert "SECRETPEMBODY" not in text
    # Structure survives: names, flags and harmless keys stay.
    assert "HF_TOKEN" in text and "--api-key" in text and '"token_count": 812' in text
    assert "NCCL_DEBUG=INFO" in text and "too old (found version 12090)" in text
    counts = result.evidence.redactions
    assert sum(counts.values()) >= len(SECRETS)
    manifest = json.loads((result.path / "manifest.json").read_text())
    assert manifest["redactions"] == counts  # counts only, never values


@pytest.mark.parametrize("name,secret", [
    ("HF_TOKEN", True), ("HUGGING_FACE_HUB_TOKEN", True), ("VLLM_API_KEY", True),
    ("apiKey", True), ("AWS_SECRET_ACCESS_KEY", True), ("DB_PASSWORD", True), ("SESSION", True),
    ("token_count", False), ("max_tokens", False), ("KEY_CACHE_DTYPE", False), ("PWD", False),
    ("NVIDIA_VISIBLE_DEVICES", False), ("max_num_batched_tokens", False),
])
def test_secret_names(name, secret):
    assert is_secret_name(name) is secret


def test_flags_in_argv_and_strings():
    r = Redactor()
    assert r.argv(["x", "--api-key", "v1v1v1v1", "--hf-token=v2v2v2v2", "--port", "8000"]) == [
        "x", "--api-key", "[REDACTED:flag_value]", "--hf-token=[REDACTED:flag_value]", "--port", "8000"]
    out = r.text("serve --password 'a b c d' --token=zzzzzzzz --max-model-len 4096")
    assert "a b c d" not in out and "zzzzzzzz" not in out and "--max-model-len 4096" in out


def test_json_keys_are_never_rewritten():
    r = Redactor()
    data = {"token_count": 5, "api_key": "k-123456", "nested": {"Authorization": "Bearer abcdefghijk"},
            "env": ["HF_TOKEN=hf_aaaaaaaaaaaaaaaaaaaaaaaa", "A=1"]}
    out = r.obj(data)
    assert list(out) == list(data) and out["token_count"] == 5
    assert out["api_key"].startswith("[REDACTED") and "abcdefghijk" not in str(out)
    assert out["env"][0].startswith("HF_TOKEN=[REDACTED") and out["env"][1] == "A=1"


def test_known_value_is_scrubbed_where_it_reappears_bare():
    r = Redactor()
    r.learn_from({"env": {"MY_SECRET": "plainvalue123"}})
    assert "plainvalue123" not in r.text("echo plainvalue123 > /tmp/x")


def test_a_token_cut_by_line_truncation_leaves_no_prefix(tmp_path):
    from servecheck.capture.parsers import logscan

    token = "hf_" + "Q" * 16 + "abcdefghijklmnop"
    pad = "x " * ((logscan.MAX_LINE_CHARS - 10) // 2)
    line = (pad + "token " + token + " tail\n").encode()
    text = logscan.clean_line(line)
    assert text.endswith("[...line truncated]")
    assert "hf_" not in text and "QQQQ" not in text


def test_safe_cut():
    from servecheck.redact import safe_cut, safe_cut_bytes

    assert safe_cut("abc def ghijkl", 10) == "abc def "
    assert safe_cut("short", 10) == "short"
    assert safe_cut_bytes(b"key: sk-abcdefghij", 12) == b"key: "


def test_a_type_placeholder_after_a_secret_flag_is_not_a_secret() -> None:
    """`--api-key TEXT` in --help is click's metavar; the console redactor once printed it as
    `--api-key [REDACTED:flag_value]`. A real value after the same flag still goes."""
    from servecheck.redact import Redactor

    r = Redactor()
    assert r.text("  --api-key TEXT   Bearer key") == "  --api-key TEXT   Bearer key"
    assert "sk-live-abcdef123456" not in r.text("vllm serve m --api-key sk-live-abcdef123456")
