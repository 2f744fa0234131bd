"""The summary names what was asked for and could not be read, instead of "not given"/"none"."""

from __future__ import annotations

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
