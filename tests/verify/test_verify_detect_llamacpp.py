"""--server-kind auto finds llama.cpp behind a gateway that rewrites owned_by: from its metric
names or its /props; the build then comes from /props build_info."""

from __future__ import annotations

from typing import Any

import pytest

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

PROPS = {"default_generation_settings": {"n_ctx": 4096}, "build_info": "b4567-abc1234", "total_slots": 2}
METRICS = ("# TYPE llamacpp:prompt_tokens_total counter\nllamacpp:prompt_tokens_total 10\n"
           "# TYPE llamacpp:requests_processing gauge\nllamacpp:requests_processing 0\n")


def _server(with_metrics: bool, with_props: bool):
    def handle(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        if path == "/health":
            return 200, {"status": "ok"}
        if path == "/v1/models":
            return 200, {"data": [{"id": "m", "owned_by": "gateway", "meta": {"n_ctx": 4096}}]}
        if path == "/metrics" and with_metrics:
            return 200, METRICS
        if path == "/props" and with_props:
            return 200, PROPS
        return 404, {"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}}

    return handle


@pytest.mark.parametrize("with_metrics,with_props", [(True, True), (True, False), (False, True)])
def test_llamacpp_found_without_owned_by(with_metrics, with_props, fakes):
    with fakes.json_server(_server(with_metrics, with_props)) as url:
        result = run_verify(VerifyOptions(url=url, checks=("api",), wait_s=2, timeout_s=5))
    server = result.server
    assert server.kind == "llamacpp" and server.kind_source == "/props or llamacpp:* metrics"
    assert server.max_model_len == 4096
    assert server.version == ("b4567-abc1234" if with_props else None)
    assert server.metrics_era == ("llamacpp" if with_metrics else None)


def test_plain_openai_server_is_not_taken_for_llamacpp(fakes):
    with fakes.json_server(_server(False, False)) as url:
        result = run_verify(VerifyOptions(url=url, checks=("api",), wait_s=2, timeout_s=5))
    assert result.server.kind == "openai" and result.server.version is None
