"""Fake nvidia-smi / docker / nvidia-container-cli / nvidia-ctk executables that replay recorded
outputs. A scenario is a folder of recorded files; flags in the test choose failures."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"

NVIDIA_SMI = """#!/bin/sh
d="{data}"
[ -f "$d/HANG" ] && {{ : > "$d/STARTED"; exec sleep 1000; }}
case "$*" in
  "-q -x") f="$d/nvidia-smi-q.xml" ;;
  "topo -m") f="$d/topo.txt" ;;
  --query-gpu*) f="$d/query-gpu.csv" ;;
  --query-compute-apps*) f="$d/compute-apps.csv" ;;
  "") f="$d/nvidia-smi.txt" ;;
  *) echo "Invalid combination of input arguments." >&2; exit 2 ;;
esac
if [ -f "$d/FAIL" ]; then cat "$d/FAIL"; exit 9; fi
cat "$f"
"""

DOCKER_DOWN = """#!/bin/sh
msg="Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"
case "$1" in
  info) cat "{fixtures}/docker-info-daemon-down.json"; echo "$msg" >&2; exit 1 ;;
  *) echo "[]"; echo "$msg" >&2; exit 1 ;;
esac
"""

DOCKER_UP = """#!/bin/sh
d="{demo}"
case "$1 $2" in
  "info --format") cat "$d/dockerinfo.json" ;;
  "image inspect") [ "$3" = "vllm/vllm-openai:kimi-k3" ] || {{ echo "[]"; echo "Error response from daemon: No such image: $3" >&2; exit 1; }}; cat "$d/image.json" ;;
  "inspect --format") echo "vllm/vllm-openai:kimi-k3" ;;
  "inspect kimi-k3") cat "$d/inspect-container.json" ;;
  "logs --timestamps") cat "$d/kimi-k3-container.log" >&2 ;;
  *) echo "[]"; echo "Error: No such object: $2" >&2; exit 1 ;;
esac
"""

NCLI = """#!/bin/sh
echo "NVRM version:   575.57.08"
echo "CUDA version:   12.9"
echo ""
echo "Device Index:   0"
echo "Model:          NVIDIA H100 80GB HBM3"
"""


def _script(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)


@pytest.fixture
def fake_host(tmp_path: Path):
    """Returns a builder: fake_host(gpu="r575-h100", docker="down"|"up"|None, hang=False, xml=None)."""

    def build(gpu: str | None = "r575-h100", docker: str | None = "down", hang: bool = False,
              xml: str | None = None, smi_fail: str | None = None, toolkit: bool = True) -> dict[str, str]:
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir(exist_ok=True)
        if gpu is not None:
            data = tmp_path / "gpu-data"
            data.mkdir(exist_ok=True)
            for f in (FIXTURES / gpu).iterdir():
                (data / f.name).write_bytes(f.read_bytes())
            if xml is not None:
                (data / "nvidia-smi-q.xml").write_bytes((FIXTURES / xml).read_bytes())
            if hang:
                (data / "HANG").write_text("")
            if smi_fail is not None:
                (data / "FAIL").write_text(smi_fail)
            _script(bin_dir, "nvidia-smi", NVIDIA_SMI.format(data=data))
        if docker == "down":
            _script(bin_dir, "docker", DOCKER_DOWN.format(fixtures=FIXTURES))
        elif docker == "up":
            _script(bin_dir, "docker", DOCKER_UP.format(demo=DEMO))
        if toolkit:
            _script(bin_dir, "nvidia-container-cli", NCLI)
            _script(bin_dir, "nvidia-ctk", "#!/bin/sh\necho 'NVIDIA Container Toolkit CLI version 1.17.8'\n")
        tools = tmp_path / "tools"
        tools.mkdir(exist_ok=True)
        for tool in ("cat", "sleep"):
            link = tools / tool
            if not link.exists():
                link.symlink_to(shutil.which(tool) or f"/bin/{tool}")
        env = {k: v for k, v in os.environ.items() if k != "PATH"}
        # Only the fakes and two basic tools: no real nvidia-smi/docker/podman can leak in.
        env["PATH"] = f"{bin_dir}:{tools}"
        return env

    return build

PODMAN = """#!/bin/sh
case "$1" in
  info) cat <<'JSON'
{"host": {"arch": "amd64", "cgroupManager": "systemd", "cgroupVersion": "v2", "hostname": "gpu-p01",
 "ociRuntime": {"name": "crun", "package": "crun-1.14.1-1.fc39.x86_64", "path": "/usr/bin/crun",
 "version": "crun version 1.14.1"}, "kernel": "6.8.5-201.fc39.x86_64"},
 "store": {"graphDriverName": "overlay"},
 "version": {"APIVersion": "4.9.4", "Version": "4.9.4", "GoVersion": "go1.21.9", "OsArch": "linux/amd64"}}
JSON
  ;;
  *) echo "Error: no such object: $2" >&2; exit 125 ;;
esac
"""


@pytest.fixture
def podman_host(tmp_path: Path, fake_host):
    """A host with podman and no docker."""
    env = fake_host(docker=None)
    bin_dir = Path(env["PATH"].split(":")[0])
    _script(bin_dir, "podman", PODMAN)
    return env
