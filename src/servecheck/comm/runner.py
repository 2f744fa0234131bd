"""`comm run`: start each test through the launcher (servecheck.proc, one shared deadline),
keep its output (redacted) beside the result, and read it with the same parser as `comm --from`.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from servecheck import __version__
from servecheck.comm import api, launchers, topology, torchscript
from servecheck.comm.models import CommResult, CommTest
from servecheck.proc import ProcResult, run


@dataclass(frozen=True)
class RunRequest:
    launcher: str
    plan: launchers.Plan
    out_dir: Path
    deadline_s: float = 1800.0
    ops: tuple[str, ...] = launchers.OPS
    endpoint: str = "127.0.0.1:29500"
    node_rank: int = 0


def argv_for(req: RunRequest, op: str, script: Path | None) -> list[str]:
    if req.launcher == "slurm":
        return launchers.slurm(req.plan, op)
    if req.launcher == "mpirun":
        return launchers.mpirun(req.plan, op)
    if req.launcher == "torchrun" and script is not None:
        return launchers.torchrun(req.plan, op, str(script), req.endpoint, req.node_rank)
    raise ValueError(f"launcher {req.launcher} does not run from here")


def _write_log(path: Path, res: ProcResult) -> None:
    from servecheck.fsutil import atomic_write_text
    from servecheck.redact import Redactor

    atomic_write_text(path, Redactor().text(res.stdout + ("\n" + res.stderr if res.stderr else "")))


def _tests_for(op: str, res: ProcResult, log: Path) -> list[CommTest]:
    lines = (res.stdout + "\n" + res.stderr).splitlines()
    if res.status == "missing":
        return [CommTest(op=op, status="error", source=str(log), errors=[res.describe()])]
    tests = api.tests_from_lines(lines, str(log))
    for t in tests:
        if t.op == "unknown":
            t.op = op
        if res.status == "timeout" and t.status != "complete":
            t.status = "timeout"
            t.errors.append(res.describe())
        elif res.status == "error" and t.status == "complete" and not t.errors:
            t.errors.append(res.describe())  # the footer came but the launcher failed: recorded, kept
        elif res.status == "error":
            # the launcher failed before a result: its own last words (mpirun's ssh error) say why
            t.errors.append(res.describe() + _last_stderr(res.stderr))
    return tests


def _last_stderr(stderr: str, lines: int = 3) -> str:
    from servecheck.redact import Redactor

    last = [line.strip() for line in stderr.splitlines() if line.strip()][-lines:]
    return f"; its last stderr lines: {Redactor().text(' | '.join(last))[:500]}" if last else ""


def run_tests(req: RunRequest, topo_files: list[Path] | None = None) -> CommResult:
    req.out_dir.mkdir(parents=True, exist_ok=True)
    script = torchscript.write(req.out_dir) if req.launcher == "torchrun" else None
    env = launchers.run_env(dict(os.environ))
    start, tests, runs = time.monotonic(), [], []
    for op in req.ops:
        left = req.deadline_s - (time.monotonic() - start)
        argv = argv_for(req, op, script)
        log = req.out_dir / f"{op}.log"
        if left <= 1:
            tests.append(CommTest(op=op, status="timeout", source=str(log),
                                  errors=[f"not started: the {req.deadline_s:g}s deadline was spent"]))
            continue
        res = run(argv, timeout=left, env=env)
        _write_log(log, res)
        runs.append(_run_record(res, log))
        tests += _tests_for(op, res, log)
    topo = topology.read(list(topo_files or []))
    judged = api.judge_all(tests, topo)
    return CommResult(servecheck_version=__version__, tests=judged, inputs=[str(r["log"]) for r in runs],
                      topology=topo, run={"launcher": req.launcher, "deadline_s": req.deadline_s, "runs": runs})


def _run_record(res: ProcResult, log: Path) -> dict[str, Any]:
    from servecheck.redact import Redactor

    r = Redactor()
    return {"argv": [r.text(a) for a in res.argv], "status": res.status, "returncode": res.returncode,
            "duration_s": round(res.duration_s, 2), "log": str(log), "truncated": res.truncated}
