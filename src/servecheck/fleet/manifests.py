"""Runners that gather one capture bundle per GPU node with the site's own engine. Printed only.

Kubernetes: a DaemonSet on GPU nodes that runs `servecheck capture` once into a hostPath folder,
then idles (a DaemonSet pod must keep running). Narrowest privileges that work: no GPU request
(it would take a GPU from workloads), the NVIDIA runtime class with only the `utility` capability
(nvidia-smi and NVML), no privileged mode, all capabilities dropped, read-only root filesystem,
no service account token, and one writable hostPath for the bundle.
Slurm: one task per node with srun, into a folder on a shared filesystem.
"""

from __future__ import annotations

import shlex

from servecheck import __version__

OUT_HOST_DIR = "/var/lib/servecheck/bundles"
CAPTURE_TIMEOUT_S = 20


def kubernetes_daemonset(image: str | None = None, namespace: str = "servecheck",
                         selector: str = "nvidia.com/gpu.present=true") -> str:
    key, _, value = selector.partition("=")
    image = image or f"<your registry>/servecheck:{__version__}"
    return f"""\
# servecheck capture on every GPU node; collect {OUT_HOST_DIR}/<node> afterwards (e.g. kubectl cp from
# each pod), then: servecheck fleet matrix --bundles DIR --cuda X.Y
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: servecheck-capture
  namespace: {namespace}
  labels: {{app: servecheck-capture}}
spec:
  selector:
    matchLabels: {{app: servecheck-capture}}
  template:
    metadata:
      labels: {{app: servecheck-capture}}
    spec:
      nodeSelector:
        {key}: "{value or 'true'}"
      runtimeClassName: nvidia
      automountServiceAccountToken: false
      tolerations:
        - {{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}}
      containers:
        - name: capture
          image: {image}
          command: ["sh", "-c"]
          args:
            - servecheck capture --no-nvml --timeout {CAPTURE_TIMEOUT_S} --out /out/"$NODE_NAME" --json; exec sleep infinity
          env:
            - name: NODE_NAME
              valueFrom: {{fieldRef: {{fieldPath: spec.nodeName}}}}
            - {{name: NVIDIA_VISIBLE_DEVICES, value: all}}
            - {{name: NVIDIA_DRIVER_CAPABILITIES, value: utility}}
          securityContext:
            privileged: false
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities: {{drop: [ALL]}}
          resources:
            requests: {{cpu: 50m, memory: 64Mi}}
            limits: {{memory: 256Mi}}
          volumeMounts:
            - {{name: out, mountPath: /out}}
            - {{name: tmp, mountPath: /tmp}}
      volumes:
        - name: out
          hostPath: {{path: {OUT_HOST_DIR}, type: DirectoryOrCreate}}
        - name: tmp
          emptyDir: {{}}
"""


def slurm_srun(nodes: int | None, nodelist: str | None, out_dir: str, partition: str | None = None) -> str:
    """One capture per node; SLURMD_NODENAME names each bundle. OUT_DIR must be on a shared filesystem."""
    parts = ["srun"]
    if nodelist:
        parts += ["-w", nodelist]
    if nodes:
        parts += ["-N", str(nodes)]
    if partition:
        parts += ["-p", partition]
    parts += ["--ntasks-per-node=1", "sh", "-c",
              f'exec servecheck capture --timeout {CAPTURE_TIMEOUT_S} --out "$0/$SLURMD_NODENAME"', out_dir]
    return " ".join(shlex.quote(p) for p in parts)


def slurm_batch(nodes: int | None, nodelist: str | None, out_dir: str, partition: str | None = None) -> str:
    lines = ["#!/bin/sh", "#SBATCH --job-name=servecheck-capture", "#SBATCH --ntasks-per-node=1",
             "#SBATCH --time=00:10:00"]
    if nodes:
        lines.append(f"#SBATCH --nodes={nodes}")
    if nodelist:
        lines.append(f"#SBATCH --nodelist={nodelist}")
    if partition:
        lines.append(f"#SBATCH --partition={partition}")
    lines += [f"mkdir -p {shlex.quote(out_dir)}", slurm_srun(None, None, out_dir),
              f"echo next: servecheck fleet matrix --bundles {shlex.quote(out_dir)} --cuda X.Y"]
    return "\n".join(lines) + "\n"
