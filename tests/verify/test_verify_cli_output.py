"""The verify CLI: JSON shape, JUnit, exit codes, the API key never printed; metrics parsing; registry."""

from __future__ import annotations

import importlib
import json
import xml.etree.ElementTree as ET

from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.server.metrics import parse
from servecheck.sim.server import running_sim
from servecheck.verify.checks import CHECKS
from servecheck.verify.models import SCHEMA_VERSION

KEY = "sk-servecheck-test-key-0123456789abcdef"


def test_json_junit_exit_code_and_key_hidden(tmp_path, monkeypatch):
    monkeypatch.setenv("VLLM_API_KEY", KEY)
    junit, out = tmp_path / "v.xml", tmp_path / "v.json"
    with running_sim("no-tool-parser", api_key=KEY) as sim:
        res = CliRunner().invoke(cli, ["verify", sim.url, "--json", "--junit", str(junit), "--out", str(out),
                                       "--timeout", "20"], standalone_mode=False)
    assert res.exception is None, res.output
    assert res.return_value == 1
    data = json.loads(res.stdout)
    assert data["schema_version"] == SCHEMA_VERSION and set(data["summary"]) >= {"total", "pass", "fail", "skip", "error"}
    assert [c["name"] for c in data["checks"]] == list(CHECKS)
    assert all({"name", "status", "summary", "evidence"} <= set(c) for c in data["checks"])
    assert data["summary"]["fail"] == 2 and data["server"]["auth"] == "key"  # tool_calling and agent
    api = next(c for c in data["checks"] if c["name"] == "api")
    assert api["status"] == "pass" and api["evidence"]["auth_without_key_status"] == 401
    for text in (res.output, junit.read_text(), out.read_text()):
        assert KEY not in text
    suite = ET.fromstring(junit.read_text())
    assert suite.get("tests") == str(len(CHECKS)) and suite.get("failures") == "2"
    failed = [tc.get("name") for tc in suite.iter("testcase") if tc.find("failure") is not None]
    assert failed == ["tool_calling", "agent"]


def test_table_output_and_usage_errors():
    with running_sim() as sim:
        res = CliRunner().invoke(cli, ["verify", sim.url, "--checks", "api,structured_output"])
    assert res.exit_code == 0 and "PASS" in res.output and "structured_output" in res.output
    res = CliRunner().invoke(cli, ["verify", "http://127.0.0.1:9", "--checks", "bogus"], standalone_mode=False)
    assert res.exception is not None and "unknown check" in str(res.exception)
    assert getattr(res.exception, "exit_code", None) == 2


def test_metrics_parsing_tolerates_eras_and_garbage():
    v1 = "# TYPE vllm:prefix_cache_queries counter\nvllm:prefix_cache_queries_total{engine=\"0\"} 5\nvllm:prefix_cache_queries_total{engine=\"1\"} 7\n"
    assert parse(v1).counter("prefix_queries") == 12
    early = "vllm:gpu_prefix_cache_queries_total{engine=\"0\"} 3\n"
    assert parse(early).counter("prefix_queries") == 3
    bad = parse("this is {not prometheus\n")
    assert not bad.ok and "unparseable" in (bad.reason or "") and bad.counter("prefix_queries") is None
    v0 = "vllm:gpu_cache_usage_perc{model_name=\"m\"} 0.1\nvllm:gpu_prefix_cache_hit_rate{model_name=\"m\"} -1\n"
    assert parse(v0).era() == "v0"


def test_every_registered_check_is_importable_and_named():
    for name, target in CHECKS.items():
        module_name, attr = target.split(":")
        module = importlib.import_module(module_name)
        assert module.NAME == name and callable(getattr(module, attr)) and module.__doc__
