"""The streaming scan: line numbers across blocks, windows, triggers and bounded state."""

from __future__ import annotations

import io
import random

import pytest

from servecheck.diagnose import reader as readermod
from servecheck.diagnose import scan as scanmod
from servecheck.diagnose.signatures import load

COMPILED = load()
NOISE = b"node-1:100:200 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n"


def _scan(data: bytes):
    return scanmod.Scanner(COMPILED).scan_stream(io.BytesIO(data))


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(readermod, "BLOCK_BYTES", 4096)
    monkeypatch.setattr(readermod, "MAX_CARRY", 4096)
    monkeypatch.setattr(scanmod, "MAX_CARRY", 4096)


def test_line_numbers_are_exact_across_block_boundaries(small_blocks):
    lines = [NOISE] * 5000
    lines[1234] = b"RuntimeError: No CUDA GPUs are available\n"
    lines[4321] = b"OSError: [Errno 98] Address already in use\n"
    res = _scan(b"".join(lines))
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 1235
    assert res.hits["port.in_use"].first[0].line == 4322
    assert res.lines == 5000 and res.bytes == len(b"".join(lines))


def test_every_line_of_a_big_log_is_examined(small_blocks):
    """No mid-log shortcut: a bare line without any error word is found in the middle."""
    lines = [NOISE] * 6000
    lines[3000] = b"CUDA driver version is insufficient for CUDA runtime version\n"
    lines[3002] = b"No CUDA GPUs are available\n"
    res = _scan(b"".join(lines))
    assert res.hits["driver.insufficient"].first[0].line == 3001
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 3003
    assert res.candidates < 20       # the NCCL INFO chatter never reaches Python


def test_runaway_progress_bar_without_newline_is_examined_and_counted(small_blocks):
    bar = b"".join(b"Loading safetensors: %d%%|###   |\r" % (i % 100) for i in range(3000))
    res = _scan(bar + b"\nRuntimeError: No CUDA GPUs are available\n")
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 2


def test_an_overlong_line_is_examined_in_pieces_under_one_number(small_blocks):
    blob = b"x" * 20000 + b" No CUDA GPUs are available " + b"y" * 20000
    res = _scan(b"first\n" + blob + b"\nlast\n")
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 2 and res.lines == 3


def test_state_is_bounded_per_signature(small_blocks):
    data = b"OSError: [Errno 98] Address already in use\n" * 20000
    hits = _scan(data).hits["port.in_use"]
    assert hits.count == 20000 and len(hits.hits) == scanmod.KEEP_FIRST + 1
    assert hits.hits[-1].line == 20000


def test_config_dumps_are_facts_never_failures():
    res = _scan(b"INFO 11-30 [utils.py:328] non-default args: {'enable_auto_tool_choice': True, "
                b"'tool_call_parser': 'hermes', 'trust_remote_code': True}\n"
                b"INFO [api_server.py] vLLM API server version 0.11.0\n")
    assert res.hits == {} and res.facts.get("vllm") == ("0.11.0", 2)


def test_empty_and_newline_free_inputs():
    assert _scan(b"").lines == 0
    res = _scan(b"RuntimeError: No CUDA GPUs are available")
    assert res.lines == 1 and "gpu.no_cuda_gpus" in res.hits


@pytest.mark.parametrize("line, key, value", [
    (b"PyTorch version: 2.9.0+cu130", "image_cuda", "13.0"),
    (b"[pip3] torch==2.7.1+cu128", "torch", "2.7.1+cu128"),
    (b"| NVIDIA-SMI 575.57.08   Driver Version: 575.57.08   CUDA Version: 12.9 |", "driver_version", "575.57.08"),
    (b"| NVIDIA-SMI 610.43.02   KMD Version: 610.43.02   CUDA UMD Version: 13.3 |", "driver_cuda", "13.3"),
    (b"UserWarning: ... too old (found version 12080). Please", "driver_cuda", "12.8"),
    (b"node:1:1 [0] NCCL INFO cudaDriverVersion 12090", "driver_cuda", "12.9"),
    (b"NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible", "compute_capability", "12.0"),
    (b"Nvidia driver version: 535.129.03", "driver_version", "535.129.03"),
    (b"unsatisfied condition: cuda>=13.0 (cuda=12.6)", "driver_cuda", "12.6"),
    (b"docker run --gpus all vllm/vllm-openai:v0.11.0-cu130 --model x", "image_ref", "vllm/vllm-openai:v0.11.0-cu130"),
])
def test_layer_facts_from_log_lines(line, key, value):
    assert _scan(line + b"\n").facts.get(key) == (value, 1)


