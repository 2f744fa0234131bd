"""Parsers for Docker/Podman JSON: ``docker info``, ``docker image inspect``, ``docker inspect``.

Sample (``docker inspect`` of a container, abridged)::

    [{"Id": "4f..", "Name": "/vllm", "Config": {"Image": "vllm/vllm-openai:v0.11.0",
      "Entrypoint": ["vllm", "serve"], "Cmd": ["m", "--api-key", "x"], "Env": ["HF_TOKEN=.."]},
      "State": {"Status": "exited", "ExitCode": 1, "OOMKilled": false},
      "HostConfig": {"Runtime": "nvidia", "ShmSize": 67108864, "IpcMode": "private",
                     "DeviceRequests": [{"Driver": "", "Count": -1, "Capabilities": [["gpu"]]}]}}]
"""

from __future__ import annotations

import json
from typing import Any


class DockerParseError(ValueError):
    pass


def loads(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DockerParseError(f"not JSON ({exc.msg} at line {exc.lineno})") from exc


def env_map(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        name, _, value = item.partition("=")
        out[name] = value
    return out


def parse_info(data: dict[str, Any]) -> dict[str, Any]:
    errors = data.get("ServerErrors") or []
    runtimes = data.get("Runtimes") or {}
    return {
        "server_version": data.get("ServerVersion") or None,
        "runtimes": sorted(runtimes) if isinstance(runtimes, dict) else list(runtimes),
        "default_runtime": data.get("DefaultRuntime") or None,
        "cgroup_driver": data.get("CgroupDriver") or None,
        "cdi_specs": list(data.get("CDISpecDirs") or []),
        "error": "; ".join(errors) or None,
    }


def parse_podman_info(data: dict[str, Any]) -> dict[str, Any]:
    """``podman info --format json``: host.ociRuntime, host.cgroupManager, version.Version."""
    host = data.get("host") or {}
    runtime = (host.get("ociRuntime") or {}).get("name")
    return {
        "server_version": (data.get("version") or {}).get("Version"),
        "runtimes": [runtime] if runtime else [],
        "default_runtime": runtime,
        "cgroup_driver": host.get("cgroupManager"),
        "cdi_specs": [],
        "error": None,
    }


def _first(data: Any) -> dict[str, Any]:
    if isinstance(data, list):
        if not data:
            raise DockerParseError("inspect returned an empty list (no such object)")
        data = data[0]
    if not isinstance(data, dict):
        raise DockerParseError("inspect output is not an object")
    return data


def split_ref(ref: str) -> tuple[str, str | None, str | None]:
    """``repo:tag@sha256:..`` -> (repo, tag, digest); a port in the registry is not a tag."""
    digest = None
    if "@" in ref:
        ref, digest = ref.split("@", 1)
    tag = None
    last = ref.rsplit("/", 1)[-1]
    if ":" in last:
        ref, tag = ref.rsplit(":", 1)
    return ref, tag, digest


def parse_image(data: Any, ref: str | None = None) -> dict[str, Any]:
    img = _first(data)
    config = img.get("Config") or {}
    env = env_map(config.get("Env"))
    repo_tags = img.get("RepoTags") or []
    repo_digests = img.get("RepoDigests") or []
    ref = ref or (repo_tags[0] if repo_tags else None)
    repository, tag, digest = split_ref(ref) if ref else (None, None, None)
    if not digest and repo_digests:
        digest = repo_digests[0].split("@", 1)[-1]
    return {
        "ref": ref, "repository": repository, "tag": tag, "digest": digest,
        "id": img.get("Id"), "created": img.get("Created"),
        "architecture": img.get("Architecture"),
        "cuda_version": env.get("CUDA_VERSION"), "require_cuda": env.get("NVIDIA_REQUIRE_CUDA"),
        "disable_require": env.get("NVIDIA_DISABLE_REQUIRE"), "env": env,
        "labels": dict(config.get("Labels") or {}),
    }


def is_container(data: Any) -> bool:
    try:
        obj = _first(data)
    except DockerParseError:
        return False
    return "State" in obj and "Config" in obj


def is_image(data: Any) -> bool:
    try:
        obj = _first(data)
    except DockerParseError:
        return False
    return "RootFS" in obj or ("RepoTags" in obj and "State" not in obj)


def parse_container(data: Any) -> dict[str, Any]:
    c = _first(data)
    config = c.get("Config") or {}
    host = c.get("HostConfig") or {}
    state = c.get("State") or {}
    entry = config.get("Entrypoint") or []
    cmd = config.get("Cmd") or []
    if isinstance(entry, str):
        entry = [entry]
    if isinstance(cmd, str):
        cmd = [cmd]
    return {
        "name": (c.get("Name") or "").lstrip("/") or None,
        "id": c.get("Id"), "image": config.get("Image"),
        "command": [*entry, *cmd] or None, "command_source": "docker inspect",
        "env": env_map(config.get("Env")),
        "state": {
            "status": state.get("Status"), "running": state.get("Running"),
            "exit_code": state.get("ExitCode"), "oom_killed": state.get("OOMKilled"),
            "error": state.get("Error") or None, "started_at": state.get("StartedAt"),
            "finished_at": state.get("FinishedAt"),
        },
        "runtime": host.get("Runtime"),
        "device_requests": list(host.get("DeviceRequests") or []),
        "shm_size_bytes": host.get("ShmSize"), "ipc_mode": host.get("IpcMode"),
    }
