"""`fleet scan --ssh` against a real OpenSSH server on 127.0.0.1, started here with a throwaway
host key, port and client key; the remote side runs this venv's servecheck with a fake
nvidia-smi replaying recorded output. Skips, saying why, when sshd or asyncssh is missing."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .fake_smi import write_fake_smi

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
pytestmark = [
    pytest.mark.skipif(not os.path.exists(SSHD), reason="openssh-server (sshd) not installed; "
                       "`make test` as root installs it (scripts/test-system-deps.sh)"),
    pytest.mark.skipif(os.geteuid() != 0, reason="sshd test logs in as root to 127.0.0.1: run as root"),
]
asyncssh = pytest.importorskip("asyncssh", reason="the fleet extra (asyncssh) is not installed")

VENV_SERVECHECK = Path(sys.executable).parent / "servecheck"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fake_servecheck(folder: Path, gpu: str) -> Path:
    """A remote 'servecheck' that puts a recorded nvidia-smi first on PATH, then runs the real one."""
    bin_dir = folder / f"bin-{gpu}"
    write_fake_smi(bin_dir, gpu)
    wrapper = folder / f"servecheck-{gpu}"
    wrapper.write_text(f'#!/bin/sh\nPATH={bin_dir}:$PATH exec {VENV_SERVECHECK} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


@pytest.fixture
def sshd(tmp_path: Path):
    keys = tmp_path / "keys"
    keys.mkdir(mode=0o700)
    for name in ("host", "client"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / name)], check=True)
    (keys / "authorized_keys").write_text((keys / "client.pub").read_text())
    port = free_port()
    config = tmp_path / "sshd_config"
    config.write_text(f"""Port {port}
ListenAddress 127.0.0.1
HostKey {keys / 'host'}
AuthorizedKeysFile {keys / 'authorized_keys'}
PidFile {tmp_path / 'sshd.pid'}
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
""")
    os.makedirs("/run/sshd", exist_ok=True)  # sshd's privilege-separation folder
    log = tmp_path / "sshd.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stderr=err)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        if proc.poll() is not None:
            pytest.skip(f"sshd could not start: {log.read_text()[-300:]}")
        time.sleep(0.1)
    host_pub = (keys / "host.pub").read_text().split()
    known = tmp_path / "known_hosts"
    known.write_text(f"[127.0.0.1]:{port} {host_pub[0]} {host_pub[1]}\n")
    yield {"port": port, "key": keys / "client", "known_hosts": known, "dir": tmp_path}
    proc.terminate()
    proc.wait(timeout=10)


def test_scan_over_ssh_records_every_host(sshd, tmp_path):
    from servecheck.fleet.matrix import build_matrix
    from servecheck.fleet.models import Target
    from servecheck.fleet.sources.inventory import load_inventory
    from servecheck.fleet.sources.ssh import scan_ssh

    h200 = fake_servecheck(tmp_path, "r580-h200")
    h100 = fake_servecheck(tmp_path, "r575-h100")
    closed = free_port()
    inventory = tmp_path / "hosts.ini"
    inventory.write_text(f"""[h200]
node-a ansible_host=127.0.0.1 ansible_port={sshd['port']} ansible_user=root
[h100]
node-b ansible_host=127.0.0.1 ansible_port={sshd['port']} ansible_user=root
node-down ansible_host=127.0.0.1 ansible_port={closed} ansible_user=root
""")
    hosts = load_inventory(inventory)
    # One remote servecheck per host kind: node-b runs the r575 replay.
    scans = [scan_ssh([h for h in hosts if h.name != "node-b"], tmp_path / "out", sshd["known_hosts"],
                      sshd["key"], str(h200), concurrency=2, timeout_s=60),
             scan_ssh([h for h in hosts if h.name == "node-b"], tmp_path / "out", sshd["known_hosts"],
                      sshd["key"], str(h100), timeout_s=60)]
    nodes = {n.name: n for s in scans for n in s.nodes}
    assert set(nodes) == {"node-a", "node-b", "node-down"}
    assert nodes["node-a"].status == "ok" and nodes["node-a"].driver_version == "580.95.05"
    assert nodes["node-a"].pool == "h200" and (tmp_path / "out/node-a/bundle/evidence.json").is_file()
    assert nodes["node-b"].driver_branch == "r575"
    assert nodes["node-down"].status == "unreachable" and "node-down" not in os.listdir(tmp_path / "out")
    merged = scans[0].model_copy(update={"nodes": list(nodes.values())})
    verdicts = {n.name: n.verdict for n in build_matrix(merged, Target(cuda="13.0")).nodes}
    assert verdicts == {"node-a": "runs", "node-b": "needs_driver", "node-down": "unknown"}


def test_unknown_host_key_is_unreachable_not_trusted(sshd, tmp_path):
    from servecheck.fleet.sources.inventory import Host
    from servecheck.fleet.sources.ssh import scan_ssh

    other = tmp_path / "other_known_hosts"
    other.write_text("")
    scan = scan_ssh([Host(name="n", group=None, address="127.0.0.1", port=sshd["port"], user="root")],
                    tmp_path / "out", other, sshd["key"], "servecheck", timeout_s=30)
    assert scan.nodes[0].status == "unreachable" and "key" in (scan.nodes[0].status_reason or "").lower()


def test_remote_capture_failure_is_an_error_with_its_text(sshd, tmp_path):
    from servecheck.fleet.sources.inventory import Host
    from servecheck.fleet.sources.ssh import scan_ssh

    scan = scan_ssh([Host(name="n", group="g", address="127.0.0.1", port=sshd["port"], user="root")],
                    tmp_path / "out", sshd["known_hosts"], sshd["key"], "/nonexistent/servecheck", timeout_s=30)
    node = scan.nodes[0]
    assert node.status == "error" and "exit 98" in (node.status_reason or "") and node.pool == "g"


def test_cli_scan_ssh_exit_3_with_an_unreachable_host(sshd, tmp_path):
    h200 = fake_servecheck(tmp_path, "r580-h200")
    inventory = tmp_path / "hosts.yml"
    inventory.write_text(f"""all:
  children:
    h200:
      vars: {{ansible_user: root, ansible_host: 127.0.0.1}}
      hosts:
        node-a: {{ansible_port: {sshd['port']}}}
        node-x: {{ansible_port: {free_port()}}}
