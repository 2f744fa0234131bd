"""The lexicon names the class of a failure no signature or structural rule knows; bare failure
words make a failure only in a server's log whose start never completed."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import get_args

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose import lexicon, normalize, structure
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.models import FailureClass, Layer

ENGINE = "INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2\n"


def test_the_lexicon_data_is_valid_and_sourced():
    data = json.loads(resources.files("servecheck.knowledge.structure").joinpath("lexicon.json").read_text())
    classes = [c["class"] for c in data["classes"]]
    assert len(classes) == len(set(classes))
    for entry in data["classes"]:
        assert entry["class"] in get_args(FailureClass) and entry["layer"] in get_args(Layer)
        assert entry["references"] and all(r.startswith("https://") for r in entry["references"])
        for term in entry["terms"]:
            re.compile(term["pattern"])
            assert term["weight"] > 0


@pytest.mark.parametrize(("text", "cls"), [
    ("Assertion failed: the paged KV cache holds only 64 tokens", "kv_cache_insufficient"),
    ("error: unresolvable CDI devices nvidia.com/gpu=all", "no_gpu_visible"),
    ("fatal: model 'qux' not found in the local store, run pull first", "model_access"),
    # a model file missing from its path, in a wording no signature knew at first contact (clearml-serving#3)
    ("failed to load 'm' version 1: Unavailable: unable to find '/models/m/1/model.pt' for model instance 'm'",
     "model_access"),
    ("failed: listener could not bind 0.0.0.0:8000", "port_in_use"),
    ("RuntimeError: bf16 is only supported on GPUs with compute capability 8.0", "gpu_arch_unsupported"),
    ("error: ProcessGroup rendezvous timed out after 600 s", "nccl_comm"),
    ("Error: open /models/blobs: permission denied", "other"),
    ("Error: llama runner process has terminated: signal: aborted (core dumped) error:failed to create context "
     "with model '/models/blobs/sha256-e84e'", "kv_cache_insufficient"),
    ("message: Pod Allocate failed due to pod 1 container w unable to find GPU device allocation by scheduler",
     "no_gpu_visible"),
    ("Loading /repository requires to execute some code in that repo", "model_config"),
    ("Assertion `!(src && dst)' && \"mma -> mma layout conversion is only supported on Ampere\"' failed.",
     "gpu_arch_unsupported"),
    ("RuntimeError: Unable to load ragged_device_ops op due to no compute capabilities remaining after filtering",
     "gpu_arch_unsupported"),
    ("Error: llama runner exited, you may not have enough available memory to run this model", "oom_weights"),
    ("panic: More than one MIG device type present on node", "no_gpu_visible"),
    ('Error: path: "/models/x-IQ2_M.gguf" unknown dtype for tensor 21', "model_config"),
    ('msg="chat prompt error" error="template: :6:10: executing \\"\\" at <.Tools>: can\'t evaluate field Tools',
     "tool_parser"),
    ("RuntimeError: FlashInfer requires GPUs with sm75 or higher", "gpu_arch_unsupported"),
    ("Error: internal error 'F8E4M3 not supported in this backend'", "gpu_arch_unsupported"),
    ("Error fetching the model: unable to list objects: send request failed", "model_access"),
    ("error: launcher: failed to find a readable environment file 'envs/x.toml' in search path", "model_config"),
    ("[store] [error] Failed to open RDMA device mlx5_0", "nccl_comm"),
    ("[host:1:0] sock.c:334  UCX  ERROR   connect(fd=120, dest_addr=10.0.0.2:34313) failed: Connection refused",
     "nccl_comm"),
    ("Error: llama runner process has terminated: this model is not supported by your version of Ollama. You may "
     "need to upgrade", "model_config"),
    ("ValueError: `limit_mm_per_prompt` is only supported for multimodal models.", "model_config"),
    ("Could not start ORT backend: Could not start backend: DType float16 is not supported", "model_config"),
    ("RuntimeError: dtype bfloat16 is not supported on this GPU", "gpu_arch_unsupported"),
    ("Error Code 9: Internal Error (Networks with FP8 precision require hardware with FP8 support.)",
     "gpu_arch_unsupported"),
    ("ValueError: Model GemmaForCausalLM does not support LoRA, but LoRA is enabled.", "model_config"),
    ("ValueError: base_model.model.lm_head.weight is unsupported LoRA weight", "model_config"),
    ("LoRA rank 32 is greater than max_lora_rank 16.", "model_config"),
    ("ValueError: Connector DynamoConnector does not support HMA but HMA is enabled.", "model_config"),
    ("Could not start Candle backend: Could not start backend: Gemma3 is only supported in fp32 precision",
     "model_config"),
    ("E0529 23:22:59.553362 67580 rdma_context.cpp:203] Failed to register memory 0x7c1cda000000: Bad address [14]",
     "nccl_comm"),
    ("RuntimeError: Remote NIXL agent engine ID mismatch. Expected 4612_dp0,received 96b1_dp0.", "nccl_comm"),
    # a serving stack's control plane unreachable is no hub access problem (ai-dynamo's frontend)
    ("Exception: Failed to connect to NATS: DNS error: failed to lookup address", "other"),
    ("information: Temporary failure in name resolution. Verify NATS server is", "other"),
    ("etcd cluster is unavailable or misconfigured; error #0: dial tcp: lookup etcd on 10.0.0.10:53", "other"),
    ("ValueError: Currently, MiniCPMV only supports versions 2.0, 2.5, and 2.6", "model_config"),
    ("[TensorRT-LLM][ERROR] Assertion failed: Invalid low_rank (1024). low_rank must be smaller than mMaxLowRank (64)",
     "model_config"),
    # a model's config class lacking a field is an unsupported model, a package's class lacking one a mismatch
    ("(\"Checking failed with error 'InternVLChatConfig' object has no attribute 'hidden_size'\", 'Please send issue')",
     "model_config"),
    ("AttributeError: 'LLMEngine' object has no attribute 'model_executor'", "other"),
    # after round 161: general words mined from what the signatures name, for wordings no signature knows
    ("ValueError: The checkpoint you are trying to load has model type `olmo4` but Transformers does not recognize "
     "this architecture.", "model_config"),
    ("WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.", "no_gpu_visible"),
    ("docker: Error response from daemon: unknown or invalid runtime name: nvidia.", "no_gpu_visible"),
    ("AttributeError: To support LoRA for MoE model, 'get_expert_mapping' must be implemented", "model_config"),
    ("ValueError: Unsupported ASR engine: faster-whisper", "model_config"),
    ("insufficient devices for inferencer configuration: expected at least 1; found 1", "no_gpu_visible"),
])
def test_reading_names_the_class_by_its_words(text, cls):
    reading = lexicon.read(text)
    assert reading is not None and reading.cls == cls


def test_no_words_no_reading():
    assert lexicon.read("something went sideways at stage 4") is None


def test_driver_words_are_only_the_unambiguous_ones():
    # error 803/804 can be compat libraries shadowing a good driver: never read as an old driver
    assert lexicon.read("error 803: system has unsupported display driver / cuda driver combination") is None or \
        lexicon.read("error 803: system has unsupported display driver / cuda driver combination").cls != "driver_too_old"
    assert lexicon.read("failed: the CUDA driver version is insufficient for this binary").cls == "driver_too_old"


def test_a_catch_all_exception_is_named_by_its_words(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE + """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/qengine/alloc.py", line 4, in plan
    raise QuotaFault("x")
