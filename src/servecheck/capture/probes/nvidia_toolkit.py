"""NVIDIA Container Toolkit: its config, ``nvidia-container-cli info``, ``nvidia-ctk --version``
and CDI specs. The toolkit evaluates NVIDIA_REQUIRE_CUDA before a container starts (gate 1)."""

from __future__ import annotations

from servecheck.capture.probe import ProbeContext, ProbeFailed

NAME = "nvidia_toolkit"
DESCRIPTION = "toolkit config.toml, nvidia-container-cli info, nvidia-ctk version, CDI specs"

_CDI_DIRS = ("/etc/cdi", "/var/run/cdi")


def collect(ctx: ProbeContext) -> None:
    config = ctx.path("/etc/nvidia-container-runtime/config.toml")
    if config.is_file():
        text = config.read_text(errors="replace")
        ctx.raw["nvidia-container-runtime-config.toml"] = text
        ctx.set("runtime", toolkit_config=text)
    specs = []
    for d in _CDI_DIRS:
        folder = ctx.path(d)
        if folder.is_dir():
            for spec in sorted(folder.glob("*.y*ml")) + sorted(folder.glob("*.json")):
                specs.append(f"{d}/{spec.name}")
                ctx.raw[f"cdi-{spec.name}"] = spec.read_text(errors="replace")
    if specs:
        ctx.set("runtime", cdi_specs=specs)
    cli = ctx.run(["nvidia-container-cli", "info"], raw_name="nvidia-container-cli-info.txt")
    if cli.ok:
        ctx.set("runtime", nvidia_container_cli_info=cli.stdout)
    ctk = ctx.run(["nvidia-ctk", "--version"], raw_name="nvidia-ctk-version.txt")
    if ctk.ok:
        ctx.set("runtime", nvidia_ctk_version=ctk.stdout.strip().splitlines()[0] if ctk.stdout else None)
    if cli.status == "missing" and ctk.status == "missing" and not config.is_file():
        raise ProbeFailed("missing", "NVIDIA Container Toolkit not found (no nvidia-container-cli, "
                                     "no nvidia-ctk, no config.toml)")
    failed = [r for r in (cli, ctk) if r.status in ("error", "timeout")]
    if failed:
        raise ProbeFailed(failed[0].status, "; ".join(r.describe() for r in failed))