""")
    out = subprocess.run([sys.executable, "-m", "servecheck", "fleet", "scan", "--ssh", str(inventory),
                          "--known-hosts", str(sshd["known_hosts"]), "--ssh-key", str(sshd["key"]),
                          "--remote-servecheck", str(h200), "--ssh-out", str(tmp_path / "b"), "--json"],
                         capture_output=True, text=True, timeout=120)
    import json

    nodes = {n["name"]: n for n in json.loads(out.stdout)["nodes"]}
    assert out.returncode == 3 and nodes["node-a"]["status"] == "ok" and nodes["node-x"]["status"] == "unreachable"


def test_a_bundle_stream_over_the_cap_is_refused(sshd, tmp_path, monkeypatch):
    from servecheck.fleet.sources import ssh
    from servecheck.fleet.sources.inventory import Host

    monkeypatch.setattr(ssh, "MAX_BUNDLE_BYTES", 1000)
    h200 = fake_servecheck(tmp_path, "r580-h200")
    scan = ssh.scan_ssh([Host(name="n", group=None, address="127.0.0.1", port=sshd["port"], user="root")],
                        tmp_path / "out", sshd["known_hosts"], sshd["key"], str(h200), timeout_s=60)
    assert scan.nodes[0].status == "error" and "over 1000 bytes" in (scan.nodes[0].status_reason or "")
    assert not (tmp_path / "out/n").exists()


def _counting_servecheck(tmp_path: Path, inner: Path, sleep_s: float) -> tuple[Path, Path]:
    """A remote servecheck that notes how many copies run at once, then runs the real one."""
    active, counts = tmp_path / "active", tmp_path / "counts"
    active.mkdir()
    wrapper = tmp_path / "servecheck-counting"
    wrapper.write_text(f'#!/bin/sh\ntouch {active}/$$\nls {active} | wc -l >> {counts}\nsleep {sleep_s}\n'
                       f'rm -f {active}/$$\nexec {inner} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper, counts


def test_concurrency_is_bounded(sshd, tmp_path):
    from servecheck.fleet.sources.inventory import Host
    from servecheck.fleet.sources.ssh import scan_ssh

    wrapper, counts = _counting_servecheck(tmp_path, fake_servecheck(tmp_path, "r580-h200"), 0.5)
    hosts = [Host(name=f"n{i}", group=None, address="127.0.0.1", port=sshd["port"], user="root") for i in range(4)]
    scan = scan_ssh(hosts, tmp_path / "out", sshd["known_hosts"], sshd["key"], str(wrapper), concurrency=2,
                    timeout_s=90)
    assert [n.status for n in scan.nodes] == ["ok"] * 4
    seen = [int(line) for line in counts.read_text().split()]
    assert len(seen) == 4 and max(seen) <= 2


def test_a_hung_capture_is_an_error_after_the_host_timeout(sshd, tmp_path):
    from servecheck.fleet.sources.inventory import Host
    from servecheck.fleet.sources.ssh import scan_ssh

    wrapper, _ = _counting_servecheck(tmp_path, Path("/bin/true"), 20)
    started = time.monotonic()
    scan = scan_ssh([Host(name="slow", group=None, address="127.0.0.1", port=sshd["port"], user="root")],
                    tmp_path / "out", sshd["known_hosts"], sshd["key"], str(wrapper), timeout_s=3)
    node = scan.nodes[0]
    assert node.status == "error" and "did not finish within 3s" in (node.status_reason or "")
    assert time.monotonic() - started < 15  # the timeout bounds the time, not the remote's sleep
