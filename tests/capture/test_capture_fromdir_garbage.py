"""``capture --from`` on folders that give nothing to use: empty, random bytes, cut-off JSON,
compressed garbage. Nothing of it is taken for the log; the bundle says it is incomplete."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture
from servecheck.capture.sniff import binary_reason

DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"
LOG = b"INFO 05-01 10:00:00 vLLM API server version 0.9.1\nValueError: No available memory for the cache blocks.\n"


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "servecheck", "capture", *args], capture_output=True,
                          timeout=120)


def test_an_empty_folder_is_incomplete_and_says_nothing_was_captured(tmp_path):
    (tmp_path / "empty").mkdir()
    out = _cli("--from", str(tmp_path / "empty"), "--out", str(tmp_path / "b"), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 4 and data["status"] == "incomplete"
    assert data["missing"] == [f"{tmp_path / 'empty'} holds no file servecheck recognises: nothing captured"]
    assert b"holds no file servecheck recognises: nothing captured" in _cli(
        "--from", str(tmp_path / "empty"), "--out", str(tmp_path / "b2")).stderr


def _garbage(folder: Path) -> None:
    folder.mkdir()
    (folder / "nvidia-smi.txt").write_bytes(os.urandom(4096))
    whole = (DEMO / "inspect-container.json").read_text()
    (folder / "evidence.json").write_text(whole[: len(whole) // 2])
    (folder / "docker-inspect.json").write_bytes(gzip.compress(os.urandom(3000)))


def test_garbage_is_recorded_as_unrecognised_and_never_taken_for_the_log(tmp_path):
    _garbage(tmp_path / "g")
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=tmp_path / "g").evidence
    records = {p.name: p for p in ev.probes}
    assert {n: (p.status, p.commands[0]) for n, p in records.items()} == {
        "from:nvidia-smi.txt": ("error", "unrecognised"),
        "from:evidence.json": ("error", "unrecognised"),
        "from:docker-inspect.json": ("error", "unrecognised"),
    }
    assert "binary data" in (records["from:nvidia-smi.txt"].error or "")
    assert "JSON cut off" in (records["from:evidence.json"].error or "")
    assert "gzip-compressed binary data" in (records["from:docker-inspect.json"].error or "")
    assert ev.log.total_lines == 0 and ev.status == "incomplete"
    assert ev.missing[0].endswith("holds no file servecheck recognises: nothing captured")


def test_a_real_log_beside_garbage_is_the_log_and_the_bundle_is_still_incomplete(tmp_path):
    _garbage(tmp_path / "g")
    (tmp_path / "g" / "start.log.gz").write_bytes(gzip.compress(LOG))   # a compressed log is a log
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=tmp_path / "g").evidence
    assert next(p for p in ev.probes if p.name == "from:start.log.gz").status == "ok"
    assert ev.log.total_lines == 2 and ev.status == "incomplete"
    assert sorted(m.split(" ")[0] for m in ev.missing) == ["docker-inspect.json", "evidence.json", "nvidia-smi.txt"]


def test_json_lines_and_logs_with_colours_stay_text():
    docker_json = b'{"log":"INFO vllm\\n","stream":"stderr","time":"2025-01-01T00:00:00Z"}\n' * 3
    assert binary_reason(docker_json) is None
    assert binary_reason(b"\x1b[32mINFO\x1b[0m loading weights\r\n" * 50) is None
    assert binary_reason(b"\x00\x01\x02 junk") is not None


def test_a_garbled_paste_is_text_and_bytes_that_are_not_utf8_are_not():
    # a console that lost its encoding writes U+FFFD as UTF-8 (QAnything's messages, round 67):
    # text that diagnose reads; bytes that do not decode at all are binary
    garbled = ("qanything | Embedding and Rerank " + "\ufffd" * 40 + " ...\n").encode() * 20
    assert binary_reason(garbled) is None
    assert binary_reason(bytes(range(128, 256)) * 40) is not None


def test_a_big_compressed_log_is_sniffed_from_its_cut_start(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    lines = b"".join(b"INFO 05-01 10:00:00 vLLM loading shard %d %s\n" % (i, os.urandom(8).hex().encode())
                     for i in range(20_000))
    (folder / "start.log.gz").write_bytes(gzip.compress(lines + LOG))     # far over the 64 KiB sniffed
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=folder).evidence
    assert ev.status == "complete" and ev.log.total_lines == 20_002
