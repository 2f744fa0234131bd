"""The markers data (ready, server-log, not-a-log and benign lines): valid, sourced, and read as meant."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose.api import diagnose

DATA = json.loads(resources.files("servecheck.knowledge.structure").joinpath("markers.json").read_text())


@pytest.mark.parametrize("group", ["ready", "server_log", "not_a_log", "benign", "ended", "loud", "program"])
def test_every_marker_compiles_has_a_unique_id_and_a_source(group):
    entries = DATA[group]
    ids = [m["id"] for m in entries]
    assert entries and len(ids) == len(set(ids))
    for m in entries:
        re.compile(m["pattern"])
        sources = m["source"] if isinstance(m["source"], list) else [m["source"]]
        assert all(s.startswith("https://") for s in sources), m["id"]


def test_every_program_says_what_it_is_and_what_to_capture_and_servers_are_named():
    """A program's output is answered with one line: what was given and what to capture instead.
    Only markers that name a server of its own (not torch, CUDA, NCCL or llama.cpp's model loader,
    which every program prints) make a program's text a server's log."""
    for m in DATA["program"]:
        assert m["given"] and m["capture"], m["id"]
        # the status line says "(line N), not an inference server's log" after the given text itself
        assert not re.search(r", not (a|an|its|the|llama-)[^()]*$", m["given"]), m["id"]
    named = {m["id"] for m in DATA["server_log"] if m.get("names_server")}
    assert {"vllm", "sglang", "ollama", "llamacpp.server", "tgi"} <= named
    assert not named & {"torch", "nccl", "gpu.libraries", "llamacpp", "engines.other"}


def test_a_benign_error_line_is_no_failure(tmp_path):
    text = ("fatal: bad revision 'HEAD'\n"
            "2024-09-22 15:41:12,380 xinference.core.supervisor 1 INFO     Xinference supervisor 0.0.0.0:41562 started\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None


@pytest.mark.parametrize("ready", [
    "2023-12-27 03:35:12,616 xinference.api.restful_api 77236 INFO     Starting Xinference at endpoint: http://0.0.0.0:9997",
    "10:27AM INF LocalAI API is listening! Please connect to the endpoint for API documentation. endpoint=http://0.0.0.0:8080",
    "Please connect to custom endpoint at http://localhost:5001",
    "I1204 08:17:45.082251 1 http_server.cc:1411] Starting HTTPService at 0.0.0.0:8000",
])
def test_engines_own_ready_lines_complete_a_start(tmp_path, ready):
    d = diagnose(write_log(tmp_path, ready + "\n"))
    assert d.status == "no_failure", d.status_message


def test_a_proxys_model_list_is_not_the_engines_ready_line(tmp_path):
    text = ('[llama-swap] 192.168.16.7 [2025-01-30 18:35:15] "GET /v1/models HTTP/1.1" 200 578\n'
            "main: HTTP server is listening, hostname: 0.0.0.0, port: 8080, http threads: 15\n"
            "srv    load_model: loading model '/models/m.gguf'\n")
    assert diagnose(write_log(tmp_path, text)).status == "incomplete"


def test_a_kubectl_plugin_error_is_not_a_server_log(tmp_path):
    d = diagnose(write_log(tmp_path, "Error: flags cannot be placed before plugin name: --kubeconfig\n"))
    assert d.status == "not_a_server_log"


def test_a_clients_traceback_with_no_engine_line_is_not_a_server_log(tmp_path):
    text = """Traceback (most recent call last):
  File "/x/site-packages/continuedev/core/autopilot.py", line 3, in run
    raise ContinueCustomException("Ollama returned an error: Invalid request to Ollama")
continuedev.core.main.ContinueCustomException: Ollama returned an error: Invalid request to Ollama
"""
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "not_a_server_log" and d.primary is None


def test_an_exception_raised_in_an_inference_client_library_is_no_server_failure(tmp_path):
    text = """I1204 08:17:45.082251 1 http_server.cc:1411] Started HTTPService at 0.0.0.0:8000
Traceback (most recent call last):
  File "/x/send.py", line 9, in <module>
    client.infer("m", inputs)
  File "/x/dist-packages/tritonclient/http/_utils.py", line 69, in _raise_if_error
    raise error
