"""vLLM installed in this Python environment, from package metadata (never imported: importing
vllm pulls in torch and initialises CUDA, which is exactly what may be broken)."""

from __future__ import annotations

from importlib import metadata

from servecheck.capture.probe import ProbeContext, ProbeFailed

NAME = "vllm_package"
DESCRIPTION = "vLLM version from package metadata in this environment"


def collect(ctx: ProbeContext) -> None:
    try:
        dist = metadata.distribution("vllm")
    except metadata.PackageNotFoundError as exc:
        raise ProbeFailed("missing", "vllm is not installed in this Python environment") from exc
    direct = dist.read_text("direct_url.json")
    ctx.set("vllm_package", version=dist.version, source="package metadata",
            direct_url=direct)
