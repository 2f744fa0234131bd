"""Failure signatures: data files, validated and compiled once.

A signature file is JSON: ``{"schema_version": 1, "signatures": [ {...}, ... ]}``. Built-in files
live in ``servecheck/knowledge/signatures/``; users add theirs with ``--signatures FILE`` (theirs are
tried first, so they can override a built-in reading of a line). Patterns are Python regular
expressions restricted to what ``grep -E`` also understands (no ``(?:``, no ``\\d``), so the
benchmark can hand the very same patterns to grep.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from servecheck.diagnose.models import FailureClass, Layer, Role, Severity, wrapper_words
from servecheck.errors import KnowledgeError

FILE_SCHEMA_VERSION = 1
BUILTIN_PACKAGE = "servecheck.knowledge.signatures"
MAX_SIGNATURE_BYTES = 16 * 1024 * 1024


class Signature(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    id: str = Field(min_length=3)
    cls: FailureClass = Field(alias="class")
    layer: Layer
    severity: Severity
    role: Role = "cause"
    patterns: list[str] = Field(min_length=1)
    keywords: list[str] = Field(min_length=1, description="literals; a matching line contains one")
    examples: list[str] = Field(default_factory=list, description="lines that must match")
    explanation: str = ""
    next_steps: list[str] = Field(default_factory=list)
    references: list[str] = Field(default_factory=list)
    confidence: float = Field(0.9, ge=0.0, le=1.0)
    soft: bool = Field(False, description="not primary once the GPU is seen working or an "
                                          "independent cause exists (e.g. a CUDA-init warning)")
    gpu_ok: bool = Field(False, description="a match proves CUDA worked on this host")
    no_driver: bool = Field(False, description="a match proves the container has no driver libraries at all: "
                                               "the CUDA runtime's 'driver version is insufficient' (35) "
                                               "beside it is a missing --gpus / runtime, not an old driver")
    goes_on: bool = Field(False, description="a server logs this and goes on without what it names (Triton's "
                                             "pinned memory pool): beside a line that only warns that the "
                                             "container has no driver (the CUDA images' banner) it is no failure "
                                             "of the start; an error of the same class that does not go on is then "
                                             "the missing GPU's")
    demote_on_level: bool = Field(True, description="a match on a WARNING/INFO log line is a warning")
    late_is_consequence: bool = Field(False, description="after another cause's first line, a match is a "
                                                         "consequence of it (a launcher killing its children)")
    quotes_cause: list[str] = Field(default_factory=list, description="a wrapper's lines that quote the cause they "
                                    "wrap (\"Worker failed with error '...'\"), the cause's own words in the group "
                                    "'cause' where the pattern has one: those words are read for a class; a start "
                                    "seen only through wrappers none of whose lines quote one says it failed, not "
                                    "why (incomplete)")
    explains_below: list[str] = Field(default_factory=list, description="ids of error signatures that this line "
                                      "explains when all their lines sit just below it: a banner that says the "
                                      "container runs anyway and quotes the error that made it choose that mode "
                                      "(the NGC banner's minor version compatibility and its error 804), or a "
                                      "failure restated below its own line in words that alone read as another "
                                      "(Slurm's memory refusal, then 'Requested node configuration is not available')")
    message_below: int = Field(0, ge=0, le=5, description="a header whose message is printed on the next lines "
                               "(pydantic's 'N validation error for ModelConfig'): when a wrapper's line (role "
                               "consequence), indented as a message is, sits within this many lines below every one "
                               "of its lines, the header "
                               "says no more than that wrapper and is read as one; 0: not a header")
    wrapper_says: str = Field("", description="for a wrapper (role consequence) that ends a start showing no "
                              "cause: what its line means, in place of 'says the start failed but not why', with "
                              "{line} and {text} for the line's number and words (KeyboardInterrupt: someone "
                              "stopped the process from its terminal)")
    before_the_server: bool = Field(False, description="a failure that stops a start before the server's "
                                    "process runs (an image that could not be pulled): a line that names an "
                                    "inference server after all its lines shows that something started after it "
                                    "(a wrapper script that logged it as a warning and went on), so it did not "
                                    "end that start")
    any_program: bool = Field(False, description="a wrapper (role consequence) that any program prints, no "
                              "server's own (Open MPI's init banner, ONNX Runtime's EP banner): in a text with no "
                              "line of a server at all it says some program failed, not that a server's start did")
    degraded_start: bool = Field(False, description="the server goes on in a fallback mode (a default chat "
                                                    "template instead of the model's): a later ready line "
                                                    "does not make the start healthy")
    waits: bool = Field(False, description="a wait, not yet a failure (a scheduler that has not placed the "
                        "replica: Ray Serve's 'taken more than 30s to be scheduled', an autoscaler still adding "
                        "a node): a later ready line shows it ended, whatever its class (a GPU that never came "
                        "stays a failure)")

    @field_validator("patterns", "quotes_cause")
    @classmethod
    def _compilable(cls, value: list[str], info: ValidationInfo) -> list[str]:
        if info.context and info.context.get("built_in"):
            return value        # shipped patterns: the test suite compiles every one of them
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"pattern {pattern!r} does not compile: {exc}") from exc
        return value

    @field_validator("wrapper_says")
    @classmethod
    def _formattable(cls, value: str) -> str:
        return wrapper_words(value)


class SignatureFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = FILE_SCHEMA_VERSION
    description: str = ""
    signatures: list[Signature]


class Compiled:
    """Signatures ready for matching: one regex per signature, in priority order."""

    def __init__(self, signatures: list[Signature]) -> None:
        self.signatures = signatures
        self.regexes = _Regexes(signatures)
        self.keywords = sorted({k for s in signatures for k in s.keywords})
        # the ids that carry each decision flag, read by the engine on every diagnosis
        self.soft = frozenset(s.id for s in signatures if s.soft)
        self.gpu_ok = frozenset(s.id for s in signatures if s.gpu_ok)
        self.late = frozenset(s.id for s in signatures if s.late_is_consequence)
        self.no_driver = frozenset(s.id for s in signatures if s.no_driver)
        self.goes_on = frozenset(s.id for s in signatures if s.goes_on)
        self.degraded = frozenset(s.id for s in signatures if s.degraded_start)
        self.waits = frozenset(s.id for s in signatures if s.waits)
        self.before_server = frozenset(s.id for s in signatures if s.before_the_server)
        self.explains = {s.id: frozenset(s.explains_below) for s in signatures if s.explains_below}
        self.headers = {s.id: s.message_below for s in signatures if s.message_below}
        self.quotes_cause = {s.id: [re.compile(p) for p in s.quotes_cause]
                             for s in signatures if s.quotes_cause}
        self._index = {s.id: i for i, s in enumerate(signatures)}

    def quoted_cause(self, signature: str, text: str) -> str | None:
        """The cause a wrapper's line quotes (its pattern's group 'cause', else the whole match), or
        None when ``signature`` quotes none or ``text`` is not such a line."""
        for regex in self.quotes_cause.get(signature, ()):
            m = regex.search(text)
            if m:
                return m.group("cause") if "cause" in regex.groupindex else m.group(0)
        return None

    def starts_at(self, signature: str, text: str) -> int | None:
        """Where ``signature``'s own pattern first matches in ``text`` (None when it does not)."""
        index = self._index.get(signature)
        if index is None:
            return None
        m = self.regexes[index].search(text)
        return m.start() if m else None

    def get(self, signature: str) -> Signature | None:
        """The signature with this id."""
        index = self._index.get(signature)
        return None if index is None else self.signatures[index]

    def __len__(self) -> int:
        return len(self.signatures)

    def match(self, text: str) -> Signature | None:
        """The first signature (in priority order) whose pattern occurs in ``text``.

        A signature's regex runs only when one of its literal keywords is in the line, which
        keeps a line's cost at a few substring tests for the usual no-match case.
        """
        for sig, regex in zip(self.signatures, self.regexes, strict=True):
            if any(k in text for k in sig.keywords) and regex.search(text):
                return sig
        return None

    def grep_patterns(self) -> list[str]:
        return [p for s in self.signatures for p in s.patterns]


