"""Evaluate an `NVIDIA_REQUIRE_CUDA` expression the way the NVIDIA Container Toolkit does.

Grammar (Container Toolkit docs, reference §9): space-separated alternatives are ORed,
comma-separated constraints inside one alternative are ANDed. Keys: `cuda` (the CUDA version the
driver reports), `driver` (driver version), `arch` (compute capability), `brand` (GPU brand).
Facts we do not have make a constraint *unknown*, so the answer is three-valued: True / False / None.

Sample: ``cuda>=13.0 brand=tesla,driver>=535,driver<536`` means "driver reports CUDA >= 13.0, or the
GPU brand is tesla and 535 <= driver < 536".
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

from servecheck.knowledge.versions import Version, parse_cc, parse_driver, parse_version

_CONSTRAINT = re.compile(r"^(cuda|driver|arch|brand)\s*(>=|<=|==|=|>|<)\s*([\w.\-]+)$", re.IGNORECASE)
_OPS: dict[str, Callable[[Version, Version], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "=": operator.eq, "==": operator.eq,
}


@dataclass(frozen=True)
class HostFacts:
    cuda: Version | None = None
    driver: Version | None = None
    cc: Version | None = None
    brand: str | None = None


@dataclass(frozen=True)
class RequireOutcome:
    satisfied: bool | None
    failed: list[str]     # constraints that are definitely false, in the first alternative that failed
    unknown: list[str]    # constraints we could not decide
    matched: str | None   # the alternative that held, if any
    malformed: list[str]  # tokens that are not constraints


def evaluate_require(expression: str, host: HostFacts) -> RequireOutcome:
    alternatives = [alt for alt in expression.split() if alt]
    failed: list[str] = []
    unknown: list[str] = []
    malformed: list[str] = []
    any_unknown = False
    for alternative in alternatives:
        results = []
        for constraint in alternative.split(","):
            outcome = _check(constraint.strip(), host)
            if outcome == "malformed":
                malformed.append(constraint)
                outcome = None
            results.append((constraint, outcome))
        if all(value is True for _, value in results):
            return RequireOutcome(True, [], [], alternative, malformed)
        if any(value is False for _, value in results):
            if not failed:
                failed = [c for c, value in results if value is False]
            continue
        any_unknown = True
        unknown.extend(c for c, value in results if value is None)
    satisfied = None if any_unknown or malformed or not alternatives else False
    return RequireOutcome(satisfied, failed, unknown, None, malformed)


def _check(constraint: str, host: HostFacts) -> bool | None | str:
    match = _CONSTRAINT.match(constraint)
    if not match:
        return "malformed"
    key, op, raw = match.group(1).lower(), match.group(2), match.group(3)
    if key == "brand":
        if host.brand is None:
            return None
        equal = host.brand.lower() == raw.lower()
        return equal if op in ("=", "==") else None
    have, want = _values(key, raw, host)
    if have is None or want is None:
        return None
    # Compare on the precision the constraint gives: driver<536 looks only at the major.
    return _OPS[op](have[: len(want)], want)


def _values(key: str, raw: str, host: HostFacts) -> tuple[Version | None, Version | None]:
    if key == "cuda":
        return host.cuda, parse_version(raw)
    if key == "driver":
        return host.driver, parse_driver(raw) or parse_version(raw)
    return host.cc, parse_cc(raw)
