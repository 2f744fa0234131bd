"""Stop rules: after each stage, is it still meaningful to raise the load?

Each rule is a small pure function registered by name; it looks at the stage just finished (and
the ones before) and returns a reason to stop, or None. The ready stage is judged separately
(a server that never answered ends the run as `not_ready`).
"""

from __future__ import annotations

from collections.abc import Callable

from servecheck.load.models import Settings, StageRecord

Rule = Callable[[StageRecord, list[StageRecord], Settings], str | None]
RULES: dict[str, Rule] = {}
# Throughput must grow by at least this fraction for a growing queue to count as "still scaling".
FLAT_GAIN = 0.10


def rule(name: str) -> Callable[[Rule], Rule]:
    def deco(fn: Rule) -> Rule:
        RULES[name] = fn
        return fn
    return deco


@rule("error_rate")
def error_rate(stage: StageRecord, history: list[StageRecord], settings: Settings) -> str | None:
    done = stage.counts.succeeded + stage.counts.failed
    if not done:
        return None
    rate = stage.counts.failed / done
    if rate > settings.max_error_rate:
        kinds = ", ".join(f"{k} {v}" for k, v in stage.errors.items())
        return (f"error rate {rate:.1%} > {settings.max_error_rate:.1%} "
                f"({stage.counts.failed} of {done}: {kinds})")
    return None


@rule("ttft_slo")
def ttft_slo(stage: StageRecord, history: list[StageRecord], settings: Settings) -> str | None:
    p90 = stage.latency.ttft.p90
    if settings.slo_ttft_ms is None or p90 is None or stage.kind == "target-context":
        return None  # a long prompt's prefill is not what the interactive SLO is about
    if p90 > settings.slo_ttft_ms:
        return f"TTFT p90 {p90:.0f} ms > SLO {settings.slo_ttft_ms:.0f} ms"
    return None


@rule("overload")
def overload(stage: StageRecord, history: list[StageRecord], settings: Settings) -> str | None:
    """Waiting queue growing while throughput stays flat: more load only adds queueing."""
    prev = next((s for s in reversed(history) if s.kind == stage.kind), None)
    if prev is None or not (stage.server.available and prev.server.available):
        return None
    wait_now, wait_prev = stage.server.waiting_peak, prev.server.waiting_peak
    tput_now, tput_prev = stage.throughput.requests_per_s, prev.throughput.requests_per_s
    if wait_now is None or wait_prev is None or not tput_prev:
        return None
    if wait_now > max(wait_prev, 0.0) and tput_now < tput_prev * (1 + FLAT_GAIN):
        return (f"server overloaded: waiting queue peak {wait_prev:g} -> {wait_now:g} while "
                f"throughput {tput_prev:.2f} -> {tput_now:.2f} req/s")
    return None


def evaluate(stage: StageRecord, history: list[StageRecord], settings: Settings) -> tuple[str, str] | None:
    """The first rule that fires, as (rule name, reason)."""
    if stage.kind == "ready":
        return None
    for name, fn in RULES.items():
        reason = fn(stage, history, settings)
        if reason:
            return name, reason
    return None
