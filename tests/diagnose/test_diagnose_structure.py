"""Structure decides when no signature names the cause: signals, scheduler events, exceptions."""

from __future__ import annotations

import io

import pytest
from tests.diagnose.logfile import write_log

from servecheck.diagnose import signatures, structrules, structure
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.scan import Scanner

ENGINE_LINE = "INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2\n"


def test_a_shard_killed_by_sigbus_is_shm_with_the_wrapper_as_consequence(tmp_path):
    d = diagnose(write_log(tmp_path, """\
2024-05-01T10:00:00.000000Z  INFO text_generation_launcher: Starting shard rank=0
2024-05-01T10:00:05.000000Z ERROR text_generation_launcher: Shard 0 failed to start
2024-05-01T10:00:05.000000Z ERROR text_generation_launcher: Shard process was signaled to shutdown with signal 7
Error: ShardCannotStart
"""))
    assert (d.primary.cls, d.primary.signature) == ("shm_too_small", "struct.signal.sigbus")
    assert d.primary.evidence[0].line == 3 and d.primary.confidence < 0.9
    assert d.primary.consequences and d.status == "failure"


def test_a_ray_placement_no_node_can_satisfy_is_no_gpu_visible(tmp_path):
    d = diagnose(write_log(tmp_path, """\
INFO 06-03 10:00:00 [ray_utils.py:1] Connecting to existing Ray cluster at address: 10.0.0.1:6379...
(autoscaler +1m2s) Error: No available node types can fulfill resource request {'GPU': 1.0}. Add suitable node types.
"""))
    assert (d.primary.cls, d.primary.signature, d.primary.first_line) == ("no_gpu_visible", "struct.ray.unschedulable", 2)


def test_exception_type_and_raising_package_decide(tmp_path):
    d = diagnose(write_log(tmp_path, """\
INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai/api_server.py", line 1, in run
    build()
  File "/usr/local/lib/python3.12/dist-packages/huggingface_hub/utils/_http.py", line 2, in raise_for
    raise OfflineModeIsEnabled(msg)
huggingface_hub.errors.OfflineModeIsEnabled: Cannot reach https://hf.co/api/models/x/y: offline mode is enabled.
"""))
    assert d.status == "failure" and d.primary.cls == "model_access"
    assert d.primary.evidence[-1].line == 7


def test_a_fatal_exception_nothing_explains_is_other_never_no_failure(tmp_path):
    d = diagnose(write_log(tmp_path, """\
INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2
(EngineCore_DP0 pid=7) Traceback (most recent call last):
(EngineCore_DP0 pid=7)   File "/usr/local/lib/python3.12/dist-packages/fluxlib/core.py", line 4, in charge
(EngineCore_DP0 pid=7)     raise Flux("x")
(EngineCore_DP0 pid=7) fluxlib.core.FluxCapacitorFailure: not charged
"""))
    assert d.status == "failure" and d.primary.cls == "other"
    assert d.primary.evidence[-1].text.endswith("FluxCapacitorFailure: not charged")


def test_tracebacks_of_interleaved_ranks_are_kept_apart():
    s = structure.Structure()
    lines = [
        ("(VllmWorker rank=0 pid=1) Traceback (most recent call last):", {"tb_header"}),
        ("(VllmWorker rank=1 pid=2) Traceback (most recent call last):", {"tb_header"}),
        ('(VllmWorker rank=0 pid=1)   File "/x/site-packages/torch/distributed/c10d.py", line 1, in f', {"tb_frame"}),
        ('(VllmWorker rank=1 pid=2)   File "/x/site-packages/vllm/config/model.py", line 1, in g', {"tb_frame"}),
        ("(VllmWorker rank=1 pid=2) ValueError: bad config", {"exc_line"}),
        ("(VllmWorker rank=0 pid=1) torch.distributed.DistBackendError: NCCL error", {"exc_line"}),
    ]
    for n, (text, kinds) in enumerate(lines, 1):
        s.feed(n, text, kinds)
    got = {(e.type, e.package) for e in s.exceptions}
    assert got == {("ValueError", "vllm.config.model"), ("DistBackendError", "torch.distributed.c10d")}


@pytest.mark.parametrize("prefix", ["[rank3]: ", "[1,0]<stderr>: ", "0: ", "(RayWorkerWrapper pid=9, ip=10.0.0.2) "])
def test_process_prefixes_are_read(prefix):
    assert structure.proc_key(prefix + "Traceback (most recent call last):")
    assert structure.body(prefix + "ValueError: x") == "ValueError: x"


def test_the_direct_cause_chain_starts_at_the_root():
    s = structure.Structure()
    feed = [
        ("Traceback (most recent call last):", {"tb_header"}),
        ('  File "/x/site-packages/huggingface_hub/file_download.py", line 1, in f', {"tb_frame"}),
        ("huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files", {"exc_line"}),
        ("The above exception was the direct cause of the following exception:", {"tb_chain"}),
        ("Traceback (most recent call last):", {"tb_header"}),
        ('  File "/x/site-packages/transformers/utils/hub.py", line 1, in g', {"tb_frame"}),
        ("OSError: We couldn't connect to 'https://huggingface.co' to load the files", {"exc_line"}),
    ]
    for n, (text, kinds) in enumerate(feed, 1):
        s.feed(n, text, kinds)
    chain = s.exceptions[-1].chain()
    assert [e.type for e in chain] == ["LocalEntryNotFoundError", "OSError"]
    rule = structrules.decide(s, 0, lambda t: t)
    assert rule.cls == "model_access" and rule.first_line == 3


def test_rules_are_data_with_sources():
    rules = structrules.rules()
    assert len(rules) >= 10
    assert all(r.references and all(u.startswith("https://") for u in r.references) for r in rules)


def test_a_pod_never_scheduled_is_no_gpu_visible(tmp_path):
    d = diagnose(write_log(tmp_path, """\
Name:             triton-0
Status:           Pending
Controlled By:    ReplicaSet/triton
Conditions:
  Type           Status
  PodScheduled   False
"""))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible")
    s = structure.Structure()            # the structural rule alone reads it the same way
    s.feed(6, "  PodScheduled   False", {"k8s_unscheduled"})
    assert structrules.decide(s, 0, lambda t: t).signature == "struct.k8s.unscheduled"


@pytest.mark.parametrize("line, errno, cls", [
    ("E0118 08:31:52.149680 840 main.cc:257] failed to start HTTP service: Unavailable - Socket '0.0.0.0:1111' "
     "already in use", 98, "port_in_use"),
    ('Error: pull model manifest: Get "https://registry.ollama.ai/v2/x": dial tcp 1.2.3.4:443: connect: '
     "connection refused", 111, "model_access"),
    ("Error: mkdir /home/u/models: permission denied", 13, "other"),
])
def test_errno_texts_decide_when_no_signature_does(tmp_path, line, errno, cls):
    s = structure.Structure()
    s.feed(1, line, {"errno", "error_line"})
    assert any(e.kind == "errno" and e.value == errno for e in s.events)
    d = diagnose(write_log(tmp_path, line + "\n"))
    assert d.status == "failure" and d.primary.cls == cls


def test_the_exception_that_ends_a_traceback_says_why_a_frame_says_where(tmp_path):
    # a signature reads KServe's storage-download frame (model_access); the traceback ends in a
    # PermissionError (errno 13) that a structural rule names: the exception leads (the message is
    # cut as the thread excerpt of kserve#4310 cut it, so no permission signature reads it)
    d = diagnose(write_log(tmp_path, """\
2025-04-03 19:26:55.288 1 kserve INFO [initializer-entrypoint:<module>():16] Initializing
Traceback (most recent call last):
  File "/storage-initializer/scripts/initializer-entrypoint", line 17, in <module>
    Storage.download(src_uri, dest_path)
  File "/usr/lib/python3.11/os.py", line 225, in makedirs
PermissionError: [Errno 13] Permissi
"""))
    assert (d.primary.cls, d.primary.signature) == ("other", "struct.errno.permission")
    assert d.primary.consequences[0].signature == "r8.kserve_storage_download"


