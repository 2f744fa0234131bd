"""Status of the input and exit codes: failure 1, a completed start 0, nothing to judge 3."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from tests.diagnose.logfile import write_log

from servecheck.cli.diagnose import diagnose as diagnose_cmd
from servecheck.diagnose.api import diagnose

VLLM_MIDSTART = """\
INFO 06-03 10:00:00 [__init__.py:241] Automatically detected platform cuda.
INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2
INFO 06-03 10:00:05 [gpu_model_runner.py:1164] Starting to load model Qwen/Qwen2-7B...
"""


def _file(tmp_path, data: bytes | str, name: str = "in.log") -> str:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return str(path)


@pytest.mark.parametrize("data, status, needle", [
    (b"", "empty", "is empty"),
    (b"\n  \n\n", "empty", "is empty"),
    (os.urandom(20000), "not_a_server_log", "does not look like"),
    ("Error: No such container: x\n", "not_a_server_log", "docker ps -a"),
    ("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n",
     "not_a_server_log", "no Docker daemon"),
    ('Error from server (NotFound): pods "x" not found\n', "not_a_server_log", "kubectl logs POD --previous"),
    (VLLM_MIDSTART, "incomplete", "stops before start-up finished"),
])
def test_nothing_to_judge_exits_3_with_one_line(tmp_path, data, status, needle):
    path = _file(tmp_path, data)
    d = diagnose(path)
    assert d.status == status and d.primary is None and needle in d.status_message
    out = CliRunner().invoke(diagnose_cmd, [path, "--json"], standalone_mode=False)
    assert out.return_value == 3
    assert json.loads(out.stdout)["status"] == status


def test_exit_codes_for_failure_and_completed_start(tmp_path):
    runner = CliRunner()
    failed = _file(tmp_path, VLLM_MIDSTART + "RuntimeError: No CUDA GPUs are available\n", "f.log")
    ok = _file(tmp_path, VLLM_MIDSTART + "INFO:     Application startup complete.\n", "ok.log")
    assert runner.invoke(diagnose_cmd, [failed], standalone_mode=False).return_value == 1
    assert runner.invoke(diagnose_cmd, [ok], standalone_mode=False).return_value == 0
    assert diagnose(ok).status == "no_failure" and diagnose(failed).status == "failure"


@pytest.mark.parametrize("marker", [
    "INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
    "main: server is listening on http://127.0.0.1:8080 - starting the main loop",
    "[2025-01-01 10:00:00] The server is fired up and ready to roll!",
    "2024-05-01T10:00:00.000000Z  INFO text_generation_router::server: router/src/server.rs:1: Connected",
    'time=2025-01-01T10:00:00 level=INFO source=routes.go:1 msg="Listening on 127.0.0.1:11434 (version 0.5.7)"',
    "(APIServer pid=1) INFO 06-03 10:00:09 [api_server.py:1] Starting vLLM API server 0 on http://0.0.0.0:8000",
])
def test_ready_markers_of_each_engine(tmp_path, marker):
    d = diagnose(_file(tmp_path, VLLM_MIDSTART + marker + "\n"))
    assert d.status == "no_failure", d.status_message


def test_a_failure_after_the_ready_marker_still_counts(tmp_path):
    d = diagnose(_file(tmp_path, VLLM_MIDSTART + "INFO:     Application startup complete.\n"
                       "RuntimeError: CUDA error: an illegal memory access was encountered\n"))
    assert d.status == "failure"


def test_a_run_cut_off_inside_a_traceback_into_cuda_init_is_incomplete(tmp_path):
    d = diagnose(_file(tmp_path, VLLM_MIDSTART + """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/vllm/worker/worker.py", line 120, in init_device
    torch.cuda.set_device(self.device)
  File "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py", line 319, in _lazy_init
"""))
    assert d.status == "incomplete" and "torch/cuda/__init__.py" in d.status_message


def test_a_cut_off_traceback_after_a_named_cause_is_a_failure(tmp_path):
    d = diagnose(_file(tmp_path, VLLM_MIDSTART + """\
