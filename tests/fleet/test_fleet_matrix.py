"""Matrix verdicts from the compat engine on the demo cluster (r570/r575/r580, H100/H200/GB300/V100)."""

from __future__ import annotations

import pytest

from servecheck.errors import UsageError
from servecheck.fleet.matrix import build_matrix
from servecheck.fleet.models import Target
from servecheck.fleet.sources.kubefile import scan_payload

from .conftest import AS_OF


@pytest.fixture
def scan(demo_nodes):
    return scan_payload(demo_nodes, "demo", "kube-nodes")


def by_name(matrix):
    return {n.name: n for n in matrix.nodes}


def test_cuda13_verdicts_per_node(scan):
    nodes = by_name(build_matrix(scan, Target(cuda="13.0"), as_of=AS_OF))
    assert nodes["h200-01"].verdict == "runs"
    assert nodes["gb300-01"].verdict == "runs"
    # r570 is a production branch: CUDA 13 through forward compatibility on a datacenter GPU
    assert nodes["h100-b-01"].verdict == "runs_with_conditions"
    assert any("cuda-compat-13-0" in c for c in nodes["h100-b-01"].conditions)
    # r575 is a feature branch: no forward compatibility, the lowest native branch is r580
    assert nodes["h100-a-01"].verdict == "needs_driver" and nodes["h100-a-01"].min_branch == "r580"
    assert nodes["v100-01"].verdict == "unsupported_gpu"
    assert nodes["gpu-new-01"].verdict == "unknown" and "driver version" in nodes["gpu-new-01"].reason


def test_mid_upgrade_and_stale_labels_say_so(scan):
    nodes = by_name(build_matrix(scan, Target(cuda="12.8"), as_of=AS_OF))
    assert nodes["h200-05"].verdict == "unknown" and "validation-required" in nodes["h200-05"].reason
    stale = nodes["gb300-03"]
    assert stale.stale and stale.verdict == "runs_with_conditions"  # would be `runs` on fresh labels
    assert any("72.0 h old" in c for c in stale.conditions)
    assert nodes["h100-a-05"].conditions == ["node is cordoned (unschedulable)"]


def test_counts_and_groups_add_up(scan):
    matrix = build_matrix(scan, Target(image="vllm/vllm-openai:v0.11.0-cu130"), as_of=AS_OF)
    counts = matrix.counts
    assert counts.total == len(scan.nodes) == sum(counts.by_verdict.values())
    assert sum(g.total for g in counts.by_group) == counts.total
    groups = {(g.driver_branch, g.gpu): g for g in counts.by_group}
    assert groups[("r575", "H100")].by_verdict == {"needs_driver": 6}
    assert groups[("r580", "H200")].by_verdict == {"runs": 4}
    assert counts.by_verdict["unknown"] == 2


def test_json_shape(scan):
    payload = build_matrix(scan, Target(cuda="13.0"), as_of=AS_OF).model_dump(mode="json")
    assert {"nodes", "counts"} <= payload.keys()
    assert {"name", "verdict", "reason"} <= payload["nodes"][0].keys()
    assert set(payload["counts"]["by_verdict"]) == {"runs", "runs_with_conditions", "needs_driver",
                                                    "unsupported_gpu", "unknown"}


def test_recipe_target_uses_the_recipe_check(scan):
    nodes = by_name(build_matrix(scan, Target(recipe="kimi-k3"), as_of=AS_OF))
    # kimi-k3 wants 8x GB300 per host: 4x GB300 nodes fail on the GPU, not on the driver
    assert nodes["gb300-01"].verdict == "unsupported_gpu" and "GB300" in nodes["gb300-01"].reason
    assert nodes["gpu-new-01"].verdict == "unknown"


def test_image_without_cuda_in_its_tag_is_a_usage_error(scan):
    with pytest.raises(UsageError, match="--cuda"):
        build_matrix(scan, Target(image="example.org/team/server:latest"))