def test_a_bind_refused_with_eacces_or_eaddrnotavail_is_a_bind_failure(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE_LINE + "[Errno 13] error while attempting to bind on address ('127.0.0.1', 5000): "
                                              "access forbidden\n"))
    assert (d.primary.cls, d.primary.signature) == ("port_in_use", "struct.errno.bind_eacces")
    d = diagnose(write_log(tmp_path, ENGINE_LINE + "ERROR:    [Errno 99] error while attempting to bind on address "
                                              "('::1', 21001, 0, 0): cannot assign requested address\n"))
    # a bind failure, as the labelling instructions define port_in_use (relabelled blind after round 71)
    assert (d.primary.cls, d.primary.layer) == ("port_in_use", "network")


def test_a_web_apps_ready_line_without_an_engine_line_does_not_hide_an_earlier_error(tmp_path):
    text = ("[Errno 13] error while attempting to bind on address ('127.0.0.1', 5000): access forbidden\n"
            "Running on local URL:  http://127.0.0.1:7860\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary.cls == "port_in_use"
    # with an engine line the Gradio ready line ends the start, but not on the port that was refused:
    # that listener (text-generation-webui's OpenAI API on :5000) never came up (round 11's label)
    d = diagnose(write_log(tmp_path, ENGINE_LINE + text))
    assert d.status == "failure" and d.primary.cls == "port_in_use"
    # an error on the port that came up later (a retry that bound it) was survived
    d = diagnose(write_log(tmp_path, ENGINE_LINE + text.replace("5000", "7860")))
    assert d.status == "no_failure"
    # a timestamp's minutes and seconds are no port: the same stamp on both lines joins no two ports
    stamped = "".join(f"2024-01-01 12:05:33 {line}\n" for line in text.splitlines())
    d = diagnose(write_log(tmp_path, ENGINE_LINE + stamped))
    assert d.status == "failure" and d.primary.cls == "port_in_use", d.status_message


def test_an_excerpt_that_starts_inside_a_traceback_still_has_its_exception_read(tmp_path):
    """No "Traceback (most recent call last)" line (the top was cut when pasted): the frames open
    the traceback, so the exception that ends it is read with its raising module."""
    d = diagnose(write_log(tmp_path, """\
  File "/opt/venv/lib/python3.12/site-packages/fluxengine/layers/linear.py", line 184, in __init__
    self.quant_method = quant_config.get_quant_method(self)
  File "/opt/venv/lib/python3.12/site-packages/fluxengine/quantization/vq.py", line 340, in get_config_for_key
    raise ValueError(f"Cannot find config for ({prefix}, {key})")
ValueError: Cannot find config for (, )
"""))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "model_config", "struct.exc.config_module")
    assert d.primary.first_line == 5 and "fluxengine.quantization.vq" in d.primary.note


def test_a_module_that_plays_a_config_part_decides_in_any_engine(tmp_path):
    d = diagnose(write_log(tmp_path, ENGINE_LINE + """\
Traceback (most recent call last):
  File "/usr/lib/python3/dist-packages/otherengine/configs/model_config.py", line 9, in verify
    raise KeyError("rope_scaling")
KeyError: 'rope_scaling'
"""))
    assert (d.primary.cls, d.primary.signature) == ("model_config", "struct.exc.config_module")


def test_an_evicted_pod_is_a_failure_with_the_kubelet_message(tmp_path):
    d = diagnose(write_log(tmp_path, """\
  Warning  Evicted            5s    kubelet            Usage of EmptyDir volume "models" exceeds the limit "1536Mi".
  Normal   Killing            5s    kubelet            Stopping container server
"""))
    assert (d.status, d.primary.cls, d.primary.signature, d.primary.first_line) == (
        "failure", "other", "struct.k8s.evicted", 1)


def test_a_wrappers_own_exception_is_not_read_again_by_its_raiser(tmp_path):
    """vLLM's "failed to be inspected" is raised in its model registry: the raiser says where the
    wrapper was raised, not the cause it wraps, so it stays a wrapper."""
    d = diagnose(write_log(tmp_path, """\
  File "/venv/lib/python3.12/site-packages/vllm/model_executor/models/registry.py", line 401, in _raise_for_unsupported
    raise ValueError(
ValueError: Model architectures ['Qwen2ForCausalLM'] failed to be inspected. Please check the logs for more details.
"""))
    # a wrapper that quotes no cause: the start failed, why is not in the lines (read by the raiser,
    # it would be a failure of the registry's ValueError)
    assert d.primary is None and d.status == "incomplete" and "says the start failed (line 3: " in d.status_message


@pytest.mark.parametrize("line, is_error", [
    ("srun: error: task 0 launch failed: Plugin initialization failed", True),
    ("slurmstepd: error: pyxis: couldn't start container", True),
    ("[2019-09-24T10:10:06.901] [321.0] error: spank: required plugin spank_pyxis.so: init_post_opt() failed", True),
    ("gcc: fatal: no input files", True),
    ("Feb 20 18:59:13 node2.int.example slurmd[57977]: fatal: gres.conf duplicate records for gpu", True),
    ("INFO 06-03 10:00:01 [loader.py:1] retries: 0 errors: 0", False),
    ("model.layers.0.error_norm: loaded", False),
])
def test_a_unix_tools_error_line_is_an_error_line(tmp_path, line, is_error):
    """``PROGRAM: error: `` and a daemon's ``[time] [job] error: `` are error lines by their form:
    a launcher's refusal is a failure even in a text with no server line (a Slurm job's output)."""
    d = diagnose(write_log(tmp_path, line + "\n"))
    assert (d.status == "failure" and d.primary.signature == "struct.error_line") is is_error, (d.status, d.primary)


@pytest.mark.parametrize("line, is_error", [
    ("2025-12-18 14:53:58,528 - acme.worker.manager - ERROR - Failed to register worker: (401, 'Unknown')", True),
    ("2025-12-18 14:53:58 | CRITICAL | acme.server | could not open the model repository", True),
    ("2025-12-18T14:53:58Z ERR unable to start the backend", True),
    ("2025-12-18 14:53:58,528 - acme.worker.manager - INFO - Failed attempts so far: 0", False),
    ("2025-12-18 14:53:58,528 - acme.worker.manager - ERROR - heartbeat sent", False),
])
def test_a_failure_logged_at_error_level_is_an_error_line_in_any_loggers_format(tmp_path, line, is_error):
    """A tool servecheck knows no marker of (a cluster manager's worker) still says it failed when
    a line logged at ERROR, CRITICAL or zerolog's ERR carries failure words: that is a failure, not
    "not a server's log". The level word alone is the logger's; an INFO line's failure words are not."""
    d = diagnose(write_log(tmp_path, line + "\n"))
    assert (d.status == "failure" and d.primary.signature == "struct.error_line") is is_error, (d.status, d.primary)