tritonclient.utils.InferenceServerException: [400] HTTP end point doesn't support models with decoupled transaction policy
"""
    d = diagnose(write_log(tmp_path, text))
    assert d.primary is None and d.status != "failure"


def test_an_exception_word_that_is_not_an_exception_line_still_counts_as_a_failure_word(tmp_path):
    text = ("llama_model_loader: loaded meta data with 24 key-value pairs\n"
            "tvm/src/runtime/cuda/cuda_device_api.cc:129: InternalError: Check failed: (e == cudaSuccess) is false: "
            "kernel launch aborted\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary.first_line == 2


@pytest.mark.parametrize("text", [
    ("SEVERE: Inference failed on 3th retry, url: http://0.0.0.0:8000/v2/models/simple/infer\n"
     "java.util.concurrent.ExecutionException: java.net.ConnectException: Connection refused: no further information\n"
     "\tat org.apache.http.concurrent.BasicFuture.getResult(BasicFuture.java:71)\n"),
    ("Traceback (most recent call last):\n"
     '  File "/usr/local/lib/python3.10/dist-packages/loadtool/client.py", line 72, in wait_for_server_ready\n'
     "    raise ToolException(e)\n"
     "loadtool.exceptions.ToolException: [StatusCode.UNAVAILABLE] failed to connect to all addresses; "
     "last error: UNKNOWN: ipv4:127.0.0.1:8001: Failed to connect to remote host: Timeout occurred\n"),
    # a Python HTTP client's refused connection, the paste cut before the client's own error
    ('  File "/envs/x/lib/python3.11/site-packages/urllib3/util/connection.py", line 73, in create_connection\n'
     "    sock.connect(sa)\n"
     "ConnectionRefusedError: [Errno 111] Connection refused\n"),
])
def test_a_clients_connection_failure_alone_is_not_a_server_log(tmp_path, text):
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary) == ("not_a_server_log", None)


@pytest.mark.parametrize("text, status, cls", [
    # the device plugin's own log: a Go panic about MIG devices is a failure with no usable GPU
    ("2021/11/29 20:40:05 Loading NVML\n2021/11/29 20:40:05 Starting FS watcher.\n"
     "2021/11/29 20:40:05 Retreiving plugins.\npanic: More than one MIG device type present on node\n",
     "failure", "no_gpu_visible"),
    # and its healthy log: it registered the node's GPUs, which says nothing of a server's start
    # (round 172: exit 0 would claim a start the log does not show)
    ("2017/12/08 06:41:44 Loading NVML\n"
     "2017/12/08 06:41:45 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
     "2017/12/08 06:41:45 Registered device plugin with Kubelet\n", "not_a_server_log", None),
    # a kernel Xid line is a GPU's own line
    ("Xid 78: Guest driver is incompatible with host driver\n", "failure", "no_gpu_visible"),
    # LM Studio's engine extension that does not load
    ("Failed to load LLM engine from path:\n"
     "C:\\Users\\u\\.lmstudio\\extensions\\backends\\llama.cpp-win-x86_64-nvidia-cuda12-avx2-2.7.1\\llm_engine_cuda12.node\n"
     "The specified module could not be found.\n", "failure", "other"),
    # Triton glog lines of its plan backend, cut before the start finished
    ("I1022 01:27:54.793414 2272 plan_backend.cc:643] Created instance test_model_0_4_gpu1 on GPU 1 with stream priority 0\n",
     "incomplete", None),
])
def test_gpu_components_logs_are_judged(tmp_path, text, status, cls):
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls if d.primary else None) == (status, cls)


@pytest.mark.parametrize("text, cls", [
    ("Welcome to the NVIDIA Software Installer for Unix/Linux\nInstalling NVIDIA driver version 535.161.07.\n"
     "Building kernel modules\n  : [##############################] 100%\n\n"
     "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel "
     "module was built against the wrong or improperly configured kernel sources\n", "no_gpu_visible"),
    ("========== NVIDIA Software Installer ==========\nUnloading NVIDIA driver kernel modules...\n"
     "Could not unload NVIDIA driver kernel modules, driver is in use\n", "no_gpu_visible"),
])
def test_a_driver_install_that_the_kernel_refuses_is_no_usable_gpu(tmp_path, text, cls):
    """The driver installer (nvidia-installer, the GPU Operator's driver container) is a program that is no server:
    its failure is named as the one it shows, the node's driver unusable (blind pairs: docs/eval/container-check-
    relabelling.md, seven labels changed)."""
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls, d.primary.layer) == ("not_a_server_log", cls, "host_driver"), d.status_message
    assert "driver installer" in d.status_message


def test_default_sampling_params_from_the_model_show_an_engine(tmp_path):
    """A model's generation config was read: the web app's ready lines after it end a real start."""
    d = diagnose(write_log(tmp_path, """\
