"""Item 4 of issue 10: the layers settle a driver error that is cuda-compat libraries shadowing a
host driver new enough for the image (vLLM issue 33447, GPUStack issue 4678)."""

from __future__ import annotations

import json

from tests.diagnose.logfile import write_lines

from servecheck.diagnose.api import diagnose

ERR_803 = ("(EngineCore_DP0 pid=406) ERROR 01-30 13:26:29 [core.py:946] RuntimeError: Unexpected error from "
           "cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have "
           "already set an error? Error 803: system has unsupported display driver / cuda driver combination")
ERR_804 = ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before "
           "calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was "
           "attempted on non supported HW")
TOO_OLD = ("ERROR 11-30 02:58:38 [multiproc_executor.py:671] RuntimeError: The NVIDIA driver on your system is too "
           "old (found version 12090). Please update your GPU driver")
WRAPPER = "RuntimeError: Engine core initialization failed. See root cause above."


def _with_env(bundle, container_env: dict[str, str]):
    path = bundle / "evidence.json"
    data = json.loads(path.read_text())
    data["container"]["env"] = container_env
    path.write_text(json.dumps(data))
    return bundle


def test_803_on_a_driver_newer_than_the_image_is_compat_shadowing(make_bundle):
    d = diagnose(str(make_bundle([ERR_803, WRAPPER], image_cuda="12.9.1", driver="580.95.05", driver_cuda="13.0",
                                 ref="vllm/vllm-openai:v0.15.0")))
    assert (d.primary.cls, d.primary.layer) == ("cuda_compat_shadowing", "image_build")
    assert "driver.compat_803" in d.primary.signatures
    assert any("580.95.05" in e.text and "12.9" in e.text for e in d.primary.evidence)
    assert any("ldconfig" in s for s in d.primary.next_steps)
    assert "https://github.com/vllm-project/vllm/issues/33447" in d.primary.references
    assert not any("upgrade the host driver" in a for a in d.advice)
    assert any("do NOT change --max-model-len" in a for a in d.advice)


def test_the_env_that_puts_compat_first_is_named(make_bundle):
    bundle = make_bundle([TOO_OLD], image_cuda="12.9.1", driver="580.95.05", driver_cuda="13.0")
    d = diagnose(str(_with_env(bundle, {"VLLM_ENABLE_CUDA_COMPATIBILITY": "1",
                                        "LD_LIBRARY_PATH": "/usr/local/cuda/compat:/usr/local/nvidia/lib64"})))
    assert d.primary.cls == "cuda_compat_shadowing" and d.primary.note is None
    texts = " ".join(e.text for e in d.primary.evidence)
    assert "VLLM_ENABLE_CUDA_COMPATIBILITY=1" in texts and "LD_LIBRARY_PATH=/usr/local/cuda/compat" in texts


def test_an_old_driver_stays_driver_too_old(make_bundle):
    d = diagnose(str(make_bundle([TOO_OLD, WRAPPER])))          # CUDA 13.0 image on r575
    assert d.primary.cls == "driver_too_old"


def test_an_804_where_compat_is_needed_stays_driver_too_old(make_bundle):
    bundle = make_bundle([ERR_804], image_cuda="12.8.1", driver="535.183.01", driver_cuda="12.2")
    d = diagnose(str(_with_env(bundle, {"LD_LIBRARY_PATH": "/usr/local/cuda/compat"})))
    # 12.8 on r535 needs the compat path (or minor-version compatibility): a real driver question.
    assert d.primary.cls == "driver_too_old"


