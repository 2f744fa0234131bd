"""`servecheck comm`: read nccl-tests output (--from) or run the tests through a launcher (run).

Exit codes: 0 every test passed; 1 a test failed or was slow (or the all-to-all backend does
not fit); 3 something could not be judged (empty, truncated, not nccl-tests output, a fact
missing for the expectation); 2 usage or input error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from servecheck.cli.case import attach_and_say, case_option

_TOPOLOGY = click.option("--topology", "topology_files", multiple=True, type=click.Path(path_type=Path),
                         help="ibstat / ibv_devinfo -v / nvidia-smi topo -m output, or a capture bundle; repeatable.")
_RECIPE = click.option("--recipe", default=None, help="Check this recipe's all-to-all backend (e.g. kimi-k3).")
_BACKEND = click.option("--all2all-backend", "backend", default=None,
                        help="The --all2all-backend the deployment uses (checked against the topology).")
_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
_OUT = click.option("--out", type=click.Path(path_type=Path, dir_okay=False), help="Also save the JSON here.")


def exit_code(result: Any) -> int:
    overall = result.overall
    if overall in ("fail", "slow"):
        return 1
    return 3 if overall == "unknown" else 0


def _check_out(out: Path | None) -> None:
    """A directory, device, FIFO or symlink as --out is refused before the work, not after."""
    if out is not None:
        from servecheck.fsutil import check_output_path

        check_output_path(out)


def finish(result: Any, as_json: bool, out: Path | None, case_id: str | None, store_path: Path | None) -> int:
    data = result.model_dump(mode="json")
    if out is not None:
        from servecheck.fsutil import write_output

        write_output(out, json.dumps(data, indent=2) + "\n")
    attach_and_say(case_id, store_path, "comm", data, out)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        from rich.console import Console

        from servecheck.comm.render import render

        render(result, Console())
    return exit_code(result)


@click.group(invoke_without_command=True)
@click.option("--from", "sources", multiple=True, metavar="FILE",
              help="nccl-tests output / NCCL log (plain, mpirun --tag-output, srun -l, kubectl logs); - for stdin.")
@_TOPOLOGY
@_RECIPE
@_BACKEND
@_JSON
@_OUT
@case_option
@click.pass_context
def comm(ctx: click.Context, sources: tuple[str, ...], topology_files: tuple[Path, ...], recipe: str | None,
         backend: str | None, as_json: bool, out: Path | None, case_id: str | None,
         store_path: Path | None) -> int | None:
    """Prove cross-node communication: judge nccl-tests all_reduce / alltoall results.

    \b
    servecheck comm --from nccl.log --topology ibstat.txt
    servecheck comm run --launcher mpirun --nodes 2 --gpus-per-node 8 --host a --host b
    """
    if ctx.invoked_subcommand is not None:
        return None
    if not sources:
        from servecheck.errors import UsageError

        raise UsageError("comm needs --from FILE (nccl-tests output) or the `run` subcommand; see --help")
    from servecheck.comm.api import read

    _check_out(out)
    result = read(list(sources), list(topology_files), recipe, backend)
    return finish(result, as_json, out, case_id, store_path)


@comm.command("run")
@click.option("--launcher", type=click.Choice(["slurm", "mpirun", "torchrun", "kubernetes"]), required=True)
@click.option("--nodes", type=click.IntRange(1), default=2, show_default=True)
@click.option("--gpus-per-node", type=click.IntRange(1), default=8, show_default=True)
@click.option("--host", "hosts", multiple=True, help="Node name (repeat); mpirun --host / srun --nodelist.")
@click.option("--max-bytes", default="8G", show_default=True, help="Largest message (-e).")
@click.option("--min-bytes", default="8", show_default=True, help="Smallest message (-b).")
@click.option("--iters", type=click.IntRange(1), default=20, show_default=True)
@click.option("--op", "ops", multiple=True, type=click.Choice(["all_reduce", "alltoall"]),
              help="Test to run (default both).")
@click.option("--binary-dir", default="", help="Where all_reduce_perf lives (default: PATH).")
@click.option("--mpi-suffix", is_flag=True, help="Use the *_perf_mpi binary names.")
@click.option("--oversubscribe", is_flag=True, help="mpirun --oversubscribe (more ranks than slots; tests).")
@click.option("--srun-mpi", default="pmix", show_default=True, help="slurm: srun --mpi plugin.")
@click.option("--srun-no-gpus", is_flag=True, help="slurm: no --gpus-per-node (Slurm without GPU GRES).")
@click.option("--deadline", type=float, default=1800.0, show_default=True, help="Seconds for all tests together.")
@click.option("--image", default=None,
              help="kubernetes: an image with nccl-tests (built with MPI=1) and Open MPI; required there.")
@click.option("--endpoint", default="127.0.0.1:29500", show_default=True, help="torchrun rendezvous HOST:PORT.")
@click.option("--node-rank", type=click.IntRange(0), default=0, show_default=True, help="torchrun: this node's rank.")
@click.option("--out-dir", type=click.Path(path_type=Path, file_okay=False), default=Path("servecheck-comm"),
              show_default=True, help="Where the logs (and the torch script) go.")
@_TOPOLOGY
@_JSON
@_OUT
@case_option
def run_cmd(launcher: str, nodes: int, gpus_per_node: int, hosts: tuple[str, ...], max_bytes: str,
            min_bytes: str, iters: int, ops: tuple[str, ...], binary_dir: str, mpi_suffix: bool,
            oversubscribe: bool, srun_mpi: str, srun_no_gpus: bool, deadline: float, image: str | None, endpoint: str, node_rank: int, out_dir: Path,
            topology_files: tuple[Path, ...], as_json: bool, out: Path | None, case_id: str | None,
            store_path: Path | None) -> int:
    """Run all_reduce_perf and alltoall_perf through LAUNCHER with NCCL_DEBUG=INFO, then judge them.

    kubernetes prints an MPIJob manifest to apply yourself (servecheck never changes the cluster);
    torchrun writes and runs a short torch.distributed script for images without nccl-tests.
    """
    from servecheck.comm import launchers, runner

    _check_out(out)
    plan = launchers.Plan(nodes=nodes, gpus_per_node=gpus_per_node, hosts=hosts, min_bytes=min_bytes,
                          max_bytes=max_bytes, iters=iters, binary_dir=binary_dir,
                          binary_suffix="_mpi" if mpi_suffix else "", oversubscribe=oversubscribe,
                          srun_mpi=srun_mpi, srun_gpus=not srun_no_gpus)
    if launcher == "kubernetes":
        if not image:
            from servecheck.errors import UsageError

            raise UsageError("--launcher kubernetes needs --image: one with nccl-tests (MPI=1) and Open MPI")
        click.echo(launchers.kubernetes_manifest(plan, image), nl=False)
        return 0
    req = runner.RunRequest(launcher, plan, out_dir, deadline, tuple(ops) or launchers.OPS, endpoint, node_rank)
    result = runner.run_tests(req, list(topology_files))
    return finish(result, as_json, out, case_id, store_path)
