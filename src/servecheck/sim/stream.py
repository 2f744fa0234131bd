"""The sim's engine and response writer: queue, cache-aware prefill, decode, SSE or JSON.

TTFT = queue wait + ttft_base + per_token_prefill x uncached prompt tokens; then one token every
itl_ms. A concurrency limit (max_concurrency) makes later requests wait, which shows in
vllm:num_requests_waiting. What was actually applied is recorded in the RequestRecord.
"""

from __future__ import annotations

import asyncio
import json
import time
from array import array
from typing import Any

from aiohttp import web

from servecheck.sim import generate as gen
from servecheck.sim import llamacpp
from servecheck.sim.state import RequestRecord, SimState

_SSE_HEADERS = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}


def _semaphore(st: SimState) -> asyncio.Semaphore:
    if st.sem is None:
        st.sem = asyncio.Semaphore(st.config.max_concurrency)
    return st.sem


async def respond(request: web.Request, st: SimState, body: dict[str, Any], prompt: list[int],
                  plan: gen.Plan, kind: str, rec: RequestRecord, fault: str | None
                  ) -> web.StreamResponse:
    t0 = time.perf_counter()
    cfg = st.config
    rec.output_tokens = len(plan.pieces)
    rec.finish_reason = plan.finish_reason
    st.waiting += 1
    sem = _semaphore(st)
    try:
        await sem.acquire()
    finally:
        st.waiting -= 1
    st.running += 1
    try:
        rec.queue_s = time.perf_counter() - t0
        skip = llamacpp.is_llamacpp(st) and body.get("cache_prompt") is False
        cached, hashes = (0, []) if skip else st.cache.lookup(prompt)
        rec.cached_tokens = cached
        prefill = (cfg.ttft_base_ms + cfg.per_token_prefill_ms * (len(prompt) - cached)) / 1000
        if prefill > 0:
            await asyncio.sleep(prefill)
        st.cache.store(hashes)
        writer = _Writer(request, st, body, plan, kind, rec, t0)
        if fault == "drop":
            rec.fault = "drop"
            return await writer.drop()
        return await (writer.stream() if rec.stream else writer.whole())
    except ConnectionError:
        # The client went away mid-answer: recorded, not an error of the sim. A plain response
        # lets aiohttp drop it quietly instead of logging a traceback for the operator.
        rec.fault = rec.fault or "client_gone"
        return web.Response(status=499, text="client closed request")
    finally:
        st.running -= 1
        sem.release()
        rec.e2e_s = time.perf_counter() - t0
        st.finish(rec)