/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:182: UserWarning: CUDA initialization: \
CUDA driver initialization failed, you might not have a CUDA gpu.
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py", line 319, in _lazy_init
"""))
    assert d.status == "failure" and d.primary.cls == "no_gpu_visible"


def test_schema_version_is_bumped_and_status_is_in_the_json(tmp_path):
    from servecheck.diagnose.models import SCHEMA_VERSION

    data = diagnose(_file(tmp_path, VLLM_MIDSTART)).model_dump(mode="json", by_alias=True)
    assert SCHEMA_VERSION >= 2 and data["schema_version"] == SCHEMA_VERSION
    assert data["status"] == "incomplete" and data["status_message"]


@pytest.mark.parametrize("data, needle", [
    ("$ ollama list\nError: could not connect to ollama app, is it running?\n", "ollama serve"),
    ("Forwarding from 127.0.0.1:30080 -> 8000\nE0127 13:42:22.354474  194149 portforward.go:424] "
     "\"Unhandled Error\" err=<\n", "kubectl logs POD --previous"),
    ("ConnectionError: HTTPConnectionPool(host='localhost', port=11434): Max retries exceeded with url: "
     "/api/generate/ (Caused by NewConnectionError('...: Failed to establish a new connection: "
     "[Errno 111] Connection refused'))\n", "server's own output"),
    # a notebook's traceback of a cloud SDK call: the source lines it quotes are the client's code
    ("---> 31 endpoint = deploy_model_vllm(model_name=name)\n"
     "     29     raise ValueError(\"max_model_len cannot exceed 8192\")\n"
     "FailedPrecondition: 400 Model server exited unexpectedly. Model server logs can be found at ......\n",
     "Cloud Logging"),
])
def test_a_clients_own_error_is_not_a_server_failure(tmp_path, data, needle):
    d = diagnose(_file(tmp_path, data))
    assert (d.status, d.primary) == ("not_a_server_log", None) and needle in d.status_message


def test_a_start_scripts_error_before_the_client_message_still_counts(tmp_path):
    d = diagnose(_file(tmp_path, "Starting ollama server\n/bin/bash: line 1: /data/logs/ollama.log: "
                                 "No such file or directory\nError: could not connect to ollama app, is it running?\n"))
    assert d.status == "failure" and d.primary is not None and d.primary.first_line == 2


def test_a_named_cause_next_to_a_client_message_stands(tmp_path):
    d = diagnose(_file(tmp_path, "Failed to initialize NVML: Driver/library version mismatch\n"
                                 "Error: could not connect to ollama app, is it running?\n"))
    assert d.status == "failure" and d.primary is not None and d.primary.cls == "no_gpu_visible"


NVIDIA_SMI = """\
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 550.163.01             Driver Version: 550.163.01     CUDA Version: 12.4     |
|-----------------------------------------+------------------------+----------------------+
|   0  NVIDIA GeForce RTX 4070        Off |   00000000:01:00.0  On |                  N/A |
+-----------------------------------------+------------------------+----------------------+
"""


def test_an_nvidia_smi_table_alone_is_not_a_server_log(tmp_path):
    """Its header's "CUDA Version: X" is not a server line; the table is another program's output."""
    d = diagnose(_file(tmp_path, NVIDIA_SMI))
    assert (d.status, d.primary) == ("not_a_server_log", None) and "nvidia-smi" in d.status_message


def test_an_nvidia_smi_table_inside_a_server_log_keeps_the_servers_status(tmp_path):
    d = diagnose(_file(tmp_path, NVIDIA_SMI + VLLM_MIDSTART))
    assert (d.status, d.primary) == ("incomplete", None)


def test_a_text_judged_no_servers_output_names_its_last_error_looking_line(tmp_path):
    """Nothing to judge still shows what the operator should read: the last error-looking line,
    redacted like all evidence; random bytes name none."""
    d = diagnose(_file(tmp_path, "starting\ncould not authenticate with token "
                                 "hf_abcdefghijklmnopqrstuvwxyz0123456789AB to the hub\n"))
    assert d.status == "not_a_server_log" and d.primary is None
    assert "line 2: could not authenticate with token [REDACTED" in d.status_message
    assert "hf_abcdefghijklmnop" not in d.status_message
    plain = diagnose(_file(tmp_path, "hello\nworld\n"))
    assert plain.status == "not_a_server_log" and "error-looking" not in plain.status_message


OLLAMA_LISTENING = 'time=2025-01-01T00:00:01Z level=INFO source=routes.go:1238 msg="Listening on [::]:11434 (version 0.5.4)"\n'
LLAMA_READY = ("llama_model_loader: loaded meta data with 30 key-value pairs\n"
               "main: server is listening on http://0.0.0.0:8080 - starting the main loop\n")


@pytest.mark.parametrize(("line", "cls"), [
    ('level=WARN source=gpu.go:224 msg="CPU does not have minimum vector extensions, GPU inference disabled.  '
     'Required:avx  Detected:no vector extensions"', "no_gpu_visible"),
    ('level=INFO source=gpu.go:301 msg="[0] CUDA GPU is too old. Compute Capability detected: 3.5"',
     "gpu_arch_unsupported"),
    ('level=WARN source=gpu.go:600 msg="version mismatch between driver and cuda driver library - reboot or upgrade '
     'may be required: library /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15"', "driver_too_old"),
    ('level=INFO source=routes.go:1042 msg="no GPU detected"', "no_gpu_visible"),
], ids=["no-avx", "gpu-too-old", "driver-library-mismatch", "no-gpu-detected"])
@pytest.mark.parametrize("before", [True, False], ids=["before-listening", "after-listening"])
def test_a_server_that_falls_back_to_the_cpu_is_never_a_healthy_start(tmp_path, line, cls, before):
    """Ollama logs why it left the GPU out at WARN or INFO and starts on the CPU; on a GPU node that
    start is the failure, whether the line comes before or after "Listening on" (never exit 0)."""
    text = f"time=2025-01-01T00:00:00Z {line}\n"
    d = diagnose(write_log(tmp_path, text + OLLAMA_LISTENING if before else OLLAMA_LISTENING + text))
    assert (d.status, d.primary.cls) == ("failure", cls), d.status_message


@pytest.mark.parametrize("before", [True, False], ids=["before-listening", "after-listening"])
def test_llama_cpp_ignoring_its_gpu_layers_is_never_a_healthy_start(tmp_path, before):
    """--gpu-layers asked for the GPU; "no usable GPU found" means the server runs on the CPU."""
    warning = "warning: no usable GPU found, --gpu-layers option will be ignored\n"
    d = diagnose(write_log(tmp_path, warning + LLAMA_READY if before else LLAMA_READY + warning))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible"), d.status_message


def test_a_start_in_a_fallback_chat_template_is_never_healthy(tmp_path):
    """llama.cpp logs that the model's template did not parse and serves with ChatML: the server
    listens, but prompts and tool calls are wrong for the model. A later ready line does not
    survive it (degraded_start), while a survivable cause before the same ready line still is."""
    fallback = ("common_chat_templates_init: failed to parse chat template (defaulting to chatml): "
                "Expected value expression at row 1, column 4:\n")
    d = diagnose(write_log(tmp_path, fallback + LLAMA_READY))
    assert (d.status, d.primary.cls, d.primary.signature) == (
        "failure", "tool_parser", "tool.chat_template_fallback_chatml"), d.status_message
    survived = diagnose(write_log(tmp_path, "ERROR: [Errno 98] Address already in use\n" + LLAMA_READY))
    assert survived.status == "no_failure", survived.status_message


NCCL_TESTS_TABLE = ("# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20\n"
                    "#       size         count      type   redop    root     time   algbw   busbw #wrong\n"
                    "   536870912     134217728     float     sum      -1    10052   53.41   93.46      {wrong}\n")
VLLM_STARTING = ("INFO 05-01 12:00:01 [api_server.py:1] vLLM API server version 0.11.1\n"
                 "INFO 05-01 12:00:02 [parallel_state.py:1165] rank 0 in world size 8 is assigned as TP rank 0\n")


@pytest.mark.parametrize(("footer", "after", "status", "cls"), [
    ("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 95.3009\n", "", "not_a_server_log", None),
    ("# Out of bounds values : 2 FAILED\n# Avg bus bandwidth    : 95.3009\n", "", "not_a_server_log", "nccl_comm"),
    ("", "", "not_a_server_log", None),
    ("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 95.3009\n", VLLM_STARTING, "incomplete", None),
    ("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 95.3009\n",
     "node1:20:20 [0] NCCL INFO comm 0x5 rank 0 nranks 8 cudaDev 0 busId 1000 - Destroy COMPLETE\n",
     "not_a_server_log", None),
], ids=["passed", "wrong-values", "no-footer", "passed-then-a-server-that-never-finished", "passed-with-its-nccl-info"])
def test_an_nccl_tests_report_is_never_taken_for_a_started_server(tmp_path, footer, after, status, cls):
    """nccl-tests' report is a communication test, judged by `servecheck comm`: a passing run says
    nothing about a server (exit 3, pointing there), wrong values are the failure it shows, named,
    still no server's start (the rule after round 83), and a server that starts after a passing
    preflight and stops mid-start is unfinished, never healthy."""
    d = diagnose(write_log(tmp_path, NCCL_TESTS_TABLE.format(wrong=0 if "OK" in footer else 3) + footer + after))
    assert (d.status, d.primary.cls if d.primary else None) == (status, cls), d.status_message
    if status == "not_a_server_log":
        assert "servecheck comm --from" in d.status_message


def test_ramalamas_refused_cuda_image_is_an_old_driver_even_though_it_goes_on(tmp_path):
    """RamaLama falls back to a CPU image when the driver's CUDA version is below its minimum: the
    start goes on, the GPU is lost, and the driver is the cause."""
    d = diagnose(write_log(tmp_path, "WARNING:ramalama:CUDA version (11, 4) is not supported. Minimum required version "
                                     "is 12.4.: Falling back to default image.\n" + LLAMA_READY))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "driver_too_old", "eng.ramalama_host_cuda_too_old")


FASTCHAT_CONTROLLER = "2024-02-21 10:38:46 | ERROR | stderr | INFO:     Uvicorn running on http://0.0.0.0:20000 (Press CTRL+C to quit)\n"
FASTCHAT_WORKER = ("2024-02-21 10:38:46 | INFO | model_worker | Loading the model ['m'] on worker d93ff0f0 ...\n"
                   "Loading checkpoint shards:  29%|###   | 2/7 [00:01<00:04,  1.14it/s]\n")


def test_a_web_apps_ready_line_before_a_model_still_loading_does_not_end_the_start(tmp_path):
    """FastChat's controller is up (uvicorn's generic ready line) while its model worker loads: a log
    that stops there is unfinished, never a completed start; a ready line after the loading ends it."""
    d = diagnose(write_log(tmp_path, FASTCHAT_CONTROLLER + FASTCHAT_WORKER))
    assert d.status == "incomplete" and "still loading" in d.status_message, d.status_message
    done = FASTCHAT_WORKER + FASTCHAT_CONTROLLER.replace("20000", "8000")
    assert diagnose(write_log(tmp_path, FASTCHAT_CONTROLLER + done)).status == "no_failure"
    # a model loaded from a web UI that was already up (text-generation-webui) finishes with its
    # own line: no ready line has to follow it
    loaded = FASTCHAT_WORKER + "21:33:07-635432 INFO     Loaded the model in 4.02 seconds.\n"
    assert diagnose(write_log(tmp_path, FASTCHAT_CONTROLLER + loaded)).status == "no_failure"


def test_a_model_loading_after_a_generic_ready_line_deep_in_a_log_is_still_seen(tmp_path):
    """Once an engine's line is seen the scan drops the server-log markers; a generic ready line
    brings the loading ones back from the next line on, even in the middle of a block."""
    chatter = "node1:20:20 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n" * 20000
    text = (VLLM_STARTING + chatter + "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
            + chatter + "Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:01<00:01,  1.0it/s]\n" + chatter)
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and "still loading" in d.status_message, d.status_message
    ready = "INFO:     Application startup complete.\n"
    assert diagnose(write_log(tmp_path, text + ready)).status == "no_failure"


def test_an_nccl_tests_preflight_with_nccl_info_then_a_server_that_never_finished_is_the_servers(tmp_path):
    """NCCL INFO lines are nccl-tests' own; the scanner keeps looking for another engine's line
    after them, so a vLLM start that follows is judged as the server's (unfinished) log."""
    nccl = "node1:20:20 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n" * 3
    footer = "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 95.3009\n"
    d = diagnose(write_log(tmp_path, nccl + NCCL_TESTS_TABLE.format(wrong=0) + footer + VLLM_STARTING))
    assert d.status == "incomplete", d.status_message
    d = diagnose(write_log(tmp_path, nccl + NCCL_TESTS_TABLE.format(wrong=0) + footer))
    assert d.status == "not_a_server_log", d.status_message


