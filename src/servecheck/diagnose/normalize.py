"""Turn one raw log line (bytes) into clean text segments.

Real start-up logs arrive coloured, prefixed and half-overwritten: ANSI escapes, Docker/kubectl
timestamps, ``(EngineCore_DP0 pid=12)`` / ``(RayWorkerWrapper pid=9, ip=...)`` process tags,
``[rank0]:`` torch-elastic tags, compose ``svc  | `` columns, ``\\r`` progress bars that rewrite a
line many times, CRLF endings and bytes that are not UTF-8, and a supervisor's relay of its child's
lines (Dynamo's ``DEBUG dynamo_run::subprocess: <the child's timestamped line>``: the child's own
level is the line's level). Signatures are unanchored, so this is
about readable evidence and the log level, not about making patterns match.
"""

from __future__ import annotations

import re

from servecheck import ansi
from servecheck.redact import safe_cut_bytes

MAX_LINE_BYTES = 8192
# how far into a line ``starts_otherwise`` looks for a prefix (six of them, a Ray actor's tag among them)
MAX_PREFIX_BYTES = 512

# a process tag's text before its pid: a worker's name, which a Ray Data actor's holds parentheses in
# ("(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=74562, ip=...)", ray-project/ray#59522), two deep
PROC_NAME = r"(?:[^()]|\((?:[^()]|\([^()]*\))*\))*"

_PREFIXES = re.compile(
    r"^(?:"
    r"\s*\|\s+(?=\[\d{4}-)"                                            # CI viewers: "  | [2025-...]"
    r"|[ \t]*\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s+"  # indented in a paste too
    r"(?:(?:stdout|stderr) [FP] )?"                                     # docker -t / CRI logs
    # Docker Desktop's log view copied: "2026-02-05 22:11:11.924 | <the line>"; not loguru's own
    # "TIME | LEVEL    | module:function:line - message", whose columns are the message's
    r"(?:\|[ \t](?![ \t]*(?:TRACE|DEBUG|INFO|SUCCESS|WARNING|ERROR|CRITICAL)[ \t]*\|))?"
    r"|\((?:" + PROC_NAME + r"\bpid=\d+[^()]*|raylet|pid=\d+)\)\s*"         # (EngineCore pid=1)
    r"|\[rank\d+\]:\s?"                                                 # torch elastic
    # Google Cloud Logging's copy: each entry under its severity and time ("ERROR 2025-03-30T23:51:21.3Z "):
    # the severity names the stream the line came from, not the message's own level
    r"|(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL|ALERT|EMERGENCY) \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\s+"
    r"|[A-Za-z0-9][\w.-]*\s+\|\s"                                       # docker compose column
    r"|(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+[A-Za-z_][\w:]*:\s+(?=\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2})"  # relayed child line
    # NVIDIA Dynamo relaying its engine's output line by line at INFO, tagged with the engine
    # ("INFO dynamo_llm::engines::vllm::worker: VLLM: (VllmWorkerProcess ...) torch.OutOfMemoryError: ..."):
    # the level is the relay's, the line below it the engine's own (ai-dynamo/dynamo#430)
    r"|(?:TRACE|DEBUG|INFO|WARN|ERROR)\s+dynamo_llm::engines::\w+(?:::\w+)*:\s+[A-Z][A-Z_-]+:\s"
    # FastChat's logger relaying a process's own stdout (at INFO) and stderr (at ERROR): the
    # level names the stream, not the message's severity (fastchat/utils.py, StreamToLogger)
    r"|\|\s*(?:INFO|ERROR)\s*\|\s*(?:stdout|stderr)\s*\|\s?"
    # Jan's app log relaying its engine's output, stderr at Error ("[NITRO]::Error: llm_load_tensors:
    # offloading ...", llama.cpp's loading dots): the label names the stream, and the app's own
    # messages under it still say what failed ("child process exited with code 3221225781")
    r"|\[(?:NITRO|CORTEX)\]::(?:Error|Debug|Info|Warn|Warning): "
    # syslog / journald: "Jun 03 17:36:52 host prog[pid]: ", and "prog[pid]: " after an ISO time
    r"|[A-Z][a-z]{2} [ 0-9]\d \d{2}:\d{2}:\d{2} \S+ [A-Za-z][\w.@-]*(?:\[\d+\])?: "
    r"|[A-Za-z][\w.@-]*\[\d+\]: "
    # llama.cpp with --log-timestamps ("0.00.802.665 I srv ..."), and its router's child tag before it
    r"|(?:\[\d+\] )?\d+\.\d{2}\.\d{3}\.\d{3} (?=[IWED] )"
    r")"
)
# a colour code whose escape byte a paste dropped ("[1;36m(VllmWorkerProcess pid=630)[0;0m ERROR ..."):
# at least one ';' (or the reset "[0m"), so "[30m]" in a message is no colour
_BARE_COLOUR = re.compile(r"\[(?:\d{1,3};)+\d{1,3}m|\[0m")
# a terminal pane's or a console panel's borders around each line ("│ INFO: ... │", tmux, rich): the
# line inside them is the log's
_BOX = "│┃"
_LEVEL = re.compile(r"^(INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)(?::|\s+\d{2}-\d{2}\s)")
# Other engines' level markers, after the timestamp is stripped: Rust tracing (TGI: "WARN
# text_generation_launcher: ..."), logfmt (Ollama: "time=... level=WARN"), TensorRT-LLM
# ("[TensorRT-LLM][WARNING]", "[TRT-LLM] [W]") and Python's "%(asctime)s - name - LEVEL - "
# (LMDeploy). Not glog's "I0806 ..." letters: Triton's Python stub reports fatal errors at I.
_OTHER_LEVELS = (
    re.compile(r"^(INFO|WARN|ERROR|DEBUG|TRACE)\s+[A-Za-z_][\w:]*: "),
    re.compile(r"^time=\S+\s+level=(INFO|WARN|WARNING|ERROR|DEBUG)\b"),
    re.compile(r"^\[TensorRT-LLM\]\[(INFO|WARNING|ERROR|DEBUG)\]"),
    re.compile(r"^\[TRT-LLM\] \[([IWE])\]"),
    re.compile(r"^- [\w.]+ - (INFO|WARNING|ERROR|DEBUG) - "),
)
_LETTER = {"I": "INFO", "W": "WARNING", "E": "ERROR", "F": "CRITICAL", "WARN": "WARNING", "TRACE": "DEBUG"}


