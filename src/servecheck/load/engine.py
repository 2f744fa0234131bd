"""The load ramp: run stages in order against one server, record each, stop when it stops
making sense.

Bounded by design: every request has a timeout (the session's), every stage a deadline, the run a
deadline; `interrupt()` (Ctrl-C) cancels the stage in flight, whose requests are then recorded as
incomplete, and the run ends with what it measured written to disk.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from time import perf_counter

import aiohttp

from servecheck import __version__
from servecheck.load import hostinfo, rules, scrape, signals, stats
from servecheck.load.client import RETRIED_NOTE, Req, Target
from servecheck.load.models import (
    UNAVAILABLE,
    LoadResult,
    Placement,
    Settings,
    StageRecord,
    StopInfo,
    TargetInfo,
)
from servecheck.load.output import Writer
from servecheck.load.stages import Ready, Stage, StageRun
from servecheck.server import http
from servecheck.server.client import Client
from servecheck.server.discovery import Discovery, discover, no_answer, wait_ready
from servecheck.server.http import Limits
from servecheck.server.prompts import (
    AgentPrefix,
    BodyBuilder,
    cut_prefix,
    default_agent_prefix,
    filler,
    prefix_budget,
)
from servecheck.server.tokenize import count_text
from servecheck.server.url import Endpoint

_PROBE_TIMEOUT = 10.0
# Stages whose requests share the agent system prompt on purpose (what they measure).
SHARED_PREFIX_KINDS = ("parallel", "rate")
SHARED_NOTE = ("agent turns share one system prompt on purpose (salted per run): prefix-cache hits "
               "inside this stage are expected")


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Run:
    """One load run. Build it, then `await run.execute()` (or `run_sync`)."""

    def __init__(self, url: str | Endpoint, stages: list[Stage], settings: Settings | None = None, *,
                 out_dir: Path | None = None, model: str | None = None, api_key: str | None = None,
                 case_id: str | None = None, store_path: Path | None = None,
                 agent_prefix: AgentPrefix | None = None, scrape_interval: float = 1.0,
                 scrape_timeout: float = 5.0, ready_wait: float = 60.0) -> None:
        self.settings = settings or Settings()
        if not (stages and isinstance(stages[0], Ready)):
            stages = [Ready(wait_s=ready_wait), *stages]
        self.stages = stages
        self.target = Target(url, api_key, self.settings.timeout_s)
        self.writer = Writer(out_dir, self.target.endpoint.secrets)
        self.case_id, self.store_path = case_id, store_path
        self.scrape_interval, self.scrape_timeout = scrape_interval, scrape_timeout
        self.model = model
        self.max_model_len: int | None = None
        self.chars_per_token = 4.0
        self.prefix_tokens: int | None = None
        self.builder = BodyBuilder(model or "", self.settings.max_tokens,
                                   prefix=agent_prefix or default_agent_prefix())
        self.result = LoadResult(
            servecheck_version=__version__,
            target=TargetInfo(url=self.target.base_url, model=model,
                              api_key="set" if api_key else "unset"),
            settings=self.settings,
        )
        self.current: StageRun | None = None
        self.current_stage: Stage | None = None
        self.session: aiohttp.ClientSession
        self._stage_task: asyncio.Task[None] | None = None
        self._interrupted = False
        self._metrics_gone: str | None = None
        self.unreachable: str | None = None  # why the server never answered in HTTP, if it did not
        self.t0 = perf_counter()

    # -- control ---------------------------------------------------------------------------

    def interrupt(self, why: str = "SIGINT") -> None:
        """First call: stop cleanly, keeping what was measured. Second call: give up at once."""
        if self._interrupted:
            raise KeyboardInterrupt
        self._interrupted = True
        self.result.stop = StopInfo(rule="interrupted", stage=self.current_stage.name if self.current_stage else "",
                                    reason=f"{why}: stopped by the user or the system; what was measured is kept")
        if self._stage_task is not None:
            self._stage_task.cancel()

    async def execute(self) -> LoadResult:
        """results.json says `running` until the run ends; every ending Python sees finalises it
        (completed, stopped, deadline, not_ready, interrupted, failed)."""
        res = self.result
        res.started_at = now_iso()
        res.status, res.salt = "running", self.builder.salt
        self.t0 = perf_counter()
        self._save()
        try:
            res.case = await asyncio.to_thread(hostinfo.lookup_case, self.case_id, self.store_path)
            deadline = self.t0 + self.settings.run_deadline_s
            async with self.target.session(limit=0) as session:
                self.session = session
                await self._stages(deadline)
        except BaseException as exc:
            res.status = "interrupted" if isinstance(exc, KeyboardInterrupt | asyncio.CancelledError) else "failed"
            res.stop = res.stop or StopInfo(rule=res.status, stage=self.current_stage.name if self.current_stage else "",
                                            reason=self.writer.redact(f"{type(exc).__name__}: {exc}"[:300]))
            raise
        finally:
            if self._interrupted:
                res.status = "interrupted"
            elif res.status == "running":
                res.status = "completed"
            res.ended_at = now_iso()
            self._save()
        return res

    async def _stages(self, deadline: float) -> None:
        res = self.result
        for stage in self.stages:
            if self._interrupted:
                return
            if perf_counter() >= deadline:
                res.status = "deadline"
                res.stop = StopInfo(rule="run_deadline", stage=stage.name,
                                    reason=f"run deadline of {self.settings.run_deadline_s:.0f}s reached")
                return
            record = await self._stage(stage, deadline)
            if self._judge(stage, record, deadline):
                return

    def _judge(self, stage: Stage, record: StageRecord, deadline: float) -> bool:
        """Apply the stop rules; True ends the run."""
        res = self.result
        if record.interrupted:
            return True
        if isinstance(stage, Ready) and record.counts.succeeded == 0:
            res.status = "not_ready"
            why = self.unreachable or next(iter(record.error_examples.values()), "the server did not answer")
            res.stop = StopInfo(rule="unreachable" if self.unreachable else "not_ready", stage=record.name, reason=why)
            return True
        fired = rules.evaluate(record, res.stages[:-1], self.settings)
        if fired:
            res.status = "stopped"
            res.stop = StopInfo(rule=fired[0], stage=record.name, reason=fired[1])
            return True
        if record.deadline_hit:
            res.status = "deadline"
            which = "run_deadline" if perf_counter() >= deadline else "stage_deadline"
            res.stop = StopInfo(rule=which, stage=record.name, reason=record.notes[-1])
            return True
        return False

    # -- one stage -------------------------------------------------------------------------

    async def _stage(self, stage: Stage, run_deadline: float) -> StageRecord:
        sr = StageRun(self)
        self.current, self.current_stage = sr, stage
        case = self.result.case
        record = StageRecord(
            name=stage.name, kind=stage.kind, concurrency=stage.concurrency,
            requests_planned=stage.planned, started_at=now_iso(),
            image=case.image, driver_version=case.driver_version,
        )
        self.result.stages.append(record)
        headers = {k: v for k, v in self.target.headers.items() if k == "Authorization"}
        before = (scrape.Scrape(ok=False, reason="the ready stage has no baseline")
                  if isinstance(stage, Ready) else await self._scrape(headers))
        sampler = scrape.Sampler(self.session, self.target.base_url, headers, self.scrape_interval)
        sampler.observe(before)
        sampling = asyncio.create_task(sampler.run()) if before.ok and before.family else None
        start = perf_counter()
        try:
            await self._bounded(stage, sr, record, min(self.settings.stage_deadline_s,
                                                       run_deadline - perf_counter()))
        finally:
            if sampling is not None:
                sampling.cancel()
                await asyncio.gather(sampling, return_exceptions=True)
        duration = perf_counter() - start
        ready_failed = isinstance(stage, Ready) and not any(r.ok for r in sr.reqs)
        after = (scrape.Scrape(ok=False, reason="server not ready") if ready_failed
                 else await self._scrape(headers, 2.0 if self._interrupted else None))
        sampler.observe(after)
        record.gpu_memory = await asyncio.to_thread(
            hostinfo.gpu_memory, self.target.base_url, after, sampler.gpu_used_peak)
        self._fill(record, stage, sr, duration, before, after, sampler)
        stages = self.result.stages
        # a /health that never answered is not a communication hint (no NCCL, no hung collective)
        record.signals = [] if ready_failed else signals.detect(record, stages[-2] if len(stages) > 1 else None)
        self.writer.requests(stage.name, sr.reqs, self.t0)
        self._save()
        return record

    async def _bounded(self, stage: Stage, sr: StageRun, record: StageRecord, budget: float) -> None:
        """Run the stage as a task under its deadline; Ctrl-C (interrupt) cancels just that task."""
        self._stage_task = asyncio.create_task(stage.execute(sr))
        if self._interrupted:  # Ctrl-C arrived while the stage was being prepared
            self._stage_task.cancel()
        try:
            async with asyncio.timeout(max(0.0, budget)):
                await self._stage_task
        except TimeoutError:
            record.deadline_hit = True
            record.notes.append(f"stage deadline of {budget:.0f}s reached; requests in flight are incomplete")
        except asyncio.CancelledError:
            if not self._interrupted:
                raise
            record.interrupted = True
            record.notes.append("interrupted; requests in flight are recorded as incomplete")
        finally:
            self._stage_task = None
        for req in sr.reqs:  # a request cancelled before it started has no end time
            if not req.end:
                req.incomplete = True

    async def _scrape(self, headers: dict[str, str], timeout: float | None = None) -> scrape.Scrape:
        """One /metrics scrape; after a timeout /metrics is not asked again in this run, so a
        hung endpoint costs one timeout, not two per stage."""
        if self._metrics_gone:
            return scrape.Scrape(ok=False, reason=self._metrics_gone)
        result = await scrape.scrape(self.session, self.target.base_url, headers,
                                     timeout=timeout or self.scrape_timeout)
        if not result.ok and "timed out" in (result.reason or ""):
            self._metrics_gone = f"{result.reason}; not scraped again in this run"
        return result

    def _fill(self, record: StageRecord, stage: Stage, sr: StageRun, duration: float,
              before: scrape.Scrape, after: scrape.Scrape, sampler: scrape.Sampler) -> None:
        reqs = sr.reqs
        record.ended_at = now_iso()
        record.duration_s = round(duration, 3)
        record.context_tokens = stage.context_tokens(self)
        prompt = [r.prompt_tokens for r in reqs if r.prompt_tokens is not None]
        record.prompt_tokens_mean = round(sum(prompt) / len(prompt), 1) if prompt else None
        cached = [r.cached_tokens for r in reqs if r.cached_tokens is not None]
        record.cached_tokens = sum(cached) if cached else None
        record.counts = stats.counts(reqs)
        record.latency = stats.latency(reqs, sr.gaps)
        if not isinstance(stage, Ready):
            record.throughput = stats.throughput(reqs, duration)
        if stage.context_tokens(self) is not None and stage.kind in SHARED_PREFIX_KINDS:
            record.notes.append(SHARED_NOTE)
        retried = sum(1 for r in reqs if r.retried)
        if retried:
            record.notes.append(f"{retried} request(s) {RETRIED_NOTE}")
        record.errors, examples = stats.errors(reqs)
        record.error_examples = {k: self.writer.redact(v) for k, v in examples.items()}
        record.server = scrape.stage_delta(before, after, sampler)
        engines = sorted(after.engines)
        record.placement = Placement(
            engines=engines,
            node=",".join(sorted(after.placement.get("node", ()))) or UNAVAILABLE,
            rank=",".join(sorted(after.placement.get("rank", ()))) or (
                f"engine {','.join(engines)}" if engines else UNAVAILABLE),
        )

    def _save(self) -> None:
        path = self.writer.results(self.result)
        if path is not None:
            self.result.files.setdefault("results", path.name)
            self.result.files.setdefault("requests", "requests.jsonl")

    # -- discovery (the ready stage) -------------------------------------------------------

    async def discover(self, sr: StageRun, wait_s: float) -> None:
        """Wait for /health, then read /version, /v1/models and calibrate sizes on /tokenize
        (the server layer's discovery, on its own client in a worker thread)."""
        req = Req(0, perf_counter())
        sr.reqs.append(req)
        found = await asyncio.to_thread(self._discover_sync, wait_s)
        target = self.result.target
        target.server_version = found.version
        target.server_kind = found.kind if found.kind in ("vllm", "llamacpp", "sglang") else None
        target.simulated = found.simulated
        never = None if found.ready else no_answer(found, target.url, wait_s)
        if never:  # no HTTP answer at all: one line that says so, and nothing measured
            req.error, self.unreachable = _ready_error(found.failure_kind), f"{never}: nothing measured"
            req.detail = self.unreachable
        elif not found.ready:
            req.error = _ready_error(found.failure_kind)
            req.http_status = found.health_status
            waited = found.waited_s if found.waited_s is not None else wait_s
            req.detail = (found.notes[-1] if found.notes else "no answer on /health") + f" (after {waited:.1f}s)"
        elif found.blocked_by:
            req.error, req.http_status = f"http_{found.blocked_by}", int(found.blocked_by)
            req.detail = "GET /v1/models failed; the server wants an API key (--api-key or SERVECHECK_API_KEY)"
        elif not found.models:
            req.error, req.detail = "no_models", "; ".join(found.notes) or "/v1/models listed no model"
        elif found.model not in found.models:
            req.error = "model_not_served"
            req.detail = f"model {found.model!r} not in /v1/models ({', '.join(found.models)})"
        else:
            self.model = self.builder.model = target.model = found.model
            self.max_model_len = target.max_model_len = found.max_model_len
        req.end = perf_counter()

    def _discover_sync(self, wait_s: float) -> Discovery:
        client = Client(self.target.endpoint, Limits(total_s=_PROBE_TIMEOUT), timeout_s=_PROBE_TIMEOUT)
        try:
            found = Discovery()
            wait_ready(client, found, wait_s, stop=lambda: self._interrupted)
            if found.ready and not self._interrupted:
                discover(client, found, self.model, "auto", 30.0, self.scrape_timeout)
                if found.model in found.models and not found.blocked_by:
                    self._calibrate(client, found.max_model_len)
            return found
        finally:
            client.close()

    def _calibrate(self, client: Client, max_model_len: int | None) -> None:
        """chars/token from /tokenize (else 4), and an agent prefix that fits the window."""
        client.start_check(60.0)
        sample = filler(4000, seed=1)
        count = count_text(client, self.model, sample)
        if count:
            self.chars_per_token = self.builder.chars_per_token = len(sample) / count
        budget = prefix_budget(max_model_len, self.settings.max_tokens)
        for _ in range(3):  # the prefix's own token density differs from the filler's
            prefix = self.builder.prefix
            self.prefix_tokens = count_text(client, self.model, prefix.system)
            tokens = self.prefix_tokens or len(prefix.system) / self.chars_per_token
            if budget is None or tokens <= budget:
                return
            self.builder.prefix = cut_prefix(prefix, tokens, budget)
            note = f"agent prefix shortened to about {budget} tokens (half the context window)"
            if note not in self.result.stages[-1].notes:
                self.result.stages[-1].notes.append(note)

    def target_context(self) -> int:
        """--context, else 4096; never more than fits beside the answer in max_model_len."""
        want = self.settings.context or 4096
        if self.max_model_len:
            want = min(want, self.max_model_len - self.settings.max_tokens - 16)
        return max(16, want)

    def agent_tokens(self) -> int:
        if self.prefix_tokens is not None:
            return self.prefix_tokens
        return int(len(self.builder.prefix.system) / self.chars_per_token)


def _ready_error(kind: str | None) -> str:
    """The ready stage's error kind: DNS, TLS and refused named; a silent server is a timeout."""
    if kind in (http.DNS, http.TLS, http.REFUSED, http.RESET, http.REDIRECT):
        return kind
    return "timeout" if kind in (*http.STALLS, http.CONNECT_TIMEOUT) else "unreachable"


def run_sync(run: Run, handle_sigint: bool = True) -> LoadResult:
    """Run on uvloop when available; Ctrl-C (SIGINT) interrupts cleanly once, hard twice."""
    import signal

    async def main() -> LoadResult:
        if handle_sigint:
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGINT, run.interrupt, "SIGINT (Ctrl-C)")
            loop.add_signal_handler(signal.SIGTERM, run.interrupt, "SIGTERM")
        return await run.execute()

    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency off Windows
        return asyncio.run(main())
    return uvloop.run(main())