[2026-01-20 10:50:10] INFO:     Started server process [4096937]
[2026-01-20 10:50:10] Using default chat sampling params from model generation config: {'temperature': 0.7}
[2026-01-20 10:50:10] INFO:     Application startup complete.
[2026-01-20 10:50:10] INFO:     Uvicorn running on http://127.0.0.1:30000 (Press CTRL+C to quit)
"""))
    assert (d.status, d.primary) == ("no_failure", None)


KUBECTL_APPLY = ("kustomize build config/overlays/dev-image-config | kubectl apply -f -\nnamespace/kserve unchanged\n"
                 "customresourcedefinition.apiextensions.k8s.io/inferenceservices.serving.kserve.io configured\n"
                 "serviceaccount/kserve-controller-manager unchanged\nconfigmap/kserve-config unchanged\n")


@pytest.mark.parametrize(("text", "status"), [
    # kubectl names KServe's API group and its objects; the lines are still kubectl's, not KServe's
    ('error: resource mapping not found for name: "sklearn-iris" namespace: "" from "STDIN": no matches for kind '
     '"InferenceService" in version "serving.kserve.io/v1beta1"\nensure CRDs are installed first\n', "not_a_server_log"),
    ("unable to recognize kserve.yaml: no matches for kind ClusterServingRuntime in version "
     "serving.kserve.io/v1alpha1\n", "not_a_server_log"),
    (KUBECTL_APPLY, "not_a_server_log"),
    # a client's error on a request to the server's own route, the reply cut off in the paste
    ("requests.exceptions.ConnectionError: HTTPConnectionPool(host='10.0.0.7', port=8777): Max retries exceeded "
     "with url: /v2/health/live (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at "
     "0x7fd5981\n", "not_a_server_log"),
    # a launcher's progress line alone: a start still under way
    ("pyxis: importing docker image ...\n", "incomplete"),
    # TensorRT-LLM's multi-node launcher started the server and nothing followed
    ("srun -N 2 --mpi=pmix bash -c \"trtllm-llmapi-launch trtllm-serve /models/llama --pp_size 2\"\n"
     "mpi_rank: 0\ntllm_mpi_size: 2\n", "incomplete"),
    # ms-swift's deploy command in front of uvicorn's lines: an engine's start that completed
    ("swift deploy --model /ckpt --infer_backend vllm --tp 4\n"
     "INFO:     Started server process [190]\nINFO:     Waiting for application startup.\n"
     "INFO:     Application startup complete.\n"
     "INFO:     Uvicorn running on http://127.0.0.1:8081 (Press CTRL+C to quit)\n", "no_failure"),
    # a `vllm serve` command line shows the engine; a deployment merely named after it does not
    ("trl vllm-serve --model /models/Qwen2.5-7B-Instruct --tensor-parallel-size 1\n"
     "INFO:     Application startup complete.\n"
     "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n", "no_failure"),
    ("Deploying llama3-1-vllm-serve-20240820-120605 on g2-standard-12 with 1 NVIDIA_L4 GPU(s).\n"
     "INFO:     Application startup complete.\n", "no_failure"),   # uvicorn's line ends a start alone
    # Triton's model table, every model READY, the paste cut before the endpoints started
    ("+--------+---------+--------+\n| Model  | Version | Status |\n+--------+---------+--------+\n"
     "| riva-asr | 1     | READY  |\n+--------+---------+--------+\n", "incomplete"),
    # a Python service's "Ready" through the logging module counts next to an engine line only
    ("INFO:__main__:Downloading FasterWhisperModel.TINY_INT8 to /data\nINFO:__main__:Ready\n", "no_failure"),
    ("INFO:__main__:Ready\n", "incomplete"),
    # llama.cpp's loader entry point names the engine: its failure is judged, not "not a server's log"
    ("llama_load_model_from_file: failed to load model\n", "failure"),
    # an engine's config dump is not read for failures (num_gpu_blocks=0 is LMDeploy's default)
    ("2024-07-23 11:05:44,155 - lmdeploy - INFO - input backend=pytorch, backend_config=PytorchEngineConfig("
     "model_name='gemma2', tp=1, session_len=8000, num_gpu_blocks=0, block_size=64)\n"
     "2024-07-23 11:05:47,310 - lmdeploy - INFO - Checking model.\n", "incomplete"),
], ids=["kubectl-no-matches", "kubectl-unable-to-recognize", "kubectl-apply", "client-api-route", "pyxis-progress",
        "trtllm-launch", "swift-deploy", "vllm-serve-command", "named-after-vllm-serve", "triton-model-table", "logging-ready-engine",
        "logging-ready-alone", "llama-load-model",
        "config-dump"])
def test_tool_messages_and_progress_read_as_their_status(tmp_path, text, status):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == status, d.status_message


def test_torchservers_banner_and_ready_line(tmp_path):
    started = ("2024-10-07T22:54:40,472 [INFO ] main org.pytorch.serve.ModelServer - Inference API bind to: "
               "http://127.0.0.1:8080\nModel server started.\n")
    assert diagnose(write_log(tmp_path, started)).status == "no_failure"
    d = diagnose(write_log(tmp_path, "TS Home: /usr/local/lib/python3.6/dist-packages\nNumber of GPUs: 0\n"
                                     "Number of CPUs: 8\n"))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible")


def test_kubelets_start_events_are_a_start_in_progress_and_a_pre_stop_hook_no_failure(tmp_path):
    # a pod's events while its init container loads the model: a start that has not finished; the
    # previous container's failed pre-stop hook happened while it was stopped
    d = diagnose(write_log(tmp_path, """\