def test_a_request_error_logged_at_error_level_after_the_start_is_no_start_failure(tmp_path):
    """After the start completed, a request's error logged at ERROR (a bad prompt) is the request's:
    the error-level reading counts only before the ready line, as bare failure words do."""
    d = diagnose(write_log(tmp_path, """\
INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2
INFO 06-03 10:00:05 [gpu_model_runner.py:1] Model loading took 14.2 GiB and 20.1 seconds
INFO 06-03 10:00:10 [api_server.py:1] Starting vLLM API server 0 on http://0.0.0.0:8000
INFO:     Application startup complete.
ERROR 06-03 10:01:00 [serving_chat.py:222] Error in preprocessing prompt inputs
"""))
    assert (d.status, d.primary) == ("no_failure", None)


def test_a_frame_in_the_standard_library_places_an_errno(tmp_path):
    """ENOSPC raised while creating a multiprocessing semaphore is /dev/shm (where Linux keeps POSIX
    semaphores), not the disk; the same errno elsewhere stays a full disk."""
    semlock = """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 436, in __iter__
  File "/usr/lib/python3.10/multiprocessing/context.py", line 68, in Lock
  File "/usr/lib/python3.10/multiprocessing/synchronize.py", line 57, in __init__
    sl = self._semlock = _multiprocessing.SemLock(
OSError: [Errno 28] No space left on device
"""
    d = diagnose(write_log(tmp_path, ENGINE_LINE + semlock))
    assert (d.primary.cls, d.primary.signature) == ("shm_too_small", "struct.exc.semlock_enospc")
    disk = semlock.replace("multiprocessing/synchronize.py", "shutil.py")
    d = diagnose(write_log(tmp_path, ENGINE_LINE + disk))
    assert (d.primary.cls, d.primary.signature) == ("other", "struct.errno.disk_full")


@pytest.mark.parametrize("line", [
    'Error: OCI runtime error: unable to start container "346d": crun: {"msg":"error executing hook '
    '`/usr/bin/nvidia-ctk` (exit code: 1)","level":"error","time":"2024-05-01T10:00:00.000000Z"}',
    "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI "
    "runtime create failed: runc create failed: unable to start container process: error running hook #0: "
    "error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy': unknown.",
    "createContainer hook #3: exit status 1, stderr:\nfailed to create directory:\nmkdirat etc/x: read-only file system",
])
def test_a_container_hook_that_fails_is_no_gpu_injected_in_runc_and_crun_wording(tmp_path, line):
    d = diagnose(write_log(tmp_path, line + "\n"))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible")


def test_a_rendezvous_that_cannot_reach_the_master_is_communication(tmp_path):
    """An exception raised inside torch.distributed's rendezvous (the TCP store at MASTER_ADDR) is
    the processes failing to meet, whatever its type; a name lookup failing there is not a hub's."""
    d = diagnose(write_log(tmp_path, """\
Traceback (most recent call last):
  File "train.py", line 413, in init_distribution
    torch.distributed.init_process_group(backend=backend)
  File "/root/.local/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py", line 354, in init_process_group
    store, rank, world_size = next(rendezvous(url))
  File "/root/.local/lib/python3.7/site-packages/torch/distributed/rendezvous.py", line 143, in _env_rendezvous_handler
    store = TCPStore(master_addr, master_port, start_daemon)
ValueError: host not found: Name or service not known
"""))
    assert (d.primary.cls, d.primary.signature) == ("nccl_comm", "struct.exc.rendezvous")


def test_a_segfault_handlers_banner_is_a_sigsegv(tmp_path):
    """"Segfault encountered" (the backtrace handler torch and vLLM install) is a signal event,
    not a traceback cut off: its frames are native, no exception follows."""
    d = diagnose(write_log(tmp_path, """\
[HAMI-core ERROR (pid:565 thread=1 multiprocess_memory_limit.c:831)]: Illegal device id: 850725928
!!!!!!! Segfault encountered !!!!!!!
  File "/libvgpu/src/multiprocess/multiprocess_memory_limit.c", line 833, in get_current_device_memory_limit
  File "misc/cudawrap.cc", line 92, in ncclCuMemHostEnable()
"""))
    assert d.status == "failure" and d.primary.signature == "struct.signal.sigsegv"


def test_a_flood_of_error_level_lines_spends_the_bare_word_budget():
    """Lines flagged as bare failure words and read as error-level lines spend the bare-word budget:
    once it is spent the scanner skips such lines unread (a log of a million of them reads as fast
    as before the error-level reading existed), and the events kept stay bounded."""
    s = structure.Structure()
    for n in range(1, 101):
        s.feed(n, f"2025-12-18 14:53:58,528 - acme.worker - ERROR - Failed to register worker {n}", {"error_word"})
    assert s.spent("error_word") and s.spent(structure.ERROR_LEVEL)
    assert sum(e.kind == structure.ERROR_LEVEL for e in s.events) == structure.MAX_SAME_EVENTS[structure.ERROR_LEVEL]


def test_the_source_line_under_a_frame_is_code_not_a_failure_word(tmp_path):
    """Python prints each frame's source line under it; "response = self.parent.error(" is code. A
    traceback cut before its exception is then a cut excerpt (incomplete), not a failure read on the
    word "error" of a line of code; the same words on a line of their own still count."""
    frames = ("Traceback (most recent call last):\n"
              '  File "/app/main.py", line 58, in <module>\n'
              "    resp = fetch(url)\n"
              '  File "/usr/lib/python3.10/urllib/request.py", line 634, in http_response\n'
              "    response = self.parent.error(\n")
    d = diagnose(write_log(tmp_path, ENGINE_LINE + frames))
    assert (d.status, d.primary) == ("incomplete", None), d.status_message
    d = diagnose(write_log(tmp_path, ENGINE_LINE + "model worker failed to start: connection error\n"))
    assert d.status == "failure"


def test_a_ddp_broadcast_that_times_out_is_communication(tmp_path):
    """DistributedDataParallel's first collective timing out: the ranks joined but cannot exchange
    data (an interface the others cannot reach), whatever wraps it."""
    text = ("Traceback (most recent call last):\n"
            '  File "/env/lib/python3.6/site-packages/torch/nn/parallel/distributed.py", line 420, in '
            "_sync_params_and_buffers\n"
            "    authoritative_rank)\n"
            '  File "/env/lib/python3.6/site-packages/torch/nn/parallel/distributed.py", line 979, in '
            "_distributed_broadcast_coalesced\n"
            "    self.process_group, tensors, buffer_size, authoritative_rank\n"
            "RuntimeError: Operation timed out!\n")
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "nccl_comm", "struct.exc.ddp_collective_timeout")


def test_enospc_on_a_model_file_is_the_disk_not_dev_shm(tmp_path):
    """errno 28 on a path that merely contains 'torch_' (pytorch_model-*.bin) is a full disk; only
    torch's own shared-memory files (/torch_<pid>_...) or /dev/shm make it /dev/shm."""
    disk = write_log(tmp_path, "OSError: [Errno 28] No space left on device: "
                     "'/opt/ml/model/pytorch_model-00001-of-00005.bin'"
                     " -> '/.sagemaker/mms/models/model/pytorch_model-00001-of-00005.bin'\n", "disk.log")
    shm = write_log(tmp_path, "RuntimeError: unable to write to file </torch_3127_1817281066_0>: "
                    "No space left on device (28)\n"
                    "OSError: [Errno 28] No space left on device: '/torch_3127_1817281066_0'\n", "shm.log")
    assert diagnose(disk).primary.cls == "other"
    assert diagnose(shm).primary.cls == "shm_too_small"


def test_eacces_on_a_bind_or_listen_is_the_port_and_elsewhere_a_permission(tmp_path):
    """One rule for EACCES on a port, whatever runtime says it: Node.js's 'listen EACCES' (a port in
    Windows' excluded range) like Python's bind; EACCES on a model's file is the model's access."""
    node = diagnose(write_log(tmp_path, "Error starting server Error: listen EACCES: permission denied 127.0.0.1:1234\n"))
    assert (node.primary.cls, node.primary.signature) == ("port_in_use", "struct.errno.bind_eacces")
    path = diagnose(write_log(tmp_path, "PermissionError: [Errno 13] Permission denied: '/models/listen_model/config.json'\n"))
    assert path.primary.cls == "model_access"


