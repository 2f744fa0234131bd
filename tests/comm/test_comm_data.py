"""Knowledge as data: every expectation and explanation names sources that exist; every
explanation has its predicate and every predicate its data entry; topology files read right."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from servecheck.comm import backend, expect, explain, launchers, topology, torchscript
from servecheck.comm.models import CommTest, Transport

TOPO = Path(__file__).parent / "topology"


def _source_keys(obj: object) -> list[str]:
    if isinstance(obj, dict):
        found = list(obj.get("sources", [])) if isinstance(obj.get("sources"), list) else []
        return found + [k for v in obj.values() for k in _source_keys(v)]
    if isinstance(obj, list):
        return [k for v in obj for k in _source_keys(v)]
    return []


@pytest.mark.parametrize("table", [expect.data(), explain.table()], ids=["expectations", "explanations"])
def test_every_cited_source_is_defined_with_a_url(table: dict) -> None:
    keys = _source_keys({k: v for k, v in table.items() if k != "sources"})
    assert keys and set(keys) <= set(table["sources"])
    assert all("https://" in text for text in table["sources"].values())


def test_explanations_and_predicates_match() -> None:
    assert {e["id"] for e in explain.table()["explanations"]} == set(explain.PREDICATES)


def test_every_nvlink_row_has_a_rate_and_a_source() -> None:
    for row in expect.data()["nvlink"]:
        assert row["effective_gbps"] > 0 and row["sources"] and row["tag"] in ("V", "S", "K")


@pytest.mark.parametrize("path", sorted(TOPO.glob("deepep*.txt")), ids=lambda p: p.stem)
def test_recorded_topology_read_right(path: Path) -> None:
    side = json.loads(path.with_suffix(".json").read_text())
    facts = topology.read([path])
    for key, want in side["expect"].items():
        assert facts[key] == want, key


def test_topology_forms() -> None:
    roce = topology.read([TOPO / "synthetic-ibv-devinfo-roce.txt"])
    assert (roce["rdma_nics"], roce["nic_rate_gbit"], roce["link_layer"]) == (1, 200, "RoCE")  # 1 port down
    m = topology.read([TOPO / "synthetic-topo-m-h100-8nic.txt"])
    assert (m["gpus"], m["nvlink"], m["gpu_nic_path"]) == (8, True, "PIX")
    pcie = topology.read([TOPO / "synthetic-topo-m-pcie.txt"])
    assert (pcie["nvlink"], pcie["worst_gpu_path"]) == (False, "SYS")


def test_topology_file_that_says_nothing_is_named(tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    assert topology.read([junk])["unread"] == [str(junk)]


def _t(net: str | None, nodes: int, model: str = "NVIDIA H200", p2p: list[str] | None = None) -> CommTest:
    return CommTest(status="complete", nodes=nodes, ranks=8 * nodes, gpus={model: 8 * nodes},
                    transport=Transport(net=net, p2p=p2p or []))


def test_backend_fit_and_mismatch_named() -> None:
    ib = {"rdma_nics": 8, "nic_rate_gbit": 400}
    assert backend.check("kimi-k3", "deepep_v2", [_t("IB", 2)], ib).fits is True
    bad = backend.check("kimi-k3", "flashinfer_nvlink_one_sided", [_t("IB", 2)], ib)
    assert bad.fits is False and "does NOT fit" in bad.message
    single = backend.check("kimi-k3", "flashinfer_nvlink_one_sided", [_t(None, 1)], {})
    assert single.fits is True
    nvl72 = backend.check("kimi-k3", "flashinfer_nvlink_one_sided", [_t(None, 2, "NVIDIA GB300", ["MNNVL"])], {})
    assert nvl72.fits is True
    choose = backend.check("kimi-k3", None, [_t("IB", 2)], ib)
    assert "deepep_v2" in choose.message and "flashinfer" not in choose.message


def test_backend_unknown_when_topology_not_shown() -> None:
    r = backend.check("kimi-k3", "deepep_v2", [CommTest(status="incomplete")], {})
    assert r.fits is None and "cannot be checked" in r.message


def test_launcher_argv_carry_nccl_debug_and_labels() -> None:
    plan = launchers.Plan(nodes=2, gpus_per_node=8, hosts=("a", "b"))
    srun = launchers.slurm(plan, "all_reduce")
    assert srun[:2] == ["srun", "-l"] and "--export=ALL" in srun
    env = launchers.run_env({"PATH": "/usr/bin"})
    assert (env["NCCL_DEBUG"], env["NCCL_DEBUG_SUBSYS"], env["PATH"]) == ("INFO", "INIT,NET", "/usr/bin")
    mpi = launchers.mpirun(plan, "alltoall")
    assert "--tag-output" in mpi and "NCCL_DEBUG_SUBSYS=INIT,NET" in mpi and "alltoall_perf" in mpi
    assert "a:8,b:8" in mpi and "-np" in mpi and mpi[mpi.index("-np") + 1] == "16"
    tr = launchers.torchrun(plan, "all_reduce", "/x/s.py", "a:29500")
    assert "--nnodes=2" in tr and "--nproc-per-node=8" in tr


def test_runtime_never_imports_torch() -> None:
    code = ("import sys, servecheck.comm.api, servecheck.comm.runner, servecheck.cli.comm; "
            "sys.exit(1 if 'torch' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
    compile(torchscript.SCRIPT, torchscript.SCRIPT_NAME, "exec")  # the written script is valid Python


def test_error_lines_are_redacted(tmp_path: Path) -> None:
    from servecheck.comm.api import read

    f = tmp_path / "x.log"
    f.write_text("host: Test NCCL failure common.cu:1 'internal error HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz'\n")
    t = read([str(f)]).tests[0]
    assert t.status == "error" and "hf_abcdefghijklmnopqrstuvwxyz" not in json.dumps(t.model_dump())


def test_topology_from_a_capture_bundle(tmp_path: Path) -> None:
    matrix = (TOPO / "synthetic-topo-m-h100-8nic.txt").read_text()
    (tmp_path / "evidence.json").write_text(json.dumps({"gpu": {"topology": matrix}}))
    facts = topology.read([tmp_path])
    assert facts["nvlink"] is True and facts["files"] == [str(tmp_path)]


def test_torchrun_writes_the_script_and_a_missing_torchrun_is_an_error(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from servecheck.comm import runner

    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    req = runner.RunRequest("torchrun", launchers.Plan(nodes=1, gpus_per_node=2), tmp_path / "out",
                            deadline_s=10, ops=("all_reduce",))
    (t,) = runner.run_tests(req).tests
    assert (tmp_path / "out" / torchscript.SCRIPT_NAME).is_file()
    assert (t.status, t.verdict) == ("error", "fail") and "torchrun" in t.errors[0]


def test_efa_devices_count_as_rdma_nics() -> None:
    efa = topology.read([TOPO / "synthetic-ibv-devinfo-efa.txt"])
    assert (efa["rdma_nics"], efa["nic_rate_gbit"], efa["link_layer"]) == (1, 100, "EFA")