7m30s       Warning   FailedPreStopHook           pod/playground-0             PreStopHook failed
7m29s       Normal    Scheduled                   pod/playground-0             Successfully assigned default/playground-0 to worker2
7m29s       Normal    Pulled                      pod/playground-0             Container image "inftyai/model-loader:v0.0.10" already present on machine
"""))
    assert d.status == "incomplete" and d.primary is None
    # a pod listing alone is still no server's output
    listing = diagnose(write_log(tmp_path, "NAME    READY   STATUS     RESTARTS   AGE\nplayground-0   0/1   Init:0/1   0   2m\n",
                                 "pods.log"))
    assert listing.status == "not_a_server_log"


def test_llama_stacks_inference_routes_make_its_uvicorn_start_an_engines(tmp_path):
    d = diagnose(write_log(tmp_path, """\
Serving POST /inference/chat_completion
Serving POST /inference/completion
Listening on 0.0.0.0:5000
INFO:     Application startup complete.
INFO:     Uvicorn running on http://0.0.0.0:5000 (Press CTRL+C to quit)
"""))
    assert d.status == "no_failure"


def test_a_shell_running_curl_against_a_bare_address_is_a_clients_session(tmp_path):
    d = diagnose(write_log(tmp_path, "root@pod:/# curl 127.0.0.1:80/generate -X POST -d '{}'\n"
                                     '{"error":"Request failed during generation: Server error: unexpected",'
                                     '"error_type":"generation"}\n'))
    assert d.status == "not_a_server_log" and d.primary is None
    assert "a shell session running curl" in d.status_message     # named as what it is, with what to capture


def test_mistral_rs_listening_is_a_completed_start_and_a_ray_serve_replica_exception_a_wrapper(tmp_path):
    ready = diagnose(write_log(tmp_path, "mistral-rs-embed  | 2025-11-06T23:44:11.665559Z  INFO mistralrs_server: "
                                         "OpenAI-compatible server listening on http://0.0.0.0:7651.\n", "ok.log"))
    assert ready.status == "no_failure"
    cut = diagnose(write_log(tmp_path, """\