qengine.alloc.QuotaFault: the paged KV cache cannot hold one sequence of 32768 tokens
"""))
    assert d.status == "failure"
    assert (d.primary.cls, d.primary.signature) == ("kv_cache_insufficient", "lexicon.kv_cache_insufficient")
    assert d.primary.confidence <= 0.4 and "lexicon" in (d.primary.note or "")
    assert d.primary.evidence[0].line == 5


def test_a_named_other_rule_is_not_re_read(tmp_path):
    # a segfault is "other" by a structural rule: its words ("cache") do not re-name it
    d = diagnose(write_log(tmp_path, ENGINE + "worker exited: Segmentation fault (core dumped) while filling the kv cache\n"))
    assert d.primary.cls == "other"


def test_words_of_an_unknown_exception_without_a_class_keep_it_other(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE + """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/fluxlib/core.py", line 4, in charge
    raise Flux("x")
fluxlib.core.FluxCapacitorFailure: not charged
"""))
    assert (d.primary.cls, d.primary.signature) == ("other", "struct.unexplained_exception")


def test_a_failure_word_in_a_server_log_that_never_started_is_a_failure(tmp_path):
    d = diagnose(write_log(tmp_path, "llama_model_loader: loaded meta data with 24 key-value pairs\n"
                                "gguf_loader: unable to load tensor blk.3 from the mapped file\n"))
    assert d.status == "failure" and d.primary.first_line == 2
    assert d.primary.signature in ("struct.error_word", "lexicon.model_access", "lexicon.model_config")


@pytest.mark.parametrize("line", [
    "bm-1:175:175 [0] NCCL INFO ENV/Plugin: Could not find: libnccl-env.so",
    "2025-03-27 21:33:31,320 - INFO - flashinfer.jit: Prebuilt kernels could not be found, using JIT",
    "time=2024-05-01T10:00:00Z level=WARN source=gpu.go:1 msg=\"unable to load a library\"",
    "/x/torch/cuda/__init__.py:611: UserWarning: Can't initialize NVML",
])
def test_failure_words_at_a_quiet_level_are_not_a_failure(tmp_path, line):
    d = diagnose(write_log(tmp_path, "llama_model_loader: loaded meta data with 24 key-value pairs\n" + line + "\n"))
    assert d.status == "incomplete" and d.primary is None


def test_failure_words_after_the_start_completed_are_a_requests_error(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE + "INFO:     Application startup complete.\n"
                                "srv  log_server_r: response: {\"error\":{\"code\":404,\"message\":\"File Not Found\"}}\n"))
    assert d.status == "no_failure"


def test_failure_words_in_text_with_no_server_line_are_not_a_server_failure(tmp_path):
    d = diagnose(write_log(tmp_path, "curl: (22) The requested URL returned error: 500\n"))
    assert d.status == "not_a_server_log"


def test_the_level_word_is_the_loggers_not_the_messages():
    assert not structure.failure_word("kv_cache_groups = get_kv_cache_groups(self.vllm_config)")
    assert structure.failure_word("cuBLAS error 3 at ggml-cuda.cu:5552")
    assert not structure.failure_word("| ERROR | stderr | INFO:     Started server process [76682]")


@pytest.mark.parametrize(("line", "quiet"), [
    ("2024-01-01 10:00:00 | ERROR | stderr | something", False),
    ("W0806 12:00:00.000 1 model.cc:1] could not find a config", True),
    ("[WARN] cannot read the cache", True),
    ("E0806 12:00:00.000 1 model.cc:1] failed to load", False),
    ("plain line that failed", False),
])
def test_quiet_reads_the_first_level_word(line, quiet):
    assert normalize.quiet(line) is quiet


def test_out_of_memory_while_allocating_the_kv_cache_is_a_kv_cache_problem(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE + """\
Traceback (most recent call last):
  File "/opt/engine/model.py", line 10, in load
    self.cache = Cache(self)
  File "/opt/engine/cache.py", line 92, in create_state_tensors
    p_value_states = torch.zeros(self.shape_wv, dtype=self.dtype, device=device)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB. GPU 0 has a total capacity of 14.74 GiB
