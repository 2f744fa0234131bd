"""The summary names what was asked for and could not be read, instead of "not given"/"none"."""

from __future__ import annotations

from pathlib import Path

from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.capture.summary import facts_rows


def test_a_container_that_could_not_be_read_is_named_with_the_reason(tmp_path, fake_host):
    options = CaptureOptions(env=fake_host("r575-h100", docker="down"), use_nvml=False, timeout=5.0,
                             container="nosuch")
    ev = capture(options, tmp_path / "b", ["servecheck", "capture"]).evidence
    rows = dict(facts_rows(ev))
    assert rows["container"] == "nosuch: could not be read (docker daemon not reachable)"
    assert rows["log"] == "logs of container nosuch: could not be read (docker daemon not reachable)"
    assert rows["image"].startswith("image of container nosuch: could not be read")


def test_nothing_asked_is_still_not_given(tmp_path, fake_host):
    options = CaptureOptions(env=fake_host("r575-h100", docker="down"), use_nvml=False, timeout=5.0)
    rows = dict(facts_rows(capture(options, tmp_path / "b", ["servecheck", "capture"]).evidence))
    assert rows["container"] == "not given" and rows["log"] == "none" and rows["image"] == "not given"


def test_an_empty_log_is_said_empty_not_unread_and_leaves_the_capture_incomplete(tmp_path, fake_host):
    """A log read to its end with no byte in it was read (no "could not be read"), but the bundle
    then holds nothing to judge: the capture is incomplete, naming the log as empty, and diagnose
    calls the bundle empty."""
    from servecheck.diagnose.api import diagnose

    log = tmp_path / "empty.log"
    log.write_bytes(b"")
    options = CaptureOptions(env=fake_host("r575-h100", docker="down"), use_nvml=False, timeout=5.0, log_path=log)
    result = capture(options, tmp_path / "b", ["servecheck", "capture"])
    ev = result.evidence
    assert ev.status == "incomplete"
    assert ev.missing == [f"log {log} (empty: read to its end, 0 bytes, nothing in it to judge)"]
    assert dict(facts_rows(ev))["log"].endswith("empty (read to its end, 0 bytes: nothing in it to judge)")
    assert diagnose(str(tmp_path / "b")).status == "empty"


def test_a_log_that_cannot_be_read_is_still_missing(tmp_path, fake_host):
    """A log the probe could not read (here a directory given as the log) stays missing: empty only
    means read to its end."""
    log = tmp_path / "not-a-file.log"
    log.mkdir()
    options = CaptureOptions(env=fake_host("r575-h100", docker="down"), use_nvml=False, timeout=5.0, log_path=log)
    ev = capture(options, tmp_path / "b", ["servecheck", "capture"]).evidence
    assert ev.status == "incomplete" and any(m.startswith("log ") for m in ev.missing)
    assert "could not be read" in dict(facts_rows(ev))["log"]


def test_gpus_the_probe_could_not_read_are_unknown_not_none_found(tmp_path, fake_host):
    """No nvidia-smi, or one that fails (the H200 recording with its device nodes covered): the GPUs
    are unknown, with what the probe met; "none found" only when the probe read the host."""
    no_smi = CaptureOptions(env=fake_host(None, docker=None), use_nvml=False, timeout=5.0)
    rows = dict(facts_rows(capture(no_smi, tmp_path / "a", ["servecheck", "capture"]).evidence))
    assert rows["GPUs"] == "unknown (nvidia-smi: not found)"
    nodev = Path(__file__).parent / "fixtures" / "recorded-h200-r580" / "nvidia-smi-nodev.txt"
    failing = CaptureOptions(env=fake_host("recorded-h200-r580", docker=None, smi_fail=nodev.read_text()),
                             use_nvml=False, timeout=5.0)
    rows = dict(facts_rows(capture(failing, tmp_path / "b", ["servecheck", "capture"]).evidence))
    assert rows["GPUs"] == "unknown (Failed to initialize NVML: GPU access blocked by the operating system)"
