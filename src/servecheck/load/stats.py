"""Percentiles and per-stage summaries computed from the recorded requests."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from servecheck.load.client import Req
from servecheck.load.models import Counts, Latency, Percentiles, Throughput


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100) of already sorted values (numpy's default)."""
    if not sorted_values:
        raise ValueError("percentile of no values")
    pos = (len(sorted_values) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(values_s: Iterable[float]) -> Percentiles:
    """Percentiles in ms of values given in seconds."""
    values = sorted(v * 1000.0 for v in values_s)
    if not values:
        return Percentiles()
    return Percentiles(
        count=len(values),
        mean=_r(sum(values) / len(values)),
        p50=_r(percentile(values, 50)),
        p90=_r(percentile(values, 90)),
        p99=_r(percentile(values, 99)),
        max=_r(values[-1]),
    )


def counts(reqs: Sequence[Req]) -> Counts:
    incomplete = sum(1 for r in reqs if r.incomplete)
    failed = sum(1 for r in reqs if r.error is not None and not r.incomplete)
    return Counts(sent=len(reqs), succeeded=len(reqs) - failed - incomplete, failed=failed,
                  incomplete=incomplete, retried=sum(1 for r in reqs if r.retried))


def latency(reqs: Sequence[Req], gaps_s: Iterable[float]) -> Latency:
    ok = [r for r in reqs if r.ok]
    return Latency(
        ttft=summarize(r.first - r.due for r in ok if r.first),
        itl=summarize(gaps_s),
        e2e=summarize(r.end - r.due for r in ok),
    )


def throughput(reqs: Sequence[Req], duration_s: float) -> Throughput:
    ok = [r for r in reqs if r.ok]
    tokens = sum(r.out_tokens for r in ok)
    if duration_s <= 0:
        return Throughput(output_tokens=tokens)
    return Throughput(requests_per_s=_r(len(ok) / duration_s), output_tokens=tokens,
                      output_tokens_per_s=_r(tokens / duration_s))


def errors(reqs: Sequence[Req]) -> tuple[dict[str, int], dict[str, str]]:
    """Errors by kind, and the first detail seen for each kind."""
    kinds = Counter(r.error for r in reqs if r.error is not None and not r.incomplete)
    examples: dict[str, str] = {}
    for r in reqs:
        if r.error is not None and r.detail and r.error not in examples:
            examples[r.error] = r.detail
    return dict(sorted(kinds.items())), examples


def _r(value: float) -> float:
    return round(value, 3)
