"""torch's capability warning over three lines, judged by the GPU's capability against the build's
range (``diagnose.capability``): below the minimum or a major version above the maximum fails; a
GPU above the maximum within its major version (a GB10 under a 12.0 build) runs."""

from __future__ import annotations

import pytest

from servecheck.diagnose import capability
from servecheck.diagnose.api import diagnose

HEAD = "/venv/lib/python3.12/site-packages/torch/cuda/__init__.py:435: UserWarning: \n"


def _warning(gpu: str, cc: str, low: str, high: str, prefix: str = "") -> str:
    # torch/cuda/__init__.py's _check_capability: incompatible_gpu_warn, as logs show it
    # (sd-webui-forge-classic#938, a vLLM log under a process prefix)
    lines = [HEAD.rstrip("\n"), f"    Found GPU0 {gpu} which is of cuda capability {cc}.",
             "    Minimum and Maximum cuda capability supported by this version of PyTorch is",
             f"    ({low}) - ({high})", "    ", "  queued_call()"]
    return "".join(f"{prefix}{line}\n" for line in lines)


@pytest.mark.parametrize(("cc", "low", "high", "why"), [
    ((6, 1), (7, 5), (12, 0), "below_min"),
    ((7, 0), (7, 5), (12, 0), "below_min"),
    ((12, 0), (5, 0), (9, 0), "major_above_max"),
    ((12, 1), (8, 0), (12, 0), None),
    ((8, 6), (7, 5), (12, 0), None),
    ((7, 5), (7, 5), (12, 0), None),
])
def test_outside_reads_binary_compatibility(cc, low, high, why):
    assert capability.outside(cc, low, high) == why


def test_a_pascal_gpu_below_a_cu128_build_is_an_arch_failure(tmp_path):
    log = tmp_path / "start.log"
    log.write_text("Launching Web UI with arguments: --xformers\n"
                   + _warning("NVIDIA GeForce GTX 1080 with Max-Q Design", "6.1", "7.5", "12.0"))
    d = diagnose(str(log))
    assert d.status == "failure"
    assert d.primary is not None and d.primary.cls == "gpu_arch_unsupported"
    assert d.primary.signature == "torch.capability_outside_build"
    assert [e.line for e in d.primary.evidence] == [3, 5]
    assert "GTX 1080" in d.primary.explanation and "7.5" in d.primary.explanation


def test_a_blackwell_gpu_above_a_cu126_build_fails_under_a_process_prefix(tmp_path):
    log = tmp_path / "start.log"
    log.write_text(_warning("NVIDIA GeForce RTX 5090", "12.0", "5.0", "9.0", prefix="(APIServer pid=1) "))
    d = diagnose(str(log))
    assert d.primary is not None and d.primary.cls == "gpu_arch_unsupported"


def test_the_range_on_the_warnings_own_line_is_read(tmp_path):
    log = tmp_path / "start.log"
    log.write_text("Found GPU0 Tesla P100-PCIE-16GB which is of cuda capability 6.0.\n"
                   "Minimum and Maximum cuda capability supported by this version of PyTorch is (7.0) - (12.0)\n")
    d = diagnose(str(log))
    assert d.primary is not None and d.primary.cls == "gpu_arch_unsupported"


def test_a_gb10_above_a_12_0_build_is_no_failure(tmp_path):
    # DGX Spark: sm_121 runs sm_120 cubins; torch warns anyway (discuss.pytorch.org/t/223677)
    log = tmp_path / "start.log"
    log.write_text(_warning("NVIDIA GB10", "12.1", "8.0", "12.0", prefix="(APIServer pid=1) ")
                   + "(APIServer pid=1) INFO:     Application startup complete.\n")
    d = diagnose(str(log))
    assert d.status == "no_failure" and d.primary is None


def test_a_range_line_far_from_the_warning_is_not_its_range(tmp_path):
    log = tmp_path / "start.log"
    log.write_text("Found GPU0 Tesla P100-PCIE-16GB which is of cuda capability 6.0.\n"
                   + "INFO loading\n" * 5 + "(7.0) - (12.0)\n")
    assert capability.judge(_facts(log), str) is None


def _facts(log):
    from servecheck.diagnose.scan import Scanner
    from servecheck.diagnose.signatures import load
    scanner = Scanner(load())
    with open(log, "rb") as fh:
        scanner.scan_stream(fh)
    return scanner.result.facts
