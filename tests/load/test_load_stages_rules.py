"""Stage registry conformance, stages files, and the stop rules as pure functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from servecheck.errors import InputError, UsageError
from servecheck.load import rules
from servecheck.load.models import (
    Counts,
    Latency,
    Percentiles,
    ServerStage,
    Settings,
    StageRecord,
    Throughput,
)
from servecheck.load.stages import STAGES, Parallel, Ready, default_stages, from_spec, load_stages


@pytest.mark.parametrize("kind", sorted(STAGES))
def test_every_registered_stage_builds_from_a_spec(kind: str) -> None:
    stage = from_spec({"kind": kind})
    assert stage.kind == kind and stage.name and stage.concurrency >= 1 and stage.planned >= 0
    assert type(stage).__doc__, "a stage kind documents what it sends"


def test_default_ramp_follows_the_method() -> None:
    stages = default_stages((1, 8), requests_per_stage=None)
    assert [s.kind for s in stages] == ["ready", "short", "target-context", "parallel", "parallel"]
    assert isinstance(stages[0], Ready)
    last = stages[-1]
    assert isinstance(last, Parallel) and last.concurrency == 8 and last.requests == 32
    timed = default_stages((2,), stage_seconds=3.0)[-1]
    assert isinstance(timed, Parallel) and timed.requests is None and timed.seconds == 3.0


def test_parallel_without_count_or_time_is_bounded() -> None:
    stage = from_spec({"kind": "parallel", "concurrency": 8})
    assert isinstance(stage, Parallel) and stage.requests == 32


def test_stages_file_json_and_toml(tmp_path: Path) -> None:
    j = tmp_path / "s.json"
    j.write_text('[{"kind": "short"}, {"kind": "parallel", "concurrency": 3, "requests": 6}]')
    assert [s.name for s in load_stages(j)] == ["short", "parallel-c3"]
    t = tmp_path / "s.toml"
    t.write_text('[[stages]]\nkind = "rate"\nrate = 5.0\nrequests = 10\n')
    (stage,) = load_stages(t)
    assert stage.kind == "rate" and stage.planned == 10


@pytest.mark.parametrize(("text", "error"), [
    ('[{"kind": "warp"}]', UsageError),
    ('[{"kind": "parallel", "concurency": 2}]', UsageError),
    ('[{"kind": "parallel", "concurrency": 0}]', UsageError),
    ('[{"kind": "parallel", "concurrency": "8"}]', UsageError),
    ('[{"kind": "rate", "rate": 0}]', UsageError),
    ('[{"kind": "target-context", "requests": -1}]', UsageError),
    ('[{"kind": "parallel", "seconds": -2}]', UsageError),
    ('{"stages": []}', InputError),
    ("not json", InputError),
])
def test_bad_stages_files_are_clear_errors(tmp_path: Path, text: str, error: type) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(error):
        load_stages(path)


def _stage(name: str = "parallel-c4", ok: int = 10, failed: int = 0, ttft_p90: float | None = 50.0,
           rps: float = 10.0, waiting: float | None = 0.0) -> StageRecord:
    return StageRecord(
        name=name, kind="parallel", started_at="t",
        counts=Counts(sent=ok + failed, succeeded=ok, failed=failed),
        latency=Latency(ttft=Percentiles(count=ok, p90=ttft_p90)),
        throughput=Throughput(requests_per_s=rps),
        errors={"http_500": failed} if failed else {},
        server=ServerStage(available=waiting is not None, waiting_peak=waiting),
    )


def test_error_rate_rule() -> None:
    settings = Settings(max_error_rate=0.1)
    assert rules.evaluate(_stage(ok=10, failed=1), [], settings) is None  # 1/11 = 9 %
    fired = rules.evaluate(_stage(ok=8, failed=2), [], settings)
    assert fired is not None and fired[0] == "error_rate" and "http_500 2" in fired[1]


def test_ttft_slo_rule_only_with_an_slo() -> None:
    assert rules.evaluate(_stage(ttft_p90=900.0), [], Settings()) is None
    fired = rules.evaluate(_stage(ttft_p90=900.0), [], Settings(slo_ttft_ms=500))
    assert fired is not None and fired[0] == "ttft_slo"


def test_overload_rule_needs_growing_queue_and_flat_throughput() -> None:
    prev = _stage("parallel-c4", rps=10.0, waiting=0.0)
    settings = Settings()
    assert rules.evaluate(_stage("parallel-c8", rps=18.0, waiting=3.0), [prev], settings) is None
    assert rules.evaluate(_stage("parallel-c8", rps=10.2, waiting=0.0), [prev], settings) is None
    fired = rules.evaluate(_stage("parallel-c8", rps=10.2, waiting=4.0), [prev], settings)
    assert fired is not None and fired[0] == "overload" and "0 -> 4" in fired[1]
    # without server metrics the rule cannot judge, and says nothing
    assert rules.evaluate(_stage("parallel-c8", rps=10.2, waiting=None), [prev], settings) is None
