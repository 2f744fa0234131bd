"""Container engine facts: Docker (or Podman when that is what the host has) and daemon.json.

The NVIDIA runtime must be registered (and often the default) for GPU containers; the cgroup
driver matters for device access. A client whose daemon is down is an honest ``error``.
"""

from __future__ import annotations

import json

from servecheck.capture.parsers import docker
from servecheck.capture.probe import ProbeContext, ProbeFailed
from servecheck.proc import which

NAME = "container_runtime"
DESCRIPTION = "docker/podman info, runtimes, default runtime, cgroup driver, daemon.json"


def engine_for(ctx: ProbeContext) -> str:
    """The engine CLI to use: --engine, else docker, else podman."""
    wanted = ctx.options.engine
    if wanted != "auto":
        return wanted
    path = (ctx.options.env or {}).get("PATH")
    if which("docker", path) is None and which("podman", path) is not None:
        return "podman"
    return "docker"


def collect(ctx: ProbeContext) -> None:
    _daemon_json(ctx)
    engine = engine_for(ctx)
    result = ctx.run([engine, "info", "--format", "{{json .}}"], raw_name=f"{engine}-info.json")
    ctx.set("runtime", engine=engine)
    if result.status in ("missing", "timeout"):
        raise ProbeFailed(result.status, result.describe())
    parse = docker.parse_podman_info if engine == "podman" else docker.parse_info
    try:
        info = parse(docker.loads(result.stdout))
    except docker.DockerParseError as exc:
        raise ProbeFailed("error", f"{engine} info: {exc}; {result.stderr.strip()[:300]}") from exc
    if not info["error"] and result.status != "ok":
        info["error"] = result.stderr.strip()[:500] or result.describe()
    ctx.set("runtime", **info)
    if info["error"]:
        raise ProbeFailed("error", f"{engine} daemon: {info['error']}")


def _daemon_json(ctx: ProbeContext) -> None:
    path = ctx.path("/etc/docker/daemon.json")
    if not path.is_file():
        return
    text = path.read_text(errors="replace")
    ctx.raw["daemon.json"] = text
    try:
        ctx.set("runtime", daemon_json=json.loads(text))
    except json.JSONDecodeError as exc:
        ctx.notes.append(f"daemon.json is not valid JSON: {exc.msg}")
