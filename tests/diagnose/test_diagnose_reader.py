"""Inputs read transparently: compressed, Docker json-file, CRI, colours, progress frames."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma

import pytest
import zstandard

from servecheck.diagnose import reader
from servecheck.diagnose.api import diagnose

LOG = ("INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2\n"
       "Loading safetensors checkpoint shards:  50% Completed | 1/2\r"
       "Loading safetensors checkpoint shards: 100% Completed | 2/2\n"
       "\x1b[1;31mERROR\x1b[0m 06-03 10:00:05 [core.py:1] RuntimeError: No CUDA GPUs are available\n")


def _verdict(path) -> tuple[str, str | None, int | None]:
    d = diagnose(str(path))
    return d.status, d.primary.cls if d.primary else None, d.primary.first_line if d.primary else None


@pytest.mark.parametrize("name, pack", [
    ("gz", gzip.compress), ("bz2", bz2.compress), ("xz", lzma.compress),
    ("zst", lambda b: zstandard.ZstdCompressor().compress(b)),
])
def test_compressed_logs_read_like_their_plain_text(tmp_path, name, pack):
    plain, packed = tmp_path / "p.log", tmp_path / f"p.log.{name}"
    plain.write_text(LOG)
    packed.write_bytes(pack(LOG.encode()))
    assert _verdict(packed) == _verdict(plain) == ("failure", "no_gpu_visible", 3)
    assert diagnose(str(packed)).stats.compression == {"gz": "gzip", "zst": "zstd"}.get(name, name)


def test_docker_json_file_lines_read_like_plain_text(tmp_path):
    path = tmp_path / "c-json.log"
    records = [{"log": line, "stream": "stderr", "time": "2024-01-01T00:00:00.1Z"}
               for line in LOG.splitlines(keepends=True)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    d = diagnose(str(path))
    assert (d.status, d.primary.cls, d.primary.first_line) == ("failure", "no_gpu_visible", 3)
    assert d.stats.wrapper == "docker-json"
    assert d.primary.evidence[0].text.startswith("ERROR 06-03")      # colours gone


def test_cri_lines_with_partial_records_are_joined(tmp_path):
    path = tmp_path / "0.log"
    out = []
    for line in LOG.split("\n")[:-1]:
        half = len(line) // 2
        out.append(f"2024-01-01T00:00:00.000000001Z stderr P {line[:half]}\n")
        out.append(f"2024-01-01T00:00:00.000000002Z stderr F {line[half:]}\n")
    path.write_text("".join(out))
    d = diagnose(str(path))
    assert (d.status, d.primary.cls, d.primary.first_line) == ("failure", "no_gpu_visible", 3)
    assert d.stats.wrapper == "cri"


def test_progress_frames_keep_the_last_frame_and_crlf_becomes_lf():
    assert reader.clean(b"a\nbar 1\rbar 2\rbar 3\nb\n") == b"a\nbar 3\nb\n"
    assert reader.clean(b"x\r\ny\r\n") == b"x\ny\n"
    assert reader.clean(b"bar 1\rbar 2\r\n") == b"bar 2\n"
    assert reader.clean(b"\x1b[36m(EngineCore pid=1)\x1b[0m hi\n") == b"(EngineCore pid=1) hi\n"


def test_a_truncated_archive_keeps_what_was_read(tmp_path):
    path = tmp_path / "cut.log.gz"
    path.write_bytes(gzip.compress(LOG.encode() * 200)[:-40])
    d = diagnose(str(path))
    assert d.primary.cls == "no_gpu_visible" and d.stats.read_error


def test_decompression_is_bounded(monkeypatch):
    monkeypatch.setattr(reader, "MAX_DECOMPRESSED", 1 << 20)
    monkeypatch.setattr(reader, "BLOCK_BYTES", 1 << 16)
    bomb = io.BytesIO(gzip.compress(b"\n" * (8 << 20)))
    info = reader.ReadInfo()
    total = sum(len(b) for b in reader.text_blocks(bomb, info))
    assert total <= (1 << 20) + (1 << 16) and "limit" in info.notes[0]


@pytest.mark.parametrize("line, frame", [
    (b"bar 1\rbar 2\rbar 3", b"bar 3"),
    (b"bar 1\rbar 2\r", b"bar 2"),           # a trailing CR is a CRLF ending
    (b"bar 1\rbar 2\r   ", b"bar 2"),        # a bar that ended with \r: its last drawn frame
    (b"plain", b"plain"),
    (b"q\r", b"q"),
])
def test_the_last_frame_of_a_redrawn_line(line, frame):
    assert reader.last_frame(line) == frame


def test_frames_stay_for_a_reader_that_reduces_them_itself():
    assert reader.clean(b"a\nbar 1\rbar 2\nb\n", frames=False) == b"a\nbar 1\rbar 2\nb\n"
    assert reader.clean(b"x\r\ny\r\n", frames=False) == b"x\ny\n"       # CRLF is still LF


@pytest.mark.parametrize("head, wrapper", [
    ("Jun 03 17:36:52 gpu-7 vllm[88]: ", "journald"),
    ("Jun 03 17:36:52.123456 gpu-7 vllm[88]: ", "journald"),
    ("2024-06-03T17:36:52+0200 gpu-7 vllm[88]: ", "journald"),
    ("2024-06-03T17:36:52.123456789Z ", "timestamps"),
    ("[pod/vllm-0/vllm] 2024-06-03T17:36:52.1Z ", "kubectl-prefix+timestamps"),
    ("2024-06-03T17:36:52.1Z Jun 03 17:36:52 gpu-7 vllm[88]: ", "timestamps+journald"),
    ("0: ", "srun-label"),
    # a containerd (CRI) file's lines under another collector's time: its stream and tag go too
    ("2024-06-03T17:36:52.1Z 2024-06-03T19:36:52.2+02:00 stderr F ", "timestamps+timestamps+cri-stream"),
])
def test_a_collectors_head_on_each_line_is_taken_off(tmp_path, head, wrapper):
    path = tmp_path / "headed.log"
    path.write_text("-- Logs begin at Mon 2024-06-03 17:00:00 UTC. --\n"
                    + "".join(head + line for line in LOG.splitlines(keepends=True)))
    d = diagnose(str(path))
    assert (d.status, d.primary.cls, d.primary.first_line) == ("failure", "no_gpu_visible", 4)
    assert d.stats.wrapper == wrapper


def test_an_anchored_ready_marker_is_seen_under_a_head(tmp_path):
    lines = ["INFO 06-03 10:00:01 [api_server.py:1882] vLLM API server version 0.10.2",
             "INFO:     Started server process [1]", "INFO:     Waiting for application startup.",
             "INFO:     Application startup complete."]
    path = tmp_path / "ok.log"
    path.write_text("".join(f"Jun 03 17:36:52 gpu-7 vllm[88]: {ln}\n" for ln in lines))
    assert diagnose(str(path)).status == "no_failure"


@pytest.mark.parametrize("text", [
    # a Rust backtrace numbers its frames once each: not srun's recurring task labels
    "Error: Cannot get memory available for CUDA device\n   0: candle_core::error::Error::bt\n"
    "   1: mistralrs_core::utils::memory_usage\n   2: mistralrs_server::main\n",
    # a head on fewer than half of the lines is a paste's stray line, not the collector's
    "2024-06-03T17:36:52Z one\nplain two\nplain three\n",
])
def test_lines_that_only_look_like_a_head_are_read_as_they_stand(text):
    info = reader.ReadInfo()
    assert b"".join(reader.text_blocks(io.BytesIO(text.encode()), info)) == text.encode()
    assert info.wrapper == "plain"


def test_escapes_spelled_out_are_read_as_the_escapes_they_render():
    """Round 167: a paste whose viewer wrote ESC as three letters ("ESC[31mERRORESC[0m", TGI's router,
    huggingface/text-generation-inference#1712) reads as the coloured line it was. The input's first
    block is searched whole, a later one in its head only unless an earlier block had one: a log
    that is no such paste pays no search through every block."""
    spelled = reader.SpelledEscapes()
    assert reader.clean(b"ESC[2m2024-04-07T02:20:36ZESC[0m ESC[31mERRORESC[0m router failed\n",
                        spelled=spelled) == b"2024-04-07T02:20:36Z ERROR router failed\n"
    assert reader.clean(b"PRESS ESC to quit\n", spelled=reader.SpelledEscapes()) == b"PRESS ESC to quit\n"
    late = b"x" * reader.SPELLED_PROBE_BYTES + b"\nESC[31mERRORESC[0m\n"
    first = reader.SpelledEscapes()
    assert reader.clean(late, spelled=first) == b"x" * reader.SPELLED_PROBE_BYTES + b"\nERROR\n"   # a first block
    plain = reader.SpelledEscapes()
    assert reader.clean(b"plain\n", spelled=plain) == b"plain\n"
    assert reader.clean(late, spelled=plain) == late            # a later block, none before: its head only
    assert reader.clean(late, spelled=first) != late            # after a block that had one: searched whole
    assert reader.clean(b"ESC[31mx\n") == b"ESC[31mx\n"        # not looked for without a reader's state


def test_a_spelled_paste_in_the_middle_of_a_long_first_block_is_still_read(tmp_path):
    """The corpus's spelled paste (round 167) 3 MB into its input reads the same as alone."""
    head = b"INFO 05-01 12:00:00 [config.py:1] Using max model len 32768\n" * 50_000
    body = (b"ESC[2m2024-04-07T02:20:36.588030ZESC[0m ESC[31mERRORESC[0m ESC[2mtext_generation_router::inferESC[0m"
            b"ESC[2m:ESC[0m ESC[2mrouter/src/infer.rsESC[0mESC[2m:ESC[0mESC[2m705:ESC[0m Request failed during "
            b"generation: Server error: error trying to connect: No such file or directory (os error 2)\n")
    path = tmp_path / "in.log"
    path.write_bytes(head + body)
    assert diagnose(str(path)).status == "incomplete"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_utf16_log_with_its_byte_order_mark_reads_like_its_plain_text(tmp_path, codec):
    # Windows PowerShell's `>` writes UTF-16LE with a BOM: the same verdict as the UTF-8 text, and said so
    plain = tmp_path / "plain.log"
    plain.write_text(LOG)
    wide = tmp_path / "wide.log"
    wide.write_bytes(("\ufeff" + LOG).encode(codec))
    assert _verdict(wide) == _verdict(plain) == ("failure", "no_gpu_visible", 3)
    assert diagnose(str(wide)).stats.encoding == "utf-16"
    assert diagnose(str(plain)).stats.encoding is None


def test_a_utf16_character_split_between_two_blocks_and_an_odd_last_byte_are_read(tmp_path):
    # a block boundary inside one character (a surrogate pair, then a two-byte unit), and a file cut in a unit
    filler = "INFO loading shard 1 of 2 \U0001f680 ok\n" * ((reader.BLOCK_BYTES // 70) + 3)
    body = ("\ufeff" + filler + "RuntimeError: No CUDA GPUs are available\n").encode("utf-16-le") + b"\x41"
    path = tmp_path / "wide.log"
    path.write_bytes(body)
    d = diagnose(str(path))
    assert d.primary is not None and d.primary.cls == "no_gpu_visible"
    assert d.primary.evidence[0].text == "RuntimeError: No CUDA GPUs are available"
    assert d.stats.encoding == "utf-16" and d.stats.read_error is None
