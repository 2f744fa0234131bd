"""The probe contract and the parallel runner.

A probe is one small module under ``capture/probes/`` that declares ``NAME``, ``DESCRIPTION``
and ``collect(ctx)``. It records facts (partial evidence sections) and raw outputs through its
context; it never writes files and never prints. The runner gives every probe its own deadline:
a probe that hangs is abandoned and recorded as ``timeout`` while the capture goes on.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from servecheck import proc
from servecheck.capture.models import ProbeRecord, ProbeStatus

# One entry per probe module; a new subsystem is one new file plus one line here.
PROBES: tuple[str, ...] = (
    "gpu",
    "nvidia_smi",
    "topology",
    "gpu_processes",
    "container_runtime",
    "nvidia_toolkit",
    "image",
    "container",
    "log",
    "vllm_package",
    "host",
)


@dataclass
class CaptureOptions:
    image: str | None = None
    container: str | None = None
    log_path: Path | None = None
    cmd: str | None = None
    timeout: float = 10.0
    engine: str = "auto"
    use_nvml: bool = True
    env: dict[str, str] = field(default_factory=dict)
    root: Path = Path("/")  # tests point this at a fake filesystem root for /etc, /proc, /sys


class ProbeFailed(Exception):
    """Raised by a probe to end with a given status (missing / error / skipped)."""

    def __init__(self, status: ProbeStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class ProbeContext:
    name: str
    options: CaptureOptions
    deadline: float
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)
    commands: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # seconds the probe spent on work that does not read the machine (the log scanner building its
    # databases on a cold cache): the runner waits that much longer before it abandons the probe
    grace: Callable[[], float] | None = None

    def remaining(self) -> float:
        return max(self.deadline - time.monotonic(), 0.05)

    def run(self, argv: list[str], raw_name: str | None = None) -> proc.ProcResult:
        """Run a command inside this probe's deadline and keep its output as a raw file."""
        result = proc.run(argv, timeout=self.remaining(), env=self.options.env or None)
        self.commands.append(f"{' '.join(argv)} -> {result.status}")
        if raw_name and (result.stdout or result.stderr):
            body = result.stdout
            if result.stderr.strip():
                body += ("\n" if body else "") + "--- stderr ---\n" + result.stderr
            self.raw[raw_name] = body
        return result

    def path(self, absolute: str) -> Path:
        """A host path under the capture root (``/etc/docker/daemon.json``)."""
        return self.options.root / absolute.lstrip("/")

    def set(self, section: str, **values: Any) -> None:
        with self.lock:
            self.facts.setdefault(section, {}).update(values)


def require_ok(result: proc.ProcResult) -> proc.ProcResult:
    """End the probe with the command's status unless it succeeded."""
    if result.status == "missing":
        raise ProbeFailed("missing", result.describe())
    if result.status == "timeout":
        raise ProbeFailed("timeout", result.describe())
    if result.status != "ok":
        raise ProbeFailed("error", result.describe())
    return result


@dataclass
class ProbeRun:
    record: ProbeRecord
    facts: dict[str, dict[str, Any]]
    raw: dict[str, str]


def run_probes(options: CaptureOptions, names: tuple[str, ...] = PROBES) -> list[ProbeRun]:
    """Run every probe in parallel; each gets ``options.timeout`` seconds (or the budget it declares),
    none can block the rest."""
    contexts = {n: ProbeContext(n, options, 0.0) for n in names}
    results: dict[str, ProbeRun] = {}
    pool = ThreadPoolExecutor(max_workers=len(names), thread_name_prefix="probe")
    started = time.monotonic()
    futures: dict[str, Future[ProbeRun]] = {}
    try:
        # started inside the try: a Ctrl-C while the first probes already run and the last are
        # still being started also keeps a bundle
        for name in names:
            contexts[name].deadline = started + _budget(name, options)
            futures[name] = pool.submit(_run_one, name, contexts[name])
        for name in names:
            results[name] = _result(name, futures[name], contexts[name], started,
                                    _budget(name, options))
    except KeyboardInterrupt:
        # Ctrl-C: the probes that finished are kept (the bundle is written with them, marked
        # incomplete); the commands still running are killed, the rest recorded as interrupted.
        # Which probes had finished is read before the kill: a probe whose command the kill ends
        # reports "exit -9" a moment later, and that is the interrupt, not its own failure.
        finished = {n: f for n, f in futures.items() if f.done() and not f.cancelled()}
        proc.kill_running()
        raise CaptureInterrupted([results.get(n) or _interrupted(n, finished.get(n), started) for n in names]) from None
    finally:
        # Abandoned probe threads are not waited for, and Ctrl-C (KeyboardInterrupt in this
        # thread) passes straight through to the CLI edge instead of waiting for the pool.
        pool.shutdown(wait=False, cancel_futures=True)
    return [results[n] for n in names]


