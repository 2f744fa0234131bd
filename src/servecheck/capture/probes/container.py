"""The container (running or exited): start command, env, state, runtime, GPUs, shm, IPC, logs.

Exited containers matter most: they are the failed start. Logs are streamed into the log
scanner rather than held whole in memory.
"""

from __future__ import annotations

import shlex

from servecheck.capture.parsers import docker
from servecheck.capture.probe import ProbeContext, ProbeFailed, require_ok
from servecheck.capture.probes.container_runtime import engine_for

NAME = "container"
DESCRIPTION = "container inspect (command, env, state, runtime, devices, ShmSize, IpcMode) and logs"


def collect(ctx: ProbeContext) -> None:
    if ctx.options.cmd:
        ctx.set("container", command=shlex.split(ctx.options.cmd), command_source="--cmd")
    name = ctx.options.container
    if not name:
        raise ProbeFailed("skipped", "no --container given" + (" (start command from --cmd)"
                                                              if ctx.options.cmd else ""))
    engine = engine_for(ctx)
    result = require_ok(ctx.run([engine, "inspect", name], raw_name="container-inspect.json"))
    try:
        facts = docker.parse_container(docker.loads(result.stdout))
    except docker.DockerParseError as exc:
        raise ProbeFailed("error", f"container inspect: {exc}") from exc
    if ctx.options.cmd:
        facts.pop("command"), facts.pop("command_source")
    ctx.set("container", **facts)
    if ctx.options.log_path is None:
        logs = ctx.run([engine, "logs", "--timestamps", name])
        if logs.status == "ok":
            from servecheck.capture.parsers import logscan

            merged = (logs.stdout + logs.stderr).encode()
            scan = logscan.LogScanner().feed_all(merged.splitlines(keepends=True))
            ctx.set("log", **scan.result(f"{engine} logs {name}"))
        else:
            ctx.notes.append(f"container logs unavailable: {logs.describe()}")
