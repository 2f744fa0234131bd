"""Verdict rules on complete (synthetic) runs: pass, slow with the reason named, fail, unknown."""

from __future__ import annotations

from pathlib import Path

from tests.comm import synth

from servecheck.comm import api

TOPO = Path(__file__).parent / "topology"
IBSTAT = TOPO / "deepep303-ibstat-h20.txt"  # 2 x 400G IB HCAs (a real node's ibstat)


def _read(tmp_path: Path, text: str, topo: list[Path] | None = None):
    f = tmp_path / "out.txt"
    f.write_text(text)
    return api.read([str(f)], topo or [])


def test_two_nodes_ib_pass(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=90.0, info=synth.IB_INFO), [IBSTAT]).tests[0]
    assert (t.status, t.verdict, t.ranks, t.nodes) == ("complete", "pass", 16, 2)
    assert t.expectation.expected_gbps == 92.0  # 2 NICs x 400/8 x 0.92
    assert t.transport.net == "IB" and t.transport.gdr is True


def test_socket_where_ib_expected_is_slow_and_named(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=9.5, info=synth.SOCKET_INFO), [IBSTAT]).tests[0]
    assert t.verdict == "slow"
    assert any("TCP sockets" in x for x in t.explains)


def test_gdr_off_is_named(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=40.0, info=synth.NO_GDR_INFO), [IBSTAT]).tests[0]
    assert t.verdict == "slow" and t.transport.gdr is False
    assert any("GPU Direct RDMA" in x for x in t.explains)


def test_p2p_disabled_single_node_is_named(tmp_path: Path) -> None:
    info = ("n:1:2 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1",
            "n:1:2 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct")
    t = _read(tmp_path, synth.output(op="alltoall", hosts=("n",), peak=20.0, info=info)).tests[0]
    assert t.verdict == "slow" and t.expectation.expected_gbps == 370
    assert any("peer-to-peer" in x for x in t.explains)


def test_nvls_all_reduce_single_node(tmp_path: Path) -> None:
    nvls = ("n:1:2 [0] NCCL INFO NVLS multicast support is available on dev 0",)
    ok = _read(tmp_path, synth.output(hosts=("n",), peak=478.0, info=nvls)).tests[0]
    assert ok.verdict == "pass" and ok.expectation.expected_gbps == 480
    slow = _read(tmp_path, synth.output(hosts=("n",), peak=370.0, info=nvls)).tests[0]
    assert slow.verdict == "slow"


def test_pcie_hop_named_from_topology(tmp_path: Path) -> None:
    topo = [TOPO / "synthetic-topo-m-pcie.txt"]
    t = _read(tmp_path, synth.output(hosts=("n",), gpus_per_host=4, model="NVIDIA GeForce RTX 4090",
                                     peak=3.0), topo).tests[0]
    assert t.verdict == "slow" and t.expectation.expected_gbps == 12.0
    assert any("PCIe" in x for x in t.explains)


def test_wrong_values_fail_whatever_the_bandwidth(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=95.0, wrong=3, info=synth.IB_INFO), [IBSTAT]).tests[0]
    assert t.verdict == "fail" and t.wrong == 6 and t.out_of_bounds_ok is False  # 3 per placement


def test_missing_nic_rate_is_unknown_and_named(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=90.0, info=synth.IB_INFO)).tests[0]
    assert t.verdict == "unknown"
    assert any("ibstat" in m for m in t.expectation.missing)


def test_unknown_gpu_single_node_names_the_fact(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(hosts=("n",), model="Mystery GPU 9000", peak=50.0)).tests[0]
    assert t.verdict == "unknown" and "intra-node link" in t.reason


def test_small_sizes_only_cannot_be_slow(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=10.0, sizes=[2**k for k in range(10, 20)], info=synth.IB_INFO),
              [IBSTAT]).tests[0]
    assert t.verdict == "unknown" and "too small" in t.reason


def test_alltoall_multinode_one_nic_per_gpu(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(op="alltoall", peak=30.0, info=synth.IB_INFO), [IBSTAT]).tests[0]
    assert t.expectation.expected_gbps == 11.5  # 46 GB/s x 2 NICs / 8 GPUs per node
    assert t.verdict == "pass"


def test_cut_before_footer_is_incomplete_never_pass(tmp_path: Path) -> None:
    t = _read(tmp_path, synth.output(peak=95.0, footer=False, info=synth.IB_INFO), [IBSTAT]).tests[0]
    assert (t.status, t.verdict) == ("incomplete", "unknown")


def test_prefixed_forms_read_the_same(tmp_path: Path) -> None:
    plain = _read(tmp_path, synth.output(peak=90.0), [IBSTAT]).tests[0]
    for pre, form in (("[1,0]<stdout>:", "mpirun --tag-output"), ("0: ", "srun -l"),
                      ("2026-11-30T10:00:00.123456789Z ", "plain")):
        t = _read(tmp_path, synth.output(peak=90.0, prefix=pre), [IBSTAT]).tests[0]
        assert (t.launcher_prefix, t.ranks, t.peak_busbw_gbps, t.verdict) == \
            (form, plain.ranks, plain.peak_busbw_gbps, plain.verdict)


def test_two_tests_in_one_log(tmp_path: Path) -> None:
    text = synth.output(peak=90.0) + synth.output(op="alltoall", peak=30.0)
    tests = _read(tmp_path, text, [IBSTAT]).tests
    assert [t.op for t in tests] == ["all_reduce", "alltoall"]


def test_non_mpi_binary_under_mpirun_is_named(tmp_path: Path) -> None:
    """Each rank printing its own header (tag-output shows who) = nccl-tests built without MPI."""
    one = synth.output(hosts=("a",), gpus_per_host=1, peak=1.0)
    text = "".join(f"[1,{r}]<stdout>:{ln}\n" for r in (0, 1) for ln in one.splitlines())
    tests = _read(tmp_path, text).tests
    assert len(tests) == 2 and all(t.separate_processes and t.verdict == "fail" for t in tests)
    assert not _read(tmp_path, synth.output(peak=90.0) + synth.output(op="alltoall", peak=30.0)).tests[0] \
        .separate_processes


def test_per_iteration_columns_read_by_name(tmp_path: Path) -> None:
    """nccl-tests >= 2.19.2 with -I adds i_min i_max i_p99 i_cv% after each placement."""
    head = ("#       size         count      type   redop    root     time   algbw   busbw  #wrong    i_min    i_max"
            "    i_p99   i_cv%     time   algbw   busbw  #wrong    i_min    i_max    i_p99   i_cv%")
    row = ("  8589934592    2147483648     float     sum      -1    23400  367.10  366.20       0    23300    23500"
           "    23490    0.20    23390  367.20  366.30       0    23290    23510    23500    0.21")
    text = synth.output(hosts=("n",), peak=1.0, info=("n:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM",))
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if "#wrong" in ln)
    table_end = next(i for i, ln in enumerate(lines) if "Out of bounds" in ln)
    text = "\n".join(lines[:at] + [head] + [lines[at + 1], row] + lines[table_end:]) + "\n"
    (t,) = _read(tmp_path, text.replace("all_reduce_perf", "alltoall_perf")).tests
    assert (t.peak_busbw_gbps, t.wrong, len(t.rows), t.rows[0].ip_busbw_gbps) == (366.2, 0, 1, 366.3)
    assert t.verdict == "pass"
