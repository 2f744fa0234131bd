"""What a pasted or saved file is, by content (never by name), and the facts it holds.

Kinds: nvidia-smi XML / table (Linux or Windows) / topology, ``nvidia-container-cli info``,
docker inspect (whole container or image, or a fragment: the ``Env`` array, a ``Config`` subset,
a cut-off JSON), ``docker info``, daemon.json, the toolkit's config.toml, an env dump, and the
log (anything else, streamed later). Each parse returns (facts, raw file name, notes), where
notes say what was cut or unknown.
"""

from __future__ import annotations

import json
import re
from typing import Any

from servecheck.capture.parsers import docker, dockerfrag, nvcli, nvsmi

_ENV_LINE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
Parsed = tuple[dict[str, Any], str | None, list[str]]


def classify(head: str) -> str:
    """The kind of a file from its first bytes."""
    stripped = head.lstrip()
    if "<nvidia_smi_log" in head:
        return "nvidia_smi_xml"
    if re.search(r"NVIDIA-SMI \d|NVIDIA-SMI has failed|Failed to initialize NVML", head) and "|" in head:
        return "nvidia_smi_text"
    if "GPU0" in head and ("X    = Self" in head or "Legend" in head):
        return "topology"
    if nvcli.looks_like(head):
        return "container_cli_info"
    if stripped[:1] in "[{":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            data = None
        if data is not None:
            return _json_kind(data)
    if dockerfrag.looks_like(head):
        return "docker_fragment"
    if "[nvidia-container-cli]" in head or "[nvidia-container-runtime]" in head:
        return "toolkit_config"
    lines = [ln for ln in head.splitlines()[:200] if ln.strip()]
    if lines and sum(bool(_ENV_LINE.match(ln)) for ln in lines) >= 0.8 * len(lines) and len(lines) >= 3:
        return "env"
    return "log"


def _json_kind(data: Any) -> str:
    if docker.is_container(data):
        return "container_inspect"
    if docker.is_image(data):
        return "image_inspect"
    if isinstance(data, dict) and ("ServerVersion" in data or "ClientInfo" in data):
        return "docker_info"
    if isinstance(data, dict) and ("runtimes" in data or "default-runtime" in data):
        return "daemon_json"
    if dockerfrag.looks_like("", data):
        return "docker_fragment"
    return "json_other"


def parse(kind: str, text: str) -> Parsed:
    """Facts from a whole file of a known kind; ValueError when it cannot be read at all."""
    if kind == "nvidia_smi_xml":
        return _smi_xml(text)
    if kind == "nvidia_smi_text":
        header = nvsmi.parse_header(text)
        notes = [] if header.get("cuda_version") else ["CUDA version not shown (or ERR!): unknown"]
        return {"gpu_text": {**header, "gpus": nvsmi.parse_text_gpus(text)}}, "nvidia-smi.txt", notes
    if kind == "topology":
        return ({"gpu": {"topology": text, "nvlink": nvsmi.topology_has_nvlink(text)}},
                "nvidia-smi-topo.txt", [])
    if kind == "container_cli_info":
        gpu, notes = nvcli.parse(text)
        return {"gpu_text": gpu}, "nvidia-container-cli-info.txt", notes
    if kind == "docker_fragment":
        facts, notes = dockerfrag.parse(text)
        return facts, "docker-inspect-fragment.txt", notes
    return _json_or_config(kind, text)


def _smi_xml(text: str) -> Parsed:
    try:
        return {"gpu": {"source": "nvidia-smi-xml", **nvsmi.parse_xml(text)}}, "nvidia-smi-q.xml", []
    except nvsmi.ParseError as exc:
        if exc.salvaged:
            raise ValueError(f"{exc} (salvaged: {', '.join(exc.salvaged)})") from exc
        raise ValueError(str(exc)) from exc


def _json_or_config(kind: str, text: str) -> Parsed:
    if kind == "container_inspect":
        return {"container": docker.parse_container(json.loads(text))}, "container-inspect.json", []
    if kind == "image_inspect":
        return {"image": docker.parse_image(json.loads(text))}, "image-inspect.json", []
    if kind == "docker_info":
        return ({"runtime": {"engine": "docker", **docker.parse_info(json.loads(text))}},
                "docker-info.json", [])
    if kind == "daemon_json":
        return {"runtime": {"daemon_json": json.loads(text)}}, "daemon.json", []
    if kind == "toolkit_config":
        return {"runtime": {"toolkit_config": text}}, "nvidia-container-runtime-config.toml", []
    if kind == "env":
        env = dict(ln.split("=", 1) for ln in text.splitlines() if _ENV_LINE.match(ln))
        return {"host": {"env": env, "hostname": env.get("HOSTNAME")}}, None, []
    return {}, None, []
