"""Slurm: a real single-host Slurm (slurmctld + slurmd + munged, throwaway config and key, on
127.0.0.1) runs the `fleet manifest --slurm` srun line; its records give pools and drain states,
and the plan's own drain command is accepted by the real scontrol. Parsing is also checked on a
recorded `scontrol show node --oneliner`. Skips, saying why, when the daemons are missing."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from servecheck.fleet.sources.slurm import parse_show_node

from .fake_smi import write_fake_smi

NEEDED = ("slurmctld", "slurmd", "munged", "srun", "scontrol")
MISSING = [exe for exe in NEEDED if not (shutil.which(exe) or os.path.exists(f"/usr/sbin/{exe}"))]
needs_slurm = pytest.mark.skipif(bool(MISSING) or os.geteuid() != 0,
                                 reason=f"real Slurm test needs root and {', '.join(MISSING) or 'root'}; "
                                        "`make test` as root installs them (scripts/test-system-deps.sh)")
# Field layout of Slurm 22.05 `scontrol show node --oneliner` (as printed by the test cluster below),
# with a GRES and a drain reason as sites set them.
RECORDED = (
    "NodeName=gpu-07 Arch=x86_64 CoresPerSocket=32  CPUAlloc=0 CPUEfctv=128 CPUTot=128 CPULoad=0.10 "
    "AvailableFeatures=(null) ActiveFeatures=(null) Gres=gpu:h100:8 NodeAddr=gpu-07 NodeHostName=gpu-07 "
    "Version=22.05.8 OS=Linux 5.15.0-119-generic  RealMemory=2000000 AllocMem=0 FreeMem=1900000 Sockets=2 "
    "Boards=1 State=IDLE+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A "
    "Partitions=h100,all  BootTime=2026-09-01T10:00:00 SlurmdStartTime=2026-09-01T10:01:00 "
    "CfgTRES=cpu=128,mem=2000000M,billing=128,gres/gpu=8 AllocTRES= CapWatts=n/a CurrentWatts=0 AveWatts=0 "
    "ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s Reason=xid 79 on GPU 3 [ops@2026-09-20T08:00:00]\n"
    "NodeName=gpu-08 Arch=x86_64 CoresPerSocket=32  CPUAlloc=0 CPUEfctv=128 CPUTot=128 Gres=gpu:h100:8 "
    "NodeAddr=gpu-08 State=IDLE Partitions=h100,all  CfgTRES=cpu=128\n"
)


def test_parse_recorded_show_node():
    nodes = parse_show_node(RECORDED + "garbage line\n")
    assert [n.name for n in nodes] == ["gpu-07", "gpu-08"]
    assert nodes[0].partitions == ("h100", "all") and nodes[0].gres == "gpu:h100:8"
    assert nodes[0].state == "IDLE+DRAIN" and nodes[0].reason == "xid 79 on GPU 3 [ops@2026-09-20T08:00:00]"


def test_merge_keeps_slurm_nodes_without_a_bundle():
    from datetime import UTC, datetime

    from servecheck.fleet.models import FleetScan, NodeFacts
    from servecheck.fleet.sources.slurm import merge_slurm

    scan = FleetScan(source="bundle", origin="b", created_at=datetime.now(UTC), nodes=[
        NodeFacts(name="gpu-07.cluster.local", source="bundle", driver_version="575.57.08", driver_branch="r575")])
    merged = {n.name: n for n in merge_slurm(scan, parse_show_node(RECORDED)).nodes}
    assert merged["gpu-07.cluster.local"].pool == "h100" and merged["gpu-07.cluster.local"].unschedulable
    assert merged["gpu-08"].status == "unknown" and "no capture bundle" in (merged["gpu-08"].status_reason or "")
    assert merged["gpu-08"].pool == "h100"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.3)
    pytest.skip(f"Slurm could not start here: {what}")


@pytest.fixture
def slurm(tmp_path: Path):
    base = tmp_path / "s"
    for sub in ("state", "spool", "key", "sock"):
        (base / sub).mkdir(parents=True)
    (base / "key").chmod(0o700)
    (base / "sock").chmod(0o755)
    key = base / "key/munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    host = socket.gethostname().split(".")[0]
    sock = base / "sock/munge"
    conf = base / "slurm.conf"
    conf.write_text(f"""ClusterName=servecheck
