"""What the input was: a failed start, a completed one, or nothing that can be judged.

``failure``           a cause was found (exit 1)
``no_failure``        a ready marker ("Application startup complete", ...) and no failure (exit 0); a
                      web app's generic ready line counts next to an engine line, uvicorn's alone too
                      (the message then says no line names the engine)
``incomplete``        a server's log that stops before start-up finished, or inside a traceback
``not_a_server_log``  text that is no inference server's output (a docker or kubectl error message,
                      random bytes, another program's output, a client library's traceback); a
                      program that is no server (nccl-tests, deviceQuery, a training job, llama.cpp's
                      CLI runners) keeps this status when its output shows a failure, and the
                      message names that failure (the diagnosis keeps it as its primary)
``empty``             nothing at all, or only blank lines

The last three exit 3, "nothing to judge", with one line that says what was given and what to
capture instead. Ready markers, server-log markers and those tool messages are data
(``knowledge/structure/markers.json``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Literal

import hyperscan as hs

from servecheck.diagnose import hsdb

Status = Literal["failure", "no_failure", "incomplete", "not_a_server_log", "empty"]
NOTHING_TO_JUDGE = ("incomplete", "not_a_server_log", "empty")
# NUL bytes that make an input hold binary data: no log's text has one; random bytes hold one in
# 256, a crashed host's zeroed file tail thousands. A few stray ones are not yet data.
BINARY_NULS = 64
# A line that is not text: this share of its characters undecodable (U+FFFD) or control characters
# other than a terminal's own (tab, CR, escape, backspace, form feed). Random bytes give about half.
# NUL bytes are judged by their count (BINARY_NULS), not here.
BINARY_SHARE = 0.25
_TEXT_CONTROLS = frozenset("\t\r\x1b\x08\x0c\x00")


def _union(patterns: list[str]) -> re.Pattern[str] | None:
    """One expression that matches where any of ``patterns`` does; None for none."""
    return re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None


@dataclass(frozen=True)
class Markers:
    ready: tuple[dict, ...]
    server_log: tuple[dict, ...]
    not_a_log: tuple[dict, ...]
    capture_hint: str
    benign: tuple[dict, ...] = ()
    ended: tuple[dict, ...] = ()
    loud: tuple[dict, ...] = ()
    program: tuple[dict, ...] = ()
    start: tuple[dict, ...] = ()     # lines a server prints only as it starts (a banner)
    stopping: tuple[dict, ...] = ()  # a server's own lines as it stops on request (uvicorn's "Shutting down")

    def beside_server(self, ident: str) -> bool:
        """A not_a_log marker whose line is a client's even beside a server's lines (curl's own
        error message: no server prints it)."""
        return any(m["id"] == ident and m.get("beside_server") for m in self.not_a_log)

    @cached_property
    def ended_regex(self) -> re.Pattern[str] | None:
        """Wordings that say the server itself crashed or died ("Inference server seems to have
        crashed, restarting"): a log whose last line after its ready line is one ends there."""
        return _union([m["pattern"] for m in self.ended])

    @cached_property
    def loud_regex(self) -> re.Pattern[str] | None:
        """Failures an engine logs at INFO or WARNING (Ollama's scheduler: msg="NewLlamaServer
        failed"): a signature's match on such a line is not demoted to a warning."""
        return _union([m["pattern"] for m in self.loud])

    @cached_property
    def benign_regexes(self) -> tuple[re.Pattern[str], ...]:
        """Error-looking lines that are no failure (git's "fatal: bad revision" at an engine's start),
        one expression each: Python's re tries every branch of one alternation at every position of
        a line, which on a 6 KB line cost 0.7 ms where the separate expressions cost a tenth of it."""
        return tuple(re.compile(m["pattern"]) for m in self.benign)

    @cached_property
    def _benign_db(self) -> hs.Database | None:
        """The benign wordings as one Hyperscan database in prefilter mode (a superset of their
        matches, look-arounds approximated): a line is tested with Python's re only for the
        wordings whose prefilter matched it."""
        if not self.benign:
            return None
        db = hs.Database(mode=hs.HS_MODE_BLOCK)
        db.compile(expressions=[m["pattern"].encode() for m in self.benign], ids=list(range(len(self.benign))),
                   flags=[hs.HS_FLAG_PREFILTER | hs.HS_FLAG_SINGLEMATCH] * len(self.benign))
        return db

    @cached_property
    def caught_regex(self) -> re.Pattern[str] | None:
        """Benign messages marked ``logs_caught``: a message that logs an exception its code caught
        and went on past (logger.exception's record: the message, its traceback below it)."""
        return _union([m["pattern"] for m in self.benign if m.get("logs_caught")])

    def logs_caught(self, text: str) -> bool:
        return self.caught_regex is not None and self.caught_regex.search(text) is not None

    def is_benign(self, text: str) -> bool:
        db = self._benign_db
        if db is None:
            return False
        hits: list[int] = []
        hsdb.own_scratch(db).scan(text.encode("utf-8", "replace"), match_event_handler=lambda i, *_: hits.append(i))
        return any(self.benign_regexes[i].search(text) for i in hits)

    @cached_property
    def report_ids(self) -> frozenset[str]:
        """server_log markers whose lines a test tool's report prints itself (nccl-tests: NCCL INFO)."""
        return frozenset(i for m in self.not_a_log for i in m.get("prints_markers", ()))

    @cached_property
    def report_prints(self) -> re.Pattern[str] | None:
        """Lines a test tool's report prints itself (nccl-tests' NCCL INFO lines): no server's."""
        return _union([m["prints"] for m in self.not_a_log if m.get("prints")])

    def stopping_says(self, ident: str) -> str:
        """How a stopping marker's own line is worded when it is the wrapper found ({line}, {text})."""
        entry = next((e for e in self.stopping if e["id"] == ident), {})
        return str(entry.get("says", "the server was then stopped (line {line}: {text})"))

    @cached_property
    def engine_ids(self) -> frozenset[str]:
        """server_log markers that show an inference engine, not only a web app or a logger."""
        return frozenset(m["id"] for m in self.server_log if m.get("shows_engine"))

    @cached_property
    def context_ids(self) -> frozenset[str]:
        """server_log markers that only record what is around the lines (``context_only``: a notebook
        cell's own warning): no server line, no engine; a ready marker may wait for one."""
        return frozenset(m["id"] for m in self.server_log if m.get("context_only"))

    @cached_property
    def loading_ids(self) -> frozenset[str]:
        """server_log markers of a model loading or just loaded (kept in every scan database)."""
        return frozenset(m["id"] for m in self.server_log if m.get("loading") or m.get("loaded"))

    @cached_property
    def loaded_ids(self) -> frozenset[str]:
        """server_log markers of a model that finished loading."""
        return frozenset(m["id"] for m in self.server_log if m.get("loaded"))

    @cached_property
    def named_ids(self) -> frozenset[str]:
        """server_log markers that name an inference server of its own (vLLM, llama-server's own
        lines, Ollama, ...), not a library every program prints (torch, NCCL, CUDA, llama.cpp's
        model loader, transformers): a program's output beside one of them is that server's log."""
        return frozenset(m["id"] for m in self.server_log if m.get("names_server"))

    @cached_property
    def named_regex(self) -> re.Pattern[str]:
        """The markers that name an inference server of its own, as one expression: read on the few
        lines that end a log (``named_at_end``), never line by line."""
        return re.compile("|".join(f"(?:{m['pattern']})" for m in self.server_log if m.get("names_server")))

    def program_entry(self, ident: str) -> dict:
        return next(e for e in self.program if e["id"] == ident)

    @cached_property
    def aside_ids(self) -> frozenset[str]:
        """server_log markers whose lines a host tool's output may have beside it and stay that tool's
        (``alone``): a container entrypoint's banner, printed before any command, and the host
        kernel's own lines (``host_log``: the NVIDIA module's NVRM lines that `dmesg` shows)."""
        return frozenset(m["id"] for m in self.server_log if m.get("entrypoint_banner") or m.get("host_log"))

    @cached_property
    def generic_ready_ids(self) -> frozenset[str]:
        """Ready markers any web app prints: they count only next to an engine line."""
        return frozenset(m["id"] for m in self.ready if m.get("needs_engine"))

    @cached_property
    def library_ready_ids(self) -> frozenset[str]:
        """Ready markers that a library prints in any program (``not_in_a_program``: llama.cpp's timings after a
        generation): they end an in-process start, not a program's output that is no server's."""
        return frozenset(m["id"] for m in self.ready if m.get("not_in_a_program"))

    @cached_property
    def ready_after(self) -> dict[str, frozenset[str]]:
        """Ready markers that count only after one of the given server-log markers was seen (``after_marker``,
        one id or a list: vLLM's engine core built counts as an in-process start's end only after an
        unprefixed front-end line). Where they are all context markers (what is around the engine: a
        notebook, the script's own generation), one seen below the ready line counts too (``MarkerHits``)."""
        return {m["id"]: frozenset([m["after_marker"]] if isinstance(m["after_marker"], str) else m["after_marker"])
                for m in self.ready if m.get("after_marker")}

    @cached_property
    def ready_unless(self) -> dict[str, frozenset[str]]:
        """Ready markers that count only while none of the given server-log markers was seen above
        them (``unless_marker``: vLLM's V0 engine built ends an in-process start, not a server's, whose
        API front end logs before its engine)."""
        return {m["id"]: frozenset(m["unless_marker"]) for m in self.ready if m.get("unless_marker")}

    @cached_property
    def as_it_came(self) -> dict[str, re.Pattern[str]]:
        """Server-log markers (by their table name, ``server:ID``) that hold only on a line as it came,
        not after a prefix the reader strips (``as_it_came``: no process tag before vLLM's level word)."""
        return {f"server:{m['id']}": re.compile(m["pattern"]) for m in self.server_log if m.get("as_it_came")}

    @cached_property
    def alone_ready_ids(self) -> frozenset[str]:
        """Generic ready markers that end a start by themselves (``ends_start_alone``: uvicorn's)."""
        return frozenset(m["id"] for m in self.ready if m.get("ends_start_alone"))

    def shapes(self) -> list[tuple[str, str]]:
        """(kind:id, expression) for the Hyperscan table."""
        out = [(f"ready:{m['id']}", m["pattern"]) for m in self.ready]
        out += [(f"server:{m['id']}", m["pattern"]) for m in self.server_log]
        out += [(f"notlog:{m['id']}", m["pattern"]) for m in self.not_a_log]
        out += [(f"program:{m['id']}", m["pattern"]) for m in self.program]
        out += [(f"start:{m['id']}", m["pattern"]) for m in self.start]
        out += [(f"stop:{m['id']}", m["pattern"]) for m in self.stopping]
        out += [(f"ended:{m['id']}", m["pattern"]) for m in self.ended if m.get("anywhere_after_ready")]
        return out


@lru_cache(maxsize=1)
def markers() -> Markers:
    text = resources.files("servecheck.knowledge.structure").joinpath("markers.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return Markers(tuple(data["ready"]), tuple(data["server_log"]), tuple(data["not_a_log"]), data["capture_hint"],
                   tuple(data.get("benign", ())), tuple(data.get("ended", ())), tuple(data.get("loud", ())),
                   tuple(data.get("program", ())), tuple(data.get("start", ())), tuple(data.get("stopping", ())))


# A line that is a code location, not a line a server logs: Python's frame ('File "x.py", line N'), pytest's
# location and failure lines ("../vllm/utils/deep_gemm.py:111: RuntimeError", "E       ..."), a C++ source location
# in an exception or a backtrace ("Exception raised from f at /x/y.cuh:50", "1  0x7f.. /opt/x.so(+0x37fbf)"):
# an engine's module named there is code a program ran, not a server's start (MarkerHits.named_log_line)
_CODE_LOCATION = re.compile(r'File "[^"]+", line [0-9]+|^\S+\.py:[0-9]+: |^E {3,}|Exception raised from \S+ at |'
                            r'^\s*[0-9]+\s+0x[0-9a-f]+ |/[\w.+-]+\.(?:cpp|cc|cu|cuh|hpp|h):[\w]*:?[0-9]+')


@dataclass
class MarkerHits:
    """Bounded: the first and the last ready line, a count of server-log lines, the first tool message."""

    ready_first: tuple[int, str] | None = None
    ready_last: tuple[int, str] | None = None
    server_lines: int = 0
    aside_lines: int = 0                            # of them, Markers.aside_ids' (a banner, the kernel's)
    not_a_log: tuple[int, str] | None = None        # (line, marker id)
    engine_line: int | None = None                  # first line that shows an inference engine
    tool_line: int = 0                              # the last line that is a tool's message
    nonblank: bool = False
    ids: set[str] = field(default_factory=set)
    foreign_line: int | None = None                 # first server line that no test tool's report prints
    ready_generic: bool = False                     # the last ready line is one any web app prints
    ready_alone: bool = False                       # ... and it ends a start by itself (uvicorn's)
    loading_last: int = 0                           # the last line of a model loading
    loaded_last: int = 0                            # the last line of a model that finished loading
    program: tuple[int, str] | None = None          # (line, id): the first mark of a program that is no server
    named_line: int | None = None                   # first line that names an inference server of its own
    named_log_line: int | None = None               # ... that is no code location (a frame's or a test's path)
    restarted: tuple[int, str] | None = None        # a start's banner after the last ready line: a new start
    ended: tuple[int, str] | None = None            # the last line that says the server crashed or died
    stopping: int = 0                               # the first line of a stop asked for after the last ready line
    stopped_by: str = ""                            # ... the id of the stopping marker it matched
    library_ready_only: bool = True                 # every ready line so far a library's (llama.cpp's timings)
    pending: tuple[int, str, str] | None = None     # (line, id, text): a ready line that waits for its context below

    @property
    def restarted_after_ready(self) -> bool:
        """A start's banner after the last ready line: the start that completed is not the last one."""
        return self.ready_last is not None and self.restarted is not None and self.restarted[0] > self.ready_last[0]

    @property
    def watching_starts(self) -> bool:
        """A ready line seen and no start's banner since: a banner now begins a new start."""
        return self.ready_last is not None and not self.restarted_after_ready

    @property
    def client_only(self) -> bool:
        """A client's or tool's message and no line of an inference engine: a client's own
        traceback and logger lines look like a Python server's, so only an engine line counts."""
        return self.not_a_log is not None and self.engine_line is None

    @property
    def program_only(self) -> bool:
        """A program that is no inference server (nccl-tests, a training job, llama-cli), and no
        line of a server of its own (unless the program imports the engine itself: an environment
        report prints vLLM's lines) and no ready line beside it: the whole input is its output. A
        program marked ``engine_after_mark`` prints a server's lines itself below its mark (llama-cli built on
        llama-server's code), so only such lines above the mark make a server's log. A
        program whose output has no server-log line of any kind (``alone``: nvidia-smi in a shell)
        is only that program's when none is there (a pasted nvidia-smi beside a Python server's
        traceback is that server's log)."""
        if self.program is None or self.ready_last is not None:
            return False
        entry = markers().program_entry(self.program[1])
        # a test's traceback runs through the engine's modules: their paths name the engine, not a server
        named = self.named_log_line if entry.get("paths_are_its_own") else self.named_line
        if (named is not None and not entry.get("imports_engine")
                and not (entry.get("engine_after_mark") and named > self.program[0])):
            return False
        return not (entry.get("alone") and self.server_lines > self.aside_lines)

    @property
    def completed_line(self) -> int:
        """The last ready line when it shows a completed start (an engine's own ready line, or a
        web app's next to an engine line, as ``decide`` reads it); else 0. Errors before it were
        survived; a bare web app's ready line (Gradio's, uvicorn's) ends nothing."""
        if self.ready_last is None or self.engine_line is None or self.loading_after_ready:
            return 0
        return self.ready_last[0]

    @property
    def loading_after_ready(self) -> bool:
        """A model still loading after the last ready line, when that line is a web app's generic
        one (FastChat's controller is up while its model worker loads): the start is not over."""
        return (self.ready_last is not None and self.ready_generic and self.loading_last > self.ready_last[0]
                and self.loading_last > self.loaded_last)

    def _names_itself(self, number: int) -> bool:
        """``number`` is the command line of a program marked ``names_itself``, whose command is named
        after an engine (`lmdeploy check_env`): the engine's name there is the program's, no server's
        line (markers are fed in name order, so a line's program marker comes before its server ones)."""
        return (self.program is not None and self.program[0] == number
                and bool(markers().program_entry(self.program[1]).get("names_itself")))

    def _unready(self) -> None:
        """A program's mark after ready lines that were all a library's own (llama.cpp's timings, which
        llama-embedding prints before its embeddings): those lines were that program's output. A ready
        line sets engine_line and named_line only while they are unset, so one it set is the first."""
        first = self.ready_first[0] if self.ready_first is not None else None
        self.ready_first = self.ready_last = None
        self.ready_generic = self.ready_alone = False
        if self.engine_line == first:
            self.engine_line = None
        if self.named_line == first:
            self.named_line = None
        if self.named_log_line == first:
            self.named_log_line = None

    def feed(self, number: int, kind: str, ident: str, text: str) -> None:
        m = markers()
        if kind == "ready":
            library = ident in m.library_ready_ids
            if self.program is not None and library:
                return      # a library's own ready line after a program's mark: that program's output
            if ident in m.ready_after and not m.ready_after[ident] & self.ids:
                if m.ready_after[ident] <= m.context_ids:
                    # what shows the script around the engine may come below its end (its generation)
                    self.pending = (number, ident, text)
                return      # a line that ends a start only in a shape not seen above it
            if ident in m.ready_unless and m.ready_unless[ident] & self.ids:
                return      # ... or only in a shape that another line above it rules out
            generic = ident in m.generic_ready_ids
            self.library_ready_only = self.library_ready_only and library
            if self.engine_line is None and not generic:
                self.engine_line = number       # an engine's own ready line names the engine
            if self.named_line is None and not generic:
                self.named_line = number
            if self.named_log_line is None and not generic:
                self.named_log_line = number
            self.ready_first = self.ready_first or (number, text)
            # a line with two ready markers is generic only if both are
            same_line = self.ready_last is not None and self.ready_last[0] == number
            self.ready_generic = generic and (self.ready_generic or not same_line)
            # a web app's generic ready line after one that ends a start alone (a health check's 200 after
            # uvicorn's start-up complete) keeps that start completed
            self.ready_alone = ident in m.alone_ready_ids or ((same_line or generic) and self.ready_alone)
            self.ready_last = (number, text)
        elif kind == "server" and ident in m.context_ids:
            self.ids.add(ident)
            if self.pending is not None and ident in m.ready_after[self.pending[1]]:
                # the script around the engine shows below the engine's end: that end completed the start
                # (unless a later ready line already did: the last one stays the last)
                (line, ready, text), self.pending = self.pending, None
                if self.ready_last is None or self.ready_last[0] < line:
                    self.feed(line, "ready", ready, text)
        elif kind == "server":
            self.server_lines += 1
            self.aside_lines += ident in m.aside_ids
            self.ids.add(ident)
            if ident in m.named_ids and not self._names_itself(number):
                if self.named_line is None:
                    self.named_line = number
                if self.named_log_line is None and not _CODE_LOCATION.search(text):
                    self.named_log_line = number
            if ident in m.loaded_ids:
                self.loaded_last = number
            elif ident in m.loading_ids:
                self.loading_last = number
            if self.foreign_line is None and (m.report_prints is None or not m.report_prints.search(text)):
                self.foreign_line = number
            # an engine's name inside a tool's message (kubectl naming serving.kserve.io) is the tool's:
            # markers are fed in name order, so a line's notlog marker comes before its server ones
            if self.engine_line is None and ident in m.engine_ids and number != self.tool_line:
                self.engine_line = number
        elif kind == "program" and number:
            if self.program is None and self.ready_first is not None and self.library_ready_only:
                self._unready()
            self.program = self.program or (number, ident)
        elif (kind == "start" and self.ready_last is not None and number > self.ready_last[0]
              and not self.restarted_after_ready):
            # the first banner of a start after the last ready line (a restarted container's log)
            self.restarted = (number, text)
        elif kind == "stop" and self.ready_last is not None and number > self.ready_last[0] >= self.stopping:
            self.stopping, self.stopped_by = number, ident      # the first stop line since the last ready line
        elif kind == "ended" and number:
            self.ended = (number, text)
        elif kind == "notlog" and number:
            # line 0 is a bundle probe's own error (the Docker daemon unreachable while capturing),
            # not the text that was handed over: it does not make the input a tool's message
            self.not_a_log = self.not_a_log or (number, ident)
            self.tool_line = number


@dataclass
class Verdict:
    status: Status
    message: str


def decide(hits: MarkerHits, has_failure: bool, described: str, cut_off: tuple[int, str | None] | None,
           read_bytes: int, last_error: tuple[int, str] | None = None,
           client_error: tuple[int, str] | None = None,
           ending_error: tuple[int, str] | None = None,
           binary: tuple[str, int, int] | None = None,
           wrapper: tuple[int, str] | None = None,
           wrapper_says: str = "",
           shown: tuple[int, str, str] | None = None) -> Verdict:
    """The input's status. ``ending_error``: the input's last non-blank line, when it is logged at
    error level (and is not a request's own error line). ``binary``: binary data read (what it
    is, and the first and last line that holds it). ``wrapper``: a wrapper's line (the start failed, its cause
    elsewhere) when the traceback that holds the cause is cut off or when no line quotes it.
    ``shown``: the failure found (line, class, text), named when the input is a program's output."""
    m = markers()
    if hits.program_only and hits.program is not None:   # program_only implies it; says so to the type checker
        line, ident = hits.program
        entry = m.program_entry(ident)
        if has_failure and shown is not None:
            return Verdict("not_a_server_log", f"{described} holds {entry['given']} (line {line}), not an inference "
                                                f"server's log; it shows {shown[1]} (line {shown[0]}: {shown[2][:160]}): "
                                                f"the program's failure, no server's start; {entry['capture']}")
        return Verdict("not_a_server_log", f"{described} holds {entry['given']} (line {line}), not an inference "
                                            f"server's log: nothing to judge; {entry['capture']}")
    if has_failure and shown is not None and hits.ready_last is not None and shown[0] > hits.ready_last[0]:
        # the start completed and the server failed after it (a request it crashed on, a worker that died
        # later): a failure, said as what it was, not as a start that never finished
        return Verdict("failure", f"the start completed (line {hits.ready_last[0]}: {hits.ready_last[1][:120]}), "
                                  f"then the server failed (line {shown[0]}: {shown[2][:160]})")
    if has_failure:
        return Verdict("failure", "a start-up failure was found")
    if read_bytes == 0 or not hits.nonblank:
        return Verdict("empty", f"{described} is empty: nothing to judge; {m.capture_hint}")
    if hits.client_only and hits.not_a_log is not None:   # client_only implies it; says so to the type checker
        line, ident = hits.not_a_log
        entry = next(e for e in m.not_a_log if e["id"] == ident)
        return Verdict("not_a_server_log", f"{described} holds {entry['given']} (line {line}): nothing to judge; "
                                            f"{entry['capture']}")
    if hits.not_a_log is not None and hits.foreign_line is None and not hits.ready_last:
        # a test tool's report whose engine-like lines are its own (nccl-tests prints NCCL INFO):
        # judged by its own command, never a server's start; a server's lines beside it are judged
        line, ident = hits.not_a_log
        entry = next(e for e in m.not_a_log if e["id"] == ident)
        if entry.get("prints"):
            return Verdict("not_a_server_log", f"{described} holds {entry['given']} (line {line}): "
                                                f"nothing to judge here; {entry['capture']}")
    if client_error is not None:
        line, text = client_error
        return Verdict("not_a_server_log", f"{described} ends in an exception raised inside a client library "
                                            f"(line {line}: {text[:160]}): the client's error, not a server's "
                                            f"output; nothing to judge; {m.capture_hint}")
    if cut_off is not None:
        header, frame = cut_off
        where = f" (last frame {frame})" if frame else ""
        said = (f"; line {wrapper[0]} says the start failed, not why: {wrapper[1].strip()[:160]}"
                if wrapper is not None else "")
        return Verdict("incomplete", f"{described} stops inside a traceback that starts at line {header}{where}: "
                                     f"the exception itself is missing{said}; {m.capture_hint}")
    after_ready = wrapper is not None and hits.ready_last is not None and wrapper[0] > hits.ready_last[0]
    if wrapper is not None and not after_ready and wrapper_says:
        # the wrapper's own words for what its line means (an operator's Ctrl-C), from its signature
        said = wrapper_says.format(line=wrapper[0], text=wrapper[1].strip()[:160])
        return Verdict("incomplete", f"{described} {said}; nothing to judge; {m.capture_hint}")
    if wrapper is not None and not after_ready:
        return Verdict("incomplete", f"{described} says the start failed (line {wrapper[0]}: {wrapper[1].strip()[:160]}) "
                                     f"but not why: the cause it points to is not in the lines; {m.capture_hint}")
    if hits.ready_last is not None and hits.engine_line is None and not hits.ready_alone:
        return Verdict("incomplete", f"{described} shows a web server that started (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}) but no line of an inference engine (model "
                                     "loading, engine version, weights, KV cache, GPU or an OpenAI API route): any web "
                                     f"app prints that; nothing to judge; {m.capture_hint}")
    if hits.loading_after_ready and hits.ready_last is not None:
        return Verdict("incomplete", f"{described} shows a web server that came up (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}) while a model was still loading after it "
                                     f"(line {hits.loading_last}) and no ready line followed: the start had not "
                                     f"finished; nothing to judge yet; {m.capture_hint}")
    if hits.restarted_after_ready and hits.ready_last is not None and hits.restarted is not None:  # (both named below)
        # the start that completed is not the last one: the server started again after it (a
        # restarted container's log) and the lines stop before that start finished
        return Verdict("incomplete", f"{described} shows a start that completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}), then a new start (line {hits.restarted[0]}: "
                                     f"{hits.restarted[1].strip()[:120]}) that stops before it finished: whether "
                                     f"the server is up now is not in the lines; {m.capture_hint}")
    if hits.ready_last is not None and ending_error is not None and ending_error[0] > hits.ready_last[0]:
        # a request's error after the start is not a failed start, but a log that *ends* at an
        # error after its ready line (not a request's) stops where something went wrong, before
        # saying what
        return Verdict("incomplete", f"{described} shows a start that completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}), then ends at an error it does not explain "
                                     f"(line {ending_error[0]}: {ending_error[1][:160]}): what it led to is not "
                                     f"in it; {m.capture_hint}")
    if hits.ready_last is not None and wrapper is not None and hits.ready_last[0] < hits.stopping <= wrapper[0]:
        # the server was asked to stop (uvicorn's "Shutting down", a Ctrl-C's KeyboardInterrupt) and a
        # death reported after that (the shell's "Killed" when the stop hung on a running job) ends the
        # stop, not the start; the interrupt itself can be the wrapper found
        stop = (m.stopping_says(hits.stopped_by).format(line=wrapper[0], text=wrapper[1].strip()[:120])
                if wrapper[0] == hits.stopping else
                f"the server was then asked to stop (line {hits.stopping}) and line {wrapper[0]} "
                f"({wrapper[1].strip()[:120]}) ends that stop")
        return Verdict("no_failure", f"the start completed (line {hits.ready_last[0]}: {hits.ready_last[1][:120]}); "
                                     f"{stop}; no failure was found")
    if hits.ready_last is not None and wrapper is not None:
        # a wrapper after the start completed, and the log goes on past it: the server said it
        # failed, not why, and no later ready line says it recovered
        return Verdict("incomplete", f"{described} shows a start that completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}), then says it failed (line {wrapper[0]}: "
                                     f"{wrapper[1].strip()[:160]}) but not why; {m.capture_hint}")
    if hits.ready_last is not None and hits.ended is not None and hits.ended[0] > hits.ready_last[0]:
        # the server said it crashed or died after its start completed, and the log goes on past
        # that line (a supervisor's lines, a pasted command): the start that completed has ended
        return Verdict("incomplete", f"{described} shows a start that completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}), then says the server crashed or ended "
                                     f"(line {hits.ended[0]}: {hits.ended[1].strip()[:160]}) without the cause; "
                                     f"{m.capture_hint}")
    if hits.ready_last is not None and binary is not None and binary[2] >= hits.ready_last[0]:
        # binary data after the ready line (a file zeroed past a crash, random bytes): what was
        # written there cannot be read, so the absence of a failure is not known. Before it (a
        # copy-truncated log's hole of NULs, then a fresh start) it hides nothing of this start.
        return Verdict("incomplete", f"{described} shows a start that completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}), then holds binary data ({binary[0]} "
                                     f"on {_lines(binary[1], binary[2])}): no text can be read there, so whether "
                                     f"the server failed is not known; {m.capture_hint}")
    if hits.ready_last is not None:
        # uvicorn's ready line alone ends a start too (markers.json ``ends_start_alone``): an app
        # that serves a model says it once its start-up hook, model load included, returned; the
        # message says what the line is
        bare = ("; it is a web server's ready line and no line names the inference engine behind it"
                if hits.engine_line is None else "")
        return Verdict("no_failure", f"the start completed (line {hits.ready_last[0]}: "
                                     f"{hits.ready_last[1][:120]}) and no failure was found{bare}")
    if hits.server_lines == 0:
        seen = (f"; its last error-looking line, line {last_error[0]}: {last_error[1][:160]}"
                if last_error is not None else "")
        return Verdict("not_a_server_log", f"{described} does not look like an inference server's output "
                                            f"(no server, engine or GPU line in it{seen}): nothing to judge; "
                                            f"{m.capture_hint}")
    return Verdict("incomplete", f"{described} is a server's log that stops before start-up finished (no ready "
                                 f"marker, no failure): nothing to judge yet; {m.capture_hint}")


def _lines(first: int, last: int) -> str:
    return f"line {first}" if first == last else f"lines {first}-{last}"


def binary_text(text: str) -> bool:
    """Whether a decoded line is binary data rather than text (random bytes, a corrupt tail)."""
    if len(text) < 16:
        return False
    odd = sum(1 for c in text if c == "\ufffd" or (c < " " and c not in _TEXT_CONTROLS))
    return odd >= BINARY_SHARE * len(text)
