"""At the CLI edge: FIFOs and devices named as inputs end promptly with a clear message, and
Ctrl-C anywhere ends with exit 130 and one line, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.capture.hang import default_sigint, wait_for_hung_probe

CONFTEST = Path(__file__).parents[1] / "capture" / "conftest.py"


def _sc(args, env=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "servecheck", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


def _special(tmp_path, which):
    if which == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
        return str(path)
    return which


@pytest.mark.parametrize("which", ["fifo", "/dev/zero"])
def test_case_attach_refuses_fifo_and_devices(tmp_path, which):
    store = tmp_path / "s.db"
    assert _sc(["case", "new", "t", "--store", str(store)]).returncode == 0
    case_id = _sc(["case", "list", "--store", str(store), "--json"]).stdout.split('"id": "')[1].split('"')[0]
    start = time.monotonic()
    proc = _sc(["case", "attach", case_id, _special(tmp_path, which), "--store", str(store)], timeout=30)
    assert time.monotonic() - start < 30
    assert proc.returncode == 2 and "not a regular file" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("which", ["fifo", "/dev/zero"])
def test_diagnose_signatures_refuses_fifo_and_devices(tmp_path, which):
    log = tmp_path / "x.log"
    log.write_text("ERROR CUDA error: no kernel image is available for execution on the device\n")
    proc = _sc(["diagnose", str(log), "--signatures", _special(tmp_path, which)], timeout=30)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("which", ["fifo", "/dev/zero"])
def test_capture_log_fifo_or_device_is_recorded_not_hung(tmp_path, which):
    proc = _sc(["capture", "--log", _special(tmp_path, which), "--timeout", "3", "--json",
                "--out", str(tmp_path / "b")], timeout=60)
    # The log asked for was not read: the capture is incomplete (exit 4), the rest is kept.
    assert proc.returncode == 4, proc.stderr
    assert '"log": "error"' in proc.stdout
    import json

    ev = json.loads((tmp_path / "b" / "evidence.json").read_text())
    log = next(p for p in ev["probes"] if p["name"] == "log")
    assert "not a regular file" in log["error"]
    assert ev["status"] == "incomplete"


def test_ctrl_c_during_capture_exits_130_without_traceback(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("capture_conftest", CONFTEST)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    env = mod.fake_host.__wrapped__(tmp_path)(hang=True)  # nvidia-smi sleeps 1000 s
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    proc = subprocess.Popen([sys.executable, "-m", "servecheck", "capture", "--timeout", "120",
                             "--out", str(tmp_path / "b")], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)
    wait_for_hung_probe(tmp_path / "gpu-data", proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    # The probes that finished are kept: a whole bundle, marked incomplete (tests/capture/test_capture_interrupt.py)
    assert json.loads((tmp_path / "b" / "evidence.json").read_text())["status"] == "incomplete"