"""))
    assert d.primary.cls == "kv_cache_insufficient" and "KV cache" in (d.primary.note or "")


def test_a_requests_traceback_after_the_start_completed_is_no_start_failure(tmp_path):
    """Its frames are a request's: no failure of the start; cut where the log ends, it leaves
    nothing to judge (round 168), never exit 0."""
    d = diagnose(write_log(tmp_path, ENGINE + """\
INFO:     Application startup complete.
INFO:     Uvicorn running on http://0.0.0.0:6006 (Press CTRL+C to quit)
ERROR:    Exception in ASGI application
Traceback (most recent call last):
  File "/x/site-packages/uvicorn/protocols/http/h11_impl.py", line 408, in run_asgi
    result = await app(scope, receive, send)
  File "/x/site-packages/qengine/serve.py", line 4, in generate
    raise Flux("x")
"""))
    assert d.status == "incomplete" and d.primary is None
    assert "then a request failed and the log ends inside its traceback" in d.status_message


def test_a_clients_own_exception_text_around_its_refused_connection_is_not_a_server_failure(tmp_path):
    d = diagnose(write_log(tmp_path, "> chat-ui dev\n[TypeError: fetch failed] {\n  cause: [Error: connect ECONNREFUSED "
                                "127.0.0.1:11434] {\n    errno: -111,\n    code: 'ECONNREFUSED',\n  }\n}\n"))
    assert d.status == "not_a_server_log" and d.primary is None


@pytest.mark.parametrize("text", [
    "Failed to open connection to {'name': 'kvcache-cluster-0', 'addr': '10.0.0.9'}",
    "Connection to RPC socket failed for endpoint model-x-kvcache-rpc:9600",
])
def test_kv_cache_inside_a_host_or_service_name_is_not_the_kv_cache(text):
    """A service called ``...-kvcache-rpc`` is a name, not the engine's KV cache running short."""
    reading = lexicon.read(text)
    assert reading is None or reading.cls != "kv_cache_insufficient"