@pytest.mark.parametrize("line", [
    "Couldn't find '/root/.ollama/id_ed25519'. Generating new private key.",
    "You are using a model of type llama to instantiate a model of type . This is not supported for all "
    "configurations of models and can yield errors.",
    "[11/20/2025-23:56:51] [TRT-LLM] [V] Unable to load HF config from None: checkpoint_dir is None. Falling back.",
])
def test_first_start_and_verbose_lines_that_look_like_errors_are_no_failure(tmp_path, line):
    d = diagnose(write_log(tmp_path, VLLM_STARTING + line + "\n"))
    assert (d.status, d.primary) == ("incomplete", None), d.status_message


def test_tabbys_ready_line_is_a_completed_start(tmp_path):
    d = diagnose(write_log(tmp_path, "\U0001f4c4 Version 0.11.1\n\U0001f680 Listening at 0.0.0.0:8080\n"))
    assert d.status == "no_failure", d.status_message


def test_an_image_builds_failed_step_is_not_a_servers_log(tmp_path):
    d = diagnose(write_log(tmp_path, "=> Step 1: RUN uv pip install --system huggingface_hub==0.33.0\n/bin/sh: 1: uv: not "
                                     "found\nTerminating task due to error: failed to run builder command \"uv pip install\": "
                                     "container exit status: 127\n"))
    assert (d.status, d.primary) == ("not_a_server_log", None), d.status_message
    assert "image build" in d.status_message


def test_vllms_route_list_before_uvicorn_is_up_is_not_a_completed_start(tmp_path):
    """vLLM prints its routes before uvicorn binds the port (a bind error can still follow):
    a log that stops at the routes is unfinished; uvicorn's ready line ends the start."""
    routes = ("INFO 11-07 17:53:33 launcher.py:19] Available routes are:\n"
              "INFO 11-07 17:53:33 launcher.py:27] Route: /v1/chat/completions, Methods: POST\n")
    d = diagnose(write_log(tmp_path, VLLM_STARTING + routes))
    assert d.status == "incomplete", d.status_message
    done = routes + "INFO:     Application startup complete.\n"
    assert diagnose(write_log(tmp_path, VLLM_STARTING + done)).status == "no_failure"


def test_a_long_loading_after_a_generic_ready_line_stays_in_hyperscan_until_it_is_closed(tmp_path):
    """Once a model loading was seen after a web app's ready line, its further progress lines
    change nothing: only a "loaded" line or another ready line is looked at (a flood of progress
    lines is not read line by line in Python)."""
    bar = "Loading checkpoint shards:  29%|###   | 2/7 [00:01<00:04,  1.14it/s]\n"
    start = VLLM_STARTING + "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
    d = diagnose(write_log(tmp_path, start + bar * 20000))
    assert d.status == "incomplete" and d.stats.candidate_lines < 50, (d.status, d.stats.candidate_lines)
    closed = diagnose(write_log(tmp_path, start + bar * 20000 + "INFO     Loaded the model in 4.02 seconds.\n"))
    assert closed.status == "no_failure", closed.status_message


def test_tei_ready_line_is_a_completed_start(tmp_path):
    d = diagnose(_file(tmp_path, """\
2024-08-03T12:27:26.237104Z  INFO text_embeddings_router::http::server: router/src/http/server.rs:1778: Starting HTTP server: 0.0.0.0:12345
2024-08-03T12:27:26.237197Z  INFO text_embeddings_router::http::server: router/src/http/server.rs:1779: Ready
"""))
    assert d.status == "no_failure" and "Ready" in d.status_message


