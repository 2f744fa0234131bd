"""diagnose on failures made on purpose on a real H200, and on the real CUDA error strings.

Recorded by scripts/device/record_gpu_host.sh and record_gpu_faults.sh on 2026-12-04 (driver 580.159.04, CUDA 13.0, torch
2.11.0+cu130, NCCL 2.28.9; imported by scripts/device/import_recording.py). Each failure's cause
is known by construction, so the expected reading is not a label read off a thread: the log was
made by doing exactly that. They are program outputs, not server logs; the words are the ones a
server's traceback carries.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose.api import diagnose

REC = Path(__file__).parent / "recorded"
LOGS = REC / "h200-r580"
STRINGS = json.loads((REC / "error-strings-h200-r580.json").read_text())

# file -> (status, class, layer) that the cause made on purpose calls for
MADE = {
    "oom.txt": ("failure", None, "memory_capacity"),  # torch.empty(200 GiB) on a 139.8 GiB card
    "oom_after_alloc.txt": ("failure", None, "memory_capacity"),  # 120 GiB held, 30 GiB more asked
    "unsupported_ptx.txt": ("failure", "driver_too_old", None),  # PTX ISA 9.1/9.2 on an r580 (PTX 9.0) driver
    "no_kernel_image.txt": ("failure", "gpu_arch_unsupported", None),  # built for sm_80 only, run on sm_90
    "no_kernel_image_sm100.txt": ("failure", "gpu_arch_unsupported", None),  # built for sm_100 only
    "no_gpus.txt": ("failure", "no_gpu_visible", None),  # CUDA_VISIBLE_DEVICES=""
    "cvd_bogus.txt": ("failure", "no_gpu_visible", None),  # CUDA_VISIBLE_DEVICES=<a UUID that is not there>
    "bad_ordinal.txt": ("failure", "no_gpu_visible", None),  # cuda:3 on a one-GPU host
    "shm.txt": ("failure", "shm_too_small", None),  # a 1 MiB tmpfs over /dev/shm
    "device_assert.txt": ("failure", "other", None),  # an index out of range in a CUDA kernel
    "illegal_address.txt": ("failure", "other", None),  # a kernel writing 4 TiB past its buffer
    "fork_reinit.txt": ("failure", "other", None),  # CUDA used in a fork()ed child of a CUDA parent
    # record_gpu_faults.sh: the driver out of reach
    "nodev-torch.txt": ("failure", "no_gpu_visible", None),  # /dev/nvidia* covered: torch sees no GPU
    "nodev-nvml.txt": ("failure", "no_gpu_visible", None),  # the same: pynvml's nvmlInit refused
    "stub-torch.txt": ("failure", "no_gpu_visible", None),  # the toolkit's stub libcuda first on the path
    "stub-kernel.txt": ("failure", "no_gpu_visible", None),  # the same, a CUDA C++ program
}


def test_every_recorded_failure_is_listed():
    assert sorted(p.name for p in LOGS.glob("*.txt")) == sorted([*MADE, "nccl_duplicate_gpu.txt"])


@pytest.mark.parametrize("name", sorted(MADE))
def test_failure_made_on_purpose(name):
    status, cls, layer = MADE[name]
    d = diagnose(str(LOGS / name))
    assert d.status == status, d.status_message
    assert d.primary is not None
    if cls is not None:
        assert d.primary.cls == cls, (d.primary.signature, d.primary.cls)
    if layer is not None:
        assert d.primary.layer == layer, (d.primary.signature, d.primary.layer)


def test_nccl_job_is_not_taken_for_a_server_but_its_failure_is_named():
    d = diagnose(str(LOGS / "nccl_duplicate_gpu.txt"))
    assert d.status == "not_a_server_log"
    assert "nccl_comm" in d.status_message and "Duplicate GPU detected" in d.status_message


# CUDA error code -> the class its real text must read as, in each form a server log carries it.
CODES = {
    2: "oom",  # out of memory (any oom_* class)
    34: "no_gpu_visible",  # the stub libcuda: the container got no driver
    35: "driver_too_old",  # insufficient driver for the runtime
    46: "no_gpu_visible",  # devices busy or unavailable (exclusive-process mode)
    100: "no_gpu_visible",  # no CUDA-capable device
    101: "no_gpu_visible",  # invalid device ordinal
    209: "gpu_arch_unsupported",  # no kernel image for this GPU
    217: "nccl_comm",  # peer access unsupported between two GPUs (P2P over PCIe on GeForce cards)
    222: "driver_too_old",  # PTX newer than the driver's JIT
    803: "driver_too_old",  # compat libcuda vs kernel driver (cuda-compatibility.md 3.3)
    804: "driver_too_old",  # forward compatibility on a GPU that refuses it (same)
    805: "no_gpu_visible",  # MPS: no server
    806: "no_gpu_visible",  # MPS: RPC failed
    807: "no_gpu_visible",  # MPS: server not ready
    808: "no_gpu_visible",  # MPS: client resources exhausted
    810: "no_gpu_visible",  # MPS: client terminated
}


def _forms(code: int) -> list[tuple[str, str]]:
    rt_name, rt_text = STRINGS["runtime"]["codes"][str(code)]
    forms = [
        ("torch", f"RuntimeError: CUDA error: {rt_text}\n"),
        ("torch 2.11", f"torch.AcceleratorError: CUDA error: {rt_text}\nSearch for `{rt_name}' in "
                       "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"),
    ]
    if str(code) in STRINGS["driver"]["codes"]:  # the driver API has no code 35
        dr_name, dr_text = STRINGS["driver"]["codes"][str(code)]
        forms.append(("driver API", f"cupy_backends.cuda.api.driver.CUDADriverError: {dr_name}: {dr_text}\n"))
    return forms


def test_strings_are_the_recorded_libraries():
    assert (STRINGS["driver"]["version"], STRINGS["runtime"]["version"]) == (13000, 13000)
    assert STRINGS["runtime"]["codes"]["35"] == [
        "cudaErrorInsufficientDriver", "CUDA driver version is insufficient for CUDA runtime version"]


@pytest.mark.parametrize("code", sorted(CODES))
def test_real_cuda_error_text_reads_as_its_layer(tmp_path, code):
    want = CODES[code]
    for form, text in _forms(code):
        d = diagnose(write_log(tmp_path, text, f"{code}.log"))
        got = d.primary.cls if d.primary else None
        assert d.status == "failure" and got is not None and got.startswith(want), (code, form, d.status, got)
