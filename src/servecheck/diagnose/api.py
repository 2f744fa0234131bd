"""`diagnose(path)`: the whole stage as one library call that returns the saved model."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, BinaryIO

from servecheck import __version__
from servecheck.diagnose import (
    capability,
    chains,
    engine,
    guard,
    inputs,
    lexicon,
    normalize,
    reader,
    shadowing,
    structrules,
    structure,
)
from servecheck.diagnose import layers as layermod
from servecheck.diagnose import signatures as sigmod
from servecheck.diagnose import status as statusmod
from servecheck.diagnose.models import Diagnosis, ScanStats
from servecheck.diagnose.scan import Scanner

CLIENT_TEXT_LINES = 20    # a client's error message spans a few lines around its marker
# A file is read for this long at most: a log every line of which is an error reads at a few
# microseconds a line, and a verdict on the first part beats an operator waiting without one.
FILE_SECONDS = 600.0
EXCEPTION_RULES = "struct.exc."   # structural rules read on an exception's type and raiser
# A C/C++ program's own abort message ("clip.cpp:4169: Unknown minicpmv version", ggml's GGML_ABORT)
# and the abort it leads to, its backtrace between them: the message says what aborted
ABORT_MESSAGE = "generic.source_abort"
CRASH_RULE = "struct.signal.sigsegv"
ABORT_ALONE = "struct.signal.abort_alone"   # an abort the structure found no message just above
ABORT_LINES = 64
_ABORTED = re.compile(r"SIGABRT|\bAbort(ed)?\b|\babort\b")
# A listener's port as a ready line or a bind error names it: "http://127.0.0.1:7860", "port 8000",
# Python's "('127.0.0.1', 5000)"; three digits at least, so a timestamp's ":05" is none.
_PORT = re.compile(r"(?::|', |\bport:? ?)([0-9]{3,5})\b")


def _redactor():
    try:
        from servecheck.redact import Redactor
    except ImportError:  # redaction lives in capture; without it nothing user-sourced is kept
        return lambda s: s
    return Redactor().text


def _compat(layers, evidence) -> dict[str, Any]:
    try:
        from servecheck.knowledge import compat
    except ImportError:
        return {"verdict": "unknown", "reason": "knowledge base not installed"}
    try:
        if evidence is not None:
            result = compat.evaluate_evidence(evidence, image_cuda=layers.image_cuda.value)
        else:
            result = compat.evaluate(**layermod.compat_kwargs(layers))
    except Exception as exc:  # noqa: BLE001 - compat is advisory; its failure is recorded, not fatal
        return {"verdict": "unknown", "reason": f"compat evaluation failed: {type(exc).__name__}: {exc}"}
    return result.model_dump(mode="json")


def diagnose(path: str, signature_files: list[Path] | None = None,
             stdin: BinaryIO | None = None) -> Diagnosis:
    compiled = sigmod.load(signature_files)
    source = inputs.resolve(path)
    scanner = Scanner(compiled)
    if source.kind == "bundle" and not source.logs:
        scanner.scan_lines(source.evidence_lines())
    elif source.kind == "bundle":
        scanner.scan_lines([(n, t) for n, t in source.evidence_lines() if n == 0])
    got = None                 # stdin as read: why it ended early is known once it was scanned
    if source.kind == "stdin" and stdin is None:
        got = inputs.read_stdin()
        streams: Any = [got.data] if got.data is not None else []
    elif source.kind == "stdin":
        streams = [stdin]      # a caller's own stream (tests, library use): it ends by itself
    else:
        streams = inputs.open_binary(source)
        scanner.deadline = time.monotonic() + FILE_SECONDS
    for fh in streams:
        scanner.scan_stream(fh)
    cut_short = got.why() if got is not None else None
    if cut_short is None and reader.DEADLINE_NOTE in scanner.result.read.notes:
        cut_short = (f"reading stopped after {FILE_SECONDS:g} s, at {scanner.result.bytes} bytes of text: "
                     "judged the first part")
    scan = scanner.result
    if source.evidence is not None:
        scan.lines = max(scan.lines, source.evidence.log.total_lines)
        if source.evidence.log.stopped and not scan.read_error:   # the capture did not read it all
            scan.read_error = f"capture: {source.evidence.log.stopped}"
        if source.evidence.log.nul_lines and not scan.nul_lines:   # binary data the capture read
            first, last = source.evidence.log.nul_lines
            scan.nul_bytes, scan.nul_lines = source.evidence.log.nul_bytes, (first, last)
    layers = layermod.build(source.evidence, scan.facts)
    compat = _compat(layers, source.evidence)
    redact = _redactor()
    findings = engine.findings_from(scan, redact)
    shutdown = frozenset(e.line for e in scan.structure.exceptions if e.at_shutdown)
    engine.at_shutdown(findings, shutdown)
    engine.went_on(findings, compiled.before_server, lambda: _named_at_end(scan))
    ok_lines = tuple(f.first_line for f in findings if f.signature in compiled.gpu_ok)
    worked = tuple(f.first_line for f in findings if f.signature in compiled.gpu_ok and f.role != "started")
    # a thread that died loading the model (its traceback under "Exception in thread NAME:"), or a child
    # process that did (its traceback from multiprocessing's _bootstrap: FastChat's model_worker): the
    # others went on, so a web server's ready line after it does not say the model loaded (Fooocus-API's
    # worker; a FastChat launcher's openai_api server coming up after its model worker died)
    loader_deaths = frozenset(e.line for e in scan.structure.exceptions
                              if (e.in_thread or e.in_child_process) and lexicon.loads_model(e.frames))
    seen = engine.Seen(ok_lines, worked, loader_deaths, scan.markers.ready_last[0] if scan.markers.ready_last else 0)
    primary = engine.choose(findings, compiled, seen)
    proven = engine.layer_class(compat) if compat.get("verdict") == "incompatible" else None
    if proven and (primary is None or primary.cls != proven[0]):
        by_layers = engine.from_layers(compat, layermod.as_evidence(layers), layers.image_cuda.value,
                                       layers.driver_version.value, layermod.structured(layers),
                                       layermod.driver_ceiling(layers), layers.driver_cuda.value)
        if primary is not None:
            by_layers.consequences = [primary.model_copy(update={"consequences": []}), *primary.consequences]
        primary = by_layers
    elif proven and primary is not None:
        primary.confidence = max(primary.confidence, 0.97)
    if primary is None or primary.role == "consequence" or lexicon.is_catch_all(primary):
        primary = _structural(scan, primary, redact, chains.caught_lines(findings) | shutdown | engine.settled_lines(findings))
    else:
        primary = _why_not_where(scan, primary, redact)
    primary = _not_a_server_failure(scan, primary)
    primary = _not_a_requests_error(scan, primary)
    if primary is None or primary.role == "consequence" or lexicon.is_catch_all(primary):
        # torch's capability warning over three lines: a GPU its build has no kernel for
        by_range = capability.judge(scan.facts, redact)
        if by_range is not None and primary is not None:
            by_range.consequences = [primary.model_copy(update={"consequences": []}), *primary.consequences]
        primary = by_range or primary
    client_error = None
    if primary is not None and lexicon.raised_by_client(primary, scan.structure):
        # the client's traceback (a rejected request, a cloud SDK's failed deploy), not a server's failure
        client_error = (primary.first_line, redact(primary.evidence[0].text) if primary.evidence else "")
        primary = None
    if primary is not None:
        ready = scan.markers.completed_line
        primary = lexicon.refine(primary, scan.structure, ready, redact, compiled)
        primary = lexicon.oom_in_cache(primary, scan.structure)
        primary = lexicon.permission_by_frames(primary, scan.structure, compiled)
    primary = shadowing.newer_dso(primary, findings) or primary
    primary = shadowing.judge(primary, findings, layers, source.evidence) or primary
    primary = shadowing.unsettled(primary, layers) or primary
    if primary is not None and guard.applies(primary, compat.get("verdict")):
        guard.apply(primary, findings)
    cut, wrapper, wrapper_says = _cut(scan), None, ""
    if primary is not None and primary.role == "consequence":
        quoted = lexicon.quoted_cause(primary, compiled)
        # a quoted exception right above the traceback that is cut heads that traceback (asyncio's
        # "future: <Task finished ... exception=RuntimeError('...')>", then the task's traceback), or
        # is chained as its direct cause, or the cut traceback is only the front end waiting on the
        # engine that died of the quoted cause: the cut takes none of its words away
        if quoted is not None and (cut is None or 0 < cut[0] - quoted[0] <= HEADS_TRACEBACK
                                   or _caused_by(scan, quoted[0], cut[0])
                                   or lexicon.waits_on_engine(cut[1])):
            primary.note = "only a wrapper was found; it quotes its cause, which no class names"
        else:
            # only a wrapper ("EngineCore failed to start", "The actor died ...") that quotes no cause,
            # or whose traceback that would say why stops before its exception: not in the log
            said = next((e for e in primary.evidence if not e.text.lstrip().startswith("raise ")), None)
            # a wrapper's only line a code line ("raise RuntimeError(" pasted onto it): still its words
            said = said or next(iter(primary.evidence), None)
            wrapper = (said.line, said.text) if said is not None else (primary.first_line, "")
            wrapper_says = (sig.wrapper_says if (sig := compiled.get(primary.signature)) is not None
                            else structrules.wrapper_says(primary.signature))
            primary = None
            if cut is None and scan.markers.ready_last and wrapper[0] < scan.markers.ready_last[0]:
                wrapper = None      # the server answered after it (a ready line later): survived
            elif (sig is not None and sig.any_program and not scan.markers.server_lines
                  and scan.markers.ready_last is None):
                # any program's banner, and no line of a server nor a ready line: whose failure it is,
                # nothing says (the text is judged as no server's output)
                wrapper = None
    elif primary is not None and cut is not None and (
            (cut[0] == primary.first_line and primary.cls == "other"
             and not structure.says_before_traceback(_first_text(primary)))
            # an optional import's miss that code caught, the traceback raised while handling it cut
            # before its own exception (vLLM's sphinx probe, then the error that ended the start: gpustack#2293)
            or (primary.cls == "other" and primary.signature.startswith("struct.")
                and scan.structure.probe_before(cut[0]) == primary.first_line)
            or (scan.structure.logged_by(cut[0]) == primary.first_line and lexicon.is_catch_all(primary)
                and all(e.line == primary.first_line for e in primary.evidence))):
        # a message that logs the traceback of its own error after it ("Initialization failed.
        # warmup error: Traceback (most recent call last):"), or on the line before it (Python's
        # logger.exception: "Exception in worker ... while processing method load_model." then
        # the traceback's header), cut before that error: why is missing
        wrapper, primary = (primary.first_line, primary.evidence[0].text if primary.evidence else ""), None
    if primary is None and client_error is None and wrapper is None and cut is not None and lexicon.client_frame(cut[1]):
        # a traceback cut inside a client library's frames: the client's, whatever it was about to raise
        client_error, cut = (cut[0], redact(cut[1] or "")), None
    verdict = _status(source, scan, primary, redact, cut, client_error, wrapper, wrapper_says)
    if verdict.status == "no_failure" and scan.markers.ready_last is not None:
        request = scan.structure.cut_off(scan.lines, after=scan.markers.ready_last[0])
        if request is not None:
            # the start completed, then a request failed and the log ends inside its traceback, before
            # its exception: what failed is not in the lines, so the server is not shown working (the
            # same as a log that ends at that request's 5xx line; zai-org/GLM-4#593, THUDM/ChatGLM-6B#628)
            up = scan.markers.ready_last
            verdict = statusmod.Verdict("incomplete", f"the start completed (line {up[0]}: {up[1][:120]}), "
                                                      "then a request failed and the log ends inside its traceback "
                                                      f"(line {request[0]}), before its exception: what failed is "
                                                      f"not in the lines; {statusmod.markers().capture_hint}")
    if cut_short is not None:
        scan.read_error = "; ".join(x for x in (cut_short, scan.read_error) if x)
        if verdict.status != "failure":
            verdict = statusmod.Verdict("empty" if not scan.bytes else "incomplete", cut_short)
    return Diagnosis(
        servecheck_version=__version__, input=f"{source.kind}: {source.label}", primary=primary,
        status=verdict.status, status_message=verdict.message,
        findings=findings, layers=layers, compat=compat,
        advice=_advice(primary, layers, verdict),
        stats=ScanStats(source=source.label, bytes=scan.bytes, lines=scan.lines,
                        candidate_lines=scan.candidates, seconds=round(scan.seconds, 3),
                        truncated_lines=scan.truncated, read_error=scan.read_error,
                        bytes_read=scan.read.raw_bytes, compression=scan.read.compression,
                        encoding=scan.read.encoding,
                        wrapper=scan.read.wrapper),
        signatures_loaded=len(compiled),
    )


def _structural(scan, wrapper, redact, caught: frozenset[int] = frozenset()):
    """Signatures decide first; when they found only a wrapper ("shard failed", "engine core
    initialization failed"), a catch-all (an exception no signature names) or nothing, the log's
    structure names the cause, the wrapper follows."""
    if scan.markers.client_only:
        return wrapper          # a docker/kubectl message instead of a log: nothing to judge
    if lexicon.is_catch_all(wrapper):
        wrapper = _without_unread(wrapper, scan.structure)
    ready = _ready_unless_a_listener_failed(scan)
    quoted = frozenset([scan.markers.not_a_log[0]] if scan.markers.not_a_log else []) | caught
    weak = ready == 0 and scan.markers.server_lines > 0
    wrapped = frozenset(e.line for f in ((wrapper, *wrapper.consequences) if wrapper is not None else ())
                        if f.role == "consequence" for e in f.evidence)
    found = structrules.decide(scan.structure, ready, redact, quoted, weak, wrapped)
    if found is None or (wrapper is not None and found.signature == structrules.UNEXPLAINED
                         and not _panic_above_the_wrapper(scan, found, wrapper)):
        return wrapper
    if lexicon.is_catch_all(wrapper) and lexicon.is_catch_all(found):
        return wrapper          # a generic signature already holds the line; structure adds nothing
    if _aborted_by(wrapper, found):
        return wrapper          # the program's own abort message, its signal the consequence
    if (found.signature == ABORT_ALONE and wrapper is not None and wrapper.role != "consequence"
            and any(0 < found.first_line - e.line <= structure.WHAT_LINES for e in wrapper.evidence)):
        return wrapper          # a signature read the message just above the abort: the abort is its
    if (wrapper is not None and wrapper.role != "cause" and found.signature.startswith(EXCEPTION_RULES)
            and found.first_line in {e.line for e in wrapper.evidence}):
        return wrapper          # the wrapper's own exception read by its type and raiser: that says
                                # where it was raised, not the cause it wraps
    if wrapper is not None:
        found.consequences = [wrapper.model_copy(update={"consequences": []}), *wrapper.consequences]
    return found


def _request_exception(scan, line: int) -> bool:
    """The exception at ``line`` was raised while a request was served (its frames in uvicorn's or
    an engine's request handlers), or is logged right under a request's error heading with no
    traceback (vLLM's serving_chat: "Error in preprocessing prompt inputs", then "ValueError: ...")."""
    return any(e.line == line and (lexicon.in_request(e.frames)
                                   or (not e.frames and _under_request_heading(scan, line)))
               for e in scan.structure.exceptions)


def _under_request_heading(scan, line: int) -> bool:
    """The line above ``line`` is a request's error heading ("Error in preprocessing prompt inputs")."""
    return any(ev.line == line - 1 and lexicon.request_error_line(ev.text) for ev in scan.structure.events)


def _not_a_requests_error(scan, primary):
    """A catch-all found after the start completed whose every line is an exception raised serving a
    request (a prompt longer than the context, rejected by vLLM's serving_chat): that request's error,
    answered with an error status, not the start's failure (the structural rules read it so too). The
    start completed at its first ready line: requests answered after the errors (a later "200 OK", which
    moves the last ready line) do not make them the start's."""
    ready = scan.markers.completed_line
    if primary is None or not ready or not lexicon.is_catch_all(primary):
        return primary
    first = scan.markers.ready_first[0] if scan.markers.ready_first is not None else ready
    lines = [e.line for e in primary.evidence] or [primary.first_line]
    if min(lines) > first and all(_request_exception(scan, n) for n in lines):
        return None
    return primary


def _ready_unless_a_listener_failed(scan) -> int:
    """The completed start's line, or 0 when a listener failed to bind before it on a port its ready
    line does not name: that listener never came up, whatever else did (text-generation-webui's
    OpenAI API refused :5000, then its web UI ready on :7860)."""
    ready = scan.markers.completed_line
    if not ready or scan.markers.ready_last is None:
        return ready
    up = {m.group(1) for m in _PORT.finditer(scan.markers.ready_last[1])}
    for event in structrules.bind_failures(scan.structure):
        refused = {m.group(1) for m in _PORT.finditer(event.text)}
        if event.line < ready and up and refused and not refused & up:
            return 0
    return ready


def _panic_above_the_wrapper(scan, found, wrapper) -> bool:
    """A program's own crash (a Rust panic and its message) before the wrapper's first line: the
    cause the wrapper reports (TGI's router panicking, then the launcher's "Webserver Crashed"). An
    unexplained Python exception there may be a relay of its own (xoscar's DeserializeMessageFailed
    above Xinference's "Failed to load model"): the wrapper stands."""
    first = min((e.line for e in wrapper.evidence), default=wrapper.first_line)
    panics = {e.line for e in scan.structure.exceptions if e.type == "panic"}
    return wrapper.role == "consequence" and 0 < found.first_line < first and found.first_line in panics


def _aborted_by(message, crash) -> bool:
    """A program's abort message at a source line, and the abort signal that follows it within its
    backtrace: the signal is how the program stopped, the message why (the lexicon reads its words)."""
    return (message is not None and message.signature == ABORT_MESSAGE and crash.signature in (CRASH_RULE, ABORT_ALONE)
            and 0 < crash.first_line - message.first_line <= ABORT_LINES
            and any(_ABORTED.search(e.text) for e in crash.evidence))


def _without_unread(catch_all, struct):
    """A catch-all without the lines of exceptions whose message is not there (a wrapper whose
    message is the header of the traceback it caught, an IPython header): they name no failure
    of their own; None when nothing else is left."""
    unread = {e.line for e in struct.exceptions if e.header_only}
    kept = [e for e in catch_all.evidence if e.line not in unread]
    if len(kept) == len(catch_all.evidence):
        return catch_all
    if not kept:
        return None
    return catch_all.model_copy(update={"evidence": kept, "first_line": kept[0].line, "count": len(kept)})


def _caused_by(scan, quoted: int, header: int) -> bool:
    """The cut traceback at ``header`` follows "The above exception was the direct cause of the
    following exception:" right below the quoted exception at ``quoted`` (SGLang's "Scheduler hit an
    exception: torch._dynamo.exc.Unsupported: ...", then the chain and its wrapper's traceback): the
    quoted exception is the cause, and the cut takes none of its words away."""
    chain = scan.structure.caused_by_above(header)
    return chain is not None and 0 < chain - quoted <= HEADS_TRACEBACK and 0 < header - chain <= HEADS_TRACEBACK


def _why_not_where(scan, primary, redact):
    """A signature read on the frames of a traceback names where the start failed (KServe's
    storage download); when a structural rule names the exception that ends that traceback
    (PermissionError, errno 13) and gives another class, the exception says why: it leads, the
    signature follows as a consequence."""
    if primary.signature == "layers.compat":
        return primary
    found = structrules.inside_traceback([e.line for e in primary.evidence], scan.structure, redact)
    if found is None or found.cls == primary.cls:
        return primary
    found.consequences = [primary.model_copy(update={"consequences": [], "role": "consequence"}),
                          *primary.consequences]
    return found


def _not_a_server_failure(scan, primary):
    """A program's report whose errors are its tasks' results (``reports_tasks``) shows no failure. A
    client's or tool's own error message (kubectl port-forward, the ollama CLI, a Python
    client's "connection refused") in a text with no server line at all is not a server's failure.
    Only a catch-all primary headed by that message, or read within a few lines of it (the client's
    own exception text), is dropped: a named cause, or an error line further away (a start script
    that failed), still stands."""
    program = scan.markers.program
    if (primary is not None and program is not None and scan.markers.program_only and lexicon.is_catch_all(primary)
            and statusmod.markers().program_entry(program[1]).get("reports_tasks")):
        # a report of tasks a client ran against a server (a benchmark's PASS/FAIL table): an exception it
        # names is a task's result (the model's code failing its test), no failure of its own
        return None
    hit = scan.markers.not_a_log
    if primary is None or primary.cls != "other" or hit is None:
        return primary
    if lexicon.is_catch_all(primary) and primary.first_line == hit[0] and statusmod.markers().beside_server(hit[1]):
        # headed by a message no server prints ("curl: (7) Failed to connect ..." probing a server
        # that is still loading): whatever server lines surround it, that line is no server's failure
        return None
    if not scan.markers.client_only:
        return primary
    if primary.first_line == hit[0] and (lexicon.is_catch_all(primary) or primary.role == "consequence"):
        return None
    # a catch-all read on the client's own error text around that message (a Node.js client's
    # "TypeError: fetch failed" above its "connect ECONNREFUSED")
    near = lexicon.is_catch_all(primary) and abs(primary.first_line - hit[0]) <= CLIENT_TEXT_LINES
    return None if near else primary


# how far above a cut traceback's first line a wrapper's quoted exception still heads it
HEADS_TRACEBACK = 2


def _cut(scan) -> tuple[int, str | None] | None:
    """The traceback left open where the log ends, after the last ready line (see Structure.cut_off)."""
    ready = scan.markers.ready_last[0] if scan.markers.ready_last else 0
    return scan.structure.cut_off(scan.lines, after=ready, skip=lexicon.in_request)


def _status(source, scan, primary, redact, cut, client_error=None, wrapper=None,
            wrapper_says: str = "") -> statusmod.Verdict:
    """The input's status; ``cut``: the traceback left open where the log ends (``_cut``)."""
    described = {"stdin": "the input on stdin", "bundle": f"the bundle {source.label}"}.get(
        source.kind, f"the file {source.label}")
    if source.kind == "bundle" and source.evidence is not None:
        failed = next((p for p in source.evidence.probes if p.name == "log" and p.error
                       and p.status not in ("ok", "skipped")), None)
        if failed is not None:     # its log was asked for and refused or unreadable: say why
            described += f" (its log was not captured: {redact(failed.error)[:200]})"
    if source.kind == "bundle" and source.evidence is not None and not source.logs:
        scan.read.raw_bytes = scan.read.raw_bytes or source.evidence.log.total_bytes
    # a text judged as no server's output still names its last error-looking line: what the
    # operator should read, though nothing here can say whose failure it is (a bundle probe's own
    # error, line 0, is not a line of that text)
    errors = [e for e in scan.structure.events if e.kind in structure.BARE and e.line]
    last = (errors[-1].line, redact(errors[-1].text)) if errors else None
    # a log that ends at a line logged at error level after its ready line stops before saying
    # what it led to; a request's own error line (a bad prompt) or a bare failure word ends nothing;
    # a last line that says the server itself crashed or died does, at any level
    ending = None
    ended = statusmod.markers().ended_regex
    block = _ending_block(scan.tail_block)
    if block and _request_exception(scan, block[0][0]):
        block = ()      # the log ends in a request's own exception (a rejected prompt): that ends nothing
    ready = scan.markers.ready_last[0] if scan.markers.ready_last else 0
    for number, line in block:
        text = structure.body(line)
        bare = normalize.strip_prefixes(line.strip())
        said_error = normalize.loud(bare) or (_CLI_ERROR.match(bare) and 0 < number - ready <= 1)
        if ((said_error or (ended is not None and ended.search(text)))
                and not lexicon.request_error_line(text)):
            head = structure.body(block[0][1])     # an indented line says it for the line heading it
            ending = (block[0][0], redact(head if head.strip() else text))
            break
    return statusmod.decide(scan.markers, primary is not None, described, cut,
                            scan.bytes or scan.read.raw_bytes, last_error=last, client_error=client_error,
                            ending_error=ending, wrapper=wrapper, wrapper_says=wrapper_says,
                            binary=_binary(scan), shown=_headline(primary))


# A command's own last word when it returns an error (Go's cobra: `ollama serve` printing "Error: ..." as
# it exits): right below its ready line, the log ends at an error as surely as at a line logged at error
# level (further on, an app's own "Error: ..." for one request is no such end: ccrc-demo's Flask demo)
_CLI_ERROR = re.compile(r"Error: \S")


def _named_at_end(scan) -> int | None:
    """The first of the log's last lines that names an inference server of its own (vLLM's logger,
    Ollama's, llama-server's ...): the log ends in that server's own lines."""
    named = statusmod.markers().named_regex
    return next((n for n, line in scan.tail_block if named.search(line)), None)


def _ending_block(tail: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    """How the log ends: its last non-blank line, and when that line is indented (the detail lines
    below an error's head, as ggml prints its "CUDA error: ..." over "  current device: ..."), the
    lines above it back to the unindented line that heads them, read as one."""
    if not tail:
        return ()
    start = len(tail) - 1
    while (start > 0 and tail[start][1][:1] in (" ", "\t") and tail[start - 1][0] == tail[start][0] - 1):
        start -= 1
    return tail[start:]


def _first_text(primary, default: str = "") -> str:
    """The text of the primary's first line (``default`` when no evidence line is that line)."""
    return next((e.text for e in primary.evidence if e.line == primary.first_line), default)


def _headline(primary) -> tuple[int, str, str] | None:
    """The primary's line, class and (redacted) headline text: what a program's output shows."""
    if primary is None:
        return None
    text = _first_text(primary, primary.evidence[0].text if primary.evidence else "")
    return primary.first_line, primary.cls, text


def _binary(scan) -> tuple[str, int, int] | None:
    """Binary data the input holds: enough NUL bytes (no log's text has one), or a last line that
    is no text (a few KB of random bytes hold too few NULs); what it is and its first and last line."""
    if scan.nul_lines and scan.nul_bytes >= statusmod.BINARY_NULS:
        return f"{scan.nul_bytes} NUL bytes", *scan.nul_lines
    if scan.tail is not None and statusmod.binary_text(scan.tail[1]):
        return "bytes that are no text", scan.tail[0], scan.tail[0]
    return None


def _advice(primary, layers, verdict: statusmod.Verdict) -> list[str]:
    if primary is None and verdict.status == "no_failure":
        return ["No start-up failure found: the start completed."]
    if primary is None:
        return [verdict.message]
    # a program's output (nccl-tests, a training job): what it shows holds for the layers it ran
    # on, but no server's start was judged; the one line says so first
    said = [verdict.message] if verdict.status == "not_a_server_log" else []
    if primary.cls == "driver_too_old":
        return [*said, engine.GUARD, *engine.recovery_paths(layers.image_cuda.value, layers.driver_version.value,
                                                            layermod.driver_ceiling(layers), layers.driver_cuda.value)]
    if primary.cls == "cuda_compat_shadowing":
        return [*said, shadowing.GUARD, shadowing.ADVICE]
    if said:
        return said
    where = f"line {primary.first_line}" if primary.first_line else "the layers"
    return [f"Fix the primary cause first ({primary.cls} at {where}), then run the server again "
            "and diagnose the new log: later errors in this log may be consequences of it."]
