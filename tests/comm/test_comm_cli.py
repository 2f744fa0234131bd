"""`servecheck comm` at the edge: exit codes, the JSON shape, and bad input of every kind."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.comm import synth

from servecheck.cli.main import cli

FIX = Path(__file__).parent / "fixtures"
IBSTAT = Path(__file__).parent / "topology" / "deepep303-ibstat-h20.txt"


def _run(*args: str):
    return CliRunner().invoke(cli, ["comm", *args], standalone_mode=False)


def _json(res) -> dict:
    return json.loads(res.output)


def test_json_shape_and_pass_exit(tmp_path: Path) -> None:
    f = tmp_path / "ok.log"
    f.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    res = _run("--from", str(f), "--topology", str(IBSTAT), "--json")
    assert res.return_value == 0, res.output
    test = _json(res)["tests"][0]
    for key in ("op", "ranks", "nodes", "gpus", "avg_busbw_gbps", "peak_busbw_gbps", "wrong", "transport", "verdict"):
        assert key in test
    assert test["verdict"] == "pass" and test["transport"]["net"] == "IB"


def test_slow_and_fail_exit_1(tmp_path: Path) -> None:
    f = tmp_path / "slow.log"
    f.write_text(synth.output(peak=9.0, info=synth.SOCKET_INFO))
    assert _run("--from", str(f), "--topology", str(IBSTAT)).return_value == 1
    assert _run("--from", str(FIX / "nt322-h100-unhandled-cuda-error.txt")).return_value == 1


@pytest.mark.parametrize("content,status", [(b"", "empty"), (b"   \n\n", "empty"),
                                            (b"\x00\xff garbage \x13" * 1000, "not_nccl_output"),
                                            (b'{"tests": [', "not_nccl_output")])
def test_bad_content_is_its_own_status_exit_3(tmp_path: Path, content: bytes, status: str) -> None:
    f = tmp_path / "bad.log"
    f.write_bytes(content)
    res = _run("--from", str(f), "--json")
    assert res.return_value == 3
    (t,) = _json(res)["tests"]
    assert (t["status"], t["verdict"]) == (status, "unknown")


def test_truncated_recorded_output_exit_3() -> None:
    res = _run("--from", str(FIX / "awsk8s503-p5-tag-output.txt"), "--json")
    assert res.return_value == 3 and _json(res)["tests"][0]["status"] == "incomplete"


def test_dev_zero_fifo_and_directory_are_refused_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        res = _run("--from", path, "--json")
        assert res.return_value == 3, path
        (t,) = _json(res)["tests"]
        assert t["status"] == "not_nccl_output" and t["errors"], path


def test_missing_file_named(tmp_path: Path) -> None:
    res = _run("--from", str(tmp_path / "nope.log"), "--json")
    assert res.return_value == 3 and "nope.log" in _json(res)["tests"][0]["errors"][0]


def test_no_input_is_usage_error() -> None:
    from servecheck.errors import UsageError

    res = _run()
    assert isinstance(res.exception, UsageError)


def test_kubernetes_prints_a_manifest_and_runs_nothing(tmp_path: Path) -> None:
    res = _run("run", "--launcher", "kubernetes", "--nodes", "2", "--gpus-per-node", "8",
               "--image", "registry.example/nccl-tests:1", "--out-dir", str(tmp_path / "o"))
    assert res.return_value == 0
    assert "kind: MPIJob" in res.output and "NCCL_DEBUG=INFO" in res.output
    assert "alltoall_perf" in res.output and not (tmp_path / "o").exists()


def test_attach_to_case(tmp_path: Path) -> None:
    store = tmp_path / "store.db"
    new = CliRunner().invoke(cli, ["case", "new", "night", "--store", str(store)], standalone_mode=False)
    case_id = new.output.strip()
    f = tmp_path / "ok.log"
    f.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    res = _run("--from", str(f), "--topology", str(IBSTAT), "--case", case_id, "--store", str(store))
    assert res.return_value == 0
    shown = CliRunner().invoke(cli, ["case", "show", case_id, "--store", str(store), "--json"],
                               standalone_mode=False)
    runs = json.loads(shown.output)["runs"]
    assert [r["kind"] for r in runs] == ["comm"]


def test_saved_json_validates_against_the_schema(tmp_path: Path) -> None:
    import jsonschema

    f = tmp_path / "ok.log"
    f.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    data = _json(_run("--from", str(f), "--topology", str(IBSTAT), "--json"))
    schema = json.loads(CliRunner().invoke(cli, ["schema", "comm"], standalone_mode=False).output)
    jsonschema.validate(data, schema)


def test_stdin_and_several_files(tmp_path: Path) -> None:
    f = tmp_path / "ok.log"
    f.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    res = CliRunner().invoke(cli, ["comm", "--from", "-", "--from", str(f), "--topology", str(IBSTAT), "--json"],
                             input=synth.output(op="alltoall", peak=30.0), standalone_mode=False)
    assert [t["op"] for t in _json(res)["tests"]] == ["alltoall", "all_reduce"]


def test_a_topology_file_that_says_nothing_is_named_not_passed_over(tmp_path: Path) -> None:
    f = tmp_path / "ok.log"
    f.write_text(synth.output(peak=90.0, info=synth.IB_INFO))
    junk = tmp_path / "topo.txt"
    junk.write_text("nothing a topology reader knows\n")
    res = _run("--from", str(f), "--topology", str(junk))
    # the table is 80 columns wide and the message starts with the tmp path, whose length varies
    # with pytest's counters: a wrap may fall inside the path, so the words are compared unspaced
    assert "topo.txtholdsnoibstat" in "".join(res.output.split())
    res = _run("--from", str(f), "--topology", str(junk), "--json")
    assert _json(res)["topology"]["unread"] == [str(junk)]
