"""The exact commands of each rollout engine (reference fleet.md §0, §2, §4, §5). Printed, never run.

gpu-operator: per-node NVIDIADriver pinning through a node label (the canary pattern of §2.4),
with the upgrade controller doing cordon, GPU-pod deletion, driver restart and validation.
kubectl: the manual path (driver DaemonSet on OnDelete; cordon, drain, delete the driver pod).
slurm: drain, then `scontrol reboot ASAP nextstate=RESUME`. ansible: one play with `serial` and
`max_fail_percentage: 0`, limited to each batch.
"""

from __future__ import annotations

import shlex
from typing import Any

from servecheck.fleet.models import Engine, Step

PIN_LABEL = "driver.config"  # the docs' own NVIDIADriver selector label (reference §2.4)
DRAIN_TIMEOUT = "30m"


def _q(text: str) -> str:
    return shlex.quote(text)


def preamble(engine: Engine, ctx: dict[str, Any]) -> list[Step]:
    branch, version = ctx["to_branch"], ctx["to_version"] or f"<full {ctx['to_branch']} version, e.g. from your precompiled tag>"
    if engine == "gpu-operator":
        return [
            Step(title="Upgrade policy: at most the batch size in flight, GPU-pod deletion, no drain (§2.2)", commands=[
                "kubectl patch clusterpolicies.nvidia.com/cluster-policy --type=merge -p "
                "'{\"spec\":{\"driver\":{\"upgradePolicy\":{\"autoUpgrade\":true,"
                f"\"maxParallelUpgrades\":{ctx['max_unavailable']},"
                f"\"maxUnavailable\":{ctx['max_unavailable']},\"gpuPodDeletion\":{{\"timeoutSeconds\":300}},"
                "\"drain\":{\"enable\":false}}}}}'"]),
            Step(title=f"One NVIDIADriver for nodes labelled {PIN_LABEL}={branch}; the existing CRs must not select "
                       "that label value (selectors stay disjoint; check with `kubectl get nvidiadrivers`)",
                 commands=[f"cat <<'EOF' | kubectl apply -f -\napiVersion: nvidia.com/v1alpha1\nkind: NVIDIADriver\n"
                           f"metadata:\n  name: servecheck-{branch}\nspec:\n  driverType: gpu\n  repository: nvcr.io/nvidia\n"
                           f"  image: driver\n  version: \"{version}\"\n  nodeSelector:\n    {PIN_LABEL}: \"{branch}\"\nEOF"]),
        ]
    if engine == "kubectl":
        return [Step(title="Driver DaemonSet on OnDelete and the upgrade controller paused, so a node changes only "
                           "when its driver pod is deleted (§2.1, §2.3)",
                     commands=["kubectl patch clusterpolicies.nvidia.com/cluster-policy --type=merge -p "
                               "'{\"spec\":{\"daemonsets\":{\"updateStrategy\":\"OnDelete\"},"
                               "\"driver\":{\"upgradePolicy\":{\"autoUpgrade\":false}}}}'",
                               f"kubectl patch clusterpolicies.nvidia.com/cluster-policy --type=json -p "
                               f"'[{{\"op\":\"replace\",\"path\":\"/spec/driver/version\",\"value\":\"{version}\"}}]'"])]
    if engine == "ansible":
        return [Step(title=f"Play file driver-{branch}.yml (serial + max_fail_percentage: 0; run per batch with --limit)",
                     commands=[ansible_play(branch, ctx)])]
    return [Step(title=f"Slurm: set INSTALL to the site's own {branch} driver install (package or node image step)",
                 commands=[f"export INSTALL={_q(f'<your {branch} driver install command>')}"])]


def ansible_play(branch: str, ctx: dict[str, Any]) -> str:
    return (f"- name: NVIDIA driver {branch}, node by node\n  hosts: gpu_nodes\n  serial: 1\n"
            "  max_fail_percentage: 0\n  become: true\n  tasks:\n"
            f"    - name: install the {branch} driver (site role)\n      ansible.builtin.include_role:\n"
            f"        name: nvidia_driver\n      vars:\n        nvidia_driver_branch: \"{branch[1:]}\"\n"
            "    - name: reboot onto the new driver\n      ansible.builtin.reboot:\n        reboot_timeout: 1800\n"
            "    - name: servecheck capture on the node\n      ansible.builtin.command: servecheck capture --out "
            "/var/tmp/servecheck-after --timeout 20\n")