VLLM_UP = """\
INFO 12-03 10:27:30 [api_server.py:1] vLLM API server version 0.11.0
(EngineCore_DP0 pid=9) INFO 12-03 10:27:30 [core.py:210] init engine (profile, create kv cache, warmup model) took 15.98 seconds
INFO:     Application startup complete.
INFO:     Uvicorn running on http://0.0.0.0:8001 (Press CTRL+C to quit)
INFO:     127.0.0.1:59632 - "POST /init_communicator/ HTTP/1.1" 200 OK
"""


def test_a_log_that_ends_at_an_error_after_the_start_is_incomplete_not_healthy(tmp_path):
    """The start completed, then the log stops at an engine's error: what it led to is cut off,
    so it is not exit 0; the same error followed by the server answering again is a request's."""
    ended = diagnose(_file(tmp_path, VLLM_UP + "(EngineCore_DP0 pid=9) ERROR 12-03 10:29:14 [core.py:780] "
                                              "Invocation of collective_rpc method failed\n", "ended.log"))
    assert ended.status == "incomplete" and "ends at an error" in ended.status_message
    assert ended.primary is None
    went_on = diagnose(_file(tmp_path, VLLM_UP + "(EngineCore_DP0 pid=9) ERROR 12-03 10:29:14 [core.py:780] "
                                                "Invocation of collective_rpc method failed\n"
                                                + 'INFO:     127.0.0.1:59640 - "GET /health HTTP/1.1" 200 OK\n' * 3,
                                 "went_on.log"))
    assert went_on.status == "no_failure"


# round 166: llama.cpp's rpc-server listening, then ggml's CUDA error block, its abort line not there
GGML_CUDA_ERROR = """\
CUDA error: CUBLAS_STATUS_NOT_INITIALIZED
  current device: 0, in function cublas_handle at /src/llama.cpp/ggml/src/ggml-cuda/common.cuh:644
  cublasCreate_v2(&cublas_handles[device])
"""
RPC_UP = """\
ggml_cuda_init: found 1 CUDA devices:
  Device 0: NVIDIA GeForce RTX 4060 Ti, compute capability 8.9, VMM: yes
Starting RPC server on 0.0.0.0:50052, backend memory: 7686 MB
Accepted client connection, free_mem=8059486208, total_mem=8222670848
"""


def test_a_log_that_ends_in_the_indented_lines_below_an_error_after_the_start_is_incomplete(tmp_path):
    """ggml prints a failed CUDA call as a head line and two indented lines, then aborts: a log
    that ends in those lines after its ready line ends at the error its head names, never exit 0;
    the same indented lines under a line that is no error leave the start as it was."""
    d = diagnose(_file(tmp_path, RPC_UP + GGML_CUDA_ERROR, "rpc.log"))
    assert d.status == "incomplete" and "line 5: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED" in d.status_message
    assert d.primary is None
    calm = diagnose(_file(tmp_path, RPC_UP + "Model info:\n  current layers: 32\n  context: 4096\n", "calm.log"))
    assert calm.status == "no_failure"