def test_a_c_signal_handlers_interrupt_signal_line_is_the_signal(tmp_path):
    """"Interrupt signal (11) received." (the usual C++ handler's wording) is SIGSEGV."""
    d = diagnose(write_log(tmp_path, """\
[2026-01-02 10:00:00.001] [kvstore] [info] open rdma device mlx5_1
[2026-01-02 10:00:00.002] [kvstore] [info] Interrupt signal (11) received.
[2026-01-02 10:00:00.002] [kvstore] [error] [utils.cpp:99] Stacktrace:
"""))
    assert (d.status, d.primary.signature) == ("failure", "struct.signal.sigsegv")


def test_windows_illegal_instruction_status_is_sigill(tmp_path):
    """Windows names a crash by its NTSTATUS code: 0xC000001D (-1073741795 signed) is an illegal
    instruction, read as the signal; the access violation's code is left to what relays it (round 178)."""
    for code in ("0xc000001d", "-1073741795", "3221225501"):
        d = diagnose(write_log(tmp_path, 'msg="error loading llama server" error="llama runner process has '
                                         f'terminated: exit status {code}"\n'))
        assert (d.status, d.primary.signature) == ("failure", "struct.signal.sigsegv"), code
    d = diagnose(write_log(tmp_path, "build 10737418241 finished\n"))
    assert d.primary is None


def test_a_config_module_of_a_source_checkout_decides_without_site_packages(tmp_path):
    """A server run from a git checkout has no site-packages in its frames: the raising file's
    folders (``.../server/config/config.py``) still say a config reader raised."""
    text = """\
Traceback (most recent call last):
  File "/home/u/engine/engine/server/config/config.py", line 194, in __init__
    self.sched = cfg["async_server"]["sched_strategy"]
KeyError: 'async_server'
"""
    d = diagnose(write_log(tmp_path, ENGINE_LINE + text))
    assert (d.primary.cls, d.primary.signature) == ("model_config", "struct.exc.config_module")
    d = diagnose(write_log(tmp_path, ENGINE_LINE + text.replace("server/config/config.py", "server/worker/run.py")))
    assert d.primary.cls == "other"


def test_a_pod_pending_on_an_unbound_volume_claim_is_storage_not_a_gpu(tmp_path):
    event = ("Warning  FailedScheduling  2m25s  default-scheduler  0/1 nodes are available: {why}. preemption: 0/1 "
             "nodes are available: 1 Preemption is not helpful for scheduling.\n")
    d = diagnose(write_log(tmp_path, event.format(why="pod has unbound immediate PersistentVolumeClaims")))
    assert (d.primary.cls, d.primary.signature) == ("other", "struct.k8s.unscheduled_storage")
    d = diagnose(write_log(tmp_path, event.format(why="1 Insufficient nvidia.com/gpu")))
    assert d.primary.cls == "no_gpu_visible"


def test_a_config_object_without_a_field_logged_with_pythons_default_head_is_model_config(tmp_path):
    """Python logging's "%(asctime)s - %(name)s - %(levelname)s - " head (LMDeploy) is a logger head:
    the exception after it is read, and a config object missing a field is the model's kind."""
    d = diagnose(write_log(tmp_path, """\
2024-06-06 20:27:25,549 - lmdeploy - ERROR - AttributeError: 'InternVLChatConfig' object has no attribute 'hidden_size'
2024-06-06 20:27:25,549 - lmdeploy - ERROR - <Model> test failed!
"""))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "model_config", "struct.exc.config_attribute")
    assert d.primary.evidence[0].text.startswith("AttributeError: 'InternVLChatConfig'")


def test_not_implemented_is_what_the_engine_lacks_and_collective_rpc_is_no_collective(tmp_path):
    """vLLM's collective_rpc is its RPC to the workers, not an NCCL collective: a NotImplementedError
    behind it is a feature this engine variant lacks (V0's async engine on a V100)."""
    d = diagnose(write_log(tmp_path, """\
INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)
INFO:     10.0.0.2:4212 - "POST /init_communicator/ HTTP/1.1" 200 OK
[ERROR:swift] Method execution failed: collective_rpc
Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/vllm/engine/async_llm_engine.py", line 1253, in collective_rpc
    return await self.engine.collective_rpc_async(method, timeout, args,
  File "/opt/conda/lib/python3.10/site-packages/vllm/engine/async_llm_engine.py", line 535, in collective_rpc_async
    raise NotImplementedError
NotImplementedError
"""))
    assert (d.status, d.primary.cls, d.primary.signature) == ("failure", "model_config", "struct.exc.not_implemented")


def test_a_call_its_callee_does_not_take_is_a_package_mismatch(tmp_path):
    d = diagnose(write_log(tmp_path, """\
Traceback (most recent call last):
  File "/venv/lib/python3.12/site-packages/vllm/v1/structured_output/backend_guidance.py", line 161, in validate_guidance_grammar
    err = llguidance.LLMatcher.validate_grammar(guidance_grm,
TypeError: LLMatcher.validate_grammar() got some positional-only arguments passed as keyword arguments: 'tokenizer'
"""))
    assert (d.primary.cls, d.primary.layer, d.primary.signature) == ("other", "image_build", "struct.exc.api_mismatch")


def test_kai_schedulers_no_nodes_with_enough_resources_is_an_unscheduled_pod(tmp_path):
    d = diagnose(write_log(tmp_path, """\
    Message:               PodSchedulingErrors: Resources were not found for pod dynamo/worker-0 due to: no nodes with enough resources were found: 6 node(s) didn't have enough of mig profile: nvidia.com/mig-1g.5gb.
      Reason:       PodSchedulingErrors
"""))
    assert (d.primary.cls, d.primary.signature) == ("no_gpu_visible", "struct.k8s.unscheduled")


def test_threadings_exception_header_is_no_failure_line_and_its_cut_traceback_is_incomplete(tmp_path):
    """"Exception in thread NAME:" is the header of the traceback that follows; cut before its
    exception line, the log says nothing of what failed; complete, its exception decides."""
    head = """\
Exception in thread Thread-4 (_manager_spawn):
Traceback (most recent call last):
  File "/usr/lib/python3.12/threading.py", line 1073, in _bootstrap_inner
    self.run()
  File "/usr/local/lib/python3.12/dist-packages/mpi4py/futures/_lib.py", line 324, in _manager_spawn
    comm = serialized(client_spawn)(pyexe, pyargs, nprocs, info)
"""
    cut = diagnose(write_log(tmp_path, head, "cut.log"))
    assert cut.status == "incomplete" and cut.primary is None
    whole = diagnose(write_log(tmp_path, head + "OSError: [Errno 98] Address already in use\n", "whole.log"))
    assert whole.primary.cls == "port_in_use"


NOTEBOOK_OOM = """\
INFO 11-01 23:47:29 [gpu_model_runner.py:3118] Graph capturing finished in 23 secs, took 2.28 GiB
---------------------------------------------------------------------------
{exc}                          Traceback (most recent call last)
File ~/envs/x/lib/python3.10/site-packages/vllm/v1/worker/gpu_model_runner.py:2874, in GPUModelRunner._dummy_sampler_run(self, hidden_states)
   2873 try:
"""


