"""The markers data (ready, server-log, not-a-log and benign lines): valid, sourced, and read as meant."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from servecheck.diagnose.api import diagnose

DATA = json.loads(resources.files("servecheck.knowledge.structure").joinpath("markers.json").read_text())


@pytest.mark.parametrize("group", ["ready", "server_log", "not_a_log", "benign"])
def test_every_marker_compiles_has_a_unique_id_and_a_source(group):
    entries = DATA[group]
    ids = [m["id"] for m in entries]
    assert entries and len(ids) == len(set(ids))
    for m in entries:
        re.compile(m["pattern"])
        sources = m["source"] if isinstance(m["source"], list) else [m["source"]]
        assert all(s.startswith("https://") for s in sources), m["id"]


def _log(tmp_path, text: str) -> str:
    path = tmp_path / "start.log"
    path.write_text(text)
    return str(path)


def test_a_benign_error_line_is_no_failure(tmp_path):
    text = ("fatal: bad revision 'HEAD'\n"
            "2024-09-22 15:41:12,380 xinference.core.supervisor 1 INFO     Xinference supervisor 0.0.0.0:41562 started\n")
    d = diagnose(_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None


@pytest.mark.parametrize("ready", [
    "2023-12-27 03:35:12,616 xinference.api.restful_api 77236 INFO     Starting Xinference at endpoint: http://0.0.0.0:9997",
    "10:27AM INF LocalAI API is listening! Please connect to the endpoint for API documentation. endpoint=http://0.0.0.0:8080",
    "Please connect to custom endpoint at http://localhost:5001",
    "I1204 08:17:45.082251 1 http_server.cc:1411] Starting HTTPService at 0.0.0.0:8000",
])
def test_engines_own_ready_lines_complete_a_start(tmp_path, ready):
    d = diagnose(_log(tmp_path, ready + "\n"))
    assert d.status == "no_failure", d.status_message


def test_a_proxys_model_list_is_not_the_engines_ready_line(tmp_path):
    text = ('[llama-swap] 192.168.16.7 [2025-01-30 18:35:15] "GET /v1/models HTTP/1.1" 200 578\n'
            "main: HTTP server is listening, hostname: 0.0.0.0, port: 8080, http threads: 15\n"
            "srv    load_model: loading model '/models/m.gguf'\n")
    assert diagnose(_log(tmp_path, text)).status == "incomplete"


def test_a_kubectl_plugin_error_is_not_a_server_log(tmp_path):
    d = diagnose(_log(tmp_path, "Error: flags cannot be placed before plugin name: --kubeconfig\n"))
    assert d.status == "not_a_server_log"
