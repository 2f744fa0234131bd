"""``capture --from`` on outputs that people paste (fixtures/pasted/, sources in SOURCES.md):
docker inspect fragments, ``nvidia-container-cli info``, Windows nvidia-smi tables."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from servecheck.capture.paste import classify
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture

PASTED = Path(__file__).parent / "fixtures" / "pasted"


def _capture_one(tmp_path: Path, fixture: str, name: str = "pasted.txt"):
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(PASTED / fixture, src / name)
    result = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src)
    probe = next(p for p in result.evidence.probes if p.name == f"from:{name}")
    return result.evidence, probe


@pytest.mark.parametrize("fixture,kind", [
    ("container-cli-info-nvidia-docker-904.txt", "container_cli_info"),
    ("container-cli-info-nvidia-docker-1775-jetson.txt", "container_cli_info"),
    ("nvidia-smi-windows-ollama-1929.txt", "nvidia_smi_text"),
    ("nvidia-smi-wsl-cuda-err-wsl-11589.txt", "nvidia_smi_text"),
    ("docker-inspect-cut-nvidia-docker-865.txt", "docker_fragment"),
    ("docker-inspect-env-only-nvidia-docker-865.json", "docker_fragment"),
    ("docker-inspect-config-subset-nvidia-docker-865.json", "docker_fragment"),
])
def test_pasted_outputs_are_recognised(fixture, kind):
    assert classify((PASTED / fixture).read_text()) == kind


@pytest.mark.parametrize("fixture,driver,cuda,gpu", [
    ("container-cli-info-nvidia-docker-904.txt", "390.87", "9.1", "GeForce GTX 1080 with Max-Q Design"),
    ("container-cli-info-nvidia-docker-895.txt", "384.130", "9.0", "GeForce 920M"),
])
def test_container_cli_info_gives_driver_cuda_and_gpus(tmp_path, fixture, driver, cuda, gpu):
    ev, probe = _capture_one(tmp_path, fixture)
    assert probe.status == "ok"
    assert (ev.gpu.driver_version, ev.gpu.cuda_version) == (driver, cuda)
    assert ev.gpu.source == "nvidia-container-cli"
    assert [g.name for g in ev.gpu.gpus] == [gpu] and ev.gpu.gpus[0].uuid.startswith("GPU-")
    assert ev.sources["gpu.driver_version"] == "from:pasted.txt"


def test_container_cli_placeholders_read_as_unknown(tmp_path):
    ev, probe = _capture_one(tmp_path, "container-cli-info-nvidia-docker-1775-jetson.txt")
    assert ev.gpu.driver_version is None and ev.gpu.cuda_version == "10.2"
    assert ev.gpu.gpus[0].name == "Xavier" and ev.gpu.gpus[0].uuid is None
    assert "NVRM (driver) version not given" in probe.error


def test_bracket_placeholder_from_a_template(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "info.txt").write_text("NVRM version:   [version]\nCUDA version:   [version]\n\n"
                                  "Device Index:   0\nModel:          [model]\n")
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src).evidence
    assert ev.gpu.driver_version is None and ev.gpu.cuda_version is None
    assert ev.gpu.gpus[0].name is None and ev.gpu.gpus[0].index == 0


@pytest.mark.parametrize("fixture,driver,cuda,name,model", [
    ("nvidia-smi-windows-ollama-1929.txt", "546.33", "12.3", "NVIDIA GeForce RTX 4060 Ti", "WDDM"),
    ("nvidia-smi-windows-kmd-umd-constructed.txt", "610.47", "13.3", "NVIDIA RTX A1000 Laptop GPU", "WDDM"),
    ("nvidia-smi-wsl-cuda-err-wsl-11589.txt", "546.80", None, "NVIDIA GeForce RTX 3060 ...", None),
])
def test_windows_tables(tmp_path, fixture, driver, cuda, name, model):
    ev, probe = _capture_one(tmp_path, fixture)
    assert (ev.gpu.driver_version, ev.gpu.cuda_version) == (driver, cuda)
    assert [g.name for g in ev.gpu.gpus] == [name]
    assert ev.gpu.gpus[0].driver_model == model
    assert ev.gpu.gpus[0].memory_total_mib is not None
    if cuda is None:
        assert "CUDA version not shown" in probe.error


@pytest.mark.parametrize("fixture,cut", [
    ("docker-inspect-cut-nvidia-docker-865.txt", True),
    ("docker-inspect-env-only-nvidia-docker-865.json", False),
    ("docker-inspect-config-subset-nvidia-docker-865.json", False),
])
def test_docker_inspect_fragments_give_the_image_cuda(tmp_path, fixture, cut):
    ev, probe = _capture_one(tmp_path, fixture)
    assert probe.status == "ok"
    assert ev.image.cuda_version == "10.0.130"
    assert ev.image.require_cuda.startswith("cuda>=10.0")
    assert ev.sources["image.cuda_version"] == "from:pasted.txt"
    assert (probe.error is not None and "cut off" in probe.error) is cut


def test_cut_fragment_keeps_command_and_image(tmp_path):
    ev, _ = _capture_one(tmp_path, "docker-inspect-cut-nvidia-docker-865.txt")
    assert ev.container.command == ["/bin/bash"] and ev.container.image == "nvidia/cuda"


def test_every_fact_names_its_file(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    shutil.copy(PASTED / "nvidia-smi-windows-ollama-1929.txt", src / "smi.txt")
    shutil.copy(PASTED / "docker-inspect-env-only-nvidia-docker-865.json", src / "env.json")
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src).evidence
    assert ev.sources["gpu.driver_version"] == "from:smi.txt"
    assert ev.sources["gpu.gpus"] == "from:smi.txt"
    assert ev.sources["image.cuda_version"] == "from:env.json"
    assert all(v.startswith("from:") for v in ev.sources.values())
