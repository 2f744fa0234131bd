"""`--kubernetes` through the real lightkube client against a replayed API on 127.0.0.1: paging,
selectors, contexts, refusals, an unreachable cluster and a missing package."""

from __future__ import annotations

import builtins

import pytest

pytest.importorskip("lightkube", reason="the fleet extra (lightkube) is not installed")

from servecheck.errors import UsageError  # noqa: E402
from servecheck.fleet.errors import MissingExtra, NothingToJudge  # noqa: E402
from servecheck.fleet.sources import kubeapi  # noqa: E402

from .conftest import write_kubeconfig  # noqa: E402


def test_lists_every_node_across_pages(kube_api, demo_nodes, monkeypatch):
    monkeypatch.setattr(kubeapi, "CHUNK", 4)  # 19 nodes -> 5 pages, following `continue`
    config, api = kube_api(demo_nodes["items"])
    scan = kubeapi.scan_cluster(config)
    assert [n.name for n in scan.nodes] == [n["metadata"]["name"] for n in demo_nodes["items"]]
    assert len([r for r in api.requests if r.startswith("/api/v1/nodes")]) == 5
    h200 = next(n for n in scan.nodes if n.name == "h200-01")
    assert (h200.driver_version, h200.gpu_product, h200.source) == ("580.95.05", "NVIDIA-H200", "kubernetes")


def test_selector_and_context_reach_the_api(kube_api, demo_nodes):
    config, api = kube_api(demo_nodes["items"])
    kubeapi.scan_cluster(config, context="other", selector="nvidia.com/gpu.present=true,!skip")
    assert any("labelSelector=nvidia.com%2Fgpu.present%3Dtrue%2C%21skip" in r for r in api.requests)


def test_forbidden_is_nothing_to_judge(kube_api, demo_nodes):
    config, _ = kube_api(demo_nodes["items"], status=403)
    with pytest.raises(NothingToJudge, match="403"):
        kubeapi.scan_cluster(config)


def test_empty_cluster_is_nothing_to_judge(kube_api):
    config, _ = kube_api([])
    with pytest.raises(NothingToJudge, match="listed no nodes"):
        kubeapi.scan_cluster(config)


def test_unreachable_cluster(tmp_path):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = write_kubeconfig(tmp_path, f"http://127.0.0.1:{port}")
    with pytest.raises(NothingToJudge, match="unreachable"):
        kubeapi.scan_cluster(config, timeout_s=2)


def test_unknown_context_and_bad_kubeconfig(kube_api, demo_nodes, tmp_path):
    config, _ = kube_api(demo_nodes["items"])
    with pytest.raises(UsageError, match="nope"):
        kubeapi.scan_cluster(config, context="nope")
    bad = tmp_path / "bad"
    bad.write_text(": not yaml [")
    with pytest.raises(UsageError):
        kubeapi.scan_cluster(bad)


def test_missing_package_says_how_to_install(monkeypatch):
    real = builtins.__import__

    def no_lightkube(name, *args, **kwargs):
        if name.startswith("lightkube"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_lightkube)
    with pytest.raises(MissingExtra, match=r"servecheck\[fleet\]"):
        kubeapi.scan_cluster(None)


def test_an_answer_that_is_not_a_node_list(kube_api):
    config, _ = kube_api([{"metadata": {"name": "x"}, "status": {"nodeInfo": {"kernelVersion": 5}}}])
    with pytest.raises(NothingToJudge, match="could not be decoded"):
        kubeapi.scan_cluster(config)
