"""The four gates on the worked examples of reference §8 and the cases the issue names."""

from __future__ import annotations

import json

import pytest

from servecheck.knowledge.compat import CompatResult, evaluate

REQ_128 = ("cuda>=12.8 brand=unknown,driver>=470,driver<471 brand=tesla,driver>=470,driver<471 "
           "brand=tesla,driver>=535,driver<536 brand=nvidia,driver>=535,driver<536 "
           "brand=tesla,driver>=550,driver<551 brand=nvidia,driver>=550,driver<551 "
           "brand=tesla,driver>=560,driver<561 brand=tesla,driver>=565,driver<566")
CU130_TORCH = ["7.5", "8.0", "8.6", "9.0", "10.0", "12.0+PTX"]
CU126_TORCH = ["5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0"]


def statuses(result: CompatResult) -> dict[str, str]:
    return {g.id: g.status for g in result.gates}


def test_cu130_on_r575_is_incompatible_at_gate_2() -> None:
    result = evaluate(image_cuda="13.0", driver_version="575.57.08", gpu_name="NVIDIA H200")
    gate = result.gate("driver_runtime")
    assert result.verdict == "incompatible"
    assert gate.status == "fail"
    assert "12090" in gate.reason and "R575" in gate.reason and "NFB" in gate.reason
    assert any("[S18]" in s for s in gate.sources) and any("[S29]" in s for s in gate.sources)
    assert result.facts.host_cuda == "12.9" and result.facts.driver_branch == "r575"


def test_cu130_on_r575_stays_incompatible_even_with_compat_libs() -> None:
    result = evaluate(image_cuda="13.0.2", driver_version="575.57.08", driver_cuda="12.9",
                      gpu_name="NVIDIA H200", forward_compat=True)
    assert result.gate("driver_runtime").status == "fail"


def test_cu130_on_r580_is_compatible() -> None:
    result = evaluate(image_cuda="13.0", require_cuda="cuda>=13.0", driver_version="580.95.05",
                      gpu_name="NVIDIA H200", torch_cuda_arch_list=CU130_TORCH)
    assert statuses(result) == dict.fromkeys(statuses(result), "pass")
    assert result.verdict == "compatible"


def test_cu130_on_r580_without_requirement_is_compatible_with_conditions() -> None:
    result = evaluate(image_cuda="13.0", driver_version="580.95.05", gpu_name="NVIDIA H200")
    assert result.verdict == "compatible_with_conditions"
    assert not result.gate("toolkit_requirement").evaluated
    assert "starts here" in result.gate("toolkit_requirement").conditions[0]


def test_update_release_on_older_driver_of_same_branch_notes_mvc() -> None:
    result = evaluate(image_cuda="13.0.2", driver_version="580.65.06", gpu_name="NVIDIA H200",
                      require_cuda="cuda>=13.0", torch_cuda_arch_list=CU130_TORCH)
    gate = result.gate("driver_runtime")
    assert gate.status == "pass" and "580.95.05" in gate.conditions[0]
    assert result.verdict == "compatible_with_conditions"


# --- reference §8 worked examples -------------------------------------------------------------

def test_s8_cuda128_image_on_datacenter_550_passes_via_brand_alternative() -> None:
    result = evaluate(image_cuda="12.8.1", require_cuda=REQ_128, driver_version="550.54.15",
                      gpu_name="NVIDIA A100-SXM4-80GB", gpu_brand="tesla")
    gate1 = result.gate("toolkit_requirement")
    assert gate1.status == "pass" and "brand=tesla,driver>=550,driver<551" in gate1.conditions[0]
    assert result.gate("driver_runtime").status == "pass"  # MVC: 550 >= 525.60.13
    assert result.verdict == "compatible_with_conditions"


def test_s8_brand_unknown_is_unknown_not_a_guess() -> None:
    result = evaluate(image_cuda="12.8.1", require_cuda=REQ_128, driver_version="550.54.15",
                      gpu_name="NVIDIA A100-SXM4-80GB")
    assert result.gate("toolkit_requirement").status == "unknown"
    assert result.verdict == "unknown"


def test_s8_cuda128_image_on_geforce_550_is_refused_unless_disabled() -> None:
    kwargs = dict(image_cuda="12.8.1", require_cuda=REQ_128, driver_version="550.54.15",
                  gpu_name="NVIDIA GeForce RTX 4090", gpu_brand="geforce")
    refused = evaluate(**kwargs)
    assert refused.gate("toolkit_requirement").status == "fail"
    assert "unsatisfied condition: cuda>=12.8 (cuda=12.4)" in refused.gate("toolkit_requirement").reason
    assert refused.verdict == "incompatible"
    disabled = evaluate(**kwargs, disable_require=True)
    assert disabled.gate("toolkit_requirement").status == "pass"
    assert disabled.gate("driver_runtime").conditions  # MVC limits
    assert disabled.verdict == "compatible_with_conditions"


