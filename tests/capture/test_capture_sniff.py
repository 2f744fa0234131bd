"""sniff.binary_reason: the share of a head's characters that are not text, counted in one regex
pass, is the share a character-by-character reading gives (bytes that are not UTF-8, control
characters other than tab, newlines, form feed, vertical tab, escape and backspace)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from servecheck.capture import sniff

_ALLOWED = frozenset(b"\t\n\r\f\v\x1b\x08")


def _odd_by_character(head: bytes) -> int:
    text = head.decode("utf-8", errors="surrogateescape")
    return sum("\udc80" <= ch <= "\udcff" or (ord(ch) < 32 and ord(ch) not in _ALLOWED) for ch in text)


def _reason_by_character(head: bytes) -> str | None:
    if not head:
        return None
    if b"\x00" in head:
        return "it holds NUL bytes"
    share = _odd_by_character(head) / max(len(head.decode("utf-8", errors="surrogateescape")), 1)
    return f"{share:.0%} of its characters are not text" if share > sniff.MAX_NON_TEXT else None


_PIECES = st.sampled_from([b"a", b"\t", b"\n", b"\x01", b"\x1b", b"\x1f", b"\x7f", b"\x80", b"\xc3\xa9",
                           b"\xe4\xb8\xad", b"\xef\xbf\xbd", b"\xff", b"\x0e", b"\x1c", b"\x08", b"\x0b"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.lists(_PIECES, max_size=200).map(b"".join)))
def test_the_share_of_non_text_is_counted_as_a_character_reading_counts_it(head):
    assert sniff.binary_reason(head) == _reason_by_character(head)


def test_a_log_head_is_text_and_random_bytes_are_not():
    log = b"INFO 05-01 12:00:00 [api_server.py:1] vLLM API server version 0.9.1\n\x1b[32mready\x1b[0m\n" * 600
    assert sniff.binary_reason(log[:sniff.HEAD_BYTES]) is None
    noise = bytes((i * 131 + 7) % 256 for i in range(4096)).replace(b"\x00", b"\x01")
    assert "not text" in (sniff.binary_reason(noise) or "")


def test_utf16_text_with_its_mark_is_judged_by_the_text_it_holds():
    # Windows PowerShell's `>` writes UTF-16LE with a BOM: every other byte NUL, yet a log
    text = "INFO start\r\nRuntimeError: CUDA driver version is insufficient for CUDA runtime version\r\n"
    for codec in ("utf-16-le", "utf-16-be"):
        raw = ("\ufeff" + text).encode(codec)
        assert sniff.binary_reason(raw) == "it holds NUL bytes"
        assert sniff.text_head(raw).decode() == text
    # bytes that only start like a mark stay what they are: NUL bytes in UTF-8 text are not text
    lookalike = b"\xff\xfe\x00junk\r\n" + b"\x00" * 64
    try:
        sniff.text_head(lookalike)
    except sniff.Unrecognised as exc:
        assert "NUL bytes" in str(exc)
    else:
        raise AssertionError("a NUL-filled lookalike of a UTF-16 mark was taken for text")
