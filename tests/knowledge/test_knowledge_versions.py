"""Version parsing: tags, drivers, compute capabilities, and the NVIDIA_REQUIRE evaluator."""

from __future__ import annotations

import pytest

from servecheck.knowledge.compat import driver_branch, parse_cuda_from_tag
from servecheck.knowledge.lookup import image_cuda_from_ref, product_for, torch_arch_list
from servecheck.knowledge.require import HostFacts, evaluate_require
from servecheck.knowledge.versions import parse_cc, parse_driver


@pytest.mark.parametrize(("text", "want"), [
    ("vllm/vllm-openai:v0.11.0-cu130", "13.0"),
    ("vllm/vllm-openai:latest-cu129", "12.9"),
    ("vllm/vllm-openai:latest-aarch64-cu130-ubuntu2404", "13.0"),
    ("2.9.0+cu130", "13.0"),
    ("torch-2.7.1+cu118", "11.8"),
    ("https://download.pytorch.org/whl/cu126", "12.6"),
    ("cu92", "9.2"),
    ("vllm/vllm-openai:latest", None),
    ("nvidia/cuda:12.8.1-cudnn-runtime-ubuntu22.04", None),
    ("cuda-13.0", None),
    ("", None),
    (None, None),
])
def test_parse_cuda_from_tag(text, want) -> None:
    assert parse_cuda_from_tag(text) == want


def test_driver_branch_and_parsing() -> None:
    assert driver_branch("575.57.08") == "r575"
    assert driver_branch("580") == "r580"
    assert driver_branch("not a driver") is None
    assert parse_driver("570.26") == (570, 26)
    assert parse_cc("sm_100a") == (10, 0) and parse_cc("12.0+PTX") == (12, 0) and parse_cc("x") is None


@pytest.mark.parametrize(("ref", "want"), [
    ("vllm/vllm-openai:kimi-k3", "13.0"),
    ("vllm/vllm-openai:v0.20.1", "13.0"),
    ("vllm/vllm-openai:v0.11.0", None),  # 12.8 vs 12.9 conflict in the sources: unknown
    ("vllm/vllm-openai:v0.21.0-cu129", "12.9"),
    ("nvidia/cuda:12.8.1-base-ubuntu22.04", "12.8"),
    ("docker.io/library/ubuntu:22.04", None),
    ("vllm/vllm-openai:kimi-k3@sha256:1b2c3d4e", "13.0"),
    ("registry.local:5000/vllm/vllm-openai:v0.20.0", "13.0"),
    ("vllm/vllm-openai@sha256:1b2c3d4e", None),
    ("vllm/vllm-openai", None),
])
def test_image_cuda_from_ref(ref, want) -> None:
    assert image_cuda_from_ref(ref)[0] == want


@pytest.mark.parametrize(("name", "cc"), [
    ("NVIDIA H200", "9.0"), ("NVIDIA GH200 480GB", "9.0"), ("NVIDIA H100 80GB HBM3", "9.0"),
    ("NVIDIA GB300", "10.3"), ("NVIDIA B200", "10.0"), ("Tesla V100-SXM2-32GB", "7.0"),
    ("NVIDIA A100-SXM4-80GB", "8.0"), ("NVIDIA GeForce RTX 4090", "8.9"), ("Tesla T4", "7.5"),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "12.0"), ("NVIDIA RTX 6000 Ada Generation", "8.9"),
    ("NVIDIA L40S", "8.9"), ("NVIDIA L4", "8.9"), ("NVIDIA GeForce RTX 5090", "12.0"),
])
def test_gpu_names_map_to_compute_capability(name, cc) -> None:
    assert product_for(name).cc == cc


def test_unknown_gpu_is_none() -> None:
    assert product_for("Matrox G200eW") is None


def test_torch_arch_lists() -> None:
    assert torch_arch_list("cu130", "2.9.1").arch_list[-1] == "12.0+PTX"
    assert "10.0" not in torch_arch_list("cu126").arch_list
    assert torch_arch_list("cu124") is None  # unconfirmed in the sources


REQ_128 = ("cuda>=12.8 brand=tesla,driver>=535,driver<536 brand=tesla,driver>=550,driver<551 "
           "brand=nvidia,driver>=550,driver<551")


def test_require_or_of_and_alternatives() -> None:
    host = HostFacts(cuda=(12, 4), driver=(550, 54, 15), brand="tesla")
    assert evaluate_require(REQ_128, host).matched == "brand=tesla,driver>=550,driver<551"
    geforce = evaluate_require(REQ_128, HostFacts(cuda=(12, 4), driver=(550, 54, 15), brand="geforce"))
    assert geforce.satisfied is False and geforce.failed == ["cuda>=12.8"]
    no_brand = evaluate_require(REQ_128, HostFacts(cuda=(12, 4), driver=(550, 54, 15)))
    assert no_brand.satisfied is None
    assert evaluate_require("cuda>=12.8", HostFacts(cuda=(12, 8))).satisfied is True
    assert evaluate_require("cuda>=12.8", HostFacts()).satisfied is None
    assert evaluate_require("cuda>=13.0 arch>=7.5", HostFacts(cuda=(12, 9), cc=(9, 0))).satisfied is True
    assert evaluate_require("garbage!!", HostFacts(cuda=(12, 9))).malformed == ["garbage!!"]
