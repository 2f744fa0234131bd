"""Structural rules (``knowledge/structure/rules.json``): the class of a failure no signature names.

Signatures decide first. When none names a cause, the log's structure does, with the rule's lower
confidence: the exception type and the package that raised it, an errno, a signal, a scheduler
or runtime event. A fatal exception that no rule explains is still a failure — class ``other``,
its exception line as the evidence — never "no failure".
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, field_validator

from servecheck.diagnose import lexicon
from servecheck.diagnose.models import EvidenceLine, FailureClass, Layer, Primary, wrapper_words
from servecheck.diagnose.structure import (
    ERROR_LEVEL,
    Event,
    ExceptionEvent,
    Structure,
    source_module_of,
)
from servecheck.redact import safe_cut

PACKAGE = "servecheck.knowledge.structure"
EVIDENCE_CHARS = 2000
UNEXPLAINED_CONFIDENCE = 0.35
UNEXPLAINED = "struct.unexplained_exception"


class When(BaseModel):
    model_config = ConfigDict(extra="forbid")

    exception: list[str] = Field(default_factory=list, description="type names, any qualifier")
    package: list[str] = Field(default_factory=list, description="raising package prefixes")
    errno: list[int] = Field(default_factory=list)
    signal: list[str] = Field(default_factory=list)
    event: list[str] = Field(default_factory=list)
    message: str | None = Field(None, description="regex the exception message or line must match")
    module: str | None = Field(None, description="regex the raising module (dotted) must match: the part a "
                                                 "module plays in any engine, such as a quantization package")
    frame: str | None = Field(None, description="regex one frame's file path of the exception's traceback must "
                                                "match: where it failed, in the standard library too")
    alone: bool = Field(False, description="a signal with no message of its own in the lines just above it "
                                           "(an abort no error line or exception explains)")


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: str
    when: When
    cls: FailureClass = Field(alias="class")
    layer: Layer
    confidence: float = Field(ge=0.0, le=1.0)
    fallback: bool = Field(False, description="only after an unexplained exception: a bare error line")
    explanation: str
    next_steps: list[str] = Field(default_factory=list)
    references: list[str] = Field(min_length=1)
    wrapper_says: str = Field("", description="an event that ends a start without its cause (a kill another "
                              "process sent): the rule reads a wrapper, not a cause, and these are the words for "
                              "its line, with {line} and {text}")

    @field_validator("wrapper_says")
    @classmethod
    def _formattable(cls, value: str) -> str:
        return wrapper_words(value)


class RuleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = 1
    description: str = ""
    rules: list[Rule]


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    text = resources.files(PACKAGE).joinpath("rules.json").read_text(encoding="utf-8")
    return tuple(RuleFile.model_validate(json.loads(text)).rules)


def _exception_matches(rule: Rule, exc: ExceptionEvent) -> bool:
    w = rule.when
    if w.signal or w.event or w.errno:
        return False
    if w.exception and exc.type not in w.exception and exc.qualified.rsplit(".", 1)[-1] not in w.exception:
        return False
    if w.package and not any((exc.package or "").startswith(p) or exc.qualified.startswith(p) for p in w.package):
        return False
    module = exc.package or source_module_of(exc.frames)
    if w.module and not (module and re.search(w.module, module)):
        return False
    if w.frame and not any(re.search(w.frame, path.replace("\\", "/")) for path in exc.frames):
        return False
    return not (w.message and not re.search(w.message, exc.message))


def _event_matches(rule: Rule, ev: Event) -> bool:
    w = rule.when
    if w.exception or w.package or w.module or w.frame:
        return False
    hit = ((ev.kind == "signal" and ev.value in w.signal) or (ev.kind == "errno" and ev.value in w.errno)
           or ev.kind in w.event)
    return hit and not (w.message and not re.search(w.message, ev.text)) and not (w.alone and not ev.alone)


def bind_failures(struct: Structure) -> list[Event]:
    """The events a bind rule reads (errno EADDRINUSE, EACCES or EADDRNOTAVAIL on a bind): each
    a listener that did not come up."""
    binds = [r for r in rules() if r.cls == "port_in_use" and r.when.errno]
    return [ev for ev in struct.events if any(_event_matches(r, ev) for r in binds)]


WEAK = "struct.error_word"


def decide(struct: Structure, ready_line: int, redact, ignore: frozenset[int] = frozenset(),
           weak: bool = False, wrapped: frozenset[int] = frozenset()) -> Primary | None:
    """The structural primary, or None when the structure shows no failure after the last ready
    marker (``ready_line``; 0 when the start never completed). Lines in ``ignore`` (a docker or
    ollama client message quoted in the log) are not the server's own errors. ``weak``: a bare
    failure word counts too (only in a server's log whose start never completed: after a ready
    line it is a request's error, and in text with no server line at all it is not a server's).
    Lines in ``wrapped`` are a wrapper signature's own (systemd's "Failed with result 'exit-code'"):
    the fallback rules do not read them again as bare error lines."""
    excs = [e for e in struct.exceptions if e.line > ready_line and e.line not in ignore]
    if ready_line:      # after the start, an exception raised serving a request is the request's
        excs = [e for e in excs if not lexicon.in_request(e.frames)]
    # an abort that follows an uncaught C++ exception is its consequence: the exception is read instead
    events = [e for e in struct.events if e.line > ready_line and e.line not in ignore and e.by is None
              and not (ready_line and (e.kind == ERROR_LEVEL or lexicon.request_error_line(e.text)))]
    # an exception on a wrapper's own line (pydantic's header whose message says only that the
    # model's inspection failed) says where the failure surfaced, not its cause: no named rule reads it
    # (it still ends the traceback as an unexplained failure would, below)
    found = _first_rule([r for r in rules() if not r.fallback], [e for e in excs if e.line not in wrapped],
                        events, redact)
    if found is not None:
        return found
    # an exception whose message is not there (named by an IPython header; a wrapper whose message
    # is the traceback it caught) names no failure by itself: a named rule may read its type, but it
    # is not the fatal line of an unexplained failure
    excs_read = [e for e in excs if not e.header_only]
    fatal = [e for e in excs_read if e.in_traceback] or excs_read
    if fatal:
        return _unexplained(fatal[-1], redact)
    if ready_line:      # after the start, a bare error line no rule names is a request's or a task's
        return None     # (the status reads a log that ends at one: what it led to is not in it)
    bare = [e for e in events if e.line not in wrapped]
    return _first_rule([r for r in rules() if r.fallback and (weak or r.id != WEAK)], excs, bare, redact)


def inside_traceback(lines: list[int], struct: Structure, redact) -> Primary | None:
    """When every one of ``lines`` lies inside one traceback (its frames say *where* it failed),
    the structural reading of the exception that ends it (*why*), if a named rule gives one."""
    if not lines:
        return None
    for exc in struct.exceptions:
        if exc.header is not None and all(exc.header < n < exc.line for n in lines):
            own = [e for e in struct.events if e.line == exc.line and e.kind in ("errno", "signal")]
            return _first_rule([r for r in rules() if not r.fallback], [exc], own, redact)
    return None


def _type_only(rule: Rule) -> bool:
    """A rule that reads an exception by its type alone (NotImplementedError: a configuration)."""
    w = rule.when
    return bool(w.exception) and not (w.package or w.module or w.frame or w.message)


def _named_otherwise(rule: Rule, exc: ExceptionEvent) -> bool:
    """The exception's own message names another class than a type-only rule would give it
    ("NotImplementedError: WFP4A16 MoE is unsupported on SM89": the GPU, not the configuration):
    its words say more than its type, so the rule does not read it."""
    if not _type_only(rule):
        return False
    reading = lexicon.read(exc.message)
    return reading is not None and reading.cls not in ("other", rule.cls)


def _first_rule(candidates: list[Rule], excs: list[ExceptionEvent], events: list[Event], redact) -> Primary | None:
    for rule in candidates:
        for exc in excs:
            for link in exc.chain():
                if _exception_matches(rule, link) and not _named_otherwise(rule, link):
                    return _primary(rule, [link, exc], redact)
        for ev in events:
            if _event_matches(rule, ev):
                return _primary(rule, [ev], redact)
    return None


def _lines(items, redact) -> list[EvidenceLine]:
    seen: dict[int, str] = {}
    for item in items:
        seen.setdefault(item.line, safe_cut(redact(item.text), EVIDENCE_CHARS))
    return [EvidenceLine(line=n, text=t) for n, t in sorted(seen.items())]


def _primary(rule: Rule, items, redact) -> Primary:
    evidence = _lines(items, redact)
    raiser = next((i.package for i in items if isinstance(i, ExceptionEvent) and i.package), None)
    note = f"read from the log's structure (raised in {raiser})" if raiser else "read from the log's structure"
    return Primary(signature=rule.id, cls=rule.cls, layer=rule.layer, severity="fatal",
                   confidence=rule.confidence, first_line=evidence[0].line, count=len(evidence),
                   evidence=evidence, explanation=rule.explanation, next_steps=list(rule.next_steps),
                   references=list(rule.references), note=note,
                   role="consequence" if rule.wrapper_says else "cause")


def wrapper_says(rule_id: str) -> str:
    """A wrapper rule's words for its line ("" for a rule that reads a cause, or no rule of that id)."""
    return next((r.wrapper_says for r in rules() if r.id == rule_id), "")


def _unexplained(exc: ExceptionEvent, redact) -> Primary:
    where = f", raised in {exc.package}" if exc.package else ""
    panic = exc.type == "panic" and exc.qualified == "panic"     # structure's Go and Rust panics
    what = ("The process panicked (a Go or Rust program's own crash, its message the panic's)" if panic
            else f"The start failed with {exc.type}")
    return Primary(
        signature=UNEXPLAINED, cls="other", layer="other", severity="fatal",
        confidence=UNEXPLAINED_CONFIDENCE, first_line=exc.line, count=1,
        evidence=_lines([exc.chain()[0], exc], redact),
        explanation=f"{what}{where}; no signature or structural rule names its cause.",
        next_steps=["Read the exception and the lines above it; search the engine's issue tracker for its "
                    "message; if it recurs, add a site signature (--signatures FILE)."],
        references=(["https://go.dev/ref/spec#Run_time_panics", "https://doc.rust-lang.org/std/macro.panic.html"]
                    if panic else ["https://docs.python.org/3/library/exceptions.html"]),
        note="read from the log's structure: an exception nothing explains",
    )
