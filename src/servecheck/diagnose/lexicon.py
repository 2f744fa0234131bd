"""The words of a failure: the class of an error that no signature or structural rule names.

Signatures know wordings; structural rules know exception types, errno and signals. An engine's
new wording of a known cause ("Paged KV cache too small", "unresolvable CDI devices") escapes
both and used to end as ``other``. The lexicon (``knowledge/structure/lexicon.json``, terms per
class with their sources) reads the lines of the failure already found — the catch-all primary's
own lines first, then the exceptions and error-level lines after the last ready marker, in log
order — and names the class whose words weigh most, at a low confidence, with the words named.

It never decides *whether* the start failed (that stays with signatures, structure and status),
never reads ordinary log lines, and only refines a catch-all (``other`` at low confidence).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from servecheck.diagnose.models import EvidenceLine, FailureClass, Finding, Layer, Primary
from servecheck.diagnose.structure import BARE, Structure, package_of
from servecheck.redact import safe_cut

if TYPE_CHECKING:
    from servecheck.diagnose.signatures import Compiled

PACKAGE = "servecheck.knowledge.structure"
CATCH_ALL_CONFIDENCE = 0.4    # a primary at or below this with class "other" names no cause
MAX_TEXTS = 60                # error lines read at most (bounded whatever the log)
EVIDENCE_CHARS = 2000


@dataclass(frozen=True)
class Entry:
    cls: FailureClass
    layer: Layer
    terms: tuple[tuple[re.Pattern[str], int], ...]
    references: tuple[str, ...]
    next_steps: tuple[str, ...]


@dataclass(frozen=True)
class Lexicon:
    confidence: float
    entries: tuple[Entry, ...]       # in causal order: a tie goes to the earlier layer
    cache_frames: re.Pattern[str]    # a frame that allocates the KV cache
    cache_why: str
    cache_refs: tuple[str, ...]
    request_frames: re.Pattern[str]  # a frame that serves a request (after the start)
    request_lines: re.Pattern[str]   # a server's header line for a request's error
    client_packages: re.Pattern[str]  # a client library that raised (not a server's failure)
    identifiers: re.Pattern[str] | None = None   # names of code (a Ray task's) whose words are not read
    engine_client_frames: re.Pattern[str] | None = None   # a front end's frame that waits on its engine
    model_frames: re.Pattern[str] | None = None   # a frame that loads or downloads a model
    stdlib_frames: re.Pattern[str] | None = None  # a frame of Python's standard library
    model_frames_refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reading:
    cls: FailureClass
    layer: Layer
    words: tuple[str, ...]
    entry: Entry


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    data = json.loads(resources.files(PACKAGE).joinpath("lexicon.json").read_text(encoding="utf-8"))
    entries = tuple(
        Entry(cls=c["class"], layer=c["layer"],
              terms=tuple((re.compile(t["pattern"], re.I), int(t["weight"])) for t in c["terms"]),
              references=tuple(c["references"]), next_steps=tuple(c.get("next_steps", ())))
        for c in data["classes"])
    cache, request = data["cache_allocation_frames"], data["request_frames"]
    model = data.get("model_loading_frames", {})
    return Lexicon(confidence=float(data["confidence"]), entries=entries,
                   cache_frames=re.compile(cache["pattern"]), cache_why=cache["why"],
                   cache_refs=tuple(cache["references"]), request_frames=re.compile(request["pattern"]),
                   request_lines=re.compile(request["lines"]),
                   client_packages=re.compile(data["client_packages"]["pattern"]),
                   identifiers=re.compile(data["identifiers"]["pattern"]) if "identifiers" in data else None,
                   engine_client_frames=re.compile(data["engine_client_frames"]["pattern"])
                   if "engine_client_frames" in data else None,
                   model_frames=re.compile(model["pattern"]) if model else None,
                   stdlib_frames=re.compile(model["stdlib"]) if model else None,
                   model_frames_refs=tuple(model.get("references", ())))


def request_error_line(text: str) -> bool:
    """uvicorn's "Exception in ASGI application" and the like: a request failed, not the start."""
    return lexicon().request_lines.search(text) is not None


def raised_by_client(primary: Primary, struct: Structure) -> bool:
    """A catch-all whose exception, or the exception the input ends in, was raised inside an
    inference client library (tritonclient, openai, ollama's client, litellm): the client's error,
    not a server's failed start."""
    if not is_catch_all(primary):
        return False
    regex = lexicon().client_packages
    # the exception the program died with counts too: a client that wraps the server's answer
    # (httpx's 500, then litellm's APIConnectionError around it) ends in its own exception
    last = [struct.exceptions[-1]] if struct.exceptions and struct.exceptions[-1].line >= primary.first_line else []
    return any(regex.search(exc.package or "") or regex.search(exc.qualified)
               for exc in (*_own_exceptions(primary, struct), *last))


def client_frame(frame: str | None) -> bool:
    """A traceback's frame inside an inference client library's files (``.../site-packages/litellm/
    llms/...``): a traceback cut while its last frame is there is the client's (Open Interpreter's
    litellm call to a remote Ollama), whatever exception it was about to name."""
    package = package_of([frame]) if frame else None
    return package is not None and lexicon().client_packages.search(package) is not None


