"""--server-kind auto finds llama.cpp behind a gateway that rewrites owned_by: from its metric
names or its /props; the build then comes from /props build_info."""

from __future__ import annotations

import httpx
import pytest

from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

PROPS = {"default_generation_settings": {"n_ctx": 4096}, "build_info": "b4567-abc1234", "total_slots": 2}
METRICS = ("# TYPE llamacpp:prompt_tokens_total counter\nllamacpp:prompt_tokens_total 10\n"
           "# TYPE llamacpp:requests_processing gauge\nllamacpp:requests_processing 0\n")


def _server(with_metrics: bool, with_props: bool):
    def handle(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/health":
            return httpx.Response(200, json={"status": "ok"})
        if path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "m", "owned_by": "gateway", "meta": {"n_ctx": 4096}}]})
        if path == "/metrics" and with_metrics:
            return httpx.Response(200, text=METRICS)
        if path == "/props" and with_props:
            return httpx.Response(200, json=PROPS)
        return httpx.Response(404, json={"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}})

    return httpx.MockTransport(handle)


@pytest.mark.parametrize("with_metrics,with_props", [(True, True), (True, False), (False, True)])
def test_llamacpp_found_without_owned_by(with_metrics, with_props):
    result = run_verify(VerifyOptions(url="http://gw.test", checks=("api",), wait_s=2, timeout_s=5),
                        transport=_server(with_metrics, with_props))
    server = result.server
    assert server.kind == "llamacpp" and server.kind_source == "/props or llamacpp:* metrics"
    assert server.max_model_len == 4096
    assert server.version == ("b4567-abc1234" if with_props else None)
    assert server.metrics_era == ("llamacpp" if with_metrics else None)


def test_plain_openai_server_is_not_taken_for_llamacpp():
    result = run_verify(VerifyOptions(url="http://gw.test", checks=("api",), wait_s=2, timeout_s=5),
                        transport=_server(False, False))
    assert result.server.kind == "openai" and result.server.version is None
