"""Rollout plan: canary first, batches <= --max-unavailable, small pools one node at a time."""

from __future__ import annotations

from collections import Counter

import pytest

from servecheck.errors import UsageError
from servecheck.fleet.models import NodeFacts
from servecheck.fleet.rollout import SMALL_POOL, plan_rollout
from servecheck.fleet.sources.kubefile import scan_payload


@pytest.fixture
def scan(demo_nodes):
    return scan_payload(demo_nodes, "demo", "kube-nodes")


def pools_of(scan):
    return {n.name: n.pool for n in scan.nodes}


@pytest.mark.parametrize("max_unavailable", [1, 2, 3, 5])
def test_batches_respect_limits(scan, max_unavailable):
    plan = plan_rollout(scan, "r580", max_unavailable)
    pools, sizes = pools_of(scan), Counter(pools_of(scan).values())
    assert plan.batches[0].canary and len(plan.batches[0].nodes) == 1
    for batch in plan.batches:
        assert len(batch.nodes) <= max_unavailable
        per_pool = Counter(pools[n] for n in batch.nodes)
        assert all(count == 1 for pool, count in per_pool.items() if sizes[pool] < SMALL_POOL)
    planned = [n for b in plan.batches for n in b.nodes]
    assert len(planned) == len(set(planned))
    assert set(planned) == {"h100-a-01", "h100-a-02", "h100-a-03", "h100-a-04", "h100-a-06",
                            "h100-b-01", "h100-b-02", "h100-b-03", "gb300-03", "v100-01"}
    assert plan.executed is False


def test_nodes_left_alone_are_listed_with_why(scan):
    plan = plan_rollout(scan, "r580", 2)
    skipped = "\n".join(plan.skipped)
    assert "h100-a-05: already cordoned by someone else" in skipped
    assert "h200-05: an upgrade is already in progress" in skipped
    assert "gpu-new-01: driver unknown" in skipped
    assert set(plan.already_there) == {"gb300-01", "gb300-02", "h200-01", "h200-02", "h200-03", "h200-04"}


@pytest.mark.parametrize(("engine", "needle"), [
    ("gpu-operator", "kubectl label node h100-a-01 driver.config=r580 --overwrite"),
    ("kubectl", "kubectl drain h100-a-01 --ignore-daemonsets --delete-emptydir-data"),
    ("slurm", "scontrol reboot ASAP nextstate=RESUME"),
    ("ansible", "--limit h100-a-01"),
])
def test_engine_commands(scan, engine, needle):
    plan = plan_rollout(scan, "r580", 2, engine=engine)
    commands = "\n".join(c for s in plan.batches[0].steps for c in s.commands)
    assert needle in commands
    assert plan.rollback and "stops the rollout" in plan.rollback[0]
    assert any("servecheck verify" in g for g in plan.batches[0].gate)


def test_slurm_drain_uses_scontrol_update(scan):
    plan = plan_rollout(scan, "r580", 1, engine="slurm")
    assert "scontrol update NodeName=h100-a-01 State=DRAIN Reason=" in plan.batches[0].steps[0].commands[0]


def test_ansible_play_has_serial_and_no_failures_allowed(scan):
    plan = plan_rollout(scan, "r580", 1, engine="ansible")
    play = plan.preamble[0].commands[0]
    assert "serial: 1" in play and "max_fail_percentage: 0" in play


def test_bad_branch_and_nothing_known():
    from servecheck.fleet.errors import NothingToJudge
    from servecheck.fleet.models import FleetScan

    unknown = FleetScan(source="ssh", origin="x", created_at="2026-01-01T00:00:00Z",
                        nodes=[NodeFacts(name="a", source="ssh", status="unreachable", status_reason="refused")])
    with pytest.raises(NothingToJudge):
        plan_rollout(unknown, "r580")
    with pytest.raises(UsageError):
        plan_rollout(unknown, "latest")


def test_a_branch_that_drops_the_gpu_is_not_planned(scan):
    plan = plan_rollout(scan, "r590", 2)
    assert any(s.startswith("v100-01: r590 does not support this GPU") for s in plan.skipped)
    assert "v100-01" not in [n for b in plan.batches for n in b.nodes]


def test_operator_policy_follows_max_unavailable(scan):
    plan = plan_rollout(scan, "r580", 3)
    assert '"maxParallelUpgrades":3' in plan.preamble[0].commands[0]
    assert max(len(b.nodes) for b in plan.batches) == 3


def test_version_defaults_to_what_the_site_already_runs_on_the_branch(scan):
    plan = plan_rollout(scan, "r580", 2)
    assert plan.to_version == "580.95.05" and "6 node(s) already on r580" in (plan.to_version_note or "")
    assert '"580.95.05"' in plan.preamble[1].commands[0]
    assert plan.unknown == ["gpu-new-01"]
    given = plan_rollout(scan, "r580", 2, to_version="580.105.08")
    assert given.to_version == "580.105.08" and given.to_version_note is None
    assert plan_rollout(scan, "r590", 2).to_version is None  # nobody runs r590: the command keeps a placeholder