def test_the_indented_lines_below_an_error_are_read_as_one_across_read_blocks(tmp_path):
    """The head line in one read block and its indented lines in the next: the log's last lines
    are kept across blocks, so the ending is the same as in one block."""
    filler = "Accepted client connection, free_mem=8059486208, total_mem=8222670848\n"
    head, rest = GGML_CUDA_ERROR.split("\n", 1)
    pad = 4 * 1024 * 1024 - len(RPC_UP) - len(head) - 1     # the head ends the first 4 MiB block
    body = RPC_UP + filler * (pad // len(filler)) + "x" * (pad % len(filler) - 1) + "\n" + head + "\n" + rest
    d = diagnose(_file(tmp_path, body, "split.log"))
    assert d.status == "incomplete" and "CUDA error: CUBLAS_STATUS_NOT_INITIALIZED" in d.status_message


def test_a_completed_start_drowned_in_engine_errors_is_never_exit_0(tmp_path):
    """A flood of an engine's ERROR lines after the ready line (more than the structure keeps,
    the last one cut mid-line as a pipe leaves it) still ends the log at an error."""
    flood = "(EngineCore_DP0 pid=9) ERROR 12-03 10:29:14 [core.py:780] Invocation of collective_rpc method failed\n"
    d = diagnose(_file(tmp_path, VLLM_UP + flood * 3000 + flood[:70] + "\n\n\n", "flood.log"))
    assert d.status == "incomplete" and "line 3006" in d.status_message


def test_a_benchmark_clients_errors_are_not_a_server_log(tmp_path):
    d = diagnose(_file(tmp_path, """\
2025-03-06 05:11:35,638 - evalscope - ERROR - Request: {'model': 'm', 'max_tokens': 1024, 'stream': True}
2025-03-06 05:11:35,638 - evalscope - ERROR - Response status: None, error: timed out
"""))
    assert d.status == "not_a_server_log" and "EvalScope" in d.status_message and d.primary is None


def test_instructlabs_vllm_started_line_is_a_completed_start(tmp_path):
    d = diagnose(_file(tmp_path, """\
INFO 2024-11-14 20:24:19,282 instructlab.model.backends.vllm:136: Waiting for the vLLM server to start at http://127.0.0.1:56677/v1, this might take a moment... Attempt: 8/120
INFO 2024-11-14 20:24:26,485 instructlab.model.backends.vllm:143: vLLM engine successfully started at http://127.0.0.1:56677/v1
"""))
    assert d.status == "no_failure"


def test_ray_serve_llms_application_ready_is_a_completed_start(tmp_path):
    """Ray Serve's "Application ... is ready" counts next to an engine's line: Ray Serve LLM's
    replicas (LLMRouter, ray.serve.llm) are one."""
    d = diagnose(_file(tmp_path, """\
(ServeReplica:default:LLMRouter pid=523305) 2025-08-29 18:02:41,771     WARNING deprecation.py:50 -- DeprecationWarning: `ray.serve.llm.LLMRouter` has been deprecated.
INFO 2025-08-29 18:02:42,869 serve 519120 -- Application 'default' is ready at http://127.0.0.1:8000/.
"""))
    assert d.status == "no_failure"


@pytest.mark.parametrize(("text", "status"), [
    # llama.cpp's 2025 log: its server says it listens in its own words
    ("0.04.061.556 I srv  llama_server: model loaded\n"
     "0.04.061.560 I srv  llama_server: listening on http://127.0.0.1:8080\n", "no_failure"),
    # vLLM's worker processes are vLLM's lines, also when only LMCache speaks in them
    ("(VllmWorker rank=0 pid=247) [2025-06-07 20:33:02,563] LMCache INFO: Creating LMCacheEngine instance x\n",
     "incomplete"),
])
def test_more_engines_own_lines(tmp_path, text, status):
    assert diagnose(_file(tmp_path, text)).status == status


def test_llama_swaps_failed_health_check_is_a_servers_failure(tmp_path):
    d = diagnose(_file(tmp_path, "unable to start process: health check failed after 15s\n"
                                 "Process can not ProxyRequest, state is failed\n"))
    assert d.status == "failure"


READY = VLLM_MIDSTART + "INFO:     Application startup complete.\n"


@pytest.mark.parametrize("tail", [os.urandom(100_000).replace(b"\0", b"") + b"\0" * 64 + os.urandom(5000),
                                  b"\0" * 8192])
def test_binary_data_after_a_completed_start_is_never_a_healthy_start(tmp_path, tail):
    # a host that crashed leaves the file's tail zeroed; random bytes are no text either: whatever
    # the server wrote there is unknown, so the start's "no failure" is not earned
    path = _file(tmp_path, READY.encode() + tail)
    d = diagnose(path)
    assert d.status == "incomplete" and "binary data" in d.status_message and "(line 4: " in d.status_message
    assert CliRunner().invoke(diagnose_cmd, [path], standalone_mode=False).return_value == 3


@pytest.mark.parametrize("data, status", [
    (b"\0" * 8192 + READY.encode(), "no_failure"),       # a copy-truncated log's hole, then a fresh start
    (READY.encode() + b"\0" * 63, "no_failure"),         # a few stray NULs are no data yet
    (READY.encode() + b"\0" * 4096 + b"RuntimeError: No CUDA GPUs are available\n", "failure"),
])
def test_nul_bytes_before_the_start_or_beside_a_failure_change_nothing(tmp_path, data, status):
    assert diagnose(_file(tmp_path, data)).status == status


def test_binary_data_after_the_start_is_judged_the_same_through_a_bundle(tmp_path):
    from servecheck.cli.main import cli
    pad = "".join(f"INFO 06-03 10:00:00 [loader.py:1] harmless line {i}\n" for i in range(3000))
    path = _file(tmp_path, (pad + READY).encode() + b"\0" * 8192)    # past capture's 64 KB sniff
    bundle = tmp_path / "b"
    out = CliRunner().invoke(cli, ["capture", "--log", path, "--out", str(bundle), "--no-nvml", "--timeout", "5"])
    assert out.exit_code in (0, 4), out.output
    from_bundle, from_log = diagnose(str(bundle)), diagnose(path)
    assert from_bundle.status == from_log.status == "incomplete"
    assert "8192 NUL bytes on line 3005" in from_bundle.status_message


def test_a_few_kb_of_random_bytes_after_a_completed_start_are_binary_data_too(tmp_path):
    # 4 KB of random bytes hold about 16 NUL bytes, too few to count as data by themselves; the
    # last line is no text, though, so the start's "no failure" is not earned
    tail = bytes(b if b not in (0, 10) else 0xFF for b in os.urandom(4096))
    d = diagnose(_file(tmp_path, READY.encode() + tail))
    assert d.status == "incomplete" and "bytes that are no text" in d.status_message
    # a last line with a few odd characters is still text
    assert diagnose(_file(tmp_path, READY + "INFO:     déjà vu \ufffd ok\n", "ok.log")).status == "no_failure"


def test_a_wrapper_after_the_start_with_lines_after_it_is_incomplete_naming_both(tmp_path):
    """The start completed, then the engine says it failed without saying why and the log goes on
    with lines that are no ready line: not exit 0, and the message names the ready line and the
    wrapper's."""
    text = (VLLM_UP + "ERROR 12-03 10:29:14 [core_client.py:564] Engine core proc EngineCore_0 died unexpectedly, "
            "shutting down client.\nINFO 12-03 10:29:15 [launcher.py:80] Shutting down FastAPI HTTP server.\n")
    d = diagnose(_file(tmp_path, text, "after.log"))
    assert d.status == "incomplete" and d.primary is None
    assert "then says it failed (line 6: " in d.status_message and "completed (line 4: " in d.status_message


@pytest.mark.parametrize("text, said", [
    # vLLM's collect_env sections without its first lines (vllm-project/vllm#6370)
    ("Versions of relevant libraries:\n[pip3] torch==2.3.0\n[pip3] transformers==4.42.4\nvLLM Build Flags:\n"
     "CUDA Archs: Not Set; ROCm: Disabled; Neuron: Disabled\nGPU Topology:\nGPU0    GPU1    CPU Affinity\n", "environment report"),
    # httpx's connection refused in a client app calling Ollama (chat-with-pdf #1)
    ('  File "/app/.venv/lib/python3.11/site-packages/httpx/_transports/default.py", line 89, in map_httpcore_exceptions\n'
     "    raise mapped_exc(message) from exc\nhttpx.ConnectError: [Errno 111] Connection refused\n", "connection-refused"),
    # a CMake/ninja build of llama.cpp with CUDA (ggml-org/llama.cpp#3202)
    ("llama.cpp> [37/70] Building CXX object examples/server/CMakeFiles/server.dir/server.cpp.o\n"
     "llama.cpp> [38/70] Building CUDA object CMakeFiles/ggml.dir/ggml-cuda.cu.o\n"
     "llama.cpp> [40/70] Linking CUDA shared library libggml_shared.so\n", "build output"),
])
def test_reports_clients_and_builds_are_not_a_servers_log(tmp_path, text, said):
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary) == ("not_a_server_log", None), d.status_message
    assert said in d.status_message


def test_a_docstring_lint_at_error_level_is_no_failure_of_the_start(tmp_path):
    """transformers prints its docstring check of a processor's arguments at ERROR (gpustack/runner#251):
    a log that stops after it, before any ready line, is unfinished, not failed."""
    d = diagnose(write_log(tmp_path, VLLM_STARTING + "(EngineCore pid=367) [ERROR] `min_frames` is part of "
                           "Qwen3VLVideoProcessorInitKwargs, but not documented. Make sure to add it to the docstring "
                           "of the function in /usr/local/lib/python3.12/dist-packages/transformers/x.py.\n"))
    assert d.status == "incomplete", d.status_message


def test_ollamas_scheduler_failing_to_start_a_runner_after_listening_is_a_failure(tmp_path):
    """Ollama loads a model when asked, after 'Listening on'; its scheduler logs the failed runner
    start at INFO, quoting the error (ollama/ollama#6311)."""
    d = diagnose(write_log(tmp_path, """\
time=2024-08-12T00:39:55.675+08:00 level=INFO source=routes.go:1155 msg="Listening on 127.0.0.1:11434 (version 0.3.4)"
time=2024-08-12T00:39:55.677+08:00 level=INFO source=payload.go:44 msg="Dynamic LLM libraries []"
time=2024-08-12T00:40:24.046+08:00 level=INFO source=sched.go:424 msg="NewLlamaServer failed" model=D:\\m\\blobs\\sha256-8de9 error="no suitable llama servers found"
"""))
    assert (d.status, d.primary.cls) == ("failure", "other"), d.status_message
    assert d.primary.evidence[0].line == 3
    oom = diagnose(write_log(tmp_path, """\
time=2024-08-12T00:39:55.675+08:00 level=INFO source=routes.go:1155 msg="Listening on 127.0.0.1:11434 (version 0.3.4)"
time=2024-08-12T00:40:24.046+08:00 level=INFO source=sched.go:424 msg="NewLlamaServer failed" model=/m error="unable to allocate CUDA0 buffer"
""", "oom.log"))
    assert (oom.status, oom.primary.cls) == ("failure", "oom_weights"), oom.primary


