"""The expression of the markers that name a server (a union of every such marker, compiled by Python's
re: a tenth of a one-line log's start-up) is built only when a verdict asks for it: when a failure that
stops a start before the server runs (an image pull) may have been gone past."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from servecheck.diagnose import status
from servecheck.diagnose.api import diagnose
d = diagnose(sys.argv[1])
print(d.primary.cls if d.primary else None, 'named_regex' in vars(status.markers()))
"""
PULL = "docker: Error response from daemon: manifest for vllm/vllm-openai:v0.99.0 not found: manifest unknown\n"


def _run(tmp_path, text: str) -> list[str]:
    log = tmp_path / "start.log"
    log.write_text(text)
    out = subprocess.run([sys.executable, "-c", PROBE, str(log)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_a_failure_the_server_could_not_go_past_does_not_build_it(tmp_path):
    assert _run(tmp_path, "RuntimeError: No CUDA GPUs are available\n") == ["no_gpu_visible", "False"]


def test_an_image_pull_failure_asks_whether_the_server_ran_after_it(tmp_path):
    cls, built = _run(tmp_path, PULL)
    assert built == "True", cls
