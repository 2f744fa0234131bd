"""The saved comm result: one entry per nccl-tests run found in the inputs.

``status`` says what was read (complete / incomplete / error / empty / not_nccl_output);
``verdict`` says what it means (pass / slow / fail / unknown). A test that was not read to its
end is never ``pass``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from servecheck.modelbase import StrictModel

SCHEMA_VERSION = 1
TestStatus = Literal["complete", "incomplete", "error", "timeout", "empty", "not_nccl_output"]
Verdict = Literal["pass", "slow", "fail", "unknown"]


class SizeRow(StrictModel):
    """One data row of the nccl-tests table (GB/s with G = 10^9; time in microseconds)."""

    size_bytes: int
    count: int
    dtype: str
    redop: str | None = None
    oop_time_us: float | None = None
    oop_algbw_gbps: float | None = None
    oop_busbw_gbps: float | None = None
    oop_wrong: int | None = Field(None, description="None: not checked (N/A) or an old-style deviation")
    ip_busbw_gbps: float | None = None
    ip_wrong: int | None = None


class Transport(StrictModel):
    """What the NCCL INFO lines (and the device table) say about how data moved."""

    net: str | None = Field(None, description="IB / RoCE / Socket / OFI/efa / none (one node) / None unknown")
    network_line: str | None = Field(None, description="the plugin named by 'Using network ...'")
    gdr: bool | None = Field(None, description="GPU Direct RDMA used on NET channels")
    p2p: list[str] = Field(default_factory=list, description="P2P kinds seen: CUMEM, IPC, direct pointer, MNNVL")
    shm: bool | None = None
    nvls: bool | None = Field(None, description="NVLS multicast support available")
    nccl_version: str | None = None
    hcas: list[str] = Field(default_factory=list)
    link_layers: list[str] = Field(default_factory=list)
    interface: str | None = None
    ib_missing: bool = Field(False, description="'NET/IB : No device found.' was logged")
    gdr_disabled_hcas: int = 0
    env: dict[str, str] = Field(default_factory=dict, description="NCCL_* settings echoed by NCCL")
    nranks: int | None = None
    nnodes: int | None = None


class Expectation(StrictModel):
    """What the topology should give for this test, and the data rows it came from."""

    expected_gbps: float | None = None
    pass_fraction: float | None = None
    basis: str = ""
    missing: list[str] = Field(default_factory=list, description="facts that were needed and not found")
    sources: list[str] = Field(default_factory=list)


class CommTest(StrictModel):
    op: str = "unknown"
    status: TestStatus
    ranks: int | None = None
    nodes: int | None = None
    gpus: dict[str, int] = Field(default_factory=dict, description="GPU model -> ranks on it")
    hosts: list[str] = Field(default_factory=list)
    avg_busbw_gbps: float | None = Field(None, description="mean out-of-place busbw over the rows")
    peak_busbw_gbps: float | None = Field(None, description="highest out-of-place busbw")
    peak_at_bytes: int | None = None
    max_size_bytes: int | None = None
    footer_avg_busbw_gbps: float | None = Field(None, description="nccl-tests' own footer (all rows, both placements)")
    wrong: int | None = Field(None, description="rows with wrong values; None when not checked")
    out_of_bounds: int | None = None
    out_of_bounds_ok: bool | None = None
    validation: bool | None = None
    nccl_tests_version: str | None = None
    launcher_prefix: str = "plain"
    separate_processes: bool = Field(False, description="a non-MPI binary under a launcher: each rank ran alone")
    transport: Transport = Field(default_factory=Transport)
    rows: list[SizeRow] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list, description="failure and WARN lines, redacted")
    diagnosis: dict[str, Any] | None = Field(None, description="servecheck diagnose's primary finding for the error lines")
    expectation: Expectation = Field(default_factory=Expectation)
    verdict: Verdict = "unknown"
    reason: str = ""
    explains: list[str] = Field(default_factory=list, description="what explains a slow or failed result")
    source: str = ""


class BackendCheck(StrictModel):
    recipe: str
    backend: str | None = None
    needs: str | None = None
    has_rdma: bool | None = None
    one_nvlink_domain: bool | None = None
    fits: bool | None = None
    message: str


class CommResult(StrictModel):
    schema_version: int = SCHEMA_VERSION
    kind: Literal["comm"] = "comm"
    servecheck_version: str
    tests: list[CommTest] = Field(default_factory=list)
    inputs: list[str] = Field(default_factory=list)
    topology: dict[str, Any] = Field(default_factory=dict, description="facts read from --topology files")
    backend: BackendCheck | None = None
    run: dict[str, Any] | None = Field(None, description="how `comm run` launched the tests (argv, exit, duration)")

    @property
    def overall(self) -> str:
        verdicts = {t.verdict for t in self.tests}
        if not self.tests:
            return "unknown"
        if self.backend is not None and self.backend.fits is False:
            return "fail"
        for v in ("fail", "slow", "unknown"):
            if v in verdicts:
                return v
        return "pass"