class _Writer:
    def __init__(self, request: web.Request, st: SimState, body: dict[str, Any], plan: gen.Plan,
                 kind: str, rec: RequestRecord, t0: float) -> None:
        self.request, self.st, self.body, self.plan = request, st, body, plan
        self.kind, self.rec, self.t0 = kind, rec, t0
        prefix = "chatcmpl" if kind == "chat" else "cmpl"
        self.id = f"{prefix}-{rec.request_id}{int(t0 * 1000) % 10**8:08d}"
        self.created = int(time.time())
        self.itl = st.config.itl_ms / 1000
        self.llama = llamacpp.is_llamacpp(st)

    def _usage(self) -> dict[str, Any]:
        return gen.usage(self.st, self.rec.prompt_tokens, self.rec.output_tokens,
                         self.rec.cached_tokens)

    def _llama(self, data: dict[str, Any], with_timings: bool) -> dict[str, Any]:
        """llama.cpp's shape of DATA; its `timings` ride on the last chunk or the whole answer."""
        timings = llamacpp.timings(self.st, self.rec.prompt_tokens, self.rec.cached_tokens,
                                   self.rec.output_tokens, self.itl) if with_timings else None
        return llamacpp.reshape(data, timings)

    async def whole(self) -> web.Response:
        self.rec.ttft_s = time.perf_counter() - self.t0
        n = len(self.plan.pieces)
        if n > 1 and self.itl > 0:
            await asyncio.sleep(self.itl * (n - 1))
        self.rec.itl_s = array("d", [self.itl]) * max(n - 1, 0)
        body = self._complete()
        return web.json_response(self._llama(body, True) if self.llama else body)

    def _complete(self) -> dict[str, Any]:
        base = {"id": self.id, "created": self.created, "model": self.st.model}
        if self.kind == "completion":
            choice = {"index": 0, "text": self.plan.text, "logprobs": None,
                      "finish_reason": self.plan.finish_reason, "stop_reason": None}
            return {**base, "object": "text_completion", "choices": [choice], "usage": self._usage()}
        msg: dict[str, Any] = {"role": "assistant", "content": self.plan.text, "tool_calls": [],
                               "reasoning": None}
        if self.plan.tool_name:
            msg["content"] = None
            msg["tool_calls"] = [{"id": self.plan.tool_call_id, "type": "function", "function": {
                "name": self.plan.tool_name, "arguments": self.plan.text}}]
        choice = {"index": 0, "message": msg, "logprobs": None,
                  "finish_reason": self.plan.finish_reason, "stop_reason": None}
        return {**base, "object": "chat.completion", "choices": [choice], "usage": self._usage(),
                "prompt_logprobs": None}

    def _chunk(self, delta: dict[str, Any] | str, finish: str | None = None,
               timings: bool = False) -> bytes:
        base = {"id": self.id, "created": self.created, "model": self.st.model}
        if self.kind == "completion":
            choice: dict[str, Any] = {"index": 0, "text": delta, "logprobs": None,
                                      "finish_reason": finish, "stop_reason": None}
            data = {**base, "object": "text_completion", "choices": [choice]}
        else:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            data = {**base, "object": "chat.completion.chunk", "choices": [choice]}
        if self.llama:
            data = self._llama(data, timings)
        return b"data: " + json.dumps(data).encode() + b"\n\n"

    def _delta(self, i: int, piece: str) -> dict[str, Any] | str:
        if self.kind == "completion":
            return piece
        if not self.plan.tool_name:
            return {"content": piece}
        call: dict[str, Any] = {"index": 0, "function": {"arguments": piece}}
        if i == 0:
            call.update(id=self.plan.tool_call_id, type="function")
            call["function"]["name"] = self.plan.tool_name
        return {"tool_calls": [call]}

    async def _open(self) -> web.StreamResponse:
        resp = web.StreamResponse(headers=_SSE_HEADERS)
        await resp.prepare(self.request)
        if self.kind == "chat":
            await resp.write(self._chunk({"role": "assistant", "content": ""}))
        return resp

    async def stream(self) -> web.StreamResponse:
        resp = await self._open()
        last = self.t0
        for i, piece in enumerate(self.plan.pieces):
            if i and self.itl > 0:
                await asyncio.sleep(self.itl)
            await resp.write(self._chunk(self._delta(i, piece)))
            now = time.perf_counter()
            if i == 0:
                self.rec.ttft_s = now - self.t0
            else:
                self.rec.itl_s.append(now - last)
            last = now
        final: dict[str, Any] | str = "" if self.kind == "completion" else {}
        opts = self.body.get("stream_options") or {}
        usage = bool(opts.get("include_usage"))
        await resp.write(self._chunk(final, self.plan.finish_reason, timings=not usage))
        if usage:
            data: dict[str, Any] = {"id": self.id, "object": "chat.completion.chunk" if self.kind == "chat"
                    else "text_completion", "created": self.created, "model": self.st.model,
                    "choices": [], "usage": self._usage()}
            if self.llama:
                data = self._llama(data, True)
            await resp.write(b"data: " + json.dumps(data).encode() + b"\n\n")
        await resp.write(b"data: [DONE]\n\n")
        await resp.write_eof()
        if self.llama and self.request.transport is not None:
            # llama.cpp announces Keep-Alive but closes after a stream: pooled clients must cope
            self.request.transport.close()
        return resp

    async def drop(self) -> web.StreamResponse:
        """Send part of a stream (or nothing), then cut the connection like a crashed worker."""
        resp = await self._open() if self.rec.stream else None
        if resp is not None and self.plan.pieces:
            await resp.write(self._chunk(self._delta(0, self.plan.pieces[0])))
        transport = self.request.transport
        if transport is not None:
            transport.abort()
        self.rec.status = 0
        return resp if resp is not None else web.Response(status=200)