def test_a_message_whose_own_traceback_is_cut_says_the_start_failed_not_why(tmp_path):
    """SGLang's "Initialization failed. warmup error: Traceback ..." logs its error's traceback after
    it: cut before the exception (OpenMOSS/MOSS-TTSD#101), why is missing."""
    d = diagnose(write_log(tmp_path, """\
[2026-01-16 13:35:33] INFO:     Application startup complete.
[2026-01-16 13:35:33] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)
[2026-01-16 13:35:34] INFO:     127.0.0.1:58460 - "GET /get_model_info HTTP/1.1" 200 OK
[2026-01-16 13:35:35] Initialization failed. warmup error: Traceback (most recent call last):
  File "/x/sglang/srt/entrypoints/http_server.py", line 1518, in _execute_server_warmup
    _global_state.moss_ttsd_processor = MossTTSDMultimodalProcessor(
"""))
    assert (d.status, d.primary) == ("incomplete", None), d.status_message
    assert "line 4" in d.status_message


def test_systemds_and_a_launchers_wrappers_are_not_read_again_as_bare_errors(tmp_path):
    """A snap's service (canonical/inference-snaps#214): the server's own wrapper, Go's 'Error: exit
    status 1' and systemd giving up; nothing names why: incomplete, with the wrapper named."""
    d = diagnose(write_log(tmp_path, """\
2025-12-01T14:54:47Z gemma3.server[391350]: main: exiting due to model loading error
2025-12-01T14:54:47Z gemma3.server[391330]: Error: exit status 1
2025-12-01T14:54:47Z systemd[1]: snap.gemma3.server.service: Main process exited, code=exited, status=1/FAILURE
2025-12-01T14:54:47Z systemd[1]: snap.gemma3.server.service: Failed with result 'exit-code'.
2025-12-01T14:54:47Z systemd[1]: snap.gemma3.server.service: Start request repeated too quickly.
2025-12-01T14:54:47Z systemd[1]: Failed to start snap.gemma3.server.service - Service for snap application gemma3.server.
"""))
    assert (d.status, d.primary) == ("incomplete", None), d.status_message
    assert "line 1" in d.status_message


def test_tritons_model_load_line_is_read_by_the_reason_it_quotes(tmp_path):
    d = diagnose(write_log(tmp_path, "I0101 00:00:00.000000 1 server.cc:1] Started\n"
                                     "E0101 00:00:01.000000 1 model_lifecycle.cc:1] failed to load 'mymodel' version 1: "
                                     "Internal: failed to stat file /tmp/foldert7APhn/1/model.onnx\n"))
    assert (d.status, d.primary.cls) == ("failure", "model_access"), d.primary


def test_a_syslog_wrapped_ollama_line_keeps_its_level_and_a_loud_one_stays_a_failure(tmp_path):
    from servecheck.diagnose import normalize
    line = ('Aug 16 00:44:16 custom ollama[3422]: time=2026-08-16T00:44:16.901+12:00 level=INFO source=llama_server.go:299 '
            'msg="skipping CUDA device — compute capability not in compiled architectures" device="Quadro P4000" cc=61')
    assert normalize.level(normalize.strip_prefixes(line)) == "INFO"
    assert normalize.strip_prefixes("2025-12-01T14:54:47Z gemma3.server[391330]: Error: exit status 1") == "Error: exit status 1"
    d = diagnose(write_log(tmp_path, "Aug 16 00:44:15 custom ollama[3422]:   Device 0: Quadro P4000, compute capability 6.1, "
                                     "VMM: yes, VRAM: 8107 MiB\n" + line + "\n"))
    assert (d.status, d.primary.cls) == ("failure", "gpu_arch_unsupported"), d.status_message


def test_an_api_error_body_alone_is_what_a_client_received(tmp_path):
    d = diagnose(write_log(tmp_path, '{"error":"something went wrong while handling the request"}\n'))
    assert d.status == "not_a_server_log" and "JSON error body" in d.status_message, d.status_message


def test_an_image_that_cannot_be_pulled_is_a_failed_start(tmp_path):
    """The written labelling rule: a container runtime's error that stopped the server from starting
    is a failure of the start (collabora/WhisperLive#150: a private image)."""
    d = diagnose(write_log(tmp_path, "Unable to find image 'ghcr.io/collabora/whisperlive-gpu:latest' locally\n"
                                     'docker: Error response from daemon: Head "https://ghcr.io/v2/collabora/whisperlive-gpu/'
                                     'manifests/latest": unauthorized.\n'))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "other", "container.image_pull_failed")


def test_ollama_dropping_a_gpu_it_could_not_initialise_is_no_gpu_even_at_debug(tmp_path):
    d = diagnose(write_log(tmp_path, """\
time=2026-01-20T19:32:01.700Z level=INFO source=routes.go:1554 msg="Listening on [::]:11434 (version 0.13.5)"
time=2026-01-20T19:32:02.198Z level=TRACE source=runner.go:467 msg="runner enumerated devices" OLLAMA_LIBRARY_PATH="[/usr/lib/ollama /usr/lib/ollama/cuda_v13]" devices=[]
time=2026-01-20T19:32:02.198Z level=DEBUG source=runner.go:153 msg="filtering device which didn't fully initialize" id=GPU-7327fca2 libdir=/usr/lib/ollama/cuda_v13 pci_id=0000:af:00.0 library=
"""))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible"), d.status_message


def test_a_log_that_ends_inside_a_requests_traceback_after_the_start_is_incomplete(tmp_path):
    """The start completed, then a request failed and the log ends inside its traceback: the server
    is not shown working, so no exit 0; the cut is named (zai-org/GLM-4#593; round 168's
    THUDM/ChatGLM-6B#628, both labelled incomplete)."""
    d = diagnose(write_log(tmp_path, VLLM_STARTING + """\
INFO 10-16 07:16:24 gpu_executor.py:122] # GPU blocks: 2370, # CPU blocks: 6553
INFO:     Application startup complete.
INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)
INFO:     127.0.0.1:45226 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error
ERROR:    Exception in ASGI application
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/uvicorn/protocols/http/httptools_impl.py", line 401, in run_asgi
    result = await app(  # type: ignore[func-returns-value]
"""))
    assert d.status == "incomplete", d.status_message
    assert "then a request failed and the log ends inside its traceback (line" in d.status_message


# A program that is no inference server (the labelling rule written after round 83): its output is not a
# server's log even when it shows a failure; the message names that failure, the primary keeps it.
NCCL_TESTS_DRIVER = ("# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20\n"
                     "# Using devices\n"
                     "node1: Test CUDA failure common.cu:891 'CUDA driver version is insufficient for CUDA runtime "
                     "version'\n")
