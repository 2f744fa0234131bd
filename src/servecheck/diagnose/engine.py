"""From signature hits to findings, one primary root cause, its consequences and the advice.

Rules, in the order they apply:

1. A match on a ``WARNING``/``INFO`` log line is a warning (unless the signature says otherwise).
2. A *soft* cause (a CUDA-init warning, an NVML message, the NGC banner) is demoted when the same
   log proves CUDA worked after it (weights loaded, KV cache sized, server started) or when an independent
   failure (model access, config, port, tool parser, KV cache) explains the start; one the server logs and
   goes on past (Triton's pinned-memory pool) also when a later error names a library the build lacks.
3. Among the remaining causes the primary is the one earliest in *causal* order (host driver,
   then GPU visibility, then GPU code, then /dev/shm, then the application, then NCCL, then
   anything else), and within one tier the earliest line: not the last traceback. A generic
   header followed within a few lines by a more confident reading of the same class
   ("ValidationError: 1 validation error for ModelConfig", then "Value error, User-specified
   max_model_len ...") gives way to that detail: its next steps are the ones that help.
4. A bare kill signal ("Killed", SIGKILL, exit 137) after another cause is a consequence of it:
   the launcher tears its children down. A cause above the GPU stack (/dev/shm and later tiers)
   whose lines all precede a "server started" line did not kill the start (llama.cpp retrying an
   allocation, an ERROR-level notice before "Application startup complete"). GPU-stack causes
   are kept: a server that started after them may be running without its GPU.
5. Wrappers ("Engine core initialization failed", dead Ray actors) and downstream symptoms
   (NCCL errors after an OOM, a CUDA "out of memory" under a driver failure) are linked to it.
7. A layer-proven incompatibility (compat verdict "incompatible") is primary even when the log is
   missing or shows only a later symptom.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from servecheck.diagnose import chains
from servecheck.diagnose.lexicon import is_catch_all
from servecheck.diagnose.models import EvidenceLine, FailureClass, Finding, Layer, Primary
from servecheck.diagnose.scan import QUIET_LEVELS, ScanResult, SigHits
from servecheck.diagnose.signatures import Compiled
from servecheck.redact import safe_cut

TIER = {
    "driver_too_old": 0, "cuda_compat_shadowing": 0, "no_gpu_visible": 1, "gpu_arch_unsupported": 2, "shm_too_small": 3,
    "model_access": 4, "model_config": 4, "port_in_use": 4, "tool_parser": 4,
    "oom_weights": 4, "kv_cache_insufficient": 4, "nccl_comm": 5, "other": 6,
}
# Failures a soft driver/GPU warning cannot explain: they need working CUDA or happen before it.
INDEPENDENT = {"model_access", "model_config", "port_in_use", "tool_parser", "kv_cache_insufficient"}
# Classes that are symptoms when a lower layer already failed.
DOWNSTREAM = {
    "driver_too_old": {"no_gpu_visible", "oom_weights", "gpu_arch_unsupported", "nccl_comm", "other"},
    "cuda_compat_shadowing": {"no_gpu_visible", "oom_weights", "gpu_arch_unsupported", "nccl_comm", "other"},
    "no_gpu_visible": {"oom_weights", "nccl_comm", "other"},
    "gpu_arch_unsupported": {"nccl_comm", "other"},
    "shm_too_small": {"nccl_comm", "other"},
}
# A driver conflict is never harmless, whatever level an engine logs it at (Triton prints "CUDA
# driver version is insufficient" as a glog W line and goes on without the GPU); the soft rule,
# which asks for proof that CUDA worked afterwards, is what excuses a passing warning.
LEVEL_BLIND = {"driver_too_old"}
DETAIL_WINDOW = 3        # lines after a header in which its more specific detail is looked for
DETAIL_PAIRS = {("oom_weights", "kv_cache_insufficient")}   # (header class, detail class)
SURVIVABLE_TIER = 3      # tiers from /dev/shm upwards can be survived; driver/GPU/arch cannot
EVIDENCE_CHARS = 2000    # a runaway line (a whole JSON dump) stays readable in the report

GUARD = ("While this driver/CUDA incompatibility stands, do NOT change --max-model-len, batch size "
         "(--max-num-seqs, --max-num-batched-tokens), KV-cache settings (--gpu-memory-utilization, "
         "--kv-cache-dtype) or parallelism (--tensor-/--pipeline-parallel-size): none of them is "
         "the cause, and tuning them only hides the evidence.")


@dataclass(frozen=True)
class DriverCeiling:
    """The newest driver branch a GPU's architecture gets (knowledge/data/gpus.json): a Kepler card
    stops at r470 (CUDA 11.x), Maxwell, Pascal and Volta at r580."""

    gpu: str                 # what names the GPU: its name or compute capability, as the layers know it
    cc: str
    architecture: str
    last_branch: str
    last_cuda_major: int
    closed_by: str | None = None   # why no driver upgrade can help ("the image needs CUDA 12.4"), or None


def recovery_paths(image_cuda: str | None, driver: str | None, ceiling: DriverCeiling | None = None,
                   driver_cuda: str | None = None) -> list[str]:
    need = "r580 or newer" if (image_cuda or "").startswith("13") else "a branch that supports the image's CUDA"
    have = f" (now {driver})" if driver else ""
    path_a = f"Path A: upgrade the host driver{have} to {need}; reboot or reload the modules, then re-run."
    instead = f" instead of CUDA {image_cuda}" if image_cuda else ""
    # the example build: the CUDA the driver reports when it is known, else the title case (a CUDA 13
    # image on an older branch: cu129)
    example = (f" (a build for CUDA {driver_cuda} or older{instead})" if driver_cuda else
               f" (e.g. a cu129 build{instead})" if (image_cuda or "").startswith("13") or not image_cuda else "")
    path_b = f"Path B: rebuild or choose the image against the CUDA the driver supports{example}."
    if ceiling is not None:
        gpu = (f"{ceiling.gpu} (compute capability {ceiling.cc}, {ceiling.architecture})"
               if ceiling.gpu != ceiling.cc else f"a GPU of compute capability {ceiling.cc} ({ceiling.architecture})")
        last = f"{ceiling.last_branch}, which runs CUDA {ceiling.last_cuda_major}.x at most"
        kernels = f"with kernels for compute capability {ceiling.cc}"
        if ceiling.closed_by is not None:
            path_a = (f"Path A is closed here: {gpu} gets no driver newer than {last}, and {ceiling.closed_by}: "
                      "no driver upgrade makes this GPU run the image.")
            path_b = f"Path B: choose or rebuild the image for CUDA {ceiling.last_cuda_major}.x or older, {kernels}."
        else:
            path_a = (f"Path A: upgrade the host driver{have}, but no further than the last branch for {gpu}: "
                      f"{last}; reboot or reload the modules, then re-run.")
            path_b = path_b[:-1] + f", {kernels}."
    return [
        path_a,
        path_b,
        "Path C: run in an isolated, compatible environment (another node or pool whose driver "
        "supports the image) until A or B is done.",
    ]


# How far below its explaining line (a banner's) an error may sit and still be the one it quotes.
EXPLAIN_WINDOW = 8
# pydantic's line for a failed check under its "N validation error(s) for MODEL" header
# (https://docs.pydantic.dev/latest/errors/validation_errors/: "  Value error, MSG [type=value_error, ...")
_PYDANTIC_MESSAGE = re.compile(r"(?:Value error|Assertion failed), \S")


def findings_from(scan: ScanResult, redact) -> list[Finding]:
    out = [_finding(h, redact) for h in scan.hits.values()]
    out.sort(key=lambda f: f.first_line)
    return out


def _finding(hits: SigHits, redact) -> Finding:
    sig = hits.signature
    severity, note = sig.severity, None
    quiet = all(h.level in QUIET_LEVELS for h in hits.hits)
    if (sig.role == "cause" and sig.demote_on_level and severity in ("fatal", "error")
            and sig.cls not in LEVEL_BLIND and quiet):
        severity, note = "warning", "only seen on WARNING/INFO log lines"
    finding = Finding(
        signature=sig.id, cls=sig.cls, layer=sig.layer, severity=severity, role=sig.role,
        confidence=sig.confidence, first_line=hits.first[0].line, count=hits.count,
        evidence=[EvidenceLine(line=h.line, text=safe_cut(redact(h.text), EVIDENCE_CHARS)) for h in hits.hits],
        explanation=sig.explanation, next_steps=list(sig.next_steps),
        references=list(sig.references), note=note,
    )
    finding._quiet = quiet
    return finding


@dataclass(frozen=True)
class Seen:
    """What the log showed beside its findings, that the rules of ``choose`` weigh.

    ``gpu_ok``: lines that prove CUDA worked (a soft cause before one of them is a warning; proof from
    before it does not count). ``gpu_worked``: those of them that prove a GPU was used (weights loaded, a KV
    cache sized; not a web server's ready line), before or after: a no-GPU line logged only at WARNING/INFO
    beside them is another process's (a cluster's CPU actor). ``loader_deaths``: lines of exceptions that
    killed a thread or a child process while it loaded the model (a web server's ready line after them does not
    say the model loaded). ``ready_line``: the last ready line (any server's, Ray Serve's application
    included), which ends a wait though it proves no engine started."""

    gpu_ok: tuple[int, ...] = ()
    gpu_worked: tuple[int, ...] = ()
    loader_deaths: frozenset[int] = frozenset()
    ready_line: int = 0


def choose(findings: list[Finding], rules: Compiled, seen: Seen = Seen()) -> Primary | None:
    """Apply rules 2-6; findings are updated in place (demotions carry a note). The signatures' flags
    (``rules``): a soft old-driver finding beside a ``no_driver`` one (the container has no driver libraries
    at all: the CUDA runtime then reports "driver version is insufficient", 35) is a warning when that line is
    a cause or the error is one a server logs and goes on past (``goes_on``: Triton's pinned-memory pool), and
    the missing GPU when that line only warned (the CUDA images' banner). A ``degraded_start`` (a fallback the
    server starts with) is not survived by a later ready line; ``explains_below``: the error ids a line
    explains when they sit just below it; ``message_below``: how many lines below it a header's message is
    printed; ``waits``: waits a later ready line ends whatever their class (a replica not yet scheduled)."""
    chains.recovered(findings)
    _explained(findings, rules.explains)
    _headers_of_wrappers(findings, rules.headers)
    causes = [f for f in findings if f.role == "cause" and f.severity in ("fatal", "error")]
    causes = _late_to_consequence(causes, rules.late)
    independent = next((f for f in causes if f.cls in INDEPENDENT), None)
    # a line that proves the container has no driver, a cause or only a warning (the CUDA images' banner)
    no_driver = next((f for f in findings if f.signature in rules.no_driver and f.role == "cause"), None)
    for f in causes:
        if f.signature not in rules.soft:
            continue
        if no_driver is not None and f.cls == "driver_too_old":
            if no_driver.severity in ("fatal", "error") or f.signature in rules.goes_on:
                f.severity, f.note = "warning", f"line {no_driver.first_line}: the container has no driver libraries"
                f._settled = True
            else:
                # the banner only warned; this error is what the missing driver did to the start
                f.cls, f.layer = "no_gpu_visible", no_driver.layer
                f.note = f"line {no_driver.first_line}: the container has no driver libraries, so error 35 is no old driver"
                f.explanation = (f"No NVIDIA driver reached the container (line {no_driver.first_line}), and the CUDA "
                                 "runtime reports that as error 35, 'driver version is insufficient': no GPU is "
                                 "visible to the process; the host driver's version is not in question.")
                f.next_steps = list(no_driver.next_steps)
        elif (ok := _worked_after(seen.gpu_ok, f.first_line)) is not None:
            f.severity, f.note = "warning", f"CUDA worked later in this log (line {ok})"
        elif independent is not None:
            f.severity, f.note = "warning", f"line {independent.first_line} ({independent.cls}) explains the start"
        elif f.signature in rules.goes_on and (built := _build_lacks_after(causes, f)) is not None:
            # the server went on past the warning and then lacks a file of its own build: a driver of
            # any age loads a library that is there, and none brings one that is not
            f.severity, f.note = "warning", f"line {built.first_line} (a library the build lacks) explains the start"
    for f in causes:
        # a process with no GPU saying so at WARNING/INFO (a cluster's CPU actor importing vLLM) while
        # another one in this log used the GPU: a warning; a process whose start it ended says more
        if f.cls == "no_gpu_visible" and f._quiet and f.severity in ("fatal", "error") and seen.gpu_worked:
            f.severity, f.note = "warning", f"the GPU worked in this log (line {seen.gpu_worked[0]}): another process's line"
    _demote_survived([f for f in causes if f.signature not in rules.degraded
                      and not any(e.line in seen.loader_deaths for e in f.evidence)], findings, rules.waits,
                     seen.ready_line)
    causes = [f for f in causes if f.severity in ("fatal", "error")]
    if not causes:
        return _wrapper_only(findings)
    # within a tier, a finding that names its cause leads one that names none (a generic exception
    # or error line of class other): xFormers' "wasn't build with CUDA support" under the
    # NotImplementedError it explains
    # and one logged at error level (or in a traceback) leads one seen only on WARNING/INFO lines that
    # its signature keeps as an error: vLLM's KV cache too small for max_model_len over its reasoning
    # parser's warning about its token IDs, logged earlier
    causes.sort(key=lambda f: (TIER[f.cls], is_catch_all(f), _quiet_only(f), f.first_line))
    head, header = _detail_of(causes)
    if header is not None:
        header.note = f"header of the error detailed at line {head.first_line}"
    group = chains.members(head, header, causes, findings)
    primary = chains.build(head, group)
    downstream = DOWNSTREAM.get(head.cls, {"nccl_comm", "other"})
    live = {id(f) for f in causes}
    for f in findings:
        if f.role == "primary":
            continue
        if f.role == "consequence" or (id(f) in live and f.cls in downstream and f.cls != head.cls):
            primary.consequences.append(f)
    rivals = {f.cls for f in causes if f.cls not in downstream and f.cls != head.cls}
    if rivals:
        primary.confidence = round(primary.confidence * 0.9, 2)
    return primary


def _build_lacks_after(causes: list[Finding], soft: Finding) -> Finding | None:
    """A cause after a warning the server goes on past (``goes_on``) that names a file the image or build
    lacks (layer ``image_build``: a shared library not found): it does not need the driver."""
    return next((c for c in causes if c.layer == "image_build" and c.first_line > soft.first_line
                 and not is_catch_all(c)), None)


def settled_lines(findings: list[Finding]) -> frozenset[int]:
    """The lines of causes a rule lowered to a warning (an error 35 in a container the banner says has no
    driver, a probe's traceback its warning explains): read already, the structural pass does not take
    them up again as a failure of their own."""
    return frozenset(e.line for f in findings if f._settled for e in f.evidence)


def _quiet_only(f: Finding) -> bool:
    """Every line of the finding logged at WARNING/INFO/DEBUG (a signature that keeps such a line as an
    error: demote_on_level false); never for a driver conflict, whatever its level (LEVEL_BLIND)."""
    return f.cls not in LEVEL_BLIND and f._quiet


def at_shutdown(findings: list[Finding], lines: frozenset[int]) -> None:
    """An error whose every line is an exception raised by a finalizer at interpreter exit (its
    traceback starts in weakref.py: an executor's shutdown hook finding nothing to shut down) is a
    warning: it follows the failure that ended the process, it does not cause it."""
    if not lines:
        return
    for f in findings:
        if _every_line_kept(f) and all(e.line in lines for e in f.evidence):
            f.severity, f.note = "warning", "raised at shutdown by a finalizer, after the failure that ended the process"


def _every_line_kept(f: Finding) -> bool:
    """A live error whose every line is in its evidence (its count not beyond what was kept), so a
    test on those lines holds for all of its lines."""
    return f.role == "cause" and f.severity in ("fatal", "error") and bool(f.evidence) and f.count == len(f.evidence)


def _explained(findings: list[Finding], explains: dict[str, frozenset[str]]) -> None:
    """An error whose every line sits within EXPLAIN_WINDOW lines below a line that explains it
    (the NGC banner: "CUDA Minor Version Compatibility mode ENABLED ... Forward Compatibility ...
    was unavailable: [[... cuInit()=804]]", the container going on; a wrapper's own assertion whose
    bare exception follows it; a failure named on its line and restated below it in words that
    alone read as another) is a warning; the same error anywhere else stays one."""
    marks = [(f.first_line, ids, f.role, f.severity) for f in findings if (ids := explains.get(f.signature))]
    if not marks:
        return
    for f in findings:
        if not _every_line_kept(f):
            continue
        by = next(((n, role, severity) for n, ids, role, severity in marks if f.signature in ids
                   and all(0 < e.line - n <= EXPLAIN_WINDOW for e in f.evidence)), None)
        if by is None:
            continue
        if by[1] == "cause" and by[2] in ("fatal", "error"):
            # a failure named on its line, then restated in words that could mean another one
            # (Slurm's "Memory specification can not be satisfied", then "Requested node
            # configuration is not available", which alone reads as a GPU request refused)
            f.severity, f.note = "warning", f"the failure of line {by[0]}, restated"
        elif by[1] == "consequence":
            # a wrapper's own check (llama-cpp-python's "assert self.model is not None") raising the
            # bare exception below it: that exception says no more than the wrapper does
            f.severity, f.note = "warning", f"raised by the wrapper's check at line {by[0]}: its cause is elsewhere"
        else:
            f.severity, f.note = "warning", f"explained by line {by[0]}: the start goes on in the mode it names"
            f._settled = True


def _headers_of_wrappers(findings: list[Finding], headers: dict[str, int]) -> None:
    """A header whose message is a wrapper's line (pydantic's "1 validation error for ModelConfig"
    over vLLM's "Model architectures [...] failed to be inspected. Please check the logs for more
    details.") says no more than that wrapper: it becomes one, and the cause stays to be found. The
    message is indented under its header (pydantic's layout), which a log record below it is not."""
    wrapper_lines = {e.line for f in findings if f.role == "consequence" for e in f.evidence
                     if _indented(e.text)}
    if not wrapper_lines:
        return
    for f in findings:
        window = headers.get(f.signature, 0)
        if window and _every_line_kept(f) and all(
                any(e.line + k in wrapper_lines for k in range(1, window + 1)) for e in f.evidence):
            f.role, f.note = "consequence", "a header whose message is a wrapper's: its cause is elsewhere"


def _indented(text: str) -> bool:
    """A header's message line: indented, or in pydantic's own words for a failed check ("Value error,
    MSG [type=value_error, ..."), whose indent a process's tag before it takes away when the line is
    read ("(APIServer pid=1)   Value error, ...")."""
    return text[:1].isspace() or _PYDANTIC_MESSAGE.match(text) is not None


def _worked_after(ok_lines: tuple[int, ...], line: int) -> int | None:
    """The first proof of working CUDA after ``line``. Proof from before it does not count: a
    server can report "started" before it first touches the GPU (a pipeline imported lazily), and
    one node of a cluster can load its weights while another node's driver refuses the image."""
    return min((n for n in ok_lines if n > line), default=None)


def _detail_of(causes: list[Finding]) -> tuple[Finding, Finding | None]:
    """The first cause, or the most confident more specific reading right below it (and the
    header): same class, or what an allocator failure was allocating (llama.cpp/ggml print
    "cudaMalloc failed: out of memory" and then "failed to allocate buffer for kv cache")."""
    head = causes[0]
    below = [f for f in causes[1:]
             if (f.cls == head.cls or (head.cls, f.cls) in DETAIL_PAIRS)
             and 0 < f.first_line - head.first_line <= DETAIL_WINDOW and f.confidence > head.confidence]
    if not below:
        return head, None
    return max(below, key=lambda f: (f.confidence, -f.first_line)), head


def _late_to_consequence(causes: list[Finding], late_ids: set[str] | frozenset[str]) -> list[Finding]:
    """A bare "Killed"/SIGKILL after another cause is the launcher tearing the children down."""
    first_other = min((f.first_line for f in causes if f.signature not in late_ids), default=None)
    keep = []
    for f in causes:
        if f.signature in late_ids and first_other is not None and f.first_line > first_other:
            f.role, f.note = "consequence", f"after the failure at line {first_other}"
        else:
            keep.append(f)
    return keep


def went_on(findings: list[Finding], before_server: frozenset[str], named_end: Callable[[], int | None]) -> None:
    """A failure that stops a start before the server's process runs (an image that could not be
    pulled), when the log ends in an inference server's own lines below all of its lines: something
    started after it (a wrapper script logged it and went on), so it did not end that start.
    ``named_end`` (the first of the log's last lines that names a server) is asked only when there is
    such a failure: its expression is compiled on first use."""
    stopped = [f for f in findings if f.signature in before_server and f.severity in ("fatal", "error") and f.evidence]
    end = named_end() if stopped else None
    if end is None:
        return
    for f in stopped:
        if max(e.line for e in f.evidence) < end:
            f.severity, f.note = "warning", f"the log ends in the server's own lines (line {end}): the start went on past it"


def _demote_survived(causes: list[Finding], findings: list[Finding],
                     wait_ids: set[str] | frozenset[str] = frozenset(), ready_line: int = 0) -> None:
    """Rule 4: the server got to "started" after every line of this cause (of a tier a start can
    survive); a wait ended at any ready line after it (Ray Serve's application comes up once its
    replicas were placed, even where their own start then failed: that failure stays the cause)."""
    started = max((e.line for f in findings if f.role == "started" for e in f.evidence), default=0)
    ready = max(started, ready_line)
    for f in causes:
        if f.severity not in ("fatal", "error") or not f.evidence:
            continue
        last = max(e.line for e in f.evidence)
        if TIER[f.cls] >= SURVIVABLE_TIER and last < started:
            f.severity, f.note = "warning", f"the server started after it (line {started})"
        elif f.signature in wait_ids and last < ready:
            f.severity, f.note = "warning", f"the wait ended: a ready line follows it (line {ready})"


def _wrapper_only(findings: list[Finding]) -> Primary | None:
    """Only a wrapper ("Engine core initialization failed") was seen: still a failed start."""
    wrappers = [f for f in findings if f.role == "consequence" and f.severity in ("fatal", "error")]
    if not wrappers:
        return None
    head = wrappers[0]
    primary = Primary(**head.model_dump(by_alias=False))
    primary.cls, primary.layer, primary.confidence = "other", "other", 0.3
    primary.note = "only a wrapper was found; its root cause is not in this input"
    primary.consequences = wrappers[1:]
    return primary


# The compat gate that fails decides what the layers prove (gate ids of servecheck.knowledge).
GATE_CLASS: dict[str, tuple[FailureClass, Layer]] = {
    "toolkit_requirement": ("driver_too_old", "host_driver"),
    "driver_runtime": ("driver_too_old", "host_driver"),
    "driver_gpu": ("driver_too_old", "host_driver"),
    "gpu_code": ("gpu_arch_unsupported", "image_build"),
}


def layer_class(compat: dict) -> tuple[FailureClass, Layer] | None:
    """(class, layer) proven by the first failing compat gate, or None."""
    for gate in compat.get("gates", []):
        if gate.get("status") == "fail":
            return GATE_CLASS.get(gate.get("id", ""), ("driver_too_old", "host_driver"))
    return None


def from_layers(compat: dict, layers_text: list[EvidenceLine], image_cuda: str | None,
                driver: str | None, structured: bool, ceiling: DriverCeiling | None = None,
                driver_cuda: str | None = None) -> Primary:
    """The primary cause when the layers alone prove an incompatibility."""
    failing = [g for g in compat.get("gates", []) if g.get("status") == "fail"]
    reason = "; ".join(g.get("reason", "") for g in failing) or "the compatibility gates fail"
    cls, layer = layer_class(compat) or ("driver_too_old", "host_driver")
    steps = (recovery_paths(image_cuda, driver, ceiling, driver_cuda) + [GUARD] if cls == "driver_too_old" else
             ["Use an image whose CUDA build and arch list cover this GPU (see the failing gate)."])
    return Primary(
        signature="layers.compat", cls=cls, layer=layer, severity="fatal",
        confidence=0.95 if structured else 0.85, first_line=0, count=1, evidence=layers_text,
        explanation=f"The layers prove the incompatibility: {reason}",
        next_steps=steps, references=["https://docs.nvidia.com/deploy/cuda-compatibility/"],
    )
