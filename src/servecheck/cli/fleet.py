"""`servecheck fleet`: scan a cluster's nodes, judge an image or recipe on each, plan a driver rollout.

Exit codes: 0 every node judged (matrix: every node runs); 1 matrix: some node needs a driver or
has an unsupported GPU; 2 usage or input error; 3 something could not be judged (a node without
facts, an unreachable host or cluster, an empty input): never reported as `runs`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import click


def source_options(fn: Any) -> Any:
    options = [
        click.option("--kubernetes", is_flag=True, help="Nodes from the Kubernetes API (read-only; needs the fleet extra)."),
        click.option("--kubeconfig", type=click.Path(path_type=Path), help="Kubeconfig file (default: $KUBECONFIG or ~/.kube/config)."),
        click.option("--context", help="Kubeconfig context."),
        click.option("--selector", "-l", help="Label selector, e.g. nvidia.com/gpu.present=true."),
        click.option("--kube-nodes", metavar="FILE|-", help="A saved `kubectl get nodes -o json`."),
        click.option("--bundles", multiple=True, type=click.Path(path_type=Path), metavar="DIR",
                     help="Capture bundle, or a folder of bundles (repeatable)."),
        click.option("--ssh", type=click.Path(path_type=Path), metavar="INVENTORY",
                     help="Ansible-style INI/YAML inventory: run servecheck capture on each host over SSH."),
        click.option("--ssh-out", type=click.Path(path_type=Path), help="Where --ssh keeps the bundles it brings back."),
        click.option("--known-hosts", type=click.Path(path_type=Path), help="known_hosts for --ssh (default: the user's)."),
        click.option("--ssh-key", type=click.Path(path_type=Path), help="Private key for --ssh."),
        click.option("--remote-servecheck", default="servecheck", show_default=True, help="servecheck on the remote hosts."),
        click.option("--concurrency", type=click.IntRange(1, 512), default=16, show_default=True, help="--ssh hosts at once."),
        click.option("--host-timeout", type=click.FloatRange(1, 3600), default=120.0, show_default=True,
                     help="Seconds per --ssh host (connect + capture)."),
        click.option("--slurm", is_flag=True, help="Add Slurm's node records (partitions as pools, drained nodes)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _source(kw: dict[str, Any]) -> Any:
    from servecheck.fleet.api import SourceArgs, scan

    args = SourceArgs(kubernetes=kw.pop("kubernetes"), kubeconfig=kw.pop("kubeconfig"), context=kw.pop("context"),
                      selector=kw.pop("selector"), kube_nodes=kw.pop("kube_nodes"), bundles=list(kw.pop("bundles")),
                      ssh=kw.pop("ssh"), ssh_out=kw.pop("ssh_out"), known_hosts=kw.pop("known_hosts"),
                      ssh_key=kw.pop("ssh_key"), remote_servecheck=kw.pop("remote_servecheck"),
                      concurrency=kw.pop("concurrency"), host_timeout_s=kw.pop("host_timeout"), slurm=kw.pop("slurm"))
    return scan(args)


def _print(parts: list[Any]) -> None:
    from rich.console import Console

    console = Console()
    for part in parts:
        console.print(part)


def _record(case: str | None, store: Path | None, payload: dict[str, Any], what: str) -> None:
    if not case:
        return
    from servecheck.store import attach_result

    run_id = attach_result(case, "fleet", payload, store_path=store)
    click.echo(f"{what} recorded in case {case} as run {run_id}", err=True)


@click.group()
def fleet() -> None:
    """Which nodes can run an image or recipe, and a node-by-node driver rollout plan.

    \b
    Sources: --kubernetes | --kube-nodes FILE | --bundles DIR... | --ssh INVENTORY
    Exit: 0 all judged (matrix: all run), 1 some node needs a driver or has an unsupported GPU,
          2 usage or input error, 3 something could not be judged (never counted as runs).
    """


@fleet.command()
@source_options
@click.option("--json", "as_json", is_flag=True, help="Print the scan as JSON.")
def scan(as_json: bool, **kw: Any) -> int:
    """Read every node's driver, CUDA, GPU and upgrade state from the chosen source."""
    result = _source(kw)
    if as_json:
        from servecheck.fleet.render import to_json

        click.echo(to_json(result))
    else:
        from servecheck.fleet.render import scan_view

        _print(scan_view(result))
    return 3 if any(n.status != "ok" for n in result.nodes) else 0


@fleet.command()
@source_options
@click.option("--image", metavar="REF", help="Image ref; its CUDA build is read from the tag (cuNNN, vLLM tags).")
@click.option("--cuda", metavar="X.Y", help="The image's CUDA version (with --image: when its tag does not name it).")
@click.option("--recipe", metavar="NAME", help="A deployment recipe (kimi-k3, generic-vllm).")
@click.option("--require-cuda", metavar="EXPR", help="The image's NVIDIA_REQUIRE_CUDA, if known.")
@click.option("--as-of", type=click.DateTime(["%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M:%S"]),
              help="Judge label age against this time (default now), e.g. for a saved node list.")
@click.option("--max-label-age", type=click.IntRange(min=60), default=3600, show_default=True,
              help="Seconds after which GFD labels count as stale.")