def test_a_bare_log_with_803_reads_the_versions_and_the_compat_path_raises_confidence(tmp_path):
    """803 says the loaded libcuda is not the kernel driver's; nvidia-smi's driver version comes
    from the kernel module. A driver whose branch runs the image's CUDA is then not too old."""
    smi = "| NVIDIA-SMI 580.95.05   Driver Version: 580.95.05   CUDA Version: 13.0 |"
    torch = "PyTorch version: 2.8.0+cu129"
    plain = tmp_path / "plain.log"
    plain.write_text("\n".join([torch, smi, ERR_803]) + "\n")
    versions_only = diagnose(str(plain)).primary
    assert (versions_only.cls, versions_only.confidence) == ("cuda_compat_shadowing", 0.7)
    old = tmp_path / "old.log"
    old.write_text("\n".join([torch, smi.replace("580.95.05", "535.216.03").replace("13.0", "12.2"), ERR_803]) + "\n")
    assert diagnose(str(old)).primary.cls == "driver_too_old"
    alone = tmp_path / "alone.log"
    alone.write_text(ERR_803 + "\n")
    assert diagnose(str(alone)).primary.cls == "driver_too_old"
    shown = tmp_path / "shown.log"
    shown.write_text("\n".join([torch, smi, "\tlibcuda.so.1 (libc6,x86-64) => /usr/local/cuda/compat/libcuda.so.1",
                                ERR_803]) + "\n")
    d = diagnose(str(shown))
    assert d.primary.cls == "cuda_compat_shadowing" and d.primary.confidence > versions_only.confidence
    assert not any(f.role == "cause" and f.cls == "cuda_compat_shadowing" for f in d.findings)


def test_other_driver_evidence_keeps_it_a_driver_question(make_bundle):
    require = ("nvidia-container-cli: requirement error: unsatisfied condition: cuda>=13.0, please update your "
               "driver to a newer version, or use an earlier cuda container: unknown")
    d = diagnose(str(make_bundle([require, ERR_803], image_cuda="12.9.1", driver="580.95.05", driver_cuda="13.0")))
    assert d.primary.cls == "driver_too_old"


def test_the_guard_defers_tuning_under_shadowing(make_bundle):
    oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."
    d = diagnose(str(make_bundle([ERR_803, oom], image_cuda="12.9.1", driver="580.95.05", driver_cuda="13.0")))
    assert d.primary.cls == "cuda_compat_shadowing"
    oom_chain = next(c for c in d.primary.consequences if c.cls == "oom_weights")
    assert oom_chain.next_steps and "Deferred" in oom_chain.next_steps[0]


def _captured(tmp_path, driver: str | None, env: list[str]):
    """capture --from the demo's recorded host, with the container env (and host driver) changed."""
    import shutil

    from servecheck.capture.demo import demo_evidence_dir
    from servecheck.capture.probe import CaptureOptions
    from servecheck.capture.run import capture

    src = tmp_path / "recorded"
    shutil.copytree(demo_evidence_dir(), src)
    inspect = src / "inspect-container.json"
    data = json.loads(inspect.read_text())
    item = data[0] if isinstance(data, list) else data
    item["Config"]["Env"] += env
    inspect.write_text(json.dumps(data))
    if driver is not None:
        for name in ("gpu.txt", "smi-q.xml"):
            text = (src / name).read_text().replace("575.57.08", driver)
            (src / name).write_text(text.replace("CUDA Version: 12.9", "CUDA Version: 13.0")
                                    .replace("<cuda_version>12.9<", "<cuda_version>13.0<"))
    out = tmp_path / "bundle"
    capture(CaptureOptions(), out, ["servecheck", "capture"], from_dir=src)
    return diagnose(str(out))


def test_capture_keeps_the_compat_env_and_diagnose_names_it(tmp_path):
    env = ["LD_LIBRARY_PATH=/usr/local/cuda/compat:/usr/local/nvidia/lib64", "VLLM_ENABLE_CUDA_COMPATIBILITY=1"]
    d = _captured(tmp_path, "580.95.05", env)
    assert d.primary.cls == "cuda_compat_shadowing"
    assert any(e.text.startswith("container env: VLLM_ENABLE_CUDA_COMPATIBILITY=1") for e in d.primary.evidence)


def test_the_same_env_on_the_recorded_r575_host_is_still_an_old_driver(tmp_path):
    d = _captured(tmp_path, None, ["LD_LIBRARY_PATH=/usr/local/cuda/compat"])
    assert d.primary.cls == "driver_too_old"


