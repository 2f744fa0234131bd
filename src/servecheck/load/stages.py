"""Stage kinds of the ramp: each one a small registered class that declares what it sends.

A new ramp shape is one class with `@register` (see `Rate` for an open-loop example); the engine
does not change. A stages file (JSON or TOML) lists stages as `{"kind": ..., <fields>}`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import tomllib
from array import array
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from time import perf_counter
from typing import TYPE_CHECKING, Any, ClassVar

from servecheck.errors import InputError, UsageError
from servecheck.load.client import Req, send
from servecheck.server.prompts import read_input_text

if TYPE_CHECKING:
    from servecheck.load.engine import Run

STAGES: dict[str, type[Stage]] = {}
DEFAULT_RAMP = (1, 2, 4, 8, 16, 32)


def register(cls: type[Stage]) -> type[Stage]:
    STAGES[cls.kind] = cls
    return cls


class StageRun:
    """The mutable state of one running stage: its requests (appended when due) and ITL gaps."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.reqs: list[Req] = []
        self.gaps: array = array("d")
        self.done = 0
        self.failed = 0

    async def one(self, index: int, due: float, body: Callable[[int], bytes]) -> None:
        req = Req(index, due)
        self.reqs.append(req)
        await send(self.run.session, self.run.target, body(index), req, self.gaps)
        self.done += 1
        if req.error is not None:
            self.failed += 1


@dataclass
class Stage:
    kind: ClassVar[str] = ""
    name: str = ""
    concurrency: int = 1

    def __post_init__(self) -> None:
        if not self.name:
            self.name = self.default_name()
        problem = self.problem()
        if problem:
            raise UsageError(f"stage {self.name!r}: {problem}")

    def problem(self) -> str | None:
        """What is wrong with this stage's settings, if anything (checked at construction)."""
        return "concurrency must be a whole number >= 1" if not _positive(self.concurrency) else None

    def default_name(self) -> str:
        return self.kind

    @property
    def planned(self) -> int:
        return 1

    def context_tokens(self, run: Run) -> int | None:
        return None

    async def execute(self, sr: StageRun) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@register
@dataclass
class Ready(Stage):
    """The server answers: /health 200, the model listed in /v1/models."""

    kind: ClassVar[str] = "ready"
    wait_s: float = 60.0

    async def execute(self, sr: StageRun) -> None:
        await sr.run.discover(sr, self.wait_s)


@register
@dataclass
class Short(Stage):
    """One short request: the smallest end-to-end proof."""

    kind: ClassVar[str] = "short"

    async def execute(self, sr: StageRun) -> None:
        await sr.one(0, perf_counter(), sr.run.builder.short)


@register
@dataclass
class TargetContext(Stage):
    """Requests at the product's target context, one at a time, each with a unique prefix."""

    kind: ClassVar[str] = "target-context"
    requests: int = 2
    context: int | None = None

    def problem(self) -> str | None:
        if not _positive(self.requests):
            return "requests must be >= 1"
        return None if self.context is None or _positive(self.context) else "context must be >= 1"

    @property
    def planned(self) -> int:
        return self.requests

    def context_tokens(self, run: Run) -> int | None:
        return self.context or run.target_context()

    async def execute(self, sr: StageRun) -> None:
        tokens = self.context_tokens(sr.run) or 0
        for i in range(self.requests):
            await sr.one(i, perf_counter(), lambda k: sr.run.builder.at_context(k, tokens))


