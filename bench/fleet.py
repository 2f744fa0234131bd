"""Fleet scale: 5,000 nodes from labels (target < 5 s) and from capture bundles (target < 30 s).

Run: .venv/bin/python bench/fleet.py [--nodes 5000]
Inputs are generated in a temporary folder: a `kubectl get nodes -o json` list whose nodes carry
the full GFD / GPU Operator / NFD label set of the demo cluster (mixed r570/r575/r580, H100/H200/
GB300), and one capture bundle per node (the demo bundle's evidence.json with a node's host name,
driver and GPU). The baseline is `json.load` of the same input, the floor any reader pays; the
servecheck figure is scan + matrix (every node judged by the compat engine) for CUDA 13.0.
"""

from __future__ import annotations

import argparse
import copy
import json
import tempfile
import time
from pathlib import Path

from servecheck.fleet.matrix import build_matrix
from servecheck.fleet.models import Target
from servecheck.fleet.sources.bundles import scan_bundles
from servecheck.fleet.sources.kubefile import scan_file

ROOT = Path(__file__).parents[1]
DEMO_CLUSTER = ROOT / "src/servecheck/fleet/data/demo-cluster.json"
DEMO_BUNDLE = ROOT / "src/servecheck/capture/data/demo-r575-cu130"
DRIVERS = (("575.57.08", "12.9"), ("580.95.05", "13.0"), ("570.172.08", "12.8"))


def node_list(n: int, path: Path) -> None:
    templates = [t for t in json.loads(DEMO_CLUSTER.read_text())["items"]
                 if "nvidia.com/gpu.product" in t["metadata"]["labels"]]
    items = []
    for i in range(n):
        node = copy.deepcopy(templates[i % len(templates)])
        labels = node["metadata"]["labels"]
        node["metadata"]["name"] = labels["kubernetes.io/hostname"] = f"gpu-{i:05d}"
        labels["nvidia.com/gfd.timestamp"] = str(int(time.time()) - 60)  # fresh labels, as on a live cluster
        items.append(node)
    path.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))


def bundles(n: int, folder: Path) -> None:

    evidence = json.loads(_demo_evidence().read_text())
    gpus = ("NVIDIA H100 80GB HBM3", "NVIDIA H200", "NVIDIA GB300")
    for i in range(n):
        ev = copy.deepcopy(evidence)
        driver, cuda = DRIVERS[i % 3]
        ev["host"]["hostname"] = f"gpu-{i:05d}"
        ev["gpu"].update(driver_version=driver, cuda_version=cuda, driver_branch="r" + driver[:3])
        for gpu in ev["gpu"]["gpus"]:
            gpu["name"] = gpus[(i // 3) % 3]
        out = folder / f"gpu-{i:05d}"
        out.mkdir()
        (out / "evidence.json").write_text(json.dumps(ev))


def _demo_evidence() -> Path:
    cached = Path(tempfile.gettempdir()) / "servecheck-bench-fleet-evidence.json"
    if not cached.exists():
        import subprocess
        import sys

        out = Path(tempfile.mkdtemp()) / "b"
        subprocess.run([sys.executable, "-m", "servecheck", "capture", "--from", str(DEMO_BUNDLE), "--out", str(out)],
                       check=True, capture_output=True, timeout=120)
        cached.write_text((out / "evidence.json").read_text())
    return cached


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=5000)
    args = parser.parse_args()
    target = Target(cuda="13.0")
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "nodes.json"
        node_list(args.nodes, listing)
        base, _ = timed(lambda: json.load(open(listing)))
        took, matrix = timed(lambda: build_matrix(scan_file(str(listing)), target))
        print(f"labels : {args.nodes} nodes, {listing.stat().st_size / 1e6:.1f} MB | json.load {base:.2f} s | "
              f"scan+matrix {took:.2f} s ({took / base:.1f}x) | target < 5 s | counts {matrix.counts.by_verdict}")
        folder = Path(tmp) / "bundles"
        folder.mkdir()
        bundles(args.nodes, folder)
        files = sorted(folder.glob("*/evidence.json"))
        for f in files:  # warm the page cache once, so neither side pays the first disk read
            f.read_bytes()
        base, _ = timed(lambda: [json.load(open(f)) for f in files])
        took, matrix = timed(lambda: build_matrix(scan_bundles([folder]), target))
        print(f"bundles: {args.nodes} bundles | json.load each {base:.2f} s | scan+matrix {took:.2f} s "
              f"({took / base:.1f}x) | target < 30 s | counts {matrix.counts.by_verdict}")


if __name__ == "__main__":
    main()
