"""prefix_cache: does the server really reuse a long fixed prefix?

The method: (1) read the effective block size B and the caching flag from cache_config_info (or
take --block-size); (2) size a long fixed system prompt from B (a unique first line keeps it cold);
(3) send it, (4) send the same request again, (5) send it with only the first line's nonce changed
(same length: every later block is identical, so only a cache that follows the prefix misses it),
(6) after unrelated traffic, send it once more (retention). Each run records the deltas of the
prefix-cache counters, usage cached_tokens and TTFT; the verdict says which signal it rests on.
vLLM's rule: a repeat of an n-token prompt hits floor((n-1)/B)*B tokens.

`working` needs proof: the cold run missed (at most the chat template's shared head), the repeat
hit, and the control hit under half the repeat; anything else is `inconclusive` with the numbers.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import asdict, dataclass
from typing import Any

from servecheck.server.metrics import Scrape
from servecheck.server.prompts import word_filler as filler
from servecheck.verify.checks.common import CheckContext, first_byte_for, result
from servecheck.verify.models import CheckResult

NAME = "prefix_cache"
_METRIC_POLL_S = 2.0
_UNRELATED = 2
FLAG_DETAILS = "--enable-prompt-tokens-details"
LLAMACPP_CACHED = "llamacpp:prompt_tokens_cached_total"
TEMPLATE_HEAD_TOKENS = 32


@dataclass
class Run:
    step: str
    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    ttft_s: float | None = None
    queries_delta: float | None = None
    hits_delta: float | None = None
    # llama.cpp's per-response `timings`: prompt tokens taken from the cache / computed, and ms
    timings_cache_n: int | None = None
    timings_prompt_n: int | None = None
    timings_prompt_ms: float | None = None


def block_size(ctx: CheckContext) -> tuple[int, str]:
    raw = ctx.info.cache_config.get("block_size", "")
    if raw.isdigit() and int(raw) > 0:
        return int(raw), "cache_config_info"
    if ctx.options.block_size:
        return ctx.options.block_size, "--block-size"
    if ctx.info.behaves_as() == "llamacpp":  # a slot keeps its tokens; a repeat reuses all but the last
        return 1, "llama.cpp (token-level prompt cache per slot)"
    return 16, "default (16: vLLM on CUDA)"


def prefix_target(ctx: CheckContext, b: int) -> int:
    if ctx.options.prefix_tokens:
        return ctx.options.prefix_tokens
    target = max(4 * b, 1024)  # L > 2B per the method; hybrid blocks (528+) make this long
    if ctx.info.max_model_len:
        target = min(target, int(ctx.info.max_model_len * 0.6))
    return max(target, 32)


def run(ctx: CheckContext) -> CheckResult:
    try:
        return _run(ctx)
    except _Refused as exc:
        return result(NAME, "fail", str(exc))


def _run(ctx: CheckContext) -> CheckResult:
    b, b_source = block_size(ctx)
    target = prefix_target(ctx, b)
    nonce = uuid.uuid4().hex[:10]

    def messages(first: str):
        return lambda words: [{"role": "system", "content": f"{first}\n{filler(words)}"},
                              {"role": "user", "content": "Reply with the word OK."}]

    same, _ = ctx.fit_messages(messages(f"Session {nonce}: you are a careful assistant."), target, max(b, target // 20))
    # the control changes only the first line's nonce (same length): every later block is the
    # same, so only a cache that follows the prefix misses it
    changed = [dict(same[0], content=same[0]["content"].replace(nonce, uuid.uuid4().hex[:10], 1)), same[1]]
    base = ctx.scrape()
    # vLLM's counters count this request's queries and hits; llama.cpp's sum every slot's reuse
    # and serve only as corroboration (below)
    use_metrics = base.family == "vllm" and base.counter("prefix_queries") is not None
    llama_cached = base.values.get(LLAMACPP_CACHED)
    off = ctx.info.cache_config.get("enable_prefix_caching") == "False"
    runs = [_send(ctx, "cold", same, use_metrics, 0.2 if off else _METRIC_POLL_S)]
    # counters frozen after the cold run (caching off): do not wait for them to move again
    poll = 0.2 if runs[0].queries_delta == 0 else _METRIC_POLL_S
    runs += [_send(ctx, "repeat", same, use_metrics, poll),
             _send(ctx, "changed_first_line", changed, use_metrics, poll)]
    for i in range(_UNRELATED):
        other = [dict(same[0], content=f"Unrelated {i} {uuid.uuid4().hex[:8]}\n{filler(len(same[0]['content'].split()), i + 3)}"), same[1]]
        _send(ctx, f"unrelated_{i}", other, False)
    runs.append(_send(ctx, "after_unrelated", same, use_metrics, poll))
    check = _verdict(ctx, b, b_source, runs, use_metrics)
    if llama_cached is not None:  # corroboration only: the counter sums every request's reuse
        after = ctx.scrape().values.get(LLAMACPP_CACHED)
        check.evidence["llamacpp_prompt_tokens_cached_delta"] = (
            None if after is None else after - llama_cached)
    return check


def _send(ctx: CheckContext, step: str, messages: list[dict[str, Any]], metrics: bool,
          poll_s: float = _METRIC_POLL_S) -> Run:
    before = ctx.scrape() if metrics else None
    body = ctx.chat_body(messages, 4, stream=True, stream_options={"include_usage": True})
    reply = ctx.client.stream("/v1/chat/completions", body, note=f"prefix_cache {step}: long system prompt, streamed",
                              first_byte_s=first_byte_for(ctx, ctx.options.prefix_tokens or 1024))
    run = Run(step, ttft_s=None if reply.ttft_s is None else round(reply.ttft_s, 4))
    if reply.status != 200:
        raise _Refused(step, reply.status, reply.error_body)
    usage = reply.usage or {}
    run.prompt_tokens = usage.get("prompt_tokens")
    details = usage.get("prompt_tokens_details")
    if isinstance(details, dict) and details.get("cached_tokens") is not None:
        run.cached_tokens = int(details["cached_tokens"])
    elif reply.timings and reply.timings.get("cache_n") is not None:  # llama.cpp
        run.cached_tokens = int(reply.timings["cache_n"])
    _take_timings(run, reply.timings)
    if before is not None:
        _deltas(ctx, before, run, poll_s)
    return run


def _take_timings(run: Run, timings: dict[str, Any] | None) -> None:
    if not isinstance(timings, dict):
        return
    for key in ("cache_n", "prompt_n"):
        if isinstance(timings.get(key), int):
            setattr(run, f"timings_{key}", timings[key])
    if isinstance(timings.get("prompt_ms"), int | float):
        run.timings_prompt_ms = round(float(timings["prompt_ms"]), 3)


class _Refused(Exception):
    def __init__(self, step: str, status: int, body: Any) -> None:
        super().__init__(f"{step} request answered {status}: {str(body)[:200]}")


def _deltas(ctx: CheckContext, before: Scrape, run: Run, poll_s: float) -> None:
    """Counter deltas around one request; polls briefly because engines publish stats a bit later."""
    q0, h0 = before.counter("prefix_queries") or 0.0, before.counter("prefix_hits") or 0.0
    deadline = time.monotonic() + min(poll_s, max(ctx.client.remaining(), 0))
    while True:
        after = ctx.scrape()
        q, h = after.counter("prefix_queries"), after.counter("prefix_hits")
        run.queries_delta = None if q is None else q - q0
        run.hits_delta = None if h is None else (h or 0.0) - h0
        if q is None or q - q0 >= (run.prompt_tokens or 1) or time.monotonic() > deadline:
            return
        time.sleep(0.1)


def _hit(run: Run, signal: str) -> int:
    value = run.hits_delta if signal == "metrics" else run.cached_tokens
    return int(value or 0)


def _verdict(ctx: CheckContext, b: int, b_source: str, runs: list[Run], metrics: bool) -> CheckResult:
    cold, repeat, changed, retained = runs
    cfg = ctx.info.cache_config
    n = repeat.prompt_tokens or 0
    expected = max(n - 1, 0) // b * b
    details_seen = any(r.cached_tokens is not None for r in runs)
    timings_seen = any(r.timings_prompt_n is not None for r in runs)
    signal = ("metrics" if metrics else "cached_tokens+timings" if details_seen and timings_seen
              else "cached_tokens" if details_seen else "ttft")
    ev: dict[str, Any] = {
        "signal": signal, "block_size": b, "block_size_source": b_source, "prompt_tokens": n,
        "expected_hit_tokens": expected, "rule": "floor((n-1)/B)*B",
        "enable_prefix_caching": cfg.get("enable_prefix_caching"),
        "mamba_cache_mode": cfg.get("mamba_cache_mode"), "runs": [asdict(r) for r in runs],
        "ttft_speedup": _ratio(cold.ttft_s, repeat.ttft_s),
        "prompt_ms_speedup": _ratio(cold.timings_prompt_ms, repeat.timings_prompt_ms),
        "assumes": "an otherwise idle server (counter deltas include other traffic)",
    }
    hybrid = cfg.get("mamba_cache_mode") not in (None, "", "none", "None")
    hit, kept, control = _hit(repeat, signal), _hit(retained, signal), _hit(changed, signal)
    if hybrid:
        ev["hybrid_state_reused"] = hit > 0
    if cfg.get("enable_prefix_caching") == "False":
        return result(NAME, "fail", "prefix caching is off (cache_config_info enable_prefix_caching=False): "
                      "start vLLM with --enable-prefix-caching", "not_enabled", **ev)
    if signal == "ttft":
        return result(NAME, "skip", "unobservable: no vllm:prefix_cache_* counters and no usage.prompt_tokens_details "
                      f"(TTFT speed-up on the repeat: {ev['ttft_speedup']}x); restart vLLM with {FLAG_DETAILS} "
                      "and without --disable-log-stats", "unobservable", **ev)
    if signal == "metrics" and not repeat.queries_delta:
        return result(NAME, "fail", "the prefix-cache counters did not move: caching is disabled "
                      "(add --enable-prefix-caching)", "not_enabled", **ev)
    if ctx.info.behaves_as() == "llamacpp" and hit == 0:
        return result(NAME, "fail", f"llama.cpp reused 0 of {n} tokens on an exact repeat right after the "
                      f"first request (cached_tokens 0, timings.prompt_n {repeat.timings_prompt_n}): "
                      "prompt caching is off (server started with --no-cache-prompt, or requests "
                      "carry cache_prompt: false)", "not_enabled", **ev)
    if hit == 0 and expected == 0:
        return result(NAME, "fail", f"prefix of {n} tokens is below the block granularity: B={b}, so a hit "
                      f"needs a prompt of at least {b + 1} tokens ({2 * b}+ recommended)",
                      "below_block_granularity", **ev)
    if hit == 0:
        return result(NAME, "fail", f"cache on, but the exact repeat of a {n}-token prompt got no hit "
                      f"(expected {expected}): entries evicted before reuse (KV capacity "
                      f"num_gpu_blocks={cfg.get('num_gpu_blocks', '?')})"
                      + (" or no Mamba checkpoint at the block boundary" if hybrid else ""),
                      "not_retained", **ev)
    if kept < hit:
        return result(NAME, "fail", f"the repeat hit {hit} tokens but after {_UNRELATED} unrelated requests only "
                      f"{kept}: the prefix is not retained (cache capacity or retention)", "not_retained", **ev)
    return _proof(b, n, expected, hit, control, _hit(cold, signal), signal, hybrid, cfg, ev)


def template_allowance(b: int) -> int:
    """Tokens a cold run may hit from the chat template's shared head (the part before the
    unique first line): up to 32 tokens, in whole blocks."""
    return TEMPLATE_HEAD_TOKENS // b * b


def _proof(b: int, n: int, expected: int, hit: int, control: int, cold: int, signal: str, hybrid: bool,
           cfg: dict[str, str], ev: dict[str, Any]) -> CheckResult:
    """`working` needs all three: the cold run missed (at most the template head), the repeat hit,
    and the changed-prefix control hit clearly less (under half the repeat's hit)."""
    allowance = template_allowance(b)
    ev["proof"] = {"cold_hit": cold, "repeat_hit": hit, "control_hit": control,
                   "template_allowance": allowance,
                   "rule": "cold <= template allowance, repeat > 0, control < repeat / 2"}
    missing = []
    if cold > allowance:
        missing.append(f"the cold run already hit {cold} tokens (more than the {allowance}-token template "
                       "head): the prompt was not new to the cache")
    if control * 2 >= hit:
        missing.append(f"the changed-first-line control hit {control} tokens, not clearly less than the "
                       f"repeat's {hit}: the hits do not follow the prefix")
    if missing:
        return result(NAME, "inconclusive", "; ".join(missing) + f" (cold {cold}, repeat {hit}, control "
                      f"{control}, signal {signal})", "inconclusive", **ev)
    notes = [f"hit {hit} < expected {expected} (partial blocks or hybrid checkpoints)"] if hit < expected else []
    extra = f"; hybrid state reused ({cfg.get('mamba_cache_mode')} mode)" if hybrid else ""
    return result(NAME, "pass", f"cold run missed ({cold}), repeat of a {n}-token prompt hit {hit} tokens "
                  f"(expected {expected}), changed prefix hit {control}; retained after unrelated traffic "
                  f"(signal {signal}){extra}" + (f"; {'; '.join(notes)}" if notes else ""), "working", **ev)


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None