@register
@dataclass
class Parallel(Stage):
    """Closed loop: `concurrency` agent-style requests in flight; a request is due the moment its
    slot frees (the first wave at the stage start), so client-side waiting is counted."""

    kind: ClassVar[str] = "parallel"
    requests: int | None = None
    seconds: float | None = None

    def default_name(self) -> str:
        return f"parallel-c{self.concurrency}"

    def problem(self) -> str | None:
        if self.requests is None and self.seconds is None:
            self.requests = max(16, 4 * self.concurrency) if _positive(self.concurrency) else 16
        if self.requests is not None and not _positive(self.requests):
            return "requests must be >= 1"
        if self.seconds is not None and not (isinstance(self.seconds, int | float) and self.seconds > 0):
            return "seconds must be > 0"
        return super().problem()

    @property
    def planned(self) -> int:
        return self.requests or 0

    def context_tokens(self, run: Run) -> int | None:
        return run.agent_tokens()

    async def execute(self, sr: StageRun) -> None:
        start = perf_counter()
        stop_at = start + self.seconds if self.seconds else None
        counter = itertools.count()
        body = sr.run.builder.agent

        async def worker() -> None:
            due = start
            while True:
                i = next(counter)
                if (self.requests is not None and i >= self.requests) or (
                        stop_at is not None and due >= stop_at):
                    return
                await sr.one(i, due, body)
                due = perf_counter()

        n = self.concurrency if self.requests is None else min(self.concurrency, self.requests)
        await _gather_all([worker() for _ in range(max(1, n))])


@register
@dataclass
class Rate(Stage):
    """Open loop: requests due at a fixed rate (req/s), at most `concurrency` in flight.
    A request that waits for a free slot keeps its due time: the wait counts."""

    kind: ClassVar[str] = "rate"
    concurrency: int = 256
    rate: float = 1.0
    requests: int = 10

    def default_name(self) -> str:
        return f"rate-{self.rate:g}" if isinstance(self.rate, int | float) else "rate"

    def problem(self) -> str | None:
        if not (isinstance(self.rate, int | float) and self.rate > 0):
            return "rate must be > 0 requests/s"
        return "requests must be >= 1" if not _positive(self.requests) else super().problem()

    @property
    def planned(self) -> int:
        return self.requests

    def context_tokens(self, run: Run) -> int | None:
        return run.agent_tokens()

    async def execute(self, sr: StageRun) -> None:
        slots = asyncio.Semaphore(self.concurrency)
        start = perf_counter()
        body = sr.run.builder.agent

        async def one(i: int, due: float) -> None:
            async with slots:
                await sr.one(i, due, body)

        tasks = []
        for i in range(self.requests):
            due = start + i / self.rate
            await asyncio.sleep(max(0.0, due - perf_counter()))
            tasks.append(asyncio.ensure_future(one(i, due)))
        await _gather_all(tasks)


async def _gather_all(aws: list[Any]) -> None:
    """Run all; on cancellation cancel every one and wait for them to record themselves."""
    tasks = [asyncio.ensure_future(a) for a in aws]
    try:
        await asyncio.gather(*tasks)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def default_stages(ramp: tuple[int, ...] = DEFAULT_RAMP, requests_per_stage: int | None = None,
                   stage_seconds: float | None = None, context: int | None = None,
                   wait_s: float = 60.0) -> list[Stage]:
    """The method's ramp: ready, short, target-context, then parallel stages of rising concurrency."""
    stages: list[Stage] = [Ready(wait_s=wait_s), Short(), TargetContext(context=context)]
    for c in ramp:
        n = None if stage_seconds else (requests_per_stage or max(16, 4 * c))
        stages.append(Parallel(concurrency=c, requests=n, seconds=stage_seconds))
    return stages


def from_spec(spec: dict[str, Any]) -> Stage:
    kind = spec.get("kind")
    cls = STAGES.get(str(kind))
    if cls is None:
        raise UsageError(f"unknown stage kind {kind!r}; known: {', '.join(sorted(STAGES))}")
    args = {k: v for k, v in spec.items() if k != "kind"}
    allowed = {f.name for f in fields(cls)}
    unknown = set(args) - allowed
    if unknown:
        raise UsageError(f"stage {kind!r}: unknown field(s) {', '.join(sorted(unknown))}")
    return cls(**args)


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def load_stages(path: Path) -> list[Stage]:
    """Read a stages file: JSON or TOML with a top-level `stages` list (JSON may be a bare list)."""
    text = read_input_text(path, "stages file")
    try:
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"stages file {path} is not valid: {exc}") from exc
    items = data.get("stages") if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items) or not items:
        raise InputError(f"stages file {path}: expected a non-empty list of stage objects")
    try:
        return [from_spec(x) for x in items]
    except TypeError as exc:
        raise UsageError(f"stages file {path}: {exc}") from exc