class CaptureInterrupted(Exception):
    """Ctrl-C during the probes: ``runs`` holds the finished ones and a record for each other."""

    def __init__(self, runs: list[ProbeRun]) -> None:
        super().__init__("interrupted (Ctrl-C)")
        self.runs = runs
        self.unfinished = [r.record.name for r in runs if r.record.error == INTERRUPTED]


INTERRUPTED = "interrupted (Ctrl-C) before it finished; nothing it read is kept"


def _interrupted(name: str, future: Future[ProbeRun] | None, started: float) -> ProbeRun:
    if future is not None and future.done() and not future.cancelled():
        return future.result()     # _run_one never raises: a finished probe keeps its result
    record = ProbeRecord(name=name, status="skipped", duration_s=round(time.monotonic() - started, 3),
                         error=INTERRUPTED)
    return ProbeRun(record, {}, {})


def _result(name: str, future: Future[ProbeRun], ctx: ProbeContext, started: float,
            timeout: float) -> ProbeRun:
    granted = 0.0
    while True:
        wait = max(ctx.deadline + granted - time.monotonic(), 0) + 0.5
        try:
            return future.result(timeout=wait)
        except TimeoutError:
            more = _grace(ctx)
            if more > granted + 0.05:
                granted = more      # the probe built its engine meanwhile: that time is not its deadline's
                continue
            break
    with ctx.lock:
        facts = {k: dict(v) for k, v in ctx.facts.items()}
    record = ProbeRecord(
        name=name, status="timeout", duration_s=round(time.monotonic() - started, 3),
        error=f"probe did not finish within {timeout + granted:.1f}s; abandoned",
        commands=list(ctx.commands),
    )
    return ProbeRun(record, facts, dict(ctx.raw))


# at most this much longer than its deadline for a probe's own engine building (a cold cache on a
# slow, shared machine): a probe stuck elsewhere is still abandoned
MAX_GRACE_S = 120.0


def _grace(ctx: ProbeContext) -> float:
    if ctx.grace is None:
        return 0.0
    try:
        return min(max(float(ctx.grace()), 0.0), MAX_GRACE_S)
    except Exception:  # noqa: BLE001 - a broken grace hook never keeps a probe alive
        return 0.0


def _budget(name: str, options: CaptureOptions) -> float:
    """A probe may declare ``budget(options)`` (the log probe sizes it to the file); else the
    shared timeout."""
    try:
        module = importlib.import_module(f"servecheck.capture.probes.{name}")
        declared = getattr(module, "budget", None)
        return float(declared(options)) if declared is not None else options.timeout
    except Exception:  # noqa: BLE001 - a broken declaration falls back to the shared timeout
        return options.timeout


def _run_one(name: str, ctx: ProbeContext) -> ProbeRun:
    start = time.monotonic()
    status: ProbeStatus = "ok"
    error: str | None = None
    try:
        module = importlib.import_module(f"servecheck.capture.probes.{name}")
        module.collect(ctx)
    except ProbeFailed as exc:
        status, error = exc.status, str(exc)
    except Exception as exc:  # noqa: BLE001 - one probe's bug must not lose the others' evidence
        status, error = "error", f"{type(exc).__name__}: {exc}"
    if status == "ok" and ctx.notes:
        error = "; ".join(ctx.notes)
    record = ProbeRecord(
        name=name, status=status, duration_s=round(time.monotonic() - start, 3), error=error,
        files=sorted(f"raw/{k}" for k in ctx.raw), commands=list(ctx.commands),
    )
    return ProbeRun(record, ctx.facts, ctx.raw)
