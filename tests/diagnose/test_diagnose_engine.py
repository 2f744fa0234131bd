"""Primary-cause rules: causal order, soft warnings, consequences, layer-proven incompatibility."""

from __future__ import annotations

from servecheck.diagnose.api import diagnose

DRIVER_WARN = ("/usr/lib/python3/site-packages/torch/cuda/__init__.py:180: UserWarning: CUDA "
               "initialization: The NVIDIA driver on your system is too old (found version 12080).")


def _log(tmp_path, *lines: str) -> str:
    path = tmp_path / "start.log"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_misleading_oom_under_a_driver_failure_is_a_consequence(tmp_path):
    d = diagnose(_log(tmp_path, DRIVER_WARN, "RuntimeError: CUDA error: out of memory",
                      "RuntimeError: Engine core initialization failed. See root cause above."))
    assert d.primary.cls == "driver_too_old" and d.primary.first_line == 1
    assert {c.cls for c in d.primary.consequences} == {"oom_weights", "other"}
    assert any("do NOT change --max-model-len" in a for a in d.advice)


def test_harmless_driver_warning_when_cuda_worked(tmp_path):
    d = diagnose(_log(tmp_path, DRIVER_WARN,
                      "INFO 05-07 02:13:52 [gpu_model_runner.py:1347] Model loading took 14.9 GiB and 5.1 seconds",
                      "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization`"))
    assert d.primary.cls == "kv_cache_insufficient"
    warn = next(f for f in d.findings if f.cls == "driver_too_old")
    assert warn.severity == "warning" and "line 2" in warn.note
    assert not any("do NOT change" in a for a in d.advice)


def test_driver_warning_with_a_successful_start_is_no_failure(tmp_path):
    d = diagnose(_log(tmp_path, DRIVER_WARN, "INFO 01-01 [kv_cache_utils.py:1087] GPU KV cache size: 252,288 tokens",
                      "INFO:     Application startup complete."))
    assert d.primary is None and d.status == "no_failure"
    assert d.advice == ["No start-up failure found: the start completed."]


def test_shm_is_the_cause_of_the_nccl_error_whatever_the_order(tmp_path):
    d = diagnose(_log(tmp_path, "torch.distributed.DistBackendError: NCCL error in: x, unhandled system error",
                      "h:1:2 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-a (size 9637888)"))
    assert d.primary.cls == "shm_too_small" and [c.cls for c in d.primary.consequences] == ["nccl_comm"]


def test_nccl_timeout_after_a_rank_died_of_oom(tmp_path):
    d = diagnose(_log(tmp_path,
                      "[rank0]:[E ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)",
                      "[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."))
    assert d.primary.cls == "oom_weights" and d.primary.consequences[0].cls == "nccl_comm"


def test_warnings_are_never_primary(tmp_path):
    d = diagnose(_log(tmp_path, "WARNING 08-01 [config.py:1] User-specified max_model_len (40000) is greater than the derived max_model_len (32768). Make sure",
                      "gpu:1:1 [0] NCCL WARN NET/IB : Got async event : port error"))
    assert d.primary is None and {f.severity for f in d.findings} == {"warning"}


def test_wrapper_only_says_the_start_failed_and_not_why(tmp_path):
    d = diagnose(_log(tmp_path, "RuntimeError: Engine core initialization failed. See root cause above."))
    assert d.status == "incomplete" and d.primary is None
    assert "says the start failed (line 1: " in d.status_message and "not why" in d.status_message
    quoted = diagnose(_log(tmp_path, "RuntimeError: Worker failed with error 'expected scalar type Long but found Int'"))
    assert quoted.status == "failure" and quoted.primary.cls == "other" and quoted.primary.confidence <= 0.3
    assert "quotes its cause" in quoted.primary.note


def test_unknown_fatal_error_is_other_with_its_line(tmp_path):
    d = diagnose(_log(tmp_path, "INFO start", "RuntimeError: CUDA error: an illegal memory access was encountered"))
    assert (d.primary.cls, d.primary.first_line) == ("other", 2)