def waits_on_engine(frame: str | None) -> bool:
    """A frame of a server's front end that only waits on its engine's output (vLLM's AsyncLLM
    output handler): its traceback follows the engine's death, it holds no cause of its own."""
    regex = lexicon().engine_client_frames
    return frame is not None and regex is not None and regex.search(frame) is not None


def in_request(frames: list[str]) -> bool:
    """The traceback runs through the code that serves a request (uvicorn, starlette)."""
    return _any_frame(lexicon().request_frames, frames)


def oom_in_cache(primary: Primary, struct: Structure) -> Primary:
    """An out-of-memory whose traceback allocates the KV cache is a KV-cache capacity problem."""
    if primary.cls != "oom_weights":
        return primary
    lex = lexicon()
    for exc in _own_exceptions(primary, struct):
        if _any_frame(lex.cache_frames, exc.frames):
            return primary.model_copy(update={
                "cls": "kv_cache_insufficient", "layer": "memory_capacity",
                "explanation": f"{primary.explanation} {lex.cache_why}",
                "references": [*primary.references, *lex.cache_refs],
                "note": "out of memory while allocating the KV cache (read from the traceback's frames)"})
    return primary


# the permission error on a path that names no model, and the signature it becomes when the model's
PATH_PERMISSION, MODEL_PERMISSION = "access.path_permission", "access.permission"


def loads_model(frames: list[str]) -> bool:
    """A frame among ``frames`` that loads or downloads a model (the hub client, transformers,
    safetensors, an engine's model loader)."""
    model = lexicon().model_frames
    return model is not None and _any_frame(model, frames)


def permission_by_frames(primary: Primary, struct: Structure, compiled: Compiled) -> Primary:
    """A permission error on a path that names no model is the model's when the frames that opened
    it load or download models, or when nothing but the standard library's frames (or no frame at
    all) say whose the path is: the download cache is the likeliest. With neither a frame nor a path
    (the path cut to another line), nothing says it is the model's."""
    if primary.signature != PATH_PERMISSION:
        return primary
    lex = lexicon()
    if lex.model_frames is None or lex.stdlib_frames is None:
        return primary
    frames = [f.replace("\\", "/") for exc in _own_exceptions(primary, struct) for f in exc.frames]
    if loads_model(frames):
        why = "the frames that opened the path load or download a model"
    elif frames and all(lex.stdlib_frames.search(f) for f in frames):
        why = "no frame but the standard library's says whose the path is"
    elif not frames and any("denied: '" in e.text for e in primary.evidence):
        why = "a path with no frame to say whose it is"
    else:
        return primary
    sig = compiled.get(MODEL_PERMISSION)
    if sig is None:
        return primary
    return primary.model_copy(update={
        "signature": sig.id, "cls": sig.cls, "layer": sig.layer, "explanation": sig.explanation,
        "next_steps": list(sig.next_steps), "references": [*sig.references, *lex.model_frames_refs],
        "signatures": [sig.id if s == PATH_PERMISSION else s for s in primary.signatures],
        "note": f"read as the model's: {why}"})


def _own_exceptions(primary: Primary, struct: Structure):
    """The exceptions the primary's own lines are."""
    lines = {e.line for e in primary.evidence}
    return (exc for exc in struct.exceptions if exc.line in lines)


def _any_frame(regex: re.Pattern[str], frames: list[str]) -> bool:
    return any(regex.search(f.replace("\\", "/")) for f in frames)


def read(text: str) -> Reading | None:
    """The class whose terms weigh most in ``text``; None when no term of any class is there.
    Names of code (a Ray task's "ray::Actor.init_process_group()") are not read."""
    names = lexicon().identifiers
    if names is not None:
        text = names.sub(" ", text)
    best: tuple[int, Entry, tuple[str, ...]] | None = None
    for entry in lexicon().entries:
        words: list[str] = []
        weight = 0
        for regex, w in entry.terms:
            m = regex.search(text)
            if m:
                words.append(m.group(0))
                weight += w
        if weight and (best is None or weight > best[0]):
            best = (weight, entry, tuple(words))
    if best is None:
        return None
    _, entry, found = best
    return Reading(entry.cls, entry.layer, found, entry)


def is_catch_all(primary: Finding | None) -> bool:
    """An ``other`` that names no cause: a generic signature, an unexplained exception, a bare
    error line (not a wrapper, whose cause is elsewhere, nor a named ``other`` rule)."""
    return (primary is not None and primary.cls == "other" and primary.role != "consequence"
            and primary.confidence <= CATCH_ALL_CONFIDENCE)


