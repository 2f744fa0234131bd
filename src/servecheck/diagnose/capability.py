"""torch's capability check, judged: a GPU its build does not cover.

torch (2.7 on) checks each GPU's compute capability against the range its build covers and warns
over three lines, which no single line's signature can judge::

    Found GPU0 NVIDIA GeForce GTX 1080 which is of cuda capability 6.1.
    Minimum and Maximum cuda capability supported by this version of PyTorch is
    (7.5) - (12.0)

The facts (``facts.RULES``: ``torch_gpu_cc``, ``torch_cc_range``) are read line by line; this module
compares them. Below the minimum, or a major version above the maximum's, the build has no kernel
the GPU runs: ``gpu_arch_unsupported``. Above the maximum within its major version (a GB10, 12.1,
under a 12.0 build) the GPU runs the build's cubins and torch's warning is harmless. The rule and
its sources are data (``data/torch_capability.json``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from servecheck.diagnose.facts import FactCollector
from servecheck.diagnose.models import EvidenceLine, Primary
from servecheck.knowledge.versions import parse_cc


@cache
def _rule() -> dict[str, Any]:
    text = resources.files("servecheck.diagnose").joinpath("data/torch_capability.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def outside(cc: tuple[int, ...], low: tuple[int, ...], high: tuple[int, ...]) -> str | None:
    """Why a GPU of capability ``cc`` runs none of a build's kernels for ``low``..``high`` (a key
    of the rule's ``fails_when``), or None when it runs them."""
    if cc < low:
        return "below_min"
    if cc[0] > high[0]:
        return "major_above_max"
    return None


def judge(facts: FactCollector, redact) -> Primary | None:
    """The finding torch's capability warning proves, or None (no warning, the two lines too far
    apart to be one warning, or a GPU the build still runs)."""
    found, span = facts.get("torch_gpu_cc"), facts.get("torch_cc_range")
    if found is None or span is None:
        return None
    rule = _rule()
    if not 0 < span[1] - found[1] <= rule["max_lines_apart"]:
        return None
    low_text, _, high_text = span[0].partition("-")
    cc, low, high = parse_cc(found[0]), parse_cc(low_text), parse_cc(high_text)
    if cc is None or low is None or high is None or low > high:
        return None
    why = outside(cc, low, high)
    if why is None:
        return None
    name = facts.get("torch_gpu_name")
    gpu = name[0] if name is not None else "?"
    evidence = [EvidenceLine(line=found[1], text=redact(facts.texts.get("torch_gpu_cc", ""))),
                EvidenceLine(line=span[1], text=redact(facts.texts.get("torch_cc_range", "")))]
    return Primary(
        signature=rule["signature"], cls=rule["class"], layer=rule["layer"], severity="fatal",
        confidence=0.85, first_line=found[1], count=1, evidence=evidence,
        explanation=rule["explanation"].format(gpu=gpu, cc=found[0], min=low_text, max=high_text)
        + f" ({rule['fails_when'][why]})",
        next_steps=list(rule["next_steps"]), references=list(rule["references"]),
        signatures=[rule["signature"]], first_seen=found[1],
    )