def test_s8_cuda129_image_on_rtx5090_570_fails_at_start() -> None:
    result = evaluate(image_cuda="12.9", require_cuda="cuda>=12.9", driver_version="570.124.06",
                      gpu_name="NVIDIA GeForce RTX 5090")
    assert statuses(result)["toolkit_requirement"] == "fail"
    assert statuses(result)["driver_runtime"] == "pass"  # MVC would allow
    assert statuses(result)["gpu_code"] == "pass"        # Blackwell needs >= 12.8 code: OK
    assert result.verdict == "incompatible"


def test_s8_cuda130_on_geforce_570_does_not_run() -> None:
    result = evaluate(image_cuda="13.0", require_cuda="cuda>=13.0", driver_version="570.124.06",
                      gpu_name="NVIDIA GeForce RTX 4090")
    assert statuses(result)["toolkit_requirement"] == "fail"
    gate2 = result.gate("driver_runtime")
    assert gate2.status == "fail" and "804" in gate2.reason
    assert result.verdict == "incompatible"


@pytest.mark.parametrize("driver", ["535.104.05", "570.124.06"])
def test_s8_cuda130_on_h100_535_570_runs_via_forward_compat(driver) -> None:
    result = evaluate(image_cuda="13.0", driver_version=driver, gpu_name="NVIDIA H100 80GB HBM3")
    gate2 = result.gate("driver_runtime")
    assert gate2.status == "pass" and "cuda-compat-13-0" in gate2.reason
    assert any("VLLM_ENABLE_CUDA_COMPATIBILITY=1" in c for c in gate2.conditions)
    assert result.verdict == "compatible_with_conditions"
    off = evaluate(image_cuda="13.0", driver_version=driver, gpu_name="NVIDIA H100 80GB HBM3",
                   forward_compat=False)
    assert off.gate("driver_runtime").status == "fail"


def test_s8_cuda13_image_on_v100_fails_gate_3() -> None:
    result = evaluate(image_cuda="13.0", driver_version="580.95.05", gpu_name="Tesla V100-SXM2-32GB")
    assert result.gate("gpu_code").status == "fail"
    assert result.gate("driver_gpu").status == "pass"
    assert result.verdict == "incompatible"


@pytest.mark.parametrize("arch_list", [CU126_TORCH, None])
def test_s8_torch_cu126_on_b200_fails_gate_3(arch_list) -> None:
    result = evaluate(image_cuda="12.6", driver_version="580.95.05", gpu_name="NVIDIA B200",
                      torch_cuda_arch_list=arch_list)
    assert result.gate("gpu_code").status == "fail"
    assert result.verdict == "incompatible"


@pytest.mark.parametrize(("image", "cc", "status"), [
    ("12.8", "10.3", "pass"),   # sm_100 SASS (CUDA 12.8) runs on B300
    ("11.0", "8.9", "pass"),    # sm_80 SASS runs on Ada
    ("11.0", "9.0", "fail"),    # nothing of major 9 before CUDA 11.8
    ("13.0", "10.7", "pass"),   # Rubin runs family-compatible sm_100
    ("12.6", "12.1", "fail"),   # GB10 needs the 12.8+ sm_120 family
])
def test_same_major_lower_minor_sass_counts_for_the_toolkit(image, cc, status) -> None:
    result = evaluate(image_cuda=image, driver_version="580.95.05", compute_capability=cc)
    assert result.gate("gpu_code").status == status


def test_torch_cu128_on_b200_passes_with_sass() -> None:
    result = evaluate(image_cuda="12.8", driver_version="580.95.05", gpu_name="NVIDIA B200",
                      torch_cuda_arch_list=["7.0", "7.5", "8.0", "8.6", "9.0", "10.0", "12.0"])
    assert result.gate("gpu_code").status == "pass" and "10.0" in result.gate("gpu_code").reason


def test_s8_ngc_cuda132_on_gb10_580_runs_under_mvc() -> None:
    result = evaluate(image_cuda="13.2", require_cuda="cuda>=13.0", driver_version="580.142",
                      gpu_name="NVIDIA GB10", torch_cuda_arch_list=CU130_TORCH)
    assert result.gate("driver_runtime").status == "pass"
    assert "minor-version" in result.gate("driver_runtime").reason
    assert result.gate("gpu_code").status == "pass"  # sm_120 SASS serves CC 12.1
    assert result.verdict == "compatible_with_conditions"


def test_cuda132_image_declaring_its_own_minor_is_refused_on_580() -> None:
    result = evaluate(image_cuda="13.2", require_cuda="cuda>=13.2", driver_version="580.95.05")
    assert result.gate("toolkit_requirement").status == "fail"
    assert result.gate("driver_runtime").status == "pass"


def test_ptx_only_gpu_with_older_driver_fails_gate_4() -> None:
    result = evaluate(image_cuda="13.2", require_cuda="cuda>=13.0", driver_version="580.95.05",
                      compute_capability="12.1", torch_cuda_arch_list=["9.0", "11.0+PTX"])
    assert result.gate("gpu_code").status == "pass"
    assert result.gate("driver_gpu").status == "fail" and "222" in result.gate("driver_gpu").reason


def test_arch_specific_sass_runs_only_on_its_own_cc() -> None:
    result = evaluate(image_cuda="12.9", driver_version="580.95.05", compute_capability="10.3",
                      torch_cuda_arch_list=["sm_90a", "sm_100a"])
    assert result.gate("gpu_code").status == "fail"


