"""Let the layers settle what a log alone cannot: a driver error that is really cuda-compat
libraries shadowing a host driver that supports the image's CUDA.

Errors 803 ("unsupported display driver / cuda driver combination"), 804 ("forward compatibility
was attempted on non supported HW") and torch's "driver too old" read like an old host driver.
They also appear when the image's compat libcuda is loaded in front of a host driver that is new
enough (vLLM images from 0.15 register /usr/local/cuda/compat in the ldcache; vLLM issue 33447,
GPUStack issue 4678). The fix is the opposite of a driver upgrade, so the class differs:
``cuda_compat_shadowing``. The rule is data (``data/compat_shadowing.json``, sources inside):

- the primary is a driver conflict and every line of it comes from a trigger signature;
- the layers show a host driver whose CUDA is at least the image's (backward compatibility,
  not minor-version or forward compatibility: then compat libraries may be needed for real);
- the driver comes from the bundle (evidence.json, read on the host), or, for a bare log, the
  log itself also shows the compat libraries in front (LD_LIBRARY_PATH, the ldcache, vLLM's
  switch); on versions only, a log turns just error 803 (``log_versions``): it says the loaded
  libcuda is not the kernel driver's, and nvidia-smi's driver version is the kernel module's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from servecheck.diagnose.models import EvidenceLine, Finding, Layers, Primary

if TYPE_CHECKING:
    from servecheck.capture.models import Evidence

EVIDENCE_FILE = "evidence.json"
GUARD = ("While the compat libraries shadow the host driver, do NOT change --max-model-len, batch size, "
         "KV-cache or parallelism settings, and do not downgrade the image or upgrade the driver for "
         "this: the driver is new enough; the container loads the wrong libcuda.")
ADVICE = ("Take the compat libraries off the container's library path (next steps above), keep the driver "
          "and the image, then run the server again and diagnose the new log.")


LIB_VERSIONS = "compat.driver_lib_versions"
_LIB = re.compile(r"(lib(?:cuda|nvidia-ml))\.so\.([0-9]{3}\.[0-9]+(?:\.[0-9]+)?)")
KERNEL_DSO = "compat.kernel_dso_versions"
_KERNEL_DSO = re.compile(r"kernel version ([0-9]+(?:\.[0-9]+)*) does not match DSO version ([0-9]+(?:\.[0-9]+)*)")


@dataclass(frozen=True)
class Rule:
    triggers: frozenset[str]
    log_only: frozenset[str]
    env: tuple[tuple[str, re.Pattern[str], str], ...]
    log_signatures: frozenset[str]
    log_versions: frozenset[str]
    data: dict[str, Any]


@cache
def rule() -> Rule:
    text = resources.files("servecheck.diagnose").joinpath("data/compat_shadowing.json").read_text("utf-8")
    data = json.loads(text)
    env = tuple((e["name"], re.compile(e["pattern"]), e["says"]) for e in data["env"])
    return Rule(frozenset(data["triggers"]["signatures"]), frozenset(data["log_only"]["signatures"]), env,
                frozenset(data["log_signatures"]), frozenset(data.get("log_versions", {}).get("signatures", ())), data)


def _host_cuda_covers_image(layers: Layers, structured_driver: bool) -> str | None:
    """Why the host driver natively runs the image's CUDA, or None. The driver's own CUDA is
    taken from evidence.json only: inside a container with compat active, nvidia-smi and torch
    report the compat libcuda's version; the branch table gives it from the driver version."""
    image, driver = layers.image_cuda.value, layers.driver_version.value
    if not image or not driver:
        return None
    try:
        from servecheck.knowledge import compat
        from servecheck.knowledge.versions import cuda_minor
    except ImportError:
        return None
    driver_cuda = layers.driver_cuda.value if structured_driver and layers.driver_cuda.source == EVIDENCE_FILE else None
    result = compat.evaluate(image_cuda=image, driver_version=driver, driver_cuda=driver_cuda)
    gate = next((g for g in result.gates if g.id == "driver_runtime"), None)
    host, wanted = cuda_minor(result.facts.host_cuda or ""), cuda_minor(image)
    if gate is None or gate.status != "pass" or host is None or wanted is None or host < wanted:
        return None
    return (f"host driver {driver} ({layers.driver_version.source}) supports CUDA {result.facts.host_cuda} "
            f">= the image's CUDA {image} ({layers.image_cuda.source})")


