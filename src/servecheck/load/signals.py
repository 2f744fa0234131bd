"""Per-stage signals that keep a capacity problem apart from a communication problem.

A capacity problem (KV cache full, preemptions, queueing, prompts refused for length) says "this
load does not fit"; a communication problem (refused or reset connections, streams cut off, stalls,
5xx, a data-parallel rank that vanished) says "something between client, server and GPUs broke".
Mixing them up is how a correct driver upgrade gets rolled back. Each signal is a small pure
function registered by name; it reads one finished stage (and the one before) and returns
a `Signal` or None.
"""

from __future__ import annotations

from collections.abc import Callable

from servecheck.load.models import Signal, StageRecord

Detector = Callable[[StageRecord, StageRecord | None], Signal | None]
DETECTORS: dict[str, Detector] = {}
KV_FULL = 0.95


def detector(name: str) -> Callable[[Detector], Detector]:
    def deco(fn: Detector) -> Detector:
        DETECTORS[name] = fn
        return fn
    return deco


def _errors(stage: StageRecord, *kinds: str) -> int:
    return sum(n for k, n in stage.errors.items() if k in kinds)


@detector("preemptions")
def preemptions(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    n = stage.server.preemptions
    if n:
        return Signal(kind="capacity", name="preemptions",
                      detail=f"{n:g} preemptions: the KV cache cannot hold this many sequences")
    return None


@detector("kv_cache_full")
def kv_cache_full(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    peak = stage.server.kv_cache_usage_peak
    if peak is not None and peak >= KV_FULL:
        return Signal(kind="capacity", name="kv_cache_full", detail=f"KV-cache usage peaked at {peak:.0%}")
    return None


@detector("queueing")
def queueing(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    waiting = stage.server.waiting_peak
    if waiting:
        return Signal(kind="capacity", name="queueing",
                      detail=f"up to {waiting:g} requests waited for a slot on the server")
    return None


@detector("context_refused")
def context_refused(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    example = stage.error_examples.get("http_400", "")
    if "context" in example.lower() or "maximum" in example.lower():
        return Signal(kind="capacity", name="context_refused",
                      detail=f"{stage.errors.get('http_400', 0)} prompts refused for length: {example[:120]}")
    return None


@detector("connections")
def connections(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    n = _errors(stage, "connection_refused", "connection_reset", "truncated_stream")
    if n:
        return Signal(kind="communication", name="connections",
                      detail=f"{n} requests lost their connection or stream (refused, reset or cut off)")
    return None


@detector("stalls")
def stalls(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    n = _errors(stage, "timeout")
    if n:
        return Signal(kind="communication", name="stalls",
                      detail=f"{n} requests timed out (a stall, e.g. a hung collective, looks like this)")
    return None


@detector("server_errors")
def server_errors(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    n = sum(v for k, v in stage.errors.items() if k.startswith("http_5")) + _errors(stage, "stream_error")
    if n:
        return Signal(kind="communication", name="server_errors",
                      detail=f"{n} requests ended in a server error (5xx or an error inside the stream)")
    return None


@detector("rank_missing")
def rank_missing(stage: StageRecord, prev: StageRecord | None) -> Signal | None:
    if prev is None or not stage.server.available or not prev.placement.engines:
        return None
    gone = sorted(set(prev.placement.engines) - set(stage.placement.engines))
    if gone:
        return Signal(kind="communication", name="rank_missing",
                      detail=f"engine (data-parallel rank) {', '.join(gone)} no longer reports metrics")
    return None


def detect(stage: StageRecord, prev: StageRecord | None) -> list[Signal]:
    found = (fn(stage, prev) for fn in DETECTORS.values())
    return [s for s in found if s is not None]