def _unbox(seg: str) -> str:
    """The line inside a pane's borders: one border character first and one last, with the blanks
    beside them (linear: no pattern that backtracks over a long run of blanks)."""
    inner = seg.strip()
    if not inner or (inner[0] not in _BOX and inner[-1] not in _BOX):
        return seg          # a bar inside the line (a table's column) is the line's own
    if inner[0] in _BOX:
        inner = inner[1:].removeprefix(" ")     # the border and the one blank after it: indentation stays
    if inner.rstrip().endswith(tuple(_BOX)):
        inner = inner.rstrip()[:-1]
    return inner.rstrip()


def clean(raw: bytes) -> tuple[list[str], bool]:
    """Segments of one line (split at ``\\r``), cleaned; and whether the line was cut."""
    cut = len(raw) > MAX_LINE_BYTES
    if cut:
        raw = safe_cut_bytes(raw, MAX_LINE_BYTES)
    text = raw.decode("utf-8", "replace")
    out = []
    for seg in text.split("\r"):
        if "\x1b" in seg:
            seg = ansi.strip(seg)
        elif "m" in seg and "[" in seg:
            seg = _BARE_COLOUR.sub("", seg)
        if "│" in seg or "┃" in seg:
            seg = _unbox(seg)
        seg = strip_prefixes(seg.rstrip())
        if seg.strip():
            out.append(seg)
    return out, cut


def starts_otherwise(raw: bytes) -> bool:
    """Whether ``clean`` may read the line's start otherwise than it came: a prefix, a colour code
    or a box's border taken off (a pattern anchored at the line's start holds after them in Python
    only). Cheap: a look at the line's head."""
    head = raw[:MAX_PREFIX_BYTES].decode("utf-8", "replace")
    m = _PREFIXES.match(head)
    return bool(m and m.end()) or b"\x1b" in raw or _BARE_COLOUR.match(head) is not None \
        or "\u2502" in head or "\u2503" in head