def test_every_flagged_line_of_a_block_is_named_in_one_pass():
    """One Hyperscan pass per block names every line a match ends in, each once, in order."""
    lines = [NOISE] * 300
    for i in (10, 11, 150, 299):
        lines[i] = b"RuntimeError: No CUDA GPUs are available\n"
    res = _scan(b"".join(lines))
    hits = res.hits["gpu.no_cuda_gpus"]
    assert [h.line for h in hits.hits] == [11, 12, 151, 300] and hits.count == 4
    assert res.lines == 300


def test_a_line_matching_at_every_byte_costs_a_bounded_number_of_reports(monkeypatch):
    """A pattern may report at many offsets of one line (no single-match flag in the block
    scan): past MAX_REPORTS the scan stops and resumes on the next line, which is still read."""
    calls = []
    real = scanmod._Named.__call__

    def counting(self, *args):
        calls.append(1)
        return real(self, *args)

    monkeypatch.setattr(scanmod._Named, "__call__", counting)
    flood = b"ERROR " + b"error " * 20000 + b"\n"
    res = _scan(b"INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1\n" + flood
                + b"RuntimeError: No CUDA GPUs are available\n")
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 3
    assert len(calls) < 2000


def test_progress_frames_are_read_where_a_line_is_flagged():
    """A bar redrawn with \\r is scanned as it came; only the last frame of a flagged line is read,
    and a pattern anchored at a line's start still holds at the start of that frame."""
    bar = b"".join(b"Loading safetensors checkpoint shards: %d%% Completed\r" % p for p in range(0, 100, 10))
    data = (b"INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1\n"
            + bar + b"Error: Failed to initialize NVML\n"
            + b"old frame: RuntimeError: No CUDA GPUs are available\rdone\n")
    res = _scan(data)
    # "(^|Error: )Failed to initialize NVML[ \t]*$": anchored, on the frame after the bar
    assert {k: [(h.line, h.text) for h in v.hits] for k, v in res.hits.items()} == {
        "r12.nvml_init_failed_bare": [(2, "Error: Failed to initialize NVML")]}   # line 3 is "done"
    assert res.lines == 3


def test_a_block_read_from_a_file_ends_on_a_whole_line(tmp_path, small_blocks):
    """A file's block is read to the end of its last line (no part carried over and copied)."""
    path = tmp_path / "big.log"
    lines = [NOISE] * 400
    lines[333] = b"RuntimeError: No CUDA GPUs are available\n"
    path.write_bytes(b"".join(lines))
    info = readermod.ReadInfo()
    with open(path, "rb") as fh:
        blocks = list(readermod.text_blocks(fh, info))
    assert len(blocks) > 1 and all(b.endswith(b"\n") for b in blocks)
    with open(path, "rb") as fh:
        res = scanmod.Scanner(COMPILED).scan_stream(fh)
    assert res.hits["gpu.no_cuda_gpus"].first[0].line == 334 and res.lines == 400


def test_a_block_of_flagged_lines_is_named_in_bounded_batches(monkeypatch):
    """One scan names at most MAX_SPANS lines, then resumes after them: memory stays bounded in a
    block of short flagged lines, and every line is still named once, in order."""
    monkeypatch.setattr(scanmod, "MAX_SPANS", 7)
    lines = [b"RuntimeError: No CUDA GPUs are available\n"] * 50
    res = _scan(b"".join(lines))
    hits = res.hits["gpu.no_cuda_gpus"]
    assert hits.count == 50 and hits.first[0].line == 1 and hits.last.line == 50
    assert res.candidates == 50


def test_a_seeking_scan_gives_hyperscan_each_byte_a_bounded_number_of_times(monkeypatch):
    """With no server's line yet, each scan stops at its first named line; a log whose every few
    lines are named (a crash-looping NGC container's banners, no server line) once cost the rest
    of the block per line (21 s for 7.6 MB). The window starts small and doubles while it finds
    nothing: the bytes handed to Hyperscan stay a small multiple of the block, and every line is
    still named once."""
    given: list[int] = []

    class Counting:        # the block database, counting the bytes each scan is handed
        def __init__(self, db):
            self.db = db

        def scan(self, data, **kw):
            given.append(len(data))
            return self.db.scan(data, **kw)

    orig = scanmod.Scanner._use

    def use(self, name):
        orig(self, name)
        self.db = Counting(self.db)

    monkeypatch.setattr(scanmod.Scanner, "_use", use)
    banner = (b"WARNING: CUDA Minor Version Compatibility mode ENABLED.\n"
              b"  [[Forward compatibility was attempted on non supported HW (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)"
              b" cuInit()=804]]\n" + b"plain text of the pasted session, line after line, nothing named\n" * 3)
    data = banner * 3000
    res = _scan(data)
    assert res.hits["driver.compat_804"].count == 3000
    assert sum(given) <= 4 * len(data), (sum(given), len(data))