LLAMA_CLI_CUDA = ("./llama-cli -m model.gguf -ngl 99 -p hello\n"
                  "ggml_cuda_init: failed to initialize CUDA: system not yet initialized\n"
                  "load_tensors: offloading 0 repeating layers to GPU\n")
TRAINING_BUS_ERROR = ("Traceback (most recent call last):\n"
                      '  File "/workspace/train.py", line 41, in <module>\n'
                      "    for batch in loader:\n"
                      '  File "/usr/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1328, in _next_data\n'
                      "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. It is possible that "
                      "dataloader's workers are out of shared memory. Please try to raise your shared memory limit.\n")


@pytest.mark.parametrize(("text", "cls", "program"), [
    (NCCL_TESTS_DRIVER, "driver_too_old", "nccl-tests"),
    (LLAMA_CLI_CUDA, "no_gpu_visible", "command-line runner"),
    (TRAINING_BUS_ERROR, "shm_too_small", "training or test job"),
    ("[Vector addition of 50000 elements]\nFailed to allocate device vector A (error code initialization error)!\n",
     "no_gpu_visible", "CUDA sample"),
], ids=["nccl-tests", "llama-cli", "training-job", "vector-add"])
def test_a_programs_failure_is_named_but_is_no_servers_start(tmp_path, text, cls, program):
    path = _file(tmp_path, text)
    d = diagnose(path)
    assert (d.status, d.primary.cls if d.primary else None) == ("not_a_server_log", cls), d.status_message
    assert program in d.status_message and f"it shows {cls}" in d.status_message
    out = CliRunner().invoke(diagnose_cmd, [path], standalone_mode=False)
    assert out.return_value == 3
    assert "FAILURE THE PROGRAM SHOWS" in out.stdout and "PRIMARY ROOT CAUSE" not in out.stdout


@pytest.mark.parametrize(("program", "server", "after"), [
    # llama-cli of 2026 loads through llama-server's code and prints its 'srv load_model' lines itself
    # (round 227): below its mark they are the runner's
    (LLAMA_CLI_CUDA, "srv    load_model: loading model 'model.gguf'\n", "not_a_server_log"),
    (TRAINING_BUS_ERROR, "INFO 05-01 12:00:01 [api_server.py:1] vLLM API server version 0.11.1\n", "failure"),
    (NCCL_TESTS_DRIVER, "[2025-07-21 06:52:38] I srv   start: starting\n", "failure"),
], ids=["llama-server-line", "vllm-line", "llama-box-line"])
def test_a_programs_marks_beside_a_servers_own_lines_are_that_servers_log(tmp_path, program, server, after):
    """A line that names a server of its own (not torch, CUDA or llama.cpp's model loader, which every
    program prints) makes the text that server's log above the program's marks, and below them too unless
    the program prints such lines itself."""
    d = diagnose(_file(tmp_path, server + program))
    assert d.status == "failure", d.status_message
    d = diagnose(_file(tmp_path, program + server))
    assert d.status == after, d.status_message


def test_a_programs_mark_far_into_a_long_log_still_counts(tmp_path):
    """The scan keeps looking for a line that names a server after its first engine line: a program's
    output with thousands of torch and NCCL lines and no server's line is still the program's."""
    chatter = "".join(f"node1:{i}:{i} [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC\n" for i in range(3000))
    d = diagnose(_file(tmp_path, chatter + TRAINING_BUS_ERROR))
    assert (d.status, d.primary.cls) == ("not_a_server_log", "shm_too_small"), d.status_message
    late = diagnose(_file(tmp_path, chatter + TRAINING_BUS_ERROR + "(APIServer pid=1) INFO 05-01 12:00:01 [api_server.py:1] vLLM API server\n"))
    assert late.status == "failure", late.status_message


def test_nvidia_smi_in_a_shell_is_its_own_output_only_when_nothing_else_is_there(tmp_path):
    """nvidia-smi prints no server-log line: its prompt and its error alone are a GPU tool's output (the
    failure named), while the same lines beside a Python server's traceback are that server's log."""
    smi = "root@239f910629d5:/workspace# nvidia-smi\nFailed to initialize NVML: Unknown Error\n"
    alone = diagnose(_file(tmp_path, smi))
    assert (alone.status, alone.primary.cls) == ("not_a_server_log", "no_gpu_visible"), alone.status_message
    server = ("Traceback (most recent call last):\n  File \"/app/server.py\", line 12, in <module>\n"
              "    torch.cuda.init()\nRuntimeError: Found no NVIDIA driver on your system.\n")
    beside = diagnose(_file(tmp_path, smi + server))
    assert (beside.status, beside.primary.cls) == ("failure", "no_gpu_visible"), beside.status_message


_SERVED = ("INFO 01-19 13:40:00 [api_server.py:1] vLLM API server version 0.10.1\n"
           "INFO:     Application startup complete.\n"
           'INFO:     192.168.1.201:50028 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n'
           "INFO 01-19 13:55:01 [launcher.py:80] Shutting down FastAPI HTTP server.\n"
           "INFO:     Application shutdown complete.\n")


def test_a_start_after_the_completed_one_that_stops_is_incomplete(tmp_path):
    """Round 157 (gpustack#4300): a log that goes on past a completed start into a new one (a
    restarted container) is judged by the last start: stopped before it finished, nothing to judge."""
    from servecheck.diagnose.api import diagnose
    log = tmp_path / "start.log"
    log.write_text(_SERVED + "INFO 01-19 14:22:52 [__init__.py:235] Automatically detected platform cuda.\n")
    d = diagnose(str(log))
    assert d.status == "incomplete" and "then a new start (line 6" in d.status_message, d.status_message


def test_a_new_start_that_completes_again_is_a_completed_start(tmp_path):
    from servecheck.diagnose.api import diagnose
    log = tmp_path / "start.log"
    log.write_text(_SERVED + "INFO 01-19 14:22:52 [__init__.py:235] Automatically detected platform cuda.\n"
                   "INFO:     Application startup complete.\n")
    d = diagnose(str(log))
    assert d.status == "no_failure", d.status_message


# The container-check relabelling (docs/eval/container-check-relabelling.md): a blind pair agreed on all 52 logs.
_SMI_RUN = ("docker run -it --gpus all nvidia/cuda:11.4.0-base-ubuntu20.04 nvidia-smi\n"
            "docker: Error response from daemon: failed to create shim task: OCI runtime create failed: runc create "
            "failed: unable to start container process: error during container init: error running hook #0: error "
            "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
            "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
            "object file: no such file or directory: unknown.\n")


