"""Layer facts read from log lines: the CUDA the image was built for, the driver, the GPU.

Each fact is a small declarative rule (keywords, regex, how to read the value). The first
occurrence wins: start-up banners come before the failure, and later lines (a pasted
``nvidia-smi`` from another machine, a retried import) are less trustworthy.

Examples of what is read::

    PyTorch version: 2.9.0+cu130                     -> torch 2.9.0+cu130, image CUDA 13.0
    | NVIDIA-SMI 575.57.08   Driver Version: 575.57.08   CUDA Version: 12.9 |
    ... is too old (found version 12080) ...         -> driver CUDA 12.8
    NCCL INFO cudaDriverVersion 12080                -> driver CUDA 12.8
    NVIDIA GeForce RTX 5090 with CUDA capability sm_120 ...  -> GPU, CC 12.0
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

_VER = r"([0-9]{3}\.[0-9]{1,3}(?:\.[0-9]{1,3})?)"


def _from_int(value: str) -> str:
    n = int(value)
    return f"{n // 1000}.{(n % 1000) // 10}"


def _from_cu(value: str) -> str:
    return f"{value[:-1]}.{value[-1]}"


def _from_sm(value: str) -> str:
    return f"{value[:-1]}.{value[-1]}"


@dataclass(frozen=True)
class FactRule:
    key: str
    keywords: tuple[str, ...]
    regex: re.Pattern[str]
    read: Callable[[str], str] = str
    group: int = 1


def _r(key: str, keywords: tuple[str, ...], pattern: str, read: Callable[[str], str] = str,
       group: int = 1) -> FactRule:
    return FactRule(key, keywords, re.compile(pattern), read, group)


RULES: list[FactRule] = [
    _r("vllm", ("server version", "LLM engine (v", "vLLM Version", "vllm version"),
       r"(?:vLLM (?:API )?server version|LLM engine \(v|vLLM Version\s*:|vllm version)\s*v?([0-9]+\.[0-9]+[\w.+-]*)"),
    _r("torch", ("torch", "PyTorch"),
       r"(?:PyTorch version:\s*|\btorch(?:==|\s+version:?\s*|\s+))([0-9]+\.[0-9]+(?:\.[0-9]+)?[\w.]*\+cu[0-9]{2,3})\b"),
    _r("image_cuda", ("torch", "PyTorch"),
       r"(?:PyTorch version:\s*|\btorch(?:==|\s+version:?\s*|\s+))[0-9]+\.[0-9]+(?:\.[0-9]+)?[\w.]*\+cu([0-9]{2,3})\b", _from_cu),
    _r("image_cuda", ("CUDA used to build PyTorch",), r"CUDA used to build PyTorch:\s*([0-9]+\.[0-9]+)"),
    _r("image_cuda", ("CUDA_VERSION=",), r"\bCUDA_VERSION=([0-9]+\.[0-9]+)"),
    _r("require_cuda", ("NVIDIA_REQUIRE_CUDA=",), r"NVIDIA_REQUIRE_CUDA=\"?(cuda\s*>=\s*[0-9.]+)"),
    _r("require_cuda", ("unsatisfied condition",), r"unsatisfied condition: (cuda ?>= ?[0-9]+\.[0-9]+)"),
    _r("driver_cuda", ("unsatisfied condition",), r"unsatisfied condition: [^(]*\(cuda=([0-9]+\.[0-9]+)\)"),
    _r("driver_version", ("Driver Version", "KMD Version"), r"(?:Driver|KMD) Version:\s*" + _VER),
    _r("driver_version", ("driver version:",), r"[Dd]river version:\s*" + _VER),
    _r("driver_version", ("NVIDIA-SMI ",), r"NVIDIA-SMI " + _VER),
    _r("driver_version", ("Kernel Module",), r"Kernel Module\s+" + _VER),
    _r("driver_version", ("was detected",), r"but version " + _VER + r" was detected"),
    _r("driver_version", ("kernel driver version",), r"kernel driver version " + _VER),
    _r("driver_cuda", ("CUDA Version", "CUDA UMD Version"), r"CUDA (?:UMD )?Version:\s*([0-9]+\.[0-9]+)"),
    _r("driver_cuda", ("found version",), r"found version ([0-9]{4,5})\b", _from_int),
    _r("driver_cuda", ("cudaDriverVersion",), r"cudaDriverVersion ([0-9]{4,5})\b", _from_int),
    _r("gpu_name", ("with CUDA capability",), r"((?:NVIDIA|Tesla|Quadro)[\w -]*?) with CUDA capability sm_[0-9]+"),
    _r("compute_capability", ("with CUDA capability",), r"with CUDA capability sm_([0-9]{2,3})", _from_sm),
    _r("compute_capability", ("has compute capability",), r"has compute capability ([0-9]+\.[0-9])"),
    _r("gpu_name", ("GPU 0:",), r"GPU 0: ((?:NVIDIA|Tesla|Quadro)[^(]*?)\s*(?:\(UUID|$)"),
    _r("gpu_name", ("NVIDIA", "Tesla"), r"^\|\s+0\s+((?:NVIDIA|Tesla)[\w -]*?[\w.])\s{2,}"),
    # torch's own capability check (torch/cuda/__init__.py, _check_capability): one warning over
    # three lines, read as two facts and judged together (``diagnose.capability``)
    _r("torch_gpu_cc", ("which is of cuda capability",), r"Found GPU[0-9]+ .+ which is of cuda capability ([0-9]+\.[0-9]+)"),
    _r("torch_gpu_name", ("which is of cuda capability",), r"Found GPU[0-9]+ (.+) which is of cuda capability [0-9]"),
    _r("torch_cc_range", (") - (",),
       r"^(?:.*supported by this version of PyTorch is)?\s*\(([0-9]+\.[0-9]+\) - \([0-9]+\.[0-9]+)\)\s*$",
       lambda v: v.replace(") - (", "-")),
    _r("image_ref", ("vllm/vllm-openai", "nvcr.io/", "lmsysorg/sglang", "nvidia/cuda:"),
       r"((?:docker\.io/)?vllm/vllm-openai(?:-[a-z]+)?:[\w.-]+|nvcr\.io/[\w./-]+:[\w.-]+|lmsysorg/sglang:[\w.-]+|nvidia/cuda:[\w.-]+)"),
]

# how much of a fact's line is kept with it (as evidence when a fact decides)
TEXT_CHARS = 400


@dataclass
class FactCollector:
    """First value per key, with the line it came from."""

    values: dict[str, tuple[str, int]] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)     # the line each value was read from

    def feed(self, text: str, line: int) -> None:
        for rule in RULES:
            if rule.key in self.values or not any(k in text for k in rule.keywords):
                continue
            m = rule.regex.search(text)
            if m:
                self.values[rule.key] = (rule.read(m.group(rule.group).strip()), line)
                self.texts[rule.key] = text[:TEXT_CHARS]

    def get(self, key: str) -> tuple[str, int] | None:
        return self.values.get(key)
