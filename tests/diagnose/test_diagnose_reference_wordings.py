"""Wordings from the failure-structure reference (../shared/reference/failure-structure.md: CUDA's
error strings, NCCL's WARN lines, torch.distributed's and the engines' start-up errors, the
container runtime's), each read as the class the reference gives it, alone and after an engine
line. Lines are the reference's texts with their placeholders filled in."""

from __future__ import annotations

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose.api import diagnose

ENGINE_LINE = "INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2\n"

CASES = [
    # CUDA runtime error strings (section 1a), as torch raises them and as NCCL quotes them
    ("gpu_arch_unsupported", "RuntimeError: CUDA error: named symbol not found"),
    ("gpu_arch_unsupported", "node1:123:456 [0] NCCL WARN Cuda failure 'named symbol not found'"),
    ("other", "RuntimeError: CUDA error: PTX JIT compiler library not found"),
    ("no_gpu_visible", "RuntimeError: CUDA error: unknown error"),
    ("no_gpu_visible", "CUDA error 999 at /src/ggml-cuda.cu:495"),
    ("nccl_comm", "node1:123:456 [0] enqueue.cc:58 NCCL WARN Cuda failure 'unspecified launch failure'"),
    ("oom_weights", "node1:123:456 [0] NCCL WARN Cuda failure 'out of memory'"),
    ("gpu_arch_unsupported", "RuntimeError: CUDA error: no kernel image is available for execution on the device"),
    ("driver_too_old", "RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain."),
    ("no_gpu_visible", "RuntimeError: CUDA error: system not yet initialized"),
    # NCCL (section 2): WARN lines after which no communicator is built
    ("nccl_comm", "node1:123:456 [0] NCCL WARN Bootstrap : no socket interface found"),
    ("nccl_comm", "node1:123:456 [0] NCCL WARN NET/Socket : No usable listening interface found"),
    ("nccl_comm", "node1:123:456 [0] NCCL WARN Mismatched NCCL version detected : rank 0 version 22005 rank 1 version 21803"),
    ("nccl_comm", "node1:123:456 [0] proxy.cc:1231 NCCL WARN Socket recv failed while polling for opId=0x7f"),
    ("nccl_comm", "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, "
                  "remote process exited or there was a network error, NCCL version 2.20.5"),
    # torch.distributed (section 3)
    ("nccl_comm", "torch.distributed.DistNetworkError: The client socket has timed out after 600s while trying to "
                  "connect to (10.0.0.1, 29500)."),
    ("nccl_comm", "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed."),
    # engines' start-up errors (section 3)
    ("port_in_use", "Error: listen tcp 127.0.0.1:11434: bind: address already in use"),
    ("port_in_use", "E0101 12:00:00.000 1 main.cc:231] failed to start GRPC service: Unavailable - Socket "
                    "'0.0.0.0:8001' already in use"),
    ("model_config", "ValueError: Model architectures ['FooForCausalLM'] are not supported for now."),
    # container runtime (section 6)
    ("no_gpu_visible", "docker: Error response from daemon: Unknown runtime specified nvidia."),
    ("no_gpu_visible", "docker: Error response from daemon: unknown or invalid runtime name: nvidia."),
    ("driver_too_old", "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4, please update your "
                       "driver to a newer version, or use an earlier cuda container: unknown"),
]


@pytest.mark.parametrize(("cls", "line"), CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)])
@pytest.mark.parametrize("after_engine", [False, True], ids=["alone", "after-engine-line"])
def test_a_reference_wording_reads_as_the_reference_says(tmp_path, cls, line, after_engine):
    d = diagnose(write_log(tmp_path, (ENGINE_LINE if after_engine else "") + line + "\n"))
    assert (d.status, d.primary.cls if d.primary else None) == ("failure", cls), d.primary


@pytest.mark.parametrize(("cls", "line"), [
    # an attribute's name is an identifier: its words (kv_cache, nccl) do not name the failure
    ("other", "AttributeError: 'InferenceEngineV2' object has no attribute 'n_kv_cache_groups'"),
    ("other", "AttributeError: module 'torch.distributed' has no attribute 'nccl_timeout'"),
    # torch's load_state_dict: the checkpoint's shapes are not the model's the arguments built
    ("model_config", "size mismatch for transformer.layers.15.attention.dense.weight: copying a param with shape "
                     "torch.Size([1024, 64]) from checkpoint, the shape in current model is torch.Size([1024, 1024])."),
    # a PyTorch build without NCCL is no communication failure
    ("other", "RuntimeError: Distributed package doesn't have NCCL built in"),
])
def test_names_and_builds_are_not_read_as_the_words_they_contain(tmp_path, cls, line):
    d = diagnose(write_log(tmp_path, ENGINE_LINE + "Traceback (most recent call last):\n"
                                     '  File "/app/server.py", line 1, in <module>\n' + line + "\n"))
    assert (d.status, d.primary.cls) == ("failure", cls), d.primary
