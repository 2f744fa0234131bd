"""`servecheck compat` end to end: flags, bundles, recipes, JSON, exit codes, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from servecheck.cli.compat import compat
from servecheck.cli.main import cli

from .conftest import make_evidence, write_bundle


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(compat, list(args), standalone_mode=False, catch_exceptions=False)
    return result.return_value, result.output


def test_cu130_image_tag_on_r575_exits_1_with_json() -> None:
    code, out = run("--image", "vllm/vllm-openai:v0.11.0-cu130", "--driver", "575.57.08",
                    "--gpu", "NVIDIA H200", "--json")
    data = json.loads(out)
    assert code == 1 and data["verdict"] == "incompatible"
    assert data["inputs"]["image_cuda"] == "13.0"
    assert data["gates"][1]["id"] == "driver_runtime" and data["gates"][1]["status"] == "fail"


def test_r580_is_compatible_exit_0_and_terminal_view() -> None:
    code, out = run("--image-cuda", "13.0", "--require-cuda", "cuda>=13.0", "--driver", "580.95.05",
                    "--cc", "9.0", "--arch-list", "7.5;8.0;9.0;10.0;12.0+PTX")
    assert code == 0
    assert "verdict: compatible\n" in out and "2. Driver" in out and "[S4]" in out


def test_torch_build_gives_cuda_and_arch_list() -> None:
    code, out = run("--torch", "2.8.0+cu128", "--driver", "580.95.05", "--gpu", "NVIDIA GB200", "--json")
    data = json.loads(out)
    assert data["inputs"]["image_cuda"] == "12.8"
    assert "10.0" in data["inputs"]["torch_cuda_arch_list"]
    assert data["gates"][2]["status"] == "pass" and code == 0
    code, out = run("--torch", "2.6.0+cu126", "--driver", "580.95.05", "--gpu", "NVIDIA B200", "--json")
    assert code == 1 and json.loads(out)["gates"][2]["status"] == "fail"


def test_unknown_exit_3() -> None:
    code, out = run("--image-cuda", "13.0", "--driver", "620.10.01", "--json")
    assert code == 3 and json.loads(out)["verdict"] == "unknown"


def test_bundle_and_recipe(r575_bundle: Path) -> None:
    code, out = run("--bundle", str(r575_bundle), "--recipe", "kimi-k3", "--json")
    data = json.loads(out)
    assert code == 1
    assert data["inputs"]["image_cuda"] == "13.0.1" and data["inputs"]["disable_require"] is True
    assert data["recipe"]["verdict"] == "fail"
    assert {r["id"]: r["status"] for r in data["recipe"]["requirements"]}["driver_branch"] == "fail"


def test_flags_override_bundle(tmp_path: Path) -> None:
    bundle = write_bundle(tmp_path, make_evidence())
    code, out = run("--bundle", str(bundle), "--driver", "580.95.05", "--driver-cuda", "13.0", "--json")
    assert code == 0, out
    assert json.loads(out)["inputs"]["driver_version"] == "580.95.05"


def test_recipe_without_bundle_uses_recipe_image_and_serve_cmd() -> None:
    code, out = run("--recipe", "kimi-k3", "--driver", "580.95.05", "--gpu", "NVIDIA GB300", "--gpu-count", "8",
                    "--serve-cmd", "vllm serve x --trust-remote-code --tool-call-parser kimi_k2", "--json")
    data = json.loads(out)
    assert data["inputs"]["image_cuda"] == "13.0"
    reqs = {r["id"]: r for r in data["recipe"]["requirements"]}
    assert reqs["gpus"]["status"] == "pass" and reqs["parsers"]["status"] == "fail"
    assert code == 1


@pytest.mark.parametrize("args", [
    ["--bundle", "/nonexistent/bundle"],
    ["--recipe", "no-such-recipe"],
    ["--serve-cmd", "vllm serve 'unclosed", "--driver", "580.95.05"],
    [],
])
def test_usage_and_input_errors_exit_2_without_traceback(args: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-m", "servecheck", "compat", *args],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("servecheck: error:") and "Traceback" not in proc.stderr


def test_garbage_evidence_file_is_input_error(tmp_path: Path) -> None:
    bundle = tmp_path / "b"
    bundle.mkdir()
    (bundle / "evidence.json").write_text('{"truncated": ')
    proc = subprocess.run([sys.executable, "-m", "servecheck", "compat", "--bundle", str(bundle)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "not a servecheck evidence file" in proc.stderr


def test_listed_in_help_and_schema() -> None:
    result = CliRunner().invoke(cli, ["schema", "compat"])
    assert result.exit_code == 0 and "CompatResult" in result.output
