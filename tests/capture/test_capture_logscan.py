"""The streaming log scanner: bounded state, real line numbers, messy input."""

from __future__ import annotations

import io
import tracemalloc

from servecheck.capture.parsers import logscan


def test_head_tail_relevant_with_line_numbers():
    lines = [f"step {i} ok\n".encode() for i in range(1, 5001)]
    lines[2999] = b"RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    res = logscan.LogScanner().feed_all(lines).result("x")
    assert res["total_lines"] == 5000
    assert [e["line"] for e in res["head"]][:2] == [1, 2] and len(res["head"]) == 200
    assert len(res["tail"]) == 500 and res["tail"][-1]["line"] == 5000
    assert [e["line"] for e in res["relevant"]] == [3000]


def test_messy_lines_are_cleaned():
    raw = [b"\x1b[1;31mERROR\x1b[0m CUDA failed\r\n", b"Loading 10%\rLoading 50%\rLoading 100%\n",
           b"bad byte \xff\xfe CUDA\n"]
    res = logscan.LogScanner().feed_all(raw).result(None)
    texts = [e["text"] for e in res["head"]]
    assert texts == ["ERROR CUDA failed", "Loading 100%", "bad byte \ufffd\ufffd CUDA"]


def test_memory_is_bounded_for_large_logs():
    chunk = b"".join(f"NCCL INFO rank {i % 64} ring 0 via P2P/IPC error-free\n".encode() for i in range(1000))
    tracemalloc.start()
    scanner = logscan.LogScanner()
    for _ in range(200):  # 200k relevant lines, ~12 MB streamed
        scanner.feed_all(io.BytesIO(chunk))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    res = scanner.result(None)
    assert res["total_lines"] == 200_000
    assert len(res["relevant"]) == logscan.MAX_RELEVANT
    assert res["relevant_dropped"] == 200_000 - logscan.MAX_RELEVANT
    assert peak < 8 * 1024 * 1024, peak


def test_excerpt_marks_gaps():
    res = logscan.LogScanner().feed_all([b"a\n"] * 900).result(None)
    text = logscan.excerpt(res)
    assert "not kept" in text and text.splitlines()[0].strip().startswith("1:")
