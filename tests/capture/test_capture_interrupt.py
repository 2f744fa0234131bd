"""Ctrl-C during a live capture: exit 130, and the probes that finished are kept in a whole
bundle marked incomplete (not lost)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time

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


def test_ctrl_c_while_the_probes_are_still_being_started_keeps_a_bundle(monkeypatch):
    """A Ctrl-C that lands after the first probes started but before the last one was: every
    probe still gets a record (finished, or interrupted), so the bundle is written, not lost."""
    from concurrent.futures import ThreadPoolExecutor

    from servecheck.capture import probe as probemod

    real_submit = ThreadPoolExecutor.submit
    calls = []

    def submit(self, fn, *args, **kwargs):
        calls.append(args[0] if args else None)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ThreadPoolExecutor, "submit", submit)
    names = ("host", "container_runtime", "nvidia_toolkit", "vllm_package")
    try:
        probemod.run_probes(probemod.CaptureOptions(use_nvml=False, timeout=5.0), names)
    except probemod.CaptureInterrupted as exc:
        runs = {r.record.name: r.record for r in exc.runs}
    except KeyboardInterrupt:
        raise AssertionError("the Ctrl-C escaped the probe runner: no bundle would be written") from None
    else:
        raise AssertionError("a Ctrl-C while starting the probes must end the run as interrupted")
    assert list(runs) == list(names)
    assert runs["nvidia_toolkit"].error == probemod.INTERRUPTED and runs["vllm_package"].error == probemod.INTERRUPTED


def test_a_probe_ended_by_the_ctrl_c_kill_is_recorded_as_interrupted(monkeypatch):
    """The kill that ends the running commands makes their probes finish a moment later with
    "exit -9": that is the interrupt, not the probe's own failure (a race CI met once)."""
    from servecheck import proc
    from servecheck.capture import probe as probemod

    started, release = threading.Event(), threading.Event()

    def collect(ctx):                   # a probe whose command hangs until it is killed
        started.set()
        release.wait(10)
        raise probemod.ProbeFailed("error", "nvidia-smi: exit -9: exit status -9")

    real_import = probemod.importlib.import_module

    def import_module(name):
        module = real_import(name)
        if name.endswith(".nvidia_smi"):
            return type("Hung", (), {"collect": staticmethod(collect)})
        return module

    def kill_running():
        release.set()                    # the killed command returns; give its probe time to finish
        time.sleep(0.3)

    def result(name, future, ctx, began, timeout):
        if name == "nvidia_smi":
            started.wait(5)
            raise KeyboardInterrupt
        return future.result(timeout=10)

    monkeypatch.setattr(probemod.importlib, "import_module", import_module)
    monkeypatch.setattr(proc, "kill_running", kill_running)
    monkeypatch.setattr(probemod, "_result", result)
    try:
        probemod.run_probes(probemod.CaptureOptions(use_nvml=False, timeout=5.0), ("host", "nvidia_smi"))
    except probemod.CaptureInterrupted as exc:
        runs = {r.record.name: r.record for r in exc.runs}
    else:
        raise AssertionError("the Ctrl-C must end the run as interrupted")
    assert runs["nvidia_smi"].error == probemod.INTERRUPTED, runs["nvidia_smi"].error
    assert runs["host"].status == "ok"