def test_layer_proven_incompatibility_is_primary_without_a_log(make_bundle):
    d = diagnose(str(make_bundle([])))
    assert d.compat["verdict"] == "incompatible"
    assert (d.primary.cls, d.primary.layer, d.primary.signature) == ("driver_too_old", "host_driver", "layers.compat")
    assert d.primary.confidence >= 0.9 and any("13.0" in e.text for e in d.primary.evidence)
    assert any("Path A" in a for a in d.advice) and any("do NOT change" in a for a in d.advice)


def test_layer_proven_incompatibility_wins_over_a_later_symptom(make_bundle):
    d = diagnose(str(make_bundle(["INFO loading", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."])))
    assert d.primary.signature == "layers.compat"
    assert d.primary.consequences[0].cls == "oom_weights"


def test_compatible_layers_do_not_override_the_log(make_bundle):
    bundle = make_bundle(["ValueError: No available memory for the cache blocks."],
                         image_cuda="12.8.1", ref="vllm/vllm-openai:v0.10.0", driver="575.57.08", driver_cuda="12.9")
    d = diagnose(str(bundle))
    assert d.compat["verdict"] != "incompatible" and d.primary.cls == "kv_cache_insufficient"


def test_raw_log_in_a_bundle_is_read_in_full(make_bundle):
    bundle = make_bundle([], image_cuda="12.8.1", driver_cuda="12.9", ref="vllm/vllm-openai:v0.10.0",
                         raw_log="INFO a\nINFO b\nOSError: [Errno 98] Address already in use\n")
    d = diagnose(str(bundle))
    assert (d.primary.cls, d.primary.first_line) == ("port_in_use", 3)


def test_evidence_is_redacted(tmp_path):
    d = diagnose(_log(tmp_path, "OSError: [Errno 98] Address already in use  token hf_abcdefghijklmnopqrstuvwxyz123456"))
    text = d.primary.evidence[0].text
    assert "hf_abcdefghijklmnopqrstuvwxyz123456" not in text and "REDACTED" in text


def test_layers_from_a_bare_log(tmp_path):
    d = diagnose(_log(tmp_path, "PyTorch version: 2.9.0+cu130",
                      "| NVIDIA-SMI 575.57.08   Driver Version: 575.57.08   CUDA Version: 12.9 |", DRIVER_WARN))
    assert d.layers.image_cuda.value == "13.0" and d.layers.driver_branch.value == "r575"
    assert d.layers.driver_cuda.source == "log line 2"
    assert d.compat["verdict"] == "incompatible" and d.primary.cls == "driver_too_old"


def test_layers_proving_missing_gpu_code_give_an_arch_cause_not_a_driver_one(make_bundle, tmp_path):
    bundle = make_bundle([], image_cuda="13.0.1", driver="580.65.06", driver_cuda="13.0")
    ev = (bundle / "evidence.json").read_text().replace("NVIDIA H100 80GB HBM3", "Tesla V100-SXM2-32GB")
    (bundle / "evidence.json").write_text(ev.replace('"compute_capability": "9.0"', '"compute_capability": "7.0"'))
    d = diagnose(str(bundle))
    assert d.compat["verdict"] == "incompatible"
    assert (d.primary.cls, d.primary.layer) == ("gpu_arch_unsupported", "image_build")
    assert not any("do NOT change" in a for a in d.advice)


def test_a_read_error_keeps_what_was_read():
    import io

    from servecheck.diagnose.scan import Scanner
    from servecheck.diagnose.signatures import load

    class Failing(io.RawIOBase):
        def __init__(self):
            self.sent = False

        def read(self, n=-1):
            if not self.sent:
                self.sent = True
                return b"OSError: [Errno 98] Address already in use\n"
            raise OSError(5, "Input/output error")

    res = Scanner(load()).scan_stream(Failing())
    assert "port.in_use" in res.hits and "Input/output error" in res.read_error


def test_insufficient_driver_without_driver_libraries_is_a_missing_gpu(tmp_path):
    d = diagnose(_log(tmp_path, "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
                      "cudaGetDeviceCount returned 35",
                      "-> CUDA driver version is insufficient for CUDA runtime version"))
    # the banner only warns; the error 35 below it is what the missing driver did: no GPU, no old driver
    assert d.primary.cls == "no_gpu_visible" and d.primary.first_line == 3
    assert "no driver libraries" in d.primary.note and "error 35" in d.primary.explanation
    assert not any(f.cls == "driver_too_old" for f in d.findings)
    assert not any("do NOT change" in a for a in d.advice)


def test_a_cause_the_server_started_after_did_not_kill_the_start(tmp_path):
    d = diagnose(_log(tmp_path,
                      "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 51748.72 MiB on device 1: cudaMalloc failed: out of memory",
                      "W sched_reserve: compute buffer allocation failed, retrying without pipeline parallelism",
                      "main: server is listening on http://0.0.0.0:8080 - starting the main loop"))
    assert d.primary is None
    oom = next(f for f in d.findings if f.cls == "oom_weights")
    # The engine's own retry notice (line 2) already says the failure was caught.
    assert oom.severity == "warning" and "retried at line 2" in oom.note


def test_a_failure_after_the_server_started_is_still_primary(tmp_path):
    d = diagnose(_log(tmp_path, "INFO:     Application startup complete.",
                      "ERROR:    [Errno 10048] error while attempting to bind on address ('0.0.0.0', 8080): only one "
                      "usage of each socket address (protocol/network address/port) is normally permitted"))
    assert d.primary.cls == "port_in_use"


def test_a_gpu_stack_cause_stays_primary_even_if_a_server_started(tmp_path):
    # llama.cpp and ollama fall back to the CPU and listen anyway: the GPU still is not in use
    d = diagnose(_log(tmp_path, "ggml_cuda_init: failed to initialize CUDA: CUDA driver version is insufficient for CUDA runtime version",
                      "main: server is listening on http://0.0.0.0:8080 - starting the main loop"))
    assert d.primary.cls == "driver_too_old"


def test_vllm_flash_attention_fallback_is_not_a_gpu_failure(tmp_path):
    d = diagnose(_log(tmp_path, "ERROR 03-20 07:42:38 [utils.py:613] Cannot use FA version 2 is not supported due to FA2 is "
                      "only supported on devices with compute capability >= 8",
                      "INFO 03-20 07:42:39 [weight_utils.py:257] Using model weights format ['*.bin']"))
    assert d.primary is None
    assert next(f for f in d.findings if f.signature == "arch.fa_fallback").severity == "warning"


def test_a_bare_killed_after_a_failure_is_the_launcher_not_the_oom_killer(tmp_path):
    d = diagnose(_log(tmp_path, "[2024-12-13 01:45:02] INFO:     Application startup complete.",
                      "[2024-12-13 01:47:34] Initialization failed. warmup error: Traceback (most recent call last):",
                      "AssertionError: res=<Response [502]>, res.text=''", "", "Killed"))
    assert d.primary.signature == "serve.warmup_failed"
    assert "oom.killed_signal" in {c.signature for c in d.primary.consequences}


def test_a_bare_killed_on_its_own_is_a_kill_whose_sender_is_not_in_the_lines(tmp_path):
    """A kill is sent by another process: the OOM killer is the usual one, but only a line that names
    it makes the verdict host memory (docs/eval/crash-relabelling.md)."""
    d = diagnose(_log(tmp_path, "Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:10<00:10]", "Killed"))
    assert d.status == "incomplete" and d.primary is None
    assert "do not say by whom" in d.status_message and "OOM killer" in d.status_message


def test_a_taken_rendezvous_port_is_a_port_clash_not_nccl(tmp_path):
    """torch reports a taken TCPStore port as DistNetworkError: the port reading wins on that line."""
    d = diagnose(_log(tmp_path, "torch.distributed.DistNetworkError: The server socket has failed to listen on "
                                "any local network address. port: 29500, useIpv6: false, code: -98, "
                                "name: EADDRINUSE, message: address already in use"))
    assert (d.primary.cls, d.primary.layer) == ("port_in_use", "network")


def test_a_bare_exception_with_an_unknown_cause_is_still_a_failure(tmp_path):
    d = diagnose(_log(tmp_path, "[2025-03-17 10:00:00 TP0] Capture cuda graph begin.",
                      "Exception: Capture cuda graph failed: some kernel the signatures do not know"))
    assert d.primary is not None and d.primary.cls == "other"


def test_sglang_graph_capture_names_its_cause(tmp_path):
    d = diagnose(_log(tmp_path, "Exception: Capture cuda graph failed: Triton Error [CUDA]: out of memory",
                      "Possible solutions:", "2. set --mem-fraction-static to a smaller value"))
    assert d.primary.cls == "oom_weights"


def test_a_generic_header_gives_way_to_its_detail_line(tmp_path):
    d = diagnose(_log(tmp_path, "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig",
                      "  Value error, User-specified max_model_len (513) is greater than the derived "
                      "max_model_len (max_position_embeddings=512 or model_max_length=None in model's config.json)."))
    assert (d.primary.signature, d.primary.first_line) == ("cfg.max_model_len_derived", 2)
    # The header is a line of the same cause: evidence of the primary, not a chain of its own.
    assert d.primary.signatures == ["cfg.max_model_len_derived", "cfg.validation_error"]
    assert [e.line for e in d.primary.evidence] == [2, 1] and d.primary.consequences == []


INSPECT_HEADER = "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig"
INSPECT_WRAPPER = ("  Value error, Model architectures ['Qwen2_5_VLForConditionalGeneration'] failed to be inspected. "
                   "Please check the logs for more details. [type=value_error, input_value=ArgsKwargs((), "
                   "{'model': ...}), input_type=ArgsKwargs]")


def test_a_header_whose_message_is_a_wrapper_says_no_more_than_the_wrapper(tmp_path):
    """vllm-project/vllm#19951: the header's message is vLLM's wrapper for a registry subprocess
    that failed; its cause is not in the lines, so the start cannot be judged."""
    d = diagnose(_log(tmp_path, "    return ModelConfig(", INSPECT_HEADER, INSPECT_WRAPPER))
    assert d.primary is None and d.status == "incomplete"
    header = next(f for f in d.findings if f.signature == "cfg.validation_error")
    assert header.role == "consequence" and "wrapper" in header.note


def test_a_header_over_a_wrapper_leaves_the_cause_above_it_primary(tmp_path):
    d = diagnose(_log(tmp_path, "RuntimeError: CUDA error: no kernel image is available for execution on the device",
                      "ERROR 06-20 12:27:37 [registry.py:353] Error in inspecting model architecture",
                      INSPECT_HEADER, INSPECT_WRAPPER))
    assert d.primary.cls == "gpu_arch_unsupported" and d.primary.first_line == 1
    assert all(f.cls != "model_config" or f.role == "consequence" for f in d.findings)


def test_a_wrappers_log_record_below_a_headers_own_message_leaves_the_header_a_cause(tmp_path):
    """The message is the indented line under the header; the engine's wrapper logged after it
    ("EngineCore failed to start.") is no message of the header's."""
    d = diagnose(_log(tmp_path, INSPECT_HEADER, "  Value error, Something odd about the quantization block size "
                      "[type=value_error]", "ERROR 05-01 10:00:00 [core.py:1] EngineCore failed to start."))
    assert d.status == "failure" and d.primary.cls == "model_config"


def test_a_header_over_its_own_message_stays_a_cause(tmp_path):
    """The same header with a message that is not a wrapper's is the configuration refused."""
    d = diagnose(_log(tmp_path, INSPECT_HEADER, "  Value error, Invalid repository ID or local directory "
                      "specified: 'none' [type=value_error]"))
    assert d.primary is not None and d.primary.cls in ("model_config", "model_access")
    assert all(f.role != "consequence" for f in d.findings if f.signature == "cfg.validation_error")


def test_a_detail_far_below_is_a_separate_chain(tmp_path):
    filler = [f"INFO line {i}" for i in range(6)]
    d = diagnose(_log(tmp_path, "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig",
                      *filler, "ValueError: max_model_len (513) is greater than the derived max_model_len"))
    assert d.primary.signature == "cfg.validation_error"


def test_a_started_line_before_a_driver_error_does_not_excuse_it(tmp_path):
    """The server came up, then its lazily imported pipeline hit Error 804: only proof of
    working CUDA *after* a soft cause demotes it."""
    d = diagnose(_log(tmp_path, "INFO:     Application startup complete.",
                      "Import default pipeline error: Unexpected error from cudaGetDeviceCount(). Did you run some "
                      "cuda functions before calling NumCudaDevices() that might have already set an error? "
                      "Error 804: forward compatibility was attempted on non supported HW"))
    assert d.primary is not None and d.primary.cls == "driver_too_old" and d.primary.first_line == 2


def test_allocator_oom_gives_way_to_what_it_was_allocating(tmp_path):
    d = diagnose(_log(tmp_path,
                      "E ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4480.00 MiB on device 3: cudaMalloc failed: out of memory",
                      "E llama_kv_cache_init: failed to allocate buffer for kv cache",
                      "E srv load_model: failed to load model"))
    assert d.primary.cls == "kv_cache_insufficient" and d.primary.first_line == 2
    # The allocator's OOM is what the KV-cache allocation hit: the same cause, so its evidence.
    assert "oom_weights" not in {c.cls for c in d.primary.consequences}
    assert 1 in {e.line for e in d.primary.evidence}


def test_a_driver_conflict_logged_as_a_warning_is_still_the_cause(tmp_path):
    d = diagnose(_log(tmp_path,
                      "WARN text_generation_launcher: CUDA driver version is insufficient for CUDA runtime version",
                      "INFO text_generation_launcher: Shutting down shards"))
    assert d.primary.cls == "driver_too_old"


def test_an_engine_warning_is_not_a_failure(tmp_path):
    d = diagnose(_log(tmp_path,
                      "2023-10-17T07:47:06.229031Z  WARN text_generation_launcher: Unable to use Flash Attention V2: "
                      "GPU with CUDA capability 7 5 is not supported for Flash Attention V2",
                      "2023-10-17T07:48:06.229031Z  INFO text_generation_router: router/src/main.rs:317: Connected"))
    assert d.primary is None


def test_ngc_banner_detail_decides_driver_conflict_or_not(tmp_path):
    banner = ("ERROR: The NVIDIA Driver is present, but CUDA failed to initialize.  "
              "GPU functionality will not be available.")
    conflict = diagnose(_log(tmp_path, banner,
                             "   [[ forward compatibility was attempted on non supported HW (error 804) ]]"))
    assert conflict.primary.cls == "driver_too_old"
    not_version = diagnose(_log(tmp_path, banner, "   [[ Initialization error (error 3) ]]"))
    assert not_version.primary.cls == "no_gpu_visible"


def test_nccl_verbs_failure_on_a_warn_line_is_the_cause(tmp_path):
    d = diagnose(_log(tmp_path, "n1:1:2 [0] NCCL INFO Call to ibv_set_ece failed with error Operation not supported errno 95",
                      "n1:1:2 [0] misc/ibvwrap.cc:206 NCCL WARN Call to ibv_modify_qp failed with error No such device errno 19"))
    assert d.primary.cls == "nccl_comm" and d.primary.first_line == 2


def test_one_cause_one_chain_with_the_fatal_line_as_headline(tmp_path):
    """Issue 10 item 7: torch's early UserWarning and the fatal RuntimeError of the same driver
    conflict are one primary (headline: the RuntimeError); neither is listed as another chain."""
    fatal = ("ERROR 11-30 02:58:38 [multiproc_executor.py:671] RuntimeError: The NVIDIA driver on your system "
             "is too old (found version 12080).")
    d = diagnose(_log(tmp_path, DRIVER_WARN, "INFO loading weights", fatal,
                      "RuntimeError: Engine core initialization failed. See root cause above."))
    p = d.primary
    assert (p.signature, p.first_line, p.first_seen, p.severity) == ("driver.torch_too_old_error", 3, 1, "fatal")
    assert [e.line for e in p.evidence if e.line] == [3, 1]     # line 0: what the layers say of it
    assert {f.signature for f in d.findings if f.role == "primary"} == {"driver.torch_too_old", "driver.torch_too_old_error"}
    assert not any(f.role == "cause" and f.cls == "driver_too_old" for f in d.findings)
    assert all(c.cls != "driver_too_old" for c in p.consequences)


def test_two_unexplained_exceptions_are_not_merged_into_one_cause(tmp_path):
    d = diagnose(_log(tmp_path, "Exception: Capture cuda graph failed: some kernel the signatures do not know",
                      *[f"INFO line {i}" for i in range(6)],
                      "Exception: a second failure nothing explains"))
    assert d.primary is not None and d.primary.cls == "other" and d.primary.signatures == [d.primary.signature]


def test_a_caught_allocation_failure_is_not_the_cause_even_before_started(tmp_path):
    d = diagnose(_log(tmp_path,
                      "E ggml_backend_cuda_buffer_type_alloc_buffer: allocating 51748.72 MiB on device 1: cudaMalloc failed: out of memory",
                      "E graph_reserve: failed to allocate compute buffers",
                      "W sched_reserve: compute buffer allocation failed, retrying without pipeline parallelism",
                      "I srv    load_model: initializing, n_slots = 1"))
    assert d.primary is None and d.status == "incomplete"


def test_an_allocation_failure_far_above_a_retry_is_still_a_cause(tmp_path):
    d = diagnose(_log(tmp_path,
                      "E ggml_backend_cuda_buffer_type_alloc_buffer: allocating 51748.72 MiB on device 1: cudaMalloc failed: out of memory",
                      *[f"I line {i}" for i in range(8)],
                      "W sched_reserve: compute buffer allocation failed, retrying without pipeline parallelism"))
    assert d.primary is not None and d.primary.cls == "oom_weights"


def test_tritons_missing_driver_helper_is_no_driver_not_an_old_one(tmp_path):
    """Triton dlopens libcuda at start; "CudaDriverHelper has not been initialized" means it found
    none, so the runtime's "driver version is insufficient" beside it is no driver at all."""
    from tests.diagnose.logfile import write_log

    from servecheck.diagnose.api import diagnose

    d = diagnose(write_log(tmp_path, """\
W0322 05:27:28.710276 70 pinned_memory_manager.cc:271] Unable to allocate pinned system memory, pinned memory pool will not be available: CUDA driver version is insufficient for CUDA runtime version
I0322 05:27:28.710366 70 cuda_memory_manager.cc:117] CUDA memory pool disabled
E0322 05:27:28.710471 70 server.cc:243] CudaDriverHelper has not been initialized.
"""))
    assert d.primary.cls == "no_gpu_visible"
    assert all(f.cls != "driver_too_old" or f.severity == "warning" for f in d.findings)


def test_the_recovery_paths_know_the_last_driver_branch_of_the_gpu():
    from dataclasses import replace

    from servecheck.diagnose.engine import DriverCeiling, recovery_paths

    kepler = DriverCeiling(gpu="Tesla K40c", cc="3.5", architecture="Kepler", last_branch="r470", last_cuda_major=11)
    closed = recovery_paths("12.4", "450.80.02", replace(kepler, closed_by="the image needs CUDA 12.4"), "11.0")
    assert closed[0].startswith("Path A is closed here: Tesla K40c (compute capability 3.5, Kepler)")
    assert "r470, which runs CUDA 11.x at most" in closed[0] and "CUDA 11.x or older" in closed[1]
    opened = recovery_paths("11.8", "450.80.02", kepler, "11.0")
    assert "no further than the last branch" in opened[0] and "r470" in opened[0]
    assert "a build for CUDA 11.0 or older instead of CUDA 11.8" in opened[1] and "compute capability 3.5" in opened[1]
    # a driver already at the GPU's last branch: no upgrade is left, whatever the image asks
    at_last = recovery_paths(None, "470.256.02", replace(kepler, closed_by="the driver is already 470.256.02"), "11.4")
    assert at_last[0].startswith("Path A is closed here") and "the driver is already 470.256.02" in at_last[0]
    # no GPU known: the paths as before; the example build follows the driver's CUDA when it is known
    plain = recovery_paths("13.0", "575.57.08", None, "12.9")
    assert plain[0].startswith("Path A: upgrade the host driver (now 575.57.08) to r580 or newer")
    assert "a build for CUDA 12.9 or older instead of CUDA 13.0" in plain[1]


def test_a_pascal_card_under_an_old_driver_gets_paths_within_its_last_branch(tmp_path):
    from tests.diagnose.logfile import write_log

    text = ("| NVIDIA-SMI 535.183.01   Driver Version: 535.183.01   CUDA Version: 12.2     |\n"
            "|   0  Tesla P40           Off  | 00000000:03:00.0 Off |                    0 |\n"
            "PyTorch version: 2.7.0+cu126\n"
            "RuntimeError: CUDA driver version is insufficient for CUDA runtime version\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.primary.cls == "driver_too_old" and d.layers.gpu_name.value == "Tesla P40"
    assert any("no further than the last branch for Tesla P40 (compute capability 6.1, Pascal): r580" in a
               for a in d.advice)


def test_the_layers_say_when_no_driver_upgrade_can_help():
    from servecheck.diagnose.layers import driver_ceiling
    from servecheck.diagnose.models import LayerFact, Layers

    def layers(gpu, driver, image=None):
        return Layers(gpu_name=LayerFact(value=gpu, source="t"), driver_version=LayerFact(value=driver, source="t"),
                      image_cuda=LayerFact(value=image, source="t" if image else None))

    assert driver_ceiling(layers("Tesla K40c", "450.80.02", "12.4")).closed_by == "the image needs CUDA 12.4"
    assert driver_ceiling(layers("Tesla K40c", "470.256.02")).closed_by == "the driver is already 470.256.02"
    assert driver_ceiling(layers("Tesla K40c", "450.80.02", "11.8")).closed_by is None
    pascal = driver_ceiling(layers("Tesla P40", "535.183.01", "12.6"))
    assert (pascal.cc, pascal.last_branch, pascal.closed_by) == ("6.1", "r580", None)
    assert driver_ceiling(layers("NVIDIA H100 80GB HBM3", "535.183.01")) is None   # no last branch yet


RAY_NO_PLATFORM = ("(pid=13590) INFO 05-19 09:46:24 [__init__.py:243] No platform detected, vLLM is running on "
                   "UnspecifiedPlatform")


def test_a_cpu_actors_no_platform_line_beside_a_gpu_worker_that_ran_is_a_warning(tmp_path):
    # Ray Serve LLM: the engine's worker sized its KV cache on the GPU, a CPU actor started later
    # imported vLLM and said it saw no platform, the application came up (Ray Serve's own ready
    # line: no proof of a GPU, so the no-platform line's soft rule does not end it)
    d = diagnose(_log(tmp_path,
                      "(RayWorkerWrapper pid=4893, ip=10.0.2.213) INFO 05-19 09:46:17 [worker.py:267] model weights "
                      "take 15.39GiB; non_torch_memory takes 0.21GiB",
                      "(_EngineBackgroundProcess pid=4800, ip=10.0.2.213) INFO 05-19 09:46:18 [llm_engine.py:447] "
                      "init engine (profile, create kv cache, warmup model) took 22.35 seconds",
                      RAY_NO_PLATFORM,
                      "INFO 2025-05-19 09:46:26,426 serve 8988 -- Application 'default' is ready at "
                      "http://127.0.0.1:8000/."))
    assert d.primary is None and d.status == "no_failure"
    warn = next(f for f in d.findings if f.cls == "no_gpu_visible")
    assert warn.severity == "warning" and "line 1" in warn.note


def test_a_no_platform_line_with_no_gpu_work_in_the_log_stays_the_cause(tmp_path):
    # the same line, and only a ready line of the web server (which proves no GPU): the cause
    d = diagnose(_log(tmp_path, RAY_NO_PLATFORM, "INFO 05-19 09:46:25 [api_server.py:1090] Starting vLLM API server on "
                      "http://0.0.0.0:8000", "RuntimeError: Failed to infer device type"))
    assert d.primary is not None and d.primary.cls == "no_gpu_visible"