def _env_indicators(evidence: Evidence | None) -> list[EvidenceLine]:
    if evidence is None:
        return []
    out = []
    for where, env in (("container env", evidence.container.env), ("image env", evidence.image.env),
                       ("host env", evidence.host.env)):
        for name, pattern, says in rule().env:
            value = env.get(name)
            if value and any(pattern.search(part) for part in [value, *value.split(":")]):
                out.append(EvidenceLine(line=0, text=f"{where}: {name}={value} ({says})"))
    return out


def _log_indicators(findings: list[Finding]) -> list[EvidenceLine]:
    out = [e for f in findings if f.signature in rule().log_signatures - {LIB_VERSIONS, KERNEL_DSO}
           for e in f.evidence[:2]]
    return out + _two_lib_versions(findings) + _older_dso(findings)


def _older_dso(findings: list[Finding]) -> list[EvidenceLine]:
    """A loaded libcuda (the DSO) older than the kernel driver, as TensorFlow/JAX name both: not
    the host driver's own library but a copy in the image. A newer one says nothing of the kind
    (a forward-compat package, or a driver upgraded without reloading its module: ``newer_dso``)."""
    return [e for _, e, kernel, dso in _kernel_dso(findings) if _version(dso) < _version(kernel)]


def _kernel_dso(findings: list[Finding]) -> Iterator[tuple[Finding, EvidenceLine, str, str]]:
    """Each line where TensorFlow/XLA name the kernel driver's version and the loaded libcuda's
    ("kernel version K does not match DSO version D"): its finding, the line, K and D."""
    for f in findings:
        if f.signature == KERNEL_DSO:
            for e in f.evidence:
                m = _KERNEL_DSO.search(e.text)
                if m is not None:
                    yield f, e, m.group(1), m.group(2)


def newer_dso(primary: Primary | None, findings: list[Finding]) -> Primary | None:
    """A libcuda newer than the kernel driver, as TensorFlow/JAX name both ("kernel version K does
    not match DSO version D -- cannot find working devices"), read by the branches
    (``kernel_dso_newer`` in the data): another branch is a kernel driver too old for the loaded
    libcuda (forward compatibility refused, or a host driver not yet loaded), the same branch an
    update whose module was not reloaded. Only where nothing named a cause (no primary, or a
    catch-all or no-GPU reading of the same failure); None otherwise."""
    if primary is not None and primary.cls not in ("other", "no_gpu_visible"):
        return None
    found = next(((f, e, kernel, dso) for f, e, kernel, dso in _kernel_dso(findings)
                  if _version(dso) > _version(kernel)), None)
    if found is None:
        return None
    f, e, kernel, dso = found
    data = rule().data["kernel_dso_newer"]
    case = data["same_branch"] if _version(dso)[:1] == _version(kernel)[:1] else data["other_branch"]
    fill = {"kernel": kernel, "dso": dso, "dso_branch": dso.split(".")[0]}
    return Primary(signature=KERNEL_DSO, cls=case["class"], layer=case["layer"], severity="fatal",
                   confidence=case["confidence"], first_line=e.line, count=f.count,
                   evidence=[e, EvidenceLine(line=0, text=case["says"].format(**fill))],
                   explanation=case["explanation"].format(**fill),
                   next_steps=[step.format(**fill) for step in case["next_steps"]],
                   references=list(data["references"]), signatures=[KERNEL_DSO], first_seen=e.line,
                   consequences=[primary] if primary is not None else [])


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x)


def _two_lib_versions(findings: list[Finding]) -> list[EvidenceLine]:
    """Two versions of the same driver library in one container: the image ships its own copy
    next to the host's injected one (libnvidia-ml.so.1 -> .525 beside .470)."""
    seen: dict[str, dict[str, EvidenceLine]] = {}
    for f in findings:
        if f.signature == LIB_VERSIONS:
            for e in f.evidence:
                for lib, version in _LIB.findall(e.text):
                    seen.setdefault(lib, {}).setdefault(version, e)
    return [e for versions in seen.values() if len(versions) > 1 for e in versions.values()]