def test_an_803_with_the_compat_libcuda_first_in_the_ldcache_is_shadowing_without_layers(tmp_path):
    log = write_lines(tmp_path, "thor.log", [
        'CUDA error at helper_cuda.h:816 code=803(cudaErrorSystemDriverMismatch) "cudaGetDeviceCount(&device_count)"',
        " ldconfig -p | grep libcuda.so.1",
        "\tlibcuda.so.1 (libc6,AArch64) => /usr/local/cuda-13.0/compat/libcuda.so.1",
        "\tlibcuda.so.1 (libc6,AArch64) => /usr/lib/aarch64-linux-gnu/nvidia/libcuda.so.1"])
    d = diagnose(log)
    assert d.primary.cls == "cuda_compat_shadowing" and d.primary.confidence == 0.7


def test_the_same_803_with_an_old_driver_in_the_log_stays_driver_too_old(tmp_path):
    log = write_lines(tmp_path, "old.log", [
        "| NVIDIA-SMI 535.183.01   Driver Version: 535.183.01   CUDA Version: 12.2 |",
        "PyTorch version: 2.9.0+cu130",
        "\tlibcuda.so.1 (libc6,x86-64) => /usr/local/cuda/compat/libcuda.so.1",
        ERR_803])
    assert diagnose(log).primary.cls == "driver_too_old"


def test_nvml_mismatch_with_two_driver_library_versions_is_shadowing(tmp_path):
    log = write_lines(tmp_path, "nvml.log", [
        "lrwxrwxrwx  1 root root    26 Jul 29 07:59 libnvidia-ml.so.1 -> libnvidia-ml.so.525.105.17",
        "-rw-r--r--  1 root root  1.8M May 12  2022 libnvidia-ml.so.470.129.06",
        "-rw-r--r--  1 root root  1.8M Jul 25 08:32 libnvidia-ml.so.525.105.17",
        "Failed to initialize NVML: Driver/library version mismatch"])
    assert diagnose(log).primary.cls == "cuda_compat_shadowing"
    alone = tmp_path / "alone.log"
    alone.write_text("Failed to initialize NVML: Driver/library version mismatch\n")
    # alone it is a kernel-module/library split on the host: no usable GPU, never "driver too old"
    assert diagnose(str(alone)).primary.cls == "no_gpu_visible"


def test_a_loaded_libcuda_older_than_the_kernel_driver_is_shadowing(tmp_path):
    """TensorFlow/JAX name both versions: a DSO older than the kernel driver is a copy in the
    image; a newer one (a forward-compat package on an old driver) says nothing of the kind."""
    cuinit = ("E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_driver.cc:314] failed call to "
              "cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has unsupported display driver / cuda driver "
              "combination")
    older = write_lines(tmp_path, "older.log", [cuinit, "E cuda_diagnostics.cc:313] kernel version 440.36.0 does "
                                                 "not match DSO version 440.33.1 -- cannot find working devices"])
    d = diagnose(older)
    assert d.primary.cls == "cuda_compat_shadowing" and any("DSO version 440.33.1" in e.text for e in d.primary.evidence)
    newer = write_lines(tmp_path, "newer.log", [cuinit, "E cuda_diagnostics.cc:313] kernel version 418.87.1 does "
                                                 "not match DSO version 440.33.1 -- cannot find working devices"])
    assert diagnose(newer).primary.cls == "driver_too_old"


def test_a_bare_driver_error_is_an_old_driver_not_settled_and_says_what_is_missing(tmp_path):
    """An 803 (or 35, 804, torch's "too old") alone reads as an old driver, but a compat library
    or a container without the GPU runtime print the same line: the confidence says the class is
    not settled, the missing versions are named and the first next step settles it."""
    d = diagnose(write_lines(tmp_path, "bare.log", [ERR_803]))
    p = d.primary
    assert p.cls == "driver_too_old" and p.confidence <= 0.6
    assert any(e.line == 0 and "the host driver's version and the image's CUDA version are not in it" in e.text
               for e in p.evidence)
    assert p.next_steps[0].startswith("Settle it first")
    settled = diagnose(write_lines(tmp_path, "old.log", [
        "| NVIDIA-SMI 535.183.01   Driver Version: 535.183.01   CUDA Version: 12.2 |",
        "PyTorch version: 2.9.0+cu130", ERR_803]))
    assert settled.primary.cls == "driver_too_old" and settled.primary.confidence > 0.6
    assert not any(e.line == 0 and "Not settled" in e.text for e in settled.primary.evidence)
