"""The saved evidence model (``evidence.json``). Versioned; `servecheck schema evidence` prints it.

Every field that other stages rely on is listed in the capture issue and must exist, null when
unknown. Unknown is always ``None``, never a guess.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import Field

from servecheck import __version__
from servecheck.errors import SchemaTooNew
from servecheck.modelbase import StrictModel as _Model

# 2: log.stopped and the per-fact ``sources`` map. Readers accept every version up to this one
# and refuse a newer one with a message of its own (see check_schema).
SCHEMA_VERSION = 2

ProbeStatus = Literal["ok", "missing", "timeout", "error", "skipped"]


class ProbeRecord(_Model):
    """How one probe went: the manifest and evidence both carry it."""

    name: str
    status: ProbeStatus
    duration_s: float = 0.0
    error: str | None = None
    files: list[str] = Field(default_factory=list)
    commands: list[str] = Field(default_factory=list)


class GPU(_Model):
    index: int | None = None
    name: str | None = None
    uuid: str | None = None
    compute_capability: str | None = None
    architecture: str | None = None
    brand: str | None = None
    memory_total_mib: int | None = None
    memory_used_mib: int | None = None
    pci_bus_id: str | None = None
    mig_mode: str | None = None
    persistence_mode: str | None = None
    driver_model: str | None = Field(None, description="WDDM, TCC or MCDM (Windows tables)")


class GPUProcess(_Model):
    pid: int | None = None
    name: str | None = None
    used_memory_mib: int | None = None
    gpu_uuid: str | None = None
    gpu_index: int | None = None
    type: str | None = None


class GPUSection(_Model):
    source: str | None = Field(None, description="nvml, nvidia-smi-xml or nvidia-smi-text")
    driver_version: str | None = None
    driver_branch: str | None = Field(None, description="e.g. r575")
    cuda_version: str | None = Field(None, description="the CUDA version the driver reports")
    nvml_version: str | None = None
    gpus: list[GPU] = Field(default_factory=list)
    processes: list[GPUProcess] = Field(default_factory=list)
    topology: str | None = Field(None, description="`nvidia-smi topo -m`, verbatim")
    nvlink: bool | None = None
    smi_error: str | None = Field(None, description="nvidia-smi's own failure text, if any")


class HostSection(_Model):
    hostname: str | None = None
    kernel: str | None = None
    os_release: str | None = None
    cpus: int | None = None
    memory_total_bytes: int | None = None
    shm_size_bytes: int | None = None
    cgroup: dict[str, str] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict, description="redacted")


class RuntimeSection(_Model):
    engine: str | None = Field(None, description="docker or podman")
    server_version: str | None = None
    runtimes: list[str] = Field(default_factory=list)
    default_runtime: str | None = None
    cgroup_driver: str | None = None
    daemon_json: dict[str, object] | None = None
    nvidia_ctk_version: str | None = None
    nvidia_container_cli_info: str | None = None
    toolkit_config: str | None = None
    cdi_specs: list[str] = Field(default_factory=list)
    error: str | None = None


class ImageSection(_Model):
    ref: str | None = None
    repository: str | None = None
    tag: str | None = None
    digest: str | None = None
    id: str | None = None
    created: str | None = None
    architecture: str | None = None
    cuda_version: str | None = Field(None, description="CUDA_VERSION from the image env")
    require_cuda: str | None = Field(None, description="NVIDIA_REQUIRE_CUDA from the image env")
    disable_require: str | None = None
    env: dict[str, str] = Field(default_factory=dict, description="redacted")
    labels: dict[str, str] = Field(default_factory=dict)


class ContainerState(_Model):
    status: str | None = None
    running: bool | None = None
    exit_code: int | None = None
    oom_killed: bool | None = None
    error: str | None = None
    started_at: str | None = None
    finished_at: str | None = None


class ContainerSection(_Model):
    name: str | None = None
    id: str | None = None
    image: str | None = None
    command: list[str] | None = Field(None, description="entrypoint + args, redacted")
    command_source: str | None = Field(None, description="docker inspect, or --cmd")
    env: dict[str, str] = Field(default_factory=dict, description="redacted")
    state: ContainerState = Field(default_factory=ContainerState)
    runtime: str | None = None
    device_requests: list[dict[str, object]] = Field(default_factory=list)
    shm_size_bytes: int | None = None
    ipc_mode: str | None = None


class LogLine(_Model):
    line: int
    text: str


class LogSection(_Model):
    source: str | None = None
    total_lines: int = 0
    total_bytes: int = 0
    head: list[LogLine] = Field(default_factory=list)
    tail: list[LogLine] = Field(default_factory=list)
    relevant: list[LogLine] = Field(default_factory=list)
    relevant_dropped: int = Field(0, description="selected lines beyond the cap, counted not kept")
    selection: str | None = Field(None, description="how the kept lines were chosen")
    complete: bool = Field(True, description="the whole log was read (False: see 'stopped')")
    stopped: str | None = Field(None, description="why the read ended early (size cap, deadline, read error)")
    nul_bytes: int = Field(0, description="NUL bytes read: binary data, no text (none in a log's text)")
    nul_lines: list[int] | None = Field(None, description="the first and last line that holds a NUL byte")
    read_as: str | None = Field(None, description="how the file was read, when not as plain text: its compression and "
                                "the records or heads taken off each line (docker-json, cri, journald, timestamps, "
                                "kubectl-prefix, srun-label), joined by +; the kept lines are the text after that")
    omitted_lines: int = Field(0, description="lines read but not kept")
    omitted_bytes: int = Field(0, description="bytes of text read but not kept")
    omitted_ranges: list[dict[str, list[int]]] = Field(
        default_factory=list, description="the largest omitted ranges: {'lines': [a, b], 'bytes': [x, y]}")


class VLLMSection(_Model):
    version: str | None = None
    source: str | None = Field(None, description="image label, image env, log line or package")
    commit: str | None = None


class Evidence(_Model):
    """The canonical capture result. Terminal summary and diagnosis read this, nothing else."""

    schema_version: int = SCHEMA_VERSION
    servecheck_version: str
    created_at: datetime
    finished_at: datetime | None = None
    mode: Literal["live", "from_dir", "demo"] = "live"
    command_line: list[str] = Field(default_factory=list, description="servecheck's own argv, redacted")
    host: HostSection = Field(default_factory=HostSection)
    gpu: GPUSection = Field(default_factory=GPUSection)
    runtime: RuntimeSection = Field(default_factory=RuntimeSection)
    image: ImageSection = Field(default_factory=ImageSection)
    container: ContainerSection = Field(default_factory=ContainerSection)
    log: LogSection = Field(default_factory=LogSection)
    vllm: VLLMSection = Field(default_factory=VLLMSection)
    probes: list[ProbeRecord] = Field(default_factory=list)
    redactions: dict[str, int] = Field(default_factory=dict, description="count per kind, never values")
    anonymized: bool = False
    sources: dict[str, str] = Field(
        default_factory=dict,
        description="section.field -> the probe or file it was read from (from:NAME for --from)")
    status: Literal["complete", "incomplete"] = Field(
        "complete", description="incomplete: something the capture was asked for could not be read")
    missing: list[str] = Field(default_factory=list, description="what was asked for but not read")

    def empty_log(self) -> bool:
        """The log probe read its source to the end and found no byte in it: empty, not unread."""
        probe = next((p for p in self.probes if p.name == "log"), None)
        return (probe is not None and probe.status == "ok" and self.log.source is not None
                and self.log.complete and self.log.total_bytes == 0)


class ManifestFile(_Model):
    path: str
    sha256: str
    size: int


class Manifest(_Model):
    schema_version: int = SCHEMA_VERSION
    servecheck_version: str
    command_line: list[str]
    started_at: datetime
    finished_at: datetime
    probes: list[ProbeRecord]
    files: list[ManifestFile]
    redactions: dict[str, int] = Field(default_factory=dict)
    status: Literal["complete", "incomplete"] = "complete"
    missing: list[str] = Field(default_factory=list, description="what was asked for but not read")


def check_schema(text: str, target: Path) -> None:
    """Refuse a file written by a newer servecheck before anything else reads it: its fields may
    mean something this version does not know, so no verdict on it can be trusted."""
    try:
        version = json.loads(text).get("schema_version")
    except (ValueError, AttributeError):
        return  # not JSON or not an object: the model's own message says so
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"{target} was written by a newer servecheck (schema_version {version}; this "
            f"servecheck {__version__} reads up to {SCHEMA_VERSION}): upgrade servecheck to read it")