def test_a_cloud_sdks_traceback_is_the_clients_not_a_servers(tmp_path):
    """A deploy call whose SDK (Vertex AI's aiplatform, google.api_core) raises: the client reports
    that a remote container died; the server's own log is what can be judged."""
    d = diagnose(write_log(tmp_path, """Traceback (most recent call last):
  File "/home/u/deploy.py", line 8, in <module>
    model.deploy(endpoint=ep)
  File "/opt/conda/lib/python3.10/site-packages/google/cloud/aiplatform/models.py", line 1262, in _deploy_call
    operation_future.result(timeout=None)
  File "/opt/conda/lib/python3.10/site-packages/google/api_core/future/polling.py", line 261, in result
    raise self._exception
google.api_core.exceptions.FailedPrecondition: 400 Model server terminated
"""))
    assert (d.status, d.primary) == ("not_a_server_log", None)
    assert "client library" in d.status_message and "line 8" in d.status_message


def test_a_transport_library_that_is_not_installed_is_not_a_communication_failure():
    assert lexicon.read("RuntimeError: NIXL is not available") is None


def test_an_error_level_not_found_line_before_a_traceback_names_the_cause(tmp_path):
    """'| ERROR | ONNX model not found at ...' says what failed before uvicorn's lifespan traceback;
    a C program's 'Warning: ... not found' is a warning, not the cause."""
    text = ("INFO:     Started server process [1]\n"
            "10:42:54 AM | INFO     | Loading TTS model and voice packs...\n"
            "10:42:54 AM | ERROR    | ONNX model not found at /app/m/model.onnx\n"
            "ERROR:    Traceback (most recent call last):\n"
            '  File "/usr/local/lib/python3.10/dist-packages/starlette/routing.py", line 693, in lifespan\n'
            "    async with self.lifespan_context(app) as maybe_state:\n")
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls) == ("failure", "model_access"), d.primary.signature
    assert normalize.quiet("Warning: OpenBLAS library file not found. Non-BLAS library will be used.")


def test_a_wrapper_is_re_read_only_by_the_cause_it_quotes(tmp_path):
    """vLLM's "Worker failed with error '...'" quotes the worker's own message: its words name the
    class; a wrapper that quotes nothing stays a wrapper whose cause is elsewhere."""
    quoting = diagnose(write_log(tmp_path, """\
(EngineCore_DP0 pid=1789245) ERROR 11-19 12:54:26 [core.py:710]     raise RuntimeError(
(EngineCore_DP0 pid=1789245) ERROR 11-19 12:54:26 [core.py:710] RuntimeError: Worker failed with error 'LoRA rank 32 is greater than max_lora_rank 16.', please check the stack trace above for the root cause
""", "quoting.log"))
    assert (quoting.primary.cls, quoting.primary.signature) == ("model_config", "lexicon.model_config")
    bare = diagnose(write_log(tmp_path, """\
(EngineCore_DP0 pid=17) ERROR 11-19 12:54:26 [core.py:710] RuntimeError: Worker failed with error 'tensor on wrong device', please check the stack trace above for the root cause
""", "bare.log"))
    assert bare.primary.cls == "other" and bare.primary.role == "consequence"


def test_advice_to_raise_the_verbosity_is_no_configuration_error():
    # "Please set `--verbosity=DEBUG` to get more information" asks for more log, not for a setting
    assert lexicon.read("Error during evaluation: name 'LLM' is not defined. Please set "
                        "`--verbosity=DEBUG` to get more information.") is None
    found = lexicon.read("Error: this model needs a longer context. Please set `--max-model-len` lower.")
    assert found is not None and found.cls == "model_config"


def test_a_feature_only_one_backend_supports_is_configuration_and_gpu_shared_memory_is_no_shm():
    found = lexicon.read("AssertionError: Attention sinks are only supported for TRTLLM backend.")
    assert found is not None and found.cls == "model_config"
    # Triton's "out of resource: shared memory" is the GPU's on-chip memory, not /dev/shm
    assert lexicon.read("RuntimeError: out of resource: shared memory, Required: 1, Hardware limit: 0") is None
    shm = lexicon.read("RuntimeError: unable to write to file </torch_1_0>: No space left on device (shared memory)")
    assert shm is not None and shm.cls == "shm_too_small"


def test_a_ray_tasks_name_is_code_not_the_words_of_the_failure(tmp_path):
    # OpenRLHF's weight sync: the Ray task is named init_process_group, the failure is an attribute
    # that this vLLM lacks (https://github.com/OpenRLHF/OpenRLHF/issues/922)
    text = ("(ActorModelRayActor pid=7) Unhandled error (suppress with 'RAY_IGNORE_UNHANDLED_ERRORS=1'): "
            "ray::LLMRayActor.init_process_group() (pid=6, ip=0.0.0.0, actor_id=fe, repr=<openrlhf.trainer.ray."
            "vllm_engine.LLMRayActor object at 0x7f>)\n"
            '(ActorModelRayActor pid=7) File "/x/site-packages/vllm/entrypoints/llm.py", line 495, in collective_rpc\n'
            "(ActorModelRayActor pid=7) executor = self.llm_engine.model_executor\n"
            "(ActorModelRayActor pid=7) AttributeError: 'LLMEngine' object has no attribute 'model_executor'\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.primary is not None and d.primary.cls == "other"
    assert lexicon.read("ray::LLMRayActor.init_process_group() (pid=6)") is None
    assert lexicon.read("init_process_group failed: timed out") is not None


def test_tritons_status_codes_are_not_the_words_of_the_failure():
    # "Invalid argument" is the kind of Triton's status, not a bad argument: the cuDNN failure in
    # a warmup run is no configuration error (https://github.com/triton-inference-server/server/issues/7296)
    line = ("error: creating server: Invalid argument - load failed for model 'sentiment_model': version 1 is at "
            "UNAVAILABLE state: Invalid argument: failed to run warmup sample 'warmup': onnx runtime error 6: "
            "CUDNN failure 4000: unrecognized error code ; GPU=0")
    reading = lexicon.read(line)
    assert reading is None or reading.cls != "model_config"
    assert lexicon.read("error: invalid argument '--max-model-len': must be an integer").cls == "model_config"


def test_the_quoted_cause_is_the_signatures_own_data(tmp_path):
    """Which wrappers quote a cause, and where its words are, is the signature's ``quotes_cause``
    (group 'cause'): a site signature file teaches a new wrapper, and Ollama's "llama runner process
    has terminated: <cause>" is re-read by its cause."""
    site = tmp_path / "site.json"
    site.write_text(json.dumps({"signatures": [{
        "id": "site.wrapper", "class": "other", "layer": "other", "severity": "fatal",
        "patterns": ["launcher gave up: "], "keywords": ["launcher gave up"], "role": "consequence",
        "confidence": 0.3, "explanation": "the site's launcher wraps a failure",
        "quotes_cause": ["launcher gave up: <(?P<cause>[^>]+)>"]}]}))
    log = write_log(tmp_path, "launcher gave up: <LoRA rank 32 is greater than max_lora_rank 16.>\n", "site.log")
    without = diagnose(log)
    assert without.primary is None or without.primary.cls != "model_config"
    taught = diagnose(log, signature_files=[site])
    assert (taught.status, taught.primary.cls) == ("failure", "model_config"), taught.primary
    ollama = diagnose(write_log(tmp_path, "Error: llama runner process has terminated: error loading model: "
                                          "unable to allocate CUDA_Host buffer\n", "ollama.log"))
    assert (ollama.primary.cls, ollama.primary.signature) == ("oom_weights", "lexicon.oom_weights")
    assert ollama.primary.evidence[0].line == 1


@pytest.mark.parametrize("line, cls", [
    # rounds 64-65's first contact (each line from the log its source names)
    ("RuntimeError: Currently, block scaled fp8 gemm is not implemented for Blackwell", "gpu_arch_unsupported"),
    ("E1120 11:10:27.133715 203020 transfer_task.cpp:305] Failed to complete transfers after 60 seconds for batch "
     "2586731328", "nccl_comm"),
    ("clip_init: failed to load model 'mmproj-obsidian-f16.gguf': load_hparams: unknown projector type: ", "model_config"),
    ('ValueError: Loading lora ["table_qc failed: No adapter found for /data/out/checkpoint-57"]', "model_access"),
    ("| tensorrt_llm | 1 | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState: "
     "[json.exception.out_of_range.403] key 'num_layers' not found |", "model_config"),
    ("requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://huggingface.co/x", "model_access"),
    # rounds 68-69
    ("failed to load 'mymodel' version 1: Internal: failed to stat file /tmp/foldert7APhn/1/model.onnx", "model_access"),
    ("modelscope.hub.errors.FileIntegrityError: File /root/.cache/modelscope/hub/x/model.safetensors integrity check "
     "failed, expected sha256 signature is 1, actual is 2", "model_access"),
    ("llama_model_load: error loading model: It is not possible to use split mode 'graph' with less than 2 devices",
     "model_config"),
    # rounds 70-71
    ("RuntimeError: Error in function 'TllmGenFmhaRunner' at /workspace/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:30: "
     "Unsupported architecture", "gpu_arch_unsupported"),
    ("ValueError: Unsupported architecture: FooForCausalLM", "model_config"),
])
def test_rounds_64_65_wordings(line, cls):
    found = lexicon.read(line)
    assert found is not None and found.cls == cls, found


@pytest.mark.parametrize("line", [
    "make: *** [Makefile:403: backend/cpp/llama/grpc-server] Error 2",
    "|                  |         | of_range.403] key-less cell",
])
def test_a_403_after_a_colon_or_dot_is_a_line_number_or_an_error_id_not_http(line):
    found = lexicon.read(line)
    assert found is None or found.cls != "model_access", found


@pytest.mark.parametrize("line", [
    "[W socket.cpp:601] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - Cannot assign requested address).",
    "[W1215 18:57:10.424580246 ProcessGroupNCCL.cpp:1524] Warning: WARNING: destroy_process_group() was not called",
])
def test_pytorchs_cpp_log_head_is_a_level(line):
    assert normalize.quiet(line)
    assert not normalize.quiet("[E socket.cpp:1] failed to bind")
