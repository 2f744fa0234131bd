"""Node facts from GFD / GPU Operator / NFD labels: new and legacy names, suffixes, missing labels."""

from __future__ import annotations

from servecheck.fleet.labels import facts_from_node

# Label values as GFD writes them (reference fleet.md §1.2, from NVIDIA/k8s-device-plugin
# internal/lm/nvml.go and internal/lm/resource.go).
GFD_NEW = {
    "nvidia.com/gpu.present": "true",
    "nvidia.com/cuda.driver-version.full": "580.95.05", "nvidia.com/cuda.driver-version.major": "580",
    "nvidia.com/cuda.driver-version.minor": "95", "nvidia.com/cuda.driver-version.revision": "05",
    "nvidia.com/cuda.runtime-version.full": "13.0", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
    "nvidia.com/gpu.count": "8", "nvidia.com/gpu.memory": "81559", "nvidia.com/gpu.compute.major": "9",
    "nvidia.com/gpu.compute.minor": "0", "nvidia.com/mig.strategy": "single",
    "nvidia.com/gpu.sharing-strategy": "none", "nvidia.com/gfd.timestamp": "1767225600",
    "nvidia.com/gpu-driver-upgrade-state": "upgrade-done",
    "feature.node.kubernetes.io/kernel-version.full": "5.15.0-119-generic",
    "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
    "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04",
}
GFD_LEGACY = {  # older GFD: only cuda.driver.* / cuda.runtime.* (reference §0 table)
    "nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "230", "nvidia.com/cuda.driver.rev": "02",
    "nvidia.com/cuda.runtime.major": "12", "nvidia.com/cuda.runtime.minor": "2", "nvidia.com/gpu.product": "Tesla-T4",
}


def node(labels: dict, **spec) -> dict:
    return {"metadata": {"name": "n1", "labels": labels}, "spec": spec,
            "status": {"nodeInfo": {"kernelVersion": "6.8.0", "osImage": "Ubuntu 24.04 LTS"}}}


def test_new_label_names_give_every_fact():
    facts = facts_from_node(node({**GFD_NEW, "pool": "h100-a"}), "kube-nodes")
    assert facts.status == "ok" and facts.missing == []
    assert (facts.driver_version, facts.driver_branch, facts.driver_cuda) == ("580.95.05", "r580", "13.0")
    assert (facts.gpu_product, facts.gpu_count, facts.gpu_memory_mib, facts.compute_capability) == \
        ("NVIDIA-H100-80GB-HBM3", 8, 81559, "9.0")
    assert facts.pool == "h100-a" and facts.kernel == "5.15.0-119-generic" and facts.os == "ubuntu 22.04"
    assert facts.labels_at is not None and facts.labels_at.year == 2026


def test_legacy_label_names_are_read_and_noted():
    facts = facts_from_node(node(GFD_LEGACY), "kube-nodes")
    assert facts.driver_version == "535.230.02" and facts.driver_cuda == "12.2"
    assert any("deprecated" in n for n in facts.notes)
    assert facts.kernel == "6.8.0" and facts.os == "Ubuntu 24.04 LTS"  # from nodeInfo when NFD is absent


def test_sharing_and_mig_suffixes_are_removed_from_the_product():
    shared = facts_from_node(node({**GFD_NEW, "nvidia.com/gpu.product": "NVIDIA-A10G-SHARED"}), "kube-nodes")
    mig = facts_from_node(node({**GFD_NEW, "nvidia.com/gpu.product": "A100-SXM4-40GB-MIG-1g.5gb"}), "kube-nodes")
    assert shared.gpu_product == "NVIDIA-A10G" and mig.gpu_product == "A100-SXM4-40GB"


def test_node_without_gfd_labels_is_unknown_with_the_missing_facts_named():
    facts = facts_from_node(node({"kubernetes.io/hostname": "n1", "nvidia.com/gpu.present": "true"}), "kube-nodes")
    assert facts.status == "unknown"
    assert "nvidia.com/cuda.driver-version.full" in facts.status_reason and facts.driver_version is None


def test_cpu_node_is_unknown_not_guessed():
    facts = facts_from_node(node({"feature.node.kubernetes.io/pci-10de.present": "false"}), "kube-nodes")
    assert facts.status == "unknown" and "no NVIDIA GPU" in (facts.status_reason or "")


def test_odd_shapes_do_not_raise():
    facts = facts_from_node({"metadata": {"labels": {"nvidia.com/gpu.count": "eight"}}, "spec": None}, "kube-nodes")
    assert facts.name == "?" and facts.gpu_count is None and facts.status == "unknown"
    assert any("not a number" in n for n in facts.notes)


def test_upgrade_state_skip_and_cordon_are_kept():
    facts = facts_from_node(node({**GFD_NEW, "nvidia.com/gpu-driver-upgrade-state": "drain-required",
                                  "nvidia.com/gpu-driver-upgrade.skip": "true"}, unschedulable=True), "kubernetes")
    assert facts.upgrade_state == "drain-required" and facts.upgrade_skip and facts.unschedulable


def _public(set_id: str) -> dict:
    import json
    from pathlib import Path

    sets = json.loads((Path(__file__).parent / "data/public-labels.json").read_text())["sets"]
    return next(s["labels"] for s in sets if s["id"] == set_id)


def test_public_gfd_readme_output_with_an_empty_revision():
    """GFD's own README output: legacy names only, `cuda.driver.rev` empty (455.06)."""
    facts = facts_from_node(node(_public("gfd-readme-a100-legacy")), "kube-nodes")
    assert (facts.driver_version, facts.driver_branch, facts.driver_cuda) == ("455.06", "r455", "11.1")
    assert (facts.gpu_product, facts.compute_capability, facts.gpu_memory_mib) == ("A100-SXM4-40GB", "8.0", 39538)
    from servecheck.fleet.matrix import build_matrix
    from servecheck.fleet.models import FleetScan, Target

    scan = FleetScan(source="kube-nodes", origin="readme", created_at=facts.labels_at, nodes=[facts])
    old = build_matrix(scan, Target(cuda="11.0"), as_of=facts.labels_at).nodes[0]
    assert old.verdict == "runs"
    # The compat engine has no forward-compat row for CUDA 12 on R455: unknown, named, not guessed.
    newer = build_matrix(scan, Target(cuda="12.4"), as_of=facts.labels_at).nodes[0]
    assert newer.verdict == "unknown" and "not covered" in newer.reason


def test_public_mig_single_labels_keep_the_gpu_but_say_it_is_not_a_full_gpu():
    facts = facts_from_node(node(_public("gfd-readme-mig-single")), "kube-nodes")
    assert facts.gpu_product == "A100-SXM4-40GB" and facts.mig_strategy == "single" and facts.gpu_count == 56
    assert any("MIG" in n for n in facts.notes) and facts.status == "unknown"  # no driver labels in that table
