"""The log as events, not only wordings: tracebacks, signals, errno, scheduler and runtime errors.

The scanner hands over only the lines Hyperscan flagged with one of the shapes below (``SHAPES``);
this module reads them per process (``(VllmWorker rank=1 pid=7)``, ``(RayWorkerWrapper pid=9)``,
``[rank3]:``, MPI ``[1,0]<stderr>:``, Slurm ``srun -l`` ``0:``), because the ranks of one start
interleave their tracebacks. Examples of what becomes an event::

    Traceback (most recent call last):                       -> traceback opens (this process)
      File ".../site-packages/transformers/configuration_auto.py", line 1, in f  -> raiser: transformers
    ValueError: The checkpoint you are trying to load has model type `x` ...   -> exception, closes it
    Bus error (core dumped)  /  exitcode : -7  /  signal 7 (SIGBUS)          -> signal SIGBUS
    OSError: [Errno 98] Address already in use                             -> errno 98
    (autoscaler) Error: No available node types can fulfill resource request  -> ray_unschedulable

State is bounded: a few open tracebacks, the first and last exceptions, the first signals.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from servecheck.diagnose import normalize, status

# An exit code as engines, launchers and Kubernetes write it ("exit code: 137", "exitCode: 137",
# kubectl describe's "Exit Code:    137", DeepSpeed's launcher "... exits with return code = -7"); the number follows.
_EXIT_CODE = r"(?:[Ee]xit ?[Cc]ode|exits with return code) *[:=]? *"

# The shell's report of a child killed by a signal under a Chinese (zh_CN) locale: the signal's name as
# glibc's zh_CN catalogue translates strsignal() ("Segmentation fault" 段错误, "Bus error" 总线错误,
# "Illegal instruction" 非法指令, "Aborted" 已放弃, "Killed" 已杀死) and bash's "(core dumped)" as
# "(核心已转储)", alone on its line as bash prints it (glibc po/zh_CN.po, bash po/zh_CN.po; quoted in
# OpenBMB/MiniCPM-V#960 after vLLM's engine started, opendatalab/MinerU's FAQ: "非法指令 (核心已转储)
# or Illegal instruction (core dumped)")
_ZH_CORE = r"( ?[(（]核心已转储[)）])?\s*$"
_ZH_SIGNAL = {"SIGBUS": "^总线错误" + _ZH_CORE, "SIGKILL": "^已杀死" + _ZH_CORE, "SIGSEGV": "^段错误" + _ZH_CORE,
              "SIGABRT": "^已放弃" + _ZH_CORE, "SIGILL": "^非法指令" + _ZH_CORE}

# the standard library's exceptions named in lower case (the socket module's: socket.timeout, an alias of
# TimeoutError only since Python 3.10, so 3.9's tracebacks print it so; socket.gaierror and socket.herror,
# the resolver's): https://docs.python.org/3/library/socket.html#exceptions
_LOWERCASE_EXCEPTIONS = frozenset({"socket.timeout", "socket.gaierror", "socket.herror"})

# name -> (Hyperscan/grep -E expression, caseless). Syntax of Python, the kernel and schedulers.
SHAPES: dict[str, tuple[str, bool]] = {
    "tb_header": (r"Traceback \(most recent call last\)", False),
    # Python's frame line, and IPython's / Jupyter's ("/x/openai/_base_client.py in _request(...)",
    # Colab's "[/x/file.py](https://localhost:8080/#) in f(...)", IPython 8's "File /x/file.py:1020, in f(...)")
    "tb_frame": (r"File \"[^\"]+\", line( [0-9]+|[ \t]*$)|^\[?/[^ \]]+\.py(\]\([^)]*\))? in [A-Za-z_<]|"
                 r"^File [^ \",]+\.py:[0-9]+, in ", False),
    "tb_chain": (r"The above exception was the direct cause|During handling of the above exception", False),
    # A qualified exception whose name does not end in one of those words is flagged only when
    # its name or its module says so (``pynvml.nvml.NVMLError_DriverNotLoaded``,
    # ``huggingface_hub.errors.OfflineModeIsEnabled``, ``torch._dynamo.exc.Unsupported``): a bare ``a.b.Name: `` has no literal for
    # Hyperscan to anchor on and cost 40 % of the scan of every byte.
    "exc_line": (r"[A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Exit|Interrupt|Fault|Failure|Failed|Timeout|"
                 r"OutOfResources|NotFound|Infeasible)(\([A-Za-z_.]*\))?(:|[ \t]*$)|"
                 r"([a-z_][a-z0-9_]*\.)+[A-Z][A-Za-z0-9_]*(Error|Exception)[A-Za-z0-9_]*(\([A-Za-z_.]*\))?: |"
                 r"([a-z_][a-z0-9_]*\.)*(errors|exceptions|exc)\.[A-Z][A-Za-z0-9_]*(\([A-Za-z_.]*\))?: |"
                 # Python's bare ``raise Exception("...")`` (SGLang's popen_launch_server)
                 r"\bException: |"
                 # the standard library's exceptions named in lower case
                 r"(^|[ \]:])(" + "|".join(re.escape(n) for n in sorted(_LOWERCASE_EXCEPTIONS)) + r")(:|[ \t]*$)",
                 False),
    # Go's os/exec says how a child died as "signal: NAME" (ProcessState.String, the C library's
    # lower-case words); of these only "signal: illegal instruction" names its own cause (an
    # instruction the CPU lacks): a supervisor's "signal: aborted" or "signal: segmentation fault"
    # reports its child's death, whose cause is in the child's output (a wrapper: llama-swap#155).
    # Read where it ends the line: a relay that quotes the child's error after it names that error
    "signal": (r"SIG(BUS|KILL|SEGV|ABRT|ILL)|terminate called after throwing an instance of|Bus error|Segmentation fault|Segfault encountered|segfault at [0-9a-f]+|Illegal instruction|trap invalid opcode|Killed[ \t]*$|"
               r"signal: illegal instruction( \(core dumped\))?[ \t]*$|"
               r"core dumped|signal \(?[0-9]+|" + _EXIT_CODE + r"-?[0-9]+|exit status [0-9]+|"
               # Windows' NTSTATUS code for an illegal instruction (see _NTSTATUS_ILLEGAL_INSTRUCTION)
               r"-1073741795|3221225501|0x[Cc]000001[Dd]|STATUS_ILLEGAL_INSTRUCTION|"
               # the shell's report under a Chinese (zh_CN) locale
               + "|".join(_ZH_SIGNAL.values()), False),
    # the message of a C++ exception nothing caught, on the line after std::terminate's
    # "terminate called after throwing an instance of 'T'" (libstdc++'s verbose terminate handler)
    "cxx_what": (r"\bwhat\(\): ", False),
    # a Rust panic since Rust 1.73: "thread 'main' panicked at src/main.rs:2:5:", its message on the
    # next line (before, "panicked at 'MESSAGE', src/main.rs:2:5" on one line)
    "rust_panic": (r"panicked at [^ \t]+:[0-9]+:[0-9]+:[ \t]*$", False),
    # a Go panic: the runtime prints "panic: VALUE" (a runtime error's "panic: runtime error: ...")
    # at the start of the line, then "goroutine N [running]:" and the stacks, and the process exits
    # with status 2 (read only where the line's text, past any log head, starts with it: see go_panic)
    "go_panic": (r"panic: ", False),
    "errno": (r"\[Errno [0-9]+\]|errno[:= ]+-?[0-9]+|\(os error [0-9]+\)|E(ADDRINUSE|NOSPC)\b|"
              r"[Aa]ddress already in use|Socket '[^']*' already in use|[Nn]o space left on device|"
              r"[Pp]ermission denied|[Nn]o such file or directory|[Cc]onnection refused|[Nn]o such host|"
              r"server misbehaving|[Nn]ame or service not known|[Tt]emporary failure in name resolution", False),
    # A line that is an error by its form: Go/Rust CLIs ("Error: ..."), a Unix tool's
    # "PROGRAM: error: " (srun, sbatch, slurmstepd, gcc) and a daemon's "[time] [job] error: "
    # (slurmd), a daemon's line through syslog/journald ("Feb 20 18:59:13 host slurmd[57977]: fatal: "),
    # llama.cpp's "E function: " (its 2025 log), glog E lines (Triton, TensorRT-LLM),
    # logfmt (logrus: docker, containerd, Kubernetes parts) / JSON / bracketed ERROR levels,
    # zerolog's ERR (LocalAI); a record at CRITICAL, the level a program logs just before it stops, in
    # Python logging's formats ("NAME - CRITICAL - ", basicConfig's "CRITICAL:NAME:", vLLM's
    # "CRITICAL MM-DD hh:mm:ss ", loguru's "| CRITICAL |", "[CRITICAL]": vox-box's "Model isn't
    # supported", gpustack/gpustack#1723). Read only when nothing more specific is.
    "error_line": (r"^(Error|error|ERROR|FATAL|fatal): | - CRITICAL - |^CRITICAL:[A-Za-z0-9_.]*:|"
                   r"^CRITICAL [0-9]{2}-[0-9]{2} [0-9:]{8} |\| CRITICAL +\||\[CRITICAL\]|^[A-Za-z][A-Za-z0-9_.+-]{0,40}: (error|fatal|ERROR|FATAL): |"
                   r"^[A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [^ ]+ [A-Za-z][A-Za-z0-9_.+-]{0,40}\[[0-9]+\]: (error|fatal): |"
                   r"\] (error|fatal): |^E[0-9]{4} [0-9:.]+ |\] E[0-9]{4} |level=(ERROR|FATAL|error|fatal)\b|\"level\": ?\"(error|fatal)\"|"
                   r"\[(ERROR|FATAL)\]|^\[[0-9]+\] E |^E [a-z_]+: |: Failed with result|^[0-9:]+[AP]M (ERR|FTL) ", False),
    # Weakest of all: a failure word on a line that is not logged at a quiet level (checked in
    # Python: ``normalize.quiet``). An engine's unknown wording of a fatal error ("cuBLAS error 3
    # at ...", "unable to load model ...", a Triton model table's "UNAVAILABLE:") is still a failure.
    "error_word": (r"\b(error|errors|fail|fails|failed|failure|fatal|crash|crashed|crashes|unable to|cannot|can't|could not|couldn't|"
                   r"panic|panicked|abort|aborted|exception|denied|refused|unavailable|not found)\b", True),
    "ray_unschedulable": (r"No available node types can fulfill|[Pp]lacement group.{0,120}(infeasible|cannot be|"
                          r"could not be|not be scheduled)|Failed to create placement group", False),
    # "Insufficient nvidia.com/gpu" (any nvidia.com/ resource: MIG profiles too), also cut after
    # "nvidia" where a pasted event broke the line; the kubelet's own admission refusal, a pod's
    # status "OutOfnvidia.com/gpu" (a node that does not advertise the GPUs yet, its device plugin
    # not registered: aws/karpenter-provider-aws PR 1476)
    # KAI's "2 node(s) didn't have enough resources: GPUs" (its event reason Unschedulable)
    "k8s_insufficient_gpu": (r"Insufficient nvidia\b|\bOutOfnvidia\.com/|didn't have enough resources: GPUs", False),
    # the default scheduler's wordings, and KAI's ("no nodes with enough resources were found: 6
    # node(s) didn't have enough of mig profile: nvidia.com/mig-1g.5gb")
    "k8s_unscheduled": (r"PodScheduled +False|FailedScheduling|0/[0-9]+ nodes are available|"
                        r"[Nn]o nodes with enough resources were found", False),
    "k8s_oomkilled": (r"Reason: +OOMKilled|\bOOMKilled\b|\"OOMKilled\": *true", False),
    "runtime_hook": (r"OCI runtime (create|exec) failed|error running hook|error executing hook|"
                     r"(createContainer|createRuntime|startContainer|prestart) hook #?[0-9]+: exit status", False),
    "k8s_evicted": (r"\bEvicted\b.{0,200}(exceeds the limit|low on resource|ephemeral local storage|"
                    r"ephemeral-storage)|[Tt]he node was low on resource", False),
}
MAX_EXCEPTIONS = 40
_TERMINATE = re.compile(r"terminate called after throwing an instance of '(?P<type>[^']{1,200})'")
_WHAT = re.compile(r"\s*what\(\):\s+(.*)$")
WHAT_LINES = 3          # std::terminate's what() line follows its line at once (a stray line or two allowed)
_FAILURE_WORD = re.compile(SHAPES["error_word"][0], re.I)
_LEVEL_WORDS = frozenset({"ERROR", "FATAL", "PANIC"})
ERROR_LEVEL = "error_level"     # read in Python (normalize.loud), not a Hyperscan shape
MAX_SAME_EVENTS = {"error_line": 20, ERROR_LEVEL: 20, "error_word": 20, "rust_panic": 20, "go_panic": 20}   # others: 3 of each
# A line already read as one of these is not also a bare failure word.
BARE = frozenset({"error_line", ERROR_LEVEL, "error_word"})
# Kinds read only up to their budget: past it, a line flagged by nothing else is skipped unread.
SPENDABLE = BARE | {"rust_panic", "go_panic"}
_WORD = frozenset({"error_word"})
_STRONGER = frozenset({"exc_line", "error_line", "tb_frame", "tb_header", "tb_chain", "go_panic"})
CUT_OFF_LINES = 20     # a traceback whose last frame is this close to the end was cut off
_PROC = re.compile(r"\((" + normalize.PROC_NAME + r"\bpid=\d+[^()]*)\)|\[(rank\d+)\]:|\[(\d+,\d+)\]<std(?:out|err)>:")
_SRUN = re.compile(r"^(\d{1,5}): ")
# uvicorn's level head, which it also puts on each line of a traceback it logs ("ERROR:      File ...")
_UVICORN_HEAD = r"(?:ERROR|WARNING|INFO|DEBUG|CRITICAL|TRACE):\s+"
# Logger heads: vLLM's ("LEVEL MM-DD HH:MM:SS [file.py:N] "; before 0.7 "file.py:N] ", no opening
# bracket), a bracketed date, uvicorn's before a traceback's header or frame, MPI's rank tag, srun
# -l's task number and Python's "%(asctime)s - %(name)s - %(levelname)s - " once its time is
# stripped (LMDeploy).
_LOGHEAD = re.compile(r"^(?:[A-Z]+ \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? (?:\[[^\]]*\]|[\w.-]+\.py:\d+\]) |\[\d{4}-\d\d-\d\d [^\]]*\] |"
                      # SGLang's 2024 head, a time and its process ("[23:17:08 TP4] ", sgl-project/sglang#1479)
                      r"\[\d\d:\d\d:\d\d(?: [A-Z]{2,4}\d+)+\] |"
                      + _UVICORN_HEAD + r"(?=Traceback \(most recent call last\)|File \")|"
                      # ... and at error level before the exception that ends it ("ERROR: KeyError:
                      # 'glm_moe_dsa'", a logger that heads every line of the traceback it logs:
                      # sgl-project/sglang#19408); a warning's exception name is its message's
                      r"(?:ERROR|CRITICAL):\s+(?=(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt)(?::|$))|"
                      r"\[\d+,\d+\]<std(?:out|err)>:\s?|\d{1,5}: |- [\w.]+ - (?:INFO|WARNING|ERROR|DEBUG|CRITICAL) - )")
_EXC = re.compile(r"^(?P<q>(?:[A-Za-z_]\w*\.)*)(?P<type>[A-Za-z_]\w*)(?:\((?P<inner>[\w.]+)\))?(?::\s?(?P<msg>.*))?$")
# An exception's name says so, or it is qualified by its module (``huggingface_hub.errors.OfflineModeIsEnabled``).
_CLI_PREFIXES = frozenset({"Error", "Exception"})
# a traceback flattened onto one line: its header, then its first frame on the same line
_FLAT_TRACEBACK = re.compile(r"Traceback \(most recent call last\):\s*(?=File [\"\u201c])")
# ... and the exception that ends it (the last named one on the line, before its message)
_FLAT_EXCEPTION = re.compile(r"(?<![\w.])(?P<q>(?:[a-z_][\w]*\.)*)(?P<type>[A-Z]\w*(?:Error|Exception|Exit|Interrupt|"
                             r"Timeout|Fault|Failure)): ")
_EXC_NAME = re.compile(r"(?:Error|Exception|Exit|Interrupt|Fault|Failure|Failed|Timeout|OutOfResources|NotFound|"
                       r"Infeasible)$")
# a traceback logged after a message or a logger's bracketed head ("[ERROR] [runner:llm:1] Traceback ...")
_LOGGED_HEADER = (": Traceback (most recent call last):", "] Traceback (most recent call last):")
# ... and a server's own heading of the same shape above the traceback it prints (SGLang's "Exception in
# run_tp_server:", "Exception in ControllerSingle:", sgl-project/sglang#1479, #1146)
_THREAD_HEADER = re.compile(r"^Exception in (?:thread )?[^:]{1,120}:$")
# An exception's message that is the header of another traceback, printed below it: Python's own
# (a formatted traceback raised again), Ray's remote task ("ray::Actor.method() (pid=1281, ip=...)")
# and torch Inductor's SubprocException, whose message ends where the subprocess's traceback starts
_WRAPS_BELOW = re.compile(r"Traceback \(most recent call last\)|ray::[\w:.]+\(\) \(pid=\d+|"
                          r".{0,300}An exception occurred in a subprocess:\s*$")
# IPython / Jupyter print the exception's type first, on the traceback's header line:
# "OutOfMemoryError                          Traceback (most recent call last)"
_IPYTHON_HEADER = re.compile(r"^(?P<q>(?:[A-Za-z_]\w*\.)*)(?P<type>[A-Za-z_]\w*)\s{2,}Traceback \(most recent call last\)")
_FRAME = re.compile(r'File "(?P<path>[^"]+)", line(?: \d+(?:, in (?P<func>\S+))?|\s*$)')
# an exception named by its module path and a class name in CapWords, its message after ': '
_QUALIFIED_EXC = re.compile(r"^(?:[a-z_][a-z0-9_]*\.)+[A-Z][A-Za-z0-9_]*(?:: \S|\s*$)")
# a frame line that ends before its ', in FUNC' ('File "x.py", line 57,' or '..., line 683, in'):
# a paste that wrapped it at its width put the rest on the next line
_FRAME_CUT = re.compile(r'File "[^"]+", line( \d+(, in)?)?,?\s*$')
_IPYTHON_FRAME = re.compile(r"^\[?(?P<path>/[^ \]]+\.py)(?:\]\([^)]*\))? in (?P<func>[A-Za-z_<][^(\s]*)|"
                            r"^File (?P<path8>[^ \",]+\.py):\d+, in ")
# the numbered source lines IPython 8 / Jupyter print under each frame, the failing one marked
# with an arrow ("   1102     errors.append(...)", "-> 1100     values = validator(...)",
# "---> 88 values[\"client\"] = VLLModel(")
_IPYTHON_CONTEXT = re.compile(r"^\s*(?:-*>\s*)?\d{1,6}\s+\S")
SOURCE_PARTS = 3
_PKG = re.compile(r"(?:site|dist)-packages/(.+?)\.py$")
_ERRNO = re.compile(r"\[Errno (\d+)\]|errno[:= ]+-?(\d+)|\(os error (\d+)\)|\bE(ADDRINUSE|NOSPC)\b|"
                    r"(address already in use|already in use|no space left on device|permission denied|"
                    r"no such file or directory|connection refused|no such host|server misbehaving|"
                    r"name or service not known|temporary failure in name resolution)", re.I)
# strerror / resolver texts as errno numbers (glibc); a failed name lookup has no errno: -2 (EAI_NONAME)
_ERRNO_NAMES = {"addrinuse": 98, "nospc": 28, "address already in use": 98, "already in use": 98,
                "no space left on device": 28, "permission denied": 13, "no such file or directory": 2,
                "connection refused": 111, "no such host": -2, "server misbehaving": -2,
                "name or service not known": -2, "temporary failure in name resolution": -2}
# Windows reports a crashed process by its NTSTATUS code, as a signed or unsigned 32-bit number or in
# hex ("[WinError -1073741795]", "0xc000001d"): STATUS_ILLEGAL_INSTRUCTION (0xC000001D) is an illegal
# instruction (https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/596a1078-e883-4972-9bbc-49e60bebca55).
# Its access violation (0xC0000005) stays unread as a signal: relayed alone by a client, labels call it
# nothing to judge (round 81's Docker Model Runner CLI), as its POSIX twin in a relay is read elsewhere.
_NTSTATUS_ILLEGAL_INSTRUCTION = r"(?<![0-9])(-1073741795|3221225501)(?![0-9])|\b0x[Cc]000001[Dd]\b|STATUS_ILLEGAL_INSTRUCTION"
# Ray's report of a worker it lost lists the signals that might have ended it ("There are some potential
# root causes. (1) The process is killed by SIGKILL by OOM killer ... (3) ... due to SIGSEGV"): possibilities,
# not the signal that did (ray-project/ray, python/ray/exceptions.py's WorkerCrashedError text)
_POSSIBLE_CAUSES = re.compile(r"potential root causes|common causes include")
# each signal's own words; the shell's zh_CN report of it (_ZH_SIGNAL) is added to each below
_SIGNAL_WORDS = (
    ("SIGBUS", r"SIGBUS|Bus error|signal \(?7\b|" + _EXIT_CODE + r"(-7|135)\b|exit status 135\b"),
    ("SIGKILL", r"SIGKILL|^Killed\s*$|signal \(?9\b|" + _EXIT_CODE + r"(-9|137)\b|exit status 137\b"),
    ("SIGSEGV", r"SIGSEGV|Segmentation fault|Segfault encountered|segfault at [0-9a-f]+|signal \(?11\b|" + _EXIT_CODE + r"(-11|139)\b|exit status 139\b"),
    # a C++ exception nothing caught: std::terminate aborts the process; a shell's report of a child
    # that aborted ("bash: line 1: 1438451 Aborted  (core dumped) nohup ...": the job's status word, then
    # its command line, as for "Killed": https://www.gnu.org/software/bash/manual/bash.html#Job-Control-Basics)
    ("SIGABRT", r"SIGABRT|^Aborted \(core dumped\)|: line [0-9]+: +[0-9]+ Aborted +|^terminate called after throwing an instance of|signal \(?6\b|" + _EXIT_CODE + r"(-6|134)\b"),
    # the kernel's log of it: "traps: llama-run[1907] trap invalid opcode ip:... in libggml-cpu.so"
    ("SIGILL", r"SIGILL|Illegal instruction|trap invalid opcode|signal: illegal instruction( \(core dumped\))?\s*$|signal \(?4\b|" + _EXIT_CODE + r"(-4|132)\b|" + _NTSTATUS_ILLEGAL_INSTRUCTION),
    # the shell's report of a child ended by SIGQUIT (another process, or Ctrl-\, asked it to quit)
    ("SIGQUIT", r"^Quit \(core dumped\)\s*$|SIGQUIT.*core dumped|core dumped.*SIGQUIT"),
)
_SIGNALS = tuple((name, re.compile("|".join(filter(None, (words, _ZH_SIGNAL.get(name))))))
                 for name, words in _SIGNAL_WORDS)


@dataclass
class ExceptionEvent:
    line: int
    type: str
    qualified: str
    message: str
    text: str
    package: str | None = None          # the package of the last frame: the one that raised it
    frames: list[str] = field(default_factory=list)
    cause: ExceptionEvent | None = None  # the exception this one was raised from / while handling
    in_traceback: bool = True
    header: int | None = None            # the traceback's "Traceback (most recent call last)" line
    # its message is not here: named by an IPython traceback's header, or a wrapper whose message is
    # the header of the traceback it caught (that one's exception, below, is the cause)
    header_only: bool = False
    cxx: bool = False          # an uncaught C++ exception (std::terminate's what() line)
    ignored: bool = False      # printed under "Exception ignored in: ..." (sys.unraisablehook), or logged
                               # under a message that says its code caught it and went on (markers: logs_caught)
    in_thread: bool = False    # its traceback under "Exception in thread NAME:" (threading's excepthook),
                               # or chained to one that was: only that thread died, the process went on

    @property
    def at_shutdown(self) -> bool:
        """Raised by a finalizer: its traceback starts in weakref's ``_exitfunc`` / ``finalize.__call__``
        (an executor's shutdown hook running after the start already failed), or Python printed it
        under "Exception ignored in: <...>" (an exception in ``__del__`` or a callback, which Python
        reports and ignores: it stops nothing), or it was logged under a message that says its code
        caught it and went on (vLLM's "Failed to load plugin X"): it stops nothing either."""
        return self.ignored or (bool(self.frames) and self.frames[0].endswith(("/weakref.py", "\\weakref.py")))

    @property
    def in_child_process(self) -> bool:
        """It ended a child process: its traceback, or that of an exception it was raised from, starts at
        multiprocessing's _bootstrap (the child's top frame when its target raised; multiprocessing prints
        "Process NAME:" and the traceback, and the child exits with code 1)."""
        return any(e.frames and e.frames[0].replace("\\", "/").endswith("multiprocessing/process.py")
                   for e in self.chain())

    def chain(self) -> list[ExceptionEvent]:
        """Root first: the first traceback of a chain is where the trouble started."""
        out: list[ExceptionEvent] = []
        cur: ExceptionEvent | None = self
        while cur is not None and len(out) < 10:
            out.append(cur)
            cur = cur.cause
        return out[::-1]


@dataclass
class Event:
    kind: str            # signal | errno | ray_unschedulable | k8s_insufficient_gpu | runtime_hook
    line: int
    text: str
    value: str | int | None = None
    by: int | None = None   # the line of the exception this event follows from (an abort after a C++ exception)
    alone: bool = False     # an abort with no message of its own just above it (no error line, no exception)


@dataclass
class _Open:
    header: int
    last: int = 0
    frame_line: int = -1     # the last frame line ('File "...", line N, in f')
    frame_cut: bool = False  # ... cut before its ', in f' (a paste wrapped it: 'in f' is on the next line)
    frames: list[str] = field(default_factory=list)
    chained_to: ExceptionEvent | None = None
    during: bool = False           # chained by "During handling of the above exception, another ...": that one was caught
    chain_line: int | None = None  # the line of the chaining sentence above its header
    logged_by: int | None = None   # the message line of the same log record (logger.exception)
    ignored: bool = False          # under "Exception ignored in: ..." (sys.unraisablehook) or a caught-and-went-on message
    in_thread: bool = False        # under "Exception in thread NAME:", or chained to an exception that was


@dataclass
class Structure:
    exceptions: list[ExceptionEvent] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    open: dict[str, _Open] = field(default_factory=dict)
    last_exc: dict[str, ExceptionEvent] = field(default_factory=dict)
    chain_pending: dict[str, tuple[str, int]] = field(default_factory=dict)   # per process: ("during" or "cause", its line)
    terminated: dict[str, tuple[int, str]] = field(default_factory=dict)  # per process: std::terminate's line, type
    panicked: dict[str, int] = field(default_factory=dict)  # per process: a Rust panic's line, its message below
    dropped: int = 0
    counts: dict[tuple[str, str | int | None], int] = field(default_factory=dict)  # events kept per kind, value
    last_head: tuple[int, str, str] | None = None   # the last line read with a log head: number, process, head
    last_loud: tuple[int, str] | None = None   # the last error-level heading that names no error: number, process
    last_message: int = 0      # the last line that says an error of its own (an error line, an exception, a what())
    # per process: the last line that heads a traceback printed below it, and what it says of that traceback:
    # "ignored" (sys.unraisablehook's "Exception ignored in:"), "thread" ("Exception in thread NAME:"),
    # "caught" (a message that logs an exception its code caught and went on past)
    heading_at: dict[str, tuple[int, str]] = field(default_factory=dict)

    def feed(self, number: int, raw: str, kinds: set[str], above: Callable[[], str | None] | None = None) -> set[str]:
        """Read one flagged line (``above``: reads the line before it, when the reader has it at hand);
        return its kinds as read: a failure word that is not in the
        message itself, or on a line logged at a quiet level, is no failure word (the capture's
        keeper keeps lines by these kinds)."""
        head, text = split_head(raw)
        proc = proc_key(raw)
        if text.startswith(_UNRAISABLE):
            # Python's report of an exception it ignores (sys.unraisablehook): its traceback follows
            self.heading_at[proc] = (number, "ignored")
        elif text.startswith("Exception in thread ") and _THREAD_HEADER.match(text):
            # threading's report of a thread's uncaught exception: its traceback follows
            self.heading_at[proc] = (number, "thread")
        elif kinds & BARE and status.markers().logs_caught(text):
            # a message that logs an exception its code caught and went on past (vLLM's plugin
            # loader: "Failed to load plugin X", then the traceback in the same record)
            self.heading_at[proc] = (number, "caught")
        if kinds & BARE and "exc_line" not in kinds and (self._source_line(number, proc)
                                                         or _THREAD_HEADER.match(text)
                                                         or "tb_chain" in kinds or _traceback_part(text)
                                                         or (not head and proc in self.open
                                                             and _IPYTHON_CONTEXT.match(text))):
            # the source line Python prints under a traceback's frame ("response = self.parent.error(",
            # "raise ValueError(...)") is code, not a message: its words are no failure words; nor
            # are those of threading's "Exception in thread NAME:" (or a server's "Exception in
            # NAME:"), the header of the traceback that follows (its exception line says what failed),
            # nor those of IPython's numbered source lines inside an open traceback, nor a chaining
            # line's ("The above exception was the direct cause ..."), even logged at error level
            kinds = kinds - BARE
        if "error_word" in kinds:
            if not failure_word(text):
                kinds = kinds - _WORD
            elif "error_line" not in kinds and normalize.loud(raw):
                # a failure logged at error level, in any logger's format: an error line, but one
                # that (like a bare failure word) a request can log after the start completed
                kinds = (kinds - _WORD) | {ERROR_LEVEL}
                # it was flagged as a bare failure word: it spends that budget too, so a flood of
                # such lines is skipped unread once enough are kept (Scanner._spent), as before
                self._spend("error_word")
            elif normalize.quiet(raw) or (not head and above is not None and (line_above := above()) is not None
                                          and soft_wrapped(line_above)):
                # quiet; or the rest of a quiet line a console wrapped at its width (TabbyAPI's
                # rich log: "WARNING:  TemplateLoadError: Chat template " / '"chat_template" not
                # found in files.'): the line above ends in the blank the wrap left, this one has no head
                kinds = kinds - _WORD
        read = kinds
        if not text:
            return read
        before, loud_before = self.last_head, self.last_loud
        if head:
            self.last_head = (number, proc, head)
        if normalize.loud(raw) and _HEADING_ONLY.search(raw.rstrip()):
            self.last_loud = (number, proc)
        if "tb_header" in kinds and (flat := _FLAT_TRACEBACK.search(text)) is not None:
            # a whole traceback flattened onto one line (an HTTP response's JSON field, a client's
            # relay): its exception, if the line still holds it, ends it there; nothing stays open
            self._flat(number, proc, text[flat.end():])
            if "signal" in kinds:   # its exception names how the process died (an NTSTATUS code)
                self._signal(number, text, proc)
            return read
        if "tb_header" in kinds and (text.startswith("Traceback (most recent call last)")
                                     or text.endswith(_LOGGED_HEADER)):
            # a traceback printed on its own, or logged after a message ("EngineCore hit an
            # exception: Traceback (most recent call last):", its frames logged line by line)
            self._open(proc, number)
            opened, heading = self.open[proc], self.heading_at.get(proc)
            opened.ignored = heading == (number - 1, "ignored")
            opened.in_thread = heading == (number - 1, "thread") or (opened.chained_to is not None
                                                                    and opened.chained_to.in_thread)
            if head and before == (number - 1, proc, head) and text.startswith("Traceback"):
                # the line before it has the very same head (time, file:line): one log record,
                # Python's logger.exception(message) with its traceback below the message
                opened.logged_by = number - 1
                if heading == (number - 1, "caught"):
                    opened.ignored = True      # a message that says its code went on past it
            elif not head and loud_before == (number - 1, proc) and text.startswith("Traceback"):
                # a formatter that heads only a record's first line: a heading logged at error
                # level right above a bare header, naming no error of its own, is that record's
                # (uvicorn's "ERROR:    Exception in ASGI application", gunicorn's "[ERROR] Exception
                # in worker process", logging's exc_info); its traceback says what failed
                opened.logged_by = number - 1
        elif "tb_header" in kinds and (m := _IPYTHON_HEADER.match(text)) and _EXC_NAME.search(m.group("type")):
            self._open(proc, number)
            self._named_by_header(number, m.group("q"), m.group("type"), text)
        elif "tb_chain" in kinds:
            self.chain_pending[proc] = ("during" if "During handling" in text else "cause", number)
        elif "tb_frame" in kinds and (path := _frame_path(text)):
            if proc not in self.open:
                # frames with no header: an excerpt that starts inside a traceback (the top
                # was cut when it was pasted); its first frame stands for the header
                self._open(proc, number)
            frames = self.open[proc].frames
            self.open[proc].last = self.open[proc].frame_line = number
            self.open[proc].frame_cut = _FRAME_CUT.search(text) is not None
            frames.append(path)
            del frames[:-20]
        if ("exc_line" not in kinds and (opened_tb := self.open.get(proc)) is not None
                and 0 < number - opened_tb.frame_line <= 2 and _QUALIFIED_EXC.match(text)):
            # a qualified exception whose name says nothing of an error ("starlette.websockets.
            # WebSocketDisconnect: 1001"), right below the last frame of an open traceback: where
            # Python prints the exception that ends it (no shape flags it outside one; read here when
            # another shape flagged its line: a logger's error prefix)
            kinds = kinds | {"exc_line"}
        if "go_panic" in kinds and not self._go_panic(number, proc, text):
            kinds = kinds - {"go_panic"}
        if "exc_line" in kinds and not self._exception(number, proc, text,
                                                       normalize.level(normalize.strip_prefixes(raw.strip()))):
            kinds = kinds - {"exc_line"}    # not an exception after all: its failure words still count
        if "signal" in kinds:
            self._signal(number, text, proc)
        if "cxx_what" in kinds:
            self._what(number, text, proc)
        if "rust_panic" in kinds and not self.spent("rust_panic"):
            self._spend("rust_panic")
            self.panicked[proc] = number
        # a known-benign line with an errno in it (the NGC entrypoint's find over a folder it may not read)
        if "errno" in kinds and (m := _ERRNO.search(text)) and not benign(text):
            value = next(g for g in m.groups() if g)
            self._event("errno", number, text, int(_ERRNO_NAMES.get(value.lower(), value)))
        platform = [kind for kind in ("ray_unschedulable", "k8s_insufficient_gpu", "k8s_unscheduled", "k8s_oomkilled",
                                      "k8s_evicted", "runtime_hook") if kind in kinds]
        # a known-benign line names the event only to deny it (`docker inspect`'s "OOMKilled": false),
        # and is no bare failure either: asked once, and only of a line that would make either event
        denied = bool(platform or kinds & BARE) and benign(text)
        if platform and not denied:
            for kind in platform:
                self._event(kind, number, text)
        if kinds & BARE and not denied:
            if "error_line" in kinds:
                self._event("error_line", number, text)
            elif ERROR_LEVEL in kinds:
                self._event(ERROR_LEVEL, number, text)
            elif "error_word" in kinds and not kinds & _STRONGER:
                self._event("error_word", number, text)
        if (kinds & BARE and not denied) or kinds & {"exc_line", "cxx_what"}:
            self.last_message = number
        return read

    def _exception(self, number: int, proc: str, text: str, level: str | None) -> bool:
        """An exception that ends a traceback, one an engine logged on its own at error level, or a
        lone named one with its message; whether the line was one."""
        m = _EXC.match(text)
        opened = self.open.get(proc)
        if m is None:
            return False
        if (opened is None or not opened.frames) and benign(text):
            # a known harmless exception printed with no frames of its own (protobuf's GetPrototype
            # from an older package's import, bare or under an IPython header): the import went on
            if opened is not None:
                del self.open[proc]
            return False
        named = (_EXC_NAME.search(m.group("type")) is not None
                 or m.group("q") + m.group("type") in _LOWERCASE_EXCEPTIONS)
        # outside a traceback, an exception line stands on its own when it is logged at error level,
        # or when it names an exception and its message ("KeyError: 'x.weight'", the one line people
        # paste), or names it with a colon and nothing after it: a message that begins with a newline
        # is printed on the lines below ("transformers....AmbiguousGlobalPerLayerAttributeError:",
        # vllm-project/vllm#51744); a CLI's "Error: DownloadError" (Rust's, Go's) is a message
        # prefix, not a Python type
        if opened is None and level not in ("ERROR", "CRITICAL") and not (
                named and m.group("msg") is not None and m.group("type") not in _CLI_PREFIXES):
            return False
        if not named and not (m.group("q") and m.group("type")[0].isupper() and m.group("msg") is not None):
            return False
        exc = ExceptionEvent(line=number, type=m.group("inner") or m.group("type"),
                             qualified=m.group("q") + m.group("type"),
                             message=(m.group("msg") or "").strip(), text=text, in_traceback=opened is not None)
        if opened is not None:
            exc.header = opened.header
            exc.frames = opened.frames
            exc.ignored = opened.ignored
            exc.in_thread = opened.in_thread
            exc.package = package_of(opened.frames)
            exc.cause = opened.chained_to
            del self.open[proc]
        self.last_exc[proc] = exc
        self._keep(exc)
        if _WRAPS_BELOW.match(exc.message):
            # a wrapper whose message is the header of the traceback it caught (Ray Serve's replica
            # raises RuntimeError(traceback.format_exc()); Ray's RayTaskError names the remote task,
            # its traceback follows): the cause is that traceback's exception, below
            exc.header_only = True
            self._open(proc, number)
        return True

    def _flat(self, number: int, proc: str, rest: str) -> None:
        """The exception at the end of a traceback flattened onto one line, with its frames."""
        found = list(_FLAT_EXCEPTION.finditer(rest))
        if not found:
            return
        last = found[-1]
        frames = [m.group("path") for m in _FRAME.finditer(rest[:last.start()])][-20:]
        message = rest[last.end():].strip().rstrip("},] ")
        exc = ExceptionEvent(line=number, type=last.group("type"), qualified=last.group("q") + last.group("type"),
                             message=message, text=rest[last.start():].strip(), frames=frames,
                             package=package_of(frames))
        self.last_exc[proc] = exc
        self._keep(exc)

    def _keep(self, exc: ExceptionEvent) -> None:
        if len(self.exceptions) >= MAX_EXCEPTIONS:   # keep the first half and the latest
            self.exceptions.pop(MAX_EXCEPTIONS // 2)
            self.dropped += 1
        self.exceptions.append(exc)

    def _named_by_header(self, number: int, qualifier: str, name: str, text: str) -> None:
        """IPython's traceback names its exception on its first line: the type is known even when
        the excerpt stops before the exception's own line (whose message the type's rules may need).
        The traceback stays open: that line, if it comes, closes it as usual."""
        self._keep(ExceptionEvent(line=number, type=name, qualified=qualifier + name, message="", text=text,
                                  header=number, header_only=True))

    def _signal(self, number: int, text: str, proc: str) -> None:
        if _POSSIBLE_CAUSES.search(text):
            return
        for name, regex in _SIGNALS:
            if regex.search(text):
                ev = self._event("signal", number, text, name)
                if ev is None:
                    return      # not kept: a flood of terminate lines (distinct processes) stays bounded
                if (m := _TERMINATE.search(text)) is not None:
                    self.terminated[proc] = (number, m.group("type"))
                    self.last_message = number      # the uncaught exception's type names it
                elif name == "SIGABRT" and (exc := self.last_exc.get(proc)) is not None \
                        and exc.cxx and 0 < number - exc.line <= WHAT_LINES:
                    ev.by = exc.line    # "Aborted (core dumped)" under the exception's what() line
                elif name == "SIGABRT":
                    # an abort is the failure of the message printed just above it; with none there
                    # (a bare "Aborted (core dumped)", std::terminate's line cut before the type it
                    # names) it says the process stopped, not why (labelling-instructions.md)
                    ev.alone = not (self.last_message and 0 < number - self.last_message <= WHAT_LINES)
                return

    def _what(self, number: int, text: str, proc: str) -> None:
        """``what():  MESSAGE`` right after std::terminate's line: the uncaught C++ exception, with
        its type from that line and its own message (the cause's words; the abort is its consequence)."""
        seen = self.terminated.pop(proc, None)
        m = _WHAT.match(text)
        if seen is None or m is None or not 0 < number - seen[0] <= WHAT_LINES:
            return
        qualified = seen[1]
        exc = ExceptionEvent(line=number, type=qualified.rsplit("::", 1)[-1], qualified=qualified,
                             message=m.group(1).strip(), text=text, in_traceback=False, cxx=True)
        self.last_exc[proc] = exc
        self._keep(exc)
        for ev in self.events[::-1]:
            if ev.line == seen[0] and ev.kind == "signal":
                ev.by = number      # the abort is the exception's consequence
                break

    def _go_panic(self, number: int, proc: str, text: str) -> bool:
        """A Go panic's line ("panic: unable to load model: ...", "panic: runtime error: index out of
        range"): the process's uncaught crash, read as an exception whose message is the panic's
        value (a runtime error's SIGSEGV line below it is read by the signal shape). Only where the
        line's text starts with it: "Error: panic: ..." or a message that quotes one is not the
        runtime's own line."""
        if not text.startswith("panic: ") or self.spent("go_panic"):
            return False
        if not self._panic(number, proc, text[len("panic: "):].strip(), text):
            return False
        self._spend("go_panic")
        return True

    def wants_below(self, number: int) -> bool:
        """Line ``number`` is a Rust panic's header, whose message is the next line (no shape flags it)."""
        return number in self.panicked.values()

    def below(self, number: int, raw: str) -> None:
        """The line after a Rust panic's header: the panic's message, read as an exception's (its
        words are the cause's; the header says only where it panicked)."""
        _, text = split_head(raw)
        proc = proc_key(raw)
        if self.panicked.get(proc) != number - 1:
            return
        del self.panicked[proc]
        self._panic(number, proc, text, text)

    def _panic(self, number: int, proc: str, message: str, text: str) -> bool:
        """A Go or Rust panic's message, read as the process's exception (type "panic"); whether it was
        one: no message, or bytes that are no text (a log cut into binary data), is none."""
        if not message.strip() or "\ufffd" in message or not message.replace("\t", " ").isprintable():
            return False
        exc = ExceptionEvent(line=number, type="panic", qualified="panic", message=message.strip(), text=text,
                             in_traceback=False)
        self.last_exc[proc] = exc
        self._keep(exc)
        return True

    def raise_statement(self, number: int, raw: str) -> bool:
        """``raw`` is the ``raise ...`` statement Python prints under a frame of an open traceback
        whose message is not on the line as it was raised (a format string, a name, arguments on the
        lines below): code, not the error it raises."""
        _, text = split_head(raw)
        return _RAISE_STATEMENT.match(text) is not None and self._source_line(number, proc_key(raw))

    def _source_line(self, number: int, proc: str) -> bool:
        """The line right after a frame line of the same process's open traceback, or the line after
        that when the paste wrapped the frame line before its ', in FUNC' (the function's name on
        the line between: tabbyAPI#261's 'File "...", line 57,' / 'in generator_context')."""
        opened = self.open.get(proc)
        return opened is not None and (opened.frame_line == number - 1
                                       or (opened.frame_cut and opened.frame_line == number - 2))

    def _open(self, proc: str, number: int) -> None:
        """A traceback opens at ``number``, chained to the last exception after "The above
        exception was the direct cause ..." / "During handling ..."."""
        how, chain_line = self.chain_pending.pop(proc, (None, None))
        prior = self.last_exc.get(proc) if how else None
        self.open[proc] = _Open(number, number, chained_to=prior, during=how == "during", chain_line=chain_line)

    def _spend(self, kind: str, value: str | int | None = None) -> None:
        """One more of this kind and value read against its budget (``spent``)."""
        self.counts[(kind, value)] = self.counts.get((kind, value), 0) + 1

    def spent(self, kind: str, value: str | int | None = None) -> bool:
        """Whether events of this kind and value are no longer kept."""
        return self.counts.get((kind, value), 0) >= MAX_SAME_EVENTS.get(kind, 3)

    def _event(self, kind: str, number: int, text: str, value: str | int | None = None) -> Event | None:
        if self.spent(kind, value):
            return None
        self._spend(kind, value)
        ev = Event(kind, number, text, value)
        self.events.append(ev)
        return ev

    def logged_by(self, header: int) -> int | None:
        """The message line logged in the same record as the open traceback at ``header``."""
        return next((o.logged_by for o in self.open.values() if o.header == header), None)

    def caused_by_above(self, header: int) -> int | None:
        """The line of "The above exception was the direct cause of the following exception:" that
        chains the open traceback at ``header`` to what was said above it (None: not so chained)."""
        return next((o.chain_line for o in self.open.values()
                     if o.header == header and not o.during and o.chain_line is not None), None)

    def probe_before(self, header: int) -> int | None:
        """The line of a missing optional module's ``ModuleNotFoundError`` that code caught when the
        open traceback at ``header`` was raised while handling it ("During handling of the above
        exception, another exception occurred"): an import probe's expected answer (vLLM tries
        sphinx), not the error that ended the start, which is this traceback's own. Another caught
        error stays the cause (numpy's unreadable library, then its wrapper ImportError), and so does
        a missing submodule of a package that is there ("No module named 'vllm.executor'": Python
        imported vllm and found no executor in it, so the two packages' versions do not fit;
        xorbitsai/inference#4267): no optional package's absence."""
        return next((o.chained_to.line for o in self.open.values()
                     if o.header == header and o.during and o.chained_to is not None
                     and o.chained_to.type == "ModuleNotFoundError"
                     and not _SUBMODULE_MISSING.search(o.chained_to.message)), None)

    def _thread_header_cut(self, total_lines: int, after: int) -> int | None:
        """threading's "Exception in thread NAME:" among the last few lines, after ``after``, with
        nothing of its traceback below it (no frame, no exception line): the log was cut right
        under the header, before what failed. Its line, or None."""
        cut = [line for line, kind in self.heading_at.values()
               if kind == "thread" and line > after and total_lines - line <= CUT_OFF_LINES
               and line >= self.last_message and not any(o.header > line for o in self.open.values())]
        return max(cut, default=None)

    def cut_off(self, total_lines: int, after: int = 0,
                skip: Callable[[list[str]], bool] | None = None) -> tuple[int, str | None] | None:
        """A traceback still open where the log ends (its last frame among the last few lines):
        (its header line, its last frame). One left open far earlier only lacked a line we read;
        one whose frames ``skip`` names (a request's, after the start completed) cuts no start.
        A thread's header with nothing below it ("Exception in thread NAME:" as the log ends) is a
        traceback cut before its first frame (llava#1408): (its line, None)."""
        live = [o for o in self.open.values() if o.header > after and total_lines - o.last <= CUT_OFF_LINES
                and not (after and skip is not None and skip(o.frames))]
        last = max(live, key=lambda o: o.header, default=None)
        header = self._thread_header_cut(total_lines, after)
        if header is not None and (last is None or header > last.header):
            return header, None
        if last is None:
            return None
        return last.header, (last.frames[-1] if last.frames else None)


# Python's ModuleNotFoundError for a dotted name whose parent package imported: "No module named
# 'vllm.executor'" (importlib's _find_and_load_unlocked names the full dotted name it did not find)
_SUBMODULE_MISSING = re.compile(r"^No module named '[A-Za-z_][\w]*\.[\w.]+'")


# "<heading>: <message>, Traceback: Traceback (most recent call last):" - a logger that writes the
# error's message and then its traceback into one record (rtp-llm's "process run error: {e},
# Traceback: {format_exc()}", alibaba/rtp-llm#105; vLLM V0's "Exception in worker ... while processing
# method load_model: {e}, Traceback (most recent call last):")
_SAID_BEFORE_TB = re.compile(r"(?i)(?:error|exception|failed|failure)[^:]{0,80}:\s+\S.*?[,;]\s*(?:traceback:\s*)?"
                             r"Traceback \(most recent call last\):\s*$")


# an error-level heading that only announces the traceback below it: "Exception in ASGI
# application" (uvicorn), "Exception in worker process" (gunicorn), "Exception on /path [POST]"
# (Flask's app.log_exception, pallets/flask src/flask/app.py; LibreTranslate#836), "Error while ...", "Unhandled
# exception in ...", "Creating vllm engine failed", "Failed to load model"; after a level word, a
# bracket, a '|' or ' - ', ending the line with no ':' but for key=value context (logging's
# "LEVEL:logger:message" form puts the logger's name between the level and the heading:
# "ERROR:libretranslate.app:Exception on ...")
_HEADING_ONLY = re.compile(r"(?:^|\]|\||\b(?:ERROR|CRITICAL)\b:?(?: ?[A-Za-z_][\w.]*:)?| - )\s*(?:"
                           r"(?i:(?:an? )?(?:unhandled |uncaught |unexpected )?(?:exception|error)s? "
                           r"(?:in|on|while|during|occurred|raised|was raised|caught)\b[^:]{0,120})"
                           # "Creating vllm engine failed", "Decode cuda graph warmup failed" (TGI's
                           # logger.exception, huggingface/text-generation-inference#1695), "Failed to load
                           # model": a step, no reason
                           r"|[A-Z][a-z]+(?: [\w'/.-]+){1,8} failed[.!]?|Failed to [a-z]+ [\w .'/-]{1,60}?[.!]?)"
                           # ... and what it was doing, as key=value pairs, no error of its own (Onyx's model
                           # server: "Error during embedding process: provider=None model=nomic-ai/...")
                           r"(?:: ?(?:\[[\w:.-]+\] )?[\w.-]+=[^\s,;]*(?:[,;]? [\w.-]+=[^\s,;]*)*)?$")


def says_before_traceback(text: str) -> bool:
    """A line that states its error's message before the traceback it opens: the message is there
    though the traceback below it is cut."""
    return _SAID_BEFORE_TB.search(text) is not None


_LEVEL_HEAD = re.compile("^" + _UVICORN_HEAD)    # also before a caret line ("ERROR:    ^^^^")
_CARETS = re.compile(r"^[\^~]+$")


# sys.unraisablehook's heading over an exception Python ignores (in __del__, a weakref callback, a
# generator's close): https://docs.python.org/3/library/sys.html#sys.unraisablehook
_UNRAISABLE = "Exception ignored in: "
# a raise statement as a traceback prints it under its frame whose message is not on the line as raised: a
# format string ('raise RuntimeError(f"weight {name} does not exist")'), a name or call, the arguments on the
# lines below, a bare re-raise; a literal message ('raise ValueError("sharded is not supported for
# AutoModel")') is the error's own words, and a traceback cut below it still says what failed
_RAISE_STATEMENT = re.compile(r"raise [A-Za-z_][\w.]*(\(\s*$|\(\s*[A-Za-z_]|\s*$)")   # f"...": a name's letter


def _traceback_part(text: str) -> bool:
    """A traceback's header, frame or caret line, or the unraisable hook's heading over one, even
    logged at error level: no failure message itself (the exception that ends the traceback says
    what failed)."""
    inner = _LEVEL_HEAD.sub("", text, count=1).strip()
    return (inner.startswith(("Traceback (most recent call last)", _UNRAISABLE))
            or _CARETS.match(inner) is not None
            or (inner.startswith(("File ", "[/", "/")) and _frame_path(inner) is not None)
            or _CXX_FRAME.match(inner) is not None)


# a C++ backtrace's frame as c10 prints it under a torch error ("frame #0: c10::Error::Error(...) + 0x80
# (0x7fd6 in /.../libc10.so)"): a symbol's name, not a message (its "Error" is a class's name)
_CXX_FRAME = re.compile(r"^frame #[0-9]+: ")


def _frame_path(text: str) -> str | None:
    """The file of a traceback's frame line, in Python's form or IPython's."""
    if m := _FRAME.search(text):
        return m.group("path")
    if m := _IPYTHON_FRAME.match(text):
        return m.group("path") or m.group("path8")
    return None


def benign(text: str) -> bool:
    return status.markers().is_benign(text)


def soft_wrapped(line: str) -> bool:
    """A line logged at a quiet level that a console cut at its width between two words: it ends
    in the blank the wrap left (rich's console, loguru's), so the next line without a head of its
    own is the rest of its message, at its level."""
    body = line.rstrip("\r\n")
    return body.endswith(" ") and bool(body.strip()) and normalize.quiet(body) and not normalize.loud(body)


_EMPTY_ERROR = re.compile(r"\s*(?:error|errors|failure|failed|fatal)\s*:?\s*$", re.I)


def failure_word(text: str) -> bool:
    """A failure word in the message itself: a level token ("ERROR 06-23 ...", "| ERROR |") is
    the logger's, not the message's (every line of a traceback logged at ERROR carries it);
    "error-free" is no failure (a compound), nor "--log-error" (an option's name); nor is a bare
    "Error:" with nothing after it (ChatRTX's message whose exception text was empty): it says that
    something failed, not what; nor a shell's trace of a command it runs ("+ python3 -m
    verl.trainer.main_ppo data.truncation=error": bash -x), whose words are the command's arguments."""
    if _EMPTY_ERROR.match(text) or _XTRACE.match(text):
        return False
    return any(m.group(0) not in _LEVEL_WORDS and not _compound(text, m.end())
               and not _in_option_name(text, m.start()) and not _zero_count(text, m.start(), m.end())
               for m in _FAILURE_WORD.finditer(text))


# bash's xtrace (set -x): "+ " (one "+" a level of nesting) and the command it runs
_XTRACE = re.compile(r"\++ [A-Za-z_./$~\"']")


# a count of failures that is zero: "Errors: 0", "errors=0", "failed: 0", "0 errors", "0 failed"
_ZERO_AFTER = re.compile(r"s?\s*[:=]\s*0+(?![0-9.,A-Za-z])")
_ZERO_BEFORE = re.compile(r"(?<![0-9.,])0+\s+$")


def _zero_count(text: str, start: int, end: int) -> bool:
    """The word at ``start:end`` heads or follows a count of zero ("Errors: 0" in a job's summary, "0
    failed"): it reports that nothing failed."""
    return _ZERO_AFTER.match(text, end) is not None or _ZERO_BEFORE.search(text[:start]) is not None


def _compound(text: str, end: int) -> bool:
    """The word that ends at ``end`` is the first half of a hyphenated compound ("error-free",
    "error-level logging" in tritonserver's --help, "fail-safe"): it qualifies, it reports nothing."""
    return text.startswith("-", end) and end + 1 < len(text) and text[end + 1].isalpha()


def _in_option_name(text: str, at: int) -> bool:
    """The word at ``at`` is part of a command-line option's name ("--log-error <boolean>" in
    tritonserver's --help, "--on-failure"): a token that begins with a dash names a setting, it
    reports nothing."""
    start = at
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-_"):
        start -= 1
    return start < at and text.startswith("-", start)


def proc_key(raw: str) -> str:
    m = _PROC.search(raw[:160])
    if m:
        return next(g for g in m.groups() if g)
    s = _SRUN.match(raw)
    return f"task {s.group(1)}" if s else ""


def split_head(raw: str) -> tuple[str, str]:
    """A line's first logger head (its level, time and file:line, vLLM's and its kind; '' when it
    has none) and its message without timestamps, process tags and logger heads."""
    # a pasted line's indent (a Markdown quote, a blank before a process tag) is no part of its head
    text, first = normalize.strip_prefixes(raw.strip("\r\n").lstrip(" ")), ""
    for n in range(3):
        m = _LOGHEAD.match(text)
        if not m:
            break
        if n == 0 and m.group(0)[:1].isalpha() and "]" in m.group(0):
            first = m.group(0)
        text = normalize.strip_prefixes(text[m.end():])
    return first, text.strip()


def log_head(raw: str) -> str:
    """A logger's head on the line (see ``split_head``), or ''."""
    return split_head(raw)[0]


def body(raw: str) -> str:
    """The message of a line without timestamps, process tags and logger heads."""
    return split_head(raw)[1]


def source_module_of(frames: list[str]) -> str | None:
    """The raising file of a server run from a source checkout (no site-packages in its path),
    as its last ``SOURCE_PARTS`` path parts dotted (``.../ktransformers/server/config/config.py``
    -> ``server.config.config``): where no installed package names the raiser, its folders still
    say what kind of module raised (a config reader, a quantization module)."""
    for path in reversed(frames):
        parts = path.replace("\\", "/").split("/")
        if parts[-1].endswith(".py") and not path.startswith("<"):
            return ".".join([*parts[-SOURCE_PARTS:-1], parts[-1].removesuffix(".py")]).strip(".") or None
    return None


def package_of(frames: list[str]) -> str | None:
    """The dotted module of the last frame inside an installed package (``vllm.config``)."""
    for path in reversed(frames):
        m = _PKG.search(path.replace("\\", "/"))
        if m:
            return m.group(1).replace("/", ".").removesuffix(".__init__")
    return None