def joined(raw: bytes, segments: list[str]) -> bytes | None:
    """The line as ``clean`` read it (its ``segments`` joined at ``\\r``), or None when that is the
    line as it came."""
    out = "\r".join(segments).encode("utf-8", "replace")
    return None if out == raw.rstrip() else out


def strip_prefixes(text: str) -> str:
    for _ in range(6):
        m = _PREFIXES.match(text)
        if not m or not m.end():
            break
        text = text[m.end():]
    return text


# The first level word of a line, wherever its format puts it (``| INFO |``, ``NCCL INFO``,
# ``[WARN]``, ``level=warn``, glog ``W0806``, zerolog ``INF``/``WRN`` as LocalAI prints, TensorRT-LLM's
# ``[V]``/``[D]`` verbose and debug, a C program's ``Warning: `` at the start of a line), for ``quiet``. glog's I is not quiet: Triton's
# Python stub reports fatal errors at I.
_ANY_LEVEL = re.compile(r"\b(INFO|WARNING|WARN|DEBUG|TRACE|NOTICE|ERROR|FATAL|CRITICAL|PANIC|INF|WRN|DBG|TRC|ERR|FTL)\b|"
                        r"level=\"?(info|warn|warning|debug|trace|error|fatal|panic)\b|^(W)\d{4} |\[(I|W|E|F|V|D)\]|"
                        r"^(Warning|Info|Debug|Note): |"
                        # a level in brackets, capitalised, at the start of the line (DashInfer's "[Warning]Model
                        # loader: failed to parse JSON file: ... using default")
                        r"^\[(Warning|Info|Debug|Error)\] ?[A-Z]|"
                        # a compiler's or a C program's own note after its source or function name
                        # (gcc/nvcc "file.cu:12:3: note: ", llamafile "extract_cuda_dso: note: ")
                        r"^[\w./-]+(?::\d+){0,2}: (note|warning): |"
                        # PyTorch's C++ log head (c10): "[W socket.cpp:601] ", "[W1215 18:57:10.4245 ProcessGroupNCCL.cpp:1524] ",
                        # its month not zero-padded in 2.4+ ("[W626 08:49:56.639165408 socket.cpp:200] ")
                        r"^\[([IWEF])(?:\d{3,4} [0-9:.]+)? [\w.-]+\.(?:cpp|cc|h|hpp|cu):\d+\] |"
                        # TensorFlow's and XLA's C++ log head (tsl's logging): "2023-07-26 11:21:40.828301: W
                        # tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: ..."
                        r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+: ([IWEF]) [\w./-]+\.(?:cc|cpp|h|cu):\d+\] ")
_QUIET = {"INFO", "WARNING", "WARN", "DEBUG", "TRACE", "NOTICE", "NOTE", "W", "I", "V", "D", "INF", "WRN", "DBG", "TRC"}
_LOUD = {"ERROR", "FATAL", "CRITICAL", "PANIC", "ERR", "FTL", "E", "F"}
_WARNING_CLASS = re.compile(r"\b[A-Z]\w*Warning\b|warnings\.warn\(")


def _level_word(text: str) -> str | None:
    """The first level word of a line, upper-cased, in whatever form its logger writes it."""
    m = _ANY_LEVEL.search(text[:160])
    return None if m is None else next(g for g in m.groups() if g).upper()


def quiet(text: str) -> bool:
    """Whether a line is logged at a level below error (INFO, WARNING, DEBUG) or is a Python
    warning: its failure words ("Could not find libnccl-env.so") do not make a failure."""
    return _WARNING_CLASS.search(text) is not None or _level_word(text) in _QUIET


def loud(text: str) -> bool:
    """Whether a line is logged at error level or above, whatever the logger's format."""
    return _level_word(text) in _LOUD


def level(text: str) -> str | None:
    """The log level of a line (vLLM ``WARNING 06-03 ...``, uvicorn ``INFO:``, or another
    engine's marker), if it has one."""
    m = _LEVEL.match(text) or next((m for r in _OTHER_LEVELS if (m := r.match(text))), None)
    if not m:
        return None
    return _LETTER.get(m.group(1), m.group(1))