@click.option("--json", "as_json", is_flag=True, help='Print {"nodes": [...], "counts": {...}} as JSON.')
@click.option("--html", type=click.Path(path_type=Path), help="Also write a self-contained HTML page.")
@click.option("--case", help="Record the matrix in this case.")
@click.option("--store", type=click.Path(path_type=Path), help="Case store (default $SERVECHECK_STORE).")
def matrix(image, cuda, recipe, require_cuda, as_of, max_label_age, as_json, html, case, store, **kw) -> int:
    """Node x image/recipe verdicts: runs, runs_with_conditions, needs_driver, unsupported_gpu, unknown."""
    from servecheck.errors import UsageError
    from servecheck.fleet.matrix import build_matrix, resolve_target
    from servecheck.fleet.models import Target

    if recipe and (image or cuda) or not (image or cuda or recipe):
        raise UsageError("give --recipe NAME, or --image REF and/or --cuda X.Y (the image's CUDA build)")
    if recipe:
        from servecheck.knowledge.recipes import load_recipe

        load_recipe(recipe)  # an unknown name is a usage error before any node is read
    target = Target(image=image, cuda=cuda, recipe=recipe, require_cuda=require_cuda)
    resolve_target(target)  # an image without a known CUDA build is refused before any node is read
    _check_outputs(html)
    result = build_matrix(_source(kw), target, as_of=_aware(as_of), max_label_age_s=max_label_age)
    _emit(result, None, as_json, html)
    _record(case, store, result.model_dump(mode="json"), "matrix")
    verdicts = result.counts.by_verdict
    if verdicts["needs_driver"] or verdicts["unsupported_gpu"]:
        return 1
    return 3 if verdicts["unknown"] else 0


@fleet.command()
@source_options
@click.option("--to-branch", required=True, metavar="rNNN", help="Target driver branch, e.g. r580.")
@click.option("--to-version", metavar="VERSION", help="Full driver version for the NVIDIADriver CR, e.g. 580.95.05.")
@click.option("--max-unavailable", type=click.IntRange(min=1), default=1, show_default=True,
              help="Most nodes out of service at once (per batch).")
@click.option("--engine", type=click.Choice(["gpu-operator", "kubectl", "slurm", "ansible"]),
              help="Commands for this engine (default: from the source).")
@click.option("--json", "as_json", is_flag=True, help="Print the plan as JSON.")
@click.option("--html", type=click.Path(path_type=Path), help="Also write a self-contained HTML page.")
@click.option("--case", help="Record the plan in this case.")
@click.option("--store", type=click.Path(path_type=Path), help="Case store (default $SERVECHECK_STORE).")
def rollout(to_branch, to_version, max_unavailable, engine, as_json, html, case, store, **kw) -> int:
    """Plan a node-by-node driver upgrade: canary, batches, gates, rollback. Prints; executes nothing."""
    from servecheck.fleet.rollout import plan_rollout

    inventory = str(kw["ssh"]) if kw.get("ssh") else None
    _check_outputs(html)
    plan = plan_rollout(_source(kw), to_branch, max_unavailable, engine, to_version, inventory)
    _emit(None, plan, as_json, html)
    _record(case, store, plan.model_dump(mode="json"), "rollout plan")
    return 3 if plan.unknown else 0


@fleet.command()
@click.option("--kubernetes", "kind", flag_value="kubernetes", help="Print a DaemonSet for every GPU node.")
@click.option("--slurm", "kind", flag_value="slurm", help="Print the srun line and a batch script.")
@click.option("--image", metavar="REF", help="The servecheck container image (--kubernetes).")
@click.option("--namespace", default="servecheck", show_default=True,
              help="Namespace of the DaemonSet (--kubernetes).")
@click.option("--nodes", "-N", type=click.IntRange(min=1), help="Node count (--slurm).")
@click.option("--nodelist", "-w", help="Slurm node list (--slurm).")
@click.option("--partition", "-p", help="Slurm partition (--slurm).")
@click.option("--out", default="servecheck-bundles", show_default=True, help="Bundle folder on a shared filesystem (--slurm).")
def manifest(kind, image, namespace, nodes, nodelist, partition, out) -> int:
    """Print the runner that gathers one capture bundle per node with the site's own engine."""
    from servecheck.errors import UsageError
    from servecheck.fleet import manifests

    if kind == "kubernetes":
        click.echo(manifests.kubernetes_daemonset(image, namespace), nl=False)
    elif kind == "slurm":
        if not (nodes or nodelist):
            raise UsageError("--slurm needs --nodes N or --nodelist LIST")
        click.echo("# one line:\n" + manifests.slurm_srun(nodes, nodelist, out, partition))
        click.echo("# or as a batch script (sbatch FILE):\n" + manifests.slurm_batch(nodes, nodelist, out, partition),
                   nl=False)
    else:
        raise UsageError("give --kubernetes or --slurm (for SSH, `fleet scan --ssh INVENTORY` runs capture itself)")
    return 0


def _aware(when: datetime | None) -> datetime | None:
    from datetime import UTC

    return when.replace(tzinfo=UTC) if when is not None and when.tzinfo is None else when


def _check_outputs(*paths: Path | None) -> None:
    """Refuse a directory, device, FIFO or symlink as an output before any work is done."""
    from servecheck.fsutil import check_output_path

    for path in paths:
        if path is not None:
            check_output_path(path)


def _emit(matrix: Any, plan: Any, as_json: bool, html: Path | None) -> None:
    from servecheck.fleet import render

    if as_json:
        click.echo(render.matrix_json(matrix) if matrix is not None else render.to_json(plan))
    else:
        _print(render.matrix_view(matrix) if matrix is not None else render.rollout_view(plan))
    if html is not None:
        from servecheck.fsutil import write_output

        write_output(html, render.html_page(matrix, plan))
        click.echo(f"HTML written to {html}", err=True)
