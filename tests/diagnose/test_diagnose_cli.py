"""`servecheck diagnose` end to end: exit codes, JSON shape, stdin, --signatures, --out, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LOG_FAIL = "INFO a\nValueError: No available memory for the cache blocks.\n"


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "servecheck", "diagnose", *args], input=stdin,
                          capture_output=True, timeout=60)


def test_json_shape_and_exit_1_for_a_failure(tmp_path):
    log = tmp_path / "f.log"
    log.write_text(LOG_FAIL)
    out = _run(str(log), "--json", "--out", str(tmp_path / "d.json"))
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    assert {"schema_version", "primary", "findings", "layers", "compat", "advice"} <= set(data)
    p = data["primary"]
    assert {"class", "layer", "confidence", "evidence", "explanation", "next_steps", "consequences"} <= set(p)
    assert p["class"] == "kv_cache_insufficient" and p["evidence"][0] == {"line": 2, "text": "ValueError: No available memory for the cache blocks."}
    assert json.loads((tmp_path / "d.json").read_text())["primary"]["class"] == "kv_cache_insufficient"
    # the signature id passes the redacting stdout and the output file as it is (it once went as
    # a secret: a "signature" field)
    assert p["signature"] == "kv.no_blocks" and p["signatures"] == ["kv.no_blocks"]
    assert json.loads((tmp_path / "d.json").read_text())["primary"]["signature"] == p["signature"]


def test_exit_0_when_nothing_failed_and_terminal_view(tmp_path):
    log = tmp_path / "ok.log"
    log.write_text("INFO 05-01 10:00:00 [gpu_model_runner.py:1] Model loading took 14.9 GiB and 5.1 seconds\n"
                   "INFO:     Application startup complete.\n")
    out = _run(str(log))
    assert out.returncode == 0 and b"No start-up failure found" in out.stdout


def test_a_bare_web_app_start_is_a_completed_start_that_says_what_it_rests_on(tmp_path):
    # An app that serves a model says "Application startup complete" once its start-up hook (the
    # model load with it) returned: the start completed, and the message says no engine line is seen.
    log = tmp_path / "r.log"
    log.write_text("INFO:     Started server process [1]\nINFO:     Waiting for application startup.\n"
                   "INFO:     Application startup complete.\n")
    out = _run(str(log), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "no_failure", out.stdout
    assert "no line names the inference engine" in data["status_message"]


def test_open_webuis_own_start_is_no_inference_servers(tmp_path):
    # Open WebUI is a chat front end: its uvicorn start is not an inference server's (round 63's label)
    log = tmp_path / "r.log"
    log.write_text("INFO:     Application startup complete.\n"
                   "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n"
                   "INFO  [open_webui.routers.openai] get_all_models()\n")
    out = _run(str(log), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 3 and data["status"] == "not_a_server_log", out.stdout
    assert "Open WebUI" in data["status_message"]


def test_nothing_to_judge_still_shows_what_was_read_on_the_way(tmp_path):
    # an NGC banner in minor version compatibility mode quotes error 804 and the container goes on:
    # no verdict (exit 3), but the operator sees the demoted 804 and why (triton-inference-server#4739)
    log = tmp_path / "r.log"
    log.write_text("WARNING: CUDA Minor Version Compatibility mode ENABLED.\n"
                   "  Using driver version 510.47.03 which has support for CUDA 11.6.  This container\n"
                   "  was built with CUDA 11.7 and will be run in Minor Version Compatibility mode.\n"
                   "  with this container but was unavailable:\n"
                   "  [[Forward compatibility was attempted on non supported HW "
                   "(CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE) cuInit()=804]]\n")
    out = _run(str(log))
    text = out.stdout.decode()
    assert out.returncode == 3 and "Nothing to judge (incomplete)" in text, text
    assert "Warnings (not the cause)" in text and "explained by line 1" in " ".join(text.split()), text


def test_stdin_with_garbage_bytes_and_crlf():
    out = _run("-", "--json", stdin=b"\xff\xfe\x00junk\r\nRuntimeError: No CUDA GPUs are available\r\n")
    assert out.returncode == 1 and json.loads(out.stdout)["primary"]["class"] == "no_gpu_visible"


@pytest.mark.parametrize("make, needle", [
    (lambda p: str(p / "absent.log"), b"no such file"),
    (lambda p: str(p), b"not a bundle"),
    (lambda p: (p / "evidence.json").write_text("{}") and str(p), b"not a servecheck evidence file"),
])
def test_input_errors_exit_2_without_traceback(tmp_path, make, needle):
    out = _run(make(tmp_path))
    assert out.returncode == 2 and needle in out.stderr and b"Traceback" not in out.stderr


def test_bad_signature_file_is_a_clean_error(tmp_path):
    log = tmp_path / "f.log"
    log.write_text(LOG_FAIL)
    bad = tmp_path / "s.json"
    bad.write_text("[")
    out = _run(str(log), "--signatures", str(bad))
    assert out.returncode == 2 and b"not valid JSON" in out.stderr and b"Traceback" not in out.stderr


def test_bundle_from_capture_is_diagnosed(make_bundle):
    out = _run(str(make_bundle(["RuntimeError: The NVIDIA driver on your system is too old (found version 12090)."])), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["primary"]["class"] == "driver_too_old"
    assert data["layers"]["driver_version"]["value"] == "575.57.08" and data["compat"]["verdict"] == "incompatible"


def test_a_bundle_that_recorded_no_layers_says_so_not_to_capture_one(tmp_path):
    """A bundle captured where no NVIDIA tool, image or container was read: the layers line says the
    bundle recorded none (its probes say why), not "capture a bundle", which it already is."""
    from datetime import UTC, datetime

    from servecheck.capture.models import Evidence, LogLine

    ev = Evidence(servecheck_version="test", created_at=datetime.now(UTC))
    ev.log.tail = [LogLine(line=1, text="RuntimeError: CUDA error: out of memory")]
    ev.log.total_lines = 1
    bundle = tmp_path / "bundle"
    (bundle / "raw").mkdir(parents=True)
    (bundle / "evidence.json").write_text(ev.model_dump_json(indent=1))
    out = _run(str(bundle))
    text = out.stdout.decode()
    assert "the bundle recorded no driver, GPU, image or CUDA build" in text, text
    assert "capture a bundle" not in text