def test_new_driver_on_old_architecture_fails_gate_4() -> None:
    result = evaluate(image_cuda="12.4", driver_version="590.48.01", gpu_name="Tesla P100-PCIE-16GB")
    assert result.gate("driver_gpu").status == "fail" and "R580" in result.gate("driver_gpu").reason


# --- what the tables do not cover is unknown -----------------------------------------------

@pytest.mark.parametrize("kwargs", [
    dict(image_cuda="13.0", driver_version="550.54.15", gpu_name="NVIDIA H100"),   # no compat row
    dict(image_cuda="12.8", driver_version="470.82.01", gpu_name="NVIDIA A100"),   # no compat row
    dict(image_cuda="13.0", driver_version="620.10.01", gpu_name="NVIDIA H100"),   # R620 CUDA unconfirmed
    dict(image_cuda="13.0", driver_version="580.95.05", gpu_name="Matrox G200"),   # GPU not in table
    dict(image_cuda="14.0", driver_version="580.95.05", gpu_name="NVIDIA H100"),   # CUDA 14 not tabulated
    dict(image_cuda="13.0", driver_version="580.40.01", driver_cuda="12.9"),       # pre-GA 580 build
])
def test_uncovered_combinations_are_unknown(kwargs) -> None:
    assert evaluate(**kwargs).verdict == "unknown"


def test_missing_inputs_make_gate2_unknown() -> None:
    assert evaluate(image_cuda="13.0").verdict == "unknown"
    assert evaluate(driver_version="580.95.05").verdict == "unknown"
    assert evaluate().verdict == "unknown"


def test_garbage_inputs_give_unknown_with_a_reason_not_an_exception() -> None:
    result = evaluate(image_cuda="thirteen", driver_version="5x5", compute_capability="??",
                      torch_cuda_arch_list=["bogus"], require_cuda="!!")
    assert result.verdict == "unknown"
    assert "unreadable input" in result.gate("driver_runtime").reason


def test_driver_cuda_na_falls_back_to_the_branch_table() -> None:
    result = evaluate(image_cuda="13.0", driver_version="575.57.08", driver_cuda="N/A")
    assert result.facts.host_cuda == "12.9" and result.facts.host_cuda_origin == "branch table (observed)"
    assert result.verdict == "incompatible"


def test_cuda_read_inside_a_compat_container_does_not_fool_gate_2() -> None:
    # nvidia-smi inside a container with 13.0 compat libs on an r575 host says 13.0
    result = evaluate(image_cuda="13.0", driver_version="575.57.08", driver_cuda="13.0", gpu_name="NVIDIA H200")
    gate = result.gate("driver_runtime")
    assert gate.status == "fail" and "compat libraries" in gate.conditions[0]
    assert result.facts.host_cuda == "12.9"


@pytest.mark.parametrize("spelled", ["cu130", "2.9.0+cu130", "13.0.2"])
def test_image_cuda_spellings(spelled) -> None:
    assert evaluate(image_cuda=spelled, driver_version="580.95.05").facts.host_cuda == "13.0"
    assert evaluate(image_cuda=spelled, driver_version="575.57.08").verdict == "incompatible"


REQ_130 = ("cuda>=13.0 brand=unknown,driver>=535,driver<536 brand=grid,driver>=535,driver<536 "
           "brand=tesla,driver>=535,driver<536 brand=nvidia,driver>=535,driver<536")


def test_cuda130_base_image_requirement_on_r535_starts_via_brand_and_runs_via_compat() -> None:
    result = evaluate(image_cuda="13.0.2", require_cuda=REQ_130, driver_version="535.247.01",
                      gpu_name="NVIDIA H100 80GB HBM3", gpu_brand="NVIDIA")
    assert result.gate("toolkit_requirement").status == "pass"
    assert "forward compatibility" in result.gate("toolkit_requirement").conditions[0]
    assert result.gate("driver_runtime").status == "pass"
    assert any("EOL" in c for c in result.gate("driver_runtime").conditions)
    assert result.verdict == "compatible_with_conditions"


def test_cuda130_base_image_requirement_on_r575_is_refused() -> None:
    result = evaluate(image_cuda="13.0.2", require_cuda=REQ_130, driver_version="575.57.08",
                      gpu_name="NVIDIA H100 80GB HBM3", gpu_brand="NVIDIA")
    assert result.gate("toolkit_requirement").reason.startswith("unsatisfied condition: cuda>=13.0 (cuda=12.9)")


def test_json_shape_is_stable() -> None:
    dumped = evaluate(image_cuda="13.0", driver_version="575.57.08", gpu_name="NVIDIA H200").model_dump(mode="json")
    assert {"verdict", "gates", "inputs"} <= set(dumped)
    assert [g["id"] for g in dumped["gates"]] == ["toolkit_requirement", "driver_runtime", "gpu_code", "driver_gpu"]
    for gate in dumped["gates"]:
        assert {"id", "title", "status", "reason", "sources", "conditions"} <= set(gate)
    assert json.loads(json.dumps(dumped)) == dumped