def batch_steps(engine: Engine, names: list[str], number: int, ctx: dict[str, Any]) -> list[Step]:
    # Node names come from labels, bundles or inventories: quoted, so an odd name stays one word.
    nodes = [_q(n) for n in names]
    branch = ctx["to_branch"]
    reason = f"servecheck rollout {branch} batch {number}"
    if engine == "gpu-operator":
        return [Step(title="Move the batch to the new NVIDIADriver (the upgrade controller cordons, deletes GPU "
                           "pods, restarts the driver, validates, uncordons)",
                     commands=[f"kubectl label node {n} {PIN_LABEL}={branch} --overwrite" for n in nodes]),
                Step(title="Wait for upgrade-done on each node (upgrade-failed stops the rollout)",
                     commands=[f"kubectl wait node/{n} --for=jsonpath='{{.metadata.labels.nvidia\\.com/gpu-driver-upgrade-state}}'"
                               f"=upgrade-done --timeout=60m" for n in nodes])]
    if engine == "kubectl":
        return [Step(title=f"Node {n}", commands=[
            f"kubectl cordon {n}",
            f"kubectl drain {n} --ignore-daemonsets --delete-emptydir-data --timeout={DRAIN_TIMEOUT}",
            f"kubectl delete pod -n gpu-operator -l app=nvidia-driver-daemonset --field-selector spec.nodeName={n}",
            "kubectl wait pod -n gpu-operator -l app=nvidia-driver-daemonset --field-selector "
            f"spec.nodeName={n} --for=condition=Ready --timeout=30m",
            f"kubectl uncordon {n}"]) for n in nodes]
    hosts = _q(",".join(names))
    if engine == "slurm":
        return [Step(title="Drain, wait for DRAINED, install over SSH (stop here if one fails), reboot back into service", commands=[
            f"scontrol update NodeName={hosts} State=DRAIN Reason={_q(reason)}",
            f"while sinfo -h -N -n {hosts} -o %T | grep -qv '^drained'; do sleep 30; done",
            # A drained node takes no jobs, so the install goes over SSH, not srun.
            f"for n in {' '.join(nodes)}; do ssh \"$n\" \"$INSTALL\"; done",
            f"scontrol reboot ASAP nextstate=RESUME reason={_q(reason)} {hosts}"])]
    inventory = ctx.get("inventory") or "INVENTORY"
    return [Step(title="Run the play on this batch only",
                 commands=[f"ansible-playbook -i {_q(inventory)} driver-{branch}.yml --limit {hosts}"])]


def gate_checks(engine: Engine, nodes: list[str], ctx: dict[str, Any]) -> list[str]:
    branch = ctx["to_branch"]
    hosts = " ".join(nodes)
    fresh = ("`servecheck fleet matrix --kubernetes --cuda X.Y` on fresh GFD labels" if engine in ("gpu-operator", "kubectl")
             else "servecheck capture on it, then `servecheck fleet matrix --bundles DIR --cuda X.Y`")
    checks = [f"each node reports {branch}: {fresh} shows runs for {hosts}",
              f"`servecheck verify http://<node>:8000 --case CASE` passes against a server started on each of "
              f"{hosts}",
              "the cross-node comm check passes between an upgraded and a not-yet-upgraded node of the same "
              "pool (`servecheck comm run --launcher slurm|mpirun ...` or `servecheck comm --from nccl-tests.log`)"]
    if engine == "gpu-operator":
        checks.insert(0, "nvidia.com/gpu-driver-upgrade-state=upgrade-done on every node of the batch "
                         "(kubectl get node -L nvidia.com/gpu-driver-upgrade-state)")
    return checks


def rollback_rule(engine: Engine, ctx: dict[str, Any]) -> list[str]:
    old = ctx["old"]
    back = {"gpu-operator": "kubectl label node NODE driver.config=<previous value> --overwrite (its old NVIDIADriver "
                            "CR reinstalls the previous version)",
            "kubectl": "set /spec/driver/version back, then delete the node's driver pod as above",
            "slurm": "drain NODE, install the previous driver with the site's command, scontrol reboot ASAP "
                     "nextstate=RESUME NODE",
            "ansible": "ansible-playbook with -e nvidia_driver_branch=<previous> --limit NODE"}[engine]
    previous = ", ".join(f"{n} {v}" for n, v in sorted(old.items())[:12]) + (" ..." if len(old) > 12 else "")
    return ["Any failed gate stops the rollout: the next batch does not start.",
            "The failed batch's nodes stay out of service (cordoned / drained) until they are rolled back or fixed.",
            f"Roll back only the failed nodes to their recorded driver ({previous}): {back}.",
            "Nodes that passed their gate stay on the new branch; record the decision in the case "
            "(servecheck decide) before any retry."]
