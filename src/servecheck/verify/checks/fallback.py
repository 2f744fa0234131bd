"""fallback: the previous service still answers (`--fallback-url`), so the rollback path is proven.

It is the api check, run against the previous service on its own client (same bounds, same
key rule); its verdict and evidence are kept under this check, which the case report reads for
the checklist item "a documented fallback to the previous service exists".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from servecheck.errors import UsageError
from servecheck.server.client import Client, ProbeError
from servecheck.server.discovery import Discovery, discover, scrape_metrics, wait_ready
from servecheck.server.url import parse_url
from servecheck.verify.checks import api
from servecheck.verify.checks.common import CheckContext, result
from servecheck.verify.models import CheckResult, ServerInfo

NAME = "fallback"
_WAIT_S = 10.0
SIGNAL = "the api check against the previous service (--fallback-url)"


def run(ctx: CheckContext) -> CheckResult:
    url = ctx.options.fallback_url
    if not url:
        return result(NAME, "skip", "no --fallback-url given: the rollback path to the previous service is not proven",
                      "not_given", signal=SIGNAL)
    try:
        endpoint = parse_url(url, ctx.options.api_key)
    except UsageError as exc:
        return result(NAME, "error", f"--fallback-url: {exc}", "bad_url")
    client = Client(endpoint, ctx.client.limits, ctx.options.timeout_s)
    try:
        return _check(ctx, client, endpoint.base_url)
    finally:
        client.close()


def _check(ctx: CheckContext, client: Client, public: str) -> CheckResult:
    found = Discovery()
    wait_ready(client, found, min(ctx.options.wait_s, _WAIT_S))
    ev: dict[str, Any] = {"fallback_url": public, "signal": SIGNAL}
    if not found.ready:
        why = found.notes[-1] if found.notes else "no answer"
        return result(NAME, "fail", f"the previous service at {public} does not answer: {why}", "unreachable", **ev)
    discover(client, found, None, "auto", min(ctx.options.timeout_s, 30.0))
    info = ServerInfo(url=public, kind=found.kind if found.kind in ("vllm", "llamacpp", "sglang", "openai") else "unknown",  # type: ignore[arg-type]
                      ready=True, health_status=found.health_status, version=found.version, model=found.model,
                      models=found.models, max_model_len=found.max_model_len)
    client.start_check(ctx.options.timeout_s)
    sub = CheckContext(client=client, info=info, options=replace(ctx.options, model=None),
                       scrape=lambda: scrape_metrics(client))
    try:
        res = api.run(sub)
    except ProbeError as exc:
        return result(NAME, "error", f"previous service at {public}: {exc}", exc.kind, **ev)
    ev.update(kind=info.kind, model=info.model, version=info.version, api=res.evidence,
              requests=[x.as_dict() for x in client.log])
    verdict = "rollback_ready" if res.status == "pass" else res.verdict or "api_failed"
    return result(NAME, res.status, f"previous service at {public}: {res.summary}", verdict, **ev)
