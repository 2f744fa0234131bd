"""URL parsing, the credentials rule and the one list of key variables."""

from __future__ import annotations

import base64

import pytest

from servecheck.errors import UsageError
from servecheck.server.keys import KEY_ENVS, resolve_key
from servecheck.server.url import MASK, parse_url


@pytest.mark.parametrize(("raw", "base"), [
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
    ("http://127.0.0.1:8000/v1", "http://127.0.0.1:8000"),
    ("http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000"),
    ("https://gw.example/llm/v1", "https://gw.example/llm"),
    ("127.0.0.1:8080", "http://127.0.0.1:8080"),
    ("http://[::1]:8000/v1", "http://[::1]:8000"),
])
def test_normalised(raw, base):
    assert parse_url(raw).base_url == base


@pytest.mark.parametrize("raw", ["ftp://h", "http://", "http://h:0", "http://h:70000", "http://h:x1", ""])
def test_refused_with_a_usage_error(raw):
    with pytest.raises(UsageError):
        parse_url(raw)


def test_url_credentials_become_basic_auth_and_never_stay_in_the_url():
    ep = parse_url("http://alice:s3cr%40t-pw@127.0.0.1:8000/v1")
    assert ep.base_url == "http://127.0.0.1:8000" and "s3cr" not in repr(ep)
    assert ep.auth == "url" and ep.headers["Authorization"] == "Basic " + base64.b64encode(b"alice:s3cr@t-pw").decode()
    assert "s3cr@t-pw" in ep.secrets
    assert ep.scrub('{"echo": "s3cr@t-pw"}') == f'{{"echo": "{MASK}"}}'


def test_key_wins_over_url_credentials_and_says_so():
    ep = parse_url("http://alice:pw-123456@h:1", api_key="sk-key-0123456789")
    assert ep.auth == "key" and ep.headers == {"Authorization": "Bearer sk-key-0123456789"}
    assert set(ep.secrets) == {"sk-key-0123456789", "pw-123456"} and "not sent" in ep.notes[0]


def test_password_never_in_the_usage_error():
    with pytest.raises(UsageError) as err:
        parse_url("http://u:topsecret@h:99999")
    assert "topsecret" not in str(err.value)


def test_one_key_list_in_order():
    assert KEY_ENVS == ("SERVECHECK_API_KEY", "VLLM_API_KEY", "OPENAI_API_KEY")
    assert resolve_key(None, {"OPENAI_API_KEY": "o", "VLLM_API_KEY": "v"}) == ("v", "VLLM_API_KEY")
    assert resolve_key("f", {"VLLM_API_KEY": "v"}) == ("f", "--api-key")
    assert resolve_key(None, {}) == (None, None)