(ServeController pid=30685) ERROR 2023-10-23 08:06:27,590 controller 30685 deployment_state.py:617 - Exception in replica 'default#DeployLLM#Ekjjks', the replica will be stopped.
(ServeController pid=30685) Traceback (most recent call last):
(ServeController pid=30685)   File "/usr/lib/python3.10/site-packages/ray/serve/_private/replica.py", line 1, in initialize
""", "cut.log"))
    assert cut.status == "incomplete" and "line 1 says the start failed" in cut.status_message


def test_kubectls_discovery_errors_are_kubectls_and_an_operators_reconcile_failure_is_a_start(tmp_path):
    noise = diagnose(write_log(tmp_path, "E0603 15:26:34.744113 4011485 memcache.go:255] couldn't get resource list "
                                         "for metrics.k8s.io/v1beta1: the server is currently unable to handle the "
                                         "request\n", "kubectl.log"))
    assert noise.status == "not_a_server_log" and "API-discovery" in noise.status_message
    operator = diagnose(write_log(tmp_path, "  Warning  ReconcileFailed  93s (x12 over 103s)  nimservice-controller  "
                                            "NIMService llama failed, msg: error converting unstructured object to "
                                            "Deployment: unrecognized type: string\n", "events.log"))
    assert operator.status == "failure"


# A supervisor's word that the server crashed, as the last line after the ready line (Baseten
# truss: https://github.com/basetenlabs/truss/issues/751): the start that completed did not last.
_TRUSS = ("starting uvicorn with 1 workers\nExecuting model.load()...\nApplication startup complete.\n"
          "Load pretrained SentenceTransformer: sentence-transformers/paraphrase-multilingual-mpnet-base-v2\n")


def test_a_last_line_saying_the_server_crashed_is_no_healthy_start(tmp_path):
    d = diagnose(write_log(tmp_path, _TRUSS + "Inference server seems to have crashed, restarting\n"))
    assert d.status == "incomplete" and d.primary is None
    assert "crashed, restarting" in d.status_message
    # the same start without that line completed; a crash line followed by a new ready line is survived
    assert diagnose(write_log(tmp_path, _TRUSS)).status == "no_failure"
    again = _TRUSS + "Inference server seems to have crashed, restarting\n" + _TRUSS
    assert diagnose(write_log(tmp_path, again)).status == "no_failure"


@pytest.mark.parametrize(("last", "status"), [
    # vLLM's own wording is a known wrapper that quotes no cause: the start failed, why is not here
    ("(APIServer pid=1) ERROR 10-08 06:08:18 [core_client.py:564] Engine core proc EngineCore_0 died "
     "unexpectedly, shutting down client.", "incomplete"),
    ("Worker died", "incomplete"),
    ("The model runner process has crashed.", "incomplete"),
])
def test_a_process_of_the_server_dying_ends_the_start(tmp_path, last, status):
    text = ("INFO 10-08 06:08:10 [api_server.py:1] vLLM API server version 0.10.2\n"
            "INFO:     Application startup complete.\n" + last + "\n")
    assert diagnose(write_log(tmp_path, text)).status == status


# llm-d's routing proxy polls vLLM at error level while it starts (https://github.com/llm-d/llm-d/issues/394)
_PROXY = ('routing-proxy E1027 22:25:32.427556       1 proxy.go:268] "waiting for vLLM to be ready" '
          'err="dial tcp [::1]:8200: connect: connection refused" logger="proxy server"\n')


def test_a_sidecar_waiting_for_the_engine_is_a_start_under_way(tmp_path):
    text = "vllm (APIServer pid=1) INFO 10-27 22:25:30 [api_server.py:1] vLLM API server version 0.11.0\n" + _PROXY * 3
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None


def test_a_wait_that_names_what_ended_it_is_still_a_failure(tmp_path):
    text = ("Failed to generate a response: error response: status=500 body=unable to load runner: error waiting "
            "for runner to be ready: llama.cpp terminated unexpectedly: llama.cpp failed: not enough GPU memory "
            "to load the model (CUDA)\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary is not None


@pytest.mark.parametrize("body", [
    # the body names the engine (LocalAI), so the text is not read as having no server line at all
    '{"error":{"code":500,"message":"could not load model - all backends returned error: 9 errors occurred:\\n\\t* '
    'could not load model: rpc error: code = Unavailable desc = error reading from server: EOF\\n\\t* grpc process '
    'not found: /tmp/localai/backend_data/backend-assets/grpc/piper. some backends(stablediffusion, tts) require '
    'LocalAI compiled with GO_TAGS","type":""}}',
    '{"object":"error","message":"vLLM engine failed: could not load model","type":"InternalServerError","code":500}',
])
def test_an_api_error_body_is_what_a_client_received(tmp_path, body):
    d = diagnose(write_log(tmp_path, body + "\n"))
    assert d.status == "not_a_server_log" and d.primary is None


def test_curls_own_error_beside_a_loading_server_is_no_failure(tmp_path):
    # a person's probe of the port while vLLM still loads: no server prints curl's message
    text = ("INFO 12-02 16:20:00 [api_server.py:1] vLLM API server version 0.12.0\n"
            "INFO 12-02 16:20:05 [default_loader.py:1] Loading weights took 120.5 seconds\n"
            "curl: (7) Failed to connect to localhost port 8000 after 0 ms: Couldn't connect to server\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None


_UVICORN = ("INFO:     Started server process [3265404]\nINFO:     Waiting for application startup.\n"
            "INFO:     Application startup complete.\n"
            "INFO:     Uvicorn running on http://0.0.0.0:8761 (Press CTRL+C to quit)\n")


@pytest.mark.parametrize(("text", "status"), [
    # LLaMA-Factory prints its API line once its chat model has loaded: uvicorn's lines are an engine's
    ("Visit http://localhost:8761/docs for API document.\n" + _UVICORN, "no_failure"),
    # uvicorn's lines alone: the app's start-up hook returned (the model load with it)
    (_UVICORN, "no_failure"),
    # ... unless the model was still loading after them (FastChat's controller up before its worker)
    (_UVICORN + "Loading checkpoint shards:  50%|#####     | 1/2\n", "incomplete"),
    # SageMaker's Hugging Face toolkit runs on AWS's Multi Model Server: a start that stops while
    # its worker comes up is unfinished, not some other program's output
    ("Config file: /etc/sagemaker-mms.properties\nInference address: http://0.0.0.0:8080\n"
     "2023-04-26T04:35:25,118 [WARN ] W-9000-model com.amazonaws.ml.mms.wlm.WorkerLifeCycle - "
     "attachIOStreams() threadName=W-9000-model\n", "incomplete"),
    # Langchain-Chatchat 0.2 prints its server information only once every server it starts is up
    ("当前Embbedings模型： bge-base-zh-v1.5 @ cuda\n\n服务端运行信息：\n    OpenAI API Server: http://127.0.0.1:20000/v1\n"
     "    Chatchat  API  Server: http://127.0.0.1:7861\n", "no_failure"),
    ("当前Embbedings模型： bge-base-zh-v1.5 @ cuda\n", "not_a_server_log"),
])
def test_a_serving_frameworks_own_lines_show_its_server(tmp_path, text, status):
    assert diagnose(write_log(tmp_path, text)).status == status


# Round 60's fixes, each a shape met at first contact.
_ENV_REPORT = """\
root@pod:/opt/tritonserver/bin# lmdeploy check_env
sys.platform: linux
Python: 3.8.10 (default, Jul 29 2024, 17:02:10) [GCC 9.4.0]
CUDA available: True
GPU 0,1: NVIDIA A100-PCIE-40GB
CUDA_HOME: /usr/local/cuda
NVCC: Cuda compilation tools, release 11.8, V11.8.89
PyTorch: 2.0.1+cu118
PyTorch compiling details: PyTorch built with:
  - GCC 9.3
