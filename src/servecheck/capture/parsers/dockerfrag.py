"""Pieces of ``docker inspect`` that people paste: just the ``Env`` array, a ``Config`` subset,
or a JSON cut off mid-way (a terminal scroll-back, a size limit in an issue form). What is there
is read; what is missing stays unknown, and a cut is said.

Sample (a cut paste, from NVIDIA/nvidia-docker#865)::

        "Config": {
            "Env": [
                "CUDA_VERSION=10.0.130",
                "NVIDIA_REQUIRE_CUDA=cuda>=10.0 brand=tesla,driver>=384,driver<385",
            ...
            "Entrypoint": null,
"""

from __future__ import annotations

import json
import re
from typing import Any

from servecheck.capture.parsers.docker import env_map

_STRING = r'"(?:[^"\\\n]|\\.)*"'
_ARRAY = re.compile(r'"(?P<key>Env|Cmd|Entrypoint|Args)"\s*:\s*\[(?P<body>(?:\s*' + _STRING + r'\s*,?)*)\s*(?P<end>\]?)')
_SCALAR = re.compile(r'"(?P<key>Image|Hostname|User|WorkingDir)"\s*:\s*(?P<v>' + _STRING + r")")
_LABELS = re.compile(r'"Labels"\s*:\s*\{(?P<body>(?:\s*' + _STRING + r'\s*:\s*' + _STRING + r'\s*,?)*)')
_ENV_ITEM = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_KEYS = ('"Env"', '"Config"', '"Cmd"', '"Entrypoint"', '"Labels"')


def looks_like(head: str, data: Any = None) -> bool:
    """A docker inspect piece that is not a whole container or image inspect."""
    if data is not None:
        return _is_env_list(data) or (isinstance(data, dict) and bool(
            {"Env", "Config", "Cmd", "Entrypoint"} & set(data)))
    stripped = head.lstrip()
    return (stripped[:1] in '["{' or stripped.startswith('"')) and any(k in head for k in _KEYS)


def _is_env_list(data: Any) -> bool:
    return (isinstance(data, list) and bool(data)
            and all(isinstance(v, str) and _ENV_ITEM.match(v) for v in data))


def parse(text: str) -> tuple[dict[str, Any], list[str]]:
    """(facts for the image and container sections, notes: what was cut or missing)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        config, notes = _salvage(text), [f"JSON cut off or broken at line {exc.lineno} "
                                         f"({exc.msg}); read what was there"]
    else:
        config, notes = _from_data(data), []
    facts = _facts(config)
    if not facts:
        notes.append("no Env, Cmd, Entrypoint, Image or Labels found")
    return facts, notes


def _from_data(data: Any) -> dict[str, Any]:
    if _is_env_list(data):
        return {"Env": data}
    if isinstance(data, list) and data and isinstance(data[0], dict):
        data = data[0]
    if isinstance(data, dict) and isinstance(data.get("Config"), dict):
        return dict(data["Config"])
    return dict(data) if isinstance(data, dict) else {}


def _salvage(text: str) -> dict[str, Any]:
    """Complete keys and array items read one by one from broken JSON."""
    config: dict[str, Any] = {}
    for m in _ARRAY.finditer(text):
        items = [json.loads(s) for s in re.findall(_STRING, m.group("body"))]
        config.setdefault(m.group("key"), items)
    for m in _SCALAR.finditer(text):
        config.setdefault(m.group("key"), json.loads(m.group("v")))
    if labels := _LABELS.search(text):
        pairs = re.findall(f"({_STRING})\\s*:\\s*({_STRING})", labels.group("body"))
        config["Labels"] = {json.loads(k): json.loads(v) for k, v in pairs}
    if not config and _ENV_ITEM.match(text.strip().strip('[",')):
        # A bare list of "NAME=value" strings, perhaps without its brackets.
        config["Env"] = [json.loads(s) for s in re.findall(_STRING, text)
                         if _ENV_ITEM.match(json.loads(s))]
    return config


def _facts(config: dict[str, Any]) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    env = env_map(config.get("Env")) if isinstance(config.get("Env"), list) else {}
    labels: dict[str, Any] = config["Labels"] if isinstance(config.get("Labels"), dict) else {}
    if env or labels:
        # Config.Env of a container includes its image's env: the image's CUDA is read from it.
        facts["image"] = {"cuda_version": env.get("CUDA_VERSION"),
                          "require_cuda": env.get("NVIDIA_REQUIRE_CUDA"),
                          "disable_require": env.get("NVIDIA_DISABLE_REQUIRE"),
                          "env": env, "labels": dict(labels)}
    command = [*_as_list(config.get("Entrypoint")), *_as_list(config.get("Cmd")),
               *_as_list(config.get("Args"))]
    container: dict[str, Any] = {}
    if command:
        container.update(command=command, command_source="docker inspect (fragment)")
    if env:
        container["env"] = env
    if isinstance(config.get("Image"), str):
        container["image"] = config["Image"]
    if container:
        facts["container"] = container
    return facts


def _as_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
