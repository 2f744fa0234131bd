"""Every leak that issue #13 measured stays here as a regression test: the secret must vanish,
the structure around it (names, flags, keys, digests, model names) must stay."""

from __future__ import annotations

import json

import pytest

from servecheck.redact import Redactor, is_secret_name

S = "Zq8rT2vLw9Xk4Pm7Nc1B"  # a plain random-looking secret with no vendor prefix

CASES = [
    # (id, text, secret, must survive)
    ("vllm_repr_kwarg", f"Namespace(model='meta-llama/Llama-3.1-8B', api_key='{S}', port=8000)",
     S, ["meta-llama/Llama-3.1-8B", "api_key=", "port=8000"]),
    ("vllm_repr_dict", f"non-default args: {{'model': 'Qwen/Qwen2.5-7B', 'api_key': '{S}'}}",
     S, ["'api_key': ", "Qwen/Qwen2.5-7B"]),
    ("vllm_repr_list", f"args: {{'api_key': ['{S}', 'second{S}'], 'max_model_len': 4096}}",
     S, ["'max_model_len': 4096", "'api_key'"]),
    ("docker_args_json", f'"Args": [\n  "--model", "m",\n  "--api-key",\n  "{S}",\n  "--port", "8000"]',
     S, ['"--api-key"', '"--port", "8000"']),
    ("pod_args_yaml", f"args:\n- --model\n- m\n- --api-key\n- {S}\n- --port\n- '8000'\n",
     S, ["- --api-key", "- --port"]),
    ("pod_args_flow", f"args: ['--api-key', '{S}', '--port', '8000']", S, ["'--api-key'"]),
    ("k8s_env_two_lines", f"env:\n- name: HF_TOKEN\n  value: {S}\n- name: A\n  value: b\n",
     S, ["name: HF_TOKEN", "value: b"]),
    ("k8s_env_json", f'{{"name": "HF_TOKEN", "value": "{S}"}}', S, ['"name": "HF_TOKEN"']),
    ("k8s_env_json_pretty", f'{{\n  "name": "HF_TOKEN",\n  "value": "{S}"\n}}', S, ["HF_TOKEN"]),
    ("env_value_first", f'{{"value": "{S}", "name": "API_TOKEN"}}', S, ["API_TOKEN"]),
    ("query_token", f"GET https://h.example/v1/models?token={S}&limit=5", S, ["limit=5", "h.example"]),
    ("query_amz", f"https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4&X-Amz-Signature={S}",
     S, ["X-Amz-Algorithm=AWS4"]),
    ("query_sig_key", f"https://x.blob.example/c?sv=2021&sig={S}&key={S}x", S, ["sv=2021"]),
    ("auth_token_scheme", f"Authorization: Token {S}", S, ["Authorization: Token "]),
    # a named value followed by a second secret that another rule redacted first: not a scheme word
    ("named_then_shaped", f"x. token={S} hf_abcdefghijklmnopqrstuvwxyz123456", S, ["token="]),
    ("named_colon_then_shaped", f"token: {S}-4711 hf_abcdefghijklmnopqrstuvwxyz123456", S, ["token: "]),
    # a one-token credential ends at its blank: the rest of the line is read by the other rules
    ("bearer_then_flag", f'Authorization: Bearer x{S} vllm serve m --api-key "{S}"', S, ["--api-key", "Bearer"]),
    ("auth_params_rest", f"Authorization: Digest username=me, response={S}", S, ["Digest"]),
    # two pasted commands on one line: each tool's short flags by its own rules
    ("two_tools_one_line", f"mysql -u root -px{S} db redis-cli -h r -a {S} ping", S, ["redis-cli -h r -a", "ping"]),
    ("auth_negotiate", f"-H 'Authorization: Negotiate {S}' http://x", S, ["Negotiate"]),
    ("auth_aws4", f"Authorization: AWS4-HMAC-SHA256 Credential=AKID/x, Signature={S}", S, []),
    ("proxy_auth", f"Proxy-Authorization: Basic {S}", S, ["Proxy-Authorization"]),
    ("token_digit", f"TOKEN_1={S}", S, ["TOKEN_1="]),
    ("key_digit", f"FOO_KEY_1={S}", S, ["FOO_KEY_1="]),
    ("creds_suffix", f"AWS_CREDS={S}", S, ["AWS_CREDS="]),
    ("token_value_suffix", f"HUB_TOKEN_VALUE={S}", S, ["HUB_TOKEN_VALUE="]),
    ("netrc", f"machine hf.example login me password {S}\n", S, ["machine hf.example", "login me"]),
    ("netrc_lines", f"machine a\n  login me\n  password {S}\n", S, ["login me"]),
    ("env_colon", f"env: VLLM_API_KEY: {S}", S, ["VLLM_API_KEY: "]),
    ("nvapi_bare", "key nvapi-" + S + S, "nvapi-" + S, []),
    ("glpat", f"git clone https://oauth2:glpat-{S}@gitlab.example/r.git", S, ["gitlab.example"]),
    ("google", "AIza" + S + S[:15], "AIza" + S, []),
    ("stripe_live", f"sk_live_{S}", S, []),
    ("stripe_restricted", f"rk_live_{S}", S, []),
    ("cut_semicolon", f"DB_PASSWORD='{S};tail{S[:5]}'", f"tail{S[:5]}", ["DB_PASSWORD="]),
    ("cut_comma", f'{{"api_key": "{S},x{S[:6]}"}}', f"x{S[:6]}", ['"api_key"']),
    ("cut_space", f"PASSWORD=\"{S} more{S[:6]}\"", f"more{S[:6]}", []),
    ("short_mysql", f"mysql -u root -p{S} db1", S, ["-u root", "db1"]),
    ("short_redis", f"redis-cli -h r -a {S} ping", S, ["ping"]),
    ("short_curl", f"curl -u admin:{S} http://x/", S, ["admin:"]),
    ("short_docker_login", f"docker login -u me -p {S} nvcr.io", S, ["nvcr.io"]),
    ("docker_config_auth", json.dumps({"auths": {"nvcr.io": {"auth": S}}}), S, ["nvcr.io"]),
    ("high_entropy_hint", f"hub_token_material={S}x9", S, []),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_issue_13_leaks_are_closed(case):
    _, text, secret, survive = case
    out = Redactor().text(text)
    assert secret not in out, out
    for keep in survive:
        assert keep in out, (keep, out)
    assert "[REDACTED:" in out


def test_argv_short_forms_only_where_they_are_password_flags():
    r = Redactor()
    assert r.argv(["mysql", "-p", "mydb"]) == ["mysql", "-p", "mydb"]  # -p alone prompts
    assert r.argv(["mysql", f"-p{S}"]) == ["mysql", "-p[REDACTED:flag_value]"]
    assert r.argv(["vllm", "serve", "-p", "8000"]) == ["vllm", "serve", "-p", "8000"]
    assert S not in str(r.argv(["curl", "--user", f"u:{S}", "x"]))
    assert S not in str(r.argv(["curl", f"--user=u:{S}"]))
    assert S not in str(r.argv(["redis-cli", "-a", S]))
    assert r.text("ssh -p 2222 host") == "ssh -p 2222 host"


@pytest.mark.parametrize("text", [
    "image vllm/vllm-openai@sha256:" + "ab" * 32,
    "commit 1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c",
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --gpu-memory-utilization 0.9",
    '{"token_count": 812, "max_tokens": 64, "num_gpu_blocks": 2048}',
    "tokenizer='hf-internal-testing/llama-tokenizer', kv_cache_dtype='auto', max_num_batched_tokens=8192",
    "INFO 12-01 10:00:00 [api_server.py:123] Starting vLLM API server on http://0.0.0.0:8000",
    "secretKeyRef:\n  key: hf-token\n  name: hf-secret\n",
    "HF_TOKEN_PATH=/root/.cache/huggingface/token",
    # `docker info --format json` with no authorization plugin: a JSON literal is no credential, and
    # taking "null," with it once left the raw file that is no longer JSON
    '{"Plugins":{"Volume":null,"Network":null,"Authorization":null,"Log":null},"MemoryLimit":true}',
    '{"Authorization": null, "Cookie": false}',
    "Authorization: None",
    # a C++ scope is no assignment (Mooncake's TCP transport; round 234)
    "E0520 06:53:47.272128 18592 tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address (value: 14)",
])
def test_evidence_survives(text):
    assert Redactor().text(text) == text


@pytest.mark.parametrize("name,secret", [
    ("TOKEN_1", True), ("FOO_KEY_1", True), ("AWS_CREDS", True), ("HUB_TOKEN_VALUE", True),
    ("identitytoken", True), ("accessToken", True), ("X-Amz-Signature", True),
    ("token_count", False), ("max_tokens", False), ("num_gpu_blocks", False), ("key", False),
    ("tokenizer", False), ("HF_TOKEN_PATH", False), ("kv_cache_dtype", False),
])
def test_secret_names_with_suffixes_and_digits(name, secret):
    assert is_secret_name(name) is secret


def test_known_secrets_api():
    r = Redactor(known_secrets=["plain-key-value-1"])
    r.add_known("pw with/slash", None, "")
    out = r.text("401 for key plain-key-value-1 at https://h/?p=pw%20with%2Fslash and pw with/slash")
    assert "plain-key-value-1" not in out and "pw with/slash" not in out and "pw%20with%2Fslash" not in out
    assert r.counts["known_value"] == 3
    assert Redactor(extra_values=["legacy-arg-123"]).text("x legacy-arg-123") == "x [REDACTED:known_value]"


def test_a_value_found_late_is_removed_where_it_stood_earlier():
    out = Redactor().text(f"echo {S}\nexport MY_SECRET={S}\n")
    assert S not in out


def test_structured_pairs_and_arrays():
    r = Redactor()
    data = {"Config": {"Args": ["--api-key", S, "--port", "8000"],
                       "Env": [f"TOKEN_1={S}x", "A=1"]},
            "spec": {"env": [{"name": "HF_TOKEN", "value": S + "y"}, {"name": "A", "value": "b"}]}}
    out = r.obj(data)
    assert S not in json.dumps(out)
    assert out["Config"]["Args"][2:] == ["--port", "8000"] and out["Config"]["Env"][1] == "A=1"
    assert out["spec"]["env"][1] == {"name": "A", "value": "b"}
    assert list(out["spec"]["env"][0]) == ["name", "value"]


def test_a_placeholder_is_never_redacted_again():
    r = Redactor(known_secrets=["Zq8rT2vLw9Xk4Pm7"])
    out = r.text("GET https://m.example/v1?token=Zq8rT2vLw9Xk4Pm7&limit=5\ntoken=Zq8rT2vLw9Xk4Pm7")
    assert out == ("GET https://m.example/v1?token=[REDACTED:known_value]&limit=5\n"
                   "token=[REDACTED:known_value]")


@pytest.mark.timeout(60)  # quadratic URL matching took minutes on a report's embedded image
def test_a_long_base64_run_stays_linear():
    import base64
    import random

    blob = base64.b64encode(random.Random(1).randbytes(1_000_000)).decode()
    out = Redactor().text(f'<img src="data:image/png;base64,{blob}"> https://u:pw1234567@h/p')
    assert out.endswith("https://u:[REDACTED:url_password]@h/p")


@pytest.mark.parametrize("text,kept", [
    ('"signature": "gpu.no_cuda_gpus"', True),                  # servecheck's own results
    ('"signatures": ["struct.exc.config_module"]', True),
    ('"signature": "kX9v2Qm8pL3nR7tY1wZ5aB4cD6eF0gH2"', False),  # a signed value is random text
    ("X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015a3bf", False),
    ("sig=Zq8rT2vLw9Xk4Pm7", False),
    ("sig=a5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd", False),  # lower-case hex
    ("signature=deadbeefcafe", False),
])
def test_a_signature_is_random_text_and_an_identifier_after_the_word_is_a_name(text, kept):
    r = Redactor()
    assert (r.text(text) == text) is kept
    key, _, value = text.partition(": ")
    if key.strip('"') == "signature":
        assert (r.obj({"signature": json.loads(value)}) == {"signature": json.loads(value)}) is kept


def test_a_secret_learned_from_a_kept_log_line_ends_where_its_value_ends():
    """A log line kept as evidence that starts with NAME=value: the value is learned, not the rest
    of the line (which would then be cut from every place the line appears)."""
    r = Redactor()
    line = f"HF_TOKEN={S} RuntimeError: No CUDA GPUs are available"
    data = {"relevant": [{"line": 2, "text": line}], "env": [f"PASSWORD={S}2 two words"]}
    r.learn_from(data)          # as a bundle's writer does, before anything is written
    out = r.obj(data)
    assert S not in json.dumps(out) and "two words" not in json.dumps(out)   # an env value is whole
    assert out["relevant"][0]["text"].endswith("] RuntimeError: No CUDA GPUs are available")
    assert r.text(f"again {S} and RuntimeError: No CUDA GPUs are available").endswith(
        "] and RuntimeError: No CUDA GPUs are available")


def test_every_signature_id_servecheck_prints_is_kept():
    """The ids a diagnosis names (signatures, structural rules) pass the redacting stdout whole."""
    from servecheck.diagnose.signatures import load

    r = Redactor()
    ids = [s.id for s in load().signatures] + ["layers.compat_shadowing", "lexicon.model_config", "struct.error_line"]
    for sid in ids:
        assert r.text(f'"signature": "{sid}", "signatures": ["{sid}"]') == f'"signature": "{sid}", "signatures": ["{sid}"]'


def test_an_exceptions_message_after_a_key_word_in_its_type_is_evidence_not_a_secret():
    """KeyError contains "key": its message (a layer's name, a config key) is what failed, not a
    credential; a token of a known format inside it is still redacted."""
    r = Redactor()
    assert r.text("KeyError: 'language_model.model.layers.30.self_attn.attn'") == (
        "KeyError: 'language_model.model.layers.30.self_attn.attn'")
    assert "hf_" not in r.text("KeyError: 'hf_abcdefghijklmnopqrstuvwxyzABCD1234'")
    assert "aB3dE5fG7hJ9kL1mN3pQ5rS7" not in Redactor().text("token_hash: aB3dE5fG7hJ9kL1mN3pQ5rS7")


def test_a_scope_operator_is_no_separator_but_a_sessions_value_still_goes():
    """"Session::writeBody" names a method; "session: VALUE" and "session_id=VALUE" still name secrets."""
    r = Redactor()
    assert r.text("Session::readBody failed") == "Session::readBody failed"
    assert "s3cr3tS3ss10nV4lu3x9" not in r.text("session: s3cr3tS3ss10nV4lu3x9")
    assert "s3cr3tS3ss10nV4lu3x9" not in r.text("SESSION_TOKEN=s3cr3tS3ss10nV4lu3x9")