def test_a_flood_of_bare_error_lines_is_not_read_again_once_the_structure_is_full():
    """After as many bare error lines as the structure keeps, more of them change nothing: the
    verdict and its evidence are those of the first ones, and the count is still every line."""
    head = b"INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1\n"
    few = _scan(head + b"error\n" * 30)
    many = _scan(head + b"error\n" * 3000)
    assert [e.line for e in few.structure.events] == [e.line for e in many.structure.events]
    assert many.candidates == 3001 and many.lines == 3001      # the engine line is flagged too


def _read_lines(monkeypatch, data: bytes) -> tuple[scanmod.ScanResult, list[int]]:
    read: list[int] = []
    line = scanmod.Scanner._line

    def counting(self, number, raw, start=-1, stop=-1):
        read.append(number)
        return line(self, number, raw, start, stop)

    monkeypatch.setattr(scanmod.Scanner, "_line", counting)
    return _scan(data), read


@pytest.mark.parametrize("flood", [b"Killed\n", b"RuntimeError: No CUDA GPUs are available\n",
                                   b"[rank0]: torch.OutOfMemoryError: CUDA out of memory.\n"])
def test_a_run_of_one_repeated_line_is_read_at_its_head_and_its_end(monkeypatch, flood):
    """A flagged line repeated on the lines below it (a shell loop's "Killed", one error printed per
    retry) is read for the run's first REPEAT_READ lines and its last; the lines between are counted
    for the signatures the run matched. Findings, counts, first and last lines and the structure are
    those of reading every line."""
    head = b"INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1\n"
    data = head + flood * 2000 + b"---- next batch ----\n" + flood * 3
    monkeypatch.setattr(scanmod, "REPEAT_READ", 10 ** 9)
    every, read_all = _read_lines(monkeypatch, data)
    monkeypatch.undo()
    runs, read_runs = _read_lines(monkeypatch, data)
    assert len(read_all) == 2004 and len(read_runs) < 2 * scanmod.REPEAT_READ + 5   # the separator is not flagged
    assert 2001 in read_runs and 2005 in read_runs          # each run's last line is read
    assert {k: (h.count, [x.line for x in h.hits]) for k, h in runs.hits.items()} == \
        {k: (h.count, [x.line for x in h.hits]) for k, h in every.hits.items()}
    assert [(e.kind, e.line) for e in runs.structure.events] == [(e.kind, e.line) for e in every.structure.events]
    assert runs.candidates == every.candidates and runs.lines == every.lines == 2005
    assert runs.tail_block == every.tail_block


