"""Ctrl-C during a live capture: exit 130, and the probes that finished are kept in a whole
bundle marked incomplete (not lost)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from tests.capture.hang import default_sigint, wait_for_hung_probe


def test_ctrl_c_keeps_a_whole_bundle_with_the_probes_that_finished(tmp_path, fake_host):
    env = fake_host("r575-h100", hang=True)          # nvidia-smi hangs: the GPU probes never finish
    out = tmp_path / "capint"
    child = subprocess.Popen([sys.executable, "-m", "servecheck", "capture", "--no-nvml", "--timeout", "60",
                              "--out", str(out)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=default_sigint)
    wait_for_hung_probe(tmp_path / "gpu-data", child)   # the host probe ends at once; the hung ones wait 60 s
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 130, stderr
    assert b"Traceback" not in stderr and b"capture INTERRUPTED: bundle" in stderr
    ev = json.loads((out / "evidence.json").read_text())
    probes = {p["name"]: p for p in ev["probes"]}
    assert ev["status"] == "incomplete" and probes["host"]["status"] == "ok"
    assert probes["nvidia_smi"]["error"].startswith("interrupted (Ctrl-C)")
    assert any(m.startswith("probes interrupted by Ctrl-C") and "nvidia_smi" in m for m in ev["missing"])
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]   # no temporary left over
    verify = subprocess.run([sys.executable, "-m", "servecheck", "bundle", "verify", str(out)],
                            capture_output=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr
