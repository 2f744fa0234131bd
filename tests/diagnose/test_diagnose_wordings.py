"""Wordings met in fresh rounds 72-87 and in the corpus's journald logs (each general: an engine's or a library's own message, with the
thread it was met in), read as the written labelling conventions say."""

from __future__ import annotations

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose.api import diagnose

# SGLang's scheduler quoting an exception, a chaining sentence, then a traceback cut before its exception
# (sgl-project/sglang#19573)
_SGLANG_QUOTED = (
    "[2026-02-28 15:04:30 TP0] Scheduler hit an exception: torch._dynamo.exc.Unsupported: Logger not "
    "supported for non-export cases.\n\n{chain}\n\nTraceback (most recent call last):\n"
    '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 3118, in run_scheduler_process\n'
    "    scheduler = Scheduler(\n"
    '  File "/sgl-workspace/sglang/python/sglang/srt/managers/tp_worker.py", line 247, in __init__\n'
    "    self._init_model_runner()\n")

# LLaMA-Factory's SGLang wrapper failing at import (hiyouga/LlamaFactory#7768), under two of its commands
_LLAMAFACTORY_IMPORT = (
    "Traceback (most recent call last):\n"
    '  File "/usr/local/bin/llamafactory-cli", line 8, in <module>\n'
    "    sys.exit(main())\n"
    '  File "/mnt/data/LLaMA-Factory/src/llamafactory/chat/sglang_engine.py", line 36, in <module>\n'
    "    from sglang.utils import launch_server_cmd, terminate_process, wait_for_server  # type: ignore\n"
    "ImportError: cannot import name 'launch_server_cmd' from 'sglang.utils' "
    "(/usr/local/lib/python3.10/dist-packages/sglang/utils.py)\n")

CASES = [
    pytest.param(  # nvidia-container-toolkit in CDI mode refusing docker --gpus; a poster's wrap (NVIDIA/xr-ai#249)
        "docker: Error response from daemon: ... error running prestart hook #0: ... Using requested mode 'cdi'\n"
        "invoking the NVIDIA Container Runtime Hook directly (e.g. specifying the docker --gpus flag) is not\n"
        "supported. Please use the NVIDIA Container Runtime (e.g. specify the --runtime=nvidia flag) instead\n",
        "failure", "no_gpu_visible", id="toolkit-hook-refuses-gpus-flag-wrapped"),
    pytest.param(  # transformers' pipeline given a device for a model Accelerate placed (SeldonIO/MLServer#1486, round 277)
        "The model has been loaded with `accelerate` and therefore cannot be moved to a specific device. Please discard "
        "the `device` argument when creating your pipeline object.\n",
        "failure", "model_config", id="pipeline-device-with-accelerate"),
    pytest.param(  # text-generation-webui's GPTQ flags on an unquantized model (oobabooga/text-generation-webui#1010)
        "Loading facebook_opt-350m...\nCould not find the quantized model in .pt or .safetensors format, exiting...\n",
        "failure", "model_config", id="gptq-flags-unquantized"),
    pytest.param(  # TorchServe's GPU count by nvidia-smi in a container without a GPU (pytorch/serve#2000)
        "java.lang.AssertionError: Unexpected nvidia-smi response.\n"
        "\tat org.pytorch.serve.util.ConfigManager.getAvailableGpu(ConfigManager.java:740)\n",
        "failure", "no_gpu_visible", id="torchserve-nvidia-smi-probe"),
    pytest.param(  # a vocoder's local config.yaml missing (jianchang512/f5-tts-api#5)
        "Load vocos from local path ./checkpoints/vocos-mel-24khz\n"
        "ERROR:__main__:Error generating audio: [Errno 2] No such file or directory: "
        "'./checkpoints/vocos-mel-24khz/config.yaml'\n",
        "failure", "model_access", id="model-config-yaml-missing"),
    pytest.param(  # KoboldCpp's settings line alone: its start under way (LostRuins/koboldcpp#766)
        "[Threads: 2, BlasThreads: 2, SmartContext: False, ContextShift: True]\n",
        "incomplete", None, id="koboldcpp-settings-line"),
    pytest.param(  # a Node.js WebSocket client's error (SillyTavern/SillyTavern#151)
        "Error: Unexpected server response: 301\n"
        "    at ClientRequest.<anonymous> (C:\\SD\\SillyTavern\\node_modules\\ws\\lib\\websocket.js:888:7)\n"
        "    at ClientRequest.emit (node:events:513:28)\n",
        "not_a_server_log", None, id="node-ws-client"),
    pytest.param(  # AReaL's realhf training workers, a traceback cut before its exception (areal-project/AReaL#115)
        '  File "/opt/ray/_ray_pkg_50bf/realhf/system/model_worker.py", line 238, in __lazy_setup\n'
        "    self.__stream = request_reply_stream.make_worker_stream(\n"
        '  File "/opt/ray/_ray_pkg_50bf/realhf/system/request_reply_stream.py", line 371, in __init__\n'
        "    raise e\n",
        "not_a_server_log", None, id="realhf-training-worker"),
    pytest.param(  # TGI finding no weight files in its model directory (philschmid/sagemaker-huggingface-llama-2-samples#9)
        "FileNotFoundError: No local weights found in /opt/ml/model with extension .bin\n",
        "failure", "model_access", id="tgi-no-local-weights"),
    pytest.param(  # TEI's backend refusing an architecture, as a JSON-escaped string (aws/sagemaker-python-sdk#5279)
        '"Could not start Candle backend: Could not start backend: Model is not supported\\n\\nCaused by:\\n    '
        'unknown variant `gemma3_text`, expected one of `bert`, `xlm-roberta`"\n',
        "failure", "model_config", id="tei-model-not-supported-escaped"),
    pytest.param(  # TensorRT's allocation failing, CUDA error 2 (triton-inference-server/server#145)
        "I0311 14:15:13.697682 1 logging.cc:49] Deserialize required 66238 microseconds.\n"
        "E0311 14:15:13.700653 1 logging.cc:43] runtime.cpp (24) - Cuda Error in allocate: 2\n"
        "terminate called after throwing an instance of 'nvinfer1::CudaError'\n  what():  std::exception\n",
        "failure", "oom_weights", id="tensorrt-allocate-2"),
    pytest.param(  # a curl's 500 body relaying diffusers' configuration not fetched (mudler/LocalAI#1976)
        "~$ curl http://localhost:8080/v1/images/generations -d '{\"prompt\": \"boy\"}'\n"
        '{"error":{"code":500,"message":"could not load model (no success): Unexpected err=ValueError(\\"With '
        "local_files_only set to False, you must first locally save the configuration in the following path: "
        "'openai/clip-vit-large-patch14'.\\\")\",\"type\":\"\"}}\n",
        "failure", "model_access", id="relayed-diffusers-config-not-fetched"),
    pytest.param(  # the Stable Diffusion web UI loading its checkpoint, cut there (AbdBarho/stable-diffusion-webui-docker#64)
        "webui-1  | Loading model [7460a6fa] from /stable-diffusion-webui/models/model.ckpt\n"
        "webui-1  | LatentDiffusion: Running in eps-prediction mode\n"
        "webui-1  | DiffusionWrapper has 859.52 M params.\n",
        "incomplete", None, id="sd-webui-model-loading"),
    pytest.param(  # jetson-containers building an image (dusty-nv/jetson-containers#785)
        '  File "/opt/jetson-containers/jetson_containers/build.py", line 112, in <module>\n'
        "    build_container(args.name, args.packages)\n"
        "subprocess.CalledProcessError: Command 'docker build -t ollama:r36.4.3 .' returned non-zero exit status 1.\n",
        "not_a_server_log", "other", id="jetson-containers-build"),
    pytest.param(  # a Slurm step running a check in a pyxis container (NVIDIA/pyxis#42)
        "$ srun  --container-image=/home/user/ubuntu.sqsh --container-name=ubuntu3 grep PRETTY_NAME /etc/os-release\n"
        "slurmstepd: error: pyxis: child 2390 failed with error code: 1\n"
        "slurmstepd: error: pyxis: failed to create container filesystem\n",
        "not_a_server_log", "other", id="srun-container-check"),
    pytest.param(  # the GPU Operator's driver container failing to install the driver (NVIDIA/gpu-operator#8)
        "========== NVIDIA Software Installer ==========\nInstalling NVIDIA driver kernel modules...\n"
        "ERROR: Unable to load the kernel module 'nvidia.ko'.\n",
        "not_a_server_log", "no_gpu_visible", id="driver-container"),
    pytest.param(  # a TensorRT engine's plugin library not loaded (triton-inference-server/server#4365)
        "E0511 04:09:08.012667 52 logging.cc:43] 1: [pluginV2Runner.cpp::load::290] Error Code 1: Serialization "
        "(Serialization assertion creator failed.Cannot deserialize plugin since corresponding IPluginCreator not found "
        "in Plugin Registry)\n",
        "failure", "other", id="tensorrt-plugin-missing"),
    pytest.param(  # dynamo-run started without its model flags (ai-dynamo/dynamo#101, round 276)
        "$ dynamo-run in=http out=echo_full\n"
        "2025-03-11T22:20:58.314062Z ERROR dynamo_runtime::worker: Application shutdown with error: Pass --model-name or "
        "--model-path so we know which model to imitate\n",
        "failure", "model_config", id="pass-one-of-two-flags"),
    pytest.param(  # a Go server's flag parser (llm-d/llm-d-inference-sim#96)
        'I0715 15:49:45.773832       1 cmd.go:36] "Start vllm simulator"\nunknown flag: --lora-modules\n'
        "Usage of llm-d-inference-sim flags:\n      --lora string                List of LoRA adapters\n",
        "failure", "model_config", id="go-unknown-flag"),
    pytest.param(  # NIM's vLLM profile (NVIDIA/nim-deploy#60)
        '[rank0]:     raise ValueError(f"Unknown RoPE scaling type {scaling_type}")\n'
        "[rank0]: ValueError: Unknown RoPE scaling type extended\n",
        "failure", "model_config", id="unknown-rope-scaling"),
    pytest.param(  # NCCL's init.cc at WARN, then the engine child's death seen by its parent (huggingface/trl#3310)
        "node:2353883:2353883 [0] init.cc:943 NCCL WARN Duplicate GPU detected : rank 2 and rank 0 both on CUDA device f000\n"
        "ERROR:    Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.11/multiprocessing/connection.py", line 399, in _recv\n'
        "    raise EOFError\nEOFError\n\nERROR:    Application startup failed. Exiting.\n",
        "failure", "nccl_comm", id="nccl-duplicate-gpu"),
    pytest.param(  # llamafile's llama.cpp (mozilla-ai/llamafile#440)
        "import_cuda_impl: initializing gpu module...\n"
        "warning: --n-gpu-layers 2147483647 was passed but no GPUs were found; falling back to CPU inference\n",
        "failure", "no_gpu_visible", id="gpu-layers-but-no-gpu"),
    pytest.param(  # Triton's MLIR message and the fused-MoE default config: both harmless (sgl-project/sglang#3667, PR #4058)
        'loc("/sgl/python/sglang/srt/layers/attention/triton_ops/decode_attention.py":310:16): error: operation scheduled before its operands\n'
        "[2025-02-18 09:50:33 DP0 TP0] Using default MoE config. Performance might be sub-optimal! Config file not found at "
        "/sgl/configs/E=256,N=1024,device_name=NVIDIA_H20.json\n",
        "incomplete", None, id="benign-triton-and-moe-config"),
    pytest.param(  # LM Studio's server (lmstudio-ai/lms#44)
        "[2024-06-27 22:41:21.620] [INFO] [LM STUDIO SERVER] Verbose server logs are ENABLED\n"
        "[2024-06-27 22:41:21.641] [INFO] [LM STUDIO SERVER] Success! HTTP server listening on port 11435\n",
        "no_failure", None, id="lmstudio-listening"),
    pytest.param(  # vLLM V0's LoRA check (QwenLM/Qwen2.5-Omni#302)
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/worker/model_runner.py", line 1240, in load_model\n'
        "    assert supports_lora(\n"
        "AssertionError: Qwen2_5OmniThinkerForConditionalGeneration does not support LoRA yet.\n",
        "failure", "model_config", id="model-without-lora"),
    pytest.param(  # vLLM's encoder budget (vllm-project/recipes#441)
        '  File "/venv/lib/python3.12/site-packages/vllm/v1/core/encoder_cache_manager.py", line 302, in compute_mm_encoder_budget\n'
        "    raise ValueError(\n"
        "ValueError: Chunked MM input disabled but max_tokens_per_mm_item (2496) is larger than max_num_batched_tokens (2048). "
        "Please increase max_num_batched_tokens.\n",
        "failure", "model_config", id="please-increase-an-engine-argument"),
    pytest.param(  # the hub's refusal that NIM logs at INFO before its own profile error (NVIDIA/nim-deploy#178)
        "INFO 2025-12-10 10:45:18.478 inference.py:363] CustomProfileSelector not able to find the profile: Permission error: "
        "The requested operation requires permissions that the user does not have. This may be due to the user not being a "
        "member of the organization that owns the repo.\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/nimlib/nim_sdk.py", line 124, in __init__\n'
        "    raise NIMProfileIDNotFound(\n"
        "nimlib.exceptions.NIMProfileIDNotFound: Could not match a profile in manifest at /opt/nim/etc/default/model_manifest.yaml\n",
        "failure", "model_access", id="hub-permission-at-info"),
    pytest.param(  # FlashInfer's package check (vllm-project/vllm#49804)
        "flashinfer-cubin version (0.6.13) does not match flashinfer version (0.6.14). Please install the same version of "
        "both packages. Set FLASHINFER_DISABLE_VERSION_CHECK=1 to bypass this check.\n",
        "failure", "other", id="flashinfer-package-mismatch"),
    pytest.param(  # TGI's gRPC interceptor for any method, its traceback cut (huggingface/text-generation-inference#2083)
        "2024-06-17T14:22:01.460404Z  INFO text_generation_router: router/src/main.rs:354: Setting max batch total tokens to 42768\n"
        "2024-06-17T14:22:46.490042Z ERROR text_generation_launcher: Method Prefill encountered an error.\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/bin/text-generation-server", line 8, in <module>\n    sys.exit(app())\n',
        "incomplete", None, id="tgi-method-wrapper-cut"),
    pytest.param(  # Triton's bare model_lifecycle line after the line with the reason, that line cut (triton-inference-server/server#8274)
        "I0630 13:25:31.365075 1 model_lifecycle.cc:789] \"failed to load 'falcon7b'\"\n"
        "I0630 13:25:31.365135 1 server.cc:604] \n+------------------+------+\n| Repository Agent | Path |\n",
        "incomplete", None, id="triton-bare-failed-to-load"),
    pytest.param(  # a Nix package build of a llama.cpp-based server (AtaraxiaSjel/nur#12): its compiler and make lines name the engine
        "g++ -I. -I./common -O3 -DNDEBUG -std=c++11 -fPIC ggml_v3-cuda.o koboldcpp_cublas.o -o koboldcpp_cublas.so -lcuda\n"
        "/nix/store/j2y0-binutils-2.41/bin/ld: cannot find -lcuda: No such file or directory\n"
        "collect2: error: ld returned 1 exit status\n"
        "make: *** [Makefile:575: koboldcpp_cublas] Error 1\n"
        "error: builder for '/nix/store/ilyl-koboldcpp-libs-1.61.2.drv' failed with exit code 2\n",
        "not_a_server_log", None, id="package-build-output"),
    pytest.param(  # Xinference's worker wrapper before the engine's traceback, cut (xorbitsai/inference#3020)
        "2025-04-01 17:09:25,120 xinference.core.worker 140 ERROR    Failed to load model qwen2.5-instruct-0\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.10/dist-packages/xinference/core/worker.py", line 911, in launch_builtin_model\n',
        "incomplete", None, id="xinference-wrapper-cut"),
    pytest.param(  # docker pulling Ollama's image, then Ollama's first line, then cut (ollama/ollama#14287)
        "Unable to find image 'ollama/ollama:0.12.3' locally\n0.12.3: Pulling from ollama/ollama\n"
        "Status: Downloaded newer image for ollama/ollama:0.12.3\n"
        "Couldn't find '/root/.ollama/id_ed25519'. Generating new private key.\nYour new public key is: \n",
        "incomplete", None, id="ollama-first-start-cut"),
    pytest.param(  # vLLM's argument check naming the valid values (spark-arena/recipe-registry#23)
        "(APIServer pid=74)   Value error, Unknown attention backend: 'B12X_MLA_SPARSE'. Valid options are: FLASH_ATTN, "
        "TRITON_ATTN, FLASHINFER [type=value_error, input_value=ArgsKwargs((), {}), input_type=ArgsKwargs]\n",
        "failure", "model_config", id="unknown-backend-valid-options"),
    pytest.param(  # DJL Serving's combined listener, bound after its workers are READY (deepjavalibrary/djl-serving#2859)
        "INFO  WorkerThread Starting worker thread WT-0001 for model mymodel (M-0001, READY) on device gpu(0)\n"
        "INFO  ModelServer Initialize BOTH server with: EpollServerSocketChannel.\n"
        "INFO  ModelServer BOTH API bind to: http://0.0.0.0:8080\n",
        "no_failure", None, id="djl-serving-bound"),
    pytest.param(  # vLLM's MoE backend check, the backend's name quoted (flashinfer-ai/flashinfer#3486)
        "ValueError: NvFp4 MoE backend 'FLASHINFER_CUTLASS' does not support the deployment configuration since "
        "kernel does not support MoEActivation.SWIGLUSTEP activation.\n",
        "failure", "model_config", id="quoted-backend-does-not-support"),
    pytest.param(  # Ollama's scheduler wrappers under journald, the runner's own lines not posted (ollama/ollama#14124)
        'Feb 06 21:58:06 spark ollama[29713]: time=2026-02-06T21:58:06.290+01:00 level=ERROR source=server.go:1204 '
        'msg="do load request" error="Post \\"http://127.0.0.1:40947/load\\": dial tcp 127.0.0.1:40947: connect: connection refused"\n'
        'Feb 06 21:58:06 spark ollama[29713]: time=2026-02-06T21:58:06.378+01:00 level=ERROR source=server.go:303 '
        'msg="llama runner terminated" error="exit status 2"\n',
        "incomplete", None, id="ollama-scheduler-wrappers-only"),
    pytest.param(  # llama-server's own lines without a level letter, read from journald (ggml-org/llama.cpp#24100)
        "Jun 03 17:36:52 gpu-7 llama-server[1331]: srv    load_model: loading model '/models/m-Q8_0.gguf'\n",
        "incomplete", None, id="llama-server-srv-lines-under-journald"),
    pytest.param(  # ggml's abort at a source line, then gdb's backtrace (ggml-org/llama.cpp#24100, ggml.c's GGML_ABORT)
        "0.00.802.665 I srv    load_model: loading model '/models/m-Q8_0.gguf'\n"
        "/src/llama.cpp/ggml/src/ggml-backend.cpp:179: GGML_ASSERT(buffer) failed\n[New LWP 1332389]\n",
        "failure", "other", id="ggml-abort-at-a-source-line"),
    pytest.param(  # older systemd's unit lines, journalctl's head taken off (ollama/ollama#6248)
        "Aug 08 09:02:33 master systemd[1]: Started Ollama Service.\n"
        "Aug 08 09:02:33 master systemd[1]: ollama.service: main process exited, code=exited, status=127/n/a\n"
        "Aug 08 09:02:33 master systemd[1]: Unit ollama.service entered failed state.\n",
        "failure", "other", id="systemd-unit-exited-under-journald"),
    pytest.param(  # vLLM's model registry, a remote-code architecture (vllm-project/vllm#16244)
        "vllm serve org/lite-asr --trust-remote-code\n"
        "ValueError: LiteAsrForConditionalGeneration has no vLLM implementation and the Transformers implementation "
        "is not compatible with vLLM. Try setting VLLM_USE_V1=0.\n",
        "failure", "model_config", id="architecture-without-vllm-implementation"),
    pytest.param(  # an embedding model asked to rerank, the server's error body relayed (michaelfeil/infinity#106)
        '   "message": "InternalServerError: the loaded model cannot fulfill `rerank`. options are {\'embed\'}",\n',
        "failure", "model_config", id="model-cannot-do-the-task"),
    pytest.param(  # Jan's app log relaying llama.cpp's stderr at Error, loading still going (janhq/jan#2586)
        "2024-04-02T17:16:09.600Z [NITRO]::Debug: Spawning Nitro subprocess...\n"
        "2024-04-02T17:16:09.700Z [NITRO]::Error: llm_load_tensors: offloading 22 repeating layers to GPU\n"
        "2024-04-02T17:16:09.715Z [NITRO]::Error: .\n2024-04-02T17:16:09.724Z [NITRO]::Error: .\n",
        "incomplete", None, id="jan-relays-stderr-at-error"),
    pytest.param(  # llama.cpp's mlock warning, loading goes on (xorbitsai/inference#3345; src/llama-mmap.cpp)
        "load_tensors: loading model tensors, this can take a while... (mmap = false)\n"
        "warning: failed to mlock 827228160-byte buffer (after previously locking 0 bytes): Cannot allocate memory\n"
        "Try increasing RLIMIT_MEMLOCK ('ulimit -l' as root).\n"
        "load_tensors: offloaded 65/65 layers to GPU\n",
        "incomplete", None, id="llamacpp-mlock-warning"),
    pytest.param(  # the loader refusing a server binary built for a newer glibc (ollama/ollama#11319)
        "/usr/local/bin/ollama: /lib64/libm.so.6: version `GLIBC_2.27' not found (required by /usr/local/bin/ollama)\n",
        "failure", "other", id="server-binary-needs-newer-glibc"),
    pytest.param(  # Ray's head dropping a worker node (ray-project/ray#45179)
        "INFO worker.py:1740 -- Connected to Ray cluster. View the dashboard at http://127.0.0.1:8265\n"
        "(raylet) The node with node id: 0f21 and address: 10.0.0.51 and node name: 10.0.0.51 has been marked dead "
        "because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes "
        "unexpectedly (OOM, preempted node, etc.)\n",
        "failure", "nccl_comm", id="ray-node-marked-dead"),
    pytest.param(  # GPUStack's server up (gpustack/gpustack#782)
        "2024-12-13T11:02:39+08:00 - gpustack.server.server - INFO - Running database migration.\n"
        "2024-12-13T11:02:40+08:00 - gpustack.server.server - INFO - Serving on 0.0.0.0:6006.\n",
        "no_failure", None, id="gpustack-serving"),
    pytest.param(  # ggml's CUDA initialisation with a reason no signature names, on Jetson (ollama/ollama#18067)
        "ggml_cuda_init: failed to initialize CUDA: operation not supported\n"
        "load_backend: loaded CPU backend from /opt/ollama/build/lib/ollama/libggml-cpu.so\n",
        "failure", "no_gpu_visible", id="ggml-cuda-init-failed"),
    pytest.param(  # CUDA's driver API out of memory in SGLang's memory saver (zhaochenyang20/Awesome-ML-SYS-Tutorial#106)
        "[torch_memory_saver.cpp] CUresult error  result=2 file=csrc/torch_memory_saver.cpp func=cu_mem_create line=103\n",
        "failure", "oom_weights", id="curesult-2-in-cumemcreate"),
    pytest.param(  # a loader's failover between its strategies, then loading (ai-dynamo/modelexpress#414)
        "[2026-06-03 12:06:03] [Worker 0] Strategy rdma failed, trying next: No RDMA source available\n"
        "[2026-06-03 12:06:24] Multi-thread loading shards:   0% Completed | 0/46 [00:00<?, ?it/s]\n",
        "incomplete", None, id="loader-tries-next-strategy"),
    pytest.param(  # SGLang's router waiting on workers still compiling (sgl-project/sglang#4208)
        "[Router (Rust)] 2025-03-08 02:33:09 - INFO - Worker http://0.0.0.0:31000 health check is pending with error: "
        "error sending request for url (http://0.0.0.0:31000/health)\n",
        "incomplete", None, id="sgl-router-health-pending"),
    pytest.param(  # Ollama's GPU discovery runner timing out, logged at INFO (ollama/ollama#17069)
        'time=2026-07-17T15:58:04.270Z level=INFO source=runner.go:522 msg="failure during llama-server GPU discovery" '
        'OLLAMA_LIBRARY_PATH="[/usr/lib/ollama /usr/lib/ollama/cuda_v13]" error="context deadline exceeded"\n'
        'time=2026-07-17T15:58:04.270Z level=DEBUG source=runner.go:131 msg="evaluating which, if any, devices to filter out" initial_count=0\n',
        "failure", "no_gpu_visible", id="ollama-gpu-discovery-failed"),
    pytest.param(  # vLLM's GGUF loader refusing tensor parallelism, from Ray workers (vllm-project/vllm#7662)
        "(RayWorkerWrapper pid=11033) ERROR 08-19 16:07:35 worker_base.py:438] ValueError: GGUF quantization hasn't "
        "supported tensor parallelism yet. [repeated 2x across cluster]\n",
        "failure", "model_config", id="quantization-has-not-supported"),
    pytest.param(  # a checkpoint the host cannot map while loading (vllm-project/vllm#759)
        "ERROR 06-02 09:39:03 [core.py:396] RuntimeError: unable to mmap 16933256392 bytes from file "
        "</root/.cache/huggingface/hub/models--org--m/snapshots/9b53/model.safetensors>:\n",
        "failure", "oom_weights", id="host-cannot-map-checkpoint"),
    pytest.param(  # LoRAX, TGI's fork, connected under docker's time (predibase/lorax#175)
        "2024-01-11T05:10:16.760325207Z 2024-01-11T05:10:16.759939Z  INFO lorax_router: router/src/main.rs:253: Connected\n"
        "2024-01-11T05:10:16.760331121Z 2024-01-11T05:10:16.759945Z  WARN lorax_router: router/src/main.rs:258: "
        "Invalid hostname, defaulting to 0.0.0.0\n",
        "no_failure", None, id="lorax-router-connected"),
    pytest.param(  # the first chat request answered 500 after the start, the log cut before why (sgl-project/sglang#2431)
        "[2024-12-10 21:23:39] INFO:     Application startup complete.\n"
        "[2024-12-10 21:23:40] The server is fired up and ready to roll!\n"
        '[2024-12-10 21:23:44] INFO:     127.0.0.1:37648 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error\n',
        "incomplete", None, id="ends-at-a-request-answered-500"),
    pytest.param(  # llama-server answers /health 503 while the model loads (ggml-org/llama.cpp#15664)
        "main: HTTP server is listening, hostname: 0.0.0.0, port: 5807, http threads: 3\nmain: loading model\n"
        "srv  log_server_r: request: GET /health 127.0.0.1 503\n"
        "llama_model_loader: loaded meta data with 36 key-value pairs and 255 tensors from /m.gguf (version GGUF V3 (latest))\n",
        "incomplete", None, id="llama-server-health-503-while-loading"),
    pytest.param(  # Ollama's load cancelled by its client (ollama/ollama#4693)
        'time=2024-05-31T12:57:23.390-07:00 level=WARN source=server.go:533 msg="client connection closed before server '
        'finished loading, aborting load"\n'
        'time=2024-05-31T12:57:23.391-07:00 level=ERROR source=sched.go:344 msg="error loading llama server" '
        'error="timed out waiting for llama runner to start: context canceled"\n',
        "incomplete", None, id="ollama-load-cancelled-by-client"),
    pytest.param(  # LM Studio's server lines (lmstudio-ai/lmstudio.js#25)
        "[2024-05-17 23:21:12.539] [INFO] [LM STUDIO SERVER] Stopping server..\n"
        "[2024-05-17 23:21:12.540] [INFO] [LM STUDIO SERVER] Server stopped\n",
        "incomplete", None, id="lmstudio-server-lines"),
    # round 84
    pytest.param(  # a segfault inside UCX under NIXL: the frames below UCX's signal handler (ai-dynamo/dynamo#350)
        "INFO 04-02 02:15:59 nixl.py:38] Initializing NIXL wrapper\n"
        "[host:23812:0:23812] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x70)\n"
        "==== backtrace (tid:  23812) ====\n"
        " 0  /usr/lib/libucs.so.0(ucs_handle_error+0x304) [0x7f12f404f074]\n"
        " 1  /usr/lib/libucs.so.0(+0x3c274) [0x7f12f404f274]\n"
        " 2  /usr/lib/libucs.so.0(+0x3c4b8) [0x7f12f404f4b8]\n"
        " 3  /lib/x86_64-linux-gnu/libc.so.6(+0x45330) [0x7f1700ee0330]\n"
        " 4  /usr/lib/libucp.so.0(ucp_worker_query+0x39) [0x7f12e45d9829]\n",
        "failure", "nccl_comm", id="segfault-inside-ucx"),
    pytest.param(  # UCX's handler catches every segfault of the process: its own frames name no culprit (HAMi, vllm-project/vllm#1219 in round 71)
        "INFO 04-02 02:15:59 ray_utils.py:38] Initializing Ray\n"
        "[host:1062 :0:1062] Caught signal 11 (Segmentation fault: address not mapped to object at address (nil))\n"
        "==== backtrace (tid:   1062) ====\n"
        " 0  /opt/hpcx/ucx/lib/libucs.so.0(ucs_handle_error+0x2e4) [0x7fb7980a2654]\n"
        " 1  /opt/hpcx/ucx/lib/libucs.so.0(+0x3680c) [0x7fb7980a280c]\n",
        "failure", "other", id="segfault-caught-by-ucx-handler-only"),
    pytest.param(  # UCX cannot open a transport on an eRDMA NIC (ai-dynamo/dynamo#350)
        "INFO 04-02 02:15:59 nixl.py:38] Initializing NIXL wrapper\n"
        "[1743560160.063372] [host:23812:0]      ucp_worker.c:1413 UCX  ERROR uct_iface_open(ud_verbs/erdma_0:1) failed: Input/output error\n",
        "failure", "nccl_comm", id="ucx-iface-open-failed"),
    pytest.param(  # NIXL's GPUNetIO backend cannot register VRAM (ai-dynamo/nixl#987)
        "[2025-11-04 06:35:19 TP3] Load weight end. type=Qwen3ForCausalLM\n"
        "E1104 06:35:19.118512 2368741 nixl_agent.cpp:473] registerMem: registration failed for the specified or all potential backends\n",
        "failure", "nccl_comm", id="nixl-register-memory-failed"),
    pytest.param(  # Open MPI direct-launched by srun without Slurm's PMI (ai-dynamo/dynamo#5948)
        'The application appears to have been direct launched using "srun",\n'
        "but OMPI was not built with SLURM's PMI support and therefore cannot execute.\n",
        "failure", "nccl_comm", id="ompi-without-slurm-pmi"),
    pytest.param(  # an arbitrary UID with HOME=/ on OpenShift (llm-d/llm-d#1430)
        "(EngineCore pid=84) PermissionError: [Errno 13] Permission denied: '/.config'\n"
        "(EngineCore pid=84) torch._inductor.exc.InductorError: PermissionError: [Errno 13] Permission denied: '/.triton'\n"
        "(EngineCore pid=84) ERROR 05-01 12:00:01 [core.py:700] EngineCore failed to start.\n",
        "failure", "other", id="home-is-root-dir"),
    pytest.param(  # a tritonserver built without ensembles (triton-inference-server/server#6338)
        "I0921 00:26:07.600000 12886 server.cc:563] TRITONBACKEND_Initialize: onnxruntime\n"
        "E0921 00:26:07.620347 12886 model_repository_manager.cc:1307] Poll failed for model directory 'pipeline': "
        "unexpected platform type 'ensemble' for pipeline\n",
        "failure", "other", id="triton-platform-not-built"),
    pytest.param(  # vLLM's Ray executor, its placement group short of GPUs, logged at WARNING (vllm-project/vllm#14997)
        "2025-03-18 11:21:32,958 INFO worker.py:1812 -- Connected to Ray cluster. View the dashboard at 127.0.0.1:8265\n"
        "WARNING 03-18 11:21:32 ray_utils.py:320] The number of required GPUs exceeds the total number of available GPUs "
        "in the placement group.\n",
        "failure", "no_gpu_visible", id="vllm-placement-group-short-of-gpus"),
    pytest.param(  # llama-box, GPUStack's llama.cpp server (gpustack/gpustack#2556)
        "[2025-07-21 06:52:38.758083] I srv                     start: starting\n"
        "[2025-07-21 06:52:38.758084] I srv                     start: listening host = 0.0.0.0, port = 40006\n"
        "[2025-07-21 06:52:38.758084] I srv                     start: server is ready\n",
        "no_failure", None, id="llama-box-ready"),
    # round 85
    pytest.param(  # TensorRT-LLM's FP4 GEMM on a Hopper GPU (NVIDIA/TensorRT-LLM#12558)
        "[rank0]: RuntimeError: [TensorRT LLM Error][CutlassFp4GemmRunner][GEMM Dispatch] Arch unsupported for CUTLASS FP4 GEMM\n",
        "failure", "gpu_arch_unsupported", id="cutlass-fp4-gemm-arch"),
    pytest.param(  # speculative decoding's reserve leaves vLLM's scheduler no token (vllm-project/vllm#50708)
        "max_num_scheduled_tokens is set to -1792, which does not allow any tokens to be scheduled\n",
        "failure", "model_config", id="no-tokens-schedulable"),
    pytest.param(  # SGLang's own note before Triton's harmless MLIR message (sgl-project/sglang#3508)
        "[2025-02-12 03:17:56 TP0] Memory pool end. avail mem=1.64 GB\n"
        "[2025-02-12 03:17:56 TP0] The following error message 'operation scheduled before its operands' can be ignored.\n"
        "[2025-02-12 03:17:56 TP0] max_total_num_tokens=413096, max_prefill_tokens=16384, max_running_requests=4097\n",
        "incomplete", None, id="sglang-ignorable-note"),
    pytest.param(  # nvidia-smi run in a container shell (RIDE-Lab/SAGE#185): a GPU tool's output, its failure named
        "root@239f910629d5:/workspace# nvidia-smi\nFailed to initialize NVML: Unknown Error\n",
        "not_a_server_log", "no_gpu_visible", id="nvidia-smi-in-a-shell"),
    # round 86
    pytest.param(  # llama.cpp's row split and a model whose graph needs views of split tensors (LostRuins/koboldcpp#1047)
        "ggml_cuda_init: found 2 CUDA devices:\n"
        "D:\\a\\koboldcpp\\koboldcpp\\ggml\\src\\ggml-cuda.cu:728: GGML_ASSERT(tensor->view_src == nullptr) failed\n",
        "failure", "model_config", id="ggml-row-split-view"),
    pytest.param(  # the same limit met at the first prompt, a broadcast (ggml-org/llama.cpp#21404)
        "/home/u/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:1558: GGML_ASSERT(!(split && ne02 < ne12)) failed\n",
        "failure", "model_config", id="ggml-row-split-broadcast"),
    pytest.param(  # ik_llama.cpp refusing a DeepSeek-architecture GGUF it cannot adapt (ikawrakow/ik_llama.cpp#1200)
        "llama_model_loader: - kv   0: general.architecture str = deepseek2\n"
        "Detected incompatible DeepSeek model without a known way to fixc it.\n"
        "Sorry, uknown model => cannot fix it => bailing out\n",
        "failure", "model_config", id="ik-llama-unknown-variant"),
    pytest.param(  # llama.cpp with no GPU backend registered (JamePeng/llama-cpp-python#145)
        "llama_prepare_model_devices: invalid value for main_gpu: 0 (available devices: 0)\n"
        "llama_model_load_from_file_impl: failed to load model\n",
        "failure", "no_gpu_visible", id="llama-no-device-for-main-gpu"),
    pytest.param(  # a Ray actor whose worker's Python lacks the engine (gpustack/gpustack#2415)
        "(TemporaryActor pid=1495807) No module named 'vllm'\n"
        "(TemporaryActor pid=1495807) Traceback (most recent call last):\n",
        "failure", "other", id="ray-actor-no-module"),
    pytest.param(  # RunPod's serverless log: its worker died, why is not in the lines (runpod-workers/worker-vllm#199)
        "0s0n9esxgd0u45[info]INFO 07-23 16:43:20 [async_llm_engine.py:210] Added request 1.\n"
        "0s0n9esxgd0u45[error]worker exited with exit code 136\n",
        "incomplete", None, id="runpod-worker-exited"),
    pytest.param(  # SkyPilot's CLI relaying its API server's traceback (skypilot-org/skypilot#7176)
        "D 09-13 23:20:09 sdk.py:1851] Got request with error: sky.serve.status\n"
        "E 09-13 23:20:09 sdk.py:1863] === Traceback on SkyPilot API Server ===\n"
        "E 09-13 23:20:09 sdk.py:1863] Traceback (most recent call last):\n"
        'E 09-13 23:20:09 sdk.py:1863]   File "/x/sky/serve/server/impl.py", line 688, in status\n'
        "E 09-13 23:20:09 sdk.py:1863] sky.exceptions.CommandError: Command python3 -u -c 'from sky.serve import x' failed with return code 1.\n"
        "E 09-13 23:20:09 sdk.py:1863] Failed to fetch services\n",
        "not_a_server_log", None, id="skypilot-cli"),
    pytest.param(  # KTransformers' SGLang fork's wording of the default MoE config note (kvcache-ai/ktransformers#1628)
        "[2025-11-18 17:46:27] Using default MoE kernel config. Performance might be sub-optimal! Config file not found at /x.json\n"
        "[2025-11-18 17:46:27] Load weight end. type=DeepseekV3ForCausalLM\n",
        "incomplete", None, id="moe-kernel-config-note"),
    # round 87
    pytest.param(  # a CPU-only CTranslate2 wheel in a CUDA image (speaches-ai/speaches#620)
        "ValueError: This CTranslate2 package was not compiled with CUDA support\n",
        "failure", "no_gpu_visible", id="ctranslate2-without-cuda"),
    pytest.param(  # TensorRT-LLM's FP8 block-scale GEMM on a B200 (NVIDIA/TensorRT-LLM#5064)
        "[06/10/2025-02:50:21] [TRT-LLM] [E] Failed to initialize executor on rank 0: fp8 blockscale gemm only support "
        "Hopper. (/src/tensorrt_llm/cpp/tensorrt_llm/kernels/cutlass_kernels/fp8_blockscale_gemm/fp8_blockscale_gemm.cu:175)\n",
        "failure", "gpu_arch_unsupported", id="gemm-only-supports-hopper"),
    pytest.param(  # vLLM-Omni without the model's class (vllm-project/vllm-omni#4726)
        '  File "/ws/repos/vllm-omni/vllm_omni/diffusion/registry.py", line 402, in initialize_model\n'
        "ValueError: Model class BailingMMNativeForConditionalGeneration not found in diffusion model registry.\n",
        "failure", "model_config", id="model-class-not-in-registry"),
    pytest.param(  # vLLM dumping a failed execution's inputs at WARNING (xorbitsai/inference#3454)
        "INFO 05-15 15:12:09 model_runner_base.py:120] Writing input of failed execution to /tmp/err.pkl...\n"
        "WARNING 05-15 15:12:09 model_runner_base.py:143] Failed to pickle inputs of failed execution: CUDA error: unspecified launch failure\n",
        "failure", "other", id="vllm-failed-execution-dump"),
    pytest.param(  # Kubernetes' exitCode / kubectl describe's "Exit Code" read as the signal they mean (kserve/kserve PR 2290)
        "bert-v2-predictor-00003-deployment-7d97bb994c-mvllp     0/2     CrashLoopBackOff   6          10m\n"
        "      lastFailureInfo:\n        exitCode: 137\n",
        "incomplete", None, id="kubernetes-exit-code-137"),   # a kill names no sender (docs/eval/crash-relabelling.md)
    # before round 89: a review of the corpus's misses
    pytest.param(  # PaddlePaddle FastDeploy pointing at its worker logs (PaddlePaddle/FastDeploy#1082 in the corpus)
        "ERROR    2025-08-01 13:47:52,704 3233322 engine.py[line:206] Failed to launch worker processes, check "
        "log/workerlog.* for more details.\n",
        "incomplete", None, id="check-worker-log-for-details"),
    pytest.param(  # Triton's last line when a model failed to load earlier (triton-inference-server/server#5661)
        "I0419 14:01:47.068138 1 server.cc:322] Timeout 30: Found 0 live models and 0 in-flight non-inference requests\n"
        "error: creating server: Internal - failed to load all models\n",
        "incomplete", None, id="triton-failed-to-load-all-models"),
    pytest.param(  # ONNX Runtime's arena out of memory in Triton's model table (triton-inference-server/server#5661)
        "| dolly_v1_6b_onnx | 1       | UNAVAILABLE: Internal: onnx runtime error 6: Exception during initialization: "
        "/workspace/onnxruntime/onnxruntime/core/framework/bfc_arena.cc:368 void* "
        "onnxruntime::BFCArena::AllocateRawInternal(size_t, bool) Failed to allocate memory for requested buffer of size 268435456 |\n"
        "error: creating server: Internal - failed to load all models\n",
        "failure", "oom_weights", id="onnxruntime-arena-oom"),
    # round 89
    pytest.param(  # LLVM's NVPTX back end without the instruction on a T4 (modular/modular#6653)
        "LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16\n",
        "failure", "gpu_arch_unsupported", id="llvm-nvvm-cannot-select"),
    pytest.param(  # PyTorch's allocator asserting on NVML where an OOM would be said, on a MIG slice (pytorch/pytorch#185240)
        "(EngineCore_0 pid=72) ERROR 08-25 09:42:24 [core.py:700] EngineCore failed to start.\n"
        "(EngineCore_0 pid=72) RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at "
        "\"/pytorch/c10/cuda/CUDACachingAllocator.cpp\":1016, please report a bug to PyTorch.\n",
        "failure", "oom_weights", id="nvml-assert-in-caching-allocator"),
    pytest.param(  # SGLang's decode side failing to fetch the KV cache, as a client received it (sgl-project/sglang#7338)
        '{"text":"","meta_info":{"id":"c564","finish_reason":{"type":"abort","message":"Decode transfer failed for '
        "request rank=0 decode_req.req.rid='c564' decode_req.req.bootstrap_room=217 with exception "
        "KVTransferError(bootstrap_room=217): Failed to get kvcache from prefill instance, it might be dead\"}}}\n",
        "failure", "nccl_comm", id="pd-decode-transfer-failed"),
    pytest.param(  # a launch argument reaching PyO3 as None (sgl-project/sglang#2796)
        "[Router (Python)] 2025-01-09 00:28:10 - ERROR - Error starting router: argument 'worker_urls': "
        "'NoneType' object cannot be converted to 'Sequence'\n",
        "failure", "model_config", id="argument-not-convertible"),
    pytest.param(  # a lone exception line, as people paste it, is read as an exception (InternLM/lmdeploy#2168)
        "KeyError: 'language_model.model.layers.0.feed_forward.w1.weight'\n",
        "failure", "model_config", id="lone-keyerror-weight-name"),
    pytest.param(  # ... while a Rust or Go CLI's "Error: X" is no Python exception line (huggingface/text-generation-inference#3168)
        "2024-07-19T00:21:56.330730Z  INFO text_generation_launcher: Trying to load a Peft model. It might take a while without feedback\n"
        "Error: DownloadError\n"
        "2024-07-19T00:21:56.997596Z ERROR download: text_generation_launcher: Download encountered an error: \n"
        "Traceback (most recent call last):\n\n"
        '  File "/opt/conda/lib/python3.10/site-packages/transformers/utils/hub.py", line 399, in cached_file\n'
        "    resolved_file = hf_hub_download(\n",
        "failure", "model_access", id="cli-error-prefix-is-no-exception"),
    pytest.param(  # a type-only rule does not override what the message names (NVIDIA/TensorRT-LLM#6717)
        "NotImplementedError: WFP4A16 MoE is unsupported on SM89.\n",
        "failure", "gpu_arch_unsupported", id="type-only-rule-yields-to-message"),
    pytest.param(  # Modular MAX's pipeline configuration: a server's start cut early (modular/modular#5496)
        "00:10:15.729 INFO: Pipeline Configuration (use --pretty-print-config to print full config)\n"
        "00:10:15.729 INFO:     model              : modularai/Llama-3.1-8B-Instruct-GGUF\n",
        "incomplete", None, id="max-serve-pipeline-config"),
    # round 90
    pytest.param(  # GKE Autopilot refusing a GPU request with no GPU type (substratusai/helm#8)
        'Error: admission webhook "warden-validating.common-webhooks.networking.gke.io" denied the request: GKE Warden '
        "rejected the request because it violates one or more constraints.\n"
        'Violations details: {"[denied by autogke-gpu-limitation]":["You must specify a GPU type with node selector '
        "'cloud.google.com/gke-accelerator' when GPU is requested on Autopilot workloads\"]}\n",
        "failure", "no_gpu_visible", id="gke-autopilot-gpu-selector"),
    pytest.param(  # a Rust hub client's HTTP status from the Hugging Face Hub (NVIDIA/srt-slurm#217)
        "HTTP status client error (416 Range Not Satisfiable) for url "
        "(https://huggingface.co/nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4/resolve/main/__init__.py)\n",
        "failure", "model_access", id="hub-http-status-rust"),
    pytest.param(  # TensorRT-LLM's disaggregation without its cache transceiver configured (ai-dynamo/dynamo#2278)
        "AssertionError: kv_cache_transceiver is disabled, please set 'cache_transceiver_config: backend:` in config "
        "file for disaggregated serving\n",
        "failure", "model_config", id="trtllm-cache-transceiver"),
    pytest.param(  # Docker Model Runner listening (docker/model-runner#969)
        "[docker-model-runner] 2026-06-13T16:24:12.674873015Z time=2026-06-13T16:24:12.674Z level=INFO "
        'msg="Listening on TCP port" port=12434\n'
        "[docker-model-runner] 2026-06-13T16:24:12.765029881Z time=2026-06-13T16:24:12.764Z level=INFO "
        'msg="installed llama-server" gpuSupport=true\n',
        "no_failure", None, id="docker-model-runner-listening"),
    pytest.param(  # diffusers loading a pipeline, then Ray Serve's app ready (ray-project/ray PR 58609)
        "Loading pipeline components...: 100%|##########| 7/7 [00:01<00:00,  6.99it/s]\n"
        "INFO 2025-11-13 16:39:06,834 serve 8174 -- Application 'default' is ready at http://127.0.0.1:8000/.\n",
        "no_failure", None, id="diffusers-pipeline-then-ray-serve-ready"),
    # round 91
    pytest.param(  # vLLM with no attention backend for the GPU's compute capability (vllm-project/vllm#45317)
        "ValueError: No valid attention backend found for cuda with AttentionSelectorConfig(head_size=576, "
        "dtype=torch.bfloat16, use_mla=True, use_sparse=True, ...). Reasons: {FLASH_ATTN_MLA: [sparse not "
        "supported, compute capability not supported], FLASHMLA: [compute capability not supported]}\n",
        "failure", "gpu_arch_unsupported", id="no-attention-backend-compute-capability"),
    pytest.param(  # vLLM's weight loader meeting a tensor its model class lacks (gpustack/gpustack#2170)
        "Error log: ValueError: There is no module or parameter named 'embed_tokens' in Qwen3ForCausalLM\n",
        "failure", "model_config", id="no-module-or-parameter-named"),
    pytest.param(  # llama.cpp's loader failing to read the model file (LostRuins/koboldcpp#2053)
        "llama_model_load: error loading model: read error: Input/output error\n"
        "llama_model_load_from_file_impl: failed to load model\n",
        "failure", "model_access", id="llamacpp-model-read-error"),
    pytest.param(  # torch's symmetric-memory rendezvous failing in a TP start (QwenLM/Qwen3-VL#2018)
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 430, in __init__\n'
        '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/_symmetric_memory/__init__.py", line 1711, in rendezvous\n'
        "    return _SymmetricMemory.rendezvous(tensor, group_name)\n"
        "RuntimeError: CUDA driver error: the operation cannot be performed in the present state\n",
        "failure", "nccl_comm", id="symmetric-memory-rendezvous"),
    pytest.param(  # NanoLLM's chat runner, its traceback cut (dusty-nv/jetson-containers#1420)
        "$ jetson-containers run $(autotag nano_llm)   python3 -m nano_llm.chat --api=mlc --model Efficient-Large-Model/VILA1.5-3b\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/NanoLLM/nano_llm/__init__.py", line 2, in <module>\n',
        "not_a_server_log", None, id="nanollm-chat-runner"),
    # round 92
    pytest.param(  # vLLM's logger head before 0.7 ("file.py:N]", no bracket) over a weight-name KeyError (vllm-project/vllm#12404)
        "INFO 01-24 11:28:59 api_server.py:651] vLLM API server version 0.6.5\n"
        'ERROR 01-24 11:29:27 engine.py:366]   File "/usr/local/lib/python3.10/dist-packages/vllm/model_executor/models/internlm2.py", line 430, in load_weights\n'
        "ERROR 01-24 11:29:27 engine.py:366]     param = params_dict[name]\n"
        "ERROR 01-24 11:29:27 engine.py:366] KeyError: 'model.layers.0.attention.wqkv.qweight'\n",
        "failure", "model_config", id="vllm-old-logger-head"),
    pytest.param(  # the host refusing memory at SGLang's scheduler start (sgl-project/sglang#5762)
        "  File \"/usr/local/lib/python3.10/dist-packages/sglang/srt/managers/scheduler.py\", line 1984, in run_scheduler_process\n"
        "    faulthandler.enable()\n"
        "OSError: [Errno 12] Cannot allocate memory\n",
        "failure", "oom_weights", id="errno-12-enomem"),
    pytest.param(  # SGLang's newer wording of the default MoE config note (kvcache-ai/ktransformers#1741)
        "[2025-12-23 03:31:58] Using MoE kernel config with down_moe=False. Performance might be sub-optimal! Config file "
        "not found at /x/configs/triton_3_5_0/E=160,N=192.json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton\n"
        "[2025-12-23 03:32:31] max_total_num_tokens=121240\n",
        "incomplete", None, id="moe-kernel-config-note-named"),
    pytest.param(  # Python's unraisable hook at shutdown after a relayed wrapper (allenai/olmocr#93)
        "2025-03-04 16:02:53,191 - __main__ - INFO - [2025-03-04 16:02:53] Received sigquit from a child proces. It usually means the child failed.\n"
        "Exception ignored in atexit callback: <function sglang_server_task.<locals>._kill_proc at 0x7f24f7b3c2c0>\n",
        "incomplete", None, id="exception-ignored-at-exit"),
    # round 93
    pytest.param(  # llama.cpp's chat-template check warning at start, the model still loading (containers/ramalama#2124)
        "Failed to infer a tool call example (possible template bug)\n"
        "main: HTTP server is listening, hostname: 0.0.0.0, port: 8080, http threads: 15\n"
        "main: loading model\n"
        "srv    load_model: loading model '/mnt/models/Qwen3-0.6B-Q8_0.gguf'\n",
        "incomplete", None, id="llamacpp-tool-call-example-warning"),
    pytest.param(  # LocalAI's own debug lines with only its loader's wrapper (mudler/LocalAI#7503)
        "12:31PM DBG templated message for chat: Internal error: failed to load model with internal loader: could not "
        "load model: rpc error: code = Canceled desc = \n",
        "incomplete", None, id="localai-own-lines"),
    pytest.param(  # Nomad placing a GPU job on no node (hashicorp/nomad-device-nvidia#60)
        "    Task Group \"vllm\" (failed to place 1 allocation):\n"
        "      * Dimension \"devices: no devices match request\" exhausted on 1 nodes\n",
        "failure", "no_gpu_visible", id="nomad-no-devices-match"),
    pytest.param(  # ... but a WARN that an optional file was not there, the start going on, is none
        "2024-05-01T10:00:01.000000Z  WARN text_embeddings_router: router/src/lib.rs:165: Could not download "
        "`1_Pooling/config.json`: HTTP status client error (404 Not Found) for url "
        "(https://huggingface.co/BAAI/bge-m3/resolve/main/1_Pooling/config.json)\n"
        "2024-05-01T10:00:05.000000Z  INFO text_embeddings_router: router/src/lib.rs:250: Starting model backend\n",
        "incomplete", None, id="hub-http-status-optional-file-warn"),
    # session of 2026-12-04, from the corpus's own misses (tuned on)
    pytest.param(  # the kubelet's probe event: the start did not complete, its cause in the pod's log
        'Warning  Unhealthy  16s (x292 over 50m)  kubelet  Startup probe failed: Get "http://172.29.94.143:8000/v1/'
        'health/ready": dial tcp 172.29.94.143:8000: connect: connection refused\n',
        "incomplete", None, id="kubelet-startup-probe-failed"),
    pytest.param(  # SageMaker's endpoint event (llm-jp/llm-jp-model-playground#39)
        "The primary container for production variant llm-jp-13b did not pass the ping health check. Please check "
        "CloudWatch logs for this endpoint.\n",
        "incomplete", None, id="sagemaker-ping-health-check"),
    # rounds 94 and 95
    pytest.param(  # a Rust server's config parse: a field its loader needs is missing (EricLBuehler/candle-vllm#199)
        "thread 'main' panicked at src/main.rs:406:19:\n"
        "APIError { data: \"missing field `vocab_size` at line 46 column 1\" }\n",
        "failure", "model_config", id="serde-missing-field"),
    pytest.param(  # ... but a WARN that an optional file lacks one is no failure (mistral.rs goes on)
        "2025-07-13T01:39:37.335383Z  WARN mistralrs_core::pipeline::normal: Failed to parse generation_config.json: "
        "missing field `bos_token_id` at line 10 column 1\n"
        "2025-07-13T01:39:38.000000Z  INFO mistralrs_core: Loading model\n",
        "incomplete", None, id="serde-missing-field-warn"),
    pytest.param(  # Ollama 0.12+: its only inference compute is the CPU (ollama/ollama#13593)
        'time=2026-01-02T10:00:00.000Z level=INFO source=types.go:60 msg="inference compute" id=cpu library=cpu '
        'compute="" name=cpu description=cpu total="31.7 GiB" available="19.8 GiB"\n'
        'time=2026-01-02T10:00:00.000Z level=INFO source=routes.go:1648 msg="entering low vram mode" '
        '"total vram"="0 B" threshold="20.0 GiB"\n',
        "failure", "no_gpu_visible", id="ollama-inference-compute-cpu-only"),
    pytest.param(  # llama.cpp with no loadable CPU backend, relayed by Jan at INFO (janhq/jan#7657)
        "[00:07:04] INFO [llamacpp] llama_model_load: error loading model: make_cpu_buft_list: no CPU backend found\n"
        "[00:07:04] INFO [llamacpp] main: exiting due to model loading error\n",
        "failure", "other", id="llamacpp-no-cpu-backend"),
    pytest.param(  # an NVML board query the GPU does not support is no failure (ollama/ollama#1813)
        "time=2024-03-15T23:25:09.751Z level=INFO source=gpu.go:82 msg=\"Nvidia GPU detected\"\n"
        "[1] CUDA device name: NVIDIA GeForce RTX 3070\n"
        "nvmlDeviceGetSerial failed: 3\n"
        "[1] CUDA totalMem 8589934592\n",
        "incomplete", None, id="nvml-serial-not-supported"),
    # rounds 96 and 97
    pytest.param(  # the NGC banner in minor version compatibility mode quotes error 804 and goes on (triton#4739)
        "WARNING: CUDA Minor Version Compatibility mode ENABLED.\n"
        "  Using driver version 510.47.03 which has support for CUDA 11.6.  This container\n"
        "  was built with CUDA 11.7 and will be run in Minor Version Compatibility mode.\n"
        "  CUDA Forward Compatibility is preferred over Minor Version Compatibility for use\n"
        "  with this container but was unavailable:\n"
        "  [[Forward compatibility was attempted on non supported HW (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE) "
        "cuInit()=804]]\n",
        "incomplete", None, id="ngc-minor-version-compat-804"),
    pytest.param(  # ... but the same 804 with no such banner above it is still the driver conflict
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 804: forward compatibility was attempted "
        "on non supported HW\n",
        "failure", "driver_too_old", id="bare-804-still-driver"),
    pytest.param(  # ... and an 804 well below the banner (the server's own, later) is not the one it quotes
        "WARNING: CUDA Minor Version Compatibility mode ENABLED.\n"
        "  [[Forward compatibility was attempted on non supported HW (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE) "
        "cuInit()=804]]\n" + "I0804 13:52:20.000000 1 server.cc:100] loading\n" * 12 +
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 804: forward compatibility was attempted "
        "on non supported HW\n",
        "failure", "driver_too_old", id="ngc-minor-version-compat-804-later-again"),
    pytest.param(  # Ollama refusing think with a model that lacks it, relayed by a client (crawbot#24)
        "Ollama API error 400: {\"error\":\"\\\"qwen3-coder:30b\\\" does not support thinking\"}\n",
        "failure", "tool_parser", id="ollama-no-thinking-relay"),
    pytest.param(  # Continue relaying Ollama's model-not-found reply (continuedev/continue#12740)
        "The model \"llama3.1:8b\" was not found. To download it, run `ollama run llama3.1:8b`.\n",
        "failure", "model_access", id="continue-model-not-found"),
    pytest.param(  # a GGUF tensor type this ggml does not know (ollama/ollama#16056)
        "ggml.c:1676: GGML_ASSERT(type >= 0 && type < GGML_TYPE_COUNT) failed\n",
        "failure", "model_config", id="gguf-unknown-tensor-type"),
    pytest.param(  # vLLM's hybrid KV cache manager turned off for a hybrid model (LMCache/LMCache#3163)
        "(EngineCore pid=98495) ERROR 04-30 19:50:08 [core.py:1108] RuntimeError: Worker failed with error 'Hybrid KV "
        "cache manager is disabled but failed to convert the KV cache specs to one unified type.', please check the "
        "stack trace above for the root cause\n",
        "failure", "model_config", id="vllm-hybrid-kv-manager-disabled"),
    pytest.param(  # Xid 31 beside an illegal memory access: the program's kernel faulted (ikawrakow/ik_llama.cpp#425)
        "May 15 08:57:36 red kernel: NVRM: Xid (PCI:0000:01:00): 31, pid=80798, name=llama-server, Ch 00000008, "
        "intr 00000000. MMU Fault: ENGINE GRAPHICS GPC1 GPCCLIENT_T1_3 faulted @ 0x7e9f_4f200000.\n"
        "May 15 08:57:36 red llama-swap[80783]: CUDA error: an illegal memory access was encountered\n",
        "failure", "other", id="xid-31-application-fault"),
    pytest.param(  # a supervisor's report of its server's exit is a wrapper (mostlygeek/llama-swap#155)
        "[DEBUG] <qwen-coder-14B-FIM> cmd.Wait() returned error: signal: aborted (core dumped)\n",
        "incomplete", None, id="llama-swap-cmd-wait"),
    pytest.param(  # a launcher's bare 'Startup failed.' after its worker was terminated
        "  Status:   (Worker_TP0 35:41 [multiproc_executor.py:884] WorkerProc was terminated)\n"
        "Startup failed.\n",
        "incomplete", None, id="bare-startup-failed"),
    pytest.param(  # llama-server's 'main: model loaded' ends the start (ggml-org/llama.cpp#13661)
        "srv          init: initializing slots, n_slots = 1\n"
        "slot         init: id  0 | task -1 | new slot n_ctx_slot = 30016\n"
        "main: model loaded\n",
        "no_failure", None, id="llamacpp-main-model-loaded"),
    pytest.param(  # XLA's wording of NCCL's bootstrap failure (marin-community/marin#7018)
        "Failed to create NCCL communicator: INTERNAL: ncclCommInitRankConfig(...) failed:\n"
        "invalid usage ... Last NCCL warning(error): 'Bootstrap : no socket interface found'\n",
        "failure", "nccl_comm", id="xla-nccl-bootstrap-no-socket"),
    # rounds 98 and 99
    pytest.param(  # an executor's shutdown hook failing at exit after the wrapper is no cause (Tencent-Hunyuan/Hunyuan-A13B#22)
        "Exception: WorkerProc initialization failed due to an exception in a background process. See stack trace "
        "for root cause.\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.12/weakref.py", line 666, in _exitfunc\n'
        "    f()\n"
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 228, in shutdown\n'
        "    for w in self.workers:\n"
        "AttributeError: 'MultiprocExecutor' object has no attribute 'workers'\n",
        "incomplete", None, id="shutdown-finalizer-noise"),
    pytest.param(  # ... but the same exception raised in the start itself is the failure
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 95, in _init_executor\n'
        "    for w in self.workers:\n"
        "AttributeError: 'MultiprocExecutor' object has no attribute 'workers'\n",
        "failure", "other", id="same-exception-not-at-shutdown"),
    pytest.param(  # Ollama's Go template calling a function this build lacks (ollama/ollama#11698)
        "Error: template: :3: function \"currentDate\" not defined\n",
        "failure", "model_config", id="ollama-template-function-undefined"),
    pytest.param(  # TGI's chat route with no chat template, relayed (huggingface/text-generation-inference#1743)
        "{'error': 'Template error: template not found', 'error_type': 'template_error'}\n",
        "failure", "model_config", id="tgi-template-not-found"),
    pytest.param(  # vLLM's tool-choice 400, its text cut by the client relaying it (mike-nott/mcp-assist#21)
        "vllm API error 400: {\"object\":\"error\",\"message\":\"\\\"auto\\\" tool choice requires "
        "--enable-auto-tool-ch. Check the Home Assistant logs for more details\n",
        "failure", "tool_parser", id="auto-tool-choice-cut"),
    pytest.param(  # vLLM's dtype check pasted lower-cased (OpenBuddy/OpenBuddy#45)
        "valueerror: bfloat16 is only supported on gpus with compute capability of at least 8.0. your tesla "
        "v100-sxm2-32gb gpu has compute capability 7.0.\n",
        "failure", "gpu_arch_unsupported", id="bf16-lowercase"),
    pytest.param(  # vLLM 0.5's Gemma-2 soft-capping needing FlashInfer (vllm-project/vllm#7060)
        "ValueError: Please use Flashinfer backend for models with logits_soft_cap (i.e., Gemma-2). Otherwise, the "
        "output might be wrong. Set Flashinfer backend by export VLLM_ATTENTION_BACKEND=FLASHINFER.\n",
        "failure", "model_config", id="gemma2-needs-flashinfer"),
    # round 100
    pytest.param(  # Triton with a version folder lacking its model file (allegroai/clearml-serving#3)
        "E0609 11:05:39.787741 697 model_repository_manager.cc:1242] failed to load 'cub200_resnet34' version 1: "
        "Unavailable: unable to find '/models/cub200_resnet34/1/model.pt' for model instance 'cub200_resnet34'\n",
        "failure", "model_access", id="triton-model-file-missing"),
    pytest.param(  # vLLM's attention selector with its reasons on lines of their own (vllm-project/vllm#54059)
        "ValueError: No valid attention backend found for cuda with\n"
        "AttentionSelectorConfig(head_size=512, dtype=torch.bfloat16, use_mla=True, use_sparse=True).\n"
        "Reasons: {\n"
        "  FLASH_ATTN_MLA: [sparse not supported, compute capability not supported, FlashAttention MLA not "
        "supported on this device],\n",
        "failure", "gpu_arch_unsupported", id="vllm-attention-reasons-wrapped"),
    pytest.param(  # an assertion inside llama.cpp that no signature names yet (gpustack/llama-box#13)
        "/home/runner/work/llama-box/llama-box/llama.cpp/src/llama.cpp:17572:GGML_ASSERT( seq_id < n_tokens && "
        "\"seq_id cannot be larger than n_tokens with pooling_type ==CLS or RANK\") failed\n",
        "failure", "other", id="ggml-assert-generic"),
    # rounds 101 and 102
    pytest.param(  # a traceback logged after BentoML's bracketed heads, cut before its exception (bentoml/OpenLLM#967)
        "2024-04-25T18:34:04+0000 [ERROR] [runner:llm-llama-runner:1] Traceback (most recent call last):\n"
        'File "/env/lib/python3.12/site-packages/starlette/routing.py", line 732, in lifespan\n'
        "async with self.lifespan_context(app) as maybe_state:\n"
        'File "/env/lib/python3.12/site-packages/bentoml/_internal/runner/runner.py", line 150, in _set_handle\n'
        "runner_handle = handle_class(self, *args, **kwargs)\n",
        "incomplete", None, id="bracketed-head-traceback-cut"),
    pytest.param(  # Mooncake's transfer engine under LMCache (kvcache-ai/Mooncake#809)
        "E0904 21:29:13.611539 31950 store_py.cpp:516] Put operation failed with error: TRANSFER_FAIL\n"
        "E0904 21:29:13.612236 31935 transfer_task.cpp:469] Failed to open segment 192.168.10.12:12851\n"
        "E0904 21:29:13.612255 31935 client.cpp:1112] Failed to submit transfer operation\n",
        "failure", "nccl_comm", id="mooncake-transfer-fail"),
    pytest.param(  # vLLM's input check, in process (EvolvingLMMs-Lab/lmms-eval#711)
        "ValueError: The decoder prompt (length 337896) is longer than the maximum model length of 128000. Make sure "
        "that `max_model_len` is no smaller than the number of text tokens plus multimodal tokens.\n",
        "failure", "model_config", id="prompt-longer-than-max-model-len"),
    pytest.param(  # an installed CLI without the subcommand (huggingface/trl#3139)
        "INFO 03-23 11:12:20 __init__.py:190] Automatically detected platform cuda.\n"
        "usage: trl\n"
        "TRL CLI: error: argument command: invalid choice: 'vllm-serve' (choose from 'chat', 'dpo', 'env', 'grpo')\n",
        "failure", "other", id="cli-subcommand-missing"),
    pytest.param(  # litellm wrapping Ollama's causeless 500 (BerriAI/litellm#25797)
        'litellm.APIConnectionError: OllamaException - {"error":"llama runner process has terminated: %!w(<nil>)"}\n'
        "httpx.HTTPStatusError: Server error '500 Internal Server Error' for url 'http://localhost:11434/api/generate'\n"
        "\nDuring handling of the above exception, another exception occurred:\n\n"
        'litellm.llms.ollama.common_utils.OllamaError: {"error":"llama runner process has terminated: %!w(<nil>)"}\n'
        "\nDuring handling of the above exception, another exception occurred:\n\n"
        '  File "/home/u/run.py", line 4, in <module>\n'
        "litellm.exceptions.APIConnectionError: litellm.APIConnectionError: OllamaException - "
        '{"error":"llama runner process has terminated: %!w(<nil>)"}\n',
        "not_a_server_log", None, id="litellm-wraps-causeless-500"),
    pytest.param(  # GuideLLM's own import traceback, its backend module named vllm.py (vllm-project/guidellm#716)
        "Traceback (most recent call last):\n"
        '  File "/usr/local/bin/guidellm", line 4, in <module>\n'
        "    from guidellm.__main__ import cli\n"
        '  File "/usr/local/lib/python3.12/dist-packages/guidellm/backends/vllm_python/vllm.py", line 41, in <module>\n'
        "    from guidellm.extras.audio import _decode_audio\n"
        '  File "/usr/local/lib/python3.12/dist-packages/torchcodec/decoders/__init__.py", line 7, in <module>\n'
        "    from .._core import AudioStreamMetadata, VideoStreamMetadata\n",
        "not_a_server_log", None, id="guidellm-client-traceback"),
    # round 103
    pytest.param(  # a Space the platform could not place (potamides/DeTikZify#9)
        "Runtime error\nScheduling failure: unable to schedule\nContainer logs:\n\n===== Application Startup =====\n",
        "failure", "no_gpu_visible", id="spaces-scheduling-failure"),
    pytest.param(  # a Space's runtime page with no reason and no logs (matanr/capex#10)
        "runtime error\nExit code: ?. Reason: \nContainer logs:\n\nFailed to retrieve error logs: SSE is not enabled\n",
        "incomplete", None, id="spaces-exit-no-reason"),
    pytest.param(  # a Space's container that panicked at start (TabbyML/tabby#3132)
        "===== Application Startup at 2024-09-12 05:10:03 =====\n\nThe application panicked (crashed).\n"
        'Message:  called `Result::unwrap()` on an `Err` value: Os { code: 1, kind: PermissionDenied, message: '
        '"Operation not permitted" }\nLocation: crates/tabby/src/main.rs:68\n',
        "failure", "other", id="spaces-app-panic"),
    pytest.param(  # TensorFlow/XLA's duplicate plugin lines at a notebook's vLLM start (vllm-project/vllm#19444)
        "INFO 06-10 19:07:55 [__init__.py:243] Automatically detected platform cuda.\n"
        "E0000 00:00:1749582477.759738      99 cuda_dnn.cc:8310] Unable to register cuDNN factory: Attempting to "
        "register factory for plugin cuDNN when one has already been registered\n"
        "INFO 06-10 19:08:14 [__init__.py:31] Available plugins for group vllm.general_plugins:\n",
        "incomplete", None, id="xla-duplicate-factory-benign"),
    pytest.param(  # pip failing in a Space's image build (abetlen/llama-cpp-python#84)
        "zrj9h 2023-04-15T07:55:55.062Z ERROR: Could not find a version that satisfies the requirement "
        "lama-cpp-python[server] (from versions: none)\n"
        "zrj9h 2023-04-15T07:55:55.062Z ERROR: No matching distribution found for lama-cpp-python[server]\n",
        "not_a_server_log", "other", id="pip-no-matching-distribution"),
    pytest.param(  # a weight the loader has no parameter for (vllm-project/vllm#15784)
        "INFO 2025-03-30T23:51:21.299840450Z \x1b[1;36m(VllmWorkerProcess pid=630)\x1b[0;0m ERROR 03-30 23:51:21 "
        "multiproc_worker_utils.py:243] KeyError: 'layers.32.self_attn.qkv_proj.k_scale'\n"
        "ERROR 2025-03-30T23:51:21.303592681Z [rank0]: Traceback (most recent call last):\n"
        'ERROR 2025-03-30T23:51:21.303627490Z [rank0]: File "/usr/lib/python3.10/runpy.py", line 196, in '
        "_run_module_as_main\n"
        "ERROR 2025-03-30T23:51:21.303632497Z [rank0]: return _run_code(code, main_globals, None,\n",
        "failure", "model_config", id="checkpoint-param-keyerror"),
    pytest.param(  # TensorRT's builder refusing Volta (NVIDIA/TensorRT-LLM#2400)
        "[11/01/2024-03:33:08] [TRT] [E] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU "
        "SM 70 is not supported by this TensorRT release.)\n",
        "not_a_server_log", "gpu_arch_unsupported", id="tensorrt-build-sm70"),
    pytest.param(  # Ollama's runner exit quoted with no cause (ollama/ollama#7512)
        "Error: llama runner process has terminated: exit status 127\n"
        '2024-11-05T10:38:44-05:00 ollama.listener[631587]: time=2024-11-05T10:38:44.916-05:00 level=INFO '
        'source=server.go:632 msg="waiting for server to become available" status="llm server error"\n',
        "incomplete", None, id="ollama-runner-bare-exit-status"),
    pytest.param(  # a Nix build of ollama with CUDA (NixOS/nixpkgs#389661)
        "error: builder for '/nix/store/vily1yyf5s3ajkbzw9z7rhq91w89b867-ollama-0.6.0.drv' failed with exit code 2;\n"
        "       last 25 log lines:\n"
        "       > [ 76%] Building CUDA object ml/backend/ggml/ggml/src/ggml-cuda/CMakeFiles/ggml-cuda.dir/fattn.cu.o\n",
        "not_a_server_log", None, id="nix-build"),
    pytest.param(  # pytest's failure lines around Megatron inference (NVIDIA-NeMo/RL#1633)
        'E                         File "/w/Megatron-LM/megatron/core/transformer/module.py", line 443, in forward\n'
        "E                           outputs = self.module(*inputs, **kwargs)\n"
        'E                         File "/w/Megatron-LM/megatron/core/models/gpt/gpt_model.py", line 478, in forward\n'
        "E                           hidden_states = self.decoder(\n",
        "not_a_server_log", None, id="pytest-failure-lines"),
    # round 104
    pytest.param(  # Triton's MinIO repository, an object it could not read (triton-inference-server/server#3371)
        "E0915 09:38:17.347617 43 model_repository_manager.cc:1919] Poll failed for model directory '1': Could not "
        "get MetaData for object at s3://minio.example:80/densenet-bucket/densenet-model/1/config.pbtxt due to "
        "exception: , error message: No response body.\n"
        "error: creating server: Internal - failed to load all models\n",
        "failure", "model_access", id="triton-s3-object-metadata"),
    pytest.param(  # the Run:ai streamer's own lines, S3 closing on it (run-ai/runai-model-streamer#154)
        "s3 request timeout is set to 1000ms\n"
        "Failed to download s3 object of request 1 : socket is closed. ( aws-c-io: AWS_TO_SOCKET_CLOSED)\n"
        "Failed to read from file s3://b/models/m/model-00001-of-00002.safetensors : error: response code: "
        "File access error\n",
        "failure", "model_access", id="runai-streamer-s3-closed"),
    pytest.param(  # transformers 5 under a vLLM written for 4.x (QwenLM/Qwen3-VL#2058)
        "(APIServer pid=75487) AttributeError: Qwen2Tokenizer has no attribute all_special_tokens_extended. "
        "Did you mean: 'num_special_tokens_to_add'?\n",
        "failure", "other", id="transformers5-tokenizer-api"),
    pytest.param(  # Google Cloud Logging's copy of a vLLM worker's traceback (vllm-project/vllm#15784)
        "INFO 2025-03-30T23:51:21.299840450Z [1;36m(VllmWorkerProcess pid=630)[0;0m ERROR 03-30 23:51:21 "
        "multiproc_worker_utils.py:243] KeyError: 'layers.32.self_attn.qkv_proj.k_scale'\n"
        "ERROR 2025-03-30T23:51:21.303592681Z [rank0]: Traceback (most recent call last):\n"
        'ERROR 2025-03-30T23:51:21.303627490Z [rank0]: File "/vllm-workspace/vllm/worker/model_runner.py", line 1, '
        "in load_model\n"
        "ERROR 2025-03-30T23:51:21.303632497Z [rank0]: KeyError: 'layers.32.self_attn.qkv_proj.k_scale'\n",
        "failure", "model_config", id="cloud-logging-prefix-weight-keyerror"),
    pytest.param(  # sentencepiece given no model file (huggingface/text-generation-inference#692)
        '  File "/opt/conda/lib/python3.9/site-packages/sentencepiece/__init__.py", line 310, in LoadFromFile\n'
        "    return _sentencepiece.SentencePieceProcessor_LoadFromFile(self, arg)\n"
        "TypeError: not a string\n",
        "failure", "model_config", id="sentencepiece-no-model-file"),
    pytest.param(  # cargo building TGI's router on an old glibc (huggingface/text-generation-inference#1136)
        "   Compiling tonic v0.9.2\n"
        "error: /lib64/libc.so.6: version `GLIBC_2.28' not found (required by /w/target/release/deps/"
        "libprost_derive-1a086bddf2438a73.so)\n",
        "not_a_server_log", "other", id="cargo-build-glibc"),
    pytest.param(  # llama.cpp's quantize tool on an older glibc (ggml-org/llama.cpp#9794)
        "./build/bin/llama-quantize: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by "
        "./build/bin/llama-quantize)\n",
        "not_a_server_log", "other", id="llama-quantize-glibc"),
    pytest.param(  # the CUDA MPS control daemon's own log (NVIDIA/k8s-device-plugin#1614)
        "[2026-02-06 09:34:17.770 Control   261] Starting control daemon using socket /mps/nvidia.com/gpu/pipe/control\n"
        "[2026-02-06 09:34:17.770 Control   261] CUDA MPS Control binary version: 13000\n"
        "[2026-02-06 09:34:36.381 Control   337] Starting new server 337 for user 0\n"
        "[2026-02-06 09:34:36.386 Other   337] Startup\n",
        "not_a_server_log", None, id="mps-control-daemon"),
    pytest.param(  # nvidia-smi run as a container's command (NVIDIA/nvidia-container-toolkit#33)
        "~ > docker run --rm --gpus all --runtime nvidia nvidia/cuda:11.0.3-base-ubuntu20.04 nvidia-smi\n"
        "Failed to initialize NVML: Insufficient Permissions\n",
        "not_a_server_log", "no_gpu_visible", id="docker-run-nvidia-smi"),
    # round 105
    pytest.param(  # vLLM's and FlashInfer's caches under a root-owned mount (odysseus-dev/odysseus#6157)
        "PermissionError: [Errno 13] Permission denied: '/app/.cache/vllm'\n"
        "RuntimeError: Engine core initialization failed. See root cause above.\n",
        "failure", "other", id="cache-dir-not-writable"),
    pytest.param(  # vLLM's get_ip() on a host with no DNS (vllm-project/vllm#3656)
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.8/dist-packages/vllm/utils.py", line 176, in get_ip\n'
        '    s.connect(("dns.google", 80))  # Doesn\'t need to be reachable\n'
        "socket.gaierror: [Errno -3] Temporary failure in name resolution\n",
        "failure", "other", id="vllm-get-ip-no-dns"),
    pytest.param(  # FlashInfer's JIT build of a kernel (modelscope/ms-swift#8349)
        '7 errors detected in the compilation of "/root/.cache/flashinfer/0.6.4/90a/generated/gdn_prefill_sm90/'
        'gdn_prefill_kernel_bf16_g0b0a1i0.cu".\nninja: build stopped: subcommand failed.\n',
        "failure", "other", id="flashinfer-jit-build"),
    pytest.param(  # Triton's S3 client timing out behind a proxy (triton-inference-server/server#6851)
        "error: creating server: Internal - Unable to create S3 filesystem client. Check account credentials. "
        "Exception: '' Message: 'curlCode: 28, Timeout was reached'\n",
        "failure", "model_access", id="triton-s3-client"),
    pytest.param(  # Ollama's registry behind TLS inspection, its legacy log lines (docker/genai-stack#84)
        'genai-stack-llm-1         | 2023/11/02 10:47:26 images.go:1164: couldn\'t get manifest: Get '
        '"https://registry.ollama.ai/v2/library/mistral/manifests/latest": tls: failed to verify certificate: '
        "x509: certificate signed by unknown authority\n",
        "failure", "model_access", id="ollama-registry-x509"),
    pytest.param(  # docker model pull relaying the model runner's 500 with its cause (docker/model-runner#500)
        "Failed to pull model: failed to download after 3 retries: pulling ai/m:1 failed with status 500 Internal "
        'Server Error: error while pulling model: reading model from registry: failed to pull model "ai/m:1": '
        'UNKNOWN - Get "https://index.docker.io/v2/": tls: failed to verify certificate: x509: certificate signed '
        "by unknown authority\n",
        "failure", "model_access", id="model-runner-relay-x509"),
    pytest.param(  # the kubelet's probe refused, then its Killing event (triton-inference-server/server#7154)
        "Events:\n  Type     Reason     Age                  From               Message\n"
        "  Normal   Scheduled  4m11s                default-scheduler  Successfully assigned default/triton-9c5d9f79 "
        "to 10.0.10.95\n"
        "  Warning  Unhealthy  41s (x3 over 61s)    kubelet            Liveness probe failed: Get "
        '"http://10.0.10.177:8000/v2/health/live": dial tcp 10.0.10.177:8000: connect: connection refused\n'
        "  Normal   Killing    41s                  kubelet            Container triton-inference-server failed "
        "liveness probe, will be restarted\n"
        "  Normal   Pulled     11s (x2 over 4m10s)  kubelet            Container image "
        '"nvcr.io/nvidia/tritonserver:24.03-py3" already present on machine\n',
        "incomplete", None, id="k8s-probe-refused-killing"),
    pytest.param(  # the probe's path not served (llm-d/llm-d-inference-sim#45)
        "  Warning  Unhealthy  25m (x3 over 25m)  kubelet  Liveness probe failed: HTTP probe failed with statuscode: 404\n"
        "  Normal   Killing    25m                kubelet  Container sim failed liveness probe, will be restarted\n",
        "failure", "other", id="k8s-probe-404"),
    pytest.param(  # SkyPilot's own launch output (skypilot-org/skypilot#7142)
        "sky launch -c howlin --gpus H100:8 --num-nodes 2\nRunning on cluster: howlin\n"
        "AssertionError: cpu_request should not be None\n",
        "not_a_server_log", "other", id="sky-launch"),
    # round 107
    pytest.param(  # a tool parser plugin failing on streaming, pasted from a terminal pane (SalesforceAIResearch/xLAM#21)
        '│ INFO:     10.0.48.60:12724 - "POST /v1/chat/completions HTTP/1.1" 200 OK                       │\n'
        "│ Traceback (most recent call last):                                                        │\n"
        '│   File "/vllm-workspace/exmaples/xlam_tool_call_parser.py", line 146, in extract_tool_calls_streaming │\n'
        '│     function_name = current_tool_call.get("name")                                          │\n'
        "│ AttributeError: 'list' object has no attribute 'get'                                       │\n",
        "failure", "tool_parser", id="tool-parser-plugin-boxed"),
    pytest.param(  # an evaluation script's own traceback (SafeAILab/EAGLE#214, in Python's form)
        "Traceback (most recent call last):\n"
        '  File "/w/EAGLE-3/eagle/evaluation/gen_ea_answer_llama3chat.py", line 434, in <module>\n'
        "    run_eval(\n"
        '  File "/w/EAGLE-3/eagle/model/cnets.py", line 486, in __init__\n'
        "    self.lm_head=nn.Linear(config.hidden_size,config.draft_vocab_size,bias=False)\n"
        "AttributeError: 'EConfig' object has no attribute 'draft_vocab_size'\n",
        "not_a_server_log", "model_config", id="evaluation-script"),
    # round 108
    pytest.param(  # vLLM's profile leaves a negative count of KV-cache blocks (vllm-project/vllm#184), traceback cut
        "INFO 06-21 10:00:18 llm_engine.py:128] # GPU blocks: -1, # CPU blocks: 512\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.10/site-packages/vllm/entrypoints/llm.py", line 55, in __init__\n'
        "    self.llm_engine = LLMEngine.from_engine_args(engine_args)\n",
        "failure", "kv_cache_insufficient", id="negative-gpu-blocks"),
    pytest.param(  # TensorRT-LLM's attention plugin on a Pascal GPU (huggingface/optimum-nvidia#122)
        "[TensorRT-LLM][ERROR] tensorrt_llm::common::TllmException: [TensorRT-LLM][ERROR] Assertion failed: "
        "Unsupported data type, pre SM 80 GPUs do not support bfloat16 "
        "(/src/tensorrt_llm/cpp/tensorrt_llm/plugins/gptAttentionCommon/gptAttentionCommon.cpp:446)\n",
        "failure", "gpu_arch_unsupported", id="pre-sm80-no-bf16"),
    pytest.param(  # llama.cpp's rpc-server restarted on a port still held (ggml-org/llama.cpp#7293)
        "create_backend: using CUDA backend\n"
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA GeForce GTX 1070, compute capability 6.1, VMM: yes\n"
        "Starting RPC server on 0.0.0.0:50052, backend memory: 7918 MB\n"
        "Failed to create server socket\n",
        "failure", "port_in_use", id="rpc-server-socket"),
    pytest.param(  # the same server up and waiting for clients (ggml-org/llama.cpp#8417)
        "create_backend: using CUDA backend\n"
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA GeForce GTX 1080 Ti, compute capability 6.1, VMM: yes\n"
        "Starting RPC server on 0.0.0.0:50052, backend memory: 11001 MB\n",
        "no_failure", None, id="rpc-server-started"),
    pytest.param(  # vLLM's logger.exception(e) of a KeyError: the message first, the traceback cut (Duxiaoman-DI/XuanYuan#46)
        "Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?, ?it/s]\n"
        "ERROR 03-18 09:46:01 engine.py:366] 'layers.23.mlp.down_proj.SCB'\n"
        "ERROR 03-18 09:46:01 engine.py:366] Traceback (most recent call last):\n"
        'ERROR 03-18 09:46:01 engine.py:366]   File "/x/vllm/engine/multiprocessing/engine.py", line 357, in run_mp_engine\n'
        "ERROR 03-18 09:46:01 engine.py:366]     engine = MQLLMEngine.from_engine_args(engine_args=engine_args,\n",
        "failure", "model_config", id="logged-keyerror-weight"),
    pytest.param(  # logger.exception's message says only that a method failed; its traceback is cut (Tencent-Hunyuan/Hunyuan-A13B#7)
        "(VllmWorkerProcess pid=304) INFO 06-28 08:10:02 [model_runner.py:1171] Starting to load model /models/a13b...\n"
        "(VllmWorkerProcess pid=304) ERROR 06-28 08:10:10 [multiproc_worker_utils.py:238] Exception in worker "
        "VllmWorkerProcess while processing method load_model.\n"
        "(VllmWorkerProcess pid=304) ERROR 06-28 08:10:10 [multiproc_worker_utils.py:238] Traceback (most recent call last):\n",
        "incomplete", None, id="logged-message-cut-traceback"),
    pytest.param(  # the same record shape whose message names its cause: the cause stands
        "INFO 06-28 08:10:02 [model_runner.py:1171] Starting to load model /models/a13b...\n"
        "ERROR 06-28 08:10:10 [worker.py:238] Failed to load model: CUDA out of memory. Tried to allocate 2.00 GiB\n"
        "ERROR 06-28 08:10:10 [worker.py:238] Traceback (most recent call last):\n",
        "failure", "oom_weights", id="logged-cause-cut-traceback"),
    pytest.param(  # vLLM's offline engine through a batch (vllm-project/vllm#2007)
        "INFO 12-11 02:34:15 llm_engine.py:72] Initializing an LLM engine with config: model='TheBloke/Xwin-LM-13B-V0.2-AWQ'\n"
        "INFO 12-11 02:34:21 llm_engine.py:207] # GPU blocks: 2178, # CPU blocks: 327\n"
        "Processed prompts: 100%|######| 101/101 [00:00<00:00, 107.95it/s]\n",
        "no_failure", None, id="offline-batch-done"),
    pytest.param(  # a transformers Trainer run that ran out of memory (fauxpilot/fauxpilot#62)
        "[INFO|trainer.py:1608] 2022-11-04 11:17:11,278 >> ***** Running training *****\n"
        "[INFO|trainer.py:1609] 2022-11-04 11:17:11,278 >>   Num examples = 3786289\n"
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 198.00 MiB (GPU 0; 11.90 GiB total capacity)\n",
        "not_a_server_log", "oom_weights", id="trainer-banner"),
    pytest.param(  # Tabby's download command (TabbyML/tabby#511)
        "$ docker run -it -v /opt/tabby/data/:/data --rm tabbyml/tabby download --model TabbyML/Codegen25-7B\n"
        "2023-10-05T13:03:21.265769Z ERROR tabby::download: crates/tabby/src/download.rs:21: Failed to fetch model "
        "'TabbyML/Codegen25-7B' due to 'Failed to fetch url https://huggingface.co/TabbyML/Codegen25-7B/resolve/main/tabby.json'\n",
        "not_a_server_log", "model_access", id="tabby-download"),

    pytest.param(  # OpenLLM's architecture list without the model's (bentoml/OpenLLM#1025)
        "RuntimeError: Failed to determine config class for bigcode/starcoder2-15b. Got ['Starcoder2ForCausalLM'], "
        "which is not yet supported (Supported: ['BaichuanForCausalLM', 'ChatGLMModel'])\n",
        "failure", "model_config", id="architecture-not-yet-supported"),
    pytest.param(  # a feature the V1 engine lacks, asked for by outlines' integration (vllm-project/vllm#15636)
        "ValueError: vLLM V1 does not support per request user provided logits processors.\n",
        "failure", "model_config", id="v1-does-not-support"),

    # round 109
    pytest.param(  # a model's processor older than vLLM's model class (vllm-project/vllm#12820)
        "ERROR 02-06 18:02:00 engine.py:387]     return self.info.get_hf_processor().get_audio_placeholder(\n"
        "ERROR 02-06 18:02:00 engine.py:387] AttributeError: 'MiniCPMOProcessor' object has no attribute 'get_audio_placeholder'\n",
        "failure", "model_config", id="processor-no-attribute"),
    pytest.param(  # a repository without the processor's file (LLaVA-VL/LLaVA-NeXT#164)
        "python -m sglang.launch_server --model-path lmms-lab/llava-onevision-qwen2-72b-ov  --port 30000\n"
        "OSError: lmms-lab/llava-onevision-qwen2-72b-ov does not appear to have a file named preprocessor_config.json. "
        "Checkout 'https://huggingface.co/lmms-lab/llava-onevision-qwen2-72b-ov/tree/main' for available files.\n",
        "failure", "model_access", id="repo-without-file"),
    pytest.param(  # LeRobot's policy server asked for a policy it lacks (huggingface/lerobot#2338)
        "ERROR 2025-10-29 05:30:24 /_server.py:636 Exception calling application: Policy type groot not supported. "
        "Supported policies: ['act', 'smolvla', 'diffusion', 'tdmpc', 'vqbet', 'pi0', 'pi05']\n",
        "failure", "model_config", id="not-supported-supported-list"),
    pytest.param(  # the same server, a feature the chosen policy lacks (huggingface/lerobot#1772)
        "INFO 2025-08-21 19:35:25 y_server.py:205 Running inference for observation #0 (must_go: True)\n"
        "ERROR 2025-08-21 19:35:25 y_server.py:245 Error in StreamActions: Currently not implemented for PI0\n",
        "failure", "model_config", id="not-implemented-for"),
    pytest.param(  # a checkpoint restored into a model of another config (OpenMOSS/VLABench#76)
        "Traceback (most recent call last):\n"
        '  File "/app/scripts/serve_policy.py", line 120, in <module>\n'
        "    main(tyro.cli(Args))\n"
        "ValueError: PyTrees have different structure:\n",
        "failure", "model_config", id="pytrees-structure"),
    pytest.param(  # TensorRT's profile without a dynamic input's shapes, at a server's start (qi-hua/async_cosyvoice#71)
        "2025-04-19 23:55:06,931 INFO Converting onnx to trt...\n"
        "[04/19/2025-23:55:10] [TRT] [E] 4: [network.cpp::validate::3550] Error Code 4: Internal Error "
        "(down_blocks_kv_cache: dynamic input is missing dimensions in profile 0.)\n",
        "failure", "model_config", id="trt-profile-dimensions"),
    pytest.param(  # a project's fine-tuning script (NVIDIA/Isaac-GR00T#385)
        "python scripts/gr00t_finetune.py \\\n"
        "    --dataset-path ./demo_data/robot_sim.PickNPlace \\\n"
        "    --num-gpus 1\n"
        "RuntimeError: CUDA error: no kernel image is available for execution on the device\n",
        "not_a_server_log", "gpu_arch_unsupported", id="prefixed-finetune-script"),
    pytest.param(  # pip building a package, cut before its end (zylon-ai/private-gpt#1156)
        'myuser@mymachine:~/privateGPT$ export CMAKE_ARGS="-DLLAMA_CUBLAS=on"\n'
        "myuser@mymachine:~/privateGPT$ poetry run pip install --force-reinstall --no-cache-dir llama-cpp-python\n"
        "Collecting llama-cpp-python\n"
        "  Downloading llama_cpp_python-0.2.13.tar.gz (7.2 MB)\n"
        "  Installing build dependencies ... done\n"
        "  Getting requirements to build wheel ... done\n"
        "  Preparing metadata (pyproject.toml) ... done\n",
        "not_a_server_log", None, id="pip-build-steps"),
    pytest.param(  # a RAG app's httpx client that cannot reach Ollama (SciPhi-AI/R2R#1047)
        "2024-09-04 20:13:55,427 - WARNING - core.base.providers.embedding - Request failed (attempt 2): "
        "Error getting embeddings: All connection attempts failed\n"
        "2024-09-04 20:13:55,427 - ERROR - core.providers.embeddings.ollama - Error getting embeddings: "
        "All connection attempts failed\n",
        "not_a_server_log", None, id="httpx-all-attempts-failed"),

    # round 110
    pytest.param(  # Dynamo's own exception module, on the first request after the start, a pasted indent (vllm-project/vllm#25060)
        " (APIServer pid=1) INFO:     Application startup complete.\n"
        ' (EngineCore_DP0 pid=32) ERROR 09-17 01:05:51 [core.py:720]   File "/usr/local/lib/python3.12/dist-packages/torch/_dynamo/exc.py", line 528, in unimplemented_v2\n'
        " (EngineCore_DP0 pid=32) ERROR 09-17 01:05:51 [core.py:720]     raise Unsupported(msg)\n"
        " (EngineCore_DP0 pid=32) ERROR 09-17 01:05:51 [core.py:720] torch._dynamo.exc.Unsupported: Observed exception\n",
        "failure", "other", id="dynamo-exc-indented"),
    pytest.param(  # a client relaying Ollama's runner exit with a bare 'CUDA error' (ollama/ollama#14123)
        "Error 500 Internal Server Error: llama runner process has terminated: CUDA error\n",
        "not_a_server_log", None, id="relay-bare-cuda-error"),
    pytest.param(  # llama.cpp enabling P2P between ten GPUs (ggml-org/llama.cpp#21883)
        "CUDA error: peer mapping resources exhausted\n"
        "  current device: 0, in function ggml_cuda_init at ggml/src/ggml-cuda/ggml-cuda.cu:336\n"
        "  cudaDeviceEnablePeerAccess(id_other, 0)\n"
        "Aborted (core dumped)\n",
        "failure", "nccl_comm", id="peer-mapping-exhausted"),
    pytest.param(  # OpenShift refusing the pod's fixed UID (SeldonIO/seldon-core#3019)
        'pods "triton-simple-0-simple-86f7c96ffc-" is forbidden: unable to validate against any security context '
        "constraint: [spec.containers[0].securityContext.runAsUser: Invalid value: 1000: must be in the ranges: "
        "[1000750000, 1000759999]]\n",
        "failure", "other", id="scc-forbidden"),
    pytest.param(  # llama-cpp-python built without CUDA (abetlen/llama-cpp-python#1166)
        "ValueError: Attempt to split tensors that exceed maximum supported devices. Current LLAMA_MAX_DEVICES=1\n",
        "failure", "no_gpu_visible", id="llama-cpp-python-cpu-build"),
    pytest.param(  # a checkpoint saved on a GPU the process cannot see (pytorch/serve#1197)
        "2021-08-11 11:45:05,433 [INFO ] W-9001-foo_1.0-stdout MODEL_LOG - RuntimeError: Attempting to deserialize object "
        "on CUDA device 2 but torch.cuda.device_count() is 1. Please use torch.load with map_location\n",
        "failure", "no_gpu_visible", id="deserialize-device-count"),
    pytest.param(  # Triton's instance group on a GPU id it cannot use (triton-inference-server/server#2584)
        "E0303 12:30:23.159896 1577 model_repository_manager.cc:1682] instance group 124M2_1 of model 124M2 specifies "
        "invalid or unsupported gpu id 1. GPUs with at least  the minimum required CUDA compute compatibility of 6.00000 are: 0\n",
        "failure", "no_gpu_visible", id="triton-invalid-gpu-id"),
    pytest.param(  # Inductor's SubprocException, its subprocess's traceback cut (sgl-project/sglang#9832)
        'Traceback (most recent call last):\n'
        '  File "/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 386, in __init__\n'
        "    raise Exception(\n"
        "Exception: Capture cuda graph failed: SubprocException: An exception occurred in a subprocess:\n"
        "\n"
        "Traceback (most recent call last):\n",
        "incomplete", None, id="subproc-exception-cut"),
    pytest.param(  # Triton's start stopping while it loads (triton-inference-server/server#2743)
        "== Triton Inference Server ==\n"
        "NVIDIA Release 20.10 (build <unknown>)\n"
        "I0420 06:13:52.032126 1 metrics.cc:184] found 4 GPUs supporting NVML metrics\n"
        "I0420 06:13:52.038116 1 metrics.cc:193]   GPU 0: Tesla T4\n",
        "incomplete", None, id="triton-metrics-only"),

    # round 111
    pytest.param(  # an uncorrectable ECC error: the GPU's own fault, not a GPU that is missing (THUDM/ChatGLM3#681)
        "RuntimeError: CUDA error: uncorrectable ECC error encountered\n",
        "failure", "other", id="ecc-uncorrectable"),
    pytest.param(  # Xid 79 in the kernel log (NVIDIA/open-gpu-kernel-modules#1151)
        "NVRM: Xid (PCI:0000:06:00): 79, GPU has fallen off the bus.\n"
        "NVRM: GPU 0000:06:00.0: GPU has fallen off the bus.\n",
        "failure", "other", id="xid79-fallen-off-bus"),
    pytest.param(  # a firmware halt (Xid 62): the GPU lost until reset (ggml-org/llama.cpp#19, round 26)
        "NVRM: Xid (PCI:0000:01:00): 62, 323f0f30 0000c3d8 00000000 206dae68\n",
        "failure", "no_gpu_visible", id="xid62-firmware-halt"),
    pytest.param(  # a BF16 projector in a CUDA op that has no BF16 kernel (LostRuins/koboldcpp#1483)
        "D:\\a\\koboldcpp\\koboldcpp\\ggml\\src\\ggml-cuda\\cpy.cu:582: ggml_cuda_cpy: unsupported type combination (bf16 to bf16)\n",
        "failure", "model_config", id="ggml-type-combination"),
    pytest.param(  # Ollama's clip loader and a projector it cannot read (OpenBMB via tc-mb/ollama#5)
        "GGML_ASSERT: C:\\a\\ollama\\ollama\\llm\\llama.cpp\\examples\\llava\\clip.cpp:1026: new_clip->has_llava_projector\n",
        "failure", "model_config", id="clip-no-llava-projector"),
    pytest.param(  # TGI's shard downloading with hf_transfer (huggingface/text-generation-inference#982)
        "RuntimeError: An error occurred while downloading using `hf_transfer`. Consider disabling "
        "HF_HUB_ENABLE_HF_TRANSFER for better error handling.\n",
        "failure", "model_access", id="hf-transfer-download"),
    pytest.param(  # Xinference's client relaying the worker's failed download (xorbitsai/inference#1675)
        "Server error: 503 - [address=0.0.0.0:55036, pid=63] Failed to download model 'glm-4v' "
        "(size: 9, format: pytorch) after multiple retries\n",
        "failure", "model_access", id="xinference-download-retries"),
    pytest.param(  # a reranker's chat template without its messages, relayed in a 400 (QwenLM/Qwen3-VL-Embedding#84)
        "Rerank Response: {'object': 'error', 'message': \"'messages' is undefined\", 'type': 'BadRequestError', "
        "'param': None, 'code': 400}\n",
        "failure", "model_config", id="template-messages-undefined"),
    pytest.param(  # vLLM started for the reward task, asked for /score (hiyouga/LLaMA-Factory#9540)
        "vllm serve /model_path --trust-remote-code --tensor-parallel-size 2 --task reward\n"
        '{"object":"error","message":"The model does not support Score API","type":"BadRequestError","param":null,"code":400}\n',
        "failure", "model_config", id="api-not-supported-by-task"),
    pytest.param(  # Ollama's vision model without projector data it can read (valentinfrlch/ha-llmvision#691)
        "HTTP 500\n"
        '"error": "Failed to create new sequence: failed to process inputs: this model is missing data required for image input"\n',
        "failure", "model_config", id="ollama-no-image-data"),

    pytest.param(  # ggml's abort message, its backtrace, then SIGABRT, in Ollama's journal (ollama/ollama#12104)
        "Aug 28 11:07:42 ly3 ollama[2607954]: clip.cpp:4169: Unknown minicpmv version\n"
        "Aug 28 11:07:42 ly3 ollama[2607954]: /usr/local/bin/ollama(+0x107bfd8)[0x560e45b25fd8]\n"
        "Aug 28 11:07:42 ly3 ollama[2607954]: /usr/local/bin/ollama(+0x107c3b7)[0x560e45b263b7]\n"
        "Aug 28 11:07:42 ly3 ollama[2607954]: /usr/local/bin/ollama(+0x107c53d)[0x560e45b2653d]\n"
        "Aug 28 11:07:42 ly3 ollama[2607954]: /usr/local/bin/ollama(+0x1216c9e)[0x560e45cc0c9e]\n"
        "Aug 28 11:07:42 ly3 ollama[2607954]: SIGABRT: abort\n",
        "failure", "model_config", id="abort-message-before-sigabrt"),

    # round 113
    pytest.param(  # a stack server up, its first request naming a model no provider serves (meta-llama/llama-stack-apps#87)
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8321 (Press CTRL+C to quit)\n"
        "09:12:01.100 [ERROR] [create_agent_turn] Error in chat_completion: Could not find provider for Llama-Guard-3-1B\n",
        "failure", "model_config", id="no-provider-for-model"),
    pytest.param(  # torch's TCPStore server waiting for its world, logged by a manager (xorbitsai/inference#2486)
        "2025-01-02 10:00:00,001 xinference.api.restful_api 100 ERROR    Timed out after 300 seconds waiting for "
        "clients. 3/4 clients joined.\nTraceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.11/site-packages/xinference/api/restful_api.py", line 900, in launch_model\n',
        "failure", "nccl_comm", id="tcpstore-clients-joined"),
    pytest.param(  # Tabby's own report of llama-server's allocation failure (TabbyML/tabby#4293)
        "2025-06-18T15:08:35.003074Z  WARN llama_cpp_server::supervisor: crates/llama-cpp-server/src/supervisor.rs:164: "
        "Attempting to restart the llama-server...\n\n  ERROR\n\n  CUDA memory allocation error detected:\n"
        "  1. Try using a smaller Model\n",
        "failure", "oom_weights", id="memory-allocation-error-detected"),
    pytest.param(  # Windows' commit limit, in its English words (comfyanonymous/ComfyUI#8065)
        "2025-05-01T10:00:00.000000 - Loading weights\n"
        "OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "
        '"C:\\venv\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.\n',
        "failure", "oom_weights", id="windows-paging-file-too-small"),
    pytest.param(  # a deployment manager that could not start its engine (gpustack/gpustack#363)
        "      Failed to launch the vllm backend: [Errno 2] No such file or directory: '/opt/venv/bin/vllm'\n",
        "failure", "other", id="manager-failed-to-start-engine"),
    pytest.param(  # EvalScope's perf run: a load client's log, not the server's (modelscope/evalscope#243)
        "2025-01-15 10:38:19,393 - datasets - INFO - PyTorch version 2.5.1+cu124 available.\n"
        "2025-01-15 10:38:21,471 - evalscope - main.py - run_perf_benchmark - 32 - INFO - {\n"
        '    "model": "Qwen/Qwen2.5-0.5B-Instruct",\n    "api": "local_vllm",\n',
        "not_a_server_log", None, id="evalscope-perf-run"),
    pytest.param(  # a validator's call to a remote guard model (guardrails-ai/guardrails#1276)
        "ValueError: Failed to get valid response from Llamaguard-7B model. Status: 503. Detail: Service Unavailable\n",
        "not_a_server_log", None, id="client-no-valid-response"),

    # round 114
    pytest.param(  # a flag named with its value and what it requires (vllm-project/vllm#32565)
        "(EngineCore_DP0 pid=10) INFO 01-10 10:00:00 [core.py:90] Initializing a V1 LLM engine\n"
        "(EngineCore_DP0 pid=10)   File \"/opt/vllm/vllm/model_executor/layers/fused_moe/layer.py\", line 1500, in _select_experts\n"
        "(EngineCore_DP0 pid=10) ValueError: enable_dbo=True requires ubatch_size > 1\n",
        "failure", "model_config", id="flag-value-requires"),
    pytest.param(  # ModelScope's hub answer, the traceback below it cut (ScholarQABench#5; vllm#22164)
        "Downloading Model to directory: /root/.cache/modelscope/hub/org/judge-7b\n"
        "2025-01-02 10:00:00,000 - modelscope - ERROR - The request model: org/judge-7b does not exist!\n"
        "Traceback (most recent call last):\n"
        '  File "/work/scripts/judge.py", line 10, in <module>\n',
        "failure", "model_access", id="modelscope-model-does-not-exist"),
    pytest.param(  # an Ollama build with only CPU runners on an NVIDIA host (ollama/ollama#2883)
        'time=2024-03-01T10:00:00.000Z level=INFO source=routes.go:1019 msg="Listening on 127.0.0.1:11434 (version 0.1.28)"\n'
        'time=2024-03-01T10:00:00.100Z level=INFO source=payload_common.go:146 msg="Dynamic LLM libraries [cpu cpu_avx2]"\n'
        'time=2024-03-01T10:00:00.200Z level=INFO source=gpu.go:99 msg="Nvidia GPU detected"\n',
        "failure", "no_gpu_visible", id="ollama-cpu-only-runners"),
    pytest.param(  # Ollama turning its GPU support off on a CPU without AVX (ollama/ollama#5035)
        'time=2024-06-10T10:00:00.000+02:00 level=INFO source=routes.go:1064 msg="Listening on 127.0.0.1:11434 (version 0.1.44)"\n'
        'time=2024-06-10T10:00:00.100+02:00 level=WARN source=gpu.go:177 msg="CPU does not have AVX or AVX2, disabling GPU support."\n',
        "failure", "other", id="ollama-gpu-disabled-no-avx"),
    pytest.param(  # a vector database's client relaying a model server's 400 for its own request (milvus-io/milvus#42551)
        "pymilvus.exceptions.MilvusException: <MilvusException: (code=65535, message=Call rerank model failed: "
        "Call service failed, errs:[400 Bad Request, missing field 'model']>)>\n",
        "not_a_server_log", None, id="pymilvus-client-relay"),

    # round 115
    pytest.param(  # vLLM's CUTLASS kernels not built for the GPU, in their V1 wording (vllm-project/vllm#32109)
        "RuntimeError: Worker failed with error 'No compiled cutlass_scaled_mm for CUDA device capability: 121. "
        "Required capability: 90 or 100', please check the stack trace above for the root cause\n",
        "failure", "gpu_arch_unsupported", id="no-compiled-kernel-for-device-capability"),
    pytest.param(  # FlashInfer refusing a backend on this GPU (intel/auto-round#1864)
        "(Worker_TP0 pid=100) ERROR 05-27 15:35:13 [multiproc_executor.py:962] flashinfer.utils.BackendSupportedError: "
        "bmm_fp8 does not support backend 'cutlass' with capability 89\n",
        "failure", "gpu_arch_unsupported", id="flashinfer-backend-capability"),
    pytest.param(  # llama.cpp going on with ordinary memory and other buffers (LostRuins/koboldcpp#2045)
        "load_tensors: tensor 'blk.3.ffn_up_exps.weight' (mxfp4) (and 20 others) cannot be used with preferred "
        "buffer type CUDA0, using CUDA_Host instead\n"
        "ggml_cuda_host_malloc: failed to allocate 8192.00 MiB of pinned memory: out of memory\n"
        "load_tensors: offloading 24 repeating layers to GPU\n",
        "incomplete", None, id="llamacpp-pinned-and-buffer-fallbacks"),

    # round 116
    pytest.param(  # vLLM's spec-decode worker: draft and target vocabularies differ (ruipeterpan/specreason#10)
        "(VllmWorkerProcess pid=7) ERROR 10-16 16:01:23 [multiproc_worker_utils.py:238]   File \"/venv/lib/python3.12/"
        "site-packages/vllm/spec_decode/spec_decode_worker.py\", line 1258, in _vocab_size\n"
        "(VllmWorkerProcess pid=7) ERROR 10-16 16:01:23 [multiproc_worker_utils.py:238]     "
        "assert all(vocab_sizes[0] == vocab_size for vocab_size in vocab_sizes)\n"
        "(VllmWorkerProcess pid=7) ERROR 10-16 16:01:23 [multiproc_worker_utils.py:238] AssertionError\n",
        "failure", "model_config", id="spec-decode-draft-vocab"),
    pytest.param(  # a draft sharded across GPUs (vllm-project/vllm#7859)
        "ERROR 07-24 02:12:54 [engine.py:165] RuntimeError: Cannot handle cases where distributed draft workers "
        "generate no tokens\n",
        "failure", "model_config", id="spec-decode-distributed-draft"),
    pytest.param(  # a feature refused under tensor parallelism, with what to use instead (vllm-project/vllm#13122)
        "ValueError: Prequant BitsAndBytes models with tensor parallelism is not supported. Please try with "
        "pipeline parallelism.\n",
        "failure", "model_config", id="not-supported-with-tensor-parallelism"),
    pytest.param(  # a quantization kernel's own check of the checkpoint's layout (huggingface/text-generation-inference#1302)
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.10/site-packages/text_generation_server/utils/gptq/exllamav2.py", line 131, in __init__\n'
        "    assert qzeros.shape == (infeatures // self.group_size, outfeatures // 32 * self.bits)\n"
        "\nAssertionError\n"
        "2023-12-01T05:49:45.331592Z ERROR text_generation_launcher: Shard 0 failed to start\n",
        "failure", "model_config", id="quant-kernel-assertion"),
    pytest.param(  # a message and its traceback in one record, the traceback cut (alibaba/rtp-llm#105)
        "[root][2024-08-22 08:43:02][303769][Thread-9 (run_engine)][decoder_engine.py:step():131][ERROR] process run "
        "error: max() arg is an empty sequence, Traceback: Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.10/dist-packages/maga_transformer/async_decoder_engine/decoder_engine.py", line 119, in step\n'
        "    self.executor_.process(batch_query)\n",
        "failure", "other", id="message-then-inline-traceback-cut"),
    pytest.param(  # uvicorn's heading above a traceback cut before its exception (zai-org/GLM-4#545)
        'INFO:     192.168.96.12:55861 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error\n'
        "ERROR:    Exception in ASGI application\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.11/site-packages/uvicorn/protocols/http/httptools_impl.py", line 401, in run_asgi\n'
        "    result = await app(  # type: ignore[func-returns-value]\n"
        '  File "/opt/conda/lib/python3.11/site-packages/starlette/middleware/cors.py", line 85, in __call__\n'
        "    await self.app(scope, receive, send)\n",
        "incomplete", None, id="heading-above-cut-traceback"),

    # round 117
    pytest.param(  # torch's old-GPU warning, its message cut, the source line below it kept (easydiffusion#456)
        "  warnings.warn(old_gpu_warn % (d, name, major, minor, min_arch // 10, min_arch % 10))\n"
        "Start new Rendering Thread on device cuda:0\n"
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:9000 (Press CTRL+C to quit)\n",
        "failure", "gpu_arch_unsupported", id="torch-old-gpu-warning-source-line"),
    pytest.param(  # FlashAttention 3's hopper/ kernels from a CMake FetchContent copy, on sm_89 (FlashML-org/FreeToken#442)
        "CUDA error (_deps/repo-flash-attention-src/hopper/flash_fwd_launch_template.h:203): invalid argument\n"
        "Backend supervisor: backend worker freetoken-TP0-scheduler exited during load\n",
        "failure", "gpu_arch_unsupported", id="fa3-hopper-kernels-vendored"),
    pytest.param(  # FlashInfer's kernels refusing the model's head size (sgl-project/sglang#24714)
        "Exception: Capture cuda graph failed: Error in function 'VariableLengthMergeStates' at /venv/lib/python3.12/"
        "site-packages/flashinfer/data/include/flashinfer/attention/cascade.cuh:697: Unsupported head_dim: 106\n",
        "failure", "model_config", id="attention-kernel-head-dim"),
    pytest.param(  # vLLM's multimodal encoder budget, set at start, smaller than an item (zai-org/GLM-OCR#157)
        "The decoder prompt contains a(n) image item with length 6132, which exceeds the pre-allocated encoder cache "
        "size 6084. Please reduce the input size or increase the encoder cache size by setting --limit-mm-per-prompt "
        "at startup.\n",
        "failure", "model_config", id="encoder-cache-budget"),
    pytest.param(  # an xFormers without CUDA kernels, under the NotImplementedError it explains (vllm-project/vllm#11653)
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "     query       : shape=(1, 20394, 2, 6, 128) (torch.float16)\n"
        "`cutlassF-pt` is not supported because:\n"
        "    xFormers wasn't build with CUDA support\n",
        "failure", "other", id="xformers-without-cuda"),
    pytest.param(  # a logger's "X failed" above a bare traceback cut before its exception (xorbitsai/inference#3926)
        "INFO 08-07 02:41:08 [cuda.py:360] Using XFormers backend.\n"
        "2025-08-07 02:41:08,387 xinference.model.llm.vllm.core 2219 ERROR    Creating vllm engine failed\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/inference/xinference/model/llm/vllm/core.py", line 505, in _load\n'
        "    self._engine = XinferenceAsyncLLMEngine.from_engine_args(\n",
        "incomplete", None, id="step-failed-heading-above-cut-traceback"),
    pytest.param(  # vLLM's backend choices with its logger head dropped: an engine's lines (vllm-project/vllm#52682)
        "Selected MarlinFP8ScaledMMLinearKernel for Fp8LinearMethod\n"
        "Using FLASHINFER attention backend out of potential backends: ['FLASHINFER', 'TRITON_ATTN'].\n",
        "incomplete", None, id="vllm-backend-choice-lines"),
    pytest.param(  # TensorRT-LLM's old per-model engine build script (triton-inference-server/tensorrtllm_backend#144)
        "[11/18/2023-14:13:19] [TRT-LLM] [I] Estimated max memory usage on runtime: 187184.10 MiB\n"
        "Traceback (most recent call last):\n"
        '  File "/ws/TensorRT-LLM/examples/chatglm/build.py", line 751, in <module>\n'
        "    run_build()\n",
        "not_a_server_log", None, id="trtllm-example-build-script"),

    # round 118
    pytest.param(  # a wrapper's uvicorn up before the engine it builds captures its graphs (zjunlp/KnowLM#106)
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8090 (Press CTRL+C to quit)\n"
        "2024-01-09 16:05:01,012 INFO worker.py:1724 -- Started a local Ray instance.\n"
        "(Worker pid=1566571) [W CUDAGraph.cpp:145] Warning: Waiting for pending NCCL work to finish before starting "
        "graph capture. (function operator())\n",
        "incomplete", None, id="engine-capturing-graphs-after-web-ready"),
    pytest.param(  # SGLang's hierarchical cache asking for more host memory than is free (sgl-project/sglang#8102)
        "ValueError: Not enough host memory available. Requesting 40.00 GB but only have 44.87 GB free. Please reduce "
        "the size of the hierarchical cache.\n",
        "failure", "oom_weights", id="not-enough-host-memory"),
    pytest.param(  # PEFT's missing adapter file in the directory it read (predibase/lorax#14)
        "2023-11-12T05:38:04.192534Z ERROR text_generation_client: router/client/src/lib.rs:33: Server error: Can't find "
        "'adapter_config.json' at '/data/models--org--adapter/snapshots/834b33af'\n",
        "failure", "model_access", id="adapter-file-missing"),
    pytest.param(  # a LoRA adapter targeting modules the engine's LoRA does not take (vllm-project/vllm#41702)
        "(EngineCore pid=33) ERROR 05-05 08:15:24 [core.py:1337] ValueError: While loading /lora/final, expected target "
        "modules in {'down_proj', 'gate_proj', 'up_proj'} but received ['vision_tower.encoder.layers.0.mlp.down_proj.linear']\n",
        "failure", "model_config", id="lora-target-modules"),
    pytest.param(  # vLLM's weight loader finding no weight files (runpod-workers/worker-vllm#156)
        "RuntimeError: Cannot find any model weights with `/models/huggingface-cache/hub/models--org--model/snapshots/8047f7cc`\n",
        "failure", "model_access", id="no-weight-files"),
    pytest.param(  # vLLM's LoRA manager wrapping the cause above it, cut (vllm-project/vllm#8945)
        "ERROR 10-05 17:57:13 engine.py:157] RuntimeError: Loading lora /saves/qwen/lora/train-1 failed\n"
        "ERROR 10-05 17:57:13 engine.py:157] \n"
        "ERROR 10-05 17:57:13 engine.py:157] The above exception was the direct cause of the following exception:\n"
        "ERROR 10-05 17:57:13 engine.py:157] \n"
        "ERROR 10-05 17:57:13 engine.py:157] Traceback (most recent call last):\n"
        'ERROR 10-05 17:57:13 engine.py:157]   File "/venv/lib/python3.11/site-packages/vllm/engine/multiprocessing/engine.py", line 155, in start\n'
        "ERROR 10-05 17:57:13 engine.py:157]     self.run_engine_loop()\n",
        "incomplete", None, id="lora-load-wrapper"),

    # round 119
    pytest.param(  # Ollama 0.5's runner list in key=value form, CPU only, on an NVIDIA host (ollama/ollama#9035)
        'time=2025-02-12T14:19:55.576+08:00 level=INFO source=routes.go:1238 msg="Listening on 127.0.0.1:11434 (version 0.5.7)"\n'
        'time=2025-02-12T14:19:55.576+08:00 level=INFO source=routes.go:1267 msg="Dynamic LLM libraries" runners=[cpu]\n'
        'time=2025-02-12T14:19:55.996+08:00 level=INFO source=types.go:131 msg="inference compute" id=GPU-0 library=cuda '
        'variant=v12 compute=8.9 driver=12.4 name="NVIDIA GeForce RTX 4090" total="23.6 GiB" available="2.1 GiB"\n',
        "failure", "no_gpu_visible", id="ollama-runners-cpu-key-value"),
    pytest.param(  # Ollama with no GPU library for its runner at all (ollama/ollama#9842)
        'time=2025-03-18T11:15:57.784+09:00 level=DEBUG source=server.go:259 msg="compatible gpu libraries" compatible=[]\n',
        "failure", "no_gpu_visible", id="ollama-no-compatible-gpu-libraries"),
    pytest.param(  # vLLM's compiled MoE extension without the op its Python calls (vllm-project/vllm#18967)
        "RuntimeError: Worker failed with error ''_OpNamespace' '_moe_C' object has no attribute 'moe_align_block_size''\n",
        "failure", "other", id="compiled-op-missing"),
    pytest.param(  # DistServe's own P2P check on GeForce cards over PCIe (LLMServe/DistServe#39)
        "(ParaWorker pid=1955026) Error: Peer-to-peer access is unsupported on this platform.\n"
        "(ParaWorker pid=1955026) Exiting... \n",
        "failure", "nccl_comm", id="p2p-unsupported-platform"),
    pytest.param(  # SGLang's wrapper carrying its child's traceback as its message, cut (sgl-project/sglang#1343)
        '  File "/sglang/python/sglang/srt/server.py", line 365, in launch_server\n'
        "    raise RuntimeError(\n"
        "RuntimeError: Initialization failed. controller_init_state: Traceback (most recent call last):\n",
        "incomplete", None, id="sglang-init-state-wrapper-cut"),

    # round 120
    pytest.param(  # a server that found no CUDA and started on the CPU (toverainc/willow-inference-server#130)
        "[2023-10-20 16:38:51 +0000] [60] [INFO] Listening at: http://0.0.0.0:19000 (60)\n"
        "[2023-10-20 16:38:58 +0000] [62] [INFO] CUDA: Not found - using CPU with 4 cores\n",
        "failure", "no_gpu_visible", id="cuda-not-found-using-cpu"),
    pytest.param(  # the kubelet refusing a pod on a node that does not advertise its GPUs yet (aws/karpenter-provider-aws PR 1476)
        "triton-766b8c8dcb-6m8td   0/2   OutOfnvidia.com/gpu   0   79s   <none>   ip-10-32-136-67.eu-west-1.compute.internal\n",
        "failure", "no_gpu_visible", id="kubelet-out-of-nvidia-gpu"),
    pytest.param(  # a kernel compiled at start in an image without the CUDA toolkit (kaito-project/kaito#2114)
        "(EngineCore_DP1 pid=541) RuntimeError: Worker failed with error 'Could not find nvcc and default "
        "cuda_home='/usr/local/cuda' doesn't exist', please check the stack trace above for the root cause\n"
        "(EngineCore_DP0 pid=540) Process EngineCore_DP0:\n"
        "(EngineCore_DP0 pid=540) Traceback (most recent call last):\n",
        "failure", "other", id="jit-without-cuda-toolkit"),
    pytest.param(  # llama.cpp's pre-GGUF loader still loading: an engine's lines, not nothing (ollama/ollama#1413)
        "llama.cpp: loading model from /models/blobs/sha256-8daa9615\n"
        "llama_model_load_internal: format     = ggjt v3 (latest)\n"
        "llama_model_load_internal: n_vocab    = 32000\n",
        "incomplete", None, id="llamacpp-pre-gguf-loader"),
    pytest.param(  # werkzeug's ready lines pasted without their leading blank, beside ONNX Runtime's own line (LibreTranslate#961)
        '2026-03-14 21:54:51.577570823 [W:onnxruntime:Default, device_discovery.cc:164 DiscoverDevicesForPlatform] GPU '
        'device discovery failed: device_discovery.cc:89 ReadFileContents Failed to open file: "/sys/class/drm/card0/device/vendor"\n'
        "* Running on all addresses (::)\n"
        "* Running on http://[::1]:5000\n"
        "Press CTRL+C to quit\n",
        "no_failure", None, id="onnxruntime-and-flask-ready"),

    # round 121
    pytest.param(  # a container whose command is a flag, NVIDIA's entrypoint exec'ing it (triton-inference-server/server#1829)
        "/opt/tritonserver/nvidia_entrypoint.sh: line 92: exec: --: invalid option\n",
        "failure", "model_config", id="flag-as-container-command"),
    pytest.param(  # Docker Compose refusing a key newer than itself (infiniflow/ragflow#2309)
        'WARN[0000] The "MACOS" variable is not set. Defaulting to a blank string. \n'
        "(root) Additional property include is not allowed\n",
        "failure", "other", id="compose-schema-rejected"),
    pytest.param(  # DeepSpeed-MII's wrapper with no cause of its server's (deepspeedai/DeepSpeed-MII#400)
        '  File "/usr/local/lib/python3.10/dist-packages/mii/backend/server.py", line 62, in _wait_until_server_is_live\n'
        "    raise RuntimeError(\n"
        "RuntimeError: server crashed for some reason, unable to proceed\n",
        "incomplete", None, id="mii-server-crashed-wrapper"),
    pytest.param(  # llama-cpp-python's own check raising a bare AssertionError, llama.cpp's lines absent (oobabooga#4547)
        '  File "D:\\textgen\\installer_files\\env\\Lib\\site-packages\\llama_cpp_cuda\\llama.py", line 365, in __init__\n'
        "    assert self.model is not None\n"
        "AssertionError\n",
        "incomplete", None, id="llama-cpp-python-null-model-wrapper"),
    pytest.param(  # the same check with llama.cpp's reason above it: the reason leads (abetlen/llama-cpp-python#902)
        "gguf_init_from_file: invalid magic characters 'tjgg'\n"
        "error loading model: llama_model_loader: failed to load model from /models/llama-2-7b.ggmlv3.q4_0.bin\n"
        '  File "/usr/local/lib/python3.10/site-packages/llama_cpp/llama.py", line 323, in __init__\n'
        "    assert self.model is not None\n"
        "AssertionError\n",
        "failure", "model_config", id="llama-cpp-python-null-model-with-reason"),
    # round 122
    pytest.param(  # a traceback pasted with its line breaks lost: the exception before SGLang's wrapper (sglang#462)
        "raise RuntimeError( RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with "
        "multiprocessing, you must use the 'spawn' start method  Initialization failed. detoken_init_state: init ok\n",
        "failure", "other", id="collapsed-exception-before-wrapper"),
    pytest.param(  # the wrapper's own exception type is no cause of its own (xinference's engine wrapper)
        "RuntimeError: [address=0.0.0.0:36797, pid=6075] Engine core initialization failed. See root cause above. "
        "Failed core proc(s): {}\n",
        "incomplete", None, id="wrapper-own-exception-type"),
    pytest.param(  # torch 2.4+'s c10 head with an unpadded month is a warning (sgl-project/sglang#7590)
        "[2025-06-26 08:49:44] Init torch distributed begin.\n"
        "[W626 08:49:56.639165408 socket.cpp:200] [c10d] The hostname of the client socket cannot be retrieved. err=-3\n"
        "[2025-06-26 08:50:08] Init torch distributed ends. mem usage=0.00 GB\n",
        "incomplete", None, id="c10-warning-unpadded-month"),
    pytest.param(  # a C program's own "note:" after its function name (mozilla-ai/llamafile#736)
        "import_cuda_impl: initializing gpu module...\n"
        "extract_cuda_dso: note: prebuilt binary /zip/ggml-cuda.so not found\n"
        "compile_nvidia: note: building ggml-cuda with nvcc -arch=native...\n",
        "incomplete", None, id="program-note-line"),
    pytest.param(  # TGI's entrypoint going on without ldconfig (huggingface/text-generation-inference#2293)
        "unable to refresh ld cache, not a big deal in most cases\n"
        "2024-07-24T08:07:03.934829Z  INFO text_generation_launcher: Args {\n",
        "incomplete", None, id="tgi-ld-cache-refresh"),
    pytest.param(  # only the trailer of Open MPI's crash backtrace (triton-inference-server/tensorrtllm_backend#456)
        "[keith-a100-dev4:00259] [13] /opt/tritonserver/bin/../lib/libtritonserver.so(+0x192f26)[0x7bc8a5907f26]\n"
        "[keith-a100-dev4:00259] [23] /usr/lib/x86_64-linux-gnu/libc.so.6(+0x94ac3)[0x7bc8a4f70ac3]\n"
        "[keith-a100-dev4:00259] *** End of error message ***\n",
        "incomplete", None, id="openmpi-backtrace-trailer-only"),
    pytest.param(  # ModelMesh's wrapper: its model server went away (kserve/modelmesh-serving#105)
        "UNAVAILABLE: Failed to load Model due to Triton runtime error: rpc error: code = Unavailable desc = "
        "error reading from server: EOF\n",
        "incomplete", None, id="modelmesh-runtime-wrapper"),
    pytest.param(  # ChatRTX's wrapper whose 'Error:' is empty (vossr/Chat-With-RTX-python-api#7)
        "[TensorRT-LLM] TensorRT-LLM version: 0.9.0\n"
        "2025-01-02 13:18:13,114 - [ChatRTX] - ERROR - trtllm.py:90 - Fail to create TRT-LLM object for model: "
        "C:\\chatrtx\\models\\mistral_7b_AWQ_int4_chat\\engine. \n"
        " Error:\n",
        "incomplete", None, id="chatrtx-empty-error"),
    pytest.param(  # the rest of a warning a console wrapped at its width (theroyallab/tabbyAPI via exllamav3#76)
        "2025-08-28 09:23:35.119 INFO:     exllamav3 version: 0.0.6\n"
        "2025-08-28 09:23:35.815 WARNING:  TemplateLoadError: Chat template \n"
        '"chat_template" not found in files.\n',
        "incomplete", None, id="console-wrapped-warning"),
    pytest.param(  # KAI scheduler's refusal (NVIDIA/KAI-Scheduler#39)
        "Warning  Unschedulable  kai-scheduler  No nodes with enough resources were found: 2 node(s) didn't "
        "have enough resources: GPUs.\n",
        "failure", "no_gpu_visible", id="kai-scheduler-no-gpus"),
    pytest.param(  # vLLM's sanity-check script is a program, not a server (vllm-project/vllm#10453)
        "h100-2:146:146 [0] NCCL INFO comm 0x1a374220 rank 0 nranks 4 cudaDev 0 - Init COMPLETE\n"
        "vLLM NCCL is successful!\n"
        "vLLM NCCL is successful!\n"
        "vLLM NCCL with cuda graph is successful!\n",
        "not_a_server_log", None, id="vllm-sanity-check-script"),
    pytest.param(  # TensorRT-LLM's executor cannot tell the model class (NVIDIA/TensorRT-LLM#6193)
        "[07/18/2025-20:27:59] [TRT-LLM] [E] Failed to initialize executor on rank 0: Cannot determine model "
        "architecture from config\n",
        "failure", "model_config", id="trtllm-cannot-determine-architecture"),
    # round 123
    pytest.param(  # an app's own API up first, its vLLM engine starting after it (opendatalab/MinerU#3582)
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:38000 (Press CTRL+C to quit)\n"
        "INFO 12-09 04:02:26 [__init__.py:711] Resolved architecture: Qwen2VLForConditionalGeneration\n",
        "incomplete", None, id="engine-starting-after-app-ready"),
    pytest.param(  # text-generation-webui loading a model after its UI came up (oobabooga/text-generation-webui#4226)
        "Running on local URL:  http://127.0.0.1:7860\n"
        "2023-10-08 15:24:47 INFO:Loading TheBloke_Pygmalion-2-7B-GPTQ...\n"
        "2023-10-08 15:24:47 INFO:The AutoGPTQ params are: {'model_basename': 'model', 'device': 'cuda:0', 'u"
        "se_triton': False, 'inject_fused_attention': True, 'inject_fused_mlp': True, 'use_safetensors': True, 'trust_remote_code': False, 'max_memory': None, 'quantize_config': None, 'use_cuda_fp16': True, 'disable_exllama': False}" "\n",
        "incomplete", None, id="textgen-loading-after-ui"),
    pytest.param(  # Windows' pause after the server's process exited, after a ready line
        "INFO:     Application startup complete.\n"
        "INFO 12-09 04:02:26 [gpu_model_runner.py:1] Loading weights took 3.2 seconds\n"
        "Press any key to continue . . .\n",
        "incomplete", None, id="windows-pause-after-ready"),
    pytest.param(  # KoboldAI's web server up, its model still loading (KoboldAI/KoboldAI-Client#367)
        "INIT       | OK         | Webserver\n"
        "MESSAGE    | Webserver started! You may now connect with a browser at http://127.0.0.1:5000\n"
        "INIT       | Starting   | Transformers\n"
        "INIT       | Loading model tensors:   0%|          | 0/341 [02:08<?, ?it/s]\n",
        "incomplete", None, id="koboldai-loading-after-webserver"),
    pytest.param(  # a logger that heads every traceback line, its exception line too (sgl-project/sglang#19408)
        "[2026-02-26 15:56:59] ERROR: Traceback (most recent call last):\n"
        '[2026-02-26 15:56:59] ERROR:   File "/usr/local/lib/python3.12/dist-packages/transformers/models/auto/'
        'configuration_auto.py", line 1048, in __getitem__\n'
        "[2026-02-26 15:56:59] ERROR:     raise KeyError(key)\n"
        "[2026-02-26 15:56:59] ERROR: KeyError: 'glm_moe_dsa'\n",
        "failure", "model_config", id="error-headed-traceback-exception"),
    pytest.param(  # Triton's DALI backend cannot open the model file (triton-inference-server/dali_backend#144)
        "E0714 12:40:59.798660 1 dali_model.cc:32] Failed to open serialized model file: models/dali/1/model.dali\n",
        "failure", "model_access", id="failed-to-open-model-file"),
    pytest.param(  # Triton cannot lower an int8 kernel for a V100 (InternLM/lmdeploy#2407)
        'loc(fused["/usr/local/lib/python3.10/dist-packages/lmdeploy/pytorch/kernels/cuda/w8a8_triton_kernels.py":84:23]): '
        "error: invalid element type in packLLEElements. Expected 'i32' but got 'i8'\n",
        "failure", "gpu_arch_unsupported", id="triton-lowering-failed"),
    # round 124
    pytest.param(  # the second line of vLLM's bfloat16 refusal, pasted alone (hiyouga/LLaMA-Factory#3717)
        "You can use float16 instead by explicitly setting the`dtype` flag in CLI, for example: --dtype=half\n",
        "failure", "gpu_arch_unsupported", id="vllm-bf16-second-line"),
    pytest.param(  # Ray's autoscaler monitor rejecting its config (ray-project/kuberay#4447)
        "2026-01-27 23:22:45,038\tERROR (monitor) autoscaler.py:222 -- 0.4 is not of type 'integer'\n"
        "Failed validating 'type' in schema['properties']['available_node_types']['patternProperties']['.*']:\n",
        "failure", "other", id="ray-autoscaler-monitor-error"),
    pytest.param(  # Dynamo relaying vLLM's lines at INFO (ai-dynamo/dynamo#430)
        "2025-03-31T03:33:02.720454Z  INFO dynamo_llm::engines::vllm::worker: VLLM: (VllmWorkerProcess 03-31 "
        "03:33:02 multiproc_worker_utils.py:242] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
        "448.00 MiB. GPU 2 has a total capacity of 79.10 GiB of which 302.88 MiB is free.\n",
        "failure", "oom_weights", id="dynamo-relayed-engine-line"),
    pytest.param(  # NCCL 2.27's InfiniBand completion error (eugr/spark-vllm-docker#169)
        "[2026-04-06 23:02:12] gx10-9eba:158:188 [0] transport/net_ib/p2p.cc:786 NCCL WARN NET/IB: ncclIbTest: "
        "Got CQE with error (devIndex=0, req=0xe51690018018, comm=0xe51690018000 (send), wr_id=2, qp_num=1104)\n",
        "failure", "nccl_comm", id="nccl-ib-cqe-error"),
    pytest.param(  # vLLM could not load NCCL itself (vllm-project/vllm#4257)
        "ERROR 04-22 15:53:32 pynccl.py:44] Failed to load NCCL library from libnccl.so.2 .It is expected if you "
        "are not running on NVIDIA/AMD GPUs.Otherwise, the nccl library might not exist, be corrupted or it does "
        "not support the current platform\n",
        "failure", "other", id="nccl-library-load-failed"),
    pytest.param(  # SGLang's heading above a traceback cut before its exception (sgl-project/sglang#1479)
        "[23:17:01 TP0] Capture cuda graph begin. This can take up to several minutes.\n"
        "[23:17:08 TP4] Exception in run_tp_server:\n"
        "Traceback (most recent call last):\n"
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 147, in __init__\n'
        "    self.capture()\n",
        "incomplete", None, id="sglang-exception-heading-cut"),
    pytest.param(  # Dynamo's NIXL connector going on without CuPy (ai-dynamo/dynamo#9312)
        "INFO 03-10 10:00:00 [__init__.py:239] Automatically detected platform cuda.\n"
        "dynamo.nixl_connect: Failed to load CuPy for GPU acceleration, utilizing numpy to provide CPU based "
        "operations.\n",
        "incomplete", None, id="dynamo-cupy-fallback"),
    pytest.param(  # nccl-tests' report by its column header (NVIDIA/nccl-tests#24)
        "#       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
        "gpu4:5633:5633 [0] NCCL INFO Launch mode Group/CGMD\n"
        "gpu5:6252:6325 [0] NCCL INFO transport/net.cu:478 -> 2\n",
        "not_a_server_log", "nccl_comm", id="nccl-tests-column-header"),
    pytest.param(  # TensorRT-LLM's example build script (NVIDIA/TensorRT-LLM#199)
        "[10/30/2023-14:40:46] [TRT-LLM] [W] Parallelly build TensorRT engines. Please make sure that all of the 4 "
        "GPUs are totally free.\n"
        "[10/30/2023-14:40:49] [TRT] [I] [MemUsageChange] Init CUDA: CPU +2, GPU +0, now: CPU 116, GPU 309 (MiB)\n",
        "not_a_server_log", None, id="trtllm-parallel-build"),
    pytest.param(  # vLLM's collect_env run by hand, its vLLM import failing (vllm-project/vllm#16465)
        "~# python3 collect_env.py \n"
        "INFO 04-11 16:49:01 [__init__.py:256] Automatically detected platform cuda.\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/__init__.py", line 11, in <module>\n'
        "    from vllm.engine.arg_utils import AsyncEngineArgs, EngineArgs\n",
        "not_a_server_log", None, id="collect-env-script"),
    pytest.param(  # Dynamo's frontend serving its HTTP API (ai-dynamo/dynamo#3943)
        "2025-10-28T22:17:00.037806Z  INFO dynamo_llm::entrypoint::input::http: Watching for remote model at models\n"
        '2025-10-28T22:17:00.039174Z  INFO dynamo_llm::http::service::service_v2: Starting HTTP(S) service '
        'protocol="HTTP" address="0.0.0.0:8000"\n',
        "no_failure", None, id="dynamo-frontend-http"),
    pytest.param(  # a Dynamo worker serving its endpoint (ai-dynamo/dynamo#7569)
        "2026-03-20T09:25:00.643076Z  INFO dynamo_runtime::pipeline::network::ingress::shared_tcp_endpoint: "
        "Registered endpoint 'generate' with shared TCP server on 10.233.112.57:44633\n",
        "no_failure", None, id="dynamo-worker-endpoint"),
    # round 125
    pytest.param(  # a TensorRT plugin's CUDA check with the driver too old (blakeblackshear/frigate#7959)
        "Cuda failure in file 'yolo_layer.cu' line 51: 35\n"
        "/etc/s6-overlay/s6-rc.d/trt-model-prepare/run: line 82:   204 Aborted\n",
        "failure", "driver_too_old", id="cuda-failure-in-file-code-35"),
    pytest.param(  # Triton: the model's folder holds no version (NVIDIA-AI-IOT/deepstream_triton_model_deploy#5)
        "I0120 09:37:32.221101 192 server.cc:120] Initializing Triton Inference Server\n"
        "**ERROR: infer_trtis_server.cpp:617 TRTIS: failed to load model centerface, trtis_err_str:INTERNAL, "
        "err_msg:failed to load 'centerface', no version is available\n",
        "failure", "model_access", id="triton-no-version-available"),
    pytest.param(  # huggingface_hub going on with its local copy, then a traceback cut (rednote-hilab/dots.ocr#6)
        "Returning existing local_dir `/weights/DotsOCR` as remote repo cannot be accessed in `snapshot_download` "
        "((MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: "
        "/api/models/rednote-hilab/dots.ocr/revision/main\")))\n"
        "INFO 08-01 04:48:52 [__init__.py:235] Automatically detected platform cuda.\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/bin/vllm", line 6, in <module>\n'
        "    from DotsOCR import modeling_dots_ocr_vllm\n",
        "incomplete", None, id="hf-hub-local-dir-fallback"),
    pytest.param(  # deepstream-app's pipeline running (bharath5673/Deepstream#3)
        "** INFO: <bus_callback:194>: Pipeline ready\n"
        "** INFO: <bus_callback:180>: Pipeline running\n",
        "no_failure", None, id="deepstream-pipeline-running"),
    pytest.param(  # a RunPod worker still waiting for its server (runpod-workers/worker-a1111#14)
        "2023-12-16T12:15:59.528944713Z Starting RunPod Handler\n"
        '2023-12-16T12:16:04.643535803Z {"requestId": null, "message": "Service not ready yet. Retrying...", '
        '"level": "INFO"}\n',
        "incomplete", None, id="runpod-handler-waiting"),
    # round 126
    pytest.param(  # FFmpeg's CUDA loader finding no libcuda (saihgupr/frigate-proxmox-script#30)
        "2026-05-02 12:30:09.972084638  [2026-05-02 12:30:09] ffmpeg.front_garden.detect     ERROR   : "
        "[AVHWDeviceContext @ 0x62fafe365ac0] Cannot load libcuda.so.1\n",
        "failure", "no_gpu_visible", id="ffmpeg-cannot-load-libcuda"),
    pytest.param(  # .NET's type-initializer wrapper over LLamaSharp's list of reasons (SciSharp/LLamaSharp#374)
        "System.TypeInitializationException\n"
        "  Message=The type initializer for 'LLama.Native.NativeApi' threw an exception.\n"
        "Inner Exception 1:\n"
        "RuntimeError: The native library cannot be correctly loaded. It could be one of the following reasons: \n"
        "1. No LLamaSharp backend was installed. Please search LLamaSharp.Backend and install one of them. \n",
        "incomplete", None, id="dotnet-llamasharp-wrappers"),
    pytest.param(  # LlamaEdge's API server lines are a server's (LlamaEdge/rag-api-server#18)
        "[2024-07-11 07:50:12.036] [wasi_logging_stdout] [info] llama_core: llama_core::chat in "
        "llama-core/src/chat.rs:1315: Get the model metadata.\n"
        "[2024-07-11 07:50:12.036] [wasi_logging_stdout] [error] llama_core: llama_core::chat in "
        "llama-core/src/chat.rs:1349: Failed to load the chat graph.\n",
        "failure", "other", id="llamaedge-server-lines"),
    pytest.param(  # LlamaEdge's command-line chat is a program (second-state/LlamaEdge#88)
        "(base) root@VM-0-9-ubuntu:~# /root/.wasmedge/bin/wasmedge --dir .:. --nn-preload "
        "default:GGML:AUTO:openchat-3.5-1210-Q5_K_M.gguf llama-chat.wasm -p openchat\n"
        "CUDA error 222 at /mnt/build/_deps/llama-src/ggml-cuda.cu:7788: the provided PTX was compiled with an "
        "unsupported toolchain.\n",
        "not_a_server_log", "driver_too_old", id="llamaedge-chat-cli"),
    pytest.param(  # the TensorRT engine build script Frigate runs (remz1337/Proxmox#13)
        "Loading the ONNX file...\n"
        "Building the TensorRT engine.  This would take a while...\n"
        "ls: cannot access '*.trt': No such file or directory\n"
        "[ERROR] in line 192: exit code 0: while executing command $STD bash /opt/frigate/docker/tensorrt/detector/"
        "rootfs/etc/s6-overlay/s6-rc.d/trt-model-prepare/run\n",
        "not_a_server_log", "other", id="tensorrt-demos-engine-build"),
    # after rounds 122-126's log-only readers (both read it so from the lines)
    pytest.param(  # a model repository's command-line chat demo (THUDM/ChatGLM3#206)
        "Traceback (most recent call last):\n"
        '  File "/opt/ChatGLM3/cli_demo.py", line 11, in <module>\n'
        '    model = load_model_on_gpus("/opt/modles/chatglm3-6b/", num_gpus=2)\n',
        "not_a_server_log", None, id="model-repo-cli-demo"),
    # round 127
    pytest.param(  # the ollama CLI relaying a runner's death with no cause (ollama/ollama#11801)
        "$ollama run gpt-oss:20b\nError: llama runner process has terminated: error:fault\n",
        "not_a_server_log", None, id="ollama-cli-relay-without-cause"),
    pytest.param(  # the same CLI relaying a cause keeps that cause's class (ollama/ollama#8964's form)
        "Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer\n",
        "failure", "oom_weights", id="ollama-cli-relay-with-cause"),
    pytest.param(  # a traceback through the OpenAI SDK's HTTP client, cut before its exception (zai-org/ChatGLM3#835)
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.10/site-packages/openai/_base_client.py", line 918, in _request\n'
        "    response = self._client.send(\n"
        '  File "/opt/conda/lib/python3.10/site-packages/httpx/_client.py", line 915, in send\n'
        "    response = self._send_handling_auth(\n",
        "not_a_server_log", None, id="openai-sdk-client-traceback"),
    pytest.param(  # vLLM's config loader finding no config in the folder given (unslothai/unsloth#1191)
        "ValueError: No supported config format found in unsloth_llama_3_1_pathology_epoch8_adapter\n",
        "failure", "model_access", id="vllm-no-supported-config-format"),
    pytest.param(  # vLLM's loader: the checkpoint lacks a head the model class needs (modelscope/ms-swift#6129)
        "ValueError: Following weights were not initialized from checkpoint: {'language_model.score.weight'}\n",
        "failure", "model_config", id="vllm-weights-not-in-checkpoint"),
    pytest.param(  # Modular MAX with no build target for the GPU (modular/modular#5359)
        "the target architecture 'nvidia:110' is invalid or not currently supported\n",
        "failure", "gpu_arch_unsupported", id="max-target-architecture"),
    pytest.param(  # the allocator's NVML assert with its path on the next line (vllm-project/vllm#40920)
        "RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at\n"
        '"/pytorch/c10/cuda/CUDACachingAllocator.cpp":1154\n',
        "failure", "oom_weights", id="nvml-assert-path-on-next-line"),
    pytest.param(  # Flask's exception heading in logging's LEVEL:logger:message form (LibreTranslate#836)
        "ERROR:libretranslate.app:Exception on /translate [POST]\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.8/dist-packages/flask/app.py", line 2529, in wsgi_app\n'
        "    response = self.full_dispatch_request()\n",
        "incomplete", None, id="flask-exception-heading-cut"),
    pytest.param(  # Meta's reference example script under torchrun (meta-llama/llama#918)
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 448.00 MiB.\n"
        "Traceback (most recent call last):\n"
        '  File "/mnt/llama/example_chat_completion.py", line 96, in <module>\n'
        "    fire.Fire(main)\n",
        "not_a_server_log", "oom_weights", id="llama-reference-example"),
    # round 128
    pytest.param(  # a kernel library needing a newer CUDA toolkit than the image's (sgl-project/sglang#25982)
        "NotImplementedError: CuTe Experimental module is only supported on Cuda toolkit 13.1 and above!\n",
        "failure", "other", id="cute-needs-newer-toolkit"),
    pytest.param(  # FasterTransformer's backend cannot read the model's config.ini (fastertransformer_backend#140)
        "terminate called after throwing an instance of 'std::runtime_error'\n"
        "  what():  [FT][ERROR] Can't load /models/gpt/fastertransformer/1/1-gpu//config.ini\n",
        "failure", "model_access", id="fastertransformer-config-ini"),
    pytest.param(  # transformers' GPTQ Exllama kernel with layers offloaded (guidance-ai/guidance#536)
        "ValueError: Found modules on cpu/disk. \n"
        "Using Exllama or Exllamav2 backend requires all the modules to be on GPU.\n",
        "failure", "model_config", id="gptq-exllama-modules-offloaded"),
    pytest.param(  # Marlin's shape check: packed weights of another width (vllm-project/vllm#44796)
        "RuntimeError: Shape mismatch: a.size(1) = 4096, size_k = 8192\n",
        "failure", "model_config", id="marlin-shape-mismatch"),
    pytest.param(  # Cog's worker died; its own words only guess (replicate/cog#960)
        "cog.server.exceptions.FatalWorkerException: Prediction failed for an unknown reason. It might have run "
        "out of memory? (exitcode 2)\n",
        "incomplete", None, id="cog-fatal-worker-wrapper"),
    pytest.param(  # Ray starts without its dashboard (langchain-ai/langchain#9646)
        "2023-08-23 08:52:55,683\tERROR services.py:1207 -- Failed to start the dashboard, return code -11\n"
        "2023-08-23 08:52:55,687\tERROR services.py:1276 -- \n"
        "The last 20 lines of /tmp/ray/session_1/logs/dashboard.log (it contains the error message from the "
        "dashboard): \n"
        "2023-08-23 08:52:56,847\tINFO worker.py:1636 -- Started a local Ray instance.\n",
        "incomplete", None, id="ray-dashboard-not-started"),
    pytest.param(  # DeepSpeed-MII's server up; gRPC could not read the proxy variable (DeepSpeed-MII#431)
        "[2024-03-06 09:12:36,337] [INFO] [server.py:64:_wait_until_server_is_live] server has started on "
        "ports [50051]\n"
        "E0306 09:12:36.342717891 2823878 http_proxy_mapper.cc:130]             cannot parse value of "
        "'http_proxy' env var. Error: INVALID_ARGUMENT: Could not parse 'scheme' from uri '10.1.1.1:7890'.\n",
        "no_failure", None, id="mii-started-grpc-proxy-unparsed"),
    pytest.param(  # IPython's numbered source lines are code, also when lines follow (mlflow/mlflow#12205)
        "File /usr/lib/python3.11/site-packages/pydantic/v1/main.py:1100, in validate_model(model, input_data, cls)\n"
        "   1099 try:\n"
        "-> 1100     values = validator(cls_, values)\n"
        "   1101 except (ValueError, TypeError, AssertionError) as exc:\n"
        "   1102     errors.append(ErrorWrapper(exc, loc=ROOT_KEY))\n"
        + "INFO 05-01 12:00:01 [config.py:1604] Using max model len 32768\n" * 20,
        "incomplete", None, id="ipython-numbered-source-lines"),
    # round 129
    pytest.param(  # Go's report of a child killed by SIGILL, Ollama 0.1's runner (ollama/ollama#845)
        "2023/12/28 22:36:56 llama.go:440: starting llama runner\n"
        "2023/12/28 22:36:56 llama.go:498: waiting for llama runner to start responding\n"
        "2023/12/28 22:36:56 llama.go:455: signal: illegal instruction\n",
        "failure", "other", id="go-signal-illegal-instruction"),
    pytest.param(  # a relay quoting the child's own error after Go's signal keeps that error (ollama/ollama#5359)
        "Error: llama runner process has terminated: signal: aborted (core dumped) error:failed to create context "
        "with model '/var/lib/ollama/blobs/sha256-e84e'\n",
        "failure", "kv_cache_insufficient", id="go-signal-then-quoted-cause"),
    pytest.param(  # ONNX Runtime's EP Error banner after the ready line, its error cut (OBAA/fastembed-server#1)
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
        "*************** EP Error ***************\n",
        "incomplete", None, id="onnxruntime-ep-error-banner"),
    pytest.param(  # Xinference's actor system losing the model's subprocess (xorbitsai/inference#3856)
        "xoscar.errors.ServerClosed: [address=0.0.0.0:23450, pid=358] Remote server unixsocket:///93847552 "
        "closed: 0 bytes read on a total of 11 expected bytes\n",
        "incomplete", None, id="xoscar-server-closed"),
    pytest.param(  # LocalAI's start-up lines name the server (mudler/LocalAI#1770)
        "WRN [startup] failed resolving model '/usr/bin/local-ai'\n"
        "2:42PM INF Preloading models from /models\n",
        "incomplete", None, id="localai-preloading"),
    pytest.param(  # llama.cpp's llama-fit-params is a command-line tool (ggml-org/llama.cpp#18070)
        "$ ./build/bin/llama-fit-params -m /models/Devstral-2-123B-Q8_0-00001-of-00003.gguf\n"
        "ggml_cuda_init: found 5 CUDA devices:\n",
        "not_a_server_log", None, id="llamacpp-fit-params"),
    pytest.param(  # gpt-fast's generate.py is a command-line generator (pytorch-labs/gpt-fast#98)
        "Traceback (most recent call last):\n"
        '  File "/home/paperspace/gpt-fast/generate.py", line 508, in <module>\n'
        "    main(\n",
        "not_a_server_log", None, id="gpt-fast-generate"),
    pytest.param(  # cosyvoice.cpp's request log: a request answered 200 (Lourdle/cosyvoice.cpp#34)
        "ggml_cuda_init: found 1 CUDA devices (Total VRAM: 16375 MiB):\n"
        "  model loaded       : cosyvoice3-2512\n"
        "[2026-09-18 15:46:53.474] [REQ] id=49 done status=ok http=200 elapsed_ms=644 bytes=149804\n",
        "no_failure", None, id="cosyvoice-cpp-request-ok"),
    # round 130
    pytest.param(  # vLLM's per-prompt multimodal limit (bytedance/UI-TARS-desktop#23)
        "ERROR 01-23 07:08:25 serving_chat.py:181] ValueError: At most 1 image(s) may be provided in one request.\n",
        "failure", "model_config", id="vllm-mm-limit-at-most"),
    pytest.param(  # the same limit in vLLM's later wording, relayed by Xinference (xorbitsai/inference#3054)
        "2025-03-12 09:29:12,291 xinference.core.model 822191 ERROR    Leave chat, error: You set image=2 (or "
        "defaulted to 1) in `--limit-mm-per-prompt`, but passed 3 image items in the same prompt., elapsed time: 0 s\n",
        "failure", "model_config", id="vllm-mm-limit-you-set"),
    pytest.param(  # c10's C++ frames under a Ray actor's prefix name classes, not failures (ray-project/ray#59522)
        "(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=74562, ip=192.168.92.185) frame #0: c10::Error::Error("
        "c10::SourceLocation, std::string) + 0x80 (0x7fd66cad9eb0 in /opt/torch/lib/libc10.so)\n"
        "(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=74562, ip=192.168.92.185) frame #2: c10d::ProcessGroupNCCL::"
        "WorkNCCL::finishedGPUExecutionInternal() const + 0x50 (0x7fd610083640 in /opt/torch/lib/libtorch_cuda.so)\n",
        "incomplete", None, id="cxx-frames-ray-prefix"),
    pytest.param(  # a Node client's bare 'Error: 500 Internal Server Error' (bytedance/UI-TARS-desktop#620)
        "MODEL_SERVICE_ERROR: 500 Internal Server Error\n"
        "Error: 500 Internal Server Error\n"
        "    at APIError.generate (/Applications/UI TARS.app/Contents/Resources/app.asar/dist/main/main.js:73186:14)\n",
        "not_a_server_log", None, id="node-client-bare-500"),
    pytest.param(  # Refact's self-hosted web front end (smallcloudai/refact#76)
        '-- 302580 -- 20230816 00:49:01 WEBUI 10.244.43.64:27439 - "POST /v1/contrast HTTP/1.1" 200\n'
        "-- 302580 -- 20230816 00:49:31 WEBUI TIMEOUT comp-s7zqIh7A8aiY\n",
        "incomplete", None, id="refact-webui-lines"),
    pytest.param(  # Refact's fine-tuning process is a training job (smallcloudai/refact#150)
        "refact  | -- 155 -- 20231016 10:23:51 FTUNE FAILED: The following operation failed in the TorchScript "
        "interpreter.\n"
        "refact  | -- 155 -- RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.94 GiB total "
        "capacity)\n",
        "not_a_server_log", "oom_weights", id="refact-finetune-job"),
    # round 131
    pytest.param(  # a libcuda of a newer branch than the kernel module (google-deepmind/alphafold3#352)
        "kernel version 535.183.6 does not match DSO version 560.28.3 -- cannot find working devices in this "
        "configuration\n",
        "failure", "driver_too_old", id="xla-kernel-older-branch-than-dso"),
    pytest.param(  # the same branch, newer libcuda: an update whose module was not reloaded
        "E cuda_diagnostics.cc:313] kernel version 550.54.14 does not match DSO version 550.127.5 -- cannot find "
        "working devices in this configuration\n",
        "failure", "no_gpu_visible", id="xla-kernel-same-branch-older-than-dso"),
    pytest.param(  # DeepGEMM has a scaling recipe for SM90 and SM100 only (deepseek-ai/DeepGEMM#324)
        "RuntimeError: Assertion error (/workspace/.deps/deepgemm-src/csrc/apis/../jit_kernels/impls/../heuristics/"
        "../../utils/layout.hpp:76): Unknown recipe\n",
        "failure", "gpu_arch_unsupported", id="deepgemm-unknown-recipe"),
    pytest.param(  # Kubernetes' service link for a Service named vllm (vllm-project/vllm#15613)
        "ERROR 03-27 03:12:01 engine.py:400] invalid literal for int() with base 10: 'tcp://10.43.1.39:8000'\n",
        "failure", "model_config", id="k8s-service-link-vllm-port-int"),
    pytest.param(  # newer vLLM says it itself (vllm-project/vllm#34199)
        "ValueError: VLLM_PORT 'tcp://169.169.193.120:6785' appears to be a URI. This may be caused by a Kubernetes "
        "service discovery issue,check the warning in: https://docs.vllm.ai/en/stable/serving/env_vars.html\n",
        "failure", "model_config", id="k8s-service-link-vllm-port-uri"),
    pytest.param(  # Paddle's GPU build with no GPU in the process (PaddlePaddle/Serving#1659)
        "W0222 07:39:08.607674 16020 init.cc:143] Compiled with WITH_GPU, but no GPU found in runtime.\n"
        "/usr/local/lib/python3.6/site-packages/paddle/fluid/framework.py:312: UserWarning: You are using GPU "
        "version Paddle, but your CUDA device is not set properly. CPU device will be used by default.\n",
        "failure", "no_gpu_visible", id="paddle-no-gpu-in-runtime"),
    pytest.param(  # CTranslate2's wording of CUDA error 999 (jhj0517/Whisper-WebUI#192)
        "  File \"/Whisper-WebUI/modules/whisper/faster_whisper_inference.py\", line 31, in __init__\n"
        "    self.available_compute_types = ctranslate2.get_supported_compute_types(\n"
        "RuntimeError: CUDA failed with error unknown error\n",
        "failure", "no_gpu_visible", id="ctranslate2-cuda-unknown-error"),
    pytest.param(  # MLC LLM's memory estimate in dmlc's log format is no abort (mlc-ai/mlc-llm#2281)
        "[10:40:22] /workspace/mlc-llm/cpp/serve/config.cc:683: Estimated total single GPU memory usage: 5736.325 MB "
        "(Parameters: 4308.133 MB. KVCache: 1092.268 MB. Temporary buffer: 335.925 MB).\n"
        "Exception in thread Thread-1 (_background_loop):\n"
        "Traceback (most recent call last):\n"
        "  File \"/home/u/miniconda3/lib/python3.10/site-packages/mlc_llm/serve/engine_base.py\", line 484, in "
        "_background_loop\n"
        "    self._ffi[\"run_background_loop\"]()\n",
        "incomplete", None, id="mlc-memory-estimate-then-cut"),
    pytest.param(  # LM Studio loaded with a context shorter than the client's prompt (cline/cline#3664)
        "2025-05-20 15:33:59 [ERROR] Trying to keep the first 10136 tokens when context the overflows. However, the "
        "model is loaded with context length of only 7866 tokens, which is not enough. Try to load the model with a "
        "larger context length, or provide a shorter input\n",
        "failure", "model_config", id="lmstudio-context-too-small"),
    # round 132
    pytest.param(  # torch.load of GPU tensors with no CUDA device (RVC-Boss/GPT-SoVITS#1726)
        "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If "
        "you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map "
        "your storages to the CPU.\n",
        "failure", "no_gpu_visible", id="torch-load-no-cuda"),
    pytest.param(  # Stable Diffusion WebUI's launcher check (a Forge compose service without devices)
        "supervisor-1  | RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS "
        "variable to disable this check\n",
        "failure", "no_gpu_visible", id="webui-torch-cuda-test"),
    pytest.param(  # vLLM's weight loader: a checkpoint split for another tensor-parallel layout (Baichuan-M1-14B#8)
        "ERROR 01-27 11:03:02 engine.py:366] Attempted to load weight (torch.Size([1, 1, 2, 1, 2])) into parameter "
        "(torch.Size([1, 1, 1, 1, 2]))\n"
        "ERROR 01-27 11:03:02 engine.py:366] Traceback (most recent call last):\n"
        "ERROR 01-27 11:03:02 engine.py:366]   File \"/home/deploy/vllm/vllm/engine/multiprocessing/engine.py\", line "
        "357, in run_mp_engine\n",
        "failure", "model_config", id="vllm-weight-loader-shape"),
    # round 133
    pytest.param(  # cuInit's error 802 in its C caller's words: fabric manager not running (VSS blueprint #36)
        "via-server-1  | cuInit(0) failed with error 802\n",
        "failure", "no_gpu_visible", id="cuinit-802-failed-with-error"),
    # round 134
    pytest.param(  # FFmpeg's own lines, a media server's transcoder without the driver's libraries (jellyfin/jellyfin#7036)
        "Cannot load libcuda.so.1\n"
        "[AVHWDeviceContext @ 0x55d0c4a1e340] Could not dynamically load CUDA\n"
        "Device creation failed: -1313558101.\n"
        "Failed to set value 'cuda=cu:0' for option 'init_hw_device': Unknown error occurred\n",
        "not_a_server_log", "no_gpu_visible", id="ffmpeg-no-libcuda-is-a-program"),
    pytest.param(  # ... and the same lines in a compose column
        "jellyfin  | Cannot load libcuda.so.1\n"
        "jellyfin  | [AVHWDeviceContext @ 0x55d0c4a1e340] Could not dynamically load CUDA\n"
        "jellyfin  | Device creation failed: -1313558101.\n",
        "not_a_server_log", "no_gpu_visible", id="ffmpeg-no-libcuda-in-compose"),
    pytest.param(  # an NVR's own logger quoting FFmpeg stays that server's log (saihgupr/frigate-proxmox-script#30)
        "2026-05-02 12:30:09.97  [2026-05-02 12:30:09] ffmpeg.porch.detect     ERROR   : [AVHWDeviceContext @ "
        "0x62fafe365ac0] Could not dynamically load CUDA\n",
        "failure", "no_gpu_visible", id="ffmpeg-quoted-by-a-server"),
    pytest.param(  # TensorRT's CUDA initialisation with the driver API's code 35 (a CUDA 13 build on a 575 driver)
        "[12/01/2026-10:00:00] [TRT] [E] createInferBuilder: Error Code 6: API Usage Error (CUDA initialization "
        "failure with error: 35. Please check your CUDA installation: "
        "http://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html)\n",
        "failure", "driver_too_old", id="tensorrt-cuda-init-35"),
    pytest.param(  # ... and with 500, WSL2's libcuda lacking a symbol (collabora/WhisperFusion#52)
        "app-1  | [06/06/2024-00:16:18] [TRT] [E] 6: CUDA initialization failure with error: 500. Please check "
        "your CUDA installation: http://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html\n",
        "failure", "no_gpu_visible", id="tensorrt-cuda-init-500"),
    pytest.param(  # torch.load's device check wrapped by rich over two lines (jina-ai/serve#5355)
        "ERROR  clip/rep-0@61 RuntimeError('Attempting to deserialize object on CUDA device 0 but\n"
        "       torch.cuda.device_count() is 0. Please use torch.load with map_location to map your storages to an\n"
        "       existing device.') during <class 'jina.serve.runtimes.worker.WorkerRuntime'> initialization\n",
        "failure", "no_gpu_visible", id="torch-load-device-count-wrapped"),
    pytest.param(  # tritonserver's getopt refusing a flag (clearml/clearml-serving#88)
        "tritonserver: unrecognized option '--exit_on_eror=true'\nUsage: tritonserver [options]\n  --help\n",
        "failure", "model_config", id="tritonserver-unrecognized-option"),
    pytest.param(  # RAPIDS' memory manager out of device memory (rapidsai/dask-cuda#443)
        "distributed.utils - ERROR - std::bad_alloc: out_of_memory: RMM failure at:/opt/conda/include/rmm/mr/"
        "device/pool_memory_resource.hpp:196: Maximum pool size exceeded\n",
        "failure", "oom_weights", id="rmm-out-of-memory"),
    pytest.param(  # RAPIDS' GPU check before the import fails (rapidsai/cudf#12812)
        "/opt/conda/lib/python3.10/site-packages/cudf/utils/gpu_utils.py:88: UserWarning: A GPU with NVIDIA "
        "Volta\u2122 (Compute Capability 7.0) or newer architecture is required.\n"
        "Detected GPU 0: Tesla P4\nDetected Compute Capability: 6.1\n  warnings.warn(\n",
        "failure", "gpu_arch_unsupported", id="rapids-needs-newer-gpu"),
    pytest.param(  # Milvus's own ready line (milvus-io/milvus#621)
        "Welcome to Milvus!\nMilvus Release version: v0.6.0\nGPU resources ENABLED !\n"
        "Milvus server started successfully!\n",
        "no_failure", None, id="milvus-started"),
    pytest.param(  # ... then a native assertion as its last line: the server aborted there (milvus-io/milvus#824)
        "GPU resources ENABLED !\nMilvus server started successfully!\n"
        "Faiss assertion 'err == cudaSuccess' failed in void faiss::gpu::allocMemorySpace(int) at gpu/utils/"
        "MemorySpace.cpp:70\n",
        "incomplete", None, id="milvus-started-then-assertion"),
    pytest.param(  # ... read the same in a compose column
        "milvus_1  | Welcome to Milvus!\nmilvus_1  | Milvus server started successfully!\n",
        "no_failure", None, id="milvus-started-in-compose"),
    pytest.param(  # a script's own print that the server it launched is up is no ready line of the server's
        "\u2705 Milvus server started successfully\n",
        "not_a_server_log", None, id="script-print-is-not-milvus-ready"),
    # round 135
    pytest.param(  # InvokeAI's own logger saying its server runs (invoke-ai/InvokeAI#7961)
        "[2025-04-26 11:09:00,127]::[InvokeAI]::INFO --> InvokeAI version 5.10.1\n"
        "[2025-04-26 11:09:00,626]::[InvokeAI]::INFO --> Invoke running on http://127.0.0.1:9090 (Press CTRL+C to "
        "quit)\n",
        "no_failure", None, id="invokeai-running"),
    pytest.param(  # Riva's start script after its health check (dusty-nv/jetson-containers#510)
        "Starting Riva Speech Services. This may take several minutes depending on the number of models deployed.\n"
        "Waiting for Riva server to load all models...retrying in 10 seconds\nRiva server is ready...\n",
        "no_failure", None, id="riva-ready"),
    pytest.param(  # ... and one that never got there is still loading
        "Starting Riva Speech Services. This may take several minutes depending on the number of models deployed.\n"
        "Waiting for Riva server to load all models...retrying in 10 seconds\n",
        "incomplete", None, id="riva-still-loading"),
    pytest.param(  # a Stable Diffusion web UI hashing its checkpoint, then Gradio's URL (AbdBarho/stable-diffusion-webui-docker#573)
        "webui-1  | Calculating sha256 for /stable-diffusion-webui/models/Stable-diffusion/v1-5.safetensors: \n"
        "webui-1  | Running on local URL:  http://0.0.0.0:7860\n",
        "no_failure", None, id="sd-webui-hash-then-url"),
    pytest.param(  # SD.Next's model on the GPU, then Gradio's URL (vladmandic/sdnext#1239)
        "nvidia_1  | 03:40:39-661568 INFO     Model loaded in 23.5s (load=0.6s create=2.5s hash=2.2s apply=17.4s)\n"
        "nvidia_1  | Running on local URL:  http://0.0.0.0:7860\n",
        "no_failure", None, id="sdnext-model-loaded-then-url"),
    pytest.param(  # Gradio's URL alone: a model app's ready line, ending the start by itself (since round 185)
        "Running on local URL:  http://0.0.0.0:7860\n",
        "no_failure", None, id="gradio-url-alone"),
    pytest.param(  # the fish shell's words for a job the kernel killed (newlxj/DeepSeek-OCR-Web-UI#15)
        "Loading model from: deepseek-ai/DeepSeek-OCR\n"
        "fish: Job 1, 'python app.py' terminated by signal SIGKILL (Forced quit)\n",
        "incomplete", None, id="fish-sigkill"),   # a kill names no sender (docs/eval/crash-relabelling.md)
    pytest.param(  # aws-ofi-nccl failing a libfabric call inside a server's NCCL start
        "(VllmWorker rank=1 pid=212) worker-1:212:301 [1] NCCL INFO NET/Plugin: Loaded net plugin Libfabric\n"
        "WARN: Function: create_nccl_ofi_component Line: 459: NET/OFI Couldn't open AV. RC: -22, ERROR: Invalid "
        "argument\n",
        "failure", "nccl_comm", id="ofi-plugin-error-in-a-server"),
    pytest.param(  # ... and in the plugin's own functional test, a program (aws/aws-ofi-nccl#22)
        "INFO: Function: main Line: 49: NET/OFI Process rank 0 started. NCCLNet device used on node-a is AWS "
        "Libfabric.\n"
        "WARN: Function: create_nccl_ofi_component Line: 459: NET/OFI Couldn't open AV. RC: -22, ERROR: Invalid "
        "argument\n",
        "not_a_server_log", "nccl_comm", id="ofi-functional-test-is-a-program"),
    # round 136
    pytest.param(  # the kubelet's device manager refusing a counted GPU (volcano-sh/devices#17)
        "  Warning  UnexpectedAdmissionError  79s   kubelet  Allocate failed due to rpc error: code = Unknown desc = "
        "failed to find gpu id, which is unexpected\n",
        "failure", "no_gpu_visible", id="kubelet-device-allocate-failed"),
    pytest.param(  # the kubelet refusing a pod at admission for host memory (kai-scheduler/KAI-Scheduler#306)
        "Status:           Failed\nReason:           OutOfmemory\n"
        "Message:          Pod was rejected: Node didn't have enough resource: memory, requested: 2147483648, used: "
        "32290433792, capacity: 32457011200\n",
        "failure", "other", id="kubelet-admission-memory"),
    pytest.param(  # ENODEV as a Rust server reports it (Ai00-X/ai00_server#58)
        "2023-12-24T14:33:30.657Z ERROR [ai00_server] reload model failed: No such device (os error 19)\n",
        "failure", "no_gpu_visible", id="enodev-os-error-19"),
    pytest.param(  # the driver API's name for code 100 (nanoporetech/megalodon#275)
        "[guppy/error] <>::run_server: CUDA error at /builds/ont_core/common/cuda_common.cpp:234:\n"
        "CUDA_ERROR_NO_DEVICE. Error initialising basecall server using port: \n",
        "failure", "no_gpu_visible", id="cuda-error-no-device-name"),
    pytest.param(  # a medical-imaging command line is a program, its failure named (MIC-DKFZ/nnUNet#1582)
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/envs/nnunet/bin/nnUNetv2_predict", line 33, in <module>\n'
        "    sys.exit(load_entry_point('nnunetv2', 'console_scripts', 'nnUNetv2_predict')())\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
        "7.78 GiB of which 1.10 GiB is free.\n",
        "not_a_server_log", "oom_weights", id="nnunet-predict-is-a-program"),
    # round 137
    pytest.param(  # a JIT kernel module built for other GPU generations (sgl-project/sglang#15650)
        "[2025-12-20 10:00:00] Scheduler hit an exception: Traceback (most recent call last):\n"
        "  Exception: Capture cuda graph failed: No supported CUDA architectures found for major versions [9, 10].\n",
        "failure", "gpu_arch_unsupported", id="jit-module-arch-list"),
    pytest.param(  # NCCL unable to allocate its buffers on a full GPU (sgl-project/sglang#1116)
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.cpp:76, unhandled "
        "cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n"
        "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nFailed to CUDA calloc 67108864 bytes\n",
        "failure", "oom_weights", id="nccl-cuda-calloc"),
    pytest.param(  # a rank writing to the store after its host exited: a consequence only (vllm-project/vllm#49101)
        "[rank3]:[W719 14:32:43.608695024 TCPStore.cpp:106] [c10d] sendBytes failed on SocketImpl(fd=78, "
        "addr=[localhost]:39598, remote=[localhost]:42967): Broken pipe\n"
        "Exception raised from sendBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:653 (most recent call "
        "first):\n"
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x9d (0x7f86f0a7405d in libc10.so)\n",
        "incomplete", None, id="tcpstore-peer-gone-is-a-consequence"),
    pytest.param(  # ... while a store that cannot be reached at all is the start's failure
        "[rank1]:[W719 14:32:43.608695024 socket.cpp:755] [c10d] The client socket has failed to connect to "
        "[node-0]:29500 (errno: 111 - Connection refused).\n"
        "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect "
        "to (node-0, 29500).\n",
        "failure", "nccl_comm", id="tcpstore-unreachable-stays-a-failure"),
    # round 139
    pytest.param(
        "time=2025-02-21T13:31:11.961+08:00 level=INFO source=types.go:130 msg=\"inference compute\" id=GPU-43 "
        "library=cuda variant=v12 compute=8.9 driver=12.3 name=\"NVIDIA GeForce RTX 4080\"\n"
        "[GIN] 2025/02/21 - 13:33:07 | 200 |     794.342\u00b5s |  192.168.30.134 | GET      \"/api/tags\"\n",
        "no_failure", None, id="ollama-answering-its-api-is-a-completed-start"),
    pytest.param(
        "[GIN] 2025/02/04 - 16:56:25 | 200 |            0s |       127.0.0.1 | HEAD     \"/\"\n"
        "[GIN] 2025/02/04 - 16:56:25 | 200 |     19.7884ms |       127.0.0.1 | POST     \"/api/show\"\n"
        "time=2025-02-04T16:56:25.304Z level=INFO source=sched.go:730 msg=\"new model will fit in available VRAM, "
        "loading\" model=C:\\blobs\\sha256-6150 library=cuda parallel=4 required=\"10.2 GiB\"\n"
        "time=2025-02-04T16:56:25.331Z level=INFO source=server.go:104 msg=\"system memory\" total=\"7.9 GiB\"\n",
        "incomplete", None, id="ollama-loading-a-model-after-answering-is-a-start-under-way"),
    pytest.param(
        "        status: UPDATING\n"
        "        message: |-\n"
        "          A replica failed to start with exception. Retrying 19 more time(s). Error:\n"
        "          ray::ServeReplica:app:LLMDeployment.initialize_and_get_metadata() (pid=1743742, ip=10.6.1.6)\n"
        "            File \"/usr/lib/python3.11/concurrent/futures/_base.py\", line 449, in result\n"
        "              return self.__get_result()\n",
        "incomplete", None, id="ray-serve-replica-retry-with-its-traceback-cut-is-incomplete"),
    # round 140
    pytest.param(
        "You can suppress this exception and fall back to eager by setting:\n"
        "    import torch._dynamo\n"
        "    torch._dynamo.config.suppress_errors = True\n"
        "\n"
        "Traceback (most recent call last):\n"
        "  File \"/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py\", line 741, in init_cuda_graphs\n"
        "    self.cuda_graph_runner = CudaGraphRunner(self)\n",
        "incomplete", None, id="torch-compiles-suppress-hint-is-no-failure-of-its-own"),
    pytest.param(
        "RuntimeError: invalid argument\n"
        "/sgl-kernel/csrc/allreduce/custom_all_reduce.cuh:350\n",
        "failure", "nccl_comm", id="sgl-kernels-custom-all-reduce-source-line-under-its-error"),
    pytest.param(
        "Traceback (most recent call last):\n"
        "  File \"/usr/local/bin/trtllm-build\", line 8, in <module>\n"
        "    sys.exit(main())\n"
        "KeyError: 'architecture'\n",
        "not_a_server_log", "other", id="trtllm-build-named-by-its-console-script-frame"),
    # round 141
    pytest.param(
        "2025-04-13T08:46:45+00:00 - gpustack.worker.backends.vox_box - INFO - Starting vox-box server\n"
        "2025-04-13T08:46:47+00:00 - vox_box.server.model - INFO - Estimating model\n"
        "2025-04-13T08:46:47+00:00 - vox_box.cmd.start - CRITICAL - Model isn't supported\n",
        "failure", "model_config", id="a-record-at-critical-is-an-error-line"),
    pytest.param(
        "(RayWorkerWrapper pid=2511, ip=10.0.0.2) INFO 04-16 11:50:00 [gpu_model_runner.py:1329] Starting to load model\n"
        "CRITICAL 04-16 11:53:49 [core_client.py:359] Got fatal signal from worker processes, shutting down. "
        "See stack trace above for root cause issue.\n",
        "incomplete", None, id="vllm-v1-fatal-signal-from-workers-is-a-wrapper"),
    pytest.param(
        "            Deploying app 'llm' failed with exception:\n"
        "            Traceback (most recent call last):\n"
        "              File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/serve/_private/application_state.py\", "
        "line 1049, in build_serve_application\n",
        "incomplete", None, id="ray-serve-app-deploy-failed-with-its-traceback-cut"),
    pytest.param(
        "2025-04-19T11:35:24.909336Z  WARN llama_cpp_server::supervisor: crates/llama-cpp-server/src/supervisor.rs:124: "
        "llama-server <completion> exited with status code -1073740791\n"
        "Recent llama-cpp errors:\n"
        "llama_model_loader: loaded meta data with 29 key-value pairs and 291 tensors\n",
        "incomplete", None, id="tabbys-recent-llama-cpp-errors-heading-with-none-under-it"),
    # round 142
    pytest.param(
        "/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:75: CUDA error\n"
        "CUDA error: an illegal memory access was encountered\n"
        "./llama.cpp/llama-cli(+0x751b7b)[0x5c5553040b7b]\n"
        "./llama.cpp/llama-cli(+0x7521fe)[0x5c55530411fe]\n",
        "not_a_server_log", "other", id="llama-cli-named-by-its-backtrace-frames"),
    pytest.param(
        "$docker compose run --rm phi_3_api nvidia-smi\n\n==========\n== CUDA ==\n==========\n\n"
        "CUDA Version 12.1.1\n\n"
        "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n",
        "not_a_server_log", None, id="nvidia-smi-in-a-cuda-image-under-its-banner"),
    pytest.param(
        "==========\n== CUDA ==\n==========\n\nCUDA Version 12.9.1\n",
        "incomplete", None, id="a-cuda-images-banner-alone-is-a-start-under-way"),
    # round 143
    pytest.param(
        "INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)\n"
        "Task exception was never retrieved\n"
        "future: <Task finished name='Task-5' coro=<RouterManager.loop_for_fwd() done, defined at "
        "/opt/conda/lib/python3.10/site-packages/lightllm/server/router/manager.py:84> "
        "exception=RuntimeError('CUDA: Error- invalid source')>\n"
        "Traceback (most recent call last):\n"
        '  File "<string>", line 21, in _rms_norm_fwd_fused\n',
        "failure", "other", id="asyncio-task-exception-quoted-above-its-cut-traceback"),
    pytest.param(
        "Task exception was never retrieved\n"
        "future: <Task finished name='Task-2' coro=<Engine.run() done, defined at /app/engine.py:10> "
        "exception=RuntimeError('CUDA error: out of memory')>\n",
        "failure", "oom_weights", id="asyncio-task-exception-quotes-a-classed-cause"),
    pytest.param(
        "failed to start Vertex AI service: Invalid argument - Expect the model repository contains only a single "
        "model if default model is not specified\n",
        "failure", "model_config", id="triton-front-end-refused-by-invalid-argument"),
    pytest.param(
        "[TensorRT-LLM][ERROR] Assertion failed: weight->dtype() == engine.getTensorDataType(name.c_str())"
        "Weight ... has dtype INT8 but engine expects FP4\n",
        "failure", "model_config", id="trtllm-weights-of-another-dtype-than-the-engine"),
    pytest.param(
        "E0421 11:56:59.774282  709103 nixl_agent.cpp:259] getPluginParams: backend 'UCX' not found\n"
        "E0421 11:56:59.775353  709103 nixl_agent.cpp:322] createBackend: unsupported backend 'UCX'\n",
        "failure", "other", id="nixl-backend-plugin-not-installed"),
    pytest.param(
        "2025-06-06 09:39:00.285457 ERROR    [382] [coro_rpc_client.hpp:923] client has been closed, please re-connect\n"
        "E0606 09:39:00.285573   382 store_py.cpp:372] Put operation failed with error: RPC_FAIL\n",
        "failure", "nccl_comm", id="mooncake-store-lost-its-master"),
    pytest.param(
        '  File "/usr/lib/python3.10/subprocess.py", line 1863, in _execute_child\n'
        "    raise child_exception_type(errno_num, err_msg, err_filename)\n"
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvcc'\n",
        "failure", "other", id="nvcc-not-on-path-is-no-model-file"),
    pytest.param(
        "==========\n== CUDA ==\n==========\nCUDA Version 11.8.0\n"
        "ln: failed to create symbolic link '/workspace/runpod-volume': File exists\n"
        "runpod-worker-comfy: Starting ComfyUI\n",
        "incomplete", None, id="coreutils-link-exists-notice-is-no-failure"),
    pytest.param(
        'time=2024-03-01T01:34:05.286Z level=INFO source=dyn_ext_server.go:161 msg="Starting llama main loop"\n'
        '[GIN] 2024/03/01 - 01:34:07 |^[[97;42m 200 ^[[0m|  7.799372595s |      172.19.0.3 |^[[97;46m POST    ^[[0m '
        '"/api/chat"\n',
        "no_failure", None, id="ollama-access-log-with-colours-in-caret-notation"),
    # round 144
    pytest.param(
        'time=2024-02-29T11:21:58.755+08:00 level=INFO source=routes.go:1019 msg="Listening on 127.0.0.1:11434 '
        '(version 0.1.27)"\n'
        'time=2024-02-29T11:22:11.649+08:00 level=INFO source=gpu.go:99 msg="Nvidia GPU detected"\n'
        'time=2024-02-29T11:22:11.650+08:00 level=INFO source=cpu_common.go:18 msg="CPU does not have vector '
        'extensions"\n',
        "failure", "other", id="ollama-cpu-without-vector-extensions-turns-its-gpu-off"),
    pytest.param(
        "llama-server --version\n"
        "0.00.360.389 W ggml_opencl: unsupported GPU 'NVIDIA GeForce RTX 3090'.\n"
        "version: 0.2.0-dev (build 10586, commit b21e4de74)\nbuilt with GNU 15.3.0 for Linux x86_64\n",
        "not_a_server_log", None, id="llama-server-asked-for-its-version-starts-no-server"),
    pytest.param(
        "$ llama-server --version\nversion: 4589 (eb7cf15a)\nbuilt with cc (GCC) 13.2.0 for x86_64-linux-gnu\n"
        "$ llama-server -m model.gguf -ngl 99\n"
        "main: HTTP server is listening, hostname: 127.0.0.1, port: 8080, http threads: 15\n"
        "ggml_cuda_init: failed to initialize CUDA: CUDA driver version is insufficient for CUDA runtime version\n",
        "failure", "driver_too_old", id="a-version-print-before-a-servers-own-start-is-that-servers-log"),
    pytest.param(
        "$ /opt/llama.cpp/bin/llama-server --version\n"
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA GeForce RTX 5070, compute capability 12.0, VMM: yes\n"
        "register_backend: registered backend CUDA (1 devices)\nIllegal instruction\n",
        "failure", "other", id="a-server-binary-that-crashes-before-printing-its-version-fails-any-start"),
    # round 145
    pytest.param(
        "Value error, Eagle3 is only supported for Llama models. Got self.target_model_config.hf_text_config."
        "model_type='qwen3' [type=value_error, input_value=ArgsKwargs((), {'method':...able_log_stats': False}), "
        "input_type=ArgsKwargs]\n",
        "failure", "model_config", id="a-vllm-config-checks-message-alone"),
    pytest.param(
        "(RayWorkerVllm pid=14289) Exception ignored in: <function NCCLCommunicator.__del__ at 0x7f4d8c3212d0>\n"
        "(RayWorkerVllm pid=14289) Traceback (most recent call last):\n"
        '(RayWorkerVllm pid=14289)   File "/usr/local/lib/python3.10/dist-packages/vllm/model_executor/'
        'parallel_utils/pynccl.py", line 264, in __del__\n'
        "(RayWorkerVllm pid=14289)     _c_ncclCommDestroy(self.comm)\n"
        "(RayWorkerVllm pid=14289) AttributeError: 'NCCLCommunicator' object has no attribute 'comm'\n"
        "(RayWorkerVllm pid=14289) ERROR 04-17 09:00:33 ray_utils.py:44] Error executing method init_device. "
        "This might cause deadlock in distributed execution.\n"
        "(RayWorkerVllm pid=14289) ERROR 04-17 09:00:33 ray_utils.py:44] Traceback (most recent call last):\n"
        '(RayWorkerVllm pid=14289) ERROR 04-17 09:00:33 ray_utils.py:44]   File "/usr/local/lib/python3.10/'
        'dist-packages/vllm/engine/ray_utils.py", line 37, in execute_method\n',
        "incomplete", None, id="an-exception-python-ignores-in-a-finalizer-is-no-cause"),
    pytest.param(
        "(EngineCore_DP0 pid=223) ERROR 02-13 17:19:01 [core.py:900]\n"
        "(EngineCore_DP0 pid=223) ERROR 02-13 17:19:01 [core.py:900] The above exception was the direct cause of "
        "the following exception:\n"
        "(EngineCore_DP0 pid=223) ERROR 02-13 17:19:01 [core.py:900]\n"
        "(EngineCore_DP0 pid=223) ERROR 02-13 17:19:01 [core.py:900] Traceback (most recent call last):\n"
        '(EngineCore_DP0 pid=223) ERROR 02-13 17:19:01 [core.py:900]   File "/usr/local/lib/python3.12/'
        'dist-packages/vllm/v1/engine/core.py", line 891, in run_engine_core\n',
        "incomplete", None, id="a-tracebacks-chaining-line-logged-at-error-is-no-error-of-its-own"),
    # round 146
    pytest.param(
        "[  196.312960] amd ollama[2303]: time=2024-04-18T15:57:13.053+09:00 level=INFO source=server.go:389 "
        'msg="waiting for llama runner to start responding"\n'
        "[  196.319131] amd ollama[2303]: /tmp/ollama3603894721/runners/cuda_v11/ollama_llama_server: "
        "/usr/local/cuda/lib64/libcublas.so.11: version `libcublas.so.11' not found (required by "
        "/tmp/ollama3603894721/runners/cuda_v11/ollama_llama_server)\n"
        "[  196.363803] amd ollama[2303]: time=2024-04-18T15:57:13.104+09:00 level=ERROR source=routes.go:120 "
        'msg="error loading llama server" error="llama runner process no longer running: 1 "\n'
        '[  196.363845] amd ollama[2303]: [GIN] 2024/04/18 - 15:57:13 | 500 |  875.760611ms |       127.0.0.1 | '
        'POST     "/api/chat"\n'
        '[  245.947494] amd ollama[2303]: [GIN] 2024/04/18 - 15:58:02 | 200 |     375.091µs |       127.0.0.1 | '
        'POST     "/api/show"\n',
        "failure", "other", id="a-shadowing-librarys-missing-version-node-is-a-failed-model-load"),
    pytest.param(
        "time=2024-04-18T15:57:13.104+09:00 level=ERROR source=routes.go:120 "
        'msg="error loading llama server" error="llama runner process no longer running: 1 "\n'
        '[GIN] 2024/04/18 - 15:57:13 | 500 |  875.760611ms |       127.0.0.1 | POST     "/api/chat"\n'
        '[GIN] 2024/04/18 - 15:58:02 | 200 |     375.091µs |       127.0.0.1 | POST     "/api/show"\n',
        "failure", "other", id="ollamas-model-load-error-is-not-survived-by-a-metadata-request"),
    pytest.param(
        "(VllmWorker TP2 pid=83) ERROR 08-11 21:42:14 [multiproc_executor.py:559] ValueError: <class "
        "'transformers.models.glm4v_moe.modeling_glm4v_moe.Glm4vMoeModel'> does not support tensor parallel yet!\n",
        "failure", "model_config", id="the-transformers-backend-without-a-tensor-parallel-plan"),
    pytest.param("memory layout cannot be allocated with num_gpu = 26\n",
                 "failure", "oom_weights", id="ollamas-layout-that-does-not-fit"),
    pytest.param(
        "==============================\nVersions of relevant libraries\n==============================\n"
        "[pip3] numpy==2.2.6\n[pip3] torch==2.11.0+cu130\n[conda] Could not collect\n\n"
        "==============================\n         vLLM Info\n==============================\n"
        "vLLM Version                 : 0.20.1\nvLLM Build Flags:\n"
        "  CUDA Archs: 7.5 8.0 8.6 8.9 9.0 10.0 12.0+PTX; ROCm: Disabled; XPU: Disabled\n",
        "not_a_server_log", None, id="vllms-collect-env-with-conda-not-collected"),
    pytest.param(
        "09/04/2024 02:49:58 - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl\n"
        "Num processes: 4\nProcess index: 0\nLocal process index: 0\nDevice: cuda:0\n\n"
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, "
        "invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.19.3\n"
        "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.\nLast error:\n"
        "Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000\n",
        "not_a_server_log", "nccl_comm", id="accelerates-state-print-marks-a-training-job"),
    # round 147
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/workdir/workspace/vllm/benchmarks/benchmark_latency.py", line 127, in <module>\n'
        "    main(args)\n"
        '  File "/workdir/workspace/vllm/benchmarks/benchmark_latency.py", line 75, in main\n'
        "    latencies.append(run_to_completion(profile=False))\n"
        "TypeError: main.<locals>.run_to_completion() got an unexpected keyword argument 'profile'\n",
        "not_a_server_log", "other", id="a-script-in-a-vllm-checkouts-benchmarks-folder-is-a-benchmark"),
    pytest.param(
        '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 267, in backward\n'
        "    _engine_run_backward(\n"
        '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 744, in _engine_run_backward\n'
        "    return Variable._execution_engine.run_backward(\n"
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity "
        "of 79.15 GiB of which 1.02 GiB is free.\n",
        "not_a_server_log", "oom_weights", id="a-backward-pass-is-a-training-job"),
    pytest.param(
        "2025-11-26 04:07:55 - evalscope - ERROR: Overall connection attempt timed out.\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/evalscope/perf/benchmark.py", line 143, in connect_test\n'
        "    raise TimeoutError('Test connection failed')\n"
        "TimeoutError: Test connection failed\n",
        "not_a_server_log", "other", id="evalscopes-perf-module-is-a-load-client"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/home/user/lm-evaluation-harness/lm_eval/evaluator.py", line 11, in <module>\n'
        "    import lm_eval.models\n"
        '  File "/home/user/lm-evaluation-harness/lm_eval/models/__init__.py", line 7, in <module>\n'
        "    from . import vllm_causallms\n",
        "not_a_server_log", None, id="lm-evaluation-harness-is-an-evaluation-program"),
    # round 148
    pytest.param("tensorflow_model_server: error while loading shared libraries: libcuda.so.1\n",
                 "failure", "no_gpu_visible", id="the-loaders-libcuda-line-cut-after-the-librarys-name"),
    pytest.param(
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/models/custom_modeling/'
        'flash_mistral_modeling.py", line 183, in _load_gqa\n'
        "    assert list(weight.shape) == [\n\n"
        "AssertionError: [12582912, 1] != [6144, 4096]\n"
        " rank=0\n"
        "2024-02-26T09:47:21.791042Z ERROR text_generation_launcher: Shard 0 failed to start\n"
        "Error: ShardCannotStart\n",
        "failure", "model_config", id="a-shape-assertion-on-a-checkpoints-weights"),
    # round 149
    pytest.param(
        "22:47:24-316415 INFO     Starting SD.Next\n22:47:26-482579 INFO     nVidia CUDA toolkit detected\n"
        "22:47:27-752280 INFO     Torch 2.0.1+cpu\n"
        "22:47:40-100000 INFO     Local URL: http://127.0.0.1:7860/\n",
        "failure", "no_gpu_visible", id="a-cpu-only-torch-build-under-a-gpu-server"),
    pytest.param(
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
        "    PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.0.1+cpu)\n",
        "failure", "no_gpu_visible", id="xformers-says-torch-is-the-cpu-build"),
    pytest.param(
        "torch.cuda.is_available() and is_xpu_available() returned False. This means that no GPU has been "
        "detected. Falling back to CPU mode.\n",
        "failure", "no_gpu_visible", id="text-generation-webui-falls-back-to-cpu"),
    pytest.param(
        "python3 -m sglang.check_env\n"
        "/x/site-packages/torch/cuda/__init__.py:283: UserWarning: \n"
        "    Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.\n"
        "    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
        "    (8.0) - (12.0)\n",
        "not_a_server_log", None, id="guard-torchs-capability-range-warning-for-a-gb10-is-no-failure"),
    # round 150
    pytest.param(
        "[error] [LMSInternal][Client=LM Studio][Endpoint=loadModel] Error in channel handler: Error: Received "
        "load-error\n"
        "at _0xbd6510.<computed> (C:\\Users\\u\\AppData\\Local\\Programs\\LM Studio\\resources\\app\\.webpack"
        "\\main\\index.js:450:108923)\n"
        "    at _0x222102.emit (node:events:519:28)\n",
        "incomplete", None, id="lm-studios-relayed-load-error-is-a-wrapper"),
    # round 151
    pytest.param(
        "/tmp/tmpfk2hveif/main.c:4:10: fatal error: Python.h: No such file or directory\n"
        "    4 | #include <Python.h>\n"
        "      |          ^~~~~~~~~~\n",
        "failure", "other", id="tritons-launcher-build-without-python-headers"),
    pytest.param(
        '  File "/env/lib/python3.10/site-packages/lmdeploy/turbomind/utils.py", line 159, in get_model_from_config\n'
        "    return ARCH_MAP[arch]\n"
        "KeyError: 'Qwen2ForCausalLM'\n",
        "failure", "model_config", id="an-architecture-missing-from-an-engines-map"),
    pytest.param(
        _SGLANG_QUOTED.format(chain="The above exception was the direct cause of the following exception:"),
        "failure", "other", id="sglangs-scheduler-quoting-the-cause-of-a-cut-traceback"),
    pytest.param(
        _SGLANG_QUOTED.format(chain="During handling of the above exception, another exception occurred:"),
        "incomplete", None, id="an-exception-raised-while-handling-the-quoted-one-is-cut"),
    pytest.param(
        "Building wheels for collected packages: aphrodite-engine\n"
        "  Building editable for aphrodite-engine (pyproject.toml) ... error\n"
        "  error: subprocess-exited-with-error\n"
        "  \n"
        "  × Building editable for aphrodite-engine (pyproject.toml) did not run successfully.\n"
        "  │ exit code: 1\n"
        "  ╰─> [197 lines of output]\n",
        "not_a_server_log", "other", id="pips-failed-build-is-a-program"),
    # round 152
    pytest.param(
        "Device: cuda:0 Tesla V100-SXM2-32GB : cudaMallocAsync\n"
        "Traceback (most recent call last):\n"
        '  File "/home/runner/ComfyUI/app/user_manager.py", line 20, in __init__\n'
        "    os.mkdir(user_directory)\n"
        "PermissionError: [Errno 13] Permission denied: '/home/runner/ComfyUI/user'\n",
        "failure", "other", id="a-permission-denied-on-the-apps-own-folder-is-not-the-model"),
    pytest.param(
        "Device: cuda:0 NVIDIA H100 80GB HBM3\n"
        "PermissionError: [Errno 13] Permission denied: '/data/hf/hub/models--Qwen--Qwen3-8B/snapshots'\n",
        "failure", "model_access", id="a-permission-denied-on-the-hub-cache-is-the-models"),
    pytest.param(
        "(EngineCore pid=782530) ERROR 05-28 01:09:13 [core.py:1161] RuntimeError: Worker failed with error "
        "'[Errno 24] Too many open files: '/cache/torch_compile_cache/x.json'', please check the stack trace "
        "above for the root cause\n"
        "(Worker_TP0 pid=782609) INFO 05-28 01:09:13 [multiproc_executor.py:775] Parent process exited, "
        "terminating worker queues\n"
        "(APIServer pid=782300) ERROR 05-28 01:09:13 [async_llm.py:704] AsyncLLM output_handler failed.\n"
        "(APIServer pid=782300) ERROR 05-28 01:09:13 [async_llm.py:704] Traceback (most recent call last):\n"
        '(APIServer pid=782300) ERROR 05-28 01:09:13 [async_llm.py:704]   File "/vllm/v1/engine/async_llm.py", '
        "line 660, in output_handler\n"
        "(APIServer pid=782300) ERROR 05-28 01:09:13 [async_llm.py:704]     outputs = await "
        "engine_core.get_output_async()\n",
        "failure", "other", id="the-front-ends-cut-wait-hides-no-quoted-cause"),
    pytest.param(
        "2024-12-10T21:24:12.849356Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:125: Warming up model\n"
        "2024-12-10T21:25:42.531534Z ERROR warmup{max_input_length=None max_prefill_tokens=8192}:warmup: "
        "text_generation_router_v3::client: backends/v3/src/client/mod.rs:45: Server error: transport error\n"
        'Error: Backend(Warmup(Generation("transport error")))\n'
        "2024-12-10T21:25:42.679824Z ERROR text_generation_launcher: Webserver Crashed\n"
        "2024-12-10T21:25:42.698301Z ERROR shard-manager: text_generation_launcher: Shard complete standard error "
        "output:\n",
        "incomplete", None, id="tgis-router-losing-its-shard-is-a-wrapper"),
    pytest.param(
        "thread 'tokio-runtime-worker' panicked at /usr/src/router/src/server.rs:180:45:\n"
        "byte index 1000 is not a char boundary; it is inside 'x' (bytes 999..1002)\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
        "2024-04-23T08:26:48.209311Z ERROR text_generation_launcher: Webserver Crashed\n",
        "failure", "other", id="a-routers-panic-is-the-cause-webserver-crashed-reports"),
    pytest.param(
        "[2025-10-31 02:16:22] Received sigquit from a child process. It usually means the child failed.\n"
        "Traceback (most recent call last):\n"
        '  File "/sglang/python/sglang/test/test_utils.py", line 625, in popen_launch_server\n'
        "    raise Exception(\n"
        "Exception: Server process exited with code -9. Check server logs for errors.\n",
        "incomplete", None, id="sglangs-harness-reporting-its-servers-exit-is-a-wrapper"),
    pytest.param(
        "$ vllm bench serve --model Qwen/Qwen3-8B --dataset-name random\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.12/site-packages/aiohttp/client.py", line 703, in _request\n'
        "    conn = await self._connector.connect(\n",
        "not_a_server_log", None, id="vllm-bench-serve-is-a-load-client"),
    # round 153
    pytest.param(
        '(ServeController pid=1431)   File "/home/ray/anaconda3/lib/python3.9/os.py", line 225, in makedirs\n'
        "(ServeController pid=1431)     mkdir(name, mode)\n"
        "(ServeController pid=1431) PermissionError: [Errno 13] Permission denied: '/home/paperspace/data'\n",
        "failure", "model_access", id="a-permission-denied-only-the-standard-library-opened-is-the-models"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.11/site-packages/huggingface_hub/file_download.py", line 1000, in hf_hub_download\n'
        "    os.makedirs(storage_folder, exist_ok=True)\n"
        "PermissionError: [Errno 13] Permission denied: '/mnt/store'\n",
        "failure", "model_access", id="a-permission-denied-the-hub-client-opened-is-the-models"),
    pytest.param(
        "PermissionError: [Errno 13] Permission denied:\n"
        "/usr/local/lib/python3.12/dist-packages/flashinfer_cubin/cubins/flashinfer\n",
        "failure", "other", id="a-permission-denied-with-no-path-and-no-frame-names-no-model"),
    pytest.param(
        "inference compute id=cpu library=cpu\n"
        "entering low vram mode\n",
        "failure", "no_gpu_visible", id="ollamas-cpu-inference-compute-copied-without-logfmt"),
    pytest.param(
        "[WARN] <qmd-rerank> ExitError >> exit status 1, exit code: 1\n"
        "[INFO] <qmd-rerank> process exited but not StateStopping, current state: starting\n",
        "incomplete", None, id="llama-swaps-upstream-exit-is-a-wrapper"),
    pytest.param(
        "ResponseError: unable to load model: /usr/share/ollama/.ollama/models/blobs/sha256-9811e90b "
        "(status code: 500)\n",
        "not_a_server_log", None, id="ollamas-python-client-relaying-a-500-with-no-cause"),
    # round 154
    pytest.param(
        "result: {\n"
        "err: 'api',\n"
        'traceback: Traceback (most recent call last): File "/src/handler.py", line 206, in generate results = '
        'await input["api"]["action"](input["api"]["request"]) KeyError: \'api\'},\n'
        "status: 200}}\n",
        "failure", "other", id="a-traceback-flattened-onto-one-line-ends-there"),
    pytest.param(
        "[2023-11-06 10:46:25,260] [INFO] [server.py:97:__init__] Hostfile /job/hostfile not found, creating "
        "hostfile.\n",
        "incomplete", None, id="deepspeed-miis-launcher-is-a-servers-start"),
    pytest.param(
        "E1018 20:11:24.773855 1 model_lifecycle.cc:626] failed to load 'onnx_in_python_backend' version 1: "
        "Internal: Stub process 'onnx_in_python_backend_0' is not healthy.\n",
        "incomplete", None, id="tritons-python-stub-not-healthy-is-a-wrapper"),
    pytest.param(
        # one long line as the thread shows it, broken in three (tensorrtllm_backend#328)
        "E0205 17:02:40.250868 416 model_repository_manager.cc:563] Invalid argument: ensemble 'ensemble' depends on "
        "'tensorrt_llm' whic\n"
        "h has no loaded version. Model 'tensorrt_llm' loading failed with error: version 1 is at UNAVAILABLE state: "
        "Internal: unexpecte\n"
        "d error when creating modelInstanceState: [TensorRT-LLM][ERROR] CUDA runtime error in "
        "cudaDeviceGetDefaultMemPool(&memPool, device): operation not supported "
        "(/app/tensorrt_llm/cpp/tensorrt_llm/runtime/bufferManager.cpp:170)\n",
        "failure", "other", id="trtllms-cuda-runtime-error-inside-an-ensembles-error"),
    pytest.param(
        "[   38.136321] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2330)\n"
        "[   38.136321] NVRM: installed in this system is not supported by the\n"
        "[   38.136321] NVRM: NVIDIA 550.90.07 driver release.\n",
        "failure", "no_gpu_visible", id="nvrms-refusal-split-over-lines"),
    # round 156
    pytest.param(
        "Loaded nixl metadata from engine 61500015 into engine f715fa99\n"
        "ERROR 03-20 02:45:15 engine.py:244] nixlUnknownError('NIXL_ERR_UNKNOWN')\n"
        "ERROR 03-20 02:45:15 engine.py:244] Traceback (most recent call last):\n"
        'ERROR 03-20 02:45:15 engine.py:244]   File "/opt/dynamo/venv/lib/python3.12/site-packages/vllm/engine/'
        'multiprocessing/engine.py", line 343, in handle_new_input\n'
        "ERROR 03-20 02:45:15 engine.py:244]     self.engine.add_remote_nixl_metadata(nixl_metadata)\n",
        "failure", "nccl_comm", id="nixls-error-logged-above-a-cut-traceback"),
    pytest.param(
        "[1745243850.701871] [worker-1:838783:0]     ucp_context.c:1774 UCX  WARN  UCP version is incompatible, "
        "required: 1.18, actual: 1.12 (release 1)\n"
        "[worker-1:838783:0:838783] Caught signal 11 (Segmentation fault: invalid permissions for mapped object at "
        "address 0x7ff7ff400000)\n",
        "failure", "nccl_comm", id="an-older-ucx-loaded-than-built-against"),
    pytest.param(
        "ggml_cuda_cpy_fn: unsupported type combination (q4_0 to f32)\n",
        "failure", "model_config", id="ggmls-copy-between-kv-cache-types-it-lacks"),
    pytest.param(
        "2024-11-21 17:46:13,978 - lmdeploy - ERROR - model_agent.py:493 - Rank[3] failed.\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.8/site-packages/lmdeploy/pytorch/engine/model_agent.py", line 361, in '
        "_tp_build_model\n",
        "incomplete", None, id="lmdeploys-rank-failed-is-a-wrapper"),
    # round 158
    pytest.param(
        "(EngineCore_DP0 pid=2857) INFO 09-30 10:14:58 [gpu_worker.py:391] Free memory on device (110.37/121.69 GiB) "
        "on startup. Desired GPU memory utilization is (0.87, 105.87 GiB).\n",
        "incomplete", None, id="vllms-start-up-memory-report-is-no-failed-check"),
    pytest.param(
        "Free memory on device (110.37/121.69 GiB) on startup.\n"
        "Desired GPU memory utilization is (0.87, 105.87 GiB).\n",
        "incomplete", None, id="vllms-memory-report-without-its-logger-head-is-vllms"),
    pytest.param(
        "ValueError: Free memory on device cuda:0 (30.12/31.84 GiB) on startup\n"
        "is less than desired GPU memory utilization (0.98, 31.20 GiB).\n",
        "failure", "oom_weights", id="the-failing-check-wrapped-after-on-startup"),
    pytest.param(
        "llama runner terminated: exit status 2\n"
        "model failed to load, this may be due to resource limitations or an internal error\n",
        "incomplete", None, id="ollamas-newer-wrappers-name-no-cause"),
    pytest.param(
        'time=2026-05-27T23:30:25.892-05:00 level=ERROR source=server.go:316 msg="llama runner terminated" '
        'error="exit status 2"\n',
        "incomplete", None, id="ollamas-runner-terminated-at-error-level"),
    pytest.param(
        "craig@Renderman:/mnt/d/nvidia_tools$ nvidia-container-runtime --version\n"
        "NVIDIA Container Runtime version 1.17.5\n"
        "ERRO[0000] failed to create NVIDIA Container Runtime: error constructing low-level runtime: error locating "
        "runtime: no runtime binary found from candidate list: [docker-runc runc crun]\n",
        "not_a_server_log", "no_gpu_visible", id="the-toolkits-runtime-run-by-hand-without-runc"),
    pytest.param(
        "time=x level=error msg=\"error running hook\" error=\"failed to create NVIDIA Container Runtime: error "
        "constructing low-level runtime: error locating runtime: no runtime binary found from candidate list: "
        "[runc crun]\"\n",
        "failure", "no_gpu_visible", id="no-oci-runtime-under-the-nvidia-runtime"),
    pytest.param(
        "nvidia-container-cli --user configure --no-cgroups --device=MIG-GPU-932bfb2c/1/0 --compute --utility /rootfs\n"
        "\n"
        "nvidia-container-cli.real: device error: MIG-GPU-932bfb2c/1/0: unknown device\n",
        "not_a_server_log", "no_gpu_visible", id="nvidia-container-cli-run-by-hand"),
    pytest.param(
        "sbatch: error: Memory specification can not be satisfied\n"
        "sbatch: error: Batch job submission failed: Requested node configuration is not available\n",
        "failure", "other", id="slurm-refusing-a-memory-request-is-no-gpu-request"),
    pytest.param(
        "srun: error: Unable to allocate resources: Requested node configuration is not available\n",
        "failure", "no_gpu_visible", id="slurm-refusing-a-node-configuration-alone"),
    pytest.param(
        "thread 'main' panicked at /build/inferencer/src/server.rs:586:9:\n"
        "insufficient devices for inferencer configuration: expected at least 1; found 1\n",
        "failure", "no_gpu_visible", id="a-configuration-asking-for-more-devices-than-visible"),
    pytest.param(
        "(env) user@host:~/InternLM$ python -m lmdeploy.turbomind.chat /home/user/workspace --tp 4\n"
        "[WARNING] gemm_config.in is not found; using default GEMM algo\n"
        "session 1\n"
        "double enter to end input >>> \n",
        "not_a_server_log", None, id="lmdeploys-command-line-chat-runner"),
    # round 159
    pytest.param(
        "RuntimeError: Trying to create tensor with negative dimension -56: [-56, 8, 20, 128]\n",
        "failure", "kv_cache_insufficient", id="a-kv-cache-of-negative-blocks"),
    pytest.param(
        "RuntimeError: Trying to create tensor with negative dimension -3: [-3]\n",
        "failure", "other", id="a-negative-dimension-that-is-no-cache-layout"),
    pytest.param(
        "(Worker_TP2 pid=142) ERROR 12-12 21:39:58 [multiproc_executor.py:750] ValueError: Failed to find a kernel "
        "that can implement the WNA16 linear layer. Reasons: \n"
        "(Worker_TP2 pid=142) ERROR 12-12 21:39:58 [multiproc_executor.py:750] MacheteLinearKernel requires "
        "capability 90, current compute  capability is 75\n"
        "(Worker_TP2 pid=142) ERROR 12-12 21:39:58 [multiproc_executor.py:750] MarlinLinearKernel requires "
        "capability 80, current compute  capability is 75\n",
        "failure", "gpu_arch_unsupported", id="wna16-kernels-all-need-ampere"),
    pytest.param(
        "ValueError: Failed to find a kernel that can implement the WNA16 linear layer. Reasons:\n"
        "MacheteLinearKernel requires capability 90, current compute capability is 86\n"
        "MarlinLinearKernel cannot implement due to: Weight output_size_per_partition = 32 is not divisible by "
        "min_thread_n = 64. Consider reducing tensor_parallel_size or running with --quantization gptq.\n",
        "failure", "model_config", id="wna16-on-ampere-refused-by-the-parallel-split"),
    pytest.param(
        "INFO  [utils.py:101] MoE model detected. Using fused MoE LoRA implementation.\n"
        "ERROR [core.py:1129] EngineCore failed to start.\n"
        "AttributeError: To support LoRA for MoE model, 'get_expert_mapping' must be implemented\n",
        "failure", "model_config", id="lora-on-a-moe-model-class-without-its-hooks"),
    pytest.param(
        "terminate called after throwing an instance of 'tensorrt_llm::common::TllmException'\n"
        "  what():  [TensorRT-LLM][ERROR] Assertion failed: No available XQA kernels are found for speculative "
        "decoding mode. (/src/tensorrt_llm/cpp/tensorrt_llm/common/attentionOp.cpp:2027)\n",
        "failure", "model_config", id="trtllm-xqa-without-a-kernel-for-speculative-decoding"),
    pytest.param(
        "root@node:~/DeepEP/tests# python3 test_low_latency.py\n"
        "Allocating buffer size: 2116.2912 MB ...\n"
        "/root/nvshmem_src/src/host/init/init.cu:1001: non-zero status: 7\n"
        "nvshmem setup connections failed\n",
        "not_a_server_log", "nccl_comm", id="a-test-run-from-its-tests-folder"),
    pytest.param(
        "ERROR: pip's dependency resolver does not currently take into account all the packages that are "
        "installed. This behaviour is the source of the following dependency conflicts.\n"
        "lmdeploy 0.9.2.post1 requires torch<=2.7.1,>=2.0.0, but you have torch 2.8.0+cu128 which is "
        "incompatible.\n",
        "not_a_server_log", None, id="pips-conflict-report-after-an-install"),
    # round 160
    pytest.param(
        "Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.so}\n"
        "Invalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor\n",
        "failure", "other", id="cudnn9s-loader-finds-no-sub-library"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/app/app/factory/asr_model_factory.py", line 15, in create_asr_model\n'
        '    raise ValueError(f"Unsupported ASR engine: {CONFIG.ASR_ENGINE}")\n'
        "ValueError: Unsupported ASR engine: faster-whisper\n",
        "failure", "model_config", id="an-engine-setting-the-app-does-not-know"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "D:\\Forge\\webui\\modules\\launch_utils.py", line 434, in prepare_environment\n'
        "    raise RuntimeError(\n"
        "RuntimeError: Your device does not support the current version of Torch/CUDA! Consider download another "
        "version:\n",
        "failure", "no_gpu_visible", id="forges-check-that-torch-sees-no-gpu"),
    pytest.param(
        "2025-08-24 17:03:12 | ERROR | src.app.openai_compatible_llm:chat_completion:201 | Error calling the chat "
        "endpoint: Connection error. Failed to connect to the LLM API.\n",
        "not_a_server_log", None, id="a-clients-connection-error"),
    # round 161
    pytest.param(
        'time=2024-05-20T10:06:02.690+08:00 level=INFO source=server.go:504 msg="waiting for llama runner to start '
        'responding"\n'
        'INFO [main] HTTP server listening | hostname="127.0.0.1" n_threads_http="127" port="33525" tid="1" '
        "timestamp=1716170762\n",
        "incomplete", None, id="a-runner-listening-before-its-model-loads"),
    pytest.param(
        "INFO [                    main] model loaded | tid=\"11744\" timestamp=1723514861\n"
        "INFO [                    main] HTTP server listening | tid=\"11744\" timestamp=1723514861\n",
        "no_failure", None, id="llamacpps-2024-model-loaded-ends-the-start"),
    pytest.param(
        "[2025-11-20 17:49:55] Ignore import error when loading sglang.srt.models.mindspore: name 'ms' is not "
        "defined\n"
        "[2025-11-20 17:49:56] Load weight begin. avail mem=177.74 GB\n"
        "[2025-11-20 17:49:57] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 2712, in '
        "run_scheduler_process\n",
        "incomplete", None, id="sglangs-skipped-optional-module-is-no-failure"),
    pytest.param(
        "[2025-03-10 14:17:52 TP6] Ignore import error when loading sglang.srt.models.deepseek_v2. Command "
        "'['/usr/bin/gcc', '/tmp/x/main.c', '-O3', '-shared', '-fPIC', '-o', '/tmp/x/cuda_utils.so']' returned "
        "non-zero exit status 1.\n",
        "failure", "other", id="sglangs-skipped-module-that-failed-to-build-stays-an-error"),
    pytest.param(
        "ERROR 02-18 11:08:11 registry.py:306] Error in inspecting model architecture "
        "'Qwen2_5_VLForConditionalGeneration'\n"
        "ERROR 02-18 11:08:11 registry.py:306] Traceback (most recent call last):\n"
        "ERROR 02-18 11:08:11 registry.py:306] subprocess.CalledProcessError: Command '['/env/bin/python', '-m', "
        "'vllm.model_executor.models.registry']' returned non-zero exit status 1.\n"
        "ERROR 02-18 11:08:11 registry.py:306] \n"
        "ERROR 02-18 11:08:11 registry.py:306] The above exception was the direct cause of the following exception:\n"
        "ERROR 02-18 11:08:11 registry.py:306] \n"
        "ERROR 02-18 11:08:11 registry.py:306] Traceback (most recent call last):\n",
        "incomplete", None, id="vllms-model-inspection-wrapper-with-its-cause-cut"),
    # round 162
    pytest.param(
        "Loaded the model in 14.64 seconds.\n"
        "Running on local URL:  http://127.0.0.1:7860\n",
        "no_failure", None, id="text-generation-webui-loaded-and-serving"),
    pytest.param(
        "2023-11-30 14:28:12 INFO:OpenAI-compatible API URL:\n"
        "\n"
        "http://127.0.0.1:5000\n"
        "\n"
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://127.0.0.1:5000 (Press CTRL+C to quit)\n",
        "no_failure", None, id="text-generation-webuis-openai-api-up"),
    pytest.param(
        '21:33:07-635432 INFO     Loaded the model in 4.02 seconds.\n'
        '21:33:16-255298 INFO     OpenAI-compatible API URL:\n'
        "\n"
        "[Errno 13] error while attempting to bind on address ('127.0.0.1', 5000): access denied\n"
        "\n"
        "Running on local URL:  http://127.0.0.1:7860\n",
        "failure", "port_in_use", id="a-listener-refused-its-port-before-another-came-up"),
    pytest.param(
        "[Errno 98] error while attempting to bind on address ('0.0.0.0', 7860): address already in use\n"
        "Loaded the model in 4.02 seconds.\n"
        "Running on local URL:  http://127.0.0.1:7861\n",
        "failure", "port_in_use", id="a-bind-refused-on-another-port-than-the-ready-one"),
    pytest.param(
        "#  Rank  1 Group  0 Pid   4940 on ai-worker03 device  0 [0x61] NVIDIA L40\n"
        "ai-worker01:5771:5771 [0] NCCL INFO Bootstrap : Using eth0:172.16.121.86<0>\n"
        "NCCL version 2.21.5+cuda12.4\n",
        "not_a_server_log", None, id="nccl-tests-rank-listing"),
    # round 163
    pytest.param(
        "RuntimeError: Failed: CUDA error /build/DeepEP/csrc/deep_ep.cpp:112 'invalid resource handle'\n",
        "failure", "nccl_comm", id="deeps-buffer-failing-a-cuda-call"),
    pytest.param(
        "error:unexpected argument 'serve' found\n"
        "Usage: text-embeddings-router [OPTIONS]\n"
        "For more information, try '--help'.\n",
        "failure", "model_config", id="a-rust-routers-command-line-refused"),
    pytest.param(
        "Error: unexpected argument '-V' found\n",
        "failure", "other", id="a-short-flag-refused-is-no-servers-configuration"),
    # round 164
    pytest.param(
        "(EngineCore_DP9 pid=933) ERROR 01-31 01:01:42 [core.py:866] RuntimeError: Failed: CUDA error "
        "/tmp/deepep/csrc/deep_ep.cpp:371 'invalid argument'\n",
        "failure", "nccl_comm", id="deepep-built-anywhere-failing-a-cuda-call"),
    pytest.param(
        "RuntimeError: Error while initializing ZeroGPU: Unknown\n",
        "failure", "no_gpu_visible", id="zerogpu-init-failed"),
    pytest.param(
        "CUDA must not be initialized in the main process on Spaces with Stateless GPU environment. You can look "
        "at this Stacktrace to find out which part of your code triggered a CUDA init\n",
        "failure", "other", id="zerogpu-cuda-touched-at-start"),
    pytest.param(
        "ValueError: Error occured when fetching info: {'error': 'The model org/model-8B is too large to be loaded "
        "automatically (16GB > 10GB). Please use Spaces or Inference Endpoints.'}\n",
        "failure", "oom_weights", id="a-hosted-apis-model-size-limit"),
    pytest.param(
        "2025-07-29 21:13:00 ERROR sglang_router_rs::service_discovery: src/service_discovery.rs:322: Error in "
        "Kubernetes watcher: failed to perform initial object list: ApiError: pods is forbidden: User "
        "\"system:serviceaccount:default:default\" cannot list resource \"pods\" in API group \"\" in the "
        "namespace \"default\": Forbidden\n",
        "failure", "other", id="kubernetes-rbac-refusing-a-service-account"),
    pytest.param(
        "usage: vllm-router [-h] [--host HOST] [--port PORT]\n"
        "                   [--service-discovery {static,k8s}]\n",
        "incomplete", None, id="vllm-routers-usage-text-cut"),
    pytest.param(
        "(EngineCore_DP0 pid=86) Traceback (most recent call last):\n"
        '(EngineCore_DP0 pid=86) File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 846, '
        "in run_engine_core\n"
        "(APIServer pid=1) ERROR 12-09 04:35:40 [async_llm.py:525] AsyncLLM output_handler failed.\n",
        "incomplete", None, id="vllms-output-handler-is-a-wrapper"),
    pytest.param(
        "[03/22/2024-16:36:55] [TRT-LLM] [I] [MemUsage] Rank 0 Engine build starts - Allocated Memory: Host 8.5 "
        "(GiB) Device 1.6 (GiB)\n"
        "Traceback (most recent call last):\n"
        '  File "/home/u/trt-llm-rag-linux/build.py", line 908, in <module>\n',
        "not_a_server_log", None, id="a-tensorrt-llm-engine-build"),
    # round 165
    pytest.param(
        "Output error: ValueError: The linear dimension 16384 has 409 groups under group size 40. The groups cannot "
        "be evenly distributed on 2 GPUs.\n"
        "Possible solutions: reduce the number of GPUs, or use quantization with a smaller group size.\n",
        "failure", "model_config", id="weights-that-do-not-split-over-the-gpus"),
    pytest.param(
        "ERROR 01-22 15:13:59 worker_base.py:467]     handle = pynvml.nvmlDeviceGetHandleByIndex(physical_device_id)\n"
        "ERROR 01-22 15:13:59 worker_base.py:467] pynvml.NVMLError_InvalidArgument: Invalid Argument\n",
        "failure", "no_gpu_visible", id="nvml-refusing-a-device-index"),
    pytest.param(
        "> Hey\n"
        "Hello! How can I help you today?\n"
        "[ Prompt: 81.3 t/s | Generation: 27.3 t/s ]\n"
        "CUDA error: an illegal memory access was encountered\n",
        "not_a_server_log", "other", id="llama-clis-chat-transcript"),
    # Windows' and macOS's numbers of the same bind failures (WSAEACCES, WSAEADDRINUSE, EADDRINUSE)
    pytest.param(
        "ERROR: [Errno 10013] error while attempting to bind on address ('127.0.0.1', 8000): an attempt was made "
        "to access a socket in a way forbidden by its access permissions\n",
        "failure", "port_in_use", id="wsaeacces-on-a-bind"),
    # round 166
    pytest.param(
        "INFO 01-10 09:00:00 llm_engine.py:70] Initializing an LLM engine with config: model='/models/qwen2-moe'\n"
        "ValueError: Currently, the 'npcache' format is not supported for Qwen2MoE. Please use the 'safetensors' "
        "format instead.\n",
        "failure", "model_config", id="a-load-format-refused-for-the-model"),
    pytest.param(
        "INFO 07-12 15:03:30 llm_engine.py:70] Initializing an LLM engine with config: model='mosaicml/mpt-7b'\n"
        "Token indices sequence length is longer than the specified maximum sequence length for this model "
        "(9001 > 4096). Running this sequence through the model will result in indexing errors\n"
        "WARNING 07-12 15:03:35 scheduler.py:194] Input prompt (9001 tokens) is too long and exceeds limit of 4096\n",
        "failure", "model_config", id="a-prompt-over-the-schedulers-limit"),
    pytest.param(
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
        "Token indices sequence length is longer than the specified maximum sequence length for this model "
        "(3000 > 2048). Running this sequence through the model will result in indexing errors\n"
        'INFO:     127.0.0.1:40000 - "POST /v1/completions HTTP/1.1" 200 OK\n',
        "no_failure", None, id="the-tokenizers-long-input-warning-is-no-error"),
    # round 167
    pytest.param(
        "2025-11-22 10:12:10,748 xinference.core.worker 228528 ERROR    Failed to load model qwen-0\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.10/site-packages/xinference/model/llm/vllm/core.py", line 383, in load\n'
        "    from vllm.worker.worker_base import WorkerBase\n"
        "ModuleNotFoundError: No module named 'vllm.worker'\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.10/site-packages/xinference/core/worker.py", line 1282, in launch_builtin_model\n'
        "    await model_ref.load()\n",
        "failure", "other", id="a-missing-submodule-of-an-installed-package-is-no-optional-probe"),
    pytest.param(
        "ESC[2m2024-04-07T02:20:36.588030ZESC[0m ESC[31mERRORESC[0m ESC[2mtext_generation_router::inferESC[0mESC[2m:"
        "ESC[0m ESC[2mrouter/src/infer.rsESC[0mESC[2m:ESC[0mESC[2m705:ESC[0m Request failed during generation: "
        "Server error: transport error\n",
        "incomplete", None, id="tgis-router-losing-its-shard-with-escapes-spelled-out"),
    pytest.param(
        "(AReaL) 20260105-10:00:00.100 PlatformInit INFO: Detected CUDA device: NVIDIA H100 80GB HBM3\n"
        "(AReaL) 20260105-10:00:00.120 LocalLauncher INFO: LocalLauncher: experiment_name=ppo, trial_name=t0, "
        "fileroot=/tmp/areal/experiments, run_id=0, is_recover_run=False\n",
        "not_a_server_log", None, id="an-rl-training-launchers-own-lines"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/opt/trainer/run.py", line 40, in <module>\n'
        "    args = TrainingArguments(output_dir='out', bf16=True)\n"
        "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0\n",
        "not_a_server_log", "gpu_arch_unsupported", id="the-trainers-bf16-refusal-is-a-training-jobs"),
    pytest.param(
        "user@box:~$ ./chatglm.cpp/build/bin/main -m chatglm3-ggml.bin -i\n"
        "ggml_init_cublas: found 1 CUDA devices:\n"
        "CUDA error 2 at /src/ggml/src/ggml-cuda.cu:7196: out of memory\n",
        "not_a_server_log", "oom_weights", id="a-ggml-runner-built-as-bin-main"),
    pytest.param(
        "I 03-01 09:00:00 provisioner.py:79] Launching on GCP us-central1 (us-central1-a)\n"
        "I 03-01 09:01:00 cloud_vm_ray_backend.py:3209] Running setup on 1 node.\n"
        "E 03-01 09:05:00 subprocess_utils.py:82] RuntimeError: Failed to run setup.\n",
        "not_a_server_log", "other", id="skypilots-own-lines-without-its-command"),
    # round 168
    pytest.param(
        "I0301 10:00:00.000000 1 model_lifecycle.cc:459] loading: densenet:1\n"
        "E0301 10:00:01.000000 1 model_lifecycle.cc:638] failed to load 'densenet' version 1: Internal: failed to "
        "load model 'densenet': PytorchStreamReader failed reading zip archive: failed finding central directory\n",
        "failure", "model_config", id="a-model-file-that-is-no-torchscript-archive"),
    pytest.param(
        "I0301 10:00:00.000000 1 model_lifecycle.cc:459] loading: detector:1\n"
        "E0301 10:00:01.000000 1 model_lifecycle.cc:638] failed to load 'detector' version 1: Invalid argument: "
        "Unable to find 'libtriton_onnx.so' for model 'detector', searched: /models/detector/1, /models/detector, "
        "/opt/tritonserver/backends/onnx\n",
        "failure", "model_config", id="a-backend-name-triton-does-not-have"),
    pytest.param(
        "INFO 03-01 10:00:00 [model_runner.py:1] Starting to load model /models/fp8-model...\n"
        "RuntimeError: Rowwise scaling is not currently supported on your device\n",
        "failure", "gpu_arch_unsupported", id="a-kernel-not-supported-on-this-device"),
    pytest.param(
        "[TensorRT-LLM][INFO] Engine version 0.9.0 found in the config file, assuming engine(s) built by new builder API.\n"
        "[03/01/2024-10:00:00] [TRT] [E] 3: [executionContext.cpp::setInputShape::2309] Error Code 3: API Usage Error "
        "(Parameter check failed at: runtime/api/executionContext.cpp::setInputShape::2309, condition: satisfyProfile "
        "Runtime dimension does not satisfy any optimization profile.)\n",
        "failure", "model_config", id="an-input-outside-the-engines-profiles"),
    pytest.param(
        "mpirun -n 4 --allow-run-as-root benchmarks/gptManagerBenchmark --engine_dir /engines/llama --dataset d.json\n"
        "[TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory\n",
        "not_a_server_log", "oom_weights", id="trtllms-cpp-benchmark"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/app/tensorrt_llm/examples/summarize.py", line 700, in <module>\n'
        "    main(args)\n"
        "RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in cudaMalloc: out of memory\n",
        # relabelled after round 214 (docs/eval/runpy-relabelling.md): the example starts the engine in its process
        "failure", "oom_weights", id="trtllms-example-generation-script"),
    pytest.param(
        "[03/01/2024-10:00:00] [I] [TRT] [MemUsageChange] Init CUDA: CPU +2, GPU +0, now: CPU 18, GPU 400 (MiB)\n"
        "[03/01/2024-10:00:09] [E] Error[2]: [virtualMemoryBuffer.cpp::resizePhysical::140] Error Code 2: OutOfMemory "
        "(no further information)\n",
        "not_a_server_log", "oom_weights", id="trtexecs-own-log-format"),
    pytest.param(
        "Usage: tritonserver [options]\n"
        "  --exit-on-error <boolean>\n"
        "  --log-error <boolean>\n"
        "        Enable/disable error-level logging.\n",
        "incomplete", None, id="an-options-name-and-a-compound-report-nothing"),
    # round 169
    pytest.param(
        'Error: Post "http://127.0.0.1:11434/api/generate": read tcp 127.0.0.1:51000->127.0.0.1:11434: read: '
        "connection reset by peer\n",
        "not_a_server_log", None, id="the-ollama-clients-broken-connection"),
    pytest.param(
        "time=2024-05-01T10:00:00.000+08:00 level=INFO source=server.go:300 msg=\"starting llama server\"\n"
        "clip_model_load: model size:     595.49 MB\n"
        "cannot open model file for loading tensors\n"
        'time=2024-05-01T10:00:01.000+08:00 level=ERROR source=routes.go:120 msg="error loading llama server" '
        'error="llama runner process no longer running: 1 "\n',
        "failure", "model_access", id="a-model-file-the-server-cannot-open"),
    pytest.param(
        "api-1  | ERROR:    03/01/2026 10:00:00 AM    encoders.py  219: [RID:a1b2c3] Error during rerank process: "
        "model=bge-reranker batch=32\n"
        "api-1  | Traceback (most recent call last):\n"
        'api-1  |   File "/app/model_server/encoders.py", line 204, in process_rerank_request\n'
        "api-1  |     scores = await rerank(\n",
        "incomplete", None, id="a-heading-with-its-context-then-a-cut-traceback"),
    # round 170
    pytest.param(
        "INFO:     Started server process [4000]\n"
        "Loading model: /models/Mistral-7B-exl2\n"
        "IndexError: piece id is out of range.\n",
        "failure", "model_config", id="a-token-id-the-tokenizer-does-not-have"),
    pytest.param(
        "10      0x7f9ee02bdcef tensorrtllm::TensorrtllmEngine::LoadModel(std::shared_ptr<Json::Value>) + 3983\n"
        "11      0x55b453c9b0a6 cortex(+0x2560a6) [0x55b453c9b0a6]\n"
        "12      0x55b453cabe5c cortex(+0x266e5c) [0x55b453cabe5c]\n",
        "incomplete", None, id="an-engines-backtrace-frames-alone"),
    # round 171
    pytest.param(
        'time=2025-05-16T17:45:10.000+02:00 level=INFO source=server.go:405 msg="starting llama server"\n'
        'time=2025-05-16T17:45:16.661+02:00 level=ERROR source=sched.go:478 msg="error loading llama server" '
        'error="llama runner process has terminated: signal: killed"\n',
        "incomplete", None, id="ollamas-runner-killed-by-sigkill"),   # a kill names no sender (docs/eval/crash-relabelling.md)
    # round 172
    pytest.param(
        "I0101 00:00:00.000000       1 main.go:150] Starting FS watcher.\n"
        "2024/01/01 00:00:01 Starting GRPC server for 'nvidia.com/gpu'\n"
        "2024/01/01 00:00:01 Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
        "2024/01/01 00:00:01 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n",
        "not_a_server_log", None, id="the-device-plugins-healthy-log-is-no-servers-start"),
    pytest.param(
        "2024/01/01 00:00:01 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
        "2024/01/01 00:00:01 Could not register device plugin: rpc error: code = Unavailable desc = connection error\n",
        "failure", "no_gpu_visible", id="the-device-plugin-that-cannot-register"),
    pytest.param(
        "Normal   NotTriggerScaleUp  1m  cluster-autoscaler  Node scale up in zones europe-west4-a associated with "
        "this pod failed: GCE out of resources. Pod is at risk of not being scheduled.\n",
        "failure", "no_gpu_visible", id="an-autoscaler-that-cannot-add-a-gpu-node"),
    pytest.param(
        '{"level":"ERROR","logger":"controller","message":"failed launching nodeclaim","error":"creating instance, '
        'insufficient capacity, all requested instance types were unavailable during launch"}\n',
        "failure", "no_gpu_visible", id="karpenter-without-gpu-capacity"),
    pytest.param(
        "GPU driver auto installation is disabled.\n"
        "Waiting for GPU driver libraries to be available.\n",
        "failure", "no_gpu_visible", id="gkes-driver-installer-told-not-to-install"),
    pytest.param(
        "(ServeReplica:app:Deployable pid=1) AssertionError: flash decoding must be true for this backend\n",
        "failure", "model_config", id="a-setting-that-must-be-true"),
    pytest.param(
        "pytriton.client.exceptions.PyTritonClientTimeoutError: Waiting for server to be ready timed out.\n",
        "not_a_server_log", None, id="pytritons-client-waiting"),
    pytest.param(
        "ERROR 07-31 22:10:35 [config.py:29] Failed to import Triton kernels. Please make sure your triton version "
        "is compatible. Error: No module named 'triton_kernels.routing'\n"
        "INFO 07-31 22:10:40 [api_server.py:1] vLLM API server version 0.11.0\n",
        "incomplete", None, id="vllms-optional-triton-kernels-import"),
    # round 173
    pytest.param(
        "RuntimeError: DecodeEngineCoreProc died during startup (exit code 1)\n"
        "\n"
        "The above exception was the direct cause of the following exception:\n"
        "RuntimeError: Orchestrator initialization failed: DecodeEngineCoreProc died during startup (exit code 1)\n",
        "incomplete", None, id="a-stage-engine-core-that-died-says-not-why"),
    # round 175
    pytest.param(
        "gpu-feature-discovery: 2021/09/16 01:12:55 Running gpu-feature-discovery in version v0.4.1\n"
        "gpu-feature-discovery: 2021/09/16 01:12:55 Loaded configuration:\n"
        "gpu-feature-discovery: 2021/09/16 01:12:55 FailOnInitError: true\n"
        "gpu-feature-discovery: 2021/09/16 01:12:55 MigStrategy: single\n"
        "gpu-feature-discovery: 2021/09/16 01:12:55 Start running\n"
        "gpu-feature-discovery: 2021/09/16 01:12:55 Writing labels to output file\n",
        "not_a_server_log", None, id="gpu-feature-discovery-healthy-with-a-setting-named-error"),
    pytest.param(
        "I0522 06:06:01.422904       1 main.go:122] Starting OS watcher.\n"
        "I0522 06:06:01.423915       1 factory.go:48] Detected non-Tegra platform: /sys/devices/soc0/family file not found\n"
        "I0522 06:06:01.477123       1 main.go:245] Creating Labels\n"
        "I0522 06:06:01.477140       1 output.go:82] Writing labels to output file /etc/kubernetes/node-feature-discovery/features.d/gfd\n",
        "not_a_server_log", None, id="gpu-feature-discovery-probing-for-tegra-is-no-failure"),
    pytest.param(
        "gpu-feature-discovery: 2022/03/13 12:09:51 Unexpected error: Error generating NVML labels: Error generating "
        "common labels: Error getting device: nvml: Insufficient Permissions\n",
        "failure", "no_gpu_visible", id="go-nvml-insufficient-permissions"),
    pytest.param(
        "Loading NVIDIA driver kernel modules...\n"
        "Starting NVIDIA persistence daemon...\n"
        "Mounting NVIDIA driver rootfs...\n"
        "Done, now waiting for signal\n",
        "not_a_server_log", None, id="driver-container-healthy-end"),
    pytest.param(
        'kubelet[1311]: E0505 18:42:19.812688    1311 pod_workers.go:949] "Error syncing pod, skipping" '
        'err="failed to \\"CreatePodSandbox\\" for \\"nvidia-device-plugin-daemonset-h9kxw_gpu-operator(8e49)\\" '
        'with CreatePodSandboxError: \\"Failed to create sandbox for pod \\\\\\"nvidia-device-plugin-daemonset-h9kxw\\\\\\": '
        'rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for \\\\\\"nvidia\\\\\\" is configured\\""\n',
        "failure", "no_gpu_visible", id="no-nvidia-runtime-with-escaped-quotes"),
    pytest.param(
        '{"level":"info","ts":1594397524.0851164,"logger":"controller_clusterpolicy","msg":"Could not get any nodes '
        'to match pci-0302_10de.present=true label","Request.Namespace":"default","Request.Name":"Node","ERROR":""}\n',
        "failure", "no_gpu_visible", id="gpu-operator-finds-no-gpu-node"),
    pytest.param(
        "2023-12-07T13:57:23.464203Z ERROR generate_stream{parameters=GenerateParameters { best_of: None }}:"
        "async_stream:generate_stream: text_generation_router::infer: router/src/infer.rs:110: `inputs` tokens + "
        "`max_new_tokens` must be <= 2048. Given: 1235 `inputs` tokens and 1024 `max_new_tokens`\n",
        "failure", "model_config", id="tgi-router-request-over-max-total-tokens"),
    pytest.param(
        "INFO 08-06 12:35:26.612 ngc_injector.py:141] Selected profile: 7680b65d (vllm-fp16-tp1)\n"
        "Exception: Error {\n"
        '    context: "initializing ngc repo from repo_id: ngc://nim/mistralai/mistral-7b-instruct-v03:hf",\n'
        "    source: CommonError(\n"
        "        Error {\n"
        '            context: "fetching file map with bearer token",\n'
        "            source: reqwest::Error {\n",
        "failure", "model_access", id="nim-ngc-repo-fetch-failed"),
    pytest.param(
        "Downloading tokenizer\n"
        "--2023-09-19 16:06:38--  https://download.example.com/llama-2/tokenizer.model\n"
        "Connecting to download.example.com (download.example.com)|54.69.34.243|:443... connected.\n"
        "HTTP request sent, awaiting response... 401 Unauthorized\n"
        "\n"
        "Username/Password Authentication Failed.\n",
        "not_a_server_log", "model_access", id="wget-download-refused-is-a-scripts"),
    pytest.param(
        "  Normal   Started              21s (x5 over 2m4s)  kubelet            Started container ollama\n"
        "  Warning  FailedPostStartHook  19s (x5 over 2m3s)  kubelet            PostStartHook failed\n"
        "  Normal   Killing              19s (x5 over 2m3s)  kubelet            FailedPostStartHook\n",
        "incomplete", None, id="kubelet-poststart-hook-failed-says-not-why"),
    pytest.param(
        "GPU 0: NVIDIA A100-PCIE-40GB (UUID: GPU-551720f0-caf0-22b7-f525-2a51a6ab478d)\n"
        "Failed to initialize NVML: Unknown Error\n",
        "not_a_server_log", "no_gpu_visible", id="nvidia-smi-list-then-nvml-lost"),
    # round 176
    pytest.param(
        "FetchError: request to http://127.0.0.1:2242/v1/models failed, reason: read ECONNRESET\n"
        "    at ClientRequest.<anonymous> (/home/user/SillyTavern/node_modules/node-fetch/lib/index.js:1491:11)\n",
        "not_a_server_log", None, id="node-fetch-error-is-a-clients"),
    # round 177
    pytest.param(
        "Failed to load libllamamodel-mainline-cuda.so: dlopen: libcudart.so.11.0: cannot open shared object file: "
        "No such file or directory\n",
        "failure", "other", id="backend-dlopen-of-a-missing-cuda-runtime"),
    pytest.param(
        'Error 500: Some("a101"): slot 1 failed to render chat template: invalid operation: value of type undefined '
        "is not callable (in chat_template:264)\n",
        "failure", "model_config", id="chat-template-fails-to-render"),
    pytest.param(
        'ERROR "sync s3://my-bucket/huggingface-model/output/model.tar.gz/* /tmp/.djl.ai/download/tmp\n',
        "failure", "model_access", id="djl-s3-model-download-failed"),
    pytest.param(
        "[INFO ] PyProcess - W-124-model-stdout: WARNING::[RequestId=2e881aa3]Input Parsing failed. Ensure that the "
        "request payload is valid. No module named 'vllm.entrypoints.openai.protocol'\n"
        "[INFO ] PyProcess - W-124-model-stdout: Traceback (most recent call last):\n"
        '[INFO ] PyProcess - W-124-model-stdout: File "/tmp/.djl.ai/python/0.36.0/djl_python/input_parser.py", line 107, '
        "in parse_input_with_formatter\n",
        "failure", "other", id="serving-package-submodule-gone-above-a-cut-traceback"),
    pytest.param(
        "Starting get_model: llama\n"
        "Could not determine --max_seq_len, setting to 2048.  Pass if not correct\n"
        "llama.cpp: loading model from llama-2-7b-chat.ggmlv3.q8_0.bin\n"
        "llama_model_load_internal: n_ctx      = 2048\n",
        "incomplete", None, id="a-default-taken-for-an-unknown-setting-is-a-notice"),
    # round 178
    pytest.param(
        '  File "pandas/_libs/interval.pyx", line 1, in init pandas._libs.interval\n'
        "ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, "
        "got 88 from PyObject\n",
        "failure", "other", id="numpy-abi-mismatch"),
    pytest.param(
        "INFO 04-30 14:30:44 [engine.py:310] Added request chatcmpl-dbc9987ce4734f5b8321adfdb5ae22b7.\n"
        "LLVM ERROR: Failed to compute parent layout for slice layout.\n"
        "ERROR 04-30 14:30:50 [client.py:305] RuntimeError('Engine process (pid 2837204) died.')\n",
        "failure", "gpu_arch_unsupported", id="triton-slice-layout-abort-on-pre-ampere"),
    pytest.param(
        'Error from server (BadRequest): error when creating "GPT-OSS-120B.yaml": admission webhook '
        '"validation.workspace.kaito.sh" denied the request: validation failed: invalid value: Unsupported inference '
        "preset name gpt-oss-120b\n",
        "failure", "model_config", id="admission-webhook-denies-the-serving-spec"),
    pytest.param(
        "$ OLLAMA_HOST=https://ollama.example.run.app ollama run gemma3 --verbose\n"
        "Error: unmarshal: invalid character 'u' looking for beginning of value\n",
        "not_a_server_log", None, id="ollama-client-cannot-read-the-answer"),
    pytest.param(
        '[GIN] 2026/04/02 - 18:05:05 | 200 |  942.602238ms | 10.0.0.1 | GET      "/api/tags"\n'
        "4/2/2026, 11:05:06 AM\n"
        "[ERROR]\n"
        "undefined\n"
        "4/2/2026, 11:05:08 AM\n"
        "[INFO]\n"
        'time=2026-04-02T18:05:08.241Z level=INFO source=server.go:432 msg="starting runner" '
        'cmd="/usr/bin/ollama runner --ollama-engine --port 42491"\n',
        "incomplete", None, id="console-severity-lines-and-a-runner-still-starting"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "D:\\webui\\env\\lib\\site-packages\\llama_cpp_cuda\\llama_cpp.py", line 360, in llama_load_model_from_file\n'
        "    return _lib.llama_load_model_from_file(path_model, params)\n"
        "OSError: [WinError -1073741795] Windows Error 0xc000001d\n",
        "failure", "other", id="windows-illegal-instruction-status"),
    # round 179
    pytest.param(
        '  File "/home/u/.venv/lib/python3.10/site-packages/deep_gemm/dispatch.py", line 23, in must_be_k_major\n'
        "    return {\n"
        "KeyError: '120a'\n",
        "failure", "gpu_arch_unsupported", id="kernel-dispatch-table-lacks-the-gpus-arch"),
    pytest.param(
        "ERR [llama-cpp] Failed loading model, trying with fallback 'llama-cpp-fallback', error: failed to load model "
        "with internal loader: could not load model: rpc error: code = Canceled desc = \n",
        "incomplete", None, id="localai-backend-gone-with-no-description"),
    pytest.param(
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA GeForce GTX 1060 6GB, compute capability 6.1, VMM: yes\n"
        "main: server is listening on http://0.0.0.0:8080 - starting the main loop\n"
        "[  401.460183] traps: llama-server[1907] trap invalid opcode ip:7f2d23f352ac sp:7ffcf9dbfd20 error:0 in "
        "libggml-cpu.so[3a2ac,7f2d23f03000+60000]\n",
        "failure", "other", id="kernel-trap-invalid-opcode-is-sigill"),
    pytest.param(
        "$ ramalama serve tiny hello\n"
        "usage: ramalama [-h] [--debug] [--dryrun] [--engine ENGINE] [--nocontainer]\n"
        "ramalama: error: unrecognized arguments: hello\n",
        "not_a_server_log", "model_config", id="ramalama-cli-refuses-its-arguments"),
    # round 180
    pytest.param(
        "[rank5]:[E319 04:10:16.865321732 ProcessGroupNCCL.cpp:688] [Rank 1] Watchdog caught collective\n"
        "operation timeout: WorkNCCL(SeqNum=12773, OpType=_ALLGATHER_BASE, NumelIn=262144,\n"
        "NumelOut=1048576, Timeout(ms)=600000) ran for 600070 milliseconds before timing out.\n",
        "failure", "nccl_comm", id="nccl-watchdog-timeout-wrapped-over-lines"),
    pytest.param(
        "ValueError: Free memory on device cuda:0 (27.44/79.15\n"
        "GiB) on startup is less than\n"
        "desired GPU memory utilization (0.9, 71.24 GiB).\n",
        "failure", "oom_weights", id="vllm-free-memory-check-wrapped-over-lines"),
    pytest.param(
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/worker/worker_base.py", line 449, in init_worker\n'
        "    self.worker = worker_class(*args, **kwargs)\n"
        "ModuleNotFoundError: No module named 'transformers_modules.deepseek-ai.DeepSeek-V2'\n",
        "failure", "model_access", id="remote-code-module-missing-on-a-worker"),
    pytest.param(
        "[TensorRT-LLM] TensorRT-LLM version: 0.8.0\n"
        "33      0x7fbc4549be40 __libc_start_main + 128\n"
        "Traceback (most recent call last):\n"
        '  File "/TensorRT-LLM/examples/mpt/../run.py", line 504, in <module>\n'
        "    main(args)\n",
        # relabelled after round 214 (docs/eval/runpy-relabelling.md): the engine's start, cut before its cause
        "incomplete", None, id="trtllm-example-runner-through-a-parent-path"),
    # round 181
    pytest.param(
        '  File "/usr/lib/python3/dist-packages/torch/serialization.py", line 447, in __init__\n'
        "    super().__init__(torch._C.PyTorchFileReader(name_or_buffer))\n"
        "RuntimeError: PytorchStreamReader failed reading zip archive: invalid header or archive is corrupted\n",
        "failure", "model_access", id="checkpoint-archive-corrupt"),
    pytest.param(
        "Loading checkpoint shards: 100%|##########| 4/4 [00:05<00:00,  1.33s/it]\n"
        "2025-12-12 09:52:10.6152300 [W:onnxruntime:, transformer_memcpy.cc:74 onnxruntime::MemcpyTransformer::ApplyImpl] "
        "2 Memcpy nodes are added to the graph torch_jit for CUDAExecutionProvider. It might have negative impact on "
        "performance (including unable to run CUDA graph). Set session_options.log_severity_level=1 to see the detail logs "
        "before this message.\n"
        "Loading HiFT model from ckpt/hift/hift.pt on cuda...\n",
        "incomplete", None, id="onnxruntime-memcpy-note-is-no-failure"),
    # round 182
    pytest.param(
        "Error: Could not create backend\n"
        "Caused by:\n"
        "    Could not start backend: Model is not supported: unknown variant `deberta-v2`, expected one of `bert`, "
        "`xlm-roberta`, `camembert`, `roberta`, `distilbert`, `nomic_bert` at line 21 column 28\n",
        "failure", "model_config", id="tei-model-architecture-not-supported"),
    pytest.param(
        "[2025-06-30 17:03:22.202468] I arguments  : /usr/local/bin/llama-box --host 0.0.0.0 --embeddings --port 40033\n"
        "[2025-06-30 17:03:22.202468] I version    : v0.0.144 (defe859)\n",
        "incomplete", None, id="llama-box-header-then-nothing"),
    pytest.param(
        '    "State": {\n'
        '      "Status": "running",\n'
        '      "OOMKilled": false,\n'
        '      "Dead": false,\n'
        '      "ExitCode": 0,\n'
        '      "Error": "",\n'
        '      "StartedAt": "2026-01-15T09:12:29.351480425Z"\n'
        "    },\n",
        "incomplete", None, id="docker-inspect-state-denies-oom-and-error"),
    # restart banners beyond vLLM/SGLang/TGI: Ollama's service journal restarted after its listening line
    pytest.param(
        'ollama[1200]: time=2025-06-03T17:36:50.100Z level=INFO source=routes.go:1205 msg="server config" '
        'env="map[OLLAMA_HOST:http://0.0.0.0:11434]"\n'
        'ollama[1200]: time=2025-06-03T17:36:50.200Z level=INFO source=routes.go:1258 msg="Listening on [::]:11434 '
        '(version 0.9.0)"\n'
        'ollama[1388]: time=2025-06-03T18:02:11.100Z level=INFO source=routes.go:1205 msg="server config" '
        'env="map[OLLAMA_HOST:http://0.0.0.0:11434]"\n'
        'ollama[1388]: time=2025-06-03T18:02:11.300Z level=INFO source=images.go:463 msg="total blobs: 12"\n',
        "incomplete", None, id="ollama-restarted-after-listening-has-not-finished"),
    # a Python prompt session (docs/eval/prompt-session-relabelling.md)
    pytest.param(
        ">>> from openai_harmony import load_harmony_encoding\n"
        '>>> load_harmony_encoding("HarmonyGptOss")\n'
        "Traceback (most recent call last):\n"
        '  File "<stdin>", line 1, in <module>\n'
        "openai_harmony.HarmonyError: error downloading or loading vocab file: failed to download or load vocab file\n",
        "not_a_server_log", "model_access", id="python-prompt-session-is-a-programs"),
    pytest.param(
        ">>> import torch\n"
        ">>> torch.cuda.is_available()\n"
        "False\n",
        "not_a_server_log", None, id="python-prompt-session-healthy-or-not-is-no-start"),
    # round 183
    pytest.param(
        "numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR\n"
        "ptxas application ptx input, line 9; fatal   : Unsupported .version 8.1; current version is '8.0'\n",
        "failure", "driver_too_old", id="numba-driver-api-code-222-is-ptx-newer-than-the-driver"),
    pytest.param(
        "2023-07-26 11:21:40.205541: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary "
        "is optimized to use available CPU instructions in performance-critical operations.\n"
        "2023-07-26 11:21:40.828301: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: "
        "Could not find TensorRT\n",
        "incomplete", None, id="tensorflow-w-line-is-a-warning"),
    pytest.param(
        "2019-08-18 14:09:11.496449: W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES failed at "
        "random_op.cc:202 : Resource exhausted: OOM when allocating tensor with shape[50000,128] and type float "
        "on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n",
        "failure", "oom_weights", id="tensorflow-oom-counts-at-w"),
    pytest.param(
        "2023-06-19 17:03:27.840554: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded "
        "runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.  CuDNN library needs to have matching "
        "major version and equal or higher minor version.\n",
        "failure", "other", id="tensorflow-cudnn-older-than-build"),
    pytest.param(
        "Epoch 1/10\n"
        "2023-06-19 17:03:27.840554: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded "
        "runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.\n",
        "not_a_server_log", "other", id="keras-fit-epoch-is-a-training-job"),
    pytest.param(
        "Launching Web UI with arguments: --share\n"
        "No checkpoints found. When searching for checkpoints, looked at:\n"
        " - directory /content/stable-diffusion-webui/models/Stable-diffusion\n"
        "Can't run without a checkpoint. Find and place a .ckpt file into any of those locations. "
        "The program will exit.\n",
        "failure", "model_access", id="sd-webui-without-a-checkpoint"),
    pytest.param(
        "(env) [user@host ~]$ llamafactory-cli env\n"
        "/env/lib/python3.10/site-packages/torch/cuda/__init__.py:174: UserWarning: CUDA initialization: Unexpected "
        "error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might "
        "have already set an error? Error 802: system not yet initialized\n"
        "- `llamafactory` version: 0.9.3.dev0\n",
        "not_a_server_log", "no_gpu_visible", id="hf-style-env-command-is-a-report"),
    pytest.param(
        "ImportError: cuda.bindings.cydriver does not export expected C function cuDeviceGetUuid_v2\n"
        "cudf 26.4.0 requires cupy-cuda13x!=14.0.0,>=13.6.0, but you have cupy-cuda12x 13.6.0 which is "
        "incompatible.\n",
        "not_a_server_log", "other", id="pip-dependency-conflict-lines-are-an-install"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "<stdin>", line 1, in <module>\n'
        "OSError: libnvrtc.so.12: cannot open shared object file: No such file or directory\n",
        "not_a_server_log", "other", id="stdin-traceback-is-a-trial"),
    pytest.param(
        "Computing result using CUDA Kernel...\n"
        "Checking computed result for correctness: Result = PASS\n",
        "not_a_server_log", None, id="cuda-sample-result-after-its-text"),
    # round 184
    pytest.param(
        "^CTraceback (most recent call last):\n"
        '  File "/workspace/app/examples/offline.py", line 67, in <module>\n'
        "    outputs = llm.generate(prompts=prompts, sampling_params=sampling_params)\n"
        '  File "/usr/lib/python3.10/selectors.py", line 469, in select\n'
        "    fd_event_list = self._selector.poll(timeout, max_ev)\n"
        "KeyboardInterrupt\n"
        "(ParaWorker pid=50579) INFO 05:29:31 runtime peak memory: 12.594 GB\n",
        "incomplete", None, id="ctrl-c-is-the-operators-stop-not-the-cause"),
    pytest.param(
        "I0917 16:19:42.193420 3936072 transfer_engine.cpp:146] Transfer Engine RPC using P2P handshake, "
        "listening on 10.0.0.13:16590\n"
        "I0917 16:19:42.193977 3936072 transfer_engine.cpp:200] Topology discovery complete. Found 1 HCAs.\n",
        "incomplete", None, id="mooncake-transfer-engine-is-a-server-starting"),
    pytest.param(
        "flashinfer.jit:Loading JIT ops:batch_prefill_with_kv_cache_dtype_q_bf16_dtype_kv_bf16_head_dim_qk_128\n",
        "incomplete", None, id="flashinfer-jit-loading-is-a-server-starting"),
    pytest.param(
        "open /run/nvidia-persistenced/socket: no such file or directory\n",
        "failure", "no_gpu_visible", id="persistenced-socket-missing"),
    # round 185
    pytest.param(
        "thread '<unnamed>' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/cudarc-0.12.1/"
        "src/lib.rs:98:5:\n"
        'Unable to dynamically load the "cudnn" shared library - searched for library names: ["libcudnn.so", '
        '"libcudnn64.so", "libcudnn64_12.so"]. Ensure that `LD_LIBRARY_PATH` has the correct path to the installed '
        "library.\n",
        "failure", "other", id="cudarc-cannot-load-cudnn"),
    pytest.param(
        "Fooocus version: 1.0.22\n"
        "Running on local URL:  http://0.0.0.0:7860\n\n"
        "To create a public link, set `share=True` in `launch()`.\n",
        "no_failure", None, id="gradio-url-is-a-model-apps-ready-line"),
    pytest.param(
        "2025-04-03 11:13:46,686 - __main__ - INFO - [2025-04-03 11:13:46] The server is fired up and ready to roll!\n"
        "2025-04-03 11:13:48,716 - __main__ - ERROR - IndexError in model, restarting server\n"
        "2025-04-03 11:13:48,857 - __main__ - WARNING - SGLang server task ended\n"
        "sglang_server_task\n\n"
        "Generated command: ['python3', '-m', 'sglang.launch_server', '--port', '30024']\n",
        "incomplete", None, id="a-crash-after-ready-the-log-goes-on-past"),
    pytest.param(
        "nvbufsurftransform:cuInit failed : 804 \n" * 3,
        "failure", "driver_too_old", id="deepstream-cuinit-804"),
    pytest.param(
        "RuntimeError: /onnxruntime_src/onnxruntime/core/providers/cuda/cuda_call.cc:123 onnxruntime::CudaCall "
        "CUDA failure 500: named symbol not found ; GPU=32767 ; hostname=5624e0118279 ; "
        "file=/onnxruntime_src/onnxruntime/core/providers/cuda/cuda_execution_provider.cc ; line=280 ; "
        "expr=cudaSetDevice(info.device_id);\n",
        "failure", "no_gpu_visible", id="onnxruntime-error-500-at-set-device"),
    pytest.param(
        "Backend: tensorrt\n"
        "[INFO] ultra_infer/runtime/backends/tensorrt/trt_backend.cc(567)::BuildTrtEngine\t[TrtBackend] Use FP16 to "
        "inference.\n",
        "incomplete", None, id="fastdeploy-runtime-building-its-engine"),
    pytest.param(
        "INFO:olmocr.check:pdftoppm is installed and working.\n"
        "2025-10-30 08:25:13,315 - __main__ - INFO - Using internal server at http://localhost:8000/v1\n",
        "incomplete", None, id="olmocr-pipeline-starting-its-server"),
    # round 186
    pytest.param(
        "RuntimeError: Model size exceeds available memory (20.45 GiB > 19.63 GiB).\n"
        "Model weights: 15.45 GiB, Activation memory: 5.00 GiB.\n",
        "failure", "oom_weights", id="max-start-up-memory-estimate"),
    pytest.param(
        "RuntimeError: Server is not reachable from the Internet:\n\n"
        "Failed to connect in 5 sec. Firewall may be blocking connections\n",
        "failure", "nccl_comm", id="petals-server-unreachable"),
    pytest.param(
        "$ bin/rpc-server -p 50052\n"
        "create_backend: using CUDA backend\n"
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA T1200 Laptop GPU, compute capability 7.5, VMM: yes\n"
        "Starting RPC server on 0.0.0.0:50052\n",
        "no_failure", None, id="rpc-server-started-without-memory-figure"),
    pytest.param(
        "Loading deepseek-r1:14b...\n\n"
        "Traceback (most recent call last):\n"
        '  File "C:\\Python312\\Lib\\site-packages\\litellm\\llms\\custom_httpx\\llm_http_handler.py", line 170, '
        "in _make_common_sync_call\n"
        "    response = sync_httpx_client.post(\n"
        '  File "C:\\Python312\\Lib\\site-packages\\litellm\\llms\\custom_httpx\\http_handler.py", line 754, in post\n'
        "    raise e\n",
        "not_a_server_log", None, id="traceback-cut-in-a-client-librarys-frames"),
    # round 187
    pytest.param(
        "[02:15:37.331] [error] ENGINE: Traceback (most recent call last):\n"
        '  File "C:\\engine\\run.py", line 77, in make_synthesis_engine\n'
        "Exception: Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend. This could be "
        "because th...\n",
        "failure", "no_gpu_visible", id="torch-without-a-cuda-backend"),
    pytest.param(
        "llama_kv_cache: CUDA0 KV buffer size = 306.00 MiB\n"
        "sched_reserve: CUDA0 compute buffer size = 304.23 MiB\n"
        "Main process exited, code=dumped, status=11/SEGV\n",
        "failure", "other", id="systemd-core-dump-is-a-crash"),
    # round 188
    pytest.param(
        "==((====))==  Unsloth 2025.3.19: Fast Llama patching. Transformers: 4.50.3. vLLM: 0.8.3.\n"
        "Unsloth: Your GPU cannot handle sequence lengths of 5000 due to limited GPU memory.\n"
        "Unsloth: Your GPU can only handle approximately the maximum sequence length of 5000.\n"
        "Unsloth: vLLM loading unsloth/phi-3.5-mini-instruct-bnb-4bit with actual GPU utilization = 17.5%\n",
        "incomplete", None, id="unsloth-caps-the-sequence-length-and-goes-on"),
    # round 189
    pytest.param(
        "[2026-05-02 10:11:12] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/hiradix_cache.py", line 61, in __init__\n'
        "ValueError: HiRadixCache only supports MHA, MLA, and NSA (DSA) models\n",
        "failure", "model_config", id="feature-only-supports-some-models"),
    # round 190
    pytest.param(
        "Jan 07 09:55:05 ERROR Backend not found backend=\"llama-cpp\"\n"
        "Jan 07 09:55:05 ERROR Failed to load model modelID=\"qwen3-vl-4b-thinking\" error=failed to load model with "
        "internal loader: backend not found: llama-cpp backend=\"llama-cpp\"\n",
        "failure", "other", id="localai-backend-not-installed"),
    pytest.param(
        "init: using 15 threads for HTTP server\n"
        "main: loading model\n"
        "llama_params_fit_impl: projected to use 47132 MiB of device memory vs. 46000 MiB of free device memory\n"
        "llama_params_fit_impl: cannot meet free memory targets on all devices, need to use 3180 MiB less in total\n"
        "llama_params_fit: failed to fit params to free device memory: n_gpu_layers already set by user to -2, abort\n",
        "incomplete", None, id="llamacpp-params-fit-gives-up-and-the-load-goes-on"),
    pytest.param(
        "Collecting llama-cpp-python\n"
        "  Installing build dependencies ... done\n"
        "  Getting requirements to build wheel ... done\n"
        "  Preparing metadata (pyproject.toml) ... done\n",
        "not_a_server_log", None, id="pip-source-build-steps"),
    pytest.param(
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes\n"
        "version: 7414 (https://github.com/ggml-org/llama.cpp/commit/9d52f17ae33e8df958e20f3f1b13bfec53ab5a1d)\n"
        "built with GNU 15.2.1 for Linux x86_64\n",
        "not_a_server_log", None, id="llamacpp-version-report"),
    # round 192
    pytest.param(
        "llama_kv_cache_init:      CUDA0 KV buffer size =   512.00 MiB\n"
        "ggml_cuda_host_malloc: failed to allocate 1024.00 MiB of pinned memory: system has unsupported display "
        "driver / cuda driver combination\n"
        "llama_new_context_with_model:        CPU  output buffer size =     0.50 MiB\n",
        "failure", "driver_too_old", id="llamacpp-pinned-memory-refused-with-error-803"),
    pytest.param(
        "llama_kv_cache_init:      CUDA0 KV buffer size =   512.00 MiB\n"
        "ggml_cuda_host_malloc: failed to allocate 1024.00 MiB of pinned memory: out of memory\n"
        "llama_new_context_with_model:        CPU  output buffer size =     0.50 MiB\n",
        "incomplete", None, id="llamacpp-pinned-memory-refused-and-the-load-goes-on"),
    pytest.param(
        "llama_new_context_with_model: n_ctx      = 2048\n"
        "llama_kv_cache_init:      CUDA0 KV buffer size =    96.00 MiB\n"
        "/app/src/llama.cpp:15390: GGML_ASSERT(strcmp(res->name, \"result_output\") == 0 && \"missing result_output "
        "tensor\") failed\n",
        "failure", "model_config", id="llamacpp-embedding-model-served-for-generation"),
    # the written rule for a crash whose cause the lines do not show (docs/eval/crash-relabelling.md)
    pytest.param(
        "Loading checkpoint shards:  50%|#####     | 2/4 [00:10<00:10]\n"
        "Killed\n",
        "incomplete", None, id="a-bare-kill-while-loading-names-no-sender"),
    pytest.param(
        "Loading checkpoint shards:  50%|#####     | 2/4 [00:10<00:10]\n"
        "[ 1234.567] Out of memory: Killed process 4242 (python3) total-vm:80000000kB, anon-rss:60000000kB\n"
        "Killed\n",
        "failure", "oom_weights", id="a-kill-the-oom-killer-signs-is-host-memory"),
    pytest.param(
        "2024-05-01T10:00:00.000000Z  INFO text_generation_launcher: Starting shard rank=0\n"
        "2024-05-01T10:00:30.000000Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to "
        "shutdown with signal 9 rank=0\n",
        "incomplete", None, id="a-shard-killed-with-signal-9-names-no-sender"),
    pytest.param(
        "INFO 05-01 10:00:00 [loader.py:458] Loading weights took 38.52 seconds\n"
        "Segmentation fault (core dumped)\n",
        "failure", "other", id="a-segfault-of-its-own-is-the-failure"),
    pytest.param(
        "INFO 12-30 17:35:37 [__init__.py:216] Automatically detected platform cuda.\n"
        "Aborted (core dumped)\n",
        "incomplete", None, id="an-abort-with-no-message-above-it-says-not-why"),
    pytest.param(
        "INFO:     Uvicorn running on http://0.0.0.0:6007 (Press CTRL+C to quit)\n"
        "INFO:     127.0.0.1:38844 - \"GET /v1/models HTTP/1.1\" 200 OK\n"
        "Aborted (core dumped) \n",
        "incomplete", None, id="an-abort-after-the-start-with-no-message"),
    pytest.param(
        "terminate called after throwing an instance of 'std::length_error'\n"
        "  what():  vector::reserve\n"
        "Aborted (core dumped)\n",
        "failure", "other", id="an-abort-after-its-cxx-message-is-that-failure"),
    pytest.param(
        "crypto/fips/fips.c:154: OpenSSL internal error: FATAL FIPS SELFTEST FAILURE\n"
        "Aborted (core dumped)\n",
        "failure", "other", id="an-abort-after-a-fatal-message-is-that-failure"),
    pytest.param(
        "2025-03-21T07:56:53.878390Z  INFO dynamo_llm::engines::sglang::worker: Waiting for sglang0 to signal that it's ready\n"
        "Quit (core dumped)\n",
        "incomplete", None, id="a-sigquit-is-sent-by-another-and-names-no-cause"),
    pytest.param(
        "(EngineCore pid=1879) (raylet) A worker died or was killed while executing a task by an unexpected system error. "
        "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. "
        "End of file. Some common causes include: (1) the process was killed by the OOM killer due to high memory "
        "usage, (2) ray stop --force was called, or (3) the worker crashed unexpectedly due to SIGSEGV or another "
        "unexpected error.\n"
        "(EngineCore pid=1879) ERROR 03-29 12:59:53 [core.py:1099] EngineCore failed to start.\n",
        "incomplete", None, id="rays-list-of-possible-causes-names-no-signal"),
    # round 198
    pytest.param(
        "INFO 06-27 11:24:37 [__init__.py:239] Automatically detected platform cuda.\n"
        "torch sees 1 GPU(s)\n"
        "  large_output: CompletionOutput(index=0, text='Alright', token_ids=[71486], cumulative_logprob=-0.897, "
        "logprobs=None, finish_reason=length, stop_reason=None)\n",
        "no_failure", None, id="vllm-completion-output-printed-by-a-script"),
    pytest.param(
        "main: build = 658 (4de0334)\n"
        "main: seed  = 1686467632\n"
        "ggml_init_cublas: found 1 CUDA devices:\n"
        "  Device 0: Tesla T4\n"
        "llama_model_load_internal: offloading 32 layers to GPU\n"
        "generate: n_ctx = 512, n_batch = 512, n_predict = 300, n_keep = 0\n",
        "not_a_server_log", None, id="llamacpp-main-runner-generate-line"),
    # round 193
    pytest.param(
        "INFO 09-16 16:08:18 [kv_cache_utils.py:829] Overriding num_gpu_blocks=0 with num_gpu_blocks_override=512\n"
        "INFO 09-16 16:08:18 [kv_cache_utils.py:1087] GPU KV cache size: 8,192 tokens\n",
        "incomplete", None, id="vllm-num-gpu-blocks-override-is-no-zero-blocks"),
    pytest.param(
        "INFO 08-18 19:57:40 [api_server.py:1880] Starting vLLM API server 0 on http://0.0.0.0:8000\n"
        "INFO:     Application startup complete.\n"
        "ERROR 08-18 19:58:43 [serving_chat.py:203] Error in preprocessing prompt inputs\n"
        "ERROR 08-18 19:58:43 [serving_chat.py:203] Traceback (most recent call last):\n"
        "ERROR 08-18 19:58:43 [serving_chat.py:203]   File \"/venv/lib/python3.12/site-packages/vllm/entrypoints/openai/"
        "serving_engine.py\", line 626, in _validate_input\n"
        "ERROR 08-18 19:58:43 [serving_chat.py:203]     raise ValueError(\n"
        "ERROR 08-18 19:58:43 [serving_chat.py:203] ValueError: This model's maximum context length is 2048 tokens. "
        "However, you requested 5418 tokens (3918 in the messages, 1500 in the completion).\n",
        "no_failure", None, id="vllm-request-over-the-context-after-the-start-is-the-requests"),
    pytest.param(
        "INFO 03-02 10:00:00 [api_server.py:1880] vLLM API server version 0.9.1\n"
        "Traceback (most recent call last):\n"
        "  File \"/venv/lib/python3.12/site-packages/vllm/entrypoints/openai/api_server.py\", line 1500, in signal_handler\n"
        "    raise KeyboardInterrupt(\"terminated\")\n"
        "KeyboardInterrupt: terminated\n",
        "incomplete", None, id="vllm-sigterm-before-the-start-finished"),
    # round 194
    pytest.param(
        "[2026-08-01 22:25:30] Failed to load generation config for org/draft-model: org/draft-model does not appear "
        "to have a file named generation_config.json. Checkout 'https://huggingface.co/org/draft-model/tree/main' "
        "for available files.\n"
        "[2026-08-01 22:25:31] Load weight begin. avail mem=97.74 GB\n",
        "incomplete", None, id="an-optional-generation-config-missing-and-the-load-goes-on"),
    pytest.param(
        "[2026-08-01 22:25:20] server_args=ServerArgs(model_path='org/model', tp_size=1)\n"
        "[2026-08-01 22:25:20] Failed to get GPU memory capacity from nvidia-smi. Falling back to "
        "torch.cuda.mem_get_info(). Reported total GPU memory per device (MiB): 124546\n"
        "[2026-08-01 22:25:31] Load weight begin. avail mem=97.74 GB\n",
        "incomplete", None, id="sglang-reads-memory-from-torch-when-nvidia-smi-gives-none"),
    # round 195
    pytest.param(
        "(APIServer pid=21) INFO 09-02 10:00:00 [api_server.py:1880] vLLM API server version 0.10.2\n"
        "(APIServer pid=21) openai_harmony.HarmonyError: invalid tiktoken vocab file: hash mismatch: computed="
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855, expected=446a9538cb6c348e3516120d7c08b09f"
        "57c36495e2acfffe59a5bf8b0cfb1a2d\n",
        "failure", "model_access", id="harmony-vocab-file-empty-fails-its-hash"),
    # round 196
    pytest.param(
        "==========\n"
        "== CUDA ==\n"
        "==========\n"
        "CUDA Version 12.1.0\n"
        "[2024-10-31 03:14:31,149] [INFO] [real_accelerator.py:161:get_accelerator] Setting ds_accelerator to cuda\n"
        " * Serving Flask app 'server'\n"
        " * Running on all addresses (0.0.0.0)\n"
        " * Running on http://127.0.0.1:8000\n"
        "Press CTRL+C to quit\n"
        "127.0.0.1 - - [31/Oct/2024 03:14:56] \"GET /health HTTP/1.1\" 200 -\n"
        "Model weights load : <All keys matched successfully>\n"
        "Error: Only .png files are allowed.\n",
        "no_failure", None, id="a-bare-error-line-after-the-start-is-a-requests"),
    # round 200
    pytest.param(
        "(Worker_TP0 pid=11) INFO 04-01 10:00:05 [custom_all_reduce.py:215] Registering 0 cuda graph addresses\n"
        "Capturing CUDA graphs (mixed prefill-decode, PIECEWISE):  97%|#########7| 143/147\n"
        "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:455 'an illegal memory access was encountered'\n"
        "(EngineCore_DP0 pid=9) ERROR 04-01 10:00:09 [multiproc_executor.py:150] Worker proc VllmWorker-7 died "
        "unexpectedly, shutting down executor.\n"
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n",
        "failure", "other", id="an-illegal-memory-access-surfacing-at-the-custom-all-reduce-is-another-kernels"),
    pytest.param(
        "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:455 'invalid argument'\n",
        "failure", "nccl_comm", id="the-custom-all-reduces-own-cuda-error-is-still-communication"),
    pytest.param(
        "2025-02-11 10:00:00,000 - lmdeploy - INFO - async_engine.py:260 - input backend=pytorch\n"
        "RuntimeError: Triton Error [CUDA]: invalid argument\n",
        "failure", "other", id="tritons-cuda-error-is-a-cuda-error-not-a-config-word"),
    pytest.param(
        "INFO 03-02 00:43:48 [utils.py:223] non-default args: {'model': 'org/model'}\n"
        "(EngineCore_DP0 pid=6196) INFO 03-02 00:44:04 [core.py:278] init engine (profile, create kv cache, "
        "warmup model) took 1.84 seconds\n"
        "INFO 03-02 00:44:04 [llm.py:355] Supported tasks: ['generate']\n",
        "no_failure", None, id="the-in-process-llm-class-built-is-a-completed-start"),
    pytest.param(
        "(APIServer pid=1) INFO 03-02 00:43:48 [api_server.py:1880] vLLM API server version 0.16.0\n"
        "(EngineCore_DP0 pid=6196) INFO 03-02 00:44:04 [core.py:278] init engine (profile, create kv cache, "
        "warmup model) took 1.84 seconds\n"
        "(APIServer pid=1) INFO 03-02 00:44:05 [api_server.py:1600] Supported tasks: ['generate']\n",
        "incomplete", None, id="the-api-servers-supported-tasks-is-not-yet-its-start"),
    # round 201
    pytest.param(
        "[06/02/2026-03:50:10] [TRT-LLM] [I] Preparing to run throughput benchmark...\n"
        "[TensorRT-LLM][INFO] Engine version 1.0.0 found in the config file, assuming engine(s) built by new builder API.\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 586.00 MiB. GPU 0 has a total capacity of "
        "79.18 GiB of which 586.38 MiB is free.\n",
        "failure", "oom_weights", id="trtllm-bench-starts-the-engine-in-its-own-process-so-its-oom-is-the-engines"),
    pytest.param(
        "[TensorRT-LLM] TensorRT LLM version: 1.2.1\n"
        "[04/24/2026-09:33:39] [TRT-LLM] [I] Using C++ session\n"
        "[TensorRT-LLM][INFO] Refreshed the MPI local session\n"
        'Input [Text 0]: "Explain MoE routing."\n'
        'Output [Text 0 Beam 0]: "MoE routing sends each token to a few experts."\n',
        "no_failure", None, id="tensorrt-llms-example-runner-printing-its-output-is-a-completed-start"),
    # round 202
    pytest.param(
        "[2025-04-14 16:24:38,765] INFO: Loading model from: /models/qwen_lora/final\n"
        "[2025-04-14 16:24:38,765] INFO: Using device: cuda\n"
        "[2025-04-14 16:24:40,848] INFO: Model and tokenizer loaded successfully.\n"
        " * Running on http://127.0.0.1:8000\n"
        '[2025-04-14 16:24:49,756] INFO: 127.0.0.1 - - [14/Apr/2025 16:24:49] "POST /predict HTTP/1.1" 200 -\n',
        "no_failure", None, id="a-flask-app-with-its-model-on-a-cuda-device-started"),
    pytest.param(
        "[2025-04-14 16:24:38,765] INFO: Loading model from: /models/qwen_lora/final\n"
        " * Running on http://127.0.0.1:8000\n",
        "incomplete", None, id="a-flask-app-that-names-no-model-on-a-gpu-is-not-judged-started"),
    # round 203
    pytest.param(
        "INFO 05-03 19:08:39 [core.py:159] init engine (profile, create kv cache, warmup model) took 22.11 seconds\n"
        "INFO 05-03 19:08:39 [core_client.py:439] Core engine process 0 ready.\n"
        "Prompt: 'Hello, my name is', Generated text: ' Zutso and I work for Quack Magazine'\n",
        "no_failure", None, id="vllms-offline-example-printing-its-generated-text-is-a-completed-start"),
    pytest.param(
        "llm_load_tensors: offloaded 35/35 layers to GPU\n"
        "llama_new_context_with_model: n_ctx      = 2048\n"
        "llama_print_timings:        load time =   388.33 ms\n"
        "llama_print_timings:       total time =  4257.37 ms\n",
        "no_failure", None, id="llama-cpp-python-timings-after-a-generation-end-an-in-process-start"),
    pytest.param(
        "$ ./llama-cli -m model.gguf -p hello -ngl 99\n"
        "llm_load_tensors: offloaded 35/35 layers to GPU\n"
        "llama_perf_context_print:       total time =  4257.37 ms /   176 tokens\n",
        "not_a_server_log", None, id="llama-clis-own-timings-stay-a-programs-output"),
    pytest.param(
        "ValidationError: 1 validation error for LlamaCpp\n"
        "__root__\n"
        "  Could not load Llama model from path: /models/llama-2-7b-chat.Q4_0.gguf. Received error Model path does not "
        "exist: /models/llama-2-7b-chat.Q4_0.gguf (type=value_error)\n",
        "failure", "model_access", id="llama-cpp-pythons-missing-model-path-is-access-not-config"),
    # round 204
    pytest.param(
        'ollama.exe : time=2025-12-03T18:14:19.246+01:00 level=INFO source=routes.go:1544 msg="server config"\n'
        "At line:1 char:1\n"
        "+ ollama serve > ollama_startup.log 2>&1\n"
        "+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
        '    + CategoryInfo          : NotSpecified: (time=2025-12-03...IBLE_DEVICES:]"\n'
        "   :String) [], RemoteException\n"
        "    + FullyQualifiedErrorId : NativeCommandError\n"
        'time=2025-12-03T18:14:19.260+01:00 level=INFO source=routes.go:1597 msg="Listening on 127.0.0.1:11434 '
        '(version 0.13.0)"\n'
        'time=2025-12-03T18:14:20.101+01:00 level=INFO source=types.go:60 msg="inference compute" id=GPU-1 '
        'library=CUDA compute=8.6 name=CUDA0 description="NVIDIA GeForce RTX 3050 Laptop GPU"\n',
        "no_failure", None, id="powershells-error-record-around-a-stderr-line-is-no-failure"),
    pytest.param(
        "nohup: ignoring input\n"
        "Error: could not connect to ollama server, run 'ollama serve' to start it\n",
        "not_a_server_log", None, id="the-ollama-clients-newer-could-not-connect-is-a-clients-message"),
    pytest.param(
        "(EngineCore pid=406) ERROR 10-09 09:37:17 [core.py:1099] RuntimeError: Unsupported data type of kv cache: "
        "bfloat16\n",
        "failure", "model_config", id="an-unsupported-kv-cache-dtype-is-a-flag-not-memory"),
    # round 205
    pytest.param("nohup: failed to run command 'ollama': No such file or directory\n",
                 "failure", "other", id="nohup-finding-no-server-program-is-the-images-failure"),
    pytest.param("/app/scripts/chatbot/cosmic.sh: line 4: ollama: command not found\n",
                 "failure", "other", id="a-start-scripts-shell-finding-no-server-program-is-the-images-failure"),
    pytest.param("nohup: failed to run command 'OLLAMA_USE_GPU=1': No such file or directory\n",
                 "not_a_server_log", None, id="nohup-given-an-assignment-for-a-command-names-no-server"),
    # round 206
    pytest.param(
        "[07/11/2025-05:57:40] [TRT-LLM] [I] Initializing Executor.\n"
        "[TensorRT-LLM][INFO] Executor instance created by worker\n"
        "[07/11/2025-05:58:12] [TRT-LLM] [I] WAITING ON EXECUTOR...\n"
        "[07/11/2025-05:58:12] [TRT-LLM] [I] Executor started.\n"
        "[07/11/2025-05:58:12] [TRT-LLM] [I] Request serving started.\n",
        "no_failure", None, id="trtllm-benchs-executor-started-and-serving-is-a-completed-start"),
    pytest.param(
        "[07/11/2025-05:57:40] [TRT-LLM] [I] Initializing Executor.\n"
        "[07/11/2025-05:58:12] [TRT-LLM] [I] WAITING ON EXECUTOR...\n",
        "incomplete", None, id="trtllm-bench-still-waiting-on-its-executor-is-no-start-yet"),
    # after round 206: round 199's notebook
    pytest.param(
        "INFO 04-09 10:00:00 llm_engine.py:74] Initializing an LLM engine (v0.4.0.post1) with config: model='../m'\n"
        "File ~/envs/vllm/lib/python3.9/site-packages/vllm/transformers_utils/tokenizer.py:70, in get_tokenizer()\n"
        "     69 try:\n"
        "---> 70     tokenizer = AutoTokenizer.from_pretrained(\n"
        "     80         (\"does not exist or is not currently imported.\" in str(e)\n"
        "     81          or \"requires you to execute the tokenizer file\" in str(e))):\n"
        "\n"
        "OSError: Can't load tokenizer for '../Model/merged'. If you were trying to load it from "
        "'https://huggingface.co/models', make sure you don't have a local directory with the same name.\n",
        "failure", "model_access", id="ipythons-numbered-source-lines-are-code-not-messages"),
    # round 207
    pytest.param(
        "15:23:45.721 INFO:     Loading model /models/qwen3-exl3 (manual GPU split)\n"
        "15:23:56.343 INFO:     Model loaded in 12.9 s\n"
        "15:23:56.344 INFO:     Serving OAI API on http://0.0.0.0:8022 (docs at http://0.0.0.0:8022/redoc)\n",
        "no_failure", None, id="tabbyapis-serving-oai-api-is-its-ready-line"),
    pytest.param(
        "Error type: RuntimeError\n"
        "Error message: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "/home/u/test_fail.py", line 13, in <module>\n'
        '    llm = LLM("openai/gpt-oss-20b", max_model_len=512)\n'
        '  File "/env/lib/python3.12/site-packages/vllm/v1/engine/utils.py", line 750, in wait_for_engine_startup\n'
        '    raise RuntimeError("Engine core initialization failed. "\n'
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n",
        "incomplete", None, id="a-scripts-printed-exception-type-is-no-root-cause-above-a-wrapper"),
    pytest.param(
        "[prod-start] starting pair\n"
        "Unable to find image 'selfbuild:v149' locally\n"
        "docker: Error response from daemon: pull access denied for selfbuild, repository does not exist or may "
        "require 'docker login': denied: requested access to the resource is denied\n"
        "[prod-start] WARN: worker cache wipe failed\n"
        "Loaded image: selfbuild:v149\n"
        "(APIServer pid=1) INFO 09-11 01:25:34 [model.py:1973] Using max model len 1048576\n"
        "(Worker pid=399) INFO 09-11 01:25:48 [parallel_state.py:1638] world_size=2 rank=0 backend=nccl\n"
        "(Worker pid=399) INFO 09-11 01:25:49 [pynccl.py:113] vLLM is using nccl==2.30.7\n",
        "incomplete", None, id="an-image-pull-failure-the-servers-own-lines-follow-did-not-end-the-start"),
    pytest.param(
        "(APIServer pid=1) INFO 09-11 01:25:34 [model.py:1973] Using max model len 1048576\n"
        "docker: Error response from daemon: pull access denied for selfbuild, repository does not exist or may "
        "require 'docker login': denied: requested access to the resource is denied\n",
        "failure", "other", id="an-image-pull-failure-that-ends-the-log-is-the-failure"),
    pytest.param('Pulling image "vllm/vllm-openai:latest"\nFailed to pull image: context deadline exceeded\n',
                 "failure", "other", id="a-container-image-pull-is-no-model-download"),
    # round 208
    pytest.param(
        "svc0  | 2026-06-22T00:40:19.731978Z  INFO xinfer::server::server: Received completion request with 1 messages\n"
        "svc0  | flashinfer_fp8_stride_batch_gemm failed: DeepGEMM only supports Hopper (SM90) architectures, but "
        "current device compute capability is 120. (/root/flashinfer/csrc/deep_gemm/compiler.cuh:255)\n",
        "failure", "gpu_arch_unsupported", id="deepgemm-only-supporting-hopper-is-the-gpus-architecture"),
    pytest.param(
        "[23:55:24] health/ERROR  AssertionError: cache budget too small: minimum plan (moe=256 slots, kv=8192 pages) "
        "needs 1361969152 B > budget -1128120320 B (raise memory_ratio, lower kv_reserve_tokens, or free GPU memory)\n"
        "[23:55:24] stderr/INFO  INFO:     Shutting down\n",
        "failure", "kv_cache_insufficient", id="a-cache-budget-too-small-for-the-kv-pages-is-the-kv-cache"),
    pytest.param(
        "thread 'main' panicked at router/src/infer.rs:324:14:\n"
        "called `Result::unwrap()` on an `Err` value: Error { kind: SyntaxError, detail: \"unexpected `.`, expected "
        "assignment operator\", name: \"<string>\", line: 7 }\n",
        "failure", "model_config", id="minijinjas-template-error-is-the-models-chat-template"),
    pytest.param(
        "AssertionError: Only {'trtllm_mha', 'triton', 'fa4'} backends are supported on Blackwell GPUs for hybrid GDN "
        "models. Got attention_backend=flashinfer.\n",
        "failure", "model_config", id="a-backend-flags-value-refused-is-configuration"),
    pytest.param(
        "==========\n== CUDA ==\n==========\n\nCUDA Version 11.8.0\n\n"
        "root@e2b079a80483:/opt/lmdeploy# lmdeploy check_env\n"
        "sys.platform: linux\nCUDA available: True\nGPU 0: Tesla V100-SXM2-32GB\n",
        "not_a_server_log", None, id="lmdeploys-check-env-at-a-prompt-is-an-environment-report"),
    pytest.param(
        "24/09/2025 22:45\tollama\tprint_info: n_ff             = 14336\n"
        "24/09/2025 22:45\tollama\tprint_info: model type       = 9B\n",
        "incomplete", None, id="an-exported-journals-ollama-column-names-the-server"),
    pytest.param(
        "ollama.service - Ollama Service\n"
        "     Loaded: loaded (/usr/lib/systemd/system/ollama.service; disabled; preset: disabled)\n"
        "     Active: failed (Result: exit-code) since Mon 2025-05-12 13:26:47 BST; 10s ago\n"
        "    Process: 8641 ExecStart=/usr/bin/ollama serve (code=exited, status=1/FAILURE)\n",
        "incomplete", None, id="systemctl-status-of-a-failed-server-unit-says-it-failed-not-why"),
    # round 209
    pytest.param(
        "[6/6] Starting server...\n"
        "      ⚠️  显存不足，降低上下文至 4K 重试...\n"
        "Error: failed to start llama-server: 连续 2 次启动失败，即使最小上下文(4K)也无法运行\n",
        "failure", "oom_weights", id="chinese-not-enough-gpu-memory-is-memory"),
    pytest.param(
        "Load libfastllm_tools.so\n"
        "FastLLM Error: Unsupport graph model type hunyuan_v1_moe\n"
        "terminate called after throwing an instance of 'std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >'\n",
        "failure", "model_config", id="an-unsupported-model-type-before-an-abort-is-the-models"),
    pytest.param(
        "2026-02-13T00:15:52.483521Z ERROR engine.get_llm_engine: Error in engine context: Executor worker returned "
        "error\n"
        "RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: maxNumTokens.value() % tokensPerBlock == 0 "
        "(../tensorrt_llm/batch_manager/cacheTransBuffer.cpp:206)\n",
        "failure", "model_config", id="an-assertion-that-one-setting-divides-another-is-configuration"),
    pytest.param(
        "ERROR 04-29 17:13:06 [core.py:398] RuntimeError: Worker failed with error ''MLACommonMetadataBuilder' object "
        "has no attribute 'page_size'', please check the stack trace above for the root cause\n"
        "ERROR 04-29 17:13:06 [async_llm.py:399] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an "
        "issue. See stack trace (above) for the root cause.\n",
        "failure", "other", id="a-workers-quoted-cause-with-quotes-of-its-own-is-quoted"),
    pytest.param(
        "[2026-06-17 17:50:31 PP0] Load weight begin. avail mem=265.90 GB\n"
        "Multi-thread loading shards:   0% Completed | 0/87 [00:00<?, ?it/s][2026-06-17 17:50:31 PP0] lm_head.weight "
        "not found in params_dict.\n"
        "[2026-06-17 17:50:32 PP1] Load weight begin. avail mem=265.90 GB\n",
        "incomplete", None, id="a-loader-skipping-a-tensor-not-in-params-dict-is-no-failure"),
    pytest.param(
        "[2026-06-17 17:50:31 PP0] Load weight begin. avail mem=265.90 GB\n"
        "ValueError: Parameter model.layers.0.mlp.weight not found in params_dict\n",
        "failure", "model_access", id="a-loader-refusing-a-tensor-not-in-params-dict-is-the-failure"),
    pytest.param(
        "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 3090) - 23306 MiB free\n"
        "common_params_fit_impl: projected to use 24840 MiB of device memory vs. 22341 MiB of free device memory\n"
        "common_params_fit_impl: cannot meet free memory target of 1024 MiB, need to reduce device memory by 3523 MiB\n"
        "common_fit_params: failed to fit params to free device memory: model_params::tensor_buft_overrides already "
        "set by user, abort\n",
        "incomplete", None, id="llama-cpps-fitting-projection-in-common-is-no-failure"),
    pytest.param(
        "nvshmemx_init_attr                  PASS\n"
        "cudaPointerGetAttributes           PASS (device pointer)\n"
        "barrier/free/finalize              PASS\n",
        "not_a_server_log", None, id="a-probes-table-of-pass-lines-is-no-servers-log"),
    # round 210
    pytest.param(
        "2024/01/18 13:22:47 routes.go:930: Listening on 127.0.0.1:11434 (version 0.1.20)\n"
        "Error: unable to initialize llm library Radeon card detected, but permissions not set up properly.  "
        "Either run ollama as root, or add you user account to the render group.\n",
        "failure", "no_gpu_visible", id="a-gpus-device-nodes-its-user-may-not-open-is-no-gpu"),
    pytest.param(
        "2024/01/18 13:22:47 routes.go:930: Listening on 127.0.0.1:11434 (version 0.1.20)\n"
        "Error: something the server could not get past\n",
        "incomplete", None, id="a-commands-error-right-below-its-ready-line-ends-the-log-at-an-error"),
    pytest.param(
        ' * Running on http://127.0.0.1:5000\nLoading checkpoint shards: 100%|##########| 2/2\n'
        '127.0.0.1 - - [31/Oct/2024 03:14:56] "GET /health HTTP/1.1" 200 -\n'
        "  warnings.warn(\n"
        "Error: Only .png files are allowed.\n",
        "no_failure", None, id="an-apps-error-for-one-request-further-on-ends-nothing"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "F:\\finetune_LLaVA\\llava\\eval\\run_llava.py", line 157, in <module>\n'
        "    eval_model(args)\n"
        '  File "C:\\envs\\llava\\lib\\site-packages\\transformers\\models\\auto\\configuration_auto.py", line 998, '
        "in from_pretrained\n"
        '    config_class = CONFIG_MAPPING[config_dict["model_type"]]\n'
        "KeyError: 'llava_llama'\n",
        "not_a_server_log", "model_config", id="an-eval-folders-script-on-windows-is-a-program"),
    pytest.param(
        '  File "/opt/conda/lib/python3.8/site-packages/colossalai/nn/layer/utils/common.py", line 52, in divide\n'
        "    assert numerator % denominator == 0, \\\n"
        "AssertionError: 96 is not divisible by 64\n",
        "not_a_server_log", "model_config", id="colossalais-training-layers-are-a-training-job"),
    pytest.param(
        "[rank13]: Traceback (most recent call last):\n"
        '[rank13]:   File "/home/ubuntu/test.py", line 9, in run\n'
        "[rank13]:     dist.all_reduce(tensor, op=dist.ReduceOp.SUM)\n"
        "[rank13]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp"
        ":1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n",
        "not_a_server_log", "nccl_comm", id="a-scripts-own-all-reduce-is-a-communication-test"),
    # corpus known misses (rounds 147, 202, 204), read by their words
    pytest.param(
        "ERROR 07-18 21:14:17 [multiproc_executor.py:898] ValueError: Unsupported mxfp4_backend for Mxfp4MoEMethod: "
        "Mxfp4MoeBackend.FLASHINFER_CUTLASS_MXFP4_MXFP8. Expected TRTLLM, Triton, AITER, or XPU backend.\n",
        "failure", "model_config", id="an-unsupported-backend-named-with-digits-is-configuration"),
    pytest.param(
        "ERROR 09-30 10:47:55 [core.py:1366] RuntimeError: Unknown gguf model_type: qwen3_5\n",
        "failure", "model_config", id="an-unknown-gguf-model-type-is-the-models"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/app/src/webui.py", line 9, in <module>\n'
        "    main()\n"
        "ValueError: Some specified arguments are not used by the HfArgumentParser: ['vicuna']\n",
        "failure", "model_config", id="arguments-the-parser-did-not-use-are-configuration"),
    # round 211
    pytest.param(
        "Starting server\n\nTo see the GUI go to: http://0.0.0.0:8188\n"
        "got prompt\n"
        "/runner-scripts/entrypoint.sh: line 62:    13 Killed                     python3 ./ComfyUI/main.py --listen "
        "--port 8188\n"
        "[INFO] Starting ComfyUI...\n",
        "incomplete", None, id="bashs-job-report-of-a-killed-server-after-its-ready-line-ends-it"),
    pytest.param(
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:7880 (Press CTRL+C to quit)\n"
        "2026-04-21 12:00:00,000 [INFO] app: FunASR model loaded on cuda:0\n"
        "INFO:     Shutting down\n"
        "scripts/main.sh: line 39: 109512 Killed                  python fastapi_app.py --port 7880\n",
        "no_failure", None, id="a-kill-after-the-server-began-to-stop-ends-the-stop"),
    pytest.param(
        "(APIServer pid=1158825) INFO 06-16 14:00:05 [gpu_model_runner.py:2007] Model loading took 56.9 GiB\n"
        "(APIServer pid=1158825) INFO:     Application startup complete.\n"
        "(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251] Error in preprocessing prompt inputs\n"
        "(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251] Traceback (most recent call last):\n"
        '(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251]   File "/venv/lib/python3.12/site-packages/'
        'vllm/entrypoints/openai/serving_chat.py", line 227, in create_chat_completion\n'
        "(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251]     ) = await self._preprocess_chat(\n"
        '(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251]   File "/venv/lib/python3.12/site-packages/'
        'vllm/entrypoints/openai/serving_engine.py", line 675, in _validate_input\n'
        "(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251]     raise ValueError(\n"
        "(APIServer pid=1158825) ERROR 06-16 14:05:49 [serving_chat.py:251] ValueError: This model's maximum context "
        "length is 4096 tokens. However, your request has 4183 input tokens. Please reduce the length of the input "
        "messages.\n"
        '(APIServer pid=1158825) INFO:     127.0.0.1:37898 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request\n'
        '(APIServer pid=1158825) INFO:     127.0.0.1:41158 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n',
        "no_failure", None, id="a-requests-error-between-answered-requests-is-no-failure-of-the-start"),
    pytest.param(
        "INFO 08-19 17:51:09 [__init__.py:224] Automatically detected platform cuda.\n"
        "ERROR 08-19 17:51:21 [config.py:296] Error retrieving safetensors: Repo id must be in the form 'repo_name' or "
        "'namespace/repo_name': '/models/derived/eartts'. Use `repo_type` argument if needed.\n"
        "INFO 08-19 17:51:21 [model.py:1729] Using max model len 12288\n",
        "incomplete", None, id="vllms-safetensors-metadata-probe-is-caught"),
    pytest.param(
        "INFO 08-19 17:51:09 [__init__.py:224] Automatically detected platform cuda.\n"
        "ERROR 08-19 17:51:09 [__init__.py:57] Failed to load plugin lora_hf_hub_resolver\n"
        "ERROR 08-19 17:51:09 [__init__.py:57] Traceback (most recent call last):\n"
        'ERROR 08-19 17:51:09 [__init__.py:57]   File "/usr/local/lib/python3.12/dist-packages/vllm/plugins/__init__.py", '
        "line 54, in load_plugins_by_group\n"
        "ERROR 08-19 17:51:09 [__init__.py:57]     func = plugin.load()\n"
        "ERROR 08-19 17:51:09 [__init__.py:57] ModuleNotFoundError: No module named "
        "'vllm.plugins.lora_resolvers.hf_hub_resolver'\n"
        "INFO 08-19 17:51:21 [model.py:1729] Using max model len 12288\n",
        "incomplete", None, id="a-plugin-vllm-could-not-load-is-caught"),
    pytest.param(
        "... ValueError: Attention backend 'sage_attn' is not supported by this attention layer; supported: fa, "
        "torch_sdpa\n",
        "failure", "model_config", id="a-backend-the-layer-does-not-support-is-configuration"),
    pytest.param(
        "RuntimeError: CUDA failed with error invalid argument\n",
        "failure", "other", id="ctranslate2s-cuda-error-is-a-cuda-error"),
    # round 212
    pytest.param(
        "(APIServer pid=478060) INFO:     Application startup complete.\n"
        "(EngineCore_DP0 pid=478560) INFO 01-18 20:16:01 [gpu_worker.py:359] Available KV cache memory: 4.1 GiB\n"
        "(EngineCore_DP0 pid=478560) ERROR 01-18 22:19:25 [multiproc_executor.py:231] Worker proc VllmWorker-0 died "
        "unexpectedly, shutting down executor.\n"
        "(EngineCore_DP0 pid=478560) ERROR 01-18 22:19:26 [core.py:868] RuntimeError: Executor failed.\n"
        "(APIServer pid=478060) INFO:     Shutting down\n",
        "incomplete", None, id="vllms-executor-failed-after-a-worker-died-is-a-wrapper"),
    pytest.param(
        "INFO 09-11 16:02:28 [api_server.py:1] vLLM API server version 0.9.1\n"
        "INFO 09-11 16:02:30 [model_runner.py:1] Loading model weights took 12.5 GiB\n"
        "slurmstepd: error: *** JOB 20942500 ON ng30703 CANCELLED AT 2023-09-11T21:25:45 DUE TO TIME LIMIT ***\n",
        "incomplete", None, id="a-job-the-scheduler-cancelled-is-stopped-from-outside"),
    # round 213
    pytest.param(
        'Aug 31 13:49:49 host ollama[2824048]: time=2025-08-31T13:49:49.200+03:00 level=INFO source=sched.go:441 '
        'msg="Load failed" model=/root/.ollama/models/blobs/sha256-cc3b error="llama runner process has terminated: '
        'exit status 2"\n',
        "incomplete", None, id="ollamas-quoted-exit-status-quotes-no-cause"),
    pytest.param(  # the ollama CLI's relay (round 213's ollama 4765 and round 225's 7334 labelled no server's log)
        "Error: llama runner process has terminated: signal: aborted (core dumped) \n",
        "not_a_server_log", None, id="a-relayed-abort-with-no-message-quotes-no-cause"),
    pytest.param(
        "2025-03-27 17:57:31,668 xinference.api.restful_api 1 ERROR    [address=0.0.0.0:35945, pid=244] Failed to load "
        "model from file: /root/.cache/modelscope/hub/unsloth/DeepSeek-R1-Distill-Qwen-32B-Q8_0.gguf\n",
        "incomplete", None, id="llama-cpp-pythons-null-model-is-a-wrapper"),
    pytest.param(
        "(base) jetson@SSD:~/FastChat$ python3 -m fastchat.serve.cli --model-path lmsys/fastchat-t5-3b-v1.0\n"
        "Traceback (most recent call last):\n"
        '  File "/home/jetson/FastChat/fastchat/serve/cli.py", line 280, in <module>\n'
        "    main(args)\n"
        "AssertionError: Torch not compiled with CUDA enabled\n",
        "not_a_server_log", "no_gpu_visible", id="fastchats-command-line-chat-is-a-program"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/work/NeMo-RL/examples/run_grpo_math.py", line 335, in <module>\n'
        "    main()\n"
        '  File "/work/NeMo-RL/nemo_rl/algorithms/grpo.py", line 503, in grpo_train\n'
        "    reference_logprobs = policy.get_reference_policy_logprobs(train_data)\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
        "not_a_server_log", "oom_weights", id="nemo-rls-grpo-script-is-a-training-job"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/root/eval.py", line 16, in <module>\n'
        "    model = Transformer.from_folder(mistral_models_path)\n"
        '  File "/root/mistral-inference/src/mistral_inference/transformer.py", line 306, in from_folder\n'
        "FileNotFoundError: [Errno 2] No such file or directory: 'mistral_models/Mixtral-8x7b/params.json'\n",
        "not_a_server_log", "model_access", id="mistral-inferences-reference-code-is-a-program"),
    pytest.param(
        "{\"error\":\"model 'tinyllama' not found, try pulling it first\"}\n",
        "failure", "model_access", id="an-older-ollamas-model-not-found-in-single-quotes"),
    pytest.param(
        "(APIServer pid=1) ERROR 04-28 14:17:50 [serving_chat.py:257] ValueError: 'max_tokens' or "
        "'max_completion_tokens' is too large: 8192. This model's maximum context length is 8192 tokens and your "
        "request has 1210 input tokens (8192 > 8192 - 1210).\n",
        "failure", "model_config", id="a-request-over-the-served-context-length-is-configuration"),
    # round 214
    pytest.param(
        "INFO:     # GPU blocks: 2214, # CPU blocks: 2048\n"
        "ERROR:    The model's max seq len (131072) is larger than the maximum number of\n"
        "tokens that can be stored in KV cache (35424). Try increasing `gpu_memory_utilization`\n",
        "failure", "kv_cache_insufficient", id="aphrodites-wrapped-kv-message-is-the-kv-cache"),
    pytest.param(
        "thread 'main' panicked at mistralrs-core-0.8.1/src/gguf/content.rs:151:22:\n"
        "called `Result::unwrap()` on an `Err` value: Unknown GGUF architecture `gemma4`\n",
        "failure", "model_config", id="an-unknown-gguf-architecture-is-the-models"),
    pytest.param(
        "NotImplementedError: Sharded Llama requires a CUDA device with capability 7.5, > 8.0 or 9.0. No compatible "
        "CUDA device found.\n",
        "failure", "gpu_arch_unsupported", id="a-cuda-capability-an-engine-requires-is-the-gpus"),
    pytest.param(
        "===================================BUG REPORT===================================\n"
        "Welcome to bitsandbytes. For bug reports, please submit your error trace to: "
        "https://github.com/TimDettmers/bitsandbytes/issues\n"
        "Loading checkpoint shards:  50%|#####     | 1/2 [00:03<00:03,  3.12s/it]\n",
        "incomplete", None, id="bitsandbytes-banner-is-no-failure"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/utils/weights.py", line 64, in '
        "get_filename\n"
        '    raise RuntimeError(f"weight {tensor_name} does not exist")\n',
        "incomplete", None, id="a-raise-statements-format-string-is-code"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/models/__init__.py", line 286, in '
        "get_model\n"
        '    raise ValueError("sharded is not supported for AutoModel")\n',
        "failure", "model_config", id="a-raise-statements-literal-message-still-names-the-failure"),
    pytest.param(
        "$ kubectl exec -it llm-0 -- python -m lmdeploy.pytorch.check_env.triton_custom_add\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/py3/lib/python3.10/site-packages/triton/backends/nvidia/driver.py", line 71, in __init__\n'
        "    self.utils = CudaUtils()\n",
        "not_a_server_log", None, id="lmdeploys-check-env-module-is-an-environment-report"),
    pytest.param(
        "Traceback (most recent call last):\n"
        '  File "/home/pai/lib/python3.11/site-packages/swift/cli/infer.py", line 5, in <module>\n'
        "    infer_main()\n"
        "AttributeError: 'InferArguments' object has no attribute 'infer_backend'\n",
        "not_a_server_log", "other", id="swift-infer-is-a-program"),
    # round 215
    pytest.param(
        "Exception in thread Thread-1 (worker):\n"
        "Traceback (most recent call last):\n"
        '  File "/app/venv/lib/python3.12/site-packages/safetensors/torch.py", line 311, in load_file\n'
        "    with safe_open(filename, framework=\"pt\", device=device) as f:\n"
        'FileNotFoundError: No such file or directory: "/app/models/checkpoints/juggernautXL_v8.safetensors"\n'
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n"
        "Device: cuda:0 NVIDIA L4 : native\n",
        "failure", "model_access", id="a-thread-that-died-loading-the-model-is-not-survived-by-a-ready-line"),
    pytest.param(
        "Exception in thread Thread-3 (poll_metrics):\n"
        "Traceback (most recent call last):\n"
        '  File "/app/metrics.py", line 12, in poll\n'
        "    data = read_counters()\n"
        "KeyError: 'gpu_util'\n"
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n"
        "INFO 05-01 12:00:00 [gpu_model_runner.py:1] Model loading took 14.9 GiB\n",
        "no_failure", None, id="a-thread-that-died-elsewhere-is-survived-by-a-ready-line"),
    # the run.py relabel after round 214 (a blind pair)
    pytest.param(
        "[TensorRT-LLM] TensorRT-LLM version: 0.9.0.dev2024020600\n"
        "Traceback (most recent call last):\n"
        '  File "/app/tensorrt_llm/examples/run.py", line 501, in <module>\n'
        "    main(args)\n"
        '  File "/usr/local/lib/python3.10/dist-packages/tensorrt_llm/runtime/model_runner_cpp.py", line 184, in '
        "from_dir\n"
        "    session = GptSession(config=session_config,\n"
        "RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in cudaSetDevice(device): invalid device ordinal "
        "(/app/tensorrt_llm/cpp/tensorrt_llm/runtime/utils/sessionUtils.cpp:38)\n",
        "failure", "no_gpu_visible", id="trtllms-example-runner-is-its-engines-start"),
    # round 216
    pytest.param(  # a CUDA call's error string is CUDA's cudaErrorInvalidValue, not a flag (NVIDIA/TensorRT-LLM#3500)
        '  File "/opt/venv/lib/python3.12/site-packages/tensorrt_llm/runtime/generation.py", line 870, in __init__\n'
        "    self.dynamic_decoder = torch.classes.trtllm.DynamicDecodeOp(\n"
        "RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocHost(ptr, n): invalid argument "
        "(/src/tensorrt_llm/runtime/tllmBuffers.h:180)\n",
        "failure", "other", id="a-cuda-calls-invalid-argument-is-no-flag"),
    pytest.param(  # guard: an engine's own refusal of an argument is still the configuration's
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/site-packages/vllm/engine/arg_utils.py", line 1, in create_engine_config\n'
        "    raise ValueError(msg)\n"
        "ValueError: invalid argument: --kv-cache-dtype fp9 is not one of auto, fp8, fp8_e4m3, fp8_e5m2\n",
        "failure", "model_config", id="an-engines-invalid-argument-is-the-configurations"),
    pytest.param(  # Triton's Python stub shipped in a fetched model folder (triton-inference-server/server#8162)
        'I0501 09:00:00.000000 1 python_be.cc:2289] "TRITONBACKEND_ModelInstanceInitialize: reranker_0_0 (GPU device 0)"\n'
        "/bin/sh: 1: /tmp/folderXk2p9a/triton_python_backend_stub: Permission denied\n",
        "failure", "model_access", id="triton-stub-not-executable-from-the-model-folder"),
    pytest.param(  # SGLang's answer to an embedding request, as a client got it (sgl-project/sglang#20456)
        '{"object":"error","message":"This model does not appear to be an embedding model by default. Please add '
        '`--is-embedding` when launching the server or try another model.","type":"BadRequestError","param":null,'
        '"code":400}\n',
        "failure", "model_config", id="sglang-asks-for-is-embedding"),
    pytest.param(  # verl's trainer driver waiting on its TaskRunner actor (verl-project/verl#4082)
        "Traceback (most recent call last):\n"
        '  File "/workspace/verl/verl/trainer/main_ppo.py", line 42, in main\n'
        "    run_ppo(config)\n"
        '  File "/usr/local/lib/python3.12/site-packages/ray/_private/worker.py", line 968, in get_objects\n'
        "    raise value.as_instanceof_cause()\n"
        "ray.exceptions.RayTaskError(ActorDiedError): ray::TaskRunner.run() (pid=1234, ip=10.0.0.2)\n",
        "not_a_server_log", None, id="verls-trainer-is-a-training-job"),
    # round 217
    pytest.param(  # vLLM's reason for a kernel library its build did not compile (yhfgyyf/vllm-deepseek-v4-sm89#90)
        '  File "/opt/venv/lib/python3.12/site-packages/vllm/v1/attention/backends/mla/flashmla.py", line 40, in __init__\n'
        "    raise RuntimeError(reason)\n"
        "RuntimeError: vllm._flashmla_C is not available, likely was not compiled due to insufficient nvcc version "
        "or a supported arch was not in the list of target arches to compile for.\n",
        "failure", "gpu_arch_unsupported", id="vllm-kernel-not-compiled-for-the-arch"),
    pytest.param(  # xFormers' reasons under its NotImplementedError (michaelfeil/infinity#463)
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "     query       : shape=(2, 9, 12, 64) (torch.bfloat16)\n"
        "`fa2F@2.5.7` is not supported because:\n"
        "    requires device with capability > (8, 0) but your GPU has capability (7, 0) (too old)\n"
        "    bf16 is only supported on A100+ GPUs\n",
        "failure", "gpu_arch_unsupported", id="xformers-gpu-too-old"),
    pytest.param(  # guard: xFormers without CUDA is the build's, not the GPU's
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "`cutlassF-pt` is not supported because:\n"
        "    xFormers wasn't build with CUDA support\n",
        "failure", "other", id="xformers-without-cuda-is-the-builds"),
    pytest.param(  # a client relaying Ollama's 404 with the bare wording (Gh0stExp10it/Flow.Launcher.Plugin.Ollama#46)
        "Launcher.Plugins.PluginException: ERROR:root:Error: <404> - model 'llama3.2:1b' not found\n"
        "ERROR:query.Query:cannot access local variable 'reply' where it is not associated with a value\n",
        "failure", "model_access", id="relayed-bare-model-not-found"),
    pytest.param(  # DJL Serving's ready line in log4j's 'Logger - message' form (aws-samples/aws-ai-ml-workshop-kr)
        "[INFO ] PyProcess - W-210-model-stdout: INFO 02-14 08:23:25 llm_engine.py:429] init engine (profile, create kv "
        "cache, warmup model) took 15.79 seconds\n"
        "[INFO ] PyProcess - Model [model] initialized.\n"
        "[INFO ] ModelServer - BOTH API bind to: http://0.0.0.0:8080\n",
        "no_failure", None, id="djl-both-api-bound-log4j-form"),
    pytest.param(  # TensorRT's builder refusing a precision mix (NVIDIA/TensorRT-Edge-LLM#89)
        "[ERROR] [TensorRT] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (INT8 and FP8 mixed "
        "precision is allowed only when building network with kSTRONGLY_TYPED mode.)\n"
        "[ERROR] [builderUtils.cpp:313:buildAndSerializeEngine] Failed to build serialized engine\n",
        "not_a_server_log", "model_config", id="tensorrt-allowed-only-when"),
    pytest.param(  # Xinference's client passing on a wrapper with no cause (xorbitsai/inference#5062)
        "Server error: 503 - [address=0.0.0.0:42897, pid=156] Engine core initialization failed. See root cause "
        "above. Failed core proc(s): {}\n",
        "not_a_server_log", None, id="xinference-client-relays-a-causeless-wrapper"),
    pytest.param(  # guard: the same client passing on a cause (xorbitsai/inference#2564)
        "Server error: 503 - [address=0.0.0.0:43789, pid=359] CUDA error: no kernel image is available for execution "
        "on the device\n",
        "failure", "gpu_arch_unsupported", id="xinference-client-relays-a-cause"),
    # round 218
    pytest.param(  # cuBLASLt's text for CUBLAS_STATUS_NOT_SUPPORTED at a first request (openppl-public/ppl.llm.serving#21)
        "[INFO][2023-09-13 03:35:21.829][llama_server.cc:639] listening on [0.0.0.0:23333]\n"
        "[ERROR][2023-09-13 03:35:34.009][gemm.cu:113] cublasLt failed: the requested functionality is not supported\n"
        "[ERROR][2023-09-13 03:35:34.009][kernel.cc:176] DoExecute kernel [/layers.0/wqkv/ColumnParallelLinear] failed: "
        "device runtime error\n",
        "failure", "gpu_arch_unsupported", id="cublaslt-functionality-not-supported"),
    pytest.param(  # the body of PyTorch's OOM message, its header above the excerpt (vllm-project/vllm#57595)
        "    Tried to allocate 64.00 MiB. GPU 1 has a total capacity of 79.19 GiB of\n"
        "    which 12.06 MiB is free. Including non-PyTorch memory, this process has 79.17 GiB memory in use.\n",
        "failure", "oom_weights", id="torch-oom-body-without-its-header"),
    pytest.param(  # TensorRT-LLM's LLM API example, numbered (NVIDIA/TensorRT-LLM#5834)
        "[0] Prompt: 'Hello, my name is', Generated text: ' Anna, and I work as a nurse.'\n"
        "[1] Prompt: 'The capital of France is', Generated text: ' Paris.'\n",
        "no_failure", None, id="llm-api-example-numbered-output"),
    # round 219
    pytest.param(  # a model path named whole, dots and all, before 'not found' (TriDefender/jina-embedding-server#4)
        "FileNotFoundError: Path .\\BAAI/bge-m3 not found\n"
        "ERROR:    Application startup failed. Exiting.\n",
        "failure", "model_access", id="a-model-path-named-whole-not-found"),
    pytest.param(  # FastDeploy's loader, nothing after it (PaddlePaddle/FastDeploy#2889)
        "[2025-07-17 07:33:42,487] [    INFO] - Start load layer 1\n"
        "[2025-07-17 07:33:42,605] [    INFO] - Start load layer 2\n",
        "incomplete", None, id="fastdeploy-still-loading-layers"),
    pytest.param(  # an app's traceback cut inside LangChain's model classes: the client's (1Panel-dev/MaxKB#2900)
        "Traceback (most recent call last):\n"
        '  File "/opt/py3/lib/python3.11/site-packages/langchain_core/language_models/chat_models.py", line 719, in generate\n'
        "    self._generate_with_cache(\n"
        '  File "/opt/py3/lib/python3.11/site-packages/langchain_core/language_models/chat_models.py", line 960, in '
        "_generate_with_cache\n"
        "    result = self._generate(\n",
        "not_a_server_log", None, id="traceback-cut-in-langchains-model-classes"),
    pytest.param(  # guard: LangChain's community wrapper runs vLLM in its process: a start cut inside it
        "Traceback (most recent call last):\n"
        '  File "/databricks/python/lib/python3.11/site-packages/langchain_community/llms/vllm.py", line 88, in '
        "validate_environment\n"
        "    values[\"client\"] = VLLMModel(\n",
        "incomplete", None, id="traceback-cut-in-langchains-in-process-vllm"),
    # wrappers whose cause is not in the lines: a start cut short (the instructions' rule)
    pytest.param(  # SGLang's launcher line as a paste lower-cased it (sgl-project/sglang#14388)
        "`received sigquit from a child process. It usually means the child failed.\n",
        "incomplete", None, id="sglang-launcher-sigquit-lower-cased"),
    pytest.param(  # LocalAI's loader whose backend process went away (mudler/LocalAI#10625)
        "2:14PM ERR Failed to load model error=\"failed to load model with internal loader: could not load model: "
        "rpc error: code = Unavailable desc = error reading from server: EOF\"\n",
        "incomplete", None, id="localai-backend-went-away"),
    pytest.param(  # Jan's error box with no cause under it (janhq/jan#7324)
        "Error\nSomething went wrong\nLLAMA_CPP_PROCESS_ERROR\nThe model process encountered an unexpected error.\n",
        "incomplete", None, id="jan-process-error-without-its-cause"),
    pytest.param(  # SGLang's graph-capture wrapper with nothing after the colon (sgl-project/sglang#11218)
        "[2025-10-04 02:29:36 TP0] Scheduler hit an exception:\n"
        "Exception: Capture cuda graph failed: \n",
        "incomplete", None, id="sglang-capture-failed-with-no-cause"),
    pytest.param(  # guard: the same wrapper with its cause after the colon is read by that cause
        "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 448.00 MiB. GPU 7 has a total "
        "capacity of 79.19 GiB of which 12.06 MiB is free.\n",
        "failure", "oom_weights", id="sglang-capture-failed-with-its-cause"),
    # round 220
    pytest.param(  # Transformers' older wording of an unknown model type (bentoml/OpenLLM#944)
        "ValueError: The checkpoint you are trying to load has a model type of `cohere`, which Transformers does "
        "not recognize. This may be due to a problem with the checkpoint or an outdated version of Transformers.\n",
        "failure", "model_config", id="transformers-older-unknown-model-type"),
    pytest.param(  # an exception whose message begins with a newline: its name, a colon, then the lines below
        # (vllm-project/vllm#51744)
        "transformers.integrations.heterogeneity.configuration_utils.AmbiguousGlobalPerLayerAttributeError:\n"
        "'head_dim' is a per-layer attribute and may vary across layers.\n"
        "Access it via config.per_layer_config[i].head_dim.\n",
        "failure", "other", id="exception-message-on-the-lines-below"),
    pytest.param(  # guard: a CLI's bare "Error:" heading is no exception
        "Error:\nsomething went wrong\n",
        "not_a_server_log", None, id="cli-error-heading-is-no-exception"),
    pytest.param(  # a tool's command that starts no server, failing at import (hiyouga/LlamaFactory#7768)
        "llamafactory-cli version\n" + _LLAMAFACTORY_IMPORT,
        "not_a_server_log", "other", id="llamafactory-cli-version-is-no-server"),
    pytest.param(  # guard: its API server's start failing the same way is a server's failure
        "llamafactory-cli api examples/inference/llama3_sglang.yaml\n" + _LLAMAFACTORY_IMPORT,
        "failure", "other", id="llamafactory-cli-api-is-a-server"),
    pytest.param(  # guard: its chat command runs the chosen engine in its own process, that engine's start
        "llamafactory-cli chat examples/inference/llama3_vllm.yaml\n"
        "INFO 05-01 12:00:01 [llm_engine.py:232] Initializing a V0 LLM engine (v0.8.4) with config: "
        "model='meta-llama/Meta-Llama-3-8B-Instruct'\n"
        "ValueError: The model's max seq len (8192) is larger than the maximum number of tokens that can be stored "
        "in KV cache (5000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing "
        "the engine.\n",
        "failure", "kv_cache_insufficient", id="llamafactory-cli-chat-is-the-engines-start"),
    # round 221
    pytest.param(  # llama.cpp's Jinja engine lacking a filter the model's chat template uses, behind the OpenAI
        # SDK's 500 for a request with tools (ggml-org/llama.cpp#19905)
        "openai.InternalServerError: Error code: 500 - {'error': {'code': 500, 'message': \"\\n------------\\nWhile "
        "executing FilterExpression at line 120, column 73 in source:\\n..._name, args_value in tool_call.arguments|items "
        "%}\\n^\\nError: Unknown (built-in) filter 'items' for type String\", 'type': 'server_error'}}\n",
        "failure", "model_config", id="llamacpp-jinja-filter-missing-behind-a-500"),
    # round 222
    pytest.param(  # a started server stopped from its terminal: uvicorn's lifespan task cancelled as it shuts down
        # (B664577/DocAvatar's notebook, vLLM 0.10 on an L4)
        "INFO 08-07 20:59:02 [api_server.py:1818] Starting vLLM API server 0 on http://0.0.0.0:8000\n"
        "INFO:     Started server process [10516]\n"
        "INFO:     Waiting for application startup.\n"
        "INFO:     Application startup complete.\n"
        "INFO 08-07 21:00:28 [launcher.py:80] Shutting down FastAPI HTTP server.\n"
        "INFO:     Shutting down\n"
        "ERROR:    Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.11/dist-packages/starlette/routing.py", line 701, in lifespan\n'
        "    await receive()\n"
        '  File "/usr/lib/python3.11/asyncio/queues.py", line 158, in get\n'
        "    await getter\n"
        "asyncio.exceptions.CancelledError\n",
        "no_failure", None, id="cancelled-task-as-a-started-server-stops"),
    pytest.param(  # Mooncake's transfer benchmark on a host with no RDMA device (kvcache-ai/Mooncake#75)
        "./transfer_engine_bench --mode=target \\\n"
        "                        --metadata_server=etcd://10.0.0.1:2379 \\\n"
        "                        --device_name=erdma_0\n"
        "E0110 16:55:35.140089 281933 rdma_context.cpp:387] ibv_get_device_list failed\n"
        "E0110 16:55:35.140100 281933 rdma_transport.cpp:65] RdmaTransport: cannot initialize RDMA resources\n",
        "not_a_server_log", "nccl_comm", id="mooncake-transfer-benchmark-is-a-program"),
    pytest.param(  # a traceback flattened onto one line by a forum, its paths in typographic quotes, ending in
        # Windows' NTSTATUS for an illegal instruction (oobabooga/text-generation-webui#3276)
        "Traceback (most recent call last): File \u201cD:\\webui\\modules\\models.py\u201d, line 79, in load_model "
        "output = load_func_map[loader](model_name) File \u201cD:\\env\\lib\\site-packages\\llama_cpp_cuda\\"
        "llama_cpp.py\u201d, line 360, in llama_load_model_from_file return _lib.llama_load_model_from_file(path_model, "
        "params) OSError: [WinError -1073741795] Windows Error 0xc000001d\n",
        "failure", "other", id="flattened-traceback-in-typographic-quotes"),
    # round 223
    pytest.param(  # protobuf's GetPrototype printed bare while TensorFlow's plugins load, then vLLM's LLM class built
        # (T-Cent/AIMO3's notebook, gpt-oss-120b on vLLM 0.16)
        "INFO 03-04 12:56:34 [utils.py:223] non-default args: {'model': 'openai/gpt-oss-120b'}\n"
        "AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'\n"
        "AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'\n"
        "(EngineCore_DP0 pid=498) INFO 03-04 13:01:47 [core.py:278] init engine (profile, create kv cache, warmup "
        "model) took 116.92 seconds\n"
        "INFO 03-04 13:01:49 [llm.py:355] Supported tasks: ['generate']\n",
        "no_failure", None, id="protobuf-get-prototype-noise-before-a-completed-start"),
    pytest.param(  # guard: the same exception raised from code, its frames above it, is an error
        "Traceback (most recent call last):\n"
        '  File "/app/serve.py", line 12, in <module>\n'
        "    cls = factory.GetPrototype(descriptor)\n"
        "AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'\n",
        "failure", "other", id="protobuf-get-prototype-raised-from-code"),
    pytest.param(  # vLLM's message queue waiting, alone: its start had not finished (gpustack/gpustack#3888)
        "No available shared memory broadcast block found in 60 seconds. This typically happens when some processes "
        "are hanging or doing some time-consuming work (e.g. compilation).\n",
        "incomplete", None, id="vllm-shared-memory-wait-alone"),
    pytest.param(  # Apptainer's --nv finding no driver files, then Triton's CUDA pool created on the GPU (ML4GW's job)
        "WARNING: Could not find any nv files on this host!\n"
        "I0202 15:32:58.968543 3508532 cuda_memory_manager.cc:105] CUDA memory pool is created on device 0 with "
        "size 67108864\n"
        "I0202 15:33:18.005262 3508532 grpc_server.cc:4819] Started GRPCInferenceService at 0.0.0.0:8001\n"
        "I0202 15:33:18.005675 3508532 http_server.cc:3477] Started HTTPService at 0.0.0.0:8000\n",
        "no_failure", None, id="apptainer-no-nv-files-then-the-gpu-reached"),
    pytest.param(  # vLLM's --numa-bind under a Slurm job's affinity (alint77/jupiter-glm52-vllm-worklog)
        "(APIServer pid=147522) RuntimeError: NUMA binding was requested, but vLLM could not detect the GPU-to-NUMA "
        "topology automatically. Pass --numa-bind-nodes explicitly or disable --numa-bind.\n",
        "failure", "model_config", id="vllm-numa-bind-cannot-detect-topology"),
    pytest.param(  # `vllm bench serve`, a client, unable to fetch its tokenizer offline (its own frames name it)
        "Traceback (most recent call last):\n"
        '  File "/home/u/.venvs/tfg/bin/vllm", line 8, in <module>\n'
        "    sys.exit(main())\n"
        '  File "/home/u/.venvs/tfg/lib/python3.12/site-packages/vllm/entrypoints/cli/benchmark/serve.py", line 21, '
        "in cmd\n"
        "    main(args)\n"
        '  File "/home/u/.venvs/tfg/lib/python3.12/site-packages/vllm/benchmarks/serve.py", line 1568, in main_async\n'
        "    tokenizer = get_tokenizer(tokenizer_id)\n"
        "OSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the "
        "cached files.\n",
        "not_a_server_log", "model_access", id="vllm-bench-serve-is-a-client"),
    # round 224
    pytest.param(  # the reasoning parser's warning, logged first, then the KV cache too small for max_model_len
        # (sostrowsk/dgx-spark-local-llm's laguna-int4-start.log)
        "(APIServer pid=6787) WARNING 08-03 21:02:53 [vllm.py:1486] Auto-initialization of reasoning token IDs "
        "failed. Please check whether your reasoning parser has implemented the `reasoning_start_str` and "
        "`reasoning_end_str`.\n"
        "(EngineCore pid=6890) ERROR 08-03 21:49:23 [core.py:1231] ValueError: To serve at least one request with "
        "the model's max seq len (262144), (18.35 GiB KV cache is needed, which is larger than the available KV cache "
        "memory (8.72 GiB).\n",
        "failure", "kv_cache_insufficient", id="kv-cache-error-over-an-earlier-reasoning-warning"),
    pytest.param(  # guard: the warning alone still names the reasoning parser (vllm-project/vllm#49379)
        "(APIServer pid=347690) WARNING 07-22 01:25:59 [vllm.py:1486] Auto-initialization of reasoning token IDs "
        "failed. Please check whether your reasoning parser has implemented the `reasoning_start_str` and "
        "`reasoning_end_str`.\n",
        "failure", "tool_parser", id="reasoning-token-ids-warning-alone"),
    pytest.param(  # CUDA_ERROR_FILE_NOT_FOUND from Inductor's autotuning is the driver's, no model file's
        "ERROR 07-21 20:55:42 [multiproc_executor.py:1004] torch._inductor.exc.InductorError: RuntimeError: Failed "
        "to run autotuning code block: CUDA driver error: file not found\n",
        "failure", "other", id="cuda-driver-file-not-found-is-no-model-file"),
    # round 225
    pytest.param(  # llama.cpp's loader refusing row split for the device (ggml-org/llama.cpp#27465)
        "llama_model_loader: loaded meta data with 40 key-value pairs and 579 tensors from /models/m.gguf\n"
        "error loading model: device CUDA0 does not support split buffers\n",
        "failure", "model_config", id="llamacpp-device-does-not-support-split-buffers"),
    pytest.param(  # the ollama CLI relaying the runner's death by a signal, after its pull (ollama/ollama#7334)
        "ollama run x/llama3.2-vision:11b-instruct-fp16\n"
        "pulling manifest\n"
        "verifying sha256 digest\n"
        "writing manifest\n"
        "success\n"
        "Error: llama runner process has terminated: signal: aborted (core dumped)\n",
        "not_a_server_log", None, id="ollama-cli-runner-killed-by-a-signal"),
    pytest.param(  # the ollama CLI's time-out waiting for the runner, above the user's `ollama list` (ollama/ollama#7118)
        "Error: timed out waiting for llama runner to start \n"
        "llama3.2:3b\ta80c4f17acd5\t2.0 GB\t15 hours ago\n",
        "not_a_server_log", None, id="ollama-cli-runner-start-timed-out"),
    pytest.param(  # SGLang's Runtime/Engine wrapper relayed by Xinference, its cause not pasted (xorbitsai/inference#3745)
        '  File "/usr/local/lib/python3.10/dist-packages/sglang/lang/backend/runtime_endpoint.py", line 396, in __init__\n'
        "    raise RuntimeError(\n"
        "RuntimeError: [address=0.0.0.0:43399, pid=1793] Initialization failed. Please see the error messages above.\n",
        "incomplete", None, id="sglang-initialization-failed-see-above-is-a-wrapper"),
    pytest.param(  # a notebook cell interrupted after SGLang's ready line: the stop, not a failure (round 225)
        "[2025-02-20 08:41:44] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)\n"
        "[2025-02-20 08:41:44] The server is fired up and ready to roll!\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.11/dist-packages/sglang/srt/managers/scheduler.py", line 1787, in run_scheduler_process\n'
        "    scheduler.event_loop_overlap()\n"
        "KeyboardInterrupt\n"
        "[2025-02-20 08:43:53] INFO:     Shutting down\n"
        "[2025-02-20 08:43:53] INFO:     Finished server process [15506]\n"
        "asyncio.exceptions.CancelledError\n",
        "no_failure", None, id="ctrl-c-after-the-ready-line-is-the-stop"),
    pytest.param(  # guard: a Ctrl-C before any ready line is where the start waited, not a stop of a started server
        "[2025-02-20 08:41:30 TP0] Load weight begin. avail mem=14.58 GB\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.11/dist-packages/sglang/srt/managers/scheduler.py", line 1787, in run_scheduler_process\n'
        "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)\n"
        "KeyboardInterrupt\n",
        "incomplete", None, id="ctrl-c-before-the-ready-line-stays-a-wrapper"),
    pytest.param(  # KoboldCpp's API lines once its models loaded, the paste ending before 'Please connect' (llama.cpp#24072)
        "Load Image Model OK: True\n"
        "Embedded KoboldAI Lite loaded.\n"
        "Starting Kobold API on port 5001 at http://localhost:5001/api/\n"
        "Starting OpenAI Compatible API on port 5001 at http://localhost:5001/v1/\n",
        "no_failure", None, id="koboldcpp-starting-api-lines-end-the-start"),
    pytest.param(  # a traceback cut inside SGLang's distributed init holds no cause (rounds 57, 66, 97)
        "[2025-04-21 07:28:41 TP5] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 163, in __init__\n'
        "    min_per_gpu_memory = self.init_torch_distributed()\n"
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 298, in init_torch_distributed\n'
        "    initialize_model_parallel(tensor_model_parallel_size=self.tp_size)\n",
        "incomplete", None, id="traceback-cut-in-distributed-init-has-no-cause"),
    pytest.param(  # a bug raised in the distributed init is no communication failure (round 225's device='cuda:7')
        "[2025-02-13 18:54:40 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
        '  File "/data/q/.local/lib/python3.10/site-packages/sglang/srt/model_executor/model_runner.py", line 247, in init_torch_distributed\n'
        "    backend=backend,\n"
        "UnboundLocalError: local variable 'backend' referenced before assignment\n",
        "failure", "other", id="unbound-local-in-distributed-init-is-no-nccl-failure"),
    pytest.param(  # older pip's failed setup.py: an install, no server (NVIDIA/TensorRT-LLM#1423)
        "Collecting tensorrt_llm\n"
        "  Downloading tensorrt-llm-0.8.0.tar.gz (6.9 kB)\n"
        "    ERROR: Command errored out with exit status 1:\n"
        "     command: /usr/bin/python3 -c 'import sys, setuptools'\n"
        "    Traceback (most recent call last):\n"
        '      File "<string>", line 1, in <module>\n'
        "    RuntimeError: Bad params\n",
        "not_a_server_log", "other", id="pip-command-errored-out-is-an-install"),
    # round 226
    pytest.param(  # the ollama CLI's time-out with its progress and no dash after it (a blog's diary paste)
        "Error: timed out waiting for llama runner to start - progress 0.00\n",
        "not_a_server_log", None, id="ollama-cli-runner-timed-out-with-progress"),
    pytest.param(  # moshi-server's worker listening once its models are built (kyutai-labs/delayed-streams-modeling#74)
        "2025-07-12T14:42:04.613738Z  INFO moshi_server: /root/.cargo/registry/src/index/moshi-server-0.6.3/src/main.rs:502: "
        "starting worker num_workers=4\n"
        "2025-07-12T14:42:22.188327Z  INFO moshi_server: /root/.cargo/registry/src/index/moshi-server-0.6.3/src/main.rs:529: "
        "listening on http://0.0.0.0:8080\n",
        "no_failure", None, id="moshi-server-listening-ends-its-start"),
    pytest.param(  # trtllm-build's own lines without its command: an engine build, no server (round 226)
        "[08/27/2025-09:14:03] [TRT-LLM] [I] Total time of constructing network from module object 3.8 seconds\n"
        "[08/27/2025-09:14:03] [TRT-LLM] [I] Build TensorRT engine Unnamed Network 0\n"
        "[08/27/2025-09:14:10] [TRT] [I] Global timing cache in use. Profiling results in this builder pass will be stored.\n",
        "not_a_server_log", None, id="trtllm-build-lines-are-a-build"),
    pytest.param(  # Unsloth's own 'Not an error, but' while it builds vLLM in the process: no failure in it
        "Unsloth: vLLM loading unsloth/Qwen3-1.7B with actual GPU utilization = 58.55%\n"
        "Unsloth: Not an error, but `device` is not supported in vLLM. Skipping.\n"
        "INFO 08-01 01:49:04 [config.py:1604] Using max model len 2048\n",
        "incomplete", None, id="unsloth-not-an-error-is-no-failure"),
    pytest.param(  # vLLM's attention backends refusing the KV cache dtype, no compute capability reason (round 226)
        "(EngineCore pid=125) ERROR 06-10 07:31:04 [core.py:1199] ValueError: No valid attention backend found for cuda "
        "with AttentionSelectorConfig(head_size=256, dtype=torch.bfloat16, kv_cache_dtype=nvfp4, block_size=None, "
        "use_mla=False). Reasons: {FLASH_ATTN: [kv_cache_dtype not supported], TRITON_ATTN: [kv_cache_dtype not "
        "supported]}\n",
        "failure", "model_config", id="vllm-no-attention-backend-for-the-settings"),
    pytest.param(  # guard: the same message whose reasons name the compute capability stays the GPU's (vllm#45317)
        "ValueError: No valid attention backend found for cuda with AttentionSelectorConfig(head_size=576, "
        "dtype=torch.bfloat16, use_mla=True, use_sparse=True). Reasons: {FLASH_ATTN_MLA: [sparse not supported, "
        "compute capability not supported], FLASHMLA: [sparse not supported, compute capability not supported]}\n",
        "failure", "gpu_arch_unsupported", id="vllm-no-attention-backend-for-the-gpu"),
    pytest.param(  # SGLang's group-quantized linear layer at a TP size its groups do not divide (round 226)
        "[2025-06-02 10:14:31 TP1] Scheduler hit an exception: AssertionError: assert input_size_per_partition % "
        "group_size == 0\n",
        "failure", "model_config", id="quant-group-size-not-divisible-at-this-tp"),
    pytest.param(  # vLLM's EngineDeadError text relayed in a 500: the engine died, its cause elsewhere (surus-lat/benchy)
        '2025-09-17 02:26:27 | ERROR    | benchy.summary       | Error: API test failed with status 500: {"error":'
        '{"message":"EngineCore encountered an issue. See stack trace (above) for the root cause.","type":"Internal '
        'Server Error","param":null,"code":500}}\n',
        "incomplete", None, id="engine-dead-error-relayed-is-a-wrapper"),
    # round 227
    pytest.param(  # llama-embedding's output: llama.cpp's timings, then its vectors (no command pasted)
        "llama_model_load_from_file_impl: using device CUDA0 (Tesla T4) (0000:00:05.0) - 14807 MiB free\n"
        "llama_perf_context_print:       total time =      70.84 ms /     3 tokens\n"
        "embedding 0:  0.002283 -0.009001 -0.002847  ...  0.009968  0.007227  0.006691 \n"
        "embedding 1: -0.013213 -0.014764  0.008009  ... -0.007649 -0.008541 -0.002805 \n",
        "not_a_server_log", None, id="llama-embedding-vectors-are-a-runner"),
    pytest.param(  # llama.cpp's fitting: the per-target projection, then the context reduced (round 227)
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: Tesla T4, compute capability 7.5, VMM: no\n"
        "llama_params_fit_impl: projected to use 17886 MiB of device memory vs. 14807 MiB of free device memory\n"
        "llama_params_fit_impl: cannot meet free memory target of 1024 MiB, need to reduce device memory by 4102 MiB\n"
        "llama_params_fit_impl: context size reduced from 131072 to 94976 -> need 4120 MiB less memory in total\n"
        "llama_params_fit: successfully fit params to free device memory\n",
        "incomplete", None, id="llamacpp-fit-projection-per-target-is-no-failure"),
    pytest.param(  # trtllm-bench on the PyTorch backend: its warm-up and benchmark done (round 227)
        "[06/02/2026-03:10:32] [TRT-LLM] [I] Warmup done.\n"
        "[06/02/2026-03:10:32] [TRT-LLM] [I] Starting benchmark...\n"
        "[06/02/2026-03:12:52] [TRT-LLM] [I] Benchmark complete.\n"
        "[06/02/2026-03:12:52] [TRT-LLM] [I] Stopping LLM backend.\n",
        "no_failure", None, id="trtllm-bench-benchmark-complete-ends-the-start"),
    pytest.param(  # llama-cli of 2026 loading through the server's code below its own mark (round 227)
        "--no-conversation is not supported by llama-cli\n"
        "please use llama-completion instead\n"
        "Loading model... |srv    load_model: loading model '/home/u/models/Qwen3.6-35B-A3B-UD-Q4_K_XL.gguf'\n"
        "[ Prompt: 478.3 t/s | Generation: 63.2 t/s ]\n"
        "Exiting...\n",
        "not_a_server_log", None, id="llama-cli-printing-server-lines-is-the-runner"),
    pytest.param(  # guard: llama-server's own failure, then a llama-cli command pasted below it (round 9's 28050)
        "0.00.174.299 E srv    load_model: failed to load model, '/models/m.gguf'\n"
        "0.00.174.927 E srv  llama_server: exiting due to model loading error\n"
        "[u@host bin]$ ./llama-cli -m /models/m.gguf -mg 0 -sm none\n"
        "0.00.147.118 E llama_model_load: error loading model: unknown model architecture: ''\n",
        "failure", "model_config", id="llama-server-failure-above-a-pasted-llama-cli-stays-the-servers"),
    # session 14: a paste that wrapped a traceback's frame lines at its width (theroyallab/tabbyAPI#261)
    pytest.param(  # frame lines cut after 'line N,' and after 'line': the source lines are code, the traceback cut
        'ERROR:      File "/home/u/envs/tabbyAPI/lib/python3.11/site-packages/torch/utils/_contextlib.py", line 57,\n'
        "in generator_context\n"
        "ERROR:        response = gen.send(request)\n"
        "ERROR:                   ^^^^^^^^^^^^^^^^^\n"
        'ERROR:      File "/home/u/envs/tabbyAPI/lib/python3.11/site-packages/torch/utils/_contextlib.py", line\n'
        "116, in decorate_context\n"
        "ERROR:        return func(*args, **kwargs)\n"
        "ERROR:               ^^^^^^^^^^^^^^^^^^^^^\n",
        "incomplete", None, id="wrapped-frame-lines-keep-their-source-lines-code"),
    pytest.param(  # guard: a frame line cut after 'line N,' whose next line is the exception itself
        'ERROR:      File "/home/u/envs/tabbyAPI/lib/python3.11/site-packages/exllamav2/model.py", line 333,\n'
        "ERROR:    RuntimeError: CUDA error: out of memory\n",
        "failure", "oom_weights", id="wrapped-frame-line-then-the-exception-is-read"),
    # round 228
    pytest.param(  # a Slurm job's vLLM server that started, then ended at the job's time limit (Zzsf11/VideoCuttingAgent)
        "INFO 12-16 21:14:02 [gpu_model_runner.py:2653] Model loading took 14.1 GiB and 9.2 seconds\n"
        "INFO:     Started server process [1201]\n"
        "INFO:     Waiting for application startup.\n"
        "INFO:     Application startup complete.\n"
        "slurmstepd: error: *** JOB 5654 ON gpuh02 CANCELLED AT 2025-12-17T05:13:29 DUE TO TIME LIMIT ***\n",
        "no_failure", None, id="slurm-time-limit-after-ready-is-a-stop"),
    pytest.param(  # guard: the time limit before any ready line: the start did not finish in the job's time
        "INFO 12-16 21:14:02 [gpu_model_runner.py:2653] Model loading took 14.1 GiB and 9.2 seconds\n"
        "slurmstepd: error: *** JOB 5654 ON gpuh02 CANCELLED AT 2025-12-17T05:13:29 DUE TO TIME LIMIT ***\n",
        "incomplete", None, id="slurm-time-limit-before-ready-stays-unfinished"),
    pytest.param(  # vLLM's logger.exception heading, logger name between level and message (ai-dynamo/dynamo#939)
        "2025-05-05T08:39:59.234Z ERROR multiproc_worker_utils._run_worker_process: Exception in worker "
        "VllmWorkerProcess while processing method determine_num_available_blocks.\n"
        "Traceback (most recent call last):\n"
        '  File "/workspace/vllm-0.8.4/vllm/executor/multiproc_worker_utils.py", line 232, in _run_worker_process\n'
        "    output = run_method(worker, method, args, kwargs)\n"
        '  File "/workspace/vllm-0.8.4/vllm/worker/worker.py", line 246, in determine_num_available_blocks\n'
        "    self.model_runner.profile_run()\n",
        "incomplete", None, id="exception-in-worker-heading-over-a-cut-traceback"),
    pytest.param(  # LMDeploy's TurboMind converter on Windows, not a server (InternLM/lmdeploy#514)
        "(E:\\AI\\lmdeploy\\env) E:\\AI\\lmdeploy>python -m lmdeploy.serve.turbomind.deploy internlm-chat-20b "
        '"E:\\AI\\lmdeploy\\internlm20b"\n'
        "create workspace in directory ./workspace\n"
        'copy triton model templates from "E:\\AI\\lmdeploy\\env\\Lib\\site-packages\\lmdeploy\\serve\\turbomind\\'
        'triton_models" to "./workspace\\triton_models" successfully\n'
        "tokenizer model E:\\AI\\lmdeploy\\internlm20b\\tokenizer.model does not exist\n",
        "not_a_server_log", "model_access", id="lmdeploy-converter-missing-tokenizer-is-the-converters"),
    pytest.param(  # a ReplicaSet that cannot create the server's pod (nbethala/mlops-k8s-triton-inference)
        "Events:\n"
        "  Type     Reason        Age                   From                   Message\n"
        "  ----     ------        ----                  ----                   -------\n"
        '  Warning  FailedCreate  6m32s (x19 over 28m)  replicaset-controller  Error creating: pods "triton-5fc797b8f8-" '
        'is forbidden: error looking up service account inference/triton-sa: serviceaccount "triton-sa" not found\n',
        "failure", "other", id="k8s-serviceaccount-not-found-stops-the-pod"),
    pytest.param(  # a hand-written FastAPI model server: start-up complete, then its health check answered
        "INFO:     Started server process [378151]\n"
        "INFO:     Waiting for application startup.\n"
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
        'INFO:     127.0.0.1:39620 - "GET /health HTTP/1.1" 200 OK\n',
        "no_failure", None, id="health-check-after-startup-complete-keeps-it-complete"),
    pytest.param(  # the container runtime cannot parse the image's CUDA version (InternLM/lmdeploy#3953, cut mid-word)
        "orin@ubuntu:~/workspace/code/lmdeploy$ sudo docker run --rm -ti --runtime nvidia lmdeploy:09101732 bash\n"
        "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI "
        "runtime create failed: failed to create NVIDIA Container Runtime: failed to construct OCI spec modifier: "
        "requirements not met: failed to get image requirements: failed to get version: invalid CUD\n",
        "failure", "other", id="toolkit-image-cuda-version-unreadable-is-the-images"),
    # round 229
    pytest.param(  # collect_env's output with no command pasted, on Windows (SystemPanic/vllm-windows#11)
        "INFO 06-04 08:55:18 [importing.py:16] Triton not installed or not compatible; certain GPU-related functions "
        "will not be available.\n"
        "INFO 06-04 08:55:28 [__init__.py:243] Automatically detected platform cuda.\n"
        "Collecting environment information...\n"
        "==============================\n"
        "        System Info\n"
        "==============================\n"
        "OS                           : Microsoft Windows 10 Enterprise\n"
        "==============================\n"
        "       PyTorch Info\n"
        "==============================\n"
        "PyTorch version              : 2.7.1+cu128\n"
        "Is debug build               : False\n"
        "CUDA used to build PyTorch   : 12.8\n",
        "not_a_server_log", None, id="collect-env-first-line-marks-the-report"),
    pytest.param(  # SGLang gating a model off an attention backend (mattbucci/2x-3090-GA102-300-A1-sglang-inference)
        "AssertionError: Gemma4 only supports trtllm_mha, triton, or intel_xpu attention backend, got "
        "prefill=flashinfer, decode=flashinfer\n",
        "failure", "model_config", id="model-only-supports-these-attention-backends"),
    pytest.param(  # vLLM V1's CPU offload under WSL2 (unarmedpuppy/homelab-ai's ADR)
        "AssertionError: V1 CPU offloading requires uva (pin memory) support\n",
        "failure", "model_config", id="vllm-v1-cpu-offload-needs-uva"),
    pytest.param(  # TensorRT-LLM's LLM API in a notebook: the engine loaded, its requests done (NVIDIA-NeMo/Nemotron)
        "[TensorRT-LLM][INFO] Number of tokens per block: 32.\n"
        "[TensorRT-LLM][INFO] [MemUsageChange] Allocated 26.20 GiB for max tokens in paged KV cache (140192).\n"
        "Processed requests: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 1/1 [00:11<00:00, 11.50s/it]\n",
        "no_failure", None, id="trtllm-llm-api-requests-done-ends-the-start"),
    pytest.param(  # a qualified exception with no error word ending a traceback after the ready line (FastChat in a notebook)
        "2023-09-14 04:50:49 | INFO | model_worker | Loading the model ['final_merged_model'] on worker 9bb38b52 ...\n"
        "2023-09-14 04:51:03 | ERROR | stderr | INFO:     Application startup complete.\n"
        "2023-09-14 04:51:03 | ERROR | stderr | INFO:     Uvicorn running on http://0.0.0.0:21002 (Press CTRL+C to quit)\n"
        "2023-09-14 04:51:08 | INFO | stdout | Running on local URL:  http://0.0.0.0:7860\n"
        "2023-09-14 04:51:53 | ERROR | stderr | ERROR:    Exception in ASGI application\n"
        "2023-09-14 04:51:53 | ERROR | stderr | Traceback (most recent call last):\n"
        '2023-09-14 04:51:53 | ERROR | stderr |   File "/opt/conda/lib/python3.10/site-packages/uvicorn/protocols/websockets/'
        'websockets_impl.py", line 247, in run_asgi\n'
        "2023-09-14 04:51:53 | ERROR | stderr |     result = await self.app(self.scope, self.asgi_receive, self.asgi_send)\n"
        '2023-09-14 04:51:53 | ERROR | stderr |   File "/opt/conda/lib/python3.10/site-packages/starlette/middleware/errors.py", '
        "line 149, in __call__\n"
        "2023-09-14 04:51:53 | ERROR | stderr |     await self.app(scope, receive, send)\n"
        '2023-09-14 04:51:53 | ERROR | stderr |   File "/opt/conda/lib/python3.10/site-packages/starlette/websockets.py", '
        "line 105, in _raise_on_disconnect\n"
        '2023-09-14 04:51:53 | ERROR | stderr |     raise WebSocketDisconnect(message["code"])\n'
        "2023-09-14 04:51:53 | ERROR | stderr | starlette.websockets.WebSocketDisconnect: 1001\n"
        '2023-09-14 04:52:02 | INFO | stdout | INFO:     127.0.0.1:60258 - "POST /worker_generate_stream HTTP/1.1" 200 OK\n',
        "no_failure", None, id="qualified-exception-below-a-frame-ends-the-traceback"),
    # round 230
    pytest.param(  # FastChat's launcher: the model worker process dies loading the model, then another server comes up
        "2025-03-16 01:53:59 | ERROR | stderr | Process model_worker - DeepSeek-R1-Distill-Llama-8B:\n"
        "2025-03-16 01:53:59 | ERROR | stderr | Traceback (most recent call last):\n"
        '2025-03-16 01:53:59 | ERROR | stderr |   File "/usr/lib/python3.10/multiprocessing/process.py", line 314, in _bootstrap\n'
        "2025-03-16 01:53:59 | ERROR | stderr |     self.run()\n"
        '2025-03-16 01:53:59 | ERROR | stderr |   File "/home/u/venv/lib/python3.10/site-packages/fastchat/model/model_adapter.py", '
        "line 84, in load_model\n"
        "2025-03-16 01:53:59 | ERROR | stderr |     tokenizer = AutoTokenizer.from_pretrained(\n"
        '2025-03-16 01:53:59 | ERROR | stderr |   File "/home/u/venv/lib/python3.10/site-packages/transformers/utils/hub.py", '
        "line 408, in cached_file\n"
        "2025-03-16 01:53:59 | ERROR | stderr |     raise EnvironmentError(\n"
        "2025-03-16 01:53:59 | ERROR | stderr | OSError: Incorrect path_or_model_id: ''. Please provide either the path to a "
        "local folder or the repo_id of a model on the Hub.\n"
        "2025-03-16 01:53:59 | ERROR | stderr | INFO:     Application startup complete.\n"
        "2025-03-16 01:53:59 | ERROR | stderr | INFO:     Uvicorn running on http://0.0.0.0:20000 (Press CTRL+C to quit)\n",
        "failure", "model_access", id="child-process-died-loading-the-model-before-another-ready-line"),
    pytest.param(  # NVIDIA NIM asked for LoRA on a TensorRT-LLM profile built without it (brevdev/notebooks)
        '    raise Exception("you are attempting to use LoRA with an engine not built with LoRA support")\n'
        "Exception: you are attempting to use LoRA with an engine not built with LoRA support\n",
        "failure", "model_config", id="nim-lora-on-an-engine-built-without-lora"),
    pytest.param(  # Triton's model status row: a Python backend instance out of shared memory (triton-inference-server/server#2749)
        "| python_nobatch_int8_int8_int8                       | 1       | UNAVAILABLE: Internal: Failed to initialize the "
        "model instance python_nobatch_int8_int8_int8_0 because it run out of shared memory. Increase the shared memory "
        "size to fix this error.          |\n",
        "failure", "shm_too_small", id="triton-python-backend-run-out-of-shared-memory"),
    pytest.param(  # vLLM's V0 engine built by Unsloth, then Unsloth's notes as it reads the weights back (unslothai/notebooks)
        "INFO 09-18 03:55:44 [model_runner.py:1671] Graph capturing finished in 6 secs, took 0.04 GiB\n"
        "INFO 09-18 03:55:45 [llm_engine.py:428] init engine (profile, create kv cache, warmup model) took 70.40 seconds\n"
        "Unsloth: Just some info: will skip parsing ['layer_norm1', 'layer_norm2', 'post_attention_layernorm']\n",
        "no_failure", None, id="unsloth-notes-after-the-vllm-engine-it-built"),
    pytest.param(  # guard: the same engine end with nothing of Unsloth after it stays unfinished (servers are cut there too)
        "INFO 09-18 03:55:44 [model_runner.py:1671] Graph capturing finished in 6 secs, took 0.04 GiB\n"
        "INFO 09-18 03:55:45 [llm_engine.py:428] init engine (profile, create kv cache, warmup model) took 70.40 seconds\n",
        "incomplete", None, id="vllm-v0-init-engine-alone-stays-unfinished"),
    # round 231
    pytest.param(  # Ollama on a Jetson Nano (ARM: no AVX is normal), then its CUDA backend finds the GPU (ollama/ollama#10090)
        'apr 02 17:28:58 nano ollama[8571]: time=2025-04-02T17:28:58.424+02:00 level=INFO source=cpu_common.go:18 '
        'msg="CPU does not have vector extensions"\n'
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "  Device 0: NVIDIA Tegra X1, compute capability 5.3, VMM: no\n"
        "llm_load_tensors: offloaded 25/33 layers to GPU\n",
        "incomplete", None, id="no-avx-note-then-cuda-found-the-gpu"),
    pytest.param(  # guard: the note alone still says the GPU was turned off (ollama/ollama#2825)
        'time=2024-02-29T11:21:59.650+08:00 level=INFO source=cpu_common.go:18 msg="CPU does not have vector extensions"\n',
        "failure", "other", id="no-avx-note-alone-stays-the-cause"),
    pytest.param(  # text-generation-webui of 2023 cannot tell a ggml model's family (oobabooga/text-generation-webui#761)
        "Loading ggml-vicuna-13b...\n"
        "Can't determine model type from model name. Please specify it manually using --model_type argument\n"
        "Press any key to continue . . .\n",
        "failure", "model_config", id="textgen-cannot-determine-model-type"),
    pytest.param(  # text-generation-webui's start that stops while loading the model (oobabooga/text-generation-webui#1292)
        "Starting the web UI...\n"
        "Loading anon8231489123_vicuna-13b-GPTQ-4bit-128g...\n"
        "Loading model ...\n"
        "Press any key to continue . . .\n",
        "incomplete", None, id="textgen-web-ui-start-stopped-while-loading"),
    # round 232
    pytest.param(  # a job's status summary while a model loads: a count of zero errors (simo-hue's Ollama job)
        "llm_load_tensors: offloaded 33/33 layers to GPU\n"
        "  Cards processed: 1\n"
        "  Errors: 0\n",
        "incomplete", None, id="errors-zero-is-no-failure"),
    pytest.param(  # guard: a count that is not zero is still read
        "INFO:     Application startup complete.\n"
        "ERROR:    Errors: 3 while loading the model\n",
        "failure", "other", id="errors-three-is-still-a-failure"),
    # session 15: vLLM 0.10+'s in-process start (rounds 203 and 230): the front end's lines carry no
    # process tag, the engine core's do; the engine core built ends the start
    pytest.param(
        "INFO 06-02 19:49:34 [utils.py:240] non-default args: {'max_model_len': 4096}\n"
        "INFO 06-02 19:49:34 [model.py:568] Resolved architecture: Gemma3ForConditionalGeneration\n"
        "(EngineCore pid=3086908) INFO 06-02 19:51:30 [core.py:299] init engine (profile, create kv cache, "
        "warmup model) took 44.02 s (compilation: 18.22 s)\n"
        "Model loaded in-process.\n",
        "no_failure", None, id="vllm-in-process-engine-core-built-is-a-completed-start"),
    pytest.param(  # guard: a server's front end tags its lines: its API process still has to start
        "(APIServer pid=77) INFO 06-02 19:49:34 [utils.py:240] non-default args: {'max_model_len': 4096}\n"
        "(APIServer pid=77) INFO 06-02 19:49:34 [model.py:568] Resolved architecture: Qwen3ForCausalLM\n"
        "(EngineCore pid=107) INFO 06-02 19:51:30 [core.py:299] init engine (profile, create kv cache, "
        "warmup model) took 44.02 s (compilation: 18.22 s)\n",
        "incomplete", None, id="vllm-server-engine-core-built-is-not-yet-its-start"),
    pytest.param(  # guard: a server's tail with the engine core's lines only
        "(Worker_TP0 pid=116) INFO 05-18 06:19:19 [gpu_model_runner.py:6190] Graph capturing finished in 2 secs\n"
        "(EngineCore pid=107) INFO 05-18 06:19:19 [core.py:299] init engine (profile, create kv cache, "
        "warmup model) took 147.31 s (compilation: 79.95 s)\n",
        "incomplete", None, id="engine-core-built-alone-is-not-a-start"),
    pytest.param(  # guard: a failure after the in-process engine was built is still read
        "INFO 06-02 19:49:34 [utils.py:240] non-default args: {'max_model_len': 4096}\n"
        "(EngineCore pid=3086908) INFO 06-02 19:51:30 [core.py:299] init engine (profile, create kv cache, "
        "warmup model) took 44.02 s (compilation: 18.22 s)\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
        "79.18 GiB of which 1.02 GiB is free.\n",
        "failure", "oom_weights", id="oom-after-in-process-engine-built-is-still-a-failure"),
    # round 233
    pytest.param(  # an Ollama job on a compute node with no way out: every pull fails, logged at INFO
        'time=2025-08-27T13:03:20.183+02:00 level=INFO source=routes.go:1205 msg="Listening on 127.0.0.1:39000 '
        '(version 0.3.14)"\n'
        'time=2025-08-27T13:04:48.707+02:00 level=INFO source=images.go:1021 msg="request failed: Get '
        '\\"https://registry.ollama.ai/v2/library/qwen2.5/manifests/7b\\": dial tcp 172.67.182.229:443: connect: '
        'network is unreachable"\n'
        '[GIN] 2025/08/27 - 13:04:48 | 200 |   96.246985ms |       127.0.0.1 | POST     "/api/pull"\n',
        "failure", "model_access", id="ollama-registry-unreachable-is-model-access"),
    pytest.param(  # NVIDIA NIM with a profile it will not run on a GPU short of free memory (lines as a page wrapped them)
        "INFO 07-26 09:44:00.18 ngc_profile.py:226]\n"
        "  Detected additional 1 compatible profile(s) that are currently not\n"
        "    runnable due to low free GPU memory.\n"
        "ERROR 07-26 09:44:00.18 utils.py:21]\n"
        "  Could not find a profile that is currently runnable\n"
        "    with the detected hardware.\n",
        "failure", "oom_weights", id="nim-profile-not-runnable-for-low-free-memory"),
    pytest.param(  # torch's C++ backtrace header with its frames, the error above it not pasted
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent "
        "call first):\n"
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3aa956c1b6 in "
        "/venv/lib/python3.11/site-packages/torch/lib/libc10.so)\n",
        "incomplete", None, id="c10-backtrace-header-alone-names-no-failure"),
    pytest.param(  # guard: the error above the header is read
        "RuntimeError: CUDA error: out of memory\n"
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent "
        "call first):\n",
        "failure", "oom_weights", id="c10-backtrace-header-under-its-error-keeps-the-error"),
    pytest.param(  # DeepSpeed's launcher: the MII server child killed by SIGBUS
        "[2023-04-28 11:44:09,797] [ERROR] [launch.py:434:sigkill_handler] ['/venv/bin/python', '-m', "
        "'mii.launch.multi_gpu_server', '--port', '50950'] exits with return code = -7\n"
        "[2023-04-28 11:44:09,892] [INFO] [server.py:82:_wait_until_server_is_live] waiting for server to start...\n",
        "failure", "shm_too_small", id="deepspeed-child-exits-with-return-code-minus-7-is-sigbus"),
    pytest.param(  # an in-process vLLM under torchrun
        "RuntimeError: world_size (8) is not equal to tensor_model_parallel_size (1) x pipeline_model_parallel_size "
        "(1).\n",
        "failure", "model_config", id="vllm-world-size-not-tp-times-pp"),
    pytest.param(  # a docker client older than 19.03
        "result:    unknown flag: --gpus See 'docker run --help'.\n",
        "failure", "no_gpu_visible", id="docker-client-without-gpus-flag"),
    pytest.param(  # bash -x's trace of the command: its arguments are no failure words
        "+ python3 -m verl.trainer.main_ppo data.truncation=error trainer.logger=[console]\n"
        "(WorkerDict pid=249887) WARNING 08-02 00:36:03 [cuda.py:93] To see benefits of async output processing, "
        "enable CUDA graph.\n",
        "incomplete", None, id="shell-trace-of-a-command-is-no-failure-word"),
    pytest.param(  # guard: an error after the traced command is still read
        "+ python3 -m vllm.entrypoints.openai.api_server --model /models/x --uvicorn-log-level error\n"
        "ERROR: unable to load model weights from /models/x\n",
        "failure", "other", id="error-after-a-shell-trace-is-still-read"),
    # round 234
    pytest.param(  # an FP8 block-quantized MoE over TP 8 without expert parallelism (a paste wrapped the line)
        "ValueError: The output_size of gate's and up's weight = 96 is not\n"
        "            divisible by weight quantization block_n = 128.\n",
        "failure", "model_config", id="fp8-block-not-divisible-by-tp"),
    pytest.param(  # vLLM V0's Mooncake KV pipe
        "ERROR 02-27 20:00:22 engine.py:140]     raise Exception(\"Transfer Return Error\")\n"
        "ERROR 02-27 20:00:22 engine.py:140] Exception: Transfer Return Error\n",
        "failure", "nccl_comm", id="mooncake-pipe-transfer-return-error"),
    pytest.param(  # Mooncake's TCP transport
        "E0520 06:53:47.272128 18592 tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address (value: 14), "
        "total_transferred_bytes_: 0, current transferred_bytes: 0\n",
        "failure", "nccl_comm", id="mooncake-tcp-session-write-failed"),
    pytest.param(  # Slurm's cgroup plugin: a training job's task killed by the OOM killer (verl's GRPO job)
        "python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo\n"
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n"
        "slurmstepd: error: Detected 1 oom_kill event in StepId=3274479.batch. Some of the step tasks have been OOM "
        "Killed.\n",
        "not_a_server_log", "oom_weights", id="slurm-oom-kill-event-is-host-memory"),
    pytest.param(  # SGLang's router in PD mode without its workers
        "$ python3 -m sglang_router.launch_router --pd-disaggregation --host 0.0.0.0 --port 8000 --policy random\n"
        "Error starting router: PD disaggregation mode requires --prefill\n",
        "failure", "model_config", id="a-mode-that-requires-an-option-is-config"),
    pytest.param(  # SGLang's multi-layer EAGLE with draft settings that do not go together
        "AssertionError: multi-layer EAGLE requires speculative_num_draft_tokens == speculative_num_steps + 1, got 8 "
        "and 5\n",
        "failure", "model_config", id="speculative-settings-in-a-failed-check-are-config"),
    # round 235
    pytest.param(  # SGLang cut while capturing CUDA graphs, the CuTe DSL's import warning repeated by SGLang's handler
        "[2026-06-07 18:51:06] Capture cuda graph begin. This can take up to several minutes. avail mem=65.31 GB\n"
        "2026-06-07 18:51:07,171 - CUTE_DSL - WARNING - [handle_import_error] - Unexpected error during package walk: "
        "cutlass.cute.experimental\n"
        "[2026-06-07 18:51:07] Unexpected error during package walk: cutlass.cute.experimental\n",
        "incomplete", None, id="cute-dsl-package-walk-is-import-noise"),
    # session 15 (round 233's known miss): vLLM's per-request errors after a completed start
    pytest.param(
        "(EngineCore_DP0 pid=7700) INFO 02-27 15:00:41 [gpu_model_runner.py:2653] Model loading took 3.8 GiB and "
        "12.1 seconds\n"
        "(APIServer pid=7565) INFO:     Application startup complete.\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645] An error occurred in `transformers` while "
        "applying chat template\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645] Traceback (most recent call last):\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645]   File \"/venv/lib/python3.12/site-packages/"
        "vllm/entrypoints/chat_utils.py\", line 1632, in apply_hf_chat_template\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645]     return tokenizer.apply_chat_template(\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645] jinja2.exceptions.TemplateError: Conversation "
        "roles must alternate user/assistant/user/assistant/...\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [serving_chat.py:263] Error in preprocessing prompt inputs\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [serving_chat.py:263] ValueError: Conversation roles must alternate "
        "user/assistant/user/assistant/...\n"
        "(APIServer pid=7565) INFO:     127.0.0.1:43136 - \"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request\n",
        "no_failure", None, id="a-requests-chat-template-error-after-the-start-is-the-requests"),
    pytest.param(  # guard: the same template traceback before any ready line is the start's
        "(EngineCore_DP0 pid=7700) INFO 02-27 15:00:41 [gpu_model_runner.py:2653] Model loading took 3.8 GiB and "
        "12.1 seconds\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645] Traceback (most recent call last):\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645]   File \"/venv/lib/python3.12/site-packages/"
        "vllm/entrypoints/chat_utils.py\", line 1632, in apply_hf_chat_template\n"
        "(APIServer pid=7565) ERROR 02-27 18:35:47 [chat_utils.py:1645] jinja2.exceptions.TemplateError: Conversation "
        "roles must alternate user/assistant/user/assistant/...\n",
        "failure", "model_config", id="a-chat-template-error-before-the-start-completed-is-the-starts"),
    # round 236
    pytest.param(  # NVIDIA's device plugin on a kind/minikube node out of inotify instances
        "I0131 19:35:42.895917       1 main.go:238] Starting FS watcher for /var/lib/kubelet/device-plugins\n"
        "E0131 19:35:42.895933       1 main.go:173] failed to create FS watcher for /var/lib/kubelet/device-plugins/: "
        "too many open files\n",
        "failure", "no_gpu_visible", id="device-plugin-out-of-inotify-watches"),
    pytest.param(  # TGI's router starting: the Hugging Face Rust crates' lines, timestamps as docker gave them
        "2024-03-13T04:16:32.768070Z  INFO hf_hub: /usr/local/cargo/registry/src/index.crates.io-6f17d22bba15001f/"
        "hf-hub-0.3.2/src/lib.rs:55: Token file not found \"/root/.cache/huggingface/token\"\n"
        "2024-03-13T04:16:33.034416Z  WARN tokenizers::tokenizer::serialization: /usr/local/cargo/registry/src/"
        "index.crates.io-6f17d22bba15001f/tokenizers-0.15.2/src/tokenizer/serialization.rs:159: Warning: Token "
        "'<|endoftext|>' was expected to have ID '151643' but was given ID 'None'\n",
        "incomplete", None, id="hf-rust-crates-lines-are-a-servers-start"),
    # round 239
    pytest.param(  # early vLLM's notice of Mixtral's optional MoE packages, then the engine goes on
        "INFO 07-20 10:41:38 llm_engine.py:73] Initializing an LLM engine with config: model='facebook/opt-125m'\n"
        "MegaBlocks not found. Please install it by `pip install megablocks`. Note that MegaBlocks depends on "
        "mosaicml-turbo, which only supports Python 3.10 for now.\n"
        "STK not found: please see https://github.com/stanford-futuredata/stk\n"
        "INFO 07-20 10:41:41 llm_engine.py:222] # GPU blocks: 22431, # CPU blocks: 7281\n",
        "incomplete", None, id="early-vllm-megablocks-notice-is-no-failure"),
    # round 240
    pytest.param(  # an in-process AsyncLLM takes its first request after the engine core's last start-up line
        "INFO 03-26 14:46:40 [__init__.py:256] Automatically detected platform cuda.\n"
        "INFO 03-26 14:46:41 [core.py:54] Initializing a V1 LLM engine (v0.8.2) with config: model='m'\n"
        "INFO 03-26 14:46:53 [backends.py:415] Using cache directory: /root/.cache/vllm/torch_compile_cache/94e9aa5bfb/"
        "rank_0_0 for vLLM's torch.compile\n"
        "INFO 03-26 14:47:15 [core.py:151] init engine (profile, create kv cache, warmup model) took 27.91 seconds\n"
        "INFO 03-26 14:47:24 [async_llm.py:221] Added request req-001.\n",
        "no_failure", None, id="vllm-request-added-after-the-engine-start"),
    pytest.param(  # the same line alone (RunPod's console: newest first, the worker's exit above it)
        "0s0n9esxgd0u45[error]worker exited with exit code 136\n"
        "0s0n9esxgd0u45[info]INFO 07-23 16:43:22 [async_llm_engine.py:210] Added request 192c6636b44048959880.\\n\n",
        "incomplete", None, id="vllm-request-added-alone-ends-nothing"),
    pytest.param(  # FlashInfer built for a fixed list of GQA group sizes and head dims (flashinfer#254, #157)
        "RuntimeError: BatchPrefillWithPagedKVCachePyTorchWrapper::Forward(at::Tensor, bool)::<lambda()>::<lambda()> "
        "failed to dispatch group_size 5\n",
        "failure", "model_config", id="flashinfer-group-size-dispatch"),
    pytest.param(
        "RuntimeError: BatchPrefillWithPagedKVCache failed to dispatch with dtype Half\n",
        "failure", "model_config", id="flashinfer-dispatch-dtype"),
    pytest.param(  # BentoML's runner error heading, its traceback cut before the exception (OpenLLM#225)
        "2023-08-24T09:01:17+0000 [INFO] [cli] Starting production HTTP BentoServer from \"_service:svc\" listening on "
        "http://0.0.0.0:3000 (Press CTRL+C to quit)\n"
        "2023-08-24T09:01:25+0000 [ERROR] [runner:llm-llama-runner:1] An exception occurred while instantiating runner "
        "'llm-llama-runner', see details below:\n"
        "2023-08-24T09:01:25+0000 [ERROR] [runner:llm-llama-runner:1] Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.10/site-packages/bentoml/_internal/runner/runner.py", line 302, in init_local\n'
        "    self._set_handle(LocalRunnerRef)\n",
        "incomplete", None, id="bentoml-runner-heading-is-a-wrapper"),
    pytest.param(  # vLLM's commit-hash warning goes on (vllm/version.py)
        "/env/lib/python3.10/site-packages/vllm/connections.py:8: RuntimeWarning: Failed to read commit hash:\n"
        "No module named 'vllm._version'\n"
        "  from vllm.version import __version__ as VLLM_VERSION\n"
        "INFO 09-02 10:43:42 api_server.py:440] vLLM API server version 0.6.3\n",
        "incomplete", None, id="vllm-commit-hash-warning-is-no-failure"),
    pytest.param(  # the tokenizer file is no SentencePiece model (an LFS pointer, a cut download)
        "2024-04-06 20:28:16 h dbgpt.model.cluster.worker.manager[476638] ERROR Error starting worker manager: model "
        "vicuna-13b-v1.5@huggingface(172.23.206.206:6006) start failed, Error parsing message with type "
        "'sentencepiece.ModelProto'\n",
        "failure", "model_access", id="sentencepiece-model-unparsable"),
    pytest.param(  # QAnything's start-up script: the model folder it was told to serve is not there
        "qanything-container-local | The triton server for embedding and reranker will start on 1 GPUs\n"
        "qanything-container-local | The -t folder does not exist under QAnything/assets/custom_models/. "
        "Please check your setup.\n",
        "failure", "model_access", id="qanything-model-folder-missing"),
    pytest.param(  # CMake's configure/generate error: a build, not a server
        "-- Configuring done (0.2s)\n"
        "CMake Error at CMakeLists.txt:661 (target_link_libraries):\n"
        "  Target \"ggml\" links to:\n"
        "    CUDA::cublasLt\n"
        "  but the target was not found.\n"
        "CMake Generate step failed.  Build files cannot be regenerated correctly.\n",
        "not_a_server_log", "other", id="cmake-error-is-a-build"),
    pytest.param(  # DeepSpeed ZeRO-3 building a model: a training job (simpleRL-reason#33)
        '  File "/env/lib/python3.10/site-packages/deepspeed/runtime/zero/partition_parameters.py", line 240, in wrapped_fn\n'
        "    tensor: Tensor = fn(*args, **kwargs)\n"
        "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n",
        "not_a_server_log", "no_gpu_visible", id="deepspeed-zero-is-training"),
    # round 241
    pytest.param(  # a Mooncake transfer that cannot find the peer's segment, after the start (sglang#4880)
        "[2025-04-14 03:55:21] The server is fired up and ready to roll!\n"
        "E0414 03:56:41.856248 77969 transfer_metadata_plugin.cpp:173] Unexpected code in http response, GET "
        "http://10.6.131.5:8998/metadata?key=mooncake%2Fram%2F10.6.131.6_58f3 response code: 404 response body: "
        "metadata not found\n"
        "W0414 03:56:41.856264 77969 transfer_metadata.cpp:153] Failed to retrieve segment descriptor, name "
        "10.6.131.6_58f33e4e\n",
        "failure", "nccl_comm", id="mooncake-segment-descriptor-missing"),
    pytest.param(  # a PD transfer aborted, no cause: a wrapper after the start (sglang#12688)
        "[2025-11-05 16:38:01] The server is fired up and ready to roll!\n"
        "[2025-11-05 16:39:09 TP0] Decode transfer failed for request rank=0 decode_req.req.rid='78fde411' "
        "decode_req.req.bootstrap_room=4793981895866140836 with exception "
        "KVTransferError(bootstrap_room=4793981895866140836): Aborted by AbortReq.\n",
        "incomplete", None, id="pd-transfer-aborted-is-a-wrapper"),
    pytest.param(  # the transfer's own cause still names communication (sglang#7338)
        "Decode transfer failed for request rank=0 decode_req.req.rid='c564d0c5' decode_req.req.bootstrap_room=21 "
        "with exception KVTransferError(bootstrap_room=21): Failed to get kvcache from prefill instance, it might "
        "be dead\n",
        "failure", "nccl_comm", id="pd-transfer-failed-with-its-cause"),
    pytest.param(  # SGLang's PD refusing different TP sizes: configuration, not the network (sglang#38552)
        '  File "/sgl-workspace/sglang/python/sglang/srt/disaggregation/nixl/conn.py", line 2062, in maybe_send_extra\n'
        "    raise RuntimeError(\n"
        "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA SWA hybrid models yet.\n"
        "Prefill transfer failed for request rank=0 req.rid='5b02aee3' with exception PD Disaggregation does NOT "
        "support PD different TP sizes for non-MLA SWA hybrid models yet.\n",
        "failure", "model_config", id="pd-disaggregation-does-not-support"),
    pytest.param(  # llama.cpp's context set-up lines are a server's start, cut (llama.cpp#11435)
        "llama_init_from_model: n_ctx_per_seq (8192) < n_ctx_train (131072) -- the full capacity of the model will "
        "not be utilized\n"
        "llama_kv_cache_init: kv_size = 8192, offload = 1, type_k = 'f16', type_v = 'f16', n_layer = 80, can_shift = 1\n"
        "llama_kv_cache_init: RPC[localhost:50052] KV buffer size =   384.00 MiB\n",
        "incomplete", None, id="llamacpp-kv-cache-init-is-a-servers-line"),
    pytest.param(  # vLLM's data-parallel example prints each rank's outputs (vllm#13591)
        "DP rank 0, Prompt: 'Hello, my name is', Generated text: ' Danielle.'\n",
        "no_failure", None, id="vllm-dp-example-output"),
    pytest.param(  # DeepEP's dispatch limit below the batch (srt-slurm#44)
        "RuntimeError: Failed: Assertion error /build/DeepEP/csrc/deep_ep.cpp:1233 'x.size(0) == topk_idx.size(0) and "
        "x.size(0) <= num_max_dispatch_tokens_per_rank'\n",
        "failure", "model_config", id="deepep-dispatch-tokens-exceeded"),
    pytest.param(  # an adapter that does not fit the model (sglang#28199)
        "RuntimeError: Failed to load LoRA adapter ticket-triage: "
        "'base_model.model.model.language_model.layers.15.self_attn.v_proj.lora_A.weight'\n",
        "failure", "model_config", id="lora-adapter-failed-to-load"),
    pytest.param(  # vLLM's runtime LoRA routes answered: the server serves (vllm#17936)
        "INFO 05-10 10:46:14 [serving_models.py:185] Loaded new LoRA adapter: name 'sql_adapter', path '/x/sql-lora'\n"
        'INFO:     127.0.0.1:55020 - "POST /v1/load_lora_adapter HTTP/1.1" 200 OK\n',
        "no_failure", None, id="vllm-lora-route-answered"),
    # round 244
    pytest.param(  # LightLLM's request log: it serves (an optional FlashAttention-3 import noted before it)
        "Failed to import _flash_attn_forward from hopper.flash_attn_interface.\n"
        "INFO 05-06 16:13:59 [manager.py:329] recieved req X-Request-Id: X-Session-Id: start_time:2025-05-06 16:13:59 "
        "lightllm_req_id:64 \n"
        "INFO 05-06 16:13:59 [manager.py:221] router recive req id 8 cost time 0.040740966796875 s\n",
        "no_failure", None, id="lightllm-serving-requests"),
    pytest.param(  # DeepEP's newer assertion wording (csrc/legacy/buffer.hpp)
        "RuntimeError: Assertion exception (/root/DeepEP/csrc/legacy/buffer.hpp:1481): x.size(0) == topk_idx.size(0) "
        "and x.size(0) <= num_max_dispatch_tokens_per_rank\n",
        "failure", "model_config", id="deepep-dispatch-tokens-exceeded-legacy-buffer"),
    # session 17: vLLM's V0 engine built in a script's own process (notebook cells of rounds 204, 223, 239);
    # session 23: only where a line shows the notebook around it (the written convention, a blind pair 107/108)
    pytest.param(  # a notebook cell's own warning, the engine's configuration, then its start timed: LLM(...) returned
        "<ipython-input-13-832d2cd02c0e>:3: DeprecationWarning: The 'lora_local_path' attribute is deprecated\n"
        "INFO 01-30 22:33:09 llm_engine.py:234] Initializing an LLM engine (v0.6.6.post1) with config: "
        "model='Qwen/Qwen2.5-1.5B-Instruct', speculative_config=None\n"
        "INFO 01-30 22:33:16 gpu_executor.py:76] # GPU blocks: 4452, # CPU blocks: 9362\n"
        "INFO 01-30 22:33:26 model_runner.py:1535] Graph capturing finished in 9 secs, took 0.75 GiB\n"
        "INFO 01-30 22:33:26 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 12.96 seconds\n",
        "no_failure", None, id="vllm-v0-in-process-engine-built"),
    pytest.param(  # the same engine lines with nothing around them: a server's excerpt cut before its ready line
        "INFO 01-30 22:33:09 llm_engine.py:234] Initializing an LLM engine (v0.6.6.post1) with config: "
        "model='Qwen/Qwen2.5-1.5B-Instruct', speculative_config=None\n"
        "INFO 01-30 22:33:16 gpu_executor.py:76] # GPU blocks: 4452, # CPU blocks: 9362\n"
        "INFO 01-30 22:33:26 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 12.96 seconds\n",
        "incomplete", None, id="vllm-v0-engine-built-alone-is-not-judged"),
    pytest.param(  # a benchmark's results below the engine's start: it generated in the script's process (round 257)
        "INFO 01-30 22:33:09 llm_engine.py:234] Initializing an LLM engine (v0.6.6.post1) with config: model='m'\n"
        "INFO 01-30 22:33:26 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 12.96 seconds\n"
        "Avg latency: 1.0234 seconds\n",
        "no_failure", None, id="vllm-v0-benchmark-latency-result"),
    pytest.param(  # before 0.6.4 the graph capture is the engine's last start-up line (a Colab cell, ipykernel's file)
        "/tmp/ipykernel_1543/2412396893.py:1: UserWarning: the cell's own warning\n"
        "INFO 06-12 13:26:14 llm_engine.py:161] Initializing an LLM engine (v0.5.0) with config: model='/m/qwen2'\n"
        "INFO 06-12 13:26:19 gpu_executor.py:83] # GPU blocks: 29985, # CPU blocks: 9362\n"
        "INFO 06-12 13:26:34 model_runner.py:954] Graph capturing finished in 11 secs.\n",
        "no_failure", None, id="vllm-v0-in-process-graphs-captured"),
    pytest.param(  # the same lines after the API server's front end: the server has yet to listen
        "INFO 01-30 22:33:08 api_server.py:651] vLLM API server version 0.6.6.post1\n"
        "INFO 01-30 22:33:08 api_server.py:652] args: Namespace(model='Qwen/Qwen2.5-1.5B-Instruct')\n"
        "INFO 01-30 22:33:09 llm_engine.py:234] Initializing an LLM engine (v0.6.6.post1) with config: "
        "model='Qwen/Qwen2.5-1.5B-Instruct', speculative_config=None\n"
        "INFO 01-30 22:33:26 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 12.96 seconds\n",
        "incomplete", None, id="vllm-v0-server-engine-built-is-no-ready-line"),
    pytest.param(  # ... and without the engine's configuration line (an excerpt from the middle): cut
        "INFO 01-30 22:33:26 model_runner.py:1535] Graph capturing finished in 9 secs, took 0.75 GiB\n"
        "INFO 01-30 22:33:26 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 12.96 seconds\n",
        "incomplete", None, id="vllm-v0-engine-built-without-its-start-is-cut"),
    # round 245
    pytest.param(  # a completed start, then a thread's traceback header where the log ends (llava#1408)
        "2024-04-16 02:52:53 | ERROR | stderr | INFO:     Uvicorn running on http://0.0.0.0:40000 (Press CTRL+C to quit)\n"
        "2024-04-16 02:53:18 | INFO | stdout | INFO:     127.0.0.1:39104 - \"POST /worker_generate_stream HTTP/1.1\" 200 OK\n"
        "2024-04-16 02:53:19 | ERROR | stderr | Exception in thread Thread-4 (generate):\n",
        "incomplete", None, id="thread-traceback-header-cut-after-a-start"),
    pytest.param(  # nano-vllm's batch progress bar at 100% (nano-vllm#130)
        "Generating: 100%|######| 2/2 [00:10<00:00,  5.19s/it, Prefill=6tok/s, Decode=82tok/s]\n",
        "no_failure", None, id="nano-vllm-batch-done"),
    pytest.param(  # Tabby's server listening (TabbyML's blog, tabby serve --device cuda)
        "ggml_init_cublas: found 1 CUDA devices:\n"
        "2024-03-21T16:16:52.464116Z  INFO tabby::routes: crates/tabby/src/routes/mod.rs:35: Listening at 0.0.0.0:8080\n",
        "no_failure", None, id="tabby-listening"),
    pytest.param(  # Accelerate's placement put weights on disk: the GPU and host memory are too small (llava#1553)
        "2024-06-10 17:54:07 | ERROR | stderr | ValueError: The current `device_map` had weights offloaded to the disk. "
        "Please provide an `offload_folder` for them.\n",
        "failure", "oom_weights", id="accelerate-weights-offloaded-to-disk"),
    # round 246
    pytest.param(  # Ray Serve's app ready, then vLLM's graph-capture bar redrawn at 100% (NeMo Curator's notebook)
        "(ServeReplica:default:LLMServer pid=1401871) INFO 03-31 14:52:30 [core.py:93] Initializing a V1 LLM engine "
        "(v0.11.0) with config: model='openai/gpt-oss-20b'\n"
        "INFO 2026-03-31 14:53:59,093 serve 1369491 -- Application 'default' is ready at http://127.0.0.1:8000/.\n"
        "Capturing CUDA graphs (decode, FULL): 100%|##########| 35/35 [00:51<00:00,  1.47s/it]\n",
        "no_failure", None, id="ray-serve-ready-then-graph-capture-bar-at-100"),
    pytest.param(  # ... a bar still under way after it leaves the start unfinished
        "(ServeReplica:default:LLMServer pid=1401871) INFO 03-31 14:52:30 [core.py:93] Initializing a V1 LLM engine "
        "(v0.11.0) with config: model='openai/gpt-oss-20b'\n"
        "INFO 2026-03-31 14:53:59,093 serve 1369491 -- Application 'default' is ready at http://127.0.0.1:8000/.\n"
        "Capturing CUDA graphs (decode, FULL):  86%|########  | 30/35 [00:37<00:00, 11.58it/s]\n",
        "incomplete", None, id="ray-serve-ready-then-graph-capture-under-way"),
    # round 247
    pytest.param(  # a NIM container's model download refused by NGC (video-search-and-summarization#1470)
        "HTTP status client error (451 Unavailable For Legal Reasons) for url "
        "(https://api.ngc.nvidia.com/v2/org/nim/team/nvidia/models/nvidia-nemotron-nano-9b-v2/v1.2.2-ga/files)\n",
        "failure", "model_access", id="nim-ngc-download-refused"),
    # round 248
    pytest.param(  # vLLM's worker wrapper quoting a cause with quotes inside it (vllm#47442)
        "RuntimeError: Worker failed with error 'module 'cutlass.cute.core' has no attribute 'ThrMma'', please check "
        "the stack trace above for the root cause\n",
        "failure", "other", id="vllm-worker-failed-quoting-a-quoted-cause"),
    pytest.param(  # srtctl's disaggregated deployment ready, then its own teardown (NVIDIA/srt-slurm)
        "2026-04-21 14:26:38 [INFO] Model is ready. Have 4 prefills and 1 decodes.\n"
        "2026-04-21 14:26:38 [INFO] Server is healthy - starting benchmark\n"
        "2026-04-21 14:46:43 [INFO] Cleaning up 12 processes...\n"
        "srun: error: theia0049: tasks 8-11: Killed\n",
        "no_failure", None, id="srtctl-ready-then-its-own-teardown"),
    pytest.param(  # the kernel refusing CUDA contexts on a GPU in MIG mode with no instances (bumblebee-model-harness#3)
        "2024-04-24T14:28:48Z app[90806e10f54578] ord [info][    5.567716] NVRM kchannelConstruct_IMPL: Channel "
        "allocation not allowed when MIG is enabled without GPU instancing\n",
        "failure", "no_gpu_visible", id="mig-enabled-without-gpu-instances"),
    # round 249
    pytest.param(  # huggingface_hub cannot note a missing file in a read-only cache, and goes on (dgx-spark-hijinks)
        "[2026-06-07 18:55:40] Could not cache non-existence of file. Will ignore error and continue. Error: [Errno 30] "
        "Read-only file system: '/root/.cache/huggingface/hub/models--Qwen--Qwen2.5-1.5B-Instruct/.no_exist/x/a.json'\n"
        "[2026-06-07 18:56:21] Capture cuda graph num tokens [4, 8, 12, 16]\n",
        "incomplete", None, id="hf-hub-no-exist-cache-read-only-is-benign"),
    pytest.param(  # vLLM's own shutdown steps after a completed start; the output handler's EngineDeadError is the stop's
        '(APIServer pid=551751) INFO:     127.0.0.1:40008 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n'
        "(APIServer pid=551751) INFO 08-21 10:24:34 [launcher.py:100] [shutdown] API server: shutdown triggered\n"
        "(APIServer pid=551751) ERROR 08-21 10:24:34 [async_llm.py:704] AsyncLLM output_handler failed.\n"
        "(APIServer pid=551751) ERROR 08-21 10:24:34 [async_llm.py:704] vllm.v1.engine.exceptions.EngineDeadError: "
        "EngineCore encountered an issue. See stack trace (above) for the root cause.\n"
        "(APIServer pid=551751) INFO 08-21 10:24:34 [launcher.py:125] [shutdown] API server: engine client stopped\n"
        "(APIServer pid=551751) INFO:     Application shutdown complete.\n",
        "no_failure", None, id="vllm-shutdown-steps-then-engine-dead"),
    # round 250
    pytest.param(  # llama.cpp's tensor split cannot give a quantized KV cache a split axis (llama.cpp#27116)
        "llama.cpp/ggml/src/ggml-backend-meta.cpp:535: GGML_ASSERT(ret.axis != GGML_BACKEND_SPLIT_AXIS_UNKNOWN) failed\n",
        "failure", "model_config", id="llamacpp-tensor-split-axis-unknown"),
    pytest.param(  # ... nor a model's draft-head tensors at load (llama.cpp#24309)
        "[57663] /home/u/llama.cpp/src/llama-model.cpp:410: GGML_ASSERT(tensor_axis_0 != nullptr) failed\n",
        "failure", "model_config", id="llamacpp-tensor-split-no-axis-at-load"),
    pytest.param(  # the meta backend's shape check is another assertion: a bug, no split axis refused (llama.cpp#22817)
        "/build/ggml/src/ggml-backend-meta.cpp:1015: GGML_ASSERT(split_state.ne[j] * tensor->src[i]->ne[src_ss[i].axis] "
        "== sum * tensor->ne[split_state.axis]) failed\n",
        "failure", "other", id="llamacpp-tensor-split-shape-assert-stays-other"),
    pytest.param(  # LMDeploy's start-up model check cannot read the model's config (lmdeploy#3357)
        "(\"Checking failed with error 'Qwen2_5OmniConfig' object has no attribute 'hidden_size'\", "
        "'Please send issue to LMDeploy with error logs.')\n",
        "failure", "model_config", id="lmdeploy-model-check-config-attribute"),
    pytest.param(  # GPUStack's worker cannot find its own container by name (gpustack#4185)
        "failed to get self Container gpustack-worker\n",
        "failure", "other", id="gpustack-self-container-not-found"),
    pytest.param(  # ... while its runtime's mirrored deployment that skips it goes on; a traceback cut below (gpustack#3805)
        "2025-12-09 23:03:49.216273+08:00 - 2726 - gpustack_runtime.deployer.docker - ERROR - Mirrored deployment "
        "enabled, but failed to get self Container h100-llm, skipping\n"
        "Traceback (most recent call last):\n",
        "incomplete", None, id="gpustack-mirrored-deployment-skipped-is-no-failure"),
    pytest.param(  # the shell's segmentation fault under a zh_CN locale after vLLM's engine started (MiniCPM-V#960)
        "Started engine process with PID 118001\n"
        "段错误\n",
        "failure", "other", id="zh-cn-segmentation-fault"),
    pytest.param(  # ... its bus error, /dev/shm's usual signal in a container
        "Started engine process with PID 1\n"
        "总线错误 (核心已转储)\n",
        "failure", "shm_too_small", id="zh-cn-bus-error"),
    pytest.param(  # an engine build run in the Triton image under its entrypoint's banner (a field-notes blog, GB10)
        "=============================\n"
        "== Triton Inference Server ==\n"
        "=============================\n"
        "NVIDIA Release 25.01 (build 138762432)\n"
        "Triton Server Version 2.54.0\n"
        "[TensorRT-LLM] TensorRT-LLM version: 0.17.0.post1\n"
        "[04/23/2026-17:14:20] [TRT-LLM] [I] Set gemm_plugin to fp8.\n"
        "+ trtllm-build --checkpoint_dir /ckpt --output_dir /engine --use_fp8_context_fmha enable\n"
        "terminate called after throwing an instance of 'tensorrt_llm::common::TllmException'\n"
        "  what():  [TensorRT-LLM][ERROR] Assertion failed: FP8 FMHA cannot be enabled except on Ada or Hopper or "
        "Blackwell Arch. (/workspace/tensorrt_llm/cpp/tensorrt_llm/common/attentionOp.cpp:2109)\n",
        "not_a_server_log", "gpu_arch_unsupported", id="trtllm-build-under-the-triton-images-banner"),
    pytest.param(  # a one-line import check from the shell (flash-attention#1644)
        "python -c 'import torch; import flash_attn_2_cuda as flash_attn_gpu'\n"
        "Traceback (most recent call last):\n"
        '  File "<string>", line 1, in <module>\n'
        "ImportError: /home/u/.local/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: "
        "undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationESs\n",
        "not_a_server_log", "other", id="python-c-import-check-is-a-program"),
    pytest.param(  # xFormers' FlashAttention-3 operator needs Hopper on any other GPU: no cause alone (xformers#1263)
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
        "`fa3F@0.0.0` is not supported because:\n"
        "    requires device with capability > (9, 0) but your GPU has capability (8, 9) (too old)\n"
        "`cutlassF-pt` is not supported because:\n"
        "    attn_bias.stride(-2) % 8 != 0 (attn_bias.stride() = (1984032, 248004, 498, 1))\n",
        "failure", "model_config", id="xformers-fa3-needs-hopper-is-no-cause"),
    pytest.param(  # Triton's compiler made invalid IR: a compiler bug, not a GPU too old (triton#10327)
        "error: operand #0 does not dominate this use\n"
        "RuntimeError: PassManager::run failed\n",
        "failure", "other", id="triton-ir-dominance-is-a-compiler-bug"),
    pytest.param(  # Triton's bare pass failure names no GPU
        "RuntimeError: PassManager::run failed\n",
        "failure", "other", id="triton-pass-failed-alone-names-no-gpu"),
    # round 251
    pytest.param(  # TGI logs a step that failed, then its traceback, cut before the exception (TGI#1695)
        "2024-04-02T17:31:23.524470Z ERROR text_generation_launcher: Decode cuda graph warmup failed\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/bin/text-generation-server", line 8, in <module>\n'
        "    sys.exit(app())\n",
        "incomplete", None, id="tgi-step-failed-heading-over-a-cut-traceback"),
    pytest.param(  # Azure Storage refuses the pod's identity the model's blobs (KAITO's docs)
        "azure.core.exceptions.HttpResponseError: This request is not authorized to perform this operation using "
        "this permission.\n"
        "ErrorCode:AuthorizationPermissionMismatch\n",
        "failure", "model_access", id="azure-blob-authorization-permission-mismatch"),
    pytest.param(  # TGI told --quantize awq for a layer without packed weights (TGI#2944)
        "RuntimeError: Cannot load `awq` weight, make sure the model is already quantized.\n",
        "failure", "model_config", id="tgi-weights-not-quantized"),
    pytest.param(  # vLLM's early speculative decoding and the Ray executor (vllm#3029)
        "AssertionError: Speculative decoding is not supported with Ray.\n",
        "failure", "model_config", id="vllm-spec-decode-not-supported-with-ray"),
    pytest.param(  # vLLM 0.5's chat code has no image placeholder for the model, relayed as a 400 (vllm#7017)
        '{"error":{"message":"Unknown model type: {model_type} (request id: 2024080114362169993116371613991)",'
        '"type":"upstream_error","param":"400","code":"bad_response_status_code"}}\n',
        "failure", "model_config", id="vllm-unknown-model-type-relayed"),
    pytest.param(  # an exception group's own line says tasks failed, not why; its sub-exception is cut (vllm#20440)
        "  | exceptiongroup.ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/usr/local/lib/python3.10/site-packages/starlette/responses.py", line 244, in stream_response\n'
        "    |     async for chunk in self.body_iterator:\n",
        "incomplete", None, id="exception-group-over-a-cut-sub-exception"),
    pytest.param(  # ... and its whole sub-exception is the failure
        "  | exceptiongroup.ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/app/x.py", line 3, in f\n'
        "    | torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity "
        "of 23.64 GiB of which 1.02 GiB is free.\n"
        "    +------------------------------------\n",
        "failure", "oom_weights", id="exception-group-names-its-sub-exception"),
    pytest.param(  # Mooncake Store's master run on its own is no inference server (Mooncake#229)
        "(inference) root@test:/mine# mooncake_master\n"
        "/root/miniconda3/envs/inference/lib/python3.12/site-packages/mooncake/mooncake_master: error while loading "
        "shared libraries: libetcd_wrapper.so: cannot open shared object file: No such file or directory\n",
        "not_a_server_log", "other", id="mooncake-master-is-a-program"),
    # round 252
    pytest.param(  # SGLang's loader keeps vLLM's wording, the path left out (Mooncake's E2E notes)
        "RuntimeError: Cannot find any model weights\n",
        "failure", "model_access", id="no-model-weights-bare"),
    pytest.param(  # an allocation past an exabyte is a size computed wrongly, not a GPU short of memory (nixl)
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate more than 1EB memory.\n",
        "failure", "other", id="oom-more-than-1eb-is-a-bad-size"),
    pytest.param(  # NIXL's perftest under torchrun is a test program (nixl tools/perf)
        "[rank35]:   File \"/work/nixl/tools/perf/sequential_custom_traffic_perftest.py\", line 76, in run\n"
        "[rank35]:     for tp in self.traffic_patterns:\n"
        "[rank35]: TypeError: 'TrafficPattern' object is not iterable\n",
        "not_a_server_log", "other", id="nixl-perftest-is-a-program"),
    pytest.param(  # vLLM's offline example run, its outputs between '-' * 50 lines (vllm#39232)
        "python3 examples/offline_inference/vision_language.py --model-type phi4_siglip\n"
        "--------------------------------------------------\n"
        "This image captures a breathtaking view of the Tokyo Skytree.\n"
        "--------------------------------------------------\n",
        "no_failure", None, id="vllm-offline-example-outputs"),
    pytest.param(  # ... a row of dashes with no example's command before it is no ready line
        "INFO 05-01 10:00:00 [api_server.py:1000] vLLM API server version 0.9.0\n"
        "--------------------------------------------------\n",
        "incomplete", None, id="dashes-alone-are-no-ready-line"),
    # round 253
    pytest.param(  # vLLM's MoE model class over a checkpoint with no expert layer (a Hugging Face discussion)
        "RuntimeError: No Qwen3Next layer found in the model.layers.\n",
        "failure", "model_config", id="vllm-moe-class-finds-no-moe-layer"),
    # session 18: a load client that imports the engine prints the engine's import-time lines (Mooncake's results)
    pytest.param(
        "+ python3 ../benchmark_serving.py --backend vllm --model Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4\n"
        "WARNING 11-06 15:06:13 cuda.py:22] You are using a deprecated `pynvml` package. Please install `nvidia-ml-py` "
        "instead.\n"
        "============ Serving Benchmark Result ============\n"
        "Successful requests:                     200\n",
        "not_a_server_log", None, id="load-client-report-under-engine-import-lines"),
    pytest.param(  # ... while a server's completed start beside such a report is the server's
        "INFO 05-01 10:00:00 [api_server.py:1000] vLLM API server version 0.9.0\n"
        "INFO:     Application startup complete.\n"
        "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
        "============ Serving Benchmark Result ============\n"
        "Successful requests:                     200\n",
        "no_failure", None, id="server-start-beside-a-load-client-report"),
    # session 18: pytest's report over the engine's own modules is a test's output (DeepGEMM#140, #153)
    pytest.param(
        "E       RuntimeError: Failed: Assertion error csrc/jit_kernels/impls/smxx_layout.hpp:136 'mn % 4 == 0'\n"
        "\n"
        "../../../vllm/utils/deep_gemm.py:111: RuntimeError\n",
        "not_a_server_log", "other", id="pytest-report-through-the-engines-modules"),
    pytest.param(  # ... a line the engine logs beside the report makes it the engine's (an in-process start under test)
        "(EngineCore_DP0 pid=3339204) INFO 10-09 00:54:01 [core.py:93] Initializing a V1 LLM engine (v0.11.0) with "
        "config: model='Qwen/Qwen3-8B'\n"
        "E       RuntimeError: Failed: Assertion error csrc/jit_kernels/impls/smxx_layout.hpp:136 'mn % 4 == 0'\n"
        "../../../vllm/utils/deep_gemm.py:111: RuntimeError\n",
        "failure", "other", id="engine-log-line-beside-a-pytest-report"),
    # session 18: trtllm-bench's usage error, under the lines its tensorrt_llm import prints (TensorRT-LLM#3583)
    pytest.param(
        "2025-04-15 16:03:38,167 - INFO - flashinfer.jit: Prebuilt kernels not found, using JIT backend\n"
        "[TensorRT-LLM] TensorRT-LLM version: 0.18.1\n"
        "Usage: trtllm-bench throughput [OPTIONS]\n"
        "Try 'trtllm-bench throughput --help' for help.\n"
        "\n"
        "Error: No such option: --ep (Possible options: --help, --pp, --tp)\n",
        "not_a_server_log", "model_config", id="trtllm-bench-usage-error-is-the-programs"),
    # session 19, round 254
    pytest.param(  # a Go panic after Ollama's runner started: the runner crashed on a request (ollama/ollama#13402)
        'time=2025-12-10T01:05:16.820Z level=INFO source=server.go:1332 msg="llama runner started in 0.55 seconds"\n'
        "panic: caching disabled but unable to fit entire input in a batch\n"
        "\n"
        "goroutine 8 [running]:\n"
        "github.com/ollama/ollama/runner/ollamarunner.(*Server).computeBatch(0xc00021d0e0)\n"
        "        github.com/ollama/ollama/runner/ollamarunner/runner.go:707 +0x1ac5\n"
        '[GIN] 2025/12/10 - 01:05:16 | 400 |  662.671261ms |       127.0.0.1 | POST     "/v1/embeddings"\n',
        "failure", "other", id="go-panic-after-the-runner-started"),
    pytest.param(  # ... a message that quotes a panic is no panic of its own: the start that completed stands
        'time=2025-12-10T01:05:16.820Z level=INFO source=server.go:1332 msg="llama runner started in 0.55 seconds"\n'
        'time=2025-12-10T01:05:17.000Z level=INFO source=routes.go:1 msg="request done" note="no panic: all good"\n',
        "no_failure", None, id="quoted-panic-word-is-no-go-panic"),
    pytest.param(  # CUTLASS's CUTLASS_NOT_IMPLEMENTED for an FP8 MMA the build lacks (vllm-project/vllm#12769)
        "void cutlass::arch::Mma<cutlass::gemm::GemmShape<16, 8, 32>, 32, cutlass::float_e4m3_t, "
        "cutlass::layout::RowMajor, cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, float, "
        "cutlass::layout::RowMajor, Operator_>::operator()(cutlass::Array<float, 4, true> &, "
        "const cutlass::Array<cutlass::float_e4m3_t, 16, false> &, const cutlass::Array<cutlass::float_e4m3_t, 8, false> &, "
        "const cutlass::Array<float, 4, true> &) const [with Operator_ = cutlass::arch::OpMultiplyAddFastAccum] not implemented\n"
        "WARNING 02-04 23:28:20 model_runner_base.py:143] Failed to pickle inputs of failed execution: CUDA error: "
        "unspecified launch failure\n",
        "failure", "gpu_arch_unsupported", id="cutlass-mma-not-implemented"),
    pytest.param(  # llama.cpp's CUDA RoPE asked to shift a quantized K cache (ggml-org/llama.cpp#7230)
        "GGML_ASSERT: D:\\a\\llama.cpp\\llama.cpp\\ggml-cuda\\rope.cu:238: src0->type == GGML_TYPE_F32 || "
        "src0->type == GGML_TYPE_F16\n",
        "failure", "model_config", id="llamacpp-rope-on-quantized-k-cache"),
    pytest.param(  # a Ray worker's segfault whose PC is in NCCL's proxy (vllm-project/vllm#17770)
        "(RayWorkerWrapper pid=2191173, ip=10.52.51.232) *** SIGSEGV received at time=1746566409 on cpu 131 ***\n"
        "(RayWorkerWrapper pid=2191173, ip=10.52.51.232) PC: @     0x7fcfcd849b8a  (unknown)  addProxyOpIfNeeded()\n"
        "(RayWorkerWrapper pid=2191173, ip=10.52.51.232)     @     0x7ffff7c9e520  267994832  (unknown)\n",
        "failure", "nccl_comm", id="segfault-in-nccl-proxy"),
    pytest.param(  # vLLM 0.8's executor wrapper, spelled 'MulitprocExecutor got ...', with no worker's cause (vllm#16197)
        "(VllmWorker rank=2 pid=16683) Process SpawnProcess-1:3:\n"
        "CRITICAL 04-07 19:40:15 [multiproc_executor.py:49] MulitprocExecutor got fatal signal from worker processes, "
        "shutting down. See stack trace above for root cause issue.\n",
        "incomplete", None, id="multiproc-executor-wrapper-alone"),
    pytest.param(  # Open MPI's banner under tritonserver, cut before its cause (tensorrtllm_backend#553)
        'I0801 06:26:01.861464 2033 model_lifecycle.cc:838] "successfully loaded \'postprocessing\'"\n'
        "--------------------------------------------------------------------------\n"
        "It looks like orte_init failed for some reason; your parallel process is\n"
        "likely to abort.  There are many reasons that a parallel process can\n"
        "fail during orte_init; some of which are due to configuration or\n",
        "incomplete", None, id="open-mpi-banner-cut-under-a-server"),
    pytest.param(  # ... with its last lines, the step that failed is the cause (tensorrtllm_backend#712)
        'I0801 06:26:01.861464 2033 model_lifecycle.cc:838] "successfully loaded \'postprocessing\'"\n'
        "It looks like orte_init failed for some reason; your parallel process is\n"
        "likely to abort.  There are many reasons that a parallel process can\n"
        "fail during orte_init; some of which are due to configuration or\n"
        "environment problems.  This failure appears to be an internal failure;\n"
        "\n"
        "  getting local rank failed\n"
        "  --> Returned value No permission (-17) instead of ORTE_SUCCESS\n",
        "failure", "other", id="open-mpi-banner-with-its-cause"),
    pytest.param(  # ... and on its own, any MPI program's: no server's start (TensorRT-LLM#2801)
        "It looks like opal_init failed for some reason; your parallel process is\n"
        "likely to abort.  There are many reasons that a parallel process can\n",
        "not_a_server_log", None, id="open-mpi-banner-alone"),
    pytest.param(  # llama-cli.exe of a Windows build on a GGUF cut short (ollama/ollama#6228)
        'llama-cli.exe -m models\\gemma-1.1-7b-it.Q4_K_M.gguf --prompt "Once upon a time"\n'
        "llama_model_load: error loading model: tensor 'blk.2.ffn_down.weight' data is not within the file bounds, "
        "model is corrupted or incomplete\n"
        "main: error: unable to load model\n",
        "not_a_server_log", "model_access", id="llama-cli-exe-gguf-out-of-file-bounds"),
    # round 255
    pytest.param(  # vllm-omni's pure-diffusion API server, its routes listed (vllm-project/vllm-omni#4165)
        "(APIServer pid=32586) INFO 06-05 06:52:38 [api_server.py:739] Pure diffusion API server initialized for model: "
        "black-forest-labs/FLUX.2-dev\n"
        "(APIServer pid=32586) INFO 06-05 06:52:38 [api_server.py:472] Starting vLLM API server (pure diffusion mode) on "
        "http://127.0.0.1:43321\n"
        "(APIServer pid=32586) INFO 06-05 06:52:38 [launcher.py:37] Available routes are:\n",
        "no_failure", None, id="vllm-omni-pure-diffusion-server-up"),
    pytest.param(  # SGLang Diffusion's offline run to its end (sgl-project/sglang#16219)
        "CUDA_VISIBLE_DEVICES=6,7 sglang generate --prompt='A cat' --model-path=black-forest-labs/FLUX.2-dev --tp-size 2\n"
        "[01-03 05:03:03] Pixel data generated successfully in 22.76 seconds\n"
        "[01-03 05:03:03] Completed batch processing. Generated 1 outputs in 22.76 seconds\n",
        "no_failure", None, id="sglang-diffusion-batch-done"),
    pytest.param(  # vllm-omni's stage layout needing more GPUs than are visible (vllm-project/vllm-omni#2025)
        "(APIServer pid=543361) RuntimeError: Orchestrator initialization failed: Stage 0 requires 4 devices, but only "
        "2 devices are visible\n",
        "failure", "no_gpu_visible", id="omni-stage-needs-more-gpus"),
    pytest.param(  # minja's error for a template's method, relayed by a client (QwenLM/qwen-code#48)
        "│ ✖  OpenAI API Streaming Error: 500 Unknown method: keys at row 57, column 46:          │\n"
        "│                {%- set handled_keys = ['type', 'description', 'enum', 'required'] %}   │\n",
        "failure", "model_config", id="minja-unknown-method-relayed"),
    # round 256
    pytest.param(  # llama.cpp's CLIP loader without the projector's tensors, at LocalAI's DBG level (OpenBMB/MiniCPM-V#114)
        "8:31PM DBG GRPC(minicpm-v2-f16.gguf-127.0.0.1:33079): stderr key clip.vision.image_crop_resolution not found in file\n"
        "8:31PM DBG GRPC(minicpm-v2-f16.gguf-127.0.0.1:33079): stderr clip_model_load: failed to load vision model tensors\n",
        "failure", "model_config", id="clip-vision-tensors-unloadable"),
    pytest.param(  # TGI's 2023 router reading the Hub's error body as model info (huggingface/text-generation-inference#289)
        "2023-05-10T08:37:09.551497Z  INFO text_generation_launcher: Starting shard 0\n"
        "thread 'main' panicked at 'unable to parse model info: Error(\"missing field `id`\", line: 1, column: 41)', "
        "router/src/main.rs:276:39\n",
        "failure", "model_access", id="tgi-router-model-info-missing-id"),
    pytest.param(  # Megatron-Core's inference server up (NVIDIA/Megatron-LM examples/inference)
        "INFO:root:Inference co-ordinator is ready to receive requests!\n"
        "INFO:hypercorn.error:Running on http://0.0.0.0:5000 (CTRL + C to quit)\n",
        "no_failure", None, id="megatron-inference-coordinator-ready"),
    # round 257
    pytest.param(  # a V1 engine core built in-process before vLLM's process tags, then the script's results (FlagScale)
        "INFO 11-11 10:37:00 [core.py:71] Initializing a V1 LLM engine (v0.10.1.dev0) with config: model='/data/m'\n"
        "INFO 11-11 10:37:11 [core.py:193] init engine (profile, create kv cache, warmup model) took 2.72 seconds\n"
        "Benchmark Results\nThroughput: 26.60 tokens/s\n",
        "no_failure", None, id="untagged-v1-engine-built-in-process"),
    pytest.param(  # ... the same line under a server's front end: its API process still has to start
        "INFO 11-11 10:36:55 [api_server.py:1805] vLLM API server version 0.10.1\n"
        "INFO 11-11 10:37:00 [core.py:71] Initializing a V1 LLM engine (v0.10.1.dev0) with config: model='/data/m'\n"
        "INFO 11-11 10:37:11 [core.py:193] init engine (profile, create kv cache, warmup model) took 2.72 seconds\n",
        "incomplete", None, id="untagged-v1-engine-built-under-a-server"),
    # round 258
    pytest.param(  # an attention backend that needs another page size (local-inference-lab/rtx6kpro, SGLang's b12x)
        "ValueError: b12x attention backend requires page_size=64, got 1\n",
        "failure", "model_config", id="attention-backend-page-size"),
    # round 259
    pytest.param(  # a capitalised level in brackets is a level: its failure words are a warning's (modelscope/dash-infer)
        "INFO 11-11 10:37:00 [model_loader.py:1] Loading weights on cuda:0\n"
        "[Warning]Model loader: failed to parse JSON file: 'qwen/Qwen2.5-1.5B-Instruct/tokenizer.json' to get "
        "tokenizer type, using default\n",
        "incomplete", None, id="bracketed-capitalised-warning-is-quiet"),
    # round 261
    pytest.param(  # vLLM-Omni's offline diffusion engine up (vllm-project/vllm-omni, omni_diffusion.py)
        "INFO 12-17 09:22:16 [gpu_worker.py:86] Worker 0: Model loaded successfully.\n"
        "INFO 12-17 09:22:16 [omni_diffusion.py:114] OmniDiffusion initialized: model=models/Qwen-Image-Edit, "
        "class=QwenImageEditPipeline, init_ms=36702.19\n",
        "no_failure", None, id="omni-offline-diffusion-initialized"),
    pytest.param(  # ... under an API server's front end it is no end: the HTTP server still has to start
        "(APIServer pid=7) INFO 12-17 09:21:00 [api_server.py:1805] vLLM API server version 0.12.0\n"
        "INFO 12-17 09:22:16 [omni_diffusion.py:114] OmniDiffusion initialized: model=models/Qwen-Image-Edit, "
        "class=QwenImageEditPipeline, init_ms=36702.19\n",
        "incomplete", None, id="omni-diffusion-initialized-under-a-server"),
    # round 262
    pytest.param(  # llama-server's KV cache full while serving, after its ready line (0x7067/rtx3090-llm-lab)
        "1.06.616.591 I srv  llama_server: listening on http://127.0.0.1:18089\n"
        "4.23.243.514 W srv        decode: failed to find free space in the KV cache, retrying with smaller batch "
        "size, off = 0, n_batch = 256, ret = 1\n"
        "4.23.400.577 E srv    send_error: task id = 1, error: got exception: speculative batch index 64 is not "
        "inside the current sub-batch [0, 64)\n"
        "4.23.400.581 I slot      release: id  0 | task 1 | stop processing: n_tokens = 75784, truncated = 0\n",
        "failure", "kv_cache_insufficient", id="llamacpp-kv-cache-full-after-ready"),
    pytest.param(  # Python 3.9's socket.timeout ending a worker's traceback in urllib3 (vllm-project/vllm#10886)
        "(RayWorkerWrapper pid=11613, ip=11.46.89.2) ERROR 12-07 20:30:45 worker_base.py:480] Error executing "
        "method load_model. This might cause deadlock in distributed execution.\n"
        "(RayWorkerWrapper pid=11613, ip=11.46.89.2) ERROR 12-07 20:30:45 worker_base.py:480] Traceback (most "
        "recent call last):\n"
        '(RayWorkerWrapper pid=11613, ip=11.46.89.2) ERROR 12-07 20:30:45 worker_base.py:480]   File "/env/lib/'
        'python3.9/site-packages/urllib3/util/connection.py", line 73, in create_connection\n'
        "(RayWorkerWrapper pid=11613, ip=11.46.89.2) ERROR 12-07 20:30:45 worker_base.py:480]     "
        "sock.connect(sa)\n"
        "(RayWorkerWrapper pid=11613, ip=11.46.89.2) ERROR 12-07 20:30:45 worker_base.py:480] socket.timeout: "
        "timed out\n",
        "failure", "model_access", id="socket-timeout-in-urllib3-fetching-the-model"),
    pytest.param(  # pydantic's header over vLLM's inspection wrapper, under a process tag: the subprocess's
        # ImportError is the cause (jethac/dgx-spark-hijinks, a vLLM build without its flash-attention extension)
        "(APIServer pid=1) ERROR 06-10 23:08:47 [registry.py:963] Error in inspecting model architecture "
        "'Gemma4ForConditionalGeneration'\n"
        "(APIServer pid=1) ERROR 06-10 23:08:47 [registry.py:963] RuntimeError: Error raised in subprocess:\n"
        "(APIServer pid=1) ERROR 06-10 23:08:47 [registry.py:963] Traceback (most recent call last):\n"
        '(APIServer pid=1) ERROR 06-10 23:08:47 [registry.py:963]   File "/usr/local/lib/python3.12/site-packages/'
        'vllm/vllm_flash_attn/__init__.py", line 14, in <module>\n'
        "(APIServer pid=1) ERROR 06-10 23:08:47 [registry.py:963] ImportError: vllm.vllm_flash_attn requires the "
        "CUDA flash attention extensions (_vllm_fa2_C or _vllm_fa3_C). On ROCm, use upstream flash_attn.\n"
        "(APIServer pid=1) Traceback (most recent call last):\n"
        '(APIServer pid=1)   File "/usr/local/lib/python3.12/site-packages/pydantic/_internal/_dataclasses.py", '
        "line 121, in __init__\n"
        "(APIServer pid=1)     s.__pydantic_validator__.validate_python(ArgsKwargs(args, kwargs), self_instance=s)\n"
        "(APIServer pid=1) pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n"
        "(APIServer pid=1)   Value error, Model architectures ['Gemma4ForConditionalGeneration'] failed to be "
        "inspected. Please check the logs for more details. [type=value_error, input_value=ArgsKwargs((), {}), "
        "input_type=ArgsKwargs]\n",
        "failure", "other", id="inspection-wrapper-under-a-process-tag-its-subprocess-cause"),
    # rounds 263-264
    pytest.param(  # a KV cache option not supported for the model is a configuration (noonghunna/qwen36-27b-single-3090)
        "NotImplementedError: TurboQuant KV cache is not supported for hybrid\n"
        "(attention + Mamba) models. Boundary layer protection requires uniform\nattention layers.\n",
        "failure", "model_config", id="kv-cache-dtype-not-supported-is-config"),
    pytest.param(  # asyncio's never-retrieved task quoting pyzmq's error on a closed socket, then vLLM's wrapper
        "Task exception was never retrieved\n"
        "future: <Task finished name='Task-2' coro=<MQLLMEngineClient.run_output_handler_loop() done, defined at "
        "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/client.py:178> "
        "exception=ZMQError('Operation not supported')>\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/zmq/_future.py", line 400, in poll\n'
        "    raise _zmq.ZMQError(_zmq.ENOTSUP)\n"
        "zmq.error.ZMQError: Operation not supported\n"
        "RuntimeError: Engine process failed to start. See stack trace for the root cause.\n",
        "incomplete", None, id="zmq-closed-socket-quotes-no-cause"),
    pytest.param(  # LightLLM's HTTP server up (ModelTC/LightLLM api_http.py)
        "INFO 06-24 21:56:43 [api_http.py:326] server start up\n"
        "INFO 06-24 21:56:43 [api_http.py:330] server start up ok, loop use is <uvloop.Loop running=True "
        "closed=False debug=False>\n",
        "no_failure", None, id="lightllm-server-start-up-ok"),
    pytest.param(  # a benchmark client's PASS/FAIL table: a task's exception is no failure (luongnv89/dgx-spark-llm-lab)
        "endpoint=http://localhost:8001/v1 model=montimage-dgx-spark tasks=28 samples=2 concurrency=4\n"
        "  PASS  two_sum            s1    96tok 2.6s 36.4tok/s\n"
        "  FAIL  regex_match        s0   373tok 10.0s 37.3tok/s  <IndexError: string index out of range>\n",
        "not_a_server_log", None, id="client-pass-fail-report-task-exception"),
    # round 265
    pytest.param(  # vLLM's data-parallel rank beyond the GPUs the pod was given (llm-d-incubation/llm-d-planner)
        "(EngineCore_DP1 pid=301) ERROR 04-22 01:41:58 [v1/executor/multiproc_executor.py:857] AssertionError: DP "
        "adjusted local rank 1 is out of bounds.\n",
        "failure", "no_gpu_visible", id="dp-local-rank-out-of-bounds"),
    # round 266
    pytest.param(  # TVM FFI's optional DLPack extension warning, then the in-process engine's prompts done
        "(Worker_TP0 pid=2530259) /usr/local/lib/python3.12/dist-packages/tvm_ffi/_optional_torch_c_dlpack.py:559: "
        "UserWarning: Failed to load torch c dlpack extension: CUDA_HOME environment variable is not set. Please set "
        "it to your CUDA install root.\n"
        "(Worker_TP0 pid=2530259)   warnings.warn(\n"
        "Processed prompts: 100%|##########| 2/2 [00:03<00:00,  1.73s/it, est. speed input: 28.64 toks/s, output: "
        "40.79 toks/s]\n",
        "no_failure", None, id="tvm-ffi-optional-dlpack-warning-is-benign"),
    # round 267
    pytest.param(  # vLLM's bench serve report: a zero count of failed requests is no failure (wentao274's H100 run)
        "INFO 03-25 11:19:51 [datasets.py:612] Sampling input_len from [10240, 10240] and output_len from [256, 256]\n"
        "============ Serving Benchmark Result ============\n"
        "Successful requests:                     320       \n"
        "Failed requests:                         0         \n",
        "not_a_server_log", None, id="bench-report-zero-failed-requests"),
    pytest.param(  # a test harness relaying a server's 500 with no cause (jasl/vllm-ds4-sm120-harness)
        "- Status: FAIL\n"
        "- Check: request failed: RuntimeError('request failed after 2 attempts: RuntimeError(\\'http://127.0.0.1:8000/"
        "v1/chat/completions returned HTTP 500: {\"error\":{\"message\":\"EngineCore encountered an issue. See stack "
        "trace (above) for the root cause.\"}}\\')')\n",
        "not_a_server_log", None, id="client-url-returned-http-500"),
    pytest.param(  # kubernetes-sigs/inference-perf's own logger: a load client
        "2025-08-25 07:47:26,589 - inference_perf.config - INFO - Using configuration from: config.yml\n"
        "server:\n  type: sglang\n  model_name: HuggingFaceTB/SmolLM2-135M-Instruct\n"
        "2025-08-25 07:49:02,100 - inference_perf.loadgen.load_generator - INFO - Stage 0 - run completed\n",
        "not_a_server_log", None, id="inference-perf-load-client"),
    # round 268
    pytest.param(  # DeepGEMM's MXFP4 grouped GEMM asserts Blackwell on a Hopper (sgl-project/sglang#35557)
        "Capture cuda graph failed: Assertion error\n"
        "(/deepgemm/csrc/apis/../jit_kernels/impls/../heuristics/../../utils/layout.hpp:57):\n"
        "ab.scalar_type() == kPackedFP4 and arch_major == 10\n",
        "failure", "gpu_arch_unsupported", id="deepgemm-asserts-arch-major"),
    pytest.param(  # ptxas refusing a JIT kernel's static shared memory: the library's bug (sgl-project/sglang#25484)
        "sglang  | NVCC compilation failed: ptxas error   : Entry function '_ZN9deep_gemm5sched30smxx_paged_mqa_logits_"
        "metadataILj12896ELj256ELj78EEEvjjbPKjPj' uses too much shared data (0xc980 bytes, 0xc000 max)\n",
        "failure", "other", id="ptxas-too-much-shared-data"),
    pytest.param(  # vLLM's weight loader, the class name wrapped onto the next line (vllm-project/vllm#51842)
        "ValueError: There is no module or parameter named 'k_proj' in\n"
        "MiniCPMV4_6ViTWindowAttentionSelfAttn. The available parameters belonging to\n"
        "(MiniCPMV4_6ViTWindowAttentionSelfAttn) are:\n",
        "failure", "model_config", id="no-module-or-parameter-wrapped"),
    pytest.param(  # DeepEP's dispatch waiting on a peer across nodes (vllm-project/vllm#46509)
        "[pod/wide-ep-llm-d-prefill-0/vllm] (Worker_DP7_EP7 pid=4757) RuntimeError: DeepEP error: timeout "
        "(dispatch CPU)\n",
        "failure", "nccl_comm", id="deepep-dispatch-timeout"),
    pytest.param(  # Ray Serve: replicas waiting for the autoscaler, then the application ready (anyscale/templates)
        "INFO 2025-05-19 09:42:12,805 serve 8988 -- Started Serve in namespace \"serve\".\n"
        "(ServeController pid=12094) WARNING 2025-05-19 09:42:43,001 controller 12094 -- Deployment "
        "'LLMDeployment:Qwen--Qwen2_5-32B-Instruct' in application 'default' has 1 replicas that have taken more than "
        "30s to be scheduled. This may be due to waiting for the cluster to auto-scale or for a runtime environment to "
        "be installed. Resources required for each replica: [{\"CPU\": 1.0}, {\"GPU\": 1.0}], total resources "
        "available: {}. Use `ray status` for more details.\n"
        "(_EngineBackgroundProcess pid=4800, ip=10.0.2.213) INFO 05-19 09:45:50 [loader.py:458] Loading weights "
        "took 120.04 seconds\n"
        "INFO 2025-05-19 09:46:26,426 serve 8988 -- Application 'default' is ready at http://127.0.0.1:8000/.\n",
        "no_failure", None, id="ray-serve-replica-waited-then-ready"),
    pytest.param(  # the same wait with no ready line after it: the replica never got its GPUs
        "(ServeController pid=12094) WARNING 2025-05-19 09:42:43,001 controller 12094 -- Deployment "
        "'LLMDeployment:Qwen' in application 'default' has 1 replicas that have taken more than 30s to be "
        "scheduled. Resources required for each replica: [{\"GPU\": 1.0}], total resources available: {}.\n",
        "failure", "no_gpu_visible", id="ray-serve-replica-never-scheduled"),
    # round 269
    pytest.param(  # FastDeploy's own logger as its API server starts, nothing after it (PaddlePaddle/FastDeploy#4986)
        "INFO     2025-11-12 10:01:15,257 524   api_server.py[line:86] Number of api-server workers: 1.\n"
        "[2025-11-12 10:01:15,263] [    INFO] - Loading configuration file /models/ERNIE-4.5-VL/config.json\n",
        "incomplete", None, id="fastdeploy-api-server-still-starting"),
    pytest.param(  # llama.cpp's physical batch smaller than an image's tokens (4everWZ/jetson-vlm-lab)
        "GGML_ASSERT((cparams.causal_attn || cparams.n_ubatch >= n_tokens_all) && \"non-causal attention requires "
        "n_ubatch >= n_tokens\") failed\n",
        "failure", "model_config", id="llamacpp-ubatch-below-an-images-tokens"),
    # round 270
    pytest.param(  # TensorRT-LLM's check_cuda_error wording of a kernel with no code for this GPU (NVIDIA/TensorRT-LLM#775)
        "RuntimeError: [TensorRT-LLM][ERROR] CUDA runtime error in cub::DeviceSegmentedRadixSort::SortPairsDescending("
        "nullptr, cub_temp_storage_size, log_probs, (T*) nullptr, id_vals, (int*) nullptr, vocab_size * batch_size, "
        "batch_size, begin_offset_buf, offset_buf + 1, 0, sizeof(T) * 8, stream): invalid device function "
        "(/code/tekit/cpp/tensorrt_llm/kernels/samplingTopPKernels.cu:1077)\n",
        "failure", "gpu_arch_unsupported", id="trtllm-cuda-runtime-error-invalid-device-function"),
    pytest.param(  # a SmoothQuant engine on a V100 (NVIDIA/TensorRT-LLM#348)
        "terminate called after throwing an instance of 'tensorrt_llm::common::TllmException'\n"
        "  what():  [TensorRT-LLM][ERROR] Assertion failed: No valid SQ GEMM tactic (/workspace/TensorRT-LLM/cpp/"
        "tensorrt_llm/plugins/smoothQuantGemmPlugin/smoothQuantGemmPlugin.cpp:242)\n",
        "failure", "gpu_arch_unsupported", id="trtllm-no-valid-sq-gemm-tactic"),
    pytest.param(  # a model repository Triton cannot stat: a malformed S3 URL (triton-inference-server/server#5341)
        "I0209 10:14:00.000000 1 server.cc:264] Waiting for in-flight requests to complete.\n"
        "error: creating server: Internal - failed to stat file  s3://https://URL/triton-model-repository\n",
        "failure", "model_access", id="triton-repository-it-cannot-stat"),
    pytest.param(  # DeepGEMM without a scale-factor layout for an RTX 5090 (vllm-project/vllm#51884, #47436)
        "RuntimeError: Assertion error (/workspace/.deps/deepgemm-src/csrc/apis/layout.hpp:60): Unknown SF "
        "transformation\n",
        "failure", "gpu_arch_unsupported", id="deepgemm-unknown-sf-transformation"),
    pytest.param(  # a checkpoint tensor the loader lacks, the key's quotes lost in a re-hosted thread (vllm#38980)
        "KeyError: layers.28.mlp.experts.w2_weight_quantizer._double_scale\n",
        "failure", "model_config", id="weight-name-keyerror-unquoted"),
    pytest.param(  # the executor's shutdown cancelling a call on a dead worker: a wrapper (vllm-project/vllm#27194)
        "vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue.\n"
        "(EngineCore_DP0 pid=559) ERROR 10-20 03:20:46 [multiproc_executor.py:149]\n"
        "  Worker proc VllmWorker-7 died unexpectedly, shutting down executor.\n"
        "RuntimeError: cancelled\n",
        "incomplete", None, id="vllm-executor-cancelled-after-worker-death"),
    pytest.param(  # a launcher's bash reporting its background llama-server aborted, no message (miminashi/llm-server-ops)
        "[start_phaseU6] /health OK after 4*5s (elapsed=21s)\n"
        "bash: line 1: 1438451 Aborted                 (core dumped) nohup bash -c \"./build/bin/llama-server "
        "-m /models/q.gguf --port 8000\" > /tmp/llama-server.log 2>&1\n",
        "incomplete", None, id="bash-job-status-aborted-no-message"),
    pytest.param(  # xformers' Triton probe logged with its caught traceback, then the engine started (round 273)
        "/tmp/ipykernel_88/1093818416.py:2: DeprecationWarning: the notebook cell's own warning\n"
        "INFO 09-12 09:06:54 llm_engine.py:232] Initializing an LLM engine (v0.6.1) with config: model='m'\n"
        "WARNING:xformers:A matching Triton is not available, some optimizations will not be enabled\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.10/dist-packages/xformers/__init__.py", line 57, in _is_triton_available\n'
        "    import triton  # noqa\n"
        "ModuleNotFoundError: No module named 'triton'\n"
        "INFO 09-12 09:07:13 model_runner.py:1008] Loading model weights took 23.6259 GB\n"
        "INFO 09-12 09:07:16 gpu_executor.py:122] # GPU blocks: 4499, # CPU blocks: 1638\n"
        "INFO 09-12 09:07:44 model_runner.py:1428] Graph capturing finished in 25 secs.\n",
        "no_failure", None, id="xformers-triton-probe-caught-traceback"),
    # session 23: in-process engines under the written convention (a blind pair agreed on 107 of 108 logs)
    pytest.param(  # Colab's missing-secret warning: the notebook around vLLM's V0 engine (round 266)
        "The secret `HF_TOKEN` does not exist in your Colab secrets.\n"
        "INFO 09-20 10:01:02 llm_engine.py:223] Initializing an LLM engine (v0.6.1.post2) with config: model='m'\n"
        "INFO 09-20 10:01:40 model_runner.py:1335] Graph capturing finished in 23 secs.\n",
        "no_failure", None, id="colab-secret-warning-then-v0-engine-built"),
    pytest.param(  # SGLang's offline Engine in a Jupyter cell: tqdm's IProgress warning, then its memory pool (round 267)
        "/u/.local/lib/python3.10/site-packages/tqdm/auto.py:21: TqdmWarning: IProgress not found. Please update "
        "jupyter and ipywidgets. See https://ipywidgets.readthedocs.io/en/stable/user_install.html\n"
        "[2025-02-13 19:38:21 TP0] Capture cuda graph end. Time elapsed: 6.27 s\n"
        "[2025-02-13 19:38:21 TP0] max_total_num_tokens=910891, chunked_prefill_size=8192, max_prefill_tokens=16384, "
        "max_running_requests=3559, context_len=131072\n",
        "no_failure", None, id="sglang-offline-engine-in-a-notebook"),
    pytest.param(  # the same memory pool with nothing around it: a server's excerpt cut before it listens
        "[2025-02-13 19:38:21 TP0] Capture cuda graph end. Time elapsed: 6.27 s\n"
        "[2025-02-13 19:38:21 TP0] max_total_num_tokens=910891, chunked_prefill_size=8192, max_prefill_tokens=16384, "
        "max_running_requests=3559, context_len=131072\n",
        "incomplete", None, id="sglang-memory-pool-alone-is-not-judged"),
    pytest.param(  # mistral.rs refusing a model class its release does not implement (round 274: mistral.rs#1726)
        "mistralrs-server --port 1234 run -m ibm-granite/granite-4.0-1b\n"
        "Error: Unsupported Hugging Face Transformers -CausalLM model class `GraniteMoeHybridForCausalLM`. "
        "Please raise an issue.\n",
        "failure", "model_config", id="mistralrs-unsupported-model-class"),
    pytest.param(  # a notebook cell's warning alone records the notebook, no server line: nothing of a server
        "<ipython-input-4-0d5a6f1c2b3e>:3: DeprecationWarning: the cell's own warning\n",
        "not_a_server_log", None, id="notebook-cell-warning-alone-is-no-server-line"),
    pytest.param(  # the script's generation below vLLM's engine end: the end completed an in-process start (round 275)
        "INFO 05-23 03:49:58 [core.py:61] Initializing a V1 LLM engine (v0.8.5.post1) with config: model='m'\n"
        "INFO 05-23 03:50:16 [core.py:159] init engine (profile, create kv cache, warmup model) took 5.56 seconds\n"
        "INFO 05-23 03:50:16 [core_client.py:439] Core engine process 0 ready.\n"
        "Processed prompts:   0%|          | 0/1 [00:00<?, ?it/s, est. speed input: 0.00 toks/s, output: 0.00 toks/s]\n"
        "Generated Text: Possible answers:\n",
        "no_failure", None, id="vllm-generation-below-the-engine-end"),
    pytest.param(  # zsh's wording of a program it cannot find (round 275: a committed vllm.log)
        "zsh: command not found: vllm\n",
        "failure", "other", id="zsh-server-command-not-found"),
    pytest.param(  # the CUDA images' banner alone, the server still loading (kserve/kserve#2755; a blind pair: incomplete)
        "WARNING: The NVIDIA Driver was not detected. GPU functionality will not be available.\n"
        "Use Docker with NVIDIA Container Toolkit to start this container; see\n"
        "I0313 11:41:02.852973 1 libtorch.cc:1030] TRITONBACKEND_Initialize: pytorch\n",
        "incomplete", None, id="cuda-image-no-driver-banner-alone"),
    pytest.param(  # the banner, Triton's pinned-memory error 35 (it goes on without the pool), a repository error
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
        "W0605 06:26:38.147148 1 pinned_memory_manager.cc:236] Unable to allocate pinned system memory, pinned "
        "memory pool will not be available: CUDA driver version is insufficient for CUDA runtime version\n"
        "error: creating server: Internal - failed to stat file /Users/me/models\n",
        "failure", "model_access", id="cuda-image-no-driver-banner-then-repository-error"),
    pytest.param(  # the banner and Triton's pinned-memory error 35 alone: Triton goes on without the pool (triton#1203)
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
        "E0319 13:20:57.082452 1 pinned_memory_manager.cc:194] failed to allocate pinned system memory: CUDA driver "
        "version is insufficient for CUDA runtime version\n"
        "I0319 13:20:57.082531 1 cuda_memory_manager.cc:103] CUDA memory pool disabled\n",
        "incomplete", None, id="cuda-image-no-driver-banner-triton-pinned-memory-goes-on"),
    pytest.param(  # the banner, then torch refusing: the container has no driver, the start failed
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
        "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
        "installed a driver from http://www.nvidia.com/Download/index.aspx\n",
        "failure", "no_gpu_visible", id="cuda-image-no-driver-banner-then-torch-refuses"),
    pytest.param(  # the NGC entrypoint's find as a user other than root (kserve/kserve#2755): no failure of its own
        "find: '/usr/lib/ssl/private': Permission denied\n"
        "I0313 11:41:02.852973 1 libtorch.cc:1030] TRITONBACKEND_Initialize: pytorch\n",
        "incomplete", None, id="ngc-entrypoint-ssl-private-find"),
]


@pytest.mark.parametrize(("text", "status", "cls"), CASES)
def test_wording(tmp_path, text, status, cls):
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls if d.primary else None) == (status, cls), d.status_message


def test_collect_envs_torch_warning_is_the_reports_own(tmp_path):
    """Round 158: vLLM's collect_env imports torch, whose capability warning it prints first: the
    report is still an environment report, not a server's log."""
    d = diagnose(write_log(tmp_path, (
        "Collecting environment information...\n"
        "/home/u/vllm/.venv/lib/python3.12/site-packages/torch/cuda/__init__.py:283: UserWarning: \n"
        "    Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.\n"
        "  warnings.warn(\n"
        "PyTorch version              : 2.9.1+cu129\n"
        "Is CUDA available            : True\n")))
    assert d.status == "not_a_server_log" and "environment report" in d.status_message, d.status_message


def test_check_envs_torch_build_lines_are_the_reports_own(tmp_path):
    """Round 160: LMDeploy's check_env prints torch's build configuration ('CUDA Runtime 12.1', its
    bullets lost in a paste): still the report's lines, not a server's."""
    d = diagnose(write_log(tmp_path, (
        "sys.platform: linux\n"
        "CUDA available: True\n"
        "GPU 0: NVIDIA GeForce RTX 4090\n"
        "PyTorch: 2.2.2+cu121\n"
        "PyTorch compiling details: PyTorch built with:\n"
        "GCC 9.3\n"
        "CUDA Runtime 12.1\n"
        "CuDNN 8.9.2\n")))
    assert d.status == "not_a_server_log" and "environment report" in d.status_message, d.status_message


def test_xinferences_engine_that_cannot_run_the_model_names_both_causes(tmp_path):
    """Round 157: Xinference's "Model NAME cannot be run on engine ENGINE." is read as what it is (an
    engine missing from the environment, or one that does not list the model), not an unexplained
    exception; its class stays round 123's label (other, image_build)."""
    d = diagnose(write_log(tmp_path, "ValueError: Model bge-m3 cannot be run on engine sentence_transformers.\n"))
    assert d.primary is not None and d.primary.signature == "xinf.engine_cannot_run_model"
    assert (d.primary.cls, d.primary.layer) == ("other", "image_build")
    assert any("--model-engine" in step for step in d.primary.next_steps)


def test_a_bare_exception_ends_its_traceback(tmp_path):
    """Round 152: Python's bare ``raise Exception(...)`` (SGLang's popen_launch_server) is the
    traceback's exception: the traceback is whole, not cut."""
    d = diagnose(write_log(tmp_path, (
        "Traceback (most recent call last):\n"
        '  File "/sglang/python/sglang/test/test_utils.py", line 625, in popen_launch_server\n'
        "    raise Exception(\n"
        "Exception: Server process exited with code -9. Check server logs for errors.\n")))
    assert d.status == "incomplete" and "stops inside a traceback" not in d.status_message, d.status_message


def test_a_thread_header_cut_before_the_start_completed_is_a_cut_traceback(tmp_path):
    """threading's "Exception in thread NAME:" where the log ends, before any ready line, is a
    traceback cut before its first frame (as after a ready line, llava#1408): the message names the
    header's line, not only a start that had not finished."""
    d = diagnose(write_log(tmp_path, (
        "INFO 05-01 10:00:00 [api_server.py:1000] vLLM API server version 0.9.0\n"
        "INFO 05-01 10:00:01 [model_runner.py:100] Loading model weights\n"
        "Exception in thread Thread-4 (load):\n")))
    assert d.status == "incomplete" and "stops inside a traceback that starts at line 3" in d.status_message, \
        d.status_message


def test_a_weights_name_missing_is_no_architecture(tmp_path):
    """Round 151: a KeyError naming an architecture class is an engine's map without that model;
    one naming a tensor is not (whatever else reads it)."""
    d = diagnose(write_log(tmp_path, (
        '  File "/env/lib/python3.10/site-packages/vllm/model_executor/model_loader/loader.py", line 40, in load\n'
        "    param = params_dict[name]\n"
        "KeyError: 'model.layers.0.mlp.gate_proj.qweight'\n")))
    assert d.primary is not None and d.primary.signature != "cfg.arch_unsupported"


def test_openai_sdk_status_error_is_named_as_the_clients(tmp_path):
    """The OpenAI Python SDK's 'Error code: 500 - {...}' is what a client got back, and the status says so
    (openai/openai-python, _make_status_error_from_response)."""
    d = diagnose(write_log(tmp_path, "Error code: 500 - {'object': 'error', 'message': 'Internal Server Error', "
                                     "'type': 'InternalServerError'}\n"))
    assert d.status == "not_a_server_log" and "OpenAI Python SDK" in d.status_message, d.status_message


def test_fabric_managers_own_log_is_named(tmp_path):
    """Fabric Manager's service journal is the NVSwitch daemon's, and the status names it
    (docs.nvidia.com fabric-manager-user-guide; cube-studio#29)."""
    d = diagnose(write_log(tmp_path, (
        "Sep 18 03:19:01 host nvidia-fabricmanager-start.sh[4753]: Detected Pre-NVL5 system\n"
        'Sep 18 03:19:01 host nvidia-fabricmanager-start.sh[4753]: "/usr/bin/nv-fabricmanager -c '
        '/usr/share/nvidia/nvswitch/fabricmanager.cfg" failed! Exit code: 1\n')))
    assert d.status == "not_a_server_log" and "Fabric Manager" in d.status_message, d.status_message


def test_a_stop_is_worded_by_its_own_marker(tmp_path):
    """Round 228: the stopping line found as the wrapper is worded by its marker's ``says``: Slurm's time
    limit is no Ctrl-C, and a bare KeyboardInterrupt after the ready line still is one."""
    up = "INFO:     Application startup complete.\n"
    slurm = diagnose(write_log(tmp_path, up + "slurmstepd: error: *** JOB 5654 ON gpuh02 CANCELLED AT "
                                              "2025-12-17T05:13:29 DUE TO TIME LIMIT ***\n"))
    assert slurm.status == "no_failure" and "Slurm then ended the job at its time limit" in slurm.status_message
    assert "Ctrl-C" not in slurm.status_message
    ctrl_c = diagnose(write_log(tmp_path, "INFO 01-01 00:00:00 [gpu_model_runner.py:1] Model loading took 1.0 GiB\n"
                                          + up + "KeyboardInterrupt\n"))
    assert ctrl_c.status == "no_failure" and "Ctrl-C or SIGINT" in ctrl_c.status_message


def test_a_failure_after_the_ready_line_is_said_as_one(tmp_path):
    """Session 19: a server that started and then failed (Ollama's runner panicking on its first request,
    ollama/ollama#13402) is a failure whose message says the start completed first, and where it failed;
    a failure before any ready line keeps the start-up wording."""
    after = diagnose(write_log(tmp_path, (
        'time=2025-12-10T01:05:16.820Z level=INFO source=server.go:1332 msg="llama runner started in 0.55 seconds"\n'
        "panic: caching disabled but unable to fit entire input in a batch\n\ngoroutine 8 [running]:\n")))
    assert after.status == "failure"
    assert after.status_message.startswith("the start completed (line 1: "), after.status_message
    assert "then the server failed (line 2: panic: caching disabled" in after.status_message
    assert after.primary is not None and after.primary.explanation.startswith("The process panicked")
    before = diagnose(write_log(tmp_path, "panic: caching disabled but unable to fit entire input in a batch\n"
                                          "\ngoroutine 8 [running]:\n"))
    assert (before.status, before.status_message) == ("failure", "a start-up failure was found")


def test_a_pending_engine_end_never_moves_a_later_ready_line_back(tmp_path):
    """Session 23: vLLM's untagged engine end waits for the script below it; LLM.generate's bar at 100 % is a
    ready line and that script at once: the start is named by that later line, not moved back to the engine's."""
    d = diagnose(write_log(tmp_path, (
        "INFO 05-23 03:49:58 [core.py:61] Initializing a V1 LLM engine (v0.8.5.post1) with config: model='m'\n"
        "INFO 05-23 03:50:16 [core.py:159] init engine (profile, create kv cache, warmup model) took 5.56 seconds\n"
        "Processed prompts: 100%|##########| 4/4 [00:01<00:00,  3.10it/s, est. speed input: 40.1 toks/s]\n")))
    assert d.status == "no_failure", d.status_message
    assert d.status_message.startswith("the start completed (line 3: Processed prompts: 100%"), d.status_message


def test_a_healthy_nvidia_smi_q_report_shows_no_failure(tmp_path):
    """Round 258: `nvidia-smi -q`'s 'ECC Errors' heading (its counters below, 0) and 'Remapping Failure Occurred
    : No' are field names and a 'No', not failures: the report is nothing to judge (its 'CUDA Version' line makes
    it read as a log that stops before a ready line; the label says a GPU tool's output: both exit 3)."""
    d = diagnose(write_log(tmp_path, (
        "==============NVSMI LOG==============\n\n"
        "Driver Version                                         : 595.58.03\n"
        "CUDA Version                                           : 13.2\n"
        "    ECC Errors\n        Volatile\n            SRAM Correctable                   : 0\n"
        "        Remapping Failure Occurred                     : No\n")))
    assert d.primary is None and d.status in ("incomplete", "not_a_server_log"), d.status_message