def _layers_show_old_driver(layers: Layers) -> bool:
    """Both versions known and the driver does not natively run the image's CUDA."""
    if not layers.image_cuda.value or not layers.driver_version.value:
        return False
    return _host_cuda_covers_image(layers, layers.driver_version.source == EVIDENCE_FILE) is None


def judge(primary: Primary | None, findings: list[Finding], layers: Layers,
          evidence: Evidence | None) -> Primary | None:
    """The primary renamed ``cuda_compat_shadowing`` when the layers prove it, else None."""
    # NVML's driver/library mismatch is read as no_gpu_visible (module and libraries differ; the
    # driver is not too old), yet it is also what a shadowing copy of libnvidia-ml causes.
    if primary is None or primary.cls not in ("driver_too_old", "no_gpu_visible"):
        return None
    sigs = _signatures(primary)
    if not sigs <= rule().triggers | rule().log_only:
        return None
    structured = layers.driver_version.source == EVIDENCE_FILE
    shown = _env_indicators(evidence) + _log_indicators(findings)
    why = _host_cuda_covers_image(layers, structured) if sigs <= rule().triggers else None
    if why is not None and (structured or shown):
        return _rename(primary, why, shown, findings, 0.9 if shown else 0.8)
    if why is not None and sigs <= rule().log_versions:
        why += " (error 803: the loaded libcuda is not the host driver's; nvidia-smi in the log names the host driver)"
        return _rename(primary, why, shown, findings, rule().data["log_versions"]["confidence"])
    if sigs & rule().log_only and shown and not _layers_show_old_driver(layers):
        why = ("the log shows the image's driver library chosen before the host's; the layers do not show "
               "the host driver older than the image's CUDA (capture a bundle to confirm)")
        return _rename(primary, why, shown, findings, 0.7)
    return None


def _signatures(primary: Primary) -> set[str]:
    return set(primary.signatures or [primary.signature])


def unsettled(primary: Primary | None, layers: Layers) -> Primary | None:
    """A driver_too_old read from a bare driver error alone, with a lower confidence and the
    missing facts named (``unsettled`` in the data); None when the layers settle it or it is no
    such primary."""
    if primary is None or primary.cls != "driver_too_old":
        return None
    if not _signatures(primary) <= rule().triggers:
        return None
    missing = [name for name, fact in (("the host driver's version", layers.driver_version),
                                       ("the image's CUDA version", layers.image_cuda)) if not fact.value]
    if not missing:
        return None
    data = rule().data["unsettled"]
    out = primary.model_copy(deep=True)
    out.confidence = min(out.confidence, data["confidence"])
    says = data["says"].format(missing=" and ".join(missing), are="are" if len(missing) > 1 else "is")
    out.evidence = [*out.evidence, EvidenceLine(line=0, text=says)]
    out.next_steps = [data["next_step"], *out.next_steps]
    return out


def _rename(primary: Primary, why: str, shown: list[EvidenceLine], findings: list[Finding],
            confidence: float) -> Primary:
    data = rule().data
    out = primary.model_copy(deep=True)
    out.cls, out.layer = data["class"], data["layer"]
    out.signatures = ["layers.compat_shadowing", *(primary.signatures or [primary.signature])]
    out.signature = "layers.compat_shadowing"
    out.evidence = [*primary.evidence, EvidenceLine(line=0, text=why), *shown]
    out.explanation = data["explanation"]
    out.next_steps = list(data["next_steps"])
    out.references = list(dict.fromkeys([*data["references"], *primary.references]))
    out.confidence = confidence
    out.note = None if shown else ("no compat path seen in the bundle's env or the log: the ldcache entry "
                                   "of the image is the likely one (check `ldconfig -p | grep libcuda`)")
    for f in findings:
        if f.signature in rule().log_signatures:
            f.role = "primary"
    return out
