"""Run verify: readiness, discovery, then each check under its own time-out; never raises for the
server. Bounded as a whole (`--deadline`); a server that stalls twice, trickles or floods stops
the run (the checks not run say why); Ctrl-C keeps what is done."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from datetime import UTC, datetime

from servecheck.errors import UsageError
from servecheck.server import http
from servecheck.server.client import Client, ProbeError
from servecheck.server.discovery import Discovery, discover, no_answer, scrape_metrics, wait_ready
from servecheck.server.url import Endpoint, parse_url
from servecheck.verify.checks import CHECKS
from servecheck.verify.checks.common import CheckContext
from servecheck.verify.models import CheckResult, ServerInfo, Status, VerifyResult, summarize
from servecheck.verify.options import VerifyOptions

Progress = Callable[[str, CheckResult | None], None]  # (check name, result or None when starting)
_BLOCKED_STATUS = (401, 403)


def validate(opts: VerifyOptions) -> Endpoint:
    endpoint = parse_url(opts.url, opts.api_key)
    unknown = [c for c in opts.checks if c not in CHECKS]
    if unknown:
        raise UsageError(f"unknown check(s) {', '.join(unknown)}; choose from {', '.join(CHECKS)}")
    if opts.timeout_s <= 0 or opts.wait_s < 0 or opts.deadline_s <= 0:
        raise UsageError("--timeout and --deadline must be > 0 and --wait >= 0")
    return endpoint


def limits_of(opts: VerifyOptions) -> http.Limits:
    return http.Limits(connect_s=opts.connect_s, first_byte_s=opts.first_byte_s, idle_s=opts.idle_s,
                       total_s=opts.timeout_s)


def run_verify(opts: VerifyOptions, progress: Progress | None = None) -> VerifyResult:
    endpoint = validate(opts)
    started = time.monotonic()
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    info = ServerInfo(url=endpoint.base_url, auth=endpoint.auth, key_source=opts.key_source,
                      notes=list(endpoint.notes))
    client = Client(endpoint, limits_of(opts), opts.timeout_s)
    client.run_deadline = started + opts.deadline_s
    result = VerifyResult(started_at=stamp, server=info)
    try:
        _run_all(client, info, opts, result, progress or (lambda name, res: None))
    except KeyboardInterrupt:
        result.interrupted = True
        done = {c.name for c in result.checks}
        result.checks += [CheckResult(name=n, status="not_run", summary="not run: interrupted (Ctrl-C)")
                          for n in opts.checks if n not in done]
    finally:
        client.close()
    result.summary = summarize(result.checks, time.monotonic() - started, result.interrupted)
    return result


def _run_all(client: Client, info: ServerInfo, opts: VerifyOptions, result: VerifyResult,
             progress: Progress) -> None:
    progress("discovery", None)
    found = Discovery()
    wait_ready(client, found, opts.wait_s)
    scrape = discover(client, found, opts.model, opts.server_kind, min(opts.timeout_s, 30.0)) if found.ready else None
    _take(info, found)
    never = no_answer(found, info.url, opts.wait_s)
    if never:  # no HTTP answer at all: nothing to judge, one line instead of N errors
        info.unreachable = f"{never}: nothing verified"
        result.checks += [CheckResult(name=n, status="not_run", summary="not run: the server did not answer")
                          for n in opts.checks]
        return
    blocked: str | None = None
    for name in opts.checks:
        progress(name, None)
        why = _not_run(client, info, opts, scrape, blocked, own_server=name == "fallback")
        res = CheckResult(name=name, status=why[0], summary=why[1]) if why else _run_one(name, client, info, opts)
        if name == "api" and res.evidence.get("blocked_status") in _BLOCKED_STATUS:
            blocked = f"blocked: the API check answered {res.evidence['blocked_status']}"
        result.checks.append(res)
        progress(name, res)


def _not_run(client: Client, info: ServerInfo, opts: VerifyOptions, scrape: object,
             blocked: str | None, own_server: bool = False) -> tuple[Status, str] | None:
    """Why a check is not run, or None. The fallback check talks to another server: only the
    run's deadline stops it."""
    if time.monotonic() >= client.run_deadline:
        return "error", f"not run: the verify deadline ({opts.deadline_s:g}s) was reached"
    if own_server:
        return None
    if scrape is None:
        return "error", f"not run: {info.notes[-1] if info.notes else 'server not ready'}"
    if blocked:
        return "skip", blocked
    worst = [what for kind, what in client.stalls if kind in http.PATHOLOGICAL]
    if worst or len(client.stalls) >= 2:
        what = (worst or [w for _, w in client.stalls])[-1]
        return "error", f"not run: the server stalls, trickles or floods its answers ({what})"
    return None


def _take(info: ServerInfo, found: Discovery) -> None:
    info.ready, info.ready_after_s, info.health_status = found.ready, found.ready_after_s, found.health_status
    info.kind = found.kind if found.kind in ("vllm", "llamacpp", "sglang", "openai") else "unknown"  # type: ignore[assignment]
    info.kind_source, info.version = found.kind_source, found.version
    if found.simulated:  # a rehearsal on servecheck's sim: say so, keep its flavour for the checks
        info.kind, info.imitates = "sim", info.kind
        info.kind_source = f"version {found.version} is servecheck's simulator (imitating {info.imitates})"
    info.model, info.models, info.max_model_len = found.model, found.models, found.max_model_len
    info.metrics_available, info.metrics_era = found.metrics_available, found.metrics_era
    info.cache_config, info.blocked_by = found.cache_config, found.blocked_by
    info.notes += found.notes


def _run_one(name: str, client: Client, info: ServerInfo, opts: VerifyOptions) -> CheckResult:
    module_name, attr = CHECKS[name].split(":")
    client.start_check(opts.timeout_s)
    ctx = CheckContext(client=client, info=info, options=opts, scrape=lambda: scrape_metrics(client))
    start = time.monotonic()
    try:
        res = getattr(importlib.import_module(module_name), attr)(ctx)
    except ProbeError as exc:
        res = CheckResult(name=name, status="error", summary=str(exc), verdict=exc.kind)
    except Exception as exc:  # noqa: BLE001 - one check's bug or odd answer must not stop the rest
        res = CheckResult(name=name, status="error",
                          summary=f"check crashed on the server's answer: {type(exc).__name__}: {client.scrub(str(exc))}")
    res.duration_s = round(time.monotonic() - start, 3)
    res.evidence.setdefault("requests", [ex.as_dict() for ex in client.log])
    retries = sum(ex.retries for ex in client.log)
    if retries:  # counted and shown: a re-sent request is not a plain success
        res.evidence["retries"] = retries
        res.summary += f" ({retries} request(s) re-sent after a reset before any answer)"
    return res
