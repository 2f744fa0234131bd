"""Recipes as data and the recipe check against bundle evidence."""

from __future__ import annotations

from servecheck.knowledge.compat import check_recipe, evaluate_evidence
from servecheck.knowledge.recipes import load_recipe

from .conftest import make_evidence

GB300 = [{"index": i, "name": "NVIDIA GB300", "compute_capability": "10.3", "memory_total_mib": 294912}
         for i in range(8)]


def by_id(check) -> dict[str, str]:
    return {r.id: r.status for r in check.requirements}


def test_kimi_k3_recipe_facts() -> None:
    recipe = load_recipe("kimi-k3")
    assert recipe.image == "vllm/vllm-openai:kimi-k3" and recipe.image_cuda == "13.0"
    flags = [f for r in recipe.requirements if r.kind == "flags" for f in r.flags]
    assert {"--enable-prefix-caching", "--trust-remote-code", "--tool-call-parser kimi_k3",
            "--reasoning-parser kimi_k3"} <= set(flags)
    a2a = next(r for r in recipe.requirements if r.kind == "flag_choice")
    assert a2a.flag == "--all2all-backend"
    assert a2a.choices == {"deepep_v2": "RDMA", "flashinfer_nvlink_one_sided": "NVLink"}
    gpus = next(r for r in recipe.requirements if r.kind == "gpu_count_min")
    assert gpus.count == 8 and gpus.models == ["GB300"]


def test_kimi_k3_on_r575_h100_host_fails_on_driver_and_gpus() -> None:
    check = check_recipe(load_recipe("kimi-k3"), make_evidence())
    status = by_id(check)
    assert check.verdict == "fail"
    assert status["image_cuda"] == "fail" and status["driver_branch"] == "fail" and status["gpus"] == "fail"
    assert status["parsers"] == "pass" and status["prefix_caching"] == "pass"
    assert check.compat is not None and check.compat.verdict == "incompatible"
    driver = next(r for r in check.requirements if r.id == "driver_branch")
    assert "cu129" in driver.reason  # the recipe's own way out


def test_kimi_k3_on_r580_gb300_host_passes() -> None:
    ev = make_evidence(gpu={"source": "nvml", "driver_version": "580.95.05", "cuda_version": "13.0", "gpus": GB300})
    ev.container.command += ["--gpu-memory-utilization", "0.95", "--all2all-backend=flashinfer_nvlink_one_sided"]
    check = check_recipe(load_recipe("kimi-k3"), ev)
    assert check.verdict == "pass", [(r.id, r.status, r.reason) for r in check.requirements]
    assert all(r.status == "pass" for r in check.requirements)


def test_wrong_parser_and_backend_fail_with_the_missing_flags() -> None:
    ev = make_evidence(gpu={"source": "nvml", "driver_version": "580.95.05", "cuda_version": "13.0", "gpus": GB300})
    ev.container.command = ["vllm", "serve", "m", "--trust-remote-code", "--tool-call-parser", "kimi_k2",
                            "--all2all-backend", "deepep"]
    check = check_recipe(load_recipe("kimi-k3"), ev)
    results = {r.id: r for r in check.requirements}
    assert check.verdict == "fail"
    assert "--tool-call-parser kimi_k3" in results["parsers"].reason
    assert results["all2all"].status == "fail" and not results["all2all"].required


def test_without_command_flags_are_advice_not_the_verdict() -> None:
    ev = make_evidence(gpu={"source": "nvml", "driver_version": "580.95.05", "cuda_version": "13.0", "gpus": GB300})
    ev.container.command = None
    check = check_recipe(load_recipe("kimi-k3"), ev)
    assert check.verdict == "pass"
    assert by_id(check)["parsers"] == "unknown"


def test_missing_facts_are_unknown() -> None:
    ev = make_evidence(gpu={}, container={})
    check = check_recipe(load_recipe("kimi-k3"), ev)
    assert by_id(check)["driver_branch"] == "unknown" and by_id(check)["gpus"] == "unknown"
    assert check.verdict in ("fail", "unknown")
    assert check_recipe(load_recipe("generic-vllm"), None).verdict == "unknown"


def test_generic_vllm_uses_the_bundle_image() -> None:
    check = check_recipe(load_recipe("generic-vllm"), make_evidence())
    assert by_id(check) == {"image_cuda": "fail", "gpus": "pass", "min_cc": "pass"}
    ok = make_evidence(gpu={"source": "nvml", "driver_version": "580.95.05", "cuda_version": "13.0", "gpus": GB300})
    assert check_recipe(load_recipe("generic-vllm"), ok).verdict == "pass"


def test_evaluate_evidence_reads_container_env() -> None:
    result = evaluate_evidence(make_evidence())
    gate1 = result.gate("toolkit_requirement")
    assert gate1.status == "pass" and "NVIDIA_DISABLE_REQUIRE" in gate1.reason
    assert "cuda>=13.0 (cuda=12.9)" in gate1.conditions[0]
    assert result.gate("driver_runtime").status == "fail"
    enforced = make_evidence(container={"command": ["vllm", "serve", "m"]})
    assert evaluate_evidence(enforced).gate("toolkit_requirement").status == "fail"


def test_demo_step_writes_compat_json(tmp_path) -> None:
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from servecheck.knowledge.demo import step

    from .conftest import write_bundle

    bundle = write_bundle(tmp_path, make_evidence())
    ctx = SimpleNamespace(out=tmp_path, console=Console(file=io.StringIO(), width=120), state={"bundle": bundle})
    step(ctx)
    assert ctx.state["compat"].verdict == "incompatible"
    assert '"verdict": "incompatible"' in (tmp_path / "compat.json").read_text()
    assert "recipe kimi-k3: fail" in ctx.console.file.getvalue()
