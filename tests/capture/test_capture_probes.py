"""Live probes against fake executables replaying recorded outputs."""

from __future__ import annotations

import time
from pathlib import Path

from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture


def _capture(env: dict[str, str], out: Path, **opts):
    options = CaptureOptions(env=env, use_nvml=False, **{"timeout": 5.0, **opts})
    return capture(options, out, ["servecheck", "capture"])


def _status(ev) -> dict[str, str]:
    return {p.name: p.status for p in ev.probes}


def test_r575_h100_host_with_docker_down(fake_host, tmp_path):
    result = _capture(fake_host("r575-h100", docker="down"), tmp_path / "b")
    ev = result.evidence
    assert ev.gpu.driver_version == "575.57.08"
    assert ev.gpu.driver_branch == "r575"
    assert ev.gpu.cuda_version == "12.9"
    assert ev.gpu.source == "nvidia-smi-xml"
    assert len(ev.gpu.gpus) == 8
    assert {g.name for g in ev.gpu.gpus} == {"NVIDIA H100 80GB HBM3"}
    assert all(g.compute_capability == "9.0" for g in ev.gpu.gpus)
    assert ev.gpu.gpus[0].pci_bus_id == "00000000:18:00.0"
    assert ev.gpu.gpus[0].memory_total_mib == 81559
    assert {(p.pid, p.gpu_index) for p in ev.gpu.processes} == {(41877, 0), (52231, 3)}
    assert ev.gpu.nvlink is True
    assert "NV18" in (ev.gpu.topology or "")
    st = _status(ev)
    assert st["gpu"] == st["nvidia_smi"] == st["topology"] == st["gpu_processes"] == "ok"
    assert st["container_runtime"] == "error"
    assert "Cannot connect to the Docker daemon" in next(
        p.error for p in ev.probes if p.name == "container_runtime")
    assert st["image"] == "skipped" and st["container"] == "skipped"
    assert st["nvidia_toolkit"] == "ok"
    assert (result.path / "raw" / "nvidia-smi.txt").read_text().startswith("Mon Nov 30")


def test_r580_h200(fake_host, tmp_path):
    ev = _capture(fake_host("r580-h200"), tmp_path / "b").evidence
    assert (ev.gpu.driver_version, ev.gpu.driver_branch, ev.gpu.cuda_version) == ("580.95.05", "r580", "13.0")
    assert ev.gpu.gpus[0].name == "NVIDIA H200" and ev.gpu.gpus[0].memory_total_mib == 143771
    assert ev.gpu.processes == []


def test_mig_enabled(fake_host, tmp_path):
    ev = _capture(fake_host("mig-a100"), tmp_path / "b").evidence
    assert [g.mig_mode for g in ev.gpu.gpus] == ["Enabled", "Enabled"]
    assert ev.gpu.gpus[0].compute_capability == "8.0"


def test_hung_nvidia_smi_costs_only_its_timeout(fake_host, tmp_path):
    env = fake_host("r575-h100", hang=True)
    start = time.monotonic()
    result = _capture(env, tmp_path / "b", timeout=1.0)
    elapsed = time.monotonic() - start
    st = _status(result.evidence)
    assert st["gpu"] == st["nvidia_smi"] == st["topology"] == st["gpu_processes"] == "timeout"
    assert st["host"] == "ok"  # the rest of the capture went on
    assert elapsed < 1.0 + 2.0, elapsed  # parallel: one timeout, not four
    assert (result.path / "evidence.json").is_file()


def test_hung_nvidia_smi_leaves_the_capture_incomplete_naming_each_abandoned_probe(fake_host, tmp_path):
    # A hung nvidia-smi is not "no GPU" and not a complete capture: the driver, the GPUs and the
    # topology were not read, and the bundle says so by name.
    ev = _capture(fake_host("r575-h100", hang=True), tmp_path / "b", timeout=1.0).evidence
    assert ev.status == "incomplete"
    abandoned = sorted(m.split()[1] for m in ev.missing if m.startswith("probe "))
    assert abandoned == ["gpu", "gpu_processes", "nvidia_smi", "topology"]
    assert all("abandoned at its deadline" in m and "unknown" in m for m in ev.missing)
    assert ev.gpu.driver_version is None


def test_truncated_xml_is_error_but_salvages_driver(fake_host, tmp_path):
    ev = _capture(fake_host("r575-h100", xml="truncated.xml"), tmp_path / "b").evidence
    gpu_probe = next(p for p in ev.probes if p.name == "gpu")
    assert gpu_probe.status == "error"
    assert "truncated or malformed" in gpu_probe.error
    assert ev.gpu.driver_version == "575.57.08"  # salvaged, and confirmed by the text header
    assert ev.gpu.cuda_version == "12.9"


def test_garbage_xml_falls_back_to_text_table(fake_host, tmp_path):
    ev = _capture(fake_host("r575-h100", xml="garbage.xml"), tmp_path / "b").evidence
    assert next(p for p in ev.probes if p.name == "gpu").status == "error"
    assert ev.gpu.driver_version == "575.57.08"
    assert ev.gpu.source == "nvidia-smi-text"
    assert len(ev.gpu.gpus) == 8