class _Regexes:
    """Each signature's Python regex, compiled when a line first needs it: Hyperscan flags the
    candidates, so a run compiles the few it confirms, not all of them (a quarter of a second
    of every run's start-up)."""

    def __init__(self, signatures: list[Signature]) -> None:
        self._patterns = [tuple(s.patterns) for s in signatures]

    def __getitem__(self, index: int) -> re.Pattern[str]:
        return _joined(self._patterns[index])       # compiled once per process (lru_cache)

    def __len__(self) -> int:
        return len(self._patterns)

    def __iter__(self):
        return (self[i] for i in range(len(self._patterns)))


@lru_cache(maxsize=4096)
def _joined(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One regex per signature, compiled once per process (more patterns than ``re``'s own cache)."""
    return re.compile("|".join(f"(?:{p})" for p in patterns))


def _parse(text: str, origin: str, built_in: bool = False) -> list[Signature]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise KnowledgeError(f"{origin}: not valid JSON ({exc})") from exc
    try:
        parsed = SignatureFile.model_validate(data, context={"built_in": built_in})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise KnowledgeError(f"{origin}: invalid signature file at {where}: {first['msg']}") from exc
    if parsed.schema_version > FILE_SCHEMA_VERSION:
        raise KnowledgeError(f"{origin}: schema_version {parsed.schema_version} is newer than "
                             f"this servecheck understands ({FILE_SCHEMA_VERSION})")
    return parsed.signatures


def builtin() -> list[Signature]:
    """All built-in signatures, files in name order, entries in file order."""
    return list(_builtin())


@lru_cache(maxsize=1)
def _builtin() -> tuple[Signature, ...]:
    """Parsed once per process: signatures are frozen (user files' patterns are compiled when
    validated; the shipped ones when a line needs them)."""
    root = resources.files(BUILTIN_PACKAGE)
    out: list[Signature] = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out.extend(_parse(entry.read_text(encoding="utf-8"), f"built-in {entry.name}", built_in=True))
    return tuple(out)


def from_file(path: Path) -> list[Signature]:
    from servecheck.errors import InputError
    from servecheck.fsutil import read_regular

    try:
        # A regular file of bounded size only: a FIFO or /dev/zero named here must not hang.
        text = read_regular(path, max_bytes=MAX_SIGNATURE_BYTES).decode("utf-8")
    except InputError as exc:
        raise KnowledgeError(f"signature file refused: {exc}") from exc
    except OSError as exc:
        raise KnowledgeError(f"cannot read signature file {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise KnowledgeError(f"signature file {path} is not UTF-8") from exc
    return _parse(text, str(path))


def load(extra: list[Path] | None = None) -> Compiled:
    """User files first (they win on a shared line), then the built-ins; ids must be unique."""
    if not extra:
        return _builtin_compiled()
    return _compiled(extra)


@lru_cache(maxsize=1)
def _builtin_compiled() -> Compiled:
    """The built-ins alone, made ready once per process: nothing changes a Compiled after it is
    made, and the databases' memos (hsdb) know a signature list by its identity, so every
    diagnosis of a run (a corpus, a fleet's hosts) reuses the same one."""
    return _compiled(None)


def _compiled(extra: list[Path] | None) -> Compiled:
    sigs: list[Signature] = []
    for path in extra or []:
        sigs.extend(from_file(path))
    user_ids = {s.id for s in sigs}
    sigs.extend(s for s in builtin() if s.id not in user_ids)
    seen: set[str] = set()
    for s in sigs:
        if s.id in seen:
            raise KnowledgeError(f"signature id {s.id!r} is defined twice")
        seen.add(s.id)
    return Compiled(sigs)
