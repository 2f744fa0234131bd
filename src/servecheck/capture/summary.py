"""The short, readable capture summary (terminal). Rendered from the saved evidence only."""

from __future__ import annotations

from typing import Any

from servecheck.capture.models import Evidence

_STYLE = {"ok": "green", "missing": "yellow", "skipped": "dim", "timeout": "red", "error": "red"}


def facts_rows(ev: Evidence) -> list[tuple[str, str]]:
    gpus = ev.gpu.gpus
    gpu_names = sorted({g.name or "?" for g in gpus})
    ccs = sorted({g.compute_capability for g in gpus if g.compute_capability})
    state = ev.container.state
    rows = [
        ("host", ev.host.hostname or "unknown"),
        ("driver", _join(ev.gpu.driver_version, ev.gpu.driver_branch and f"({ev.gpu.driver_branch})",
                         ev.gpu.cuda_version and f"reports CUDA {ev.gpu.cuda_version}") or
         (ev.gpu.smi_error or "unknown")),
        ("GPUs", f"{len(gpus)} x {', '.join(gpu_names)}" + (f" (CC {', '.join(ccs)})" if ccs else "")
         if gpus else _no_gpus(ev)),
        ("other GPU workloads", str(len(ev.gpu.processes)) if ev.gpu.gpus else "unknown"),
        ("image", _join(ev.image.ref, ev.image.digest and f"@{ev.image.digest[:19]}…") or
         _asked(ev, "image of container ", "container", "image of container ") or
         _asked(ev, "image ", "image") or "not given"),
        ("image CUDA build", _join(ev.image.cuda_version and f"CUDA_VERSION={ev.image.cuda_version}",
                                   ev.image.require_cuda and f"requires {ev.image.require_cuda.split()[0]}")
         or "unknown"),
        ("vLLM", _join(ev.vllm.version, ev.vllm.source and f"(from {ev.vllm.source})") or "unknown"),
        ("container", _join(ev.container.name, state.status,
                            state.exit_code is not None and f"exit {state.exit_code}",
                            state.oom_killed and "OOMKilled") or _asked(ev, "container ", "container")
         or "not given"),
        ("start command", " ".join(ev.container.command or []) or "not recorded"),
        ("log", f"{ev.log.total_lines} lines, {len(ev.log.relevant)} relevant kept"
         + (f", read as {ev.log.read_as}" if ev.log.read_as else "")
         if ev.log.total_lines else
         # an empty log is named in ``missing`` too (nothing to judge), but it was read: said empty first
         (f"{ev.log.source}: empty (read to its end, 0 bytes: nothing in it to judge)" if ev.empty_log() else None)
         or _asked(ev, "logs of container ", "container", "logs of container ")
         or _asked(ev, "log ", "log")
         or "none"),
        ("redacted", ", ".join(f"{k}: {v}" for k, v in sorted(ev.redactions.items())) or "nothing found"),
    ]
    return rows


def _no_gpus(ev: Evidence) -> str:
    """No GPU in the evidence: none found only when the GPU probe read the host; otherwise that
    it could not (nvidia-smi missing, failed or hung), with what it said."""
    probe = next((p for p in ev.probes if p.name == "gpu"), None)
    if probe is not None and probe.status == "ok":
        return "none found"
    why = ev.gpu.smi_error or (probe.error if probe is not None else None) or "the GPU probe did not run"
    return f"unknown ({why[:120]})"


# What a failed probe's message means, in the words an operator acts on (first match wins).
_WHY = (
    ("Cannot connect to the Docker daemon", "docker daemon not reachable"),
    ("Cannot connect to Podman", "podman service not reachable"),
    ("permission denied", "no permission on the engine's socket"),
    ("No such container", "no such container"),
    ("No such image", "no such image"),
    ("No such object", "no such container or image"),
    (": not found", "the container engine is not installed"),
    ("timed out", "timed out"),
)


def _asked(ev: Evidence, prefix: str, probe: str, label: str = "") -> str | None:
    """For something the user asked for (``ev.missing``) that was not read: "NAME: could not be
    read (why)", instead of "not given" or "none"."""
    entry = next((m for m in ev.missing if m.startswith(prefix)), None)
    if entry is None:
        return None
    record = next((p for p in ev.probes if p.name == probe), None)
    error = (record.error or record.status) if record is not None else "not probed"
    why = next((say for needle, say in _WHY if needle.lower() in error.lower()), error[:80])
    return f"{label}{entry[len(prefix):]}: could not be read ({why})"


def _join(*parts: Any) -> str:
    return " ".join(str(p) for p in parts if p)


def render(ev: Evidence, bundle: str) -> Any:
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table

    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column(overflow="fold")
    for key, value in facts_rows(ev):
        facts.add_row(key, escape(value))
    probes = Table(title="probes", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("probe", "status", "time", "detail"):
        probes.add_column(col, overflow="fold")
    for p in ev.probes:
        probes.add_row(p.name, f"[{_STYLE.get(p.status, '')}]{p.status}[/]", f"{p.duration_s:.2f}s",
                       escape((p.error or "")[:160]))
    return Group(f"[bold]bundle[/bold] {bundle}", facts, probes)
