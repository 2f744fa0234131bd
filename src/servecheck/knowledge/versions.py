"""Version strings as comparable tuples: CUDA (13.0, 13.0.1), drivers (575.57.08), CC (9.0).

Parsers return ``None`` on garbage instead of raising: versions arrive from logs, image envs and
user flags, and an unreadable one is an *unknown* fact, not an error.
"""

from __future__ import annotations

import re

Version = tuple[int, ...]

_NUM = re.compile(r"^\s*v?(\d+(?:\.\d+){0,3})\s*$")
# A `cuNNN` token as used by PyTorch wheels (+cu130) and vLLM image tags (-cu130): the last digit
# is the minor, the rest the major (cu92 -> 9.2, cu118 -> 11.8, cu130 -> 13.0).
_CU_TOKEN = re.compile(r"(?:^|[^a-z0-9])cu(\d)(\d{1,2})(?![0-9a-z])", re.IGNORECASE)
_CU_SPLIT = re.compile(r"^(\d{1,2})(\d)$")
_DRIVER = re.compile(r"^\s*r?(\d{3})(?:\.(\d+))?(?:\.(\d+))?\s*$", re.IGNORECASE)


def parse_version(text: str | None) -> Version | None:
    """'13.0.1' -> (13, 0, 1); 'v12.8' -> (12, 8); garbage or None -> None."""
    if text is None:
        return None
    match = _NUM.match(str(text))
    if not match:
        return None
    return tuple(int(part) for part in match.group(1).split("."))


def cuda_minor(text: str | None) -> Version | None:
    """The (major, minor) of a CUDA version ('13.0.2' -> (13, 0)); a bare major is not enough."""
    version = parse_version(text)
    if version is None or len(version) < 2:
        return None
    return version[:2]


def fmt(version: Version | None) -> str:
    return "?" if version is None else ".".join(str(part) for part in version)


def fmt_branch(branch: str | None) -> str:
    """A driver branch as written in reasons ('r580' -> 'R580'); '?' when unknown, like fmt."""
    return "?" if branch is None else branch.upper()


def parse_cuda_from_tag(text: str | None) -> str | None:
    """The CUDA major.minor named by a `cuNNN` token: 'vllm/vllm-openai:v0.11.0-cu130' -> '13.0'.

    Works on image refs, wheel versions ('2.9.0+cu130') and index URLs. None without such a token.
    """
    if not text:
        return None
    match = _CU_TOKEN.search(text)
    if not match:
        return None
    digits = match.group(1) + match.group(2)
    split = _CU_SPLIT.match(digits)
    if not split:
        return None
    return f"{int(split.group(1))}.{split.group(2)}"


def parse_driver(text: str | None) -> Version | None:
    """'575.57.08' -> (575, 57, 8); 'r580' or '580' -> (580,); anything else -> None."""
    if text is None:
        return None
    match = _DRIVER.match(str(text))
    if not match:
        return None
    return tuple(int(part) for part in match.groups() if part is not None)


def driver_branch(text: str | None) -> str | None:
    """The driver branch of a driver version: '575.57.08' -> 'r575'; None when unreadable."""
    version = parse_driver(text)
    return None if version is None else f"r{version[0]}"


def branch_number(branch: str | None) -> int | None:
    """'r575' -> 575."""
    version = parse_driver(branch)
    return None if version is None else version[0]


def parse_cc(text: str | None) -> Version | None:
    """Compute capability: '9.0' -> (9, 0); 'sm_90' -> (9, 0); 'sm_100a' -> (10, 0); '12.0+PTX' -> (12, 0)."""
    if text is None:
        return None
    raw = str(text).strip().lower()
    sm = re.match(r"^(?:sm|compute)_(\d+?)(\d)[af]?$", raw)
    if sm:
        return int(sm.group(1)), int(sm.group(2))
    plain = re.match(r"^(\d+)\.(\d+)(?:\+ptx)?$", raw)
    if plain:
        return int(plain.group(1)), int(plain.group(2))
    return None


def at_least(version: Version, floor: Version) -> bool:
    """Numeric comparison where a shorter floor compares only the parts it has: (580, 65, 6) >= (580,)."""
    return version[: len(floor)] >= floor if len(version) >= len(floor) else version >= floor
