"""The guard: while a driver/CUDA (or GPU-code) incompatibility stands, no advice to tune.

A later OOM, KV-cache, NCCL or configuration chain in the same log is usually a symptom of the
broken CUDA stack, or at least cannot be judged until it is fixed. Its own advice ("lower
--gpu-memory-utilization", "raise --tensor-parallel-size") is exactly the flag-turning that
destroys the evidence, so it is replaced by a deferral; the chain itself stays on record.
"""

from __future__ import annotations

import re

from servecheck.diagnose.models import Finding, Primary

# Causes below the application: while one stands, nothing above it can be judged.
# cuda_compat_shadowing is a driver conflict too (the loaded libcuda does not match the kernel
# driver): nothing above it can be judged until the compat path is gone.
BLOCKING_CLASSES = {"driver_too_old", "cuda_compat_shadowing", "gpu_arch_unsupported"}
# Chains whose advice is about tuning the server: deferred while a blocking cause stands.
DEFERRED_CLASSES = {"oom_weights", "kv_cache_insufficient", "model_config", "nccl_comm",
                    "shm_too_small", "other"}
# Any remaining step that names a tuning knob is deferred too.
_TUNING = re.compile(
    r"--(?:max-model-len|max-num-seqs|max-num-batched-tokens|gpu-memory-utilization|kv-cache-dtype|"
    r"tensor-parallel-size|pipeline-parallel-size|enforce-eager|block-size|swap-space|"
    r"cpu-offload-gb|quantization)|batch size|\bquanti[sz]",
    re.I,
)
DEFERRAL = ("Deferred while the driver/CUDA incompatibility stands: fix that first, then capture and "
            "diagnose again. Do not change memory, batch, cache or parallelism settings for this now.")
NOTE = "advice deferred: a driver/CUDA incompatibility is the primary cause"


def applies(primary: Primary | None, compat_verdict: str | None) -> bool:
    return primary is not None and (primary.cls in BLOCKING_CLASSES or compat_verdict == "incompatible")


def defer(finding: Finding) -> Finding:
    """The finding with tuning advice replaced by the deferral (in place; returned for chaining)."""
    if finding.cls in BLOCKING_CLASSES:
        return finding
    if finding.cls in DEFERRED_CLASSES or any(_TUNING.search(s) for s in finding.next_steps):
        finding.next_steps = [DEFERRAL]
        finding.note = finding.note or NOTE
    return finding


def apply(primary: Primary, findings: list[Finding]) -> None:
    for finding in [*findings, *primary.consequences]:
        defer(finding)
