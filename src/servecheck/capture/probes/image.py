"""The image: full reference, digest, created, architecture, CUDA env and labels.

With only ``--container`` given, the image is the one that container was started from.
"""

from __future__ import annotations

from servecheck.capture.parsers import docker
from servecheck.capture.probe import ProbeContext, ProbeFailed, require_ok
from servecheck.capture.probes.container_runtime import engine_for

NAME = "image"
DESCRIPTION = "image reference, tag, digest, CUDA_VERSION, NVIDIA_REQUIRE_CUDA, labels"


def collect(ctx: ProbeContext) -> None:
    ref = ctx.options.image
    engine = engine_for(ctx)
    if not ref and ctx.options.container:
        found = ctx.run([engine, "inspect", "--format", "{{.Config.Image}}", ctx.options.container])
        ref = found.stdout.strip() if found.ok else None
    if not ref:
        raise ProbeFailed("skipped", "no --image given")
    ctx.set("image", ref=ref, **dict(zip(("repository", "tag", "digest"), docker.split_ref(ref), strict=True)))
    result = require_ok(ctx.run([engine, "image", "inspect", ref], raw_name="image-inspect.json"))
    try:
        ctx.set("image", **docker.parse_image(docker.loads(result.stdout), ref))
    except docker.DockerParseError as exc:
        raise ProbeFailed("error", f"image inspect: {exc}") from exc
