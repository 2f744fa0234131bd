from tests.diagnose.logfile import write_log

from servecheck.diagnose.api import diagnose
from servecheck.diagnose.normalize import MAX_LINE_BYTES, clean, level, quiet, strip_prefixes
from servecheck.diagnose.structure import proc_key


def test_ansi_docker_timestamp_and_process_prefixes_are_removed():
    raw = (b"2025-11-30T05:21:33.123456789Z (APIServer pid=1) (EngineCore_DP0 pid=68) "
           b"\x1b[1;31mERROR\x1b[0m 02-06 16:34:06 [core.py:936] RuntimeError: boom")
    segs, cut = clean(raw)
    assert segs == ["ERROR 02-06 16:34:06 [core.py:936] RuntimeError: boom"] and not cut
    assert level(segs[0]) == "ERROR"


def test_cloud_logging_copies_and_colours_whose_escape_was_lost():
    """Google Cloud Logging's export puts each entry under its severity and time; a paste that lost
    the escape byte leaves "[1;36m" around vLLM's process tag (vllm-project/vllm#15784)."""
    segs, _ = clean(b"INFO 2025-03-30T23:51:21.299840450Z [1;36m(VllmWorkerProcess pid=630)[0;0m ERROR 03-30 "
                    b"23:51:21 multiproc_worker_utils.py:243] KeyError: 'x'")
    assert segs == ["ERROR 03-30 23:51:21 multiproc_worker_utils.py:243] KeyError: 'x'"]
    assert strip_prefixes("ERROR 2025-03-30T23:51:21.303592681Z [rank0]: Traceback (most recent call last):") == \
        "Traceback (most recent call last):"
    assert clean(b"waited [30m] for the model")[0] == ["waited [30m] for the model"]


def test_a_terminal_panes_borders_are_not_the_lines():
    """A log pasted from a terminal pane or a console panel keeps its box borders on each line
    (SalesforceAIResearch/xLAM#21); a border inside the line stays."""
    segs, _ = clean("│ AttributeError: 'list' object has no attribute 'get'          │".encode())
    assert segs == ["AttributeError: 'list' object has no attribute 'get'"]
    assert clean("  ┃ INFO: a │ b ┃".encode())[0] == ["INFO: a │ b"]


def test_ray_worker_rank_and_compose_prefixes():
    assert strip_prefixes("(RayWorkerWrapper pid=5486, ip=10.0.0.1) INFO x") == "INFO x"
    assert strip_prefixes("(VllmWorker rank=0 pid=85) ERROR y") == "ERROR y"
    assert strip_prefixes("[rank0]: ValueError: z") == "ValueError: z"
    assert strip_prefixes("web  | CUDA error 35") == "CUDA error 35"
    assert strip_prefixes("  | [2025-03-10T15:07:20Z] ERROR a") == "ERROR a"
    assert strip_prefixes("| NVIDIA-SMI 575.57.08 |") == "| NVIDIA-SMI 575.57.08 |"


def test_docker_desktops_log_view_is_a_prefix_but_loguru_columns_are_the_line():
    """Docker Desktop's log view, copied, puts "TIME | " before each line of the container
    (tests/diagnose/logs/r134-...-chatterbox-tts-server-114.log, r5-vllm-18916-...): the line after
    it is the container's own, with its own level; loguru's "TIME | LEVEL | where - message" keeps
    its level column."""
    segs, _ = clean(b"2026-02-05 22:11:15.338 | ERROR 02-06 16:34:06 [core.py:936] RuntimeError: boom")
    assert segs == ["ERROR 02-06 16:34:06 [core.py:936] RuntimeError: boom"] and level(segs[0]) == "ERROR"
    assert strip_prefixes("2026-01-12T16:24:01.310Z | [2026-01-12T16:24:01] warning: GPUs ignored") == \
        "warning: GPUs ignored"
    assert strip_prefixes("2024-05-01 12:00:00.123 | INFO     | app.main:run:12 - ready") == \
        "| INFO     | app.main:run:12 - ready"
    assert strip_prefixes("2024-05-01 12:00:00.123 | SUCCESS | app:run:1 - up") == "| SUCCESS | app:run:1 - up"


def test_a_ray_data_actors_tag_holds_parentheses():
    # ray-project/ray#59522: Ray Data names its map worker after the operator it runs
    tag = "(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=74562, ip=192.168.92.185) "
    assert strip_prefixes(tag + "frame #0: c10::Error::Error()") == "frame #0: c10::Error::Error()"
    assert proc_key(tag + "INFO x") == "MapWorker(MapBatches(vLLMEngineStageUDF)) pid=74562, ip=192.168.92.185"
    assert strip_prefixes("(not a tag (no pid)) x") == "(not a tag (no pid)) x"


