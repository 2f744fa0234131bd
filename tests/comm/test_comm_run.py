"""`comm run` through real launchers on loopback (Open MPI's mpirun on 2 ranks; srun -l on the
fleet tests' single-host Slurm) with a fake all_reduce_perf that replays a recorded output; the
deadline; a missing launcher."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from tests.comm import synth
from tests.fleet.test_fleet_slurm import (
    needs_slurm,
    slurm,  # noqa: F401 - the fleet tests' single-host Slurm, shared
)

from servecheck.comm import launchers, runner

BIN = Path(__file__).parent / "bin"
IBSTAT = Path(__file__).parent / "topology" / "deepep303-ibstat-h20.txt"
HAVE_MPIRUN = shutil.which("mpirun") is not None
needs_mpirun = pytest.mark.skipif(not HAVE_MPIRUN, reason="Open MPI's mpirun is not installed "
                                  "(apt-get install openmpi-bin; `make test` does it when run as root)")


def _plan(**kw) -> launchers.Plan:
    return launchers.Plan(nodes=1, gpus_per_node=2, binary_dir=str(BIN), oversubscribe=True,
                          max_bytes="8G", **kw)


@pytest.fixture
def replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    out = tmp_path / "recorded.txt"
    out.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    monkeypatch.setenv("SC_FAKE_NCCL_REPLAY", str(out))
    return out


@needs_mpirun
def test_mpirun_launches_two_ranks_and_reads_tagged_output(tmp_path: Path, replay: Path) -> None:
    req = runner.RunRequest("mpirun", _plan(), tmp_path / "run", deadline_s=120, ops=("all_reduce",))
    result = runner.run_tests(req, [IBSTAT])
    (t,) = result.tests
    assert result.run is not None and result.run["runs"][0]["status"] == "ok"
    assert t.launcher_prefix == "mpirun --tag-output"  # the real launcher's prefix, parsed back
    assert (t.status, t.verdict, t.ranks) == ("complete", "pass", 16)
    log = (tmp_path / "run" / "all_reduce.log").read_text()
    assert "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET" in log  # the launcher passed the settings


@needs_mpirun
def test_mpirun_deadline_stops_a_hang(tmp_path: Path, replay: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SC_FAKE_NCCL_SLEEP", "30")
    req = runner.RunRequest("mpirun", _plan(), tmp_path / "run", deadline_s=3, ops=("all_reduce", "alltoall"))
    result = runner.run_tests(req, [IBSTAT])
    assert [t.status for t in result.tests] == ["timeout", "timeout"]
    assert all(t.verdict == "fail" for t in result.tests)
    assert "deadline" in result.tests[1].errors[0] or "timed out" in result.tests[1].errors[0]


def test_missing_launcher_is_an_error_not_a_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no srun here
    req = runner.RunRequest("slurm", _plan(), tmp_path / "run", deadline_s=10, ops=("all_reduce",))
    (t,) = runner.run_tests(req).tests
    assert (t.status, t.verdict) == ("error", "fail") and "not found" in t.errors[0]


def test_fake_binary_without_launcher(tmp_path: Path, replay: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """torchrun-less check of the replay itself through servecheck.proc (no MPI needed)."""
    from servecheck.proc import run

    res = run([str(BIN / "alltoall_perf"), "-b", "8"], timeout=30, env=dict(os.environ))
    assert res.ok and "Out of bounds values" in res.stdout



@needs_slurm
def test_srun_labelled_output_through_a_real_slurm(slurm, tmp_path: Path, replay: Path,  # noqa: F811
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLURM_CONF", slurm["env"]["SLURM_CONF"])
    plan = launchers.Plan(nodes=1, gpus_per_node=2, binary_dir=str(BIN), srun_mpi="none", srun_gpus=False)
    req = runner.RunRequest("slurm", plan, tmp_path / "run", deadline_s=120, ops=("all_reduce",))
    (t,) = runner.run_tests(req, [IBSTAT]).tests
    assert t.launcher_prefix == "srun -l" and (t.status, t.verdict, t.ranks) == ("complete", "pass", 16)


def test_a_launcher_that_fails_before_any_result_says_why(tmp_path: Path) -> None:
    """mpirun that cannot reach the second host prints the ssh error and exits: the test names it
    (it used to say only that no result rows came, the reason left in the log file)."""
    from servecheck.proc import ProcResult

    res = ProcResult(argv=("mpirun", "-np", "16", "all_reduce_perf"), status="error", returncode=1,
                     stderr="ssh: connect to host node2 port 22: Connection refused\n"
                            "ORTE was unable to reliably start one or more daemons.\n\n")
    (t,) = runner._tests_for("all_reduce", res, tmp_path / "all_reduce.log")
    assert t.verdict != "pass"
    assert any("ssh: connect to host node2 port 22: Connection refused" in e for e in t.errors), t.errors
