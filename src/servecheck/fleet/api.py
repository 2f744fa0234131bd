"""One entry for every source, so the CLI and the demo choose a source the same way."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from servecheck.errors import UsageError
from servecheck.fleet.models import FleetScan


@dataclass
class SourceArgs:
    kubernetes: bool = False
    kubeconfig: Path | None = None
    context: str | None = None
    selector: str | None = None
    kube_nodes: str | None = None
    bundles: list[Path] = field(default_factory=list)
    ssh: Path | None = None
    ssh_out: Path | None = None
    known_hosts: Path | None = None
    ssh_key: Path | None = None
    remote_servecheck: str = "servecheck"
    concurrency: int = 16
    host_timeout_s: float = 120.0
    slurm: bool = False


def scan(args: SourceArgs) -> FleetScan:
    chosen = [name for name, on in (("--kubernetes", args.kubernetes), ("--kube-nodes", args.kube_nodes),
                                    ("--bundles", args.bundles), ("--ssh", args.ssh)) if on]
    if len(chosen) != 1:
        raise UsageError("give exactly one source: --kubernetes, --kube-nodes FILE, --bundles DIR... or --ssh INVENTORY"
                         + (f" (got {', '.join(chosen)})" if chosen else ""))
    result = _scan_one(args)
    if args.slurm:
        from servecheck.fleet.sources.slurm import merge_slurm, read_nodes

        result = merge_slurm(result, read_nodes())
    return result


def _scan_one(args: SourceArgs) -> FleetScan:
    if args.kubernetes:
        from servecheck.fleet.sources.kubeapi import scan_cluster

        return scan_cluster(args.kubeconfig, args.context, args.selector)
    if args.kube_nodes:
        from servecheck.fleet.sources.kubefile import scan_file

        return scan_file(args.kube_nodes)
    if args.bundles:
        from servecheck.fleet.sources.bundles import scan_bundles

        return scan_bundles(args.bundles)
    from servecheck.fleet.sources.inventory import load_inventory
    from servecheck.fleet.sources.ssh import scan_ssh

    assert args.ssh is not None
    out = args.ssh_out or Path("servecheck-fleet-bundles")
    return scan_ssh(load_inventory(args.ssh), out, args.known_hosts, args.ssh_key, args.remote_servecheck,
                    args.concurrency, args.host_timeout_s)