def test_a_flood_of_a_known_fact_line_leaves_python_after_a_bound(monkeypatch):
    """A version banner repeated without end: its fact is read from the first line, and after
    IDLE_FACT_LINES lines that could only repeat it the databases leave its rule out, so the rest
    stays in Hyperscan (an endless stdin of it ran at 3 MB/s through Python)."""
    monkeypatch.setattr(scanmod, "IDLE_FACT_LINES", 100)
    banners = b"".join(b"INFO 06-03 10:%02d:%02d [api_server.py:1] vLLM API server version 0.9.1\n"
                       % (i // 60 % 60, i % 60) for i in range(5000))     # no line repeats the one above
    res = _scan(banners + b"RuntimeError: No CUDA GPUs are available\n")
    assert res.facts.get("vllm") == ("0.9.1", 1)
    assert res.lines == 5001 and res.hits["gpu.no_cuda_gpus"].first[0].line == 5001
    assert res.candidates < 150


def test_a_flood_of_start_banners_after_a_ready_line_leaves_python_after_the_first():
    """A start's banner matters only after a ready line, and only until one is seen (a new start
    after a completed one): a crash-looping banner after it stays in Hyperscan."""
    ready = b"INFO:     Application startup complete.\n"
    banner = b"INFO 01-19 14:22:52 [__init__.py:235] Automatically detected platform cuda.\n"
    res = _scan(banner * 100 + ready + banner * 5000)
    assert res.markers.restarted is not None and res.markers.restarted[0] == 102
    assert res.candidates < 150


def test_a_fact_rule_flags_only_lines_its_regex_reads():
    """A fact's keyword alone ("NVIDIA", "torch") does not send a line to Python: Hyperscan holds
    each rule's own regex, and a line that names a value still is read."""
    chatter = b"INFO 06-03 10:00:00 NVIDIA says hello from torch land\n" * 2000
    res = _scan(chatter + b"PyTorch version: 2.9.0+cu130\n")
    assert res.candidates <= 3 and res.facts.get("image_cuda") == ("13.0", 2001)


def _hit_lines(res) -> dict[str, list[int]]:
    return {key: [h.line for h in hits.hits] + [hits.count] for key, hits in res.hits.items()}


def test_a_big_file_reads_ahead_and_counts_beside_the_scan_with_the_same_result(tmp_path, monkeypatch):
    """A file on disk is read a block ahead, and a long block has its lines counted while a worker
    scans it (a flagged line's number then counted from the nearer end): the result is the one
    read without either, flagged lines at a block's start and end and a line across two blocks
    included."""
    rng = random.Random(10)
    flagged = [b"RuntimeError: No CUDA GPUs are available\n", b"OSError: [Errno 98] Address already in use\n",
               b"CUDA driver version is insufficient for CUDA runtime version\n"]
    lines = [NOISE] * 150_000                  # about 11 MB: three blocks
    for i in [0, 1, 2, *rng.sample(range(3, 149_997), 40), 149_998, 149_999]:
        lines[i] = rng.choice(flagged)
    path = tmp_path / "big.log"
    path.write_bytes(b"".join(lines))

    def scanned():
        with open(path, "rb") as fh:
            res = scanmod.Scanner(COMPILED).scan_stream(fh)
        return res.lines, res.bytes, res.candidates, _hit_lines(res)

    both = scanned()
    monkeypatch.setattr(scanmod, "OVERLAP_BYTES", 1 << 40)
    monkeypatch.setattr(readermod, "_is_regular", lambda fh: False)
    neither = scanned()
    assert both == neither and both[0] == 150_000
    assert both[3]["gpu.no_cuda_gpus"][0] <= 3


# A pattern anchored at a line's start (a ready line, a bare message) holds after the prefixes Python
# strips before it reads the line, as it does on the line alone: the scan's gate names the line and
# its ids are read as Python reads it. Prefixes as collectors and runtimes write them.
LINE_PREFIXES = [
    "torchserve-1  | ",                              # docker compose column
    "(EngineCore_DP0 pid=12) ",                      # a vLLM process tag
    "2025-05-01T10:00:00.123456789Z ",               # docker logs -t
    "[rank0]: ",                                     # torch elastic
    "\x1b[36m(APIServer pid=1)\x1b[0m ",             # a coloured process tag
    "Jun 03 17:36:52 host torchserve[12]: ",         # journald
    "app-1  | 2025-05-01T10:00:00Z ",                # two prefixes
]


@pytest.mark.parametrize("prefix", LINE_PREFIXES)
def test_a_line_start_pattern_holds_after_a_prefix_python_strips(prefix):
    res = _scan(f"{prefix}Model server started.\n".encode())
    assert res.markers.ready_first is not None and res.markers.ready_first[0] == 1
    res = _scan(f"{prefix}No module named 'flashinfer'\n".encode())
    assert res.hits["python.no_module_bare"].first[0].line == 1
    kept = scanmod.Scanner(COMPILED).scan_lines([(7, f"{prefix}Model server started.")])
    assert kept.markers.ready_first is not None and kept.markers.ready_first[0] == 7


@pytest.mark.parametrize("text", [
    "INFO worker: Model server started.",            # no prefix Python strips: read as it came
    "the log said: Model server started.",
    "Model server started. Loading the model again", # the anchored end does not hold
])
def test_a_line_start_pattern_holds_only_where_python_reads_a_line_start(text):
    """The gate is a superset (it lets a ``^`` hold after any blank or colon); the line's ids are
    read exactly, so a ready line quoted inside another message is no ready line."""
    res = _scan(f"{text}\n".encode())
    assert res.markers.ready_first is None
