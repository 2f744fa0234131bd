"""Run verify: readiness, discovery, then each check under its own time-out; never raises for the server."""

from __future__ import annotations

import importlib
import time
from datetime import UTC, datetime
from urllib.parse import urlsplit, urlunsplit

import httpx

from servecheck.errors import UsageError
from servecheck.verify.checks import CHECKS
from servecheck.verify.checks.common import CheckContext
from servecheck.verify.client import Client, ProbeError
from servecheck.verify.detect import discover, scrape_metrics, wait_ready
from servecheck.verify.models import CheckResult, ServerInfo, VerifyResult, summarize
from servecheck.verify.options import VerifyOptions


def validate(opts: VerifyOptions) -> None:
    parts = urlsplit(opts.url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(f"URL must look like http://host:port, got {public_url(opts.url)!r}")
    unknown = [c for c in opts.checks if c not in CHECKS]
    if unknown:
        raise UsageError(f"unknown check(s) {', '.join(unknown)}; choose from {', '.join(CHECKS)}")
    if opts.timeout_s <= 0 or opts.wait_s < 0:
        raise UsageError("--timeout must be > 0 and --wait >= 0")


def public_url(url: str) -> str:
    """URL without user:password, for records."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def run_verify(opts: VerifyOptions, transport: httpx.BaseTransport | None = None) -> VerifyResult:
    validate(opts)
    started = time.monotonic()
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    info = ServerInfo(url=public_url(opts.url), auth="key" if opts.api_key else "none")
    client = Client(opts.url, opts.api_key, timeout_s=opts.timeout_s, transport=transport)
    try:
        wait_ready(client, info, opts.wait_s)
        scrape = discover(client, opts, info) if info.ready else None
        checks = [_run_one(name, client, info, opts) if scrape is not None
                  else _not_ready(name, info) for name in opts.checks]
    finally:
        client.close()
    return VerifyResult(started_at=stamp, server=info, checks=checks,
                        summary=summarize(checks, time.monotonic() - started))


def _not_ready(name: str, info: ServerInfo) -> CheckResult:
    why = info.notes[-1] if info.notes else "server not ready"
    return CheckResult(name=name, status="error", summary=f"not run: {why}")


def _run_one(name: str, client: Client, info: ServerInfo, opts: VerifyOptions) -> CheckResult:
    module_name, attr = CHECKS[name].split(":")
    client.start_check(opts.timeout_s)
    ctx = CheckContext(client=client, info=info, options=opts, scrape=lambda: scrape_metrics(client))
    start = time.monotonic()
    try:
        res = getattr(importlib.import_module(module_name), attr)(ctx)
    except ProbeError as exc:
        res = CheckResult(name=name, status="error", summary=str(exc))
    except Exception as exc:  # noqa: BLE001 - one check's bug or odd answer must not stop the rest
        res = CheckResult(name=name, status="error",
                          summary=f"check crashed on the server's answer: {type(exc).__name__}: {exc}")
    res.duration_s = round(time.monotonic() - start, 3)
    res.evidence["requests"] = [ex.as_dict() for ex in client.log]
    return res