def test_progress_bars_crlf_and_bad_bytes():
    segs, _ = clean(b"Loading:  10%\rLoading:  90%\rRuntimeError: No CUDA GPUs are available\r")
    assert segs[-1] == "RuntimeError: No CUDA GPUs are available" and len(segs) == 3
    segs, _ = clean(b"caf\xe9 \xff ValueError: x")
    assert segs[0].endswith("ValueError: x") and "\ufffd" in segs[0]


def test_overlong_lines_are_cut_and_counted():
    segs, cut = clean(b"RuntimeError: boom " + b"x" * (MAX_LINE_BYTES * 3))
    assert cut and segs == ["RuntimeError: boom"]  # the cut blob is dropped whole, never half-kept
    segs, cut = clean(b"y " * MAX_LINE_BYTES)
    assert cut and len(segs[0]) <= MAX_LINE_BYTES


def test_levels():
    assert level("WARNING 06-03 08:39:32 [nixl_utils.py:34] NIXL") == "WARNING"
    assert level("INFO:     Application startup complete.") == "INFO"
    assert level("RuntimeError: x") is None


def test_other_engines_levels():
    assert level("WARN text_generation_launcher: Unable to use Flash Attention V2") == "WARNING"
    assert level('time=2024-11-08T01:14:14.096+05:30 level=INFO source=server.go:626 msg="x"') == "INFO"
    assert level("[TensorRT-LLM][WARNING] x") == "WARNING" and level("[TRT-LLM] [E] y") == "ERROR"
    assert level("- lmdeploy - WARNING - Device does not support bfloat16.") == "WARNING"
    # Triton's Python stub reports fatal errors on glog "I" lines: those are not read as quiet
    assert level('I0806 21:52:45.863589 1 pb_stub.cc:366] "Failed to initialize Python stub"') is None


def test_a_supervisors_relay_of_a_childs_line_takes_the_childs_level(tmp_path):
    relayed = ("2025-06-06T19:02:34.250Z DEBUG dynamo_run::subprocess: 2025-06-06T19:02:34.249Z ERROR "
               "engine.run_mp_engine: CUDA out of memory. Tried to allocate 112.00 MiB.")
    (seg,), _ = clean(relayed.encode())
    assert seg.startswith("ERROR engine.run_mp_engine: CUDA out of memory") and not quiet(seg)
    # a tracing line whose message does not begin with a timestamp keeps its own level
    (own,), _ = clean(b"DEBUG dynamo_run::subprocess: child exited with 0")
    assert level(own) == "DEBUG" and quiet(own)
    d = diagnose(write_log(tmp_path, relayed + "\n"))
    assert (d.status, d.primary.cls) == ("failure", "oom_weights")


def test_fastchats_relay_of_stdout_and_stderr_is_no_level(tmp_path):
    # FastChat logs a process's stdout at INFO and its stderr at ERROR (fastchat/utils.py): the
    # message's own form decides (https://github.com/chatchat-space/Langchain-Chatchat/issues/4214)
    assert strip_prefixes("| INFO | stdout | Error: Failed to load GPTQ-for-LLaMa.") == "Error: Failed to load GPTQ-for-LLaMa."
    assert not quiet(strip_prefixes("| INFO | stdout | Error: Failed to load GPTQ-for-LLaMa."))
    text = ("2024-06-19 15:41:51 | INFO | model_worker | Register to controller\n"
            "2024-06-19 15:41:51 | ERROR | stderr | INFO:     Started server process [3584532]\n"
            "2024-06-19 15:41:51 | ERROR | stderr | INFO:     Application startup complete.\n"
            "2024-06-19 15:41:51 | ERROR | stderr | INFO:     Uvicorn running on http://0.0.0.0:20000 (Press CTRL+C to quit)\n"
            "2024-06-19 15:41:52 | INFO | model_worker | Loading the model ['chatglm3-6b'] on worker 4226d41e ...\n"
            "2024-06-19 15:41:52 | INFO | stdout | Loading GPTQ quantized model...\n"
            "2024-06-19 15:41:52 | INFO | stdout | Error: Failed to load GPTQ-for-LLaMa. No module named 'llama'\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary is not None and d.primary.first_line == 7