SlurmctldHost={host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
AuthType=auth/munge
AuthInfo=socket={sock}
CredType=cred/munge
StateSaveLocation={base / 'state'}
SlurmdSpoolDir={base / 'spool'}
SlurmctldPidFile={base / 'ctld.pid'}
SlurmdPidFile={base / 'd.pid'}
SlurmctldLogFile={base / 'ctld.log'}
SlurmdLogFile={base / 'd.log'}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName={host} NodeAddr=127.0.0.1 CPUs={os.cpu_count() or 1} RealMemory=500 State=UNKNOWN
PartitionName=gpu-h100 Nodes={host} Default=YES MaxTime=INFINITE State=UP
""")
    env = {**os.environ, "SLURM_CONF": str(conf)}

    def idle() -> bool:
        out = subprocess.run(["scontrol", "show", "node", "--oneliner"], capture_output=True, text=True, env=env,
                             timeout=10)
        return "State=IDLE" in out.stdout

    procs = []
    try:  # the daemons started so far are stopped on every way out, a skip while starting included
        with open(base / "daemons.log", "wb") as log:
            procs.append(subprocess.Popen(["munged", "-F", "-f", f"--socket={sock}", f"--key-file={key}",
                                           f"--log-file={base / 'munge.log'}", f"--pid-file={base / 'munge.pid'}",
                                           f"--seed-file={base / 'munge.seed'}"], stdout=log, stderr=log))
            _wait(sock.exists, 10, "munged did not create its socket")
            procs.append(subprocess.Popen(["slurmctld", "-D", "-f", str(conf)], stdout=log, stderr=log, env=env))
            procs.append(subprocess.Popen(["slurmd", "-D", "-f", str(conf)], stdout=log, stderr=log, env=env))
        _wait(idle, 30, (base / "daemons.log").read_text()[-400:])
        yield {"env": env, "host": host, "dir": tmp_path}
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _fake_path(tmp_path: Path, gpu: str) -> str:
    bin_dir = tmp_path / "bin"
    write_fake_smi(bin_dir, gpu)
    return f"{bin_dir}:{Path(sys.executable).parent}:{os.environ['PATH']}"


@needs_slurm
def test_srun_capture_then_matrix_and_a_real_drain(slurm, monkeypatch):
    from servecheck.fleet import manifests
    from servecheck.fleet.rollout import plan_rollout
    from servecheck.fleet.sources.bundles import scan_bundles
    from servecheck.fleet.sources.slurm import merge_slurm, read_nodes

    env = {**slurm["env"], "PATH": _fake_path(slurm["dir"], "r575-h100")}
    out = slurm["dir"] / "bundles"
    out.mkdir()
    line = manifests.slurm_srun(1, None, str(out))
    run = subprocess.run(line, shell=True, capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert (out / slurm["host"] / "evidence.json").is_file()

    monkeypatch.setenv("SLURM_CONF", env["SLURM_CONF"])
    scan = merge_slurm(scan_bundles([out]), read_nodes())
    node = scan.nodes[0]
    assert (node.name, node.pool, node.driver_branch, node.unschedulable) == (slurm["host"], "gpu-h100", "r575", False)

    plan = plan_rollout(scan, "r580", 1)
    assert plan.engine == "slurm" and plan.batches[0].nodes == [slurm["host"]]
    drain = plan.batches[0].steps[0].commands[0]
    assert subprocess.run(drain, shell=True, env=env, timeout=30).returncode == 0  # the real scontrol accepts it
    drained = merge_slurm(scan_bundles([out]), read_nodes())
    assert drained.nodes[0].unschedulable and any("DRAIN" in n for n in drained.nodes[0].notes)
    # An already drained node is left alone by the next plan.
    assert plan_rollout(drained, "r580", 1).skipped[0].startswith(f"{slurm['host']}: already cordoned")
    subprocess.run(["scontrol", "update", f"NodeName={slurm['host']}", "State=RESUME"], env=env, timeout=30)


@needs_slurm
def test_cli_rollout_with_slurm_records(slurm, tmp_path):
    env = {**slurm["env"], "PATH": _fake_path(slurm["dir"], "r575-h100")}
    out = slurm["dir"] / "bundles"
    subprocess.run(["servecheck", "capture", "--out", str(out / slurm["host"])], env=env, capture_output=True,
                   timeout=60, check=True)
    result = subprocess.run([sys.executable, "-m", "servecheck", "fleet", "rollout", "--bundles", str(out),
                             "--slurm", "--to-branch", "r580", "--json"], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert '"engine": "slurm"' in result.stdout and "scontrol reboot ASAP" in result.stdout