def test_an_ipython_traceback_names_its_exception_on_its_header_line(tmp_path):
    # Jupyter prints the type first; an excerpt cut before the exception's own line still names it
    d = diagnose(write_log(tmp_path, NOTEBOOK_OOM.format(exc="OutOfMemoryError")))
    assert (d.status, d.primary.cls, d.primary.first_line) == ("failure", "oom_weights", 3)


def test_an_ipython_header_whose_type_names_no_class_is_no_failure_of_its_own(tmp_path):
    # a ValueError without its message says nothing: the cut traceback leaves the log incomplete
    d = diagnose(write_log(tmp_path, NOTEBOOK_OOM.format(exc="ValueError")))
    assert d.status == "incomplete" and d.primary is None


NESTED = """\
INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2
ray.exceptions.RayTaskError(RuntimeError): ray::ServeReplica:llm:VLLMDeployment.initialize_and_get_metadata() (pid=1281, ip=192.168.249.61)
  File "/home/ray/anaconda3/lib/python3.11/site-packages/ray/serve/_private/replica.py", line 631, in initialize_and_get_metadata
    raise RuntimeError(traceback.format_exc()) from None
RuntimeError: Traceback (most recent call last):
  File "/home/ray/anaconda3/lib/python3.11/site-packages/ray/serve/_private/replica.py", line 600, in initialize
    await self._initialize()
"""


def test_an_exception_whose_message_is_the_traceback_it_caught_waits_for_that_ones_exception(tmp_path):
    # Ray Serve raises RuntimeError(traceback.format_exc()); RayTaskError names the remote task: both
    # wrap the traceback printed below them. Cut before its exception, the log does not say why.
    cut = diagnose(write_log(tmp_path, NESTED, "cut.log"))
    assert cut.status == "incomplete" and cut.primary is None
    whole = diagnose(write_log(tmp_path, NESTED + """\
  File "/home/ray/anaconda3/lib/python3.11/site-packages/vllm/worker.py", line 10, in init
    raise ValueError("Current node has no GPU available.")
ValueError: Current node has no GPU available. current_node_resource={'CPU': 4.0}
""", "whole.log"))
    assert (whole.status, whole.primary.cls) == ("failure", "no_gpu_visible")
    assert "Current node has no GPU available" in whole.primary.evidence[-1].text


def test_a_traceback_logged_after_a_message_opens_and_a_wrapper_with_its_cause_cut_is_incomplete(tmp_path):
    # vLLM V1 logs "EngineCore hit an exception: Traceback (most recent call last):" and then the
    # frames line by line; an excerpt that stops among them holds only the wrapper
    d = diagnose(write_log(tmp_path, ENGINE_LINE + """\
ERROR 05-06 01:55:26 [core.py:383] EngineCore hit an exception: Traceback (most recent call last):
ERROR 05-06 01:55:26 [core.py:383]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 374, in run_engine_core
ERROR 05-06 01:55:26 [core.py:383]     engine_core = EngineCoreProc(*args, **kwargs)
"""))
    assert d.status == "incomplete" and d.primary is None
    assert "line 2 says the start failed, not why" in d.status_message


def test_tgis_shard_stderr_header_with_its_traceback_cut_is_incomplete(tmp_path):
    # the launcher announces a dead shard's stderr; bitsandbytes' CPU-build warning inside it names no
    # failure; the traceback that would say why stops before its exception
    d = diagnose(write_log(tmp_path, """\
2024-04-19T11:53:38.444537Z ERROR shard-manager: text_generation_launcher: Shard complete standard error output:

The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.
Traceback (most recent call last):
  File "/opt/conda/bin/text-generation-server", line 8, in <module>
    sys.exit(app())
  File "/opt/conda/lib/python3.10/site-packages/text_generation_server/server.py", line 16, in <module>
    from text_generation_server.models.vlm_causal_lm import VlmCausalLMBatch
"""))
    assert d.status == "incomplete" and d.primary is None and "line 1 says the start failed" in d.status_message


