"""Capacity versus communication signals per stage."""

from __future__ import annotations

from servecheck.load.models import Placement, ServerStage, StageRecord
from servecheck.load.signals import DETECTORS, detect


def _stage(errors: dict[str, int] | None = None, examples: dict[str, str] | None = None,
           engines: list[str] | None = None, **server: float) -> StageRecord:
    return StageRecord(name="parallel-c8", kind="parallel", started_at="t", errors=errors or {},
                       error_examples=examples or {},
                       server=ServerStage(available=True, **server),
                       placement=Placement(engines=engines or []))


def _names(stage: StageRecord, prev: StageRecord | None = None) -> dict[str, str]:
    return {s.name: s.kind for s in detect(stage, prev)}


def test_quiet_stage_has_no_signals() -> None:
    assert detect(_stage(preemptions=0, kv_cache_usage_peak=0.4, waiting_peak=0), None) == []


def test_capacity_signals() -> None:
    stage = _stage(preemptions=12, kv_cache_usage_peak=0.99, waiting_peak=5,
                   errors={"http_400": 2},
                   examples={"http_400": "This model's maximum context length is 2048 tokens"})
    assert _names(stage) == {"preemptions": "capacity", "kv_cache_full": "capacity",
                             "queueing": "capacity", "context_refused": "capacity"}


def test_communication_signals() -> None:
    prev = _stage(engines=["0", "1"])
    stage = _stage(errors={"connection_reset": 2, "truncated_stream": 1, "timeout": 3, "http_502": 1,
                           "stream_error": 1}, engines=["0"])
    names = _names(stage, prev)
    assert names == {"connections": "communication", "stalls": "communication",
                     "server_errors": "communication", "rank_missing": "communication"}
    assert "rank_missing" in names and any("1" in s.detail for s in detect(stage, prev)
                                           if s.name == "rank_missing")


def test_every_detector_is_quiet_on_an_empty_stage() -> None:
    empty = StageRecord(name="s", kind="parallel", started_at="t")
    for name, fn in DETECTORS.items():
        assert fn(empty, None) is None, name