LMDeploy: 0.6.0+
transformers: 4.44.2
"""


def test_an_environment_report_is_not_a_servers_start_unless_it_shows_a_failure(tmp_path):
    # lmdeploy check_env / sglang.check_env (https://github.com/InternLM/lmdeploy/issues/2350)
    d = diagnose(write_log(tmp_path, _ENV_REPORT))
    assert d.status == "not_a_server_log" and "environment report" in d.status_message
    # a report's failing output is still no server's start: the failure it shows is named with its class, as a
    # GPU tool's is (labelling-instructions.md, after round 83; rounds 60 and 208 label `lmdeploy check_env` so)
    failing = _ENV_REPORT.replace("CUDA available: True\n", "CUDA available: False\n").replace(
        "sys.platform: linux\n", "sys.platform: linux\n/opt/py3/lib/python3.10/site-packages/torch/cuda/__init__.py:118: "
        "UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? Error 500: named "
        "symbol not found (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)\n")
    shown = diagnose(write_log(tmp_path, failing, "failing.log"))
    assert (shown.status, shown.primary.cls if shown.primary else None) == ("not_a_server_log", "no_gpu_visible")
    assert "it shows no_gpu_visible (line 3: " in shown.status_message
    # a server's own lines after the report are judged as a server's log
    then = _ENV_REPORT + "INFO 02-22 17:15:40 [api_server.py:1] vLLM API server version 0.7.2\n"
    assert diagnose(write_log(tmp_path, then, "then.log")).status == "incomplete"


def test_tgis_request_success_line_shows_a_start_that_completed(tmp_path):
    # TGI 3's router logs each request's span ending in "Success" (https://github.com/ogx-ai/ogx/issues/2421)
    line = ('2025-09-16T20:45:30.578058Z  INFO chat_completions{total_time="313.436445ms" validation_time="706.716µs" '
            'queue_time="69.634µs" inference_time="312.660345ms"}: text_generation_router::server: '
            'router/src/server.rs:432: Success\n')
    d = diagnose(write_log(tmp_path, line))
    assert d.status == "no_failure" and "line 1" in d.status_message


# Round 61's fixes: reports and tool output that carry no server's start.
_LLAMA_VERSION = (" ./build/bin/llama-server --version\nggml_cuda_init: found 1 CUDA devices:\n"
                  "  Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes\n"
                  "version: 4338 (7b1ec53f)\nbuilt with cc (Ubuntu 12.3.0-1ubuntu1~22.04) 12.3.0 for x86_64-linux-gnu\n")


@pytest.mark.parametrize(("text", "given"), [
    # vLLM's collect_env imports vLLM first (its platform line) and reports tools it lacks as "Could
    # not collect" (https://github.com/vllm-project/vllm/issues/17269)
    ("INFO 04-27 13:26:50 [__init__.py:239] Automatically detected platform cuda.\n"
     "Collecting environment information...\nPyTorch version: 2.6.0+cu124\nIs debug build: False\n"
     "CUDA used to build PyTorch: 12.4\n\nOS: Ubuntu 22.04.4 LTS (x86_64)\nClang version: Could not collect\n"
     "Is CUDA available: True\nGPU models and configuration: GPU 0: NVIDIA H100 80GB HBM3\n", "environment report"),
    # TGI's --env, with an nvidia-smi table (https://github.com/huggingface/text-generation-inference/issues/2873)
    ("root@tgi:/usr/src# text-generation-launcher --env\n"
     "2024-12-31T07:32:25.691298Z  INFO text_generation_launcher: Runtime environment:\n"
     "Target: x86_64-unknown-linux-gnu\nCargo version: 1.80.1\nnvidia-smi:\n"
     "   | NVIDIA-SMI 565.57.01              Driver Version: 565.57.01      CUDA Version: 12.7     |\n",
     "environment report"),
    (_LLAMA_VERSION, "version output"),
    ("Building wheels for collected packages: lmdeploy\n  Building editable for lmdeploy (pyproject.toml) ... done\n"
     "Successfully built lmdeploy\nInstalling collected packages: lmdeploy\nSuccessfully installed lmdeploy-0.7.0.post3\n",
     "package install"),
])
def test_reports_and_tool_output_are_not_a_servers_start(tmp_path, text, given):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "not_a_server_log" and given in d.status_message


def test_a_servers_start_after_a_version_output_is_judged_as_a_servers_log(tmp_path):
    started = _LLAMA_VERSION + "main: server is listening on http://127.0.0.1:8080 - starting the main loop\n"
    assert diagnose(write_log(tmp_path, started)).status == "no_failure"


@pytest.mark.parametrize("text", [
    # Open WebUI reaching a model server that was not up (https://github.com/open-webui/open-webui/issues/11440)
    "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host 127.0.0.1:8000 ssl:default "
    "[Connect call failed ('127.0.0.1', 8000)]\n",
    # a shell running curl with a method (https://github.com/triton-inference-server/tensorrtllm_backend/issues/621)
    "root@host:/tensorrtllm_backend# curl -X POST localhost:8000/v2/models/tensorrt_llm_bls/generate "
    "-d '{\"text_input\": \"What is machine learning?\", \"max_tokens\": 20}'\n"
    '{"error":"Traceback (most recent call last):\\n  File \\"/triton_model_repo/tensorrt_llm_bls/1/model.py\\", '
    'line 94, in execute\\n"}\n',
])
def test_a_clients_side_of_a_request_is_not_a_servers_log(tmp_path, text):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "not_a_server_log" and d.primary is None