def quoted_cause(primary: Primary, compiled: Compiled) -> tuple[int, str, str] | None:
    """The first line of a wrapper (the primary or one of its consequences) that quotes the cause it
    wraps (vLLM's "Worker failed with error '...', please check the stack trace above for the root
    cause"): its line number, text and the quoted words. The patterns are the signatures' own
    ``quotes_cause``. Words that are themselves a wrapper's (asyncio's never-retrieved task quoting
    pyzmq's error on a socket closed because the engine died) quote no cause."""
    for finding in (primary, *primary.consequences):
        for ev in finding.evidence:
            cause = compiled.quoted_cause(finding.signature, ev.text) or _collapsed_cause(finding.signature, ev.text,
                                                                                          compiled)
            if cause is not None and not _a_wrappers(cause, finding.signature, compiled):
                return ev.line, ev.text, cause
    return None


def _a_wrappers(words: str, quoting: str, compiled: Compiled) -> bool:
    """The words match another wrapper, one that quotes nothing itself: they say something died,
    not why (pyzmq's error on a socket closed under it)."""
    sig = compiled.match(words)
    return sig is not None and sig.id != quoting and sig.role == "consequence" and not sig.quotes_cause


# An exception's own line ("RuntimeError: Cannot re-initialize CUDA in forked subprocess ...") inside
# a longer line: a traceback pasted with its line breaks lost puts it on the wrapper's line.
_EXCEPTION_HEAD = re.compile(r"(?<![\w.])(?:[\w]+\.)*[A-Z]\w*(?:Error|Exception): \S")


_TRACEBACK_PART = re.compile(r'Traceback \(most recent call last\)|File "[^"]+", line \d+|(?<![\w.])raise \w')


def _collapsed_cause(signature: str, text: str, compiled: Compiled) -> str | None:
    """The exception a wrapper's line holds BEFORE the wrapper's words: a traceback pasted with its
    line breaks lost (sglang#462: "raise RuntimeError( RuntimeError: Cannot re-initialize CUDA in
    forked subprocess ... Initialization failed. detoken_init_state: init ok"). The wrapper came
    after the exception it wraps, so the exception is the cause it points to; the words between
    the exception head and the wrapper are that exception's message."""
    start = compiled.starts_at(signature, text)
    if not start:
        return None
    heads = list(_EXCEPTION_HEAD.finditer(text, 0, start))
    # only a traceback's own parts before the exception show the line breaks were lost; an
    # exception line that IS the wrapper's ("RuntimeError: [address=..] Engine core initialization
    # failed", "RuntimeError: TRT Engine build failed... Please check the logs") quotes no cause
    if not heads or not _TRACEBACK_PART.search(text, 0, heads[-1].start()):
        return None
    cause = text[heads[-1].start():start].strip()
    return cause if len(cause) > len(heads[-1].group(0)) + 8 else None


def refine(primary: Primary, struct: Structure, ready_line: int, redact, compiled: Compiled) -> Primary:
    """A catch-all primary re-read by the lexicon; the same primary when no line names a class.
    A wrapper is re-read only by the cause its own line quotes."""
    if primary.cls == "other" and primary.role == "consequence":
        quoted = quoted_cause(primary, compiled)
        reading = read(quoted[2]) if quoted else None
        if quoted is not None and reading is not None and reading.cls != "other":
            return _primary(reading, quoted[0], safe_cut(redact(quoted[1]), EVIDENCE_CHARS), primary)
        return primary
    if not is_catch_all(primary):
        return primary
    for line, text in _texts(primary, struct, ready_line):
        reading = read(text)
        if reading is None or reading.cls == "other":
            continue
        return _primary(reading, line, safe_cut(redact(text), EVIDENCE_CHARS), primary)
    return primary


def _texts(primary: Primary, struct: Structure, ready_line: int) -> list[tuple[int, str]]:
    """The catch-all's own lines, then every exception (its whole chain) and error-level line
    after the last ready marker, in log order."""
    own = [(e.line, e.text) for e in primary.evidence]
    rest: dict[int, str] = {}
    for exc in struct.exceptions:
        if exc.line > ready_line:
            for link in exc.chain():
                rest.setdefault(link.line, link.text)
    for ev in struct.events:
        if ev.line > ready_line and (ev.kind in BARE or ev.kind == "errno"):
            rest.setdefault(ev.line, ev.text)
    mine = {n for n, _ in own}
    ordered = own + sorted((n, t) for n, t in rest.items() if n not in mine)
    return ordered[:MAX_TEXTS]


def _primary(reading: Reading, line: int, text: str, was: Primary) -> Primary:
    words = ", ".join(f"'{w}'" for w in reading.words)
    evidence = [EvidenceLine(line=line, text=text)]
    evidence += [e for e in was.evidence if e.line != line][:5]
    return Primary(
        signature=f"lexicon.{reading.cls}", cls=reading.cls, layer=reading.layer, severity="fatal",
        confidence=lexicon().confidence, first_line=line, count=len(evidence), evidence=evidence,
        explanation=(f"No signature or structural rule names this failure; the words of line {line} "
                     f"({words}) are those of {reading.cls.replace('_', ' ')}."),
        next_steps=list(reading.entry.next_steps) or [
            "Read the line and the ones above it; if this wording recurs, add a site signature "
            "(--signatures FILE) so it is named with confidence."],
        references=list(reading.entry.references),
        note=f"read from the words of the error (lexicon), not from a known wording; was {was.signature}",
        consequences=list(was.consequences),
    )