def test_nvidia_smi_failure_text_is_recorded(fake_host, tmp_path):
    msg = "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 580.95\n"
    ev = _capture(fake_host("r575-h100", smi_fail=msg), tmp_path / "b").evidence
    assert ev.gpu.smi_error == "Failed to initialize NVML: Driver/library version mismatch"
    assert next(p for p in ev.probes if p.name == "nvidia_smi").status == "error"


def test_no_gpu_tools_at_all(fake_host, tmp_path):
    ev = _capture(fake_host(gpu=None, docker=None, toolkit=False), tmp_path / "b").evidence
    st = _status(ev)
    assert st["gpu"] == "missing" and st["container_runtime"] == "missing"
    assert st["nvidia_toolkit"] == "missing"
    assert ev.gpu.driver_version is None


def test_container_and_image_with_docker_up(fake_host, tmp_path):
    env = fake_host("r575-h100", docker="up")
    ev = _capture(env, tmp_path / "b", container="kimi-k3").evidence
    st = _status(ev)
    assert st["container"] == "ok" and st["image"] == "ok" and st["container_runtime"] == "ok"
    assert ev.image.ref == "vllm/vllm-openai:kimi-k3"
    assert ev.image.tag == "kimi-k3"
    assert ev.image.digest.startswith("sha256:1b2c3d4e")
    assert ev.image.cuda_version == "13.0.1" and ev.image.require_cuda == "cuda>=13.0"
    assert ev.container.state.exit_code == 1 and ev.container.state.oom_killed is False
    assert ev.container.command[:3] == ["vllm", "serve", "moonshotai/Kimi-K3"]
    assert ev.container.shm_size_bytes == 67108864 and ev.container.ipc_mode == "host"
    assert ev.container.runtime == "nvidia" and ev.container.device_requests
    assert ev.runtime.runtimes == ["io.containerd.runc.v2", "nvidia", "runc"]
    assert ev.runtime.cgroup_driver == "systemd"
    assert ev.log.total_lines == 48
    assert ev.vllm.version == "0.11.1" and ev.vllm.source.startswith("log line")
    assert any("too old" in line.text for line in ev.log.relevant)


def test_missing_image_is_error_not_crash(fake_host, tmp_path):
    ev = _capture(fake_host("r575-h100", docker="up"), tmp_path / "b", image="nope:latest").evidence
    image = next(p for p in ev.probes if p.name == "image")
    assert image.status == "error" and "No such image" in image.error
    assert ev.image.ref == "nope:latest" and ev.image.tag == "latest"


def test_cmd_given_by_hand(fake_host, tmp_path):
    ev = _capture(fake_host(), tmp_path / "b",
                  cmd="vllm serve m --api-key abcdef123456 --port 8000").evidence
    assert ev.container.command_source == "--cmd"
    assert ev.container.command[:4] == ["vllm", "serve", "m", "--api-key"]
    assert ev.container.command[4].startswith("[REDACTED:")
    assert ev.container.command[5:] == ["--port", "8000"]


def test_podman_host(podman_host, tmp_path):
    ev = _capture(podman_host, tmp_path / "b").evidence
    assert next(p for p in ev.probes if p.name == "container_runtime").status == "ok"
    assert ev.runtime.engine == "podman" and ev.runtime.server_version == "4.9.4"
    assert ev.runtime.runtimes == ["crun"] and ev.runtime.cgroup_driver == "systemd"


def test_the_log_probe_is_not_abandoned_for_building_its_engine_on_a_cold_cache(tmp_path, monkeypatch):
    """A cold cache makes the scanner compile its databases (about two seconds each, more on a
    shared machine): that time counts against neither the read's deadline nor the runner's, so the
    log is read to its end; a probe stuck elsewhere is still abandoned at its deadline."""
    from servecheck.capture import probe as probemod
    from servecheck.capture.probes import log as logprobe
    from servecheck.diagnose import hsdb

    hsdb.forget()
    real_compile, real_read = hsdb._compile, hsdb._read_cache
    missed: list[str] = []

    def slow(*args, **kwargs):
        time.sleep(1.5)      # a slow machine's compile
        return real_compile(*args, **kwargs)

    def cold_once(key):      # the first database is not on disk (the others are: the test stays short)
        if not missed:
            missed.append(key)
            return None
        return real_read(key)

    monkeypatch.setattr(hsdb, "_compile", slow)
    monkeypatch.setattr(hsdb, "_read_cache", cold_once)
    monkeypatch.setattr(logprobe, "budget", lambda options: 2.0)   # its deadline: a second after the margin
    log = tmp_path / "start.log"
    log.write_text("INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1\n"
                   "RuntimeError: CUDA error: no kernel image is available for execution on the device\n")
    try:
        [run] = probemod.run_probes(CaptureOptions(log_path=log, timeout=1.0, use_nvml=False), names=("log",))
    finally:
        hsdb.forget()
    assert missed and run.record.status == "ok", run.record.error
    assert run.facts["log"]["total_lines"] == 2 and not run.facts["log"]["stopped"]
