"""`servecheck fleet` end to end through the real entry point: exit codes, JSON, HTML, the case
record, and bad input (empty, garbage, truncated, /dev/zero, a FIFO, a folder with no bundles)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .conftest import DEMO

AS_OF = ["--as-of", "2026-09-21T14:13:20"]


def sc(*args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True, text=True,
                          input=stdin, timeout=120, env={**os.environ, **(env or {})})


def test_matrix_json_and_exit_1_when_a_node_needs_a_driver():
    out = sc("fleet", "matrix", "--kube-nodes", str(DEMO), "--cuda", "13.0", "--json", *AS_OF)
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"nodes", "counts"}
    assert data["counts"]["by_verdict"] == {"runs": 6, "runs_with_conditions": 3, "needs_driver": 7,
                                            "unsupported_gpu": 1, "unknown": 2}
    assert {"name", "verdict", "reason"} <= data["nodes"][0].keys()


def test_matrix_exit_3_when_only_unknowns_stand_out(tmp_path):
    nodes = json.loads(DEMO.read_text())
    keep = [n for n in nodes["items"] if n["metadata"]["name"] in ("h200-01", "gpu-new-01")]
    path = tmp_path / "nodes.json"
    path.write_text(json.dumps({"kind": "List", "items": keep}))
    out = sc("fleet", "matrix", "--kube-nodes", str(path), "--cuda", "13.0", *AS_OF)
    assert out.returncode == 3 and "unknown" in out.stdout and "runs" in out.stdout


def test_matrix_terminal_view_and_html(tmp_path):
    page = tmp_path / "fleet.html"
    out = sc("fleet", "matrix", "--kube-nodes", str(DEMO), "--cuda", "13.0", "--html", str(page), *AS_OF)
    assert "needs_driver (r580+)" in out.stdout and "r575" in out.stdout
    html = page.read_text()
    assert html.startswith("<!doctype html>") and "h100-a-01" in html and "<script" not in html
    assert "http" not in html.split("<body>")[1]  # self-contained: no external assets


def test_stdin_node_list():
    out = sc("fleet", "scan", "--kube-nodes", "-", "--json", stdin=DEMO.read_text())
    data = json.loads(out.stdout)
    assert len(data["nodes"]) == 19 and out.returncode == 3  # gpu-new-01 has no labels


def test_rollout_recorded_in_a_case(tmp_path):
    store = tmp_path / "cases.sqlite"
    from servecheck.store import open_store

    with open_store(store) as s:
        case = s.new_case("fleet r580")
    out = sc("fleet", "rollout", "--kube-nodes", str(DEMO), "--to-branch", "r580", "--max-unavailable", "2",
             "--case", case, "--store", str(store))
    assert "canary" in out.stdout and "Nothing is executed" in out.stdout
    assert out.returncode == 3  # gpu-new-01's driver is unknown: the plan says it was not planned
    with open_store(store) as s:
        runs = s.runs(case, "fleet")
    assert runs and runs[0].payload["kind"] == "fleet_rollout" and runs[0].payload["executed"] is False


def test_manifests():
    k8s = sc("fleet", "manifest", "--kubernetes")
    assert k8s.returncode == 0 and "kind: DaemonSet" in k8s.stdout and "privileged: false" in k8s.stdout
    assert "nvidia.com/gpu:" not in k8s.stdout.split("resources:")[1]  # no GPU request
    slurm = sc("fleet", "manifest", "--slurm", "-N", "4", "--out", "/shared/b")
    assert "srun -N 4 --ntasks-per-node=1" in slurm.stdout and "#SBATCH --nodes=4" in slurm.stdout
    assert sc("fleet", "manifest", "--slurm").returncode == 2


@pytest.mark.parametrize(("content", "message"), [
    ("", "empty"),
    ("{not json", "not JSON"),
    ('{"kind": "List", "items": [{"metadata": {"name": "a"', "not JSON"),
    ('{"kind": "List", "items": []}', "empty"),
    ('{"hello": 1}', "no node list"),
])
def test_bad_node_lists_exit_2_with_a_message(tmp_path, content, message):
    path = tmp_path / "nodes.json"
    path.write_text(content)
    out = sc("fleet", "matrix", "--kube-nodes", str(path), "--cuda", "13.0")
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
    assert "runs" not in out.stdout


def test_dev_zero_and_fifo_are_refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for name in ("/dev/zero", str(fifo), str(tmp_path)):
        out = sc("fleet", "scan", "--kube-nodes", name)
        assert out.returncode == 2 and "not a regular file" in out.stderr


def test_folder_without_bundles_exit_3(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("x")
    os.symlink("/etc", tmp_path / "empty" / "escape")
    out = sc("fleet", "matrix", "--bundles", str(tmp_path / "empty"), "--cuda", "13.0")
    assert out.returncode == 3 and "no capture bundles" in out.stderr and "symlink out of" in out.stderr


def test_source_and_target_are_required():
    assert sc("fleet", "matrix", "--cuda", "13.0").returncode == 2
    assert sc("fleet", "matrix", "--kube-nodes", str(DEMO)).returncode == 2
    out = sc("fleet", "matrix", "--kube-nodes", str(DEMO), "--recipe", "nope")
    assert out.returncode == 2 and "no recipe named" in out.stderr


def test_trickling_stdin_hits_the_deadline():
    read, write = os.pipe()

    def trickle():
        try:
            for _ in range(20):
                os.write(write, b" ")
                time.sleep(0.1)
        except OSError:  # the reader gave up and closed its end: that is the point
            pass
        finally:
            os.close(write)

    threading.Thread(target=trickle, daemon=True).start()
    from servecheck.fsutil import read_stream

    got = read_stream(read, max_bytes=1 << 20, first_byte_s=5, total_s=0.5)
    os.close(read)
    assert got.stopped == "deadline" and 0 < len(got.data) < 20


def test_kubernetes_without_a_cluster_exit_3(tmp_path):
    import socket

    from .conftest import write_kubeconfig

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = write_kubeconfig(tmp_path, f"http://127.0.0.1:{port}")
    out = sc("fleet", "matrix", "--kubernetes", "--kubeconfig", str(config), "--cuda", "13.0")
    assert out.returncode == 3 and "unreachable" in out.stderr


def test_help_lists_fleet():
    assert "fleet" in sc("--help").stdout
    assert Path(DEMO).is_file()


def test_kubernetes_matrix_end_to_end_with_kubeconfig_from_env(kube_api, demo_nodes):
    config, api = kube_api(demo_nodes["items"])
    out = sc("fleet", "matrix", "--kubernetes", "--cuda", "13.0", "--json", "--max-label-age", "999999999",
             env={"KUBECONFIG": str(config)})
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["counts"]["total"] == 19 and api.requests
    assert {n["source"] for n in data["nodes"]} == {"kubernetes"}


def test_image_without_a_cuda_tag_takes_cuda_from_the_operator():
    image = ["--image", "vllm/vllm-openai:v0.11.0"]
    alone = sc("fleet", "matrix", "--kube-nodes", str(DEMO), *image)
    assert alone.returncode == 2 and "add --cuda X.Y" in alone.stderr and alone.stdout == ""
    out = sc("fleet", "matrix", "--kube-nodes", str(DEMO), *image, "--cuda", "13.0", "--json", *AS_OF)
    assert out.returncode == 1, out.stderr  # judged like --cuda 13.0: some nodes need a driver
    assert json.loads(out.stdout)["counts"]["by_verdict"]["needs_driver"] == 7


def test_image_tag_and_cuda_that_disagree_are_refused():
    out = sc("fleet", "matrix", "--kube-nodes", str(DEMO), "--image", "vllm/vllm-openai:v0.11.0-cu130",
             "--cuda", "12.8")
    assert out.returncode == 2 and "names CUDA 13.0 but --cuda says 12.8" in out.stderr
    both = sc("fleet", "matrix", "--kube-nodes", str(DEMO), "--recipe", "kimi-k3", "--cuda", "12.8")
    assert both.returncode == 2 and "--recipe NAME, or --image" in both.stderr


@pytest.mark.parametrize("command", [["matrix", "--cuda", "13.0"], ["rollout", "--to-branch", "r580"]])
def test_html_into_a_directory_is_refused_before_the_work(tmp_path, command):
    (tmp_path / "adir").mkdir()
    out = subprocess.run([sys.executable, "-m", "servecheck", "fleet", *command, "--kube-nodes", str(DEMO),
                          "--html", "adir"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 2 and "adir is a directory" in out.stderr
    assert out.stdout == "" and ".adir." not in out.stderr  # no matrix printed, no temp name leaked