@pytest.mark.parametrize("frame", [
    "[/usr/local/lib/python3.10/dist-packages/openai/_base_client.py](https://localhost:8080/#) in _request(self, cast_to)",
    "/usr/local/lib/python3.10/dist-packages/openai/_base_client.py in _request(self, cast_to, options)",
    "File /usr/local/lib/python3.10/dist-packages/openai/_base_client.py:1020, in SyncAPIClient._request(self)",
])
def test_ipythons_frames_name_the_raiser(tmp_path, frame):
    # a notebook's client traceback (Colab, IPython < 8 and 8): the openai SDK raised it, so it is
    # the client's error, not a server's (the frames of https://github.com/huggingface/text-generation-inference/
    # issues/1870; its own 422 quotes the server's cause, read as that failure since the relay rule, so the
    # exception here is one that quotes none)
    text = ("APIConnectionError                        Traceback (most recent call last)\n"
            "<ipython-input-14-fbe6f32d4e45> in <cell line: 11>()\n"
            "---> 11 chat_completion = client.chat.completions.create(\n"
            f"{frame}\n"
            "-> 1020             raise self._make_status_error_from_response(err.response) from None\n"
            "\n"
            "APIConnectionError: Connection error.\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "not_a_server_log" and d.primary is None
    s = structure.Structure()
    s.feed(1, "Traceback (most recent call last):", {"tb_header"})
    s.feed(2, frame, {"tb_frame"})
    assert s.open[""].frames == ["/usr/local/lib/python3.10/dist-packages/openai/_base_client.py"]


def test_vllms_workerproc_failed_to_start_is_a_wrapper(tmp_path):
    # vLLM's multiproc executor logs it with the worker's traceback; cut before the exception, the
    # cause is not in the log (https://github.com/vllm-project/vllm-omni/issues/441)
    head = "ERROR 12-23 17:06:25 [multiproc_executor.py:750] "
    text = (head + "WorkerProc failed to start.\n" + head + "Traceback (most recent call last):\n"
            + head + '  File "/x/dist-packages/vllm/v1/executor/multiproc_executor.py", line 722, in worker_main\n'
            + head + "    worker = WorkerProc(*args, **kwargs)\n"
            + head + '  File "/x/dist-packages/vllm/v1/worker/worker_base.py", line 326, in init_device\n'
            + head + "    self.worker.init_device()  # type: ignore\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None and "line 1 says the start failed" in d.status_message


# The written labelling convention (docs/eval/labelling-instructions.md): a wrapper that says the
# start failed and points elsewhere for the cause, with no cause in the lines, lets no one judge why;
# nine earlier labels that read such logs as failures were relabelled blind by it in round 59
# (docs/eval/round59-relabelling.md), and a wrapper that quotes its cause stayed a failure.
@pytest.mark.parametrize("text, line", [
    ('    raise RuntimeError("Engine core initialization failed. "\n'
     "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n", 2),
    ("ERROR 08-27 05:12:18 worker_base.py:382] Error executing method init_device. This might cause deadlock in "
     "distributed execution.\n", 1),
    ("vLLM failed to start.  Retry with --enable-serving-output to learn more about the failure.\n", 1),
    ("(ServeController pid=2922) ERROR 2025-04-02 17:25:34,553 controller 2922 -- Exception in Replica(id='m37qpvvp', "
     "deployment='vLLM:qwen-1_5b', app='default'), the replica will be stopped.\n", 1),
])
def test_a_wrapper_that_quotes_no_cause_is_incomplete(tmp_path, text, line):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None
    assert f"says the start failed (line {line}: " in d.status_message and "but not why" in d.status_message


@pytest.mark.parametrize("text", [
    "ERROR 10-22 20:01:49 [core.py:708] RuntimeError: Worker failed with error 'cu_seqlens_q must be on CUDA', "
    "please check the stack trace above for the root cause\n",
    'time=2024-06-01T10:00:00.000Z level=ERROR source=sched.go:344 msg="error loading llama server" '
    'error="llama runner process has terminated: exit status 0xc0000135 "\n',
])
def test_a_wrapper_that_quotes_its_cause_is_a_failure_of_that_cause(tmp_path, text):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary.cls == "other"


def test_a_traceback_uvicorn_logs_at_error_and_cuts_is_incomplete(tmp_path):
    # uvicorn's "ERROR:" head on every line of the traceback it logs; cut before the exception,
    # the cause is not in the log (https://github.com/theroyallab/tabbyAPI/issues/177)
    text = ("INFO:     Loading with a manual GPU split (or a one GPU setup)\n"
            "ERROR:    Traceback (most recent call last):\n"
            'ERROR:      File "/x/tabbyAPI/common/model.py", line 79, in load_model_gen\n'
            "ERROR:        async for module, modules in load_status:\n"
            'ERROR:      File "/usr/lib/python3.12/asyncio/threads.py", line 25, in to_thread\n'
            "ERROR:        return await loop.run_in_executor(None, func_call)\n"
            "ERROR:               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None
    # the same traceback with its exception says what failed
    d = diagnose(write_log(tmp_path, text + "ERROR:    torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"))
    assert d.status == "failure" and d.primary is not None and d.primary.cls == "oom_weights"


def test_a_cpp_exception_nothing_caught_is_an_abort(tmp_path):
    # std::terminate aborts the process: a crash, whatever else the text holds
    # (https://github.com/triton-inference-server/server/issues/3506)
    text = ("NOTE: Legacy NVIDIA Driver detected.  Compatibility mode ENABLED.\n\n"
            "terminate called after throwing an instance of 'std::logic_error'\n"
            "  what():  basic_string::_S_construct null not valid\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "failure" and d.primary is not None and d.primary.cls == "other"
    s = structure.Structure()
    s.feed(3, "terminate called after throwing an instance of 'std::logic_error'", {"signal"})
    assert [(e.kind, e.value) for e in s.events] == [("signal", "SIGABRT")]


def test_tgis_error_when_initializing_model_is_a_wrapper_of_the_traceback_after_it(tmp_path):
    # TGI's server logs "Error when initializing model" and then the traceback
    # (https://github.com/huggingface/text-generation-inference/issues/2275): cut before the
    # exception, the cause is not in the log; whole, the exception names it
    head = ("2024-07-22T15:31:09.917300Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
            "ready... rank=0\n2024-07-22T15:31:10.682538Z ERROR text_generation_launcher: Error when initializing model\n"
            "Traceback (most recent call last):\n"
            '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/auto/configuration_auto.py", line 951, '
            "in from_pretrained\n    config_class = CONFIG_MAPPING[config_dict[\"model_type\"]]\n")
    cut = diagnose(write_log(tmp_path, head, "cut.log"))
    assert cut.status == "incomplete" and cut.primary is None and "line 2 says the start failed" in cut.status_message
    whole = diagnose(write_log(tmp_path, head + "KeyError: 'gemma2'\n\nDuring handling of the above exception, another "
                               "exception occurred:\n\nTraceback (most recent call last):\n"
                               '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/auto/'
                               'configuration_auto.py", line 953, in from_pretrained\n    raise ValueError(\n'
                               "ValueError: The checkpoint you are trying to load has model type `gemma2` but "
                               "Transformers does not recognize this architecture.\n", "whole.log"))
    assert (whole.status, whole.primary.cls) == ("failure", "model_config")


def test_ctranslate2_refusing_float16_on_an_old_gpu_is_its_architecture(tmp_path):
    # faster-whisper / WhisperLive on a GTX 1080 Ti (https://github.com/collabora/WhisperLive/issues/195)
    d = diagnose(write_log(tmp_path, "ERROR:root:Error during new connection initialization: Requested float16 "
                                     "compute type, but the target device or backend do not support efficient "
                                     "float16 computation.\n"))
    assert (d.status, d.primary.cls, d.primary.layer) == ("failure", "gpu_arch_unsupported", "gpu_hardware")


def test_an_invalid_cuda_requirement_is_the_images_build_not_the_driver(tmp_path):
    # LocalAI's CPU images with an empty NVIDIA_REQUIRE_CUDA (https://github.com/mudler/LocalAI/issues/3184)
    d = diagnose(write_log(tmp_path, "docker: Error response from daemon: failed to create task for container: "
                                     "OCI runtime create failed: runc create failed: unable to start container "
                                     "process: error during container init: error running hook #0: error running "
                                     "hook: exit status 1, stdout: , stderr: nvidia-container-cli: requirement "
                                     "error: invalid expression: unknown.\n"))
    assert (d.status, d.primary.cls, d.primary.layer) == ("failure", "other", "image_build")


def test_flashattention_3s_hopper_kernel_on_another_gpu_is_its_architecture(tmp_path):
    # https://github.com/Dao-AILab/flash-attention/issues/1763 (an RTX 5090)
    d = diagnose(write_log(tmp_path, "CUDA error (/__w/xformers/xformers/third_party/flash-attention/hopper/"
                                     "flash_fwd_launch_template.h:188): invalid argument\n"))
    assert (d.status, d.primary.cls) == ("failure", "gpu_arch_unsupported")


# Round 62's fixes.
def test_a_bitsandbytes_checkpoint_without_its_loader_is_the_configuration(tmp_path):
    # https://github.com/unslothai/unsloth/issues/1380 (fixed by the bitsandbytes flags)
    d = diagnose(write_log(tmp_path, "ERROR 12-04 11:26:27 engine.py:366] KeyError: "
                                     "'layers.10.mlp.down_proj.weight.absmax'\n"))
    assert (d.status, d.primary.cls) == ("failure", "model_config")


def test_llamafile_without_a_gpu_module_sees_no_gpu(tmp_path):
    # https://github.com/Mozilla-Ocho/llamafile/issues/961
    d = diagnose(write_log(tmp_path, "cuda: to enable GPU support, build with:\ncuda: llamafile/cuda.sh (for NVIDIA)\n"
                                     "fatal error: support for --gpu nvidia was explicitly requested, but it wasn't "
                                     "available\n"))
    assert (d.status, d.primary.cls) == ("failure", "no_gpu_visible")


@pytest.mark.parametrize("head", [
    # vLLM's engine logs it before the worker's traceback (https://github.com/OpenRLHF/OpenRLHF/issues/1193)
    "(EngineCore_DP0 pid=586112) ERROR 03-05 00:25:45 [core.py:1094] Invocation of collective_rpc method failed\n",
    # Ray prints an actor task's error nobody retrieved, then its traceback
    "(Runner pid=553320) Unhandled error (suppress with 'RAY_IGNORE_UNHANDLED_ERRORS=1'): "
    "ray::WorkerDict.actor_rollout_ref_init_model() (pid=554006, ip=10.176.55.33)\n",
])
def test_engine_and_ray_wrappers_with_their_traceback_cut_are_incomplete(tmp_path, head):
    text = head + ("(Runner pid=553320) Traceback (most recent call last):\n"
                   '(Runner pid=553320)   File "/x/verl/workers/fsdp_workers.py", line 392, in _build_rollout\n'
                   "(Runner pid=553320)     self.rollout = vLLMRollout(\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.status == "incomplete" and d.primary is None and "line 1 says the start failed" in d.status_message


@pytest.mark.parametrize("text", [
    # SGLang's router on a network with no way out (https://github.com/sgl-project/sglang/issues/18074)
    "Failed to load Harmony encoding: error downloading or loading vocab file: failed to download or load vocab file\n"
    "\nCaused by:\n    0: failed to download or load vocab file\n"
    "    1: error sending request for url (https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken)\n",
    # vLLM serving gpt-oss air-gapped (https://github.com/vllm-project/vllm/issues/22525)
    "openai_harmony.HarmonyError: error downloading or loading vocab file: failed to download or load vocab file\n",
])
def test_gpt_oss_vocabulary_not_downloadable_is_the_models_access(tmp_path, text):
    d = diagnose(write_log(tmp_path, text))
    assert (d.status, d.primary.cls) == ("failure", "model_access")


def test_an_uncaught_cxx_exception_is_read_by_its_what_line_and_the_abort_is_its_consequence(tmp_path):
    """libstdc++'s terminate handler prints the exception's type, then its message on the what()
    line: that message is the cause (TabbyML/tabby#648: CTranslate2's 'CUDA failed with error out
    of memory'), the abort (and a later 'Aborted (core dumped)') follows from it."""
    log = """\
2023-10-27T09:15:09.866543Z  INFO tabby::serve: crates/tabby/src/serve/mod.rs:143: Starting server, this might takes a few minutes...
terminate called after throwing an instance of 'std::runtime_error'
  what():  CUDA failed with error out of memory
Aborted (core dumped)
"""
    d = diagnose(write_log(tmp_path, log))
    assert (d.status, d.primary.cls) == ("failure", "oom_weights"), d.primary
    assert d.primary.evidence[0].line == 3
    s = structure.Structure()
    s.feed(2, "terminate called after throwing an instance of 'c10::Error'", {"signal"})
    s.feed(3, "  what():  no kernel image is available", {"cxx_what", "error_word"})
    s.feed(4, "Aborted (core dumped)", {"signal"})
    (exc,) = s.exceptions
    assert (exc.line, exc.type, exc.qualified, exc.message) == (3, "Error", "c10::Error", "no kernel image is available")
    assert [(e.line, e.by) for e in s.events if e.kind == "signal"] == [(2, 3), (4, 3)]
    # with no message after it the abort stays the finding; a what() line with no terminate before it is no exception
    alone = diagnose(write_log(tmp_path, "terminate called after throwing an instance of 'std::bad_alloc'\n"
                                         "Aborted (core dumped)\n", "alone.log"))
    assert alone.primary.signature == "struct.signal.sigsegv"
    s = structure.Structure()
    s.feed(1, "  what():  something", {"cxx_what"})
    assert not s.exceptions


@pytest.mark.parametrize("message, cls", [
    ("'layers.0.mlp.experts.w2_weight'", "model_config"),          # QwenLM/Qwen3-VL#1523 (pipeline parallel)
    ("'model.layers.10.mlp.down_proj.weight.absmax'", "model_config"),
    ("'lm_head.weight'", "model_config"),
    ("'choices'", "other"),                                       # a dict's key, not a tensor name
    ("'weight'", "other"),
])
def test_a_keyerror_naming_a_tensor_is_a_checkpoint_the_model_does_not_fit(message, cls):
    s = structure.Structure()
    s.feed(1, "Traceback (most recent call last):", {"tb_header"})
    s.feed(2, '  File "/x/vllm/model_executor/models/qwen3_vl_moe.py", line 10, in load_weights', {"tb_frame"})
    s.feed(4, f"KeyError: {message}", {"exc_line"})
    assert structrules.decide(s, 0, lambda t: t).cls == cls


def test_errno_99_on_a_bind_is_a_bind_failure_and_on_a_clients_connect_is_not(tmp_path):
    """A bind that fails with errno 99 is a bind failure, class port_in_use (the written class
    definition; relabelled blind after round 71). PyTorch c10d's warning that its client socket
    could not connect (errno 99, retried) is no bind: beside a shard that failed for a reason not in
    the lines the start is incomplete (huggingface/text-generation-inference#467)."""
    bind = diagnose(write_log(tmp_path, "INFO:     Started server process [20125]\n"
                                        "ERROR:    [Errno 99] error while attempting to bind on address ('::1', 40000, 0, 0): "
                                        "cannot assign requested address\n", "bind.log"))
    assert (bind.status, bind.primary.cls, bind.primary.layer) == ("failure", "port_in_use", "network")
    s = structure.Structure()
    s.feed(3, "OSError: [Errno 99] Cannot assign requested address", {"exc_line", "errno"})
    found = structrules.decide(s, 0, lambda t: t)
    assert found is None or found.cls != "port_in_use"
    s.feed(4, "OSError: [Errno 99] error while attempting to bind on address ('::1', 8000, 0, 0)", {"exc_line", "errno"})
    assert structrules.decide(s, 0, lambda t: t).cls == "port_in_use"
    shard = diagnose(write_log(tmp_path, """\
2023-06-16T12:57:41.398047Z ERROR text_generation_launcher: Shard 3 failed to start:
[W socket.cpp:601] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - Cannot assign requested address).
2023-06-16T12:57:41.398097Z  INFO text_generation_launcher: Shutting down shards
Error: ShardCannotStart
""", "shard.log"))
    assert (shard.status, shard.primary) == ("incomplete", None), shard.status_message


def test_a_flood_of_terminate_lines_from_distinct_processes_keeps_bounded_state():
    s = structure.Structure()
    for n in range(1, 5001):
        s.feed(n, f"(EngineCore pid={n}) terminate called after throwing an instance of 'std::runtime_error'", {"signal"})
    assert len(s.terminated) <= structure.MAX_SAME_EVENTS.get("signal", 3)


@pytest.mark.parametrize(("line", "read"), [
    ("KeyError: 'model.layers.0.mlp.weight'", True),          # the one line people paste
    ("torch.OutOfMemoryError: CUDA out of memory", True),      # qualified, with its message
    ("Error: DownloadError", False),                           # a Rust or Go CLI's message prefix
    ("Exception: something", False),                           # likewise: no type is named
    ("ValueError", False),                                     # a type with no message is no event
    ("Note: the model is loading", False),                     # not an exception's name
])
def test_a_lone_exception_line_is_read_only_when_it_names_one_with_its_message(line, read):
    s = structure.Structure()
    s.feed(1, line, {"exc_line"})
    assert bool(s.exceptions) is read


@pytest.mark.parametrize("head", ["INFO 01-24 11:29:27 [engine.py:366] ", "INFO 01-24 11:29:27 engine.py:366] "])
def test_vllms_logger_head_is_taken_off_in_both_of_its_formats(head):
    assert structure.body(head + "KeyError: 'x.weight'") == "KeyError: 'x.weight'"


def test_a_type_only_rule_yields_to_a_message_that_names_another_class():
    s = structure.Structure()
    s.feed(1, "NotImplementedError: WFP4A16 MoE is unsupported on SM89.", {"exc_line"})
    found = structrules.decide(s, 0, lambda t: t)
    assert found is not None and found.signature == structrules.UNEXPLAINED   # left to the lexicon
    s = structure.Structure()
    s.feed(1, "NotImplementedError: Method 'initialize_nixl' is not implemented.", {"exc_line"})
    assert structrules.decide(s, 0, lambda t: t).signature == "struct.exc.not_implemented"


@pytest.mark.parametrize(("text", "status"), [
    ("INFO:     Application startup complete.\n", "no_failure"),              # uvicorn's: ends a start alone
    ("Running on local URL:  http://127.0.0.1:7860\n", "no_failure"),          # Gradio's: a model app's, alone too
    ('INFO:     127.0.0.1:5000 - "GET /health HTTP/1.1" 200 OK\n', "incomplete"),
    (ENGINE_LINE + "Running on local URL:  http://127.0.0.1:7860\n", "no_failure"),
])
def test_which_web_app_ready_lines_end_a_start_alone(tmp_path, text, status):
    d = diagnose(write_log(tmp_path, text))
    assert d.status == status, d.status_message
    if status == "no_failure" and not text.startswith(ENGINE_LINE):
        assert "no line names the inference engine" in d.status_message


def test_a_pasted_indent_before_a_process_tag_is_no_part_of_the_message():
    """Round 110 (vllm-project/vllm#25060): lines pasted with a blank before vLLM's process tag."""
    raw = " (EngineCore_DP0 pid=32) ERROR 09-17 01:05:51 [core.py:720] torch._dynamo.exc.Unsupported: Observed exception"
    assert structure.body(raw) == "torch._dynamo.exc.Unsupported: Observed exception"
    assert structure.proc_key(raw) == "EngineCore_DP0 pid=32"


def test_a_logged_message_and_its_traceback_are_one_record_only_with_the_same_head():
    """logger.exception's message line and the traceback's header share the head (time, file:line);
    a line before the header with another head is no part of that record."""
    same = ("ERROR 10-20 11:18:05 [__init__.py:54] Failed to load plugin register_x\n"
            "ERROR 10-20 11:18:05 [__init__.py:54] Traceback (most recent call last):\n")
    other = ("collect2: error: ld returned 1 exit status\n"
             "ERROR 10-20 11:18:05 [__init__.py:54] Traceback (most recent call last):\n")
    assert structure.log_head(same.splitlines()[0]) == structure.log_head(same.splitlines()[1]) != ""
    assert structure.log_head(other.splitlines()[0]) == ""
    # a pasted indent does not change the head (as body() reads it)
    assert structure.log_head(" " + same.splitlines()[0]) == structure.log_head(same.splitlines()[0])


# a Rust panic since Rust 1.73: the header says where, the next line (no shape flags it) says what
_PANIC = [
    "2025-06-01T10:00:00.000Z  INFO tabby::serve: Starting server",
    "thread 'main' panicked at crates/tabby-common/src/registry.rs:87:9:",
    "Invalid model id /data/models/TabbyML/CodeLlama-7B",
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
]


def test_a_rust_panics_message_is_the_line_below_its_header():
    text = "\n".join(_PANIC) + "\n"
    stream = Scanner(signatures.load()).scan_stream(io.BytesIO(text.encode()))
    lines = Scanner(signatures.load()).scan_lines(list(enumerate(_PANIC, 1)))
    for result in (stream, lines):
        [exc] = result.structure.exceptions
        assert (exc.line, exc.type, exc.message) == (3, "panic", "Invalid model id /data/models/TabbyML/CodeLlama-7B")
    # the old form (message on the header line) and a header at the very end open nothing
    old = Scanner(signatures.load()).scan_lines([(1, "thread 'main' panicked at 'oops', src/main.rs:2:5")])
    end = Scanner(signatures.load()).scan_lines([(1, _PANIC[1])])
    binary = Scanner(signatures.load()).scan_stream(io.BytesIO(_PANIC[1].encode() + b"\n\xff\xfe\x01\x02 pn\x9c\n"))
    assert old.structure.exceptions == end.structure.exceptions == binary.structure.exceptions == []


def test_a_rust_panics_words_name_the_cause(tmp_path):
    d = diagnose(write_log(tmp_path, "\n".join(_PANIC) + "\n"))
    assert (d.status, d.primary.cls) == ("failure", "model_access")
    assert [e.line for e in d.primary.evidence] == [3]


def test_a_flood_of_rust_panics_is_read_up_to_its_budget():
    pairs = [line for i in range(200) for line in (f"thread 'w' panicked at src/main.rs:{i}:5:", f"boom {i}")]
    result = Scanner(signatures.load()).scan_stream(io.BytesIO(("\n".join(pairs) + "\n").encode()))
    panics = [e for e in result.structure.exceptions if e.type == "panic"]
    assert len(panics) == structure.MAX_SAME_EVENTS["rust_panic"] and panics[0].message == "boom 0"


def test_a_go_panic_is_its_processs_exception():
    """Session 19: Go's runtime prints "panic: VALUE" where the line starts (past any log head), then the
    goroutines: an exception whose message is the value (ollama/ollama#13402). A message that quotes a
    panic, a bare "panic: ", binary bytes after it and a flood past its budget are not read as one."""
    lines = ["Jan 26 17:51:23 host ollama[1418]: panic: unable to load model: /m/blobs/sha256-ac9b",
             "", "goroutine 1 [running]:", "Error: panic: quoted by a CLI", "panic: "]
    result = Scanner(signatures.load()).scan_lines(list(enumerate(lines, 1)))
    [exc] = result.structure.exceptions
    assert (exc.line, exc.type, exc.message) == (1, "panic", "unable to load model: /m/blobs/sha256-ac9b")
    binary = Scanner(signatures.load()).scan_stream(io.BytesIO(b"panic: \xff\xfe\x01\x02 pn\x9c\n"))
    assert binary.structure.exceptions == []
    flood = Scanner(signatures.load()).scan_stream(io.BytesIO("".join(f"panic: boom {i}\n" for i in range(200)).encode()))
    panics = [e for e in flood.structure.exceptions if e.type == "panic"]
    assert len(panics) == structure.MAX_SAME_EVENTS["go_panic"] and panics[0].message == "boom 0"


_PROBE = [
    "INFO 06-21 05:07:24 [__init__.py:239] Automatically detected platform cuda.",
    "Traceback (most recent call last):",
    '  File "/usr/local/lib/python3.12/dist-packages/vllm/platforms/cuda.py", line 458, in <module>',
    "    from sphinx.ext.autodoc.mock import _MockModule",
    "ModuleNotFoundError: No module named 'sphinx'",
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    "Traceback (most recent call last):",
    '  File "/usr/local/bin/vllm", line 5, in <module>',
    "    from vllm.entrypoints.cli.main import main",
    '  File "/usr/local/lib/python3.12/dist-packages/vllm/__init__.py", line 12, in <module>',
]


def test_an_optional_imports_miss_caught_before_a_cut_traceback_is_not_the_failure(tmp_path):
    """vLLM tries sphinx and carries on: the error that ended the start is the cut traceback's own
    (gpustack/gpustack#2293). Any other caught error stays the cause (numpy's unreadable library)."""
    d = diagnose(write_log(tmp_path, "\n".join(_PROBE) + "\n"))
    assert (d.status, d.primary) == ("incomplete", None)
    other = [line.replace("ModuleNotFoundError: No module named 'sphinx'",
                          "ImportError: /usr/lib/libopenblas.so: cannot read file data") for line in _PROBE]
    d = diagnose(write_log(tmp_path, "\n".join(other) + "\n", "other.log"))
    assert d.status == "failure" and d.primary.first_line == 5


def test_an_exception_among_a_logging_errors_arguments_is_only_logged(tmp_path):
    """Python logging's report of a call it could not format ("Message: %r", "Arguments: %s"): the
    HFValidationError there was an argument of a debug line, and the engine went on (vllm#13707)."""
    text = ("(load_llm pid=1) Message: 'Error getting repo files'\n"
            "(load_llm pid=1) Arguments: (HFValidationError(\"Repo id must be in the form 'repo_name' or "
            "'namespace/repo_name': '/mnt/models/llama'. Use `repo_type` argument if needed.\"),)\n"
            "(load_llm pid=1) INFO 02-22 19:54:23 config.py:543] This model supports multiple tasks.\n")
    d = diagnose(write_log(tmp_path, text))
    assert d.primary is None or d.primary.cls != "model_access"
