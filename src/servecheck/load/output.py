"""Writing a run to disk as it goes: requests.jsonl appended per stage, results.json rewritten
atomically after every stage, so that an interrupted or crashed run keeps what it measured."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from servecheck.errors import OutputError
from servecheck.fsutil import path_kind, write_output
from servecheck.load.client import Req
from servecheck.load.models import LoadResult
from servecheck.server.url import MASK

RESULTS = "results.json"
REQUESTS = "requests.jsonl"


def check_out_folder(out: Path) -> None:
    """--out names a folder (results.json, requests.jsonl and plots go inside): refuse a file,
    a device such as /dev/null or a symlink before the run spends its time."""
    kind = path_kind(out)
    if kind != "missing" and not out.is_dir():  # a symlink to a folder is a folder
        raise OutputError(f"--out {out} exists and is not a folder (it is a {kind}); give a folder")


def _redactor(secrets: Sequence[str] = ()) -> Any:
    from servecheck.redact import Redactor

    return Redactor(extra_values=list(secrets))


def request_line(stage: str, req: Req, t0: float, redactor: Any = None) -> dict[str, Any]:
    """One requests.jsonl object (the shape of models.RequestRecord), built without pydantic:
    thousands of these are written per stage."""
    ms = 1000.0
    ttft = req.first - req.due if req.first else None
    e2e = req.end - req.due if req.end and not req.incomplete else None
    tokens = req.out_tokens
    itl = (req.last - req.first) / (req.chunks - 1) if req.chunks > 1 else None
    detail = req.detail
    if detail and redactor is not None:
        detail = redactor.text(detail)
    status = "incomplete" if req.incomplete else ("failed" if req.error is not None else "ok")
    return {
        "stage": stage, "index": req.index, "due_s": round(req.due - t0, 6), "status": status,
        "error": req.error, "http_status": req.http_status,
        "ttft_ms": None if ttft is None else round(ttft * ms, 3),
        "e2e_ms": None if e2e is None else round(e2e * ms, 3),
        "itl_ms": None if itl is None else round(itl * ms, 3),
        "output_tokens": tokens, "prompt_tokens": req.prompt_tokens,
        "cached_tokens": req.cached_tokens, "finish_reason": req.finish,
        "tool_calls": req.tool_calls, "detail": detail,
    }


class Writer:
    """Owns the output folder of one run; `None` folder = keep nothing on disk (bench)."""

    def __init__(self, out_dir: Path | None, secrets: Sequence[str] = ()) -> None:
        self.out_dir = out_dir
        self.secrets = tuple(secrets)  # known by value (key, URL password): scrubbed even when echoed
        self._redactor = _redactor(secrets)
        if out_dir is not None:
            check_out_folder(out_dir)
            try:
                out_dir.mkdir(parents=True, exist_ok=True)
                (out_dir / REQUESTS).write_text("", encoding="utf-8")
            except OSError as exc:
                raise OutputError(f"--out {out_dir}: cannot create the folder: {exc.strerror or exc}") from exc

    def requests(self, stage: str, reqs: Sequence[Req], t0: float) -> None:
        if self.out_dir is None or not reqs:
            return
        lines = [self.scrub(json.dumps(request_line(stage, r, t0, self._redactor))) for r in reqs]
        with open(self.out_dir / REQUESTS, "a", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def results(self, result: LoadResult) -> Path | None:
        if self.out_dir is None:
            return None
        path = self.out_dir / RESULTS
        write_output(path, self.scrub(result.model_dump_json(indent=2)) + "\n")
        return path

    def redact(self, text: str) -> str:
        return self.scrub(self._redactor.text(text))

    def scrub(self, text: str) -> str:
        for secret in self.secrets:
            for form in {secret, json.dumps(secret)[1:-1]}:
                text = text.replace(form, MASK)
        return text