def test_a_container_run_of_nvidia_smi_is_that_checks_output_with_the_runtimes_error(tmp_path):
    """A container whose command is nvidia-smi starts no server: the runtime's error below it is that check's
    (OpenTalker/SadTalker#49, NVIDIA/nvidia-container-toolkit#434); a server's own line beside it makes the text
    that server's log."""
    d = diagnose(_file(tmp_path, _SMI_RUN))
    assert (d.status, d.primary.cls) == ("not_a_server_log", "no_gpu_visible"), d.status_message
    assert "container run whose command is a GPU check" in d.status_message
    d = diagnose(_file(tmp_path, _SMI_RUN.replace("nvidia-smi\n", "nvidia-smi -L\n", 1)))
    assert d.status == "not_a_server_log", d.status_message
    served = _SMI_RUN + "INFO 05-01 12:00:01 [api_server.py:1] vLLM API server version 0.11.1\n"
    assert diagnose(_file(tmp_path, served)).status == "failure"


def test_kernel_lines_alone_show_the_failure_and_beside_a_host_check_stay_its_output(tmp_path):
    """The NVIDIA module's NVRM lines are the GPU's and driver's: alone they are the failure they show (a blind
    pair, 8 labels changed: NVIDIA/dgx-spark-playbooks#97, NVIDIA/NVSentinel#155); after `nvidia-smi` and
    `dmesg` run in a shell they stay that host check's output (NVIDIA/open-gpu-kernel-modules#862)."""
    nomem = ("NVRM: nvCheckOkFailedNoLog: Check failed: Out of memory [NV_ERR_NO_MEMORY]\n"
             "(0x00000051) returned from _memdescAllocInternal(pMemDesc) @ mem_desc.c:1359\n")
    d = diagnose(_file(tmp_path, nomem))
    assert (d.status, d.primary.cls) == ("failure", "oom_weights"), d.status_message
    host = ("# nvidia-smi\nNo devices were found\n\n# meanwhile, output in /var/log/syslog\n"
            "Jul 01 22:55:07 gpu kernel: NVRM: GPU 0000:01:00.0: rm_init_adapter failed, device minor number 0\n"
            "Jul 01 22:55:07 gpu kernel: NVRM: GPU 0000:01:00.0: RmInitAdapter failed! (0x22:0x56:884)\n")
    d = diagnose(_file(tmp_path, host))
    assert (d.status, d.primary.cls) == ("not_a_server_log", "no_gpu_visible"), d.status_message


def test_sglangs_offline_benchmark_is_a_program_and_mooncakes_lines_an_engine_under_way(tmp_path):
    """Round 276: `python -m sglang.bench_one_batch` runs the model in its own process, no server, and its
    traceback runs through SGLang's modules (sgl-project/sglang#21935); the Mooncake transfer engine's RDMA
    set-up lines are an engine's start under way, no more (sgl-project/sglang#6193)."""
    bench = ("Script : python -m sglang.bench_one_batch --model deepseek-ai/deepseek-moe-16b-chat --tp-size 2\n"
             "Error : Process Process-1:\nTraceback (most recent call last):\n"
             '  File "/opt/conda/lib/python3.10/site-packages/sglang/bench_one_batch.py", line 673, in latency_test\n'
             "    latency_test_run_once(\n")
    assert diagnose(_file(tmp_path, bench)).status == "not_a_server_log"
    rdma = "".join(f"I0513 11:04:17.4{i:05d}  5507 rdma_context.cpp:125] RDMA device: mlx5_{i}, LID: 66, "
                   f"GID: (GID_Index 0) fe:80:00:00:00:00:00:00:a0:88:c2:03:00:24:c9:2{i}\n" for i in range(3))
    assert diagnose(_file(tmp_path, rdma)).status == "incomplete"


_PINNED = ("W0110 17:49:49.075569 563 pinned_memory_manager.cc:236] Unable to allocate pinned system memory, pinned "
           "memory pool will not be available: CUDA driver version is insufficient for CUDA runtime version\n"
           "I0110 17:49:49.075685 563 cuda_memory_manager.cc:115] CUDA memory pool disabled\n"
           "I0110 17:49:49.079529 563 model_lifecycle.cc:459] loading: image_encoder:1\n")


def test_a_library_the_build_lacks_after_tritons_pool_warning_is_the_cause_not_the_driver(tmp_path):
    """Round 277 (triton-inference-server/server#5232): Triton logs its pinned-memory pool's error 35 and goes on;
    its models then fail to load a library the self-built backend lacks: a driver of any age loads a library that
    is there, so the missing file is the cause and the warning no driver_too_old. The warning alone stays one."""
    lacks = ("E0110 17:49:49.081494 563 model_lifecycle.cc:597] failed to load 'image_encoder' version 1: Not found: "
             "unable to load shared library: libc10.so: cannot open shared object file: No such file or directory\n")
    d = diagnose(_file(tmp_path, _PINNED + lacks))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "other", "generic.missing_shared_library")
    pool = next(f for f in d.findings if f.signature == "triton.pinned_memory_insufficient_driver")
    assert pool.severity == "warning" and "a library the build lacks" in (pool.note or "")
    alone = diagnose(_file(tmp_path, _PINNED))
    assert alone.primary is not None and alone.primary.cls == "driver_too_old", alone.status_message


def test_a_clients_exception_relaying_a_named_cause_is_that_failure(tmp_path):
    """Round 277 (triton-inference-server/server#5803): a Triton client's exception that quotes the server's
    load failure with a named cause (a C++ symbol the backend's libtorch lacks) is that failure, as the relay
    rule reads it; its own bare error stays the client's."""
    relay = ("tritonclient.utils.InferenceServerException: load failed for model 'retinanet': version 1 is at "
             "UNAVAILABLE state: Not found: unable to load shared library: /opt/tritonserver/backends/pytorch/"
             "libtriton_pytorch.so: undefined symbol: _ZN5torch3jit4loadERSiN3c108optionalINS2_6DeviceEEEb;\n")
    d = diagnose(_file(tmp_path, relay))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "other", "image.cxx_undefined_symbol")
    bare = "tritonclient.utils.InferenceServerException: [StatusCode.UNAVAILABLE] failed to connect to all addresses\n"
    assert diagnose(_file(tmp_path, bare)).status == "not_a_server_log"


def test_a_unittest_report_through_an_engines_test_file_is_a_test_run(tmp_path):
    """Round 278 (sgl-project/sglang#4130): Python unittest's report ('ERROR: test_x (module.Class)') marks a test
    run, its traceback through the engine's own test file no server's start."""
    report = ("======================================================================\n"
              "ERROR: test_rms_norm (__main__.TestRMSNorm) (num_tokens=4096, hidden_size=8199)\n"
              "----------------------------------------------------------------------\n"
              "Traceback (most recent call last):\n"
              '  File "/home/nvidia/sglang/python/sglang/test/test_layernorm.py", line 56, in test_rms_norm\n'
              "    self._run_rms_norm_test(*params)\n")
    d = diagnose(_file(tmp_path, report))
    assert d.status == "not_a_server_log" and "unittest" in d.status_message, d.status_message
