"""``capture --from DIR``: build the same bundle from files gathered by hand elsewhere.

Each file is recognised by its content, not its name (people save ``nvidia-smi`` output as
``gpu.txt``, ``out1``, ``smi.log``...). Every file leaves a probe record: what it was taken for,
or why it was not used.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from servecheck.capture.models import ProbeRecord, ProbeStatus
from servecheck.capture.parsers import docker, logscan, nvsmi
from servecheck.capture.probe import ProbeRun

SNIFF_BYTES = 64 * 1024
_ENV_LINE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def classify(head: str) -> str:
    """The kind of a file from its first bytes."""
    stripped = head.lstrip()
    if "<nvidia_smi_log" in head:
        return "nvidia_smi_xml"
    if re.search(r"NVIDIA-SMI \d|NVIDIA-SMI has failed|Failed to initialize NVML", head) and "|" in head:
        return "nvidia_smi_text"
    if "GPU0" in head and ("X    = Self" in head or "Legend" in head):
        return "topology"
    if stripped[:1] in "[{":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            data = None
        if data is not None:
            return _json_kind(data)
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
    return "json_other"


def collect_dir(folder: Path) -> list[ProbeRun]:
    runs: list[ProbeRun] = []
    logs: list[Path] = []
    status: ProbeStatus
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        start = time.monotonic()
        rel = path.relative_to(folder).as_posix()
        try:
            with open(path, "rb") as fh:
                head = fh.read(SNIFF_BYTES).decode("utf-8", errors="replace")
            kind = classify(head)
            if kind == "log":
                logs.append(path)
                continue
            facts, raw_name = _parse(kind, path)
            status, error = "ok", None
        except (OSError, ValueError) as exc:
            kind, facts, raw_name, status, error = "unreadable", {}, None, "error", str(exc)
        raw = {raw_name: path.read_text(errors="replace")} if raw_name else {}
        runs.append(_record(f"from:{rel}", kind, status, error, start, facts, raw))
    if logs:
        runs.extend(_logs(folder, logs))
    return runs


def _parse(kind: str, path: Path) -> tuple[dict[str, Any], str | None]:
    text = path.read_text(errors="replace")
    if kind == "nvidia_smi_xml":
        try:
            return {"gpu": {"source": "nvidia-smi-xml", **nvsmi.parse_xml(text)}}, "nvidia-smi-q.xml"
        except nvsmi.ParseError as exc:
            if exc.salvaged:
                raise ValueError(f"{exc} (salvaged: {', '.join(exc.salvaged)})") from exc
            raise ValueError(str(exc)) from exc
    if kind == "nvidia_smi_text":
        header = nvsmi.parse_header(text)
        return {"gpu_text": {**header, "gpus": nvsmi.parse_text_gpus(text)}}, "nvidia-smi.txt"
    if kind == "topology":
        return {"gpu": {"topology": text, "nvlink": nvsmi.topology_has_nvlink(text)}}, "nvidia-smi-topo.txt"
    if kind == "container_inspect":
        return {"container": docker.parse_container(json.loads(text))}, "container-inspect.json"
    if kind == "image_inspect":
        return {"image": docker.parse_image(json.loads(text))}, "image-inspect.json"
    if kind == "docker_info":
        return {"runtime": {"engine": "docker", **docker.parse_info(json.loads(text))}}, "docker-info.json"
    if kind == "daemon_json":
        return {"runtime": {"daemon_json": json.loads(text)}}, "daemon.json"
    if kind == "toolkit_config":
        return {"runtime": {"toolkit_config": text}}, "nvidia-container-runtime-config.toml"
    if kind == "env":
        env = dict(ln.split("=", 1) for ln in text.splitlines() if _ENV_LINE.match(ln))
        return {"host": {"env": env, "hostname": env.get("HOSTNAME")}}, None
    return {}, None


def _logs(folder: Path, logs: list[Path]) -> list[ProbeRun]:
    """The largest text file that is not anything else is the start-up log; others are noted."""
    logs.sort(key=lambda p: p.stat().st_size, reverse=True)
    runs = []
    start = time.monotonic()
    with open(logs[0], "rb") as fh:
        scan = logscan.scan_file(fh, logs[0].name)
    runs.append(_record(f"from:{logs[0].relative_to(folder).as_posix()}", "log", "ok", None,
                        start, {"log": scan}, {}))
    for other in logs[1:]:
        runs.append(_record(f"from:{other.relative_to(folder).as_posix()}", "log", "skipped",
                            f"another log ({logs[0].name}, larger) was used", start, {}, {}))
    return runs


def _record(name: str, kind: str, status: ProbeStatus, error: str | None, start: float,
            facts: dict[str, Any], raw: dict[str, str]) -> ProbeRun:
    record = ProbeRecord(name=name, status=status, duration_s=round(time.monotonic() - start, 3),
                         error=error, files=[f"raw/{k}" for k in raw], commands=[f"recognised as {kind}"])
    return ProbeRun(record, facts, raw)
