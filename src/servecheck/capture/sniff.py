"""Is a file handed to ``capture --from`` text at all? Binary data is never taken for the log.

A compressed file is looked into (a gzip'd ``docker logs`` is a log; gzip'd garbage is not):
its first decompressed bytes are judged like plain ones; so is UTF-16 text with its byte-order mark
(Windows PowerShell's redirection), by the text it decodes to.
"""

from __future__ import annotations

import io
import json
import re

from servecheck.diagnose.reader import ReadInfo, compression_of, is_utf16, open_decompressed


class Unrecognised(Exception):
    """A file that is none of the outputs servecheck reads and no log either (binary data, JSON
    cut off or of another program): recorded with the reason, never taken as the log."""


# Share of a head's bytes that may be neither text nor a colour escape before it counts as
# binary: a log with a few mangled bytes stays a log; random bytes are ~70 % non-text.
MAX_NON_TEXT = 0.10
HEAD_BYTES = 64 * 1024      # the start of a file that is judged
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b\x08")
# What is not text: a byte that is not UTF-8 (decoded as a lone surrogate) or a control character
# other than those above; one regex pass (a character at a time in Python took 7 ms per 64 KB head)
_NON_TEXT = re.compile("[" + "".join(re.escape(chr(c)) for c in range(32) if c not in _TEXT_CONTROLS)
                       + "\udc80-\udcff]")


def text_head(raw: bytes) -> bytes:
    """``raw`` itself, or its decompressed start; Unrecognised when it is not text."""
    kind = compression_of(raw)
    head = raw
    if kind is not None or is_utf16(raw):       # UTF-16 text (its BOM first) is judged as the text it holds
        head = _decompressed_head(raw, kind or "utf-16", len(raw))
    reason = binary_reason(head)
    if reason is not None:
        what = f"{kind}-compressed binary data" if kind else "binary data"
        raise Unrecognised(f"{what} ({reason}), not text: neither a log nor an output servecheck reads")
    return head


def _decompressed_head(raw: bytes, kind: str, size: int) -> bytes:
    """Up to ``size`` decompressed bytes of ``raw`` (the start of a bigger file: its stream is
    cut, so what came out before the cut is kept); Unrecognised when nothing comes out."""
    parts: list[bytes] = []
    got = 0
    try:
        stream = open_decompressed(io.BytesIO(raw), ReadInfo())
        while got < size and (part := stream.read(min(4096, size - got))):
            parts.append(part)
            got += len(part)
    except Exception as exc:  # noqa: BLE001 - any decompressor's error means "not readable"
        if not parts:
            raise Unrecognised(f"{kind} data that does not decompress ({type(exc).__name__}); "
                               "not a log") from exc
    return b"".join(parts)


def binary_reason(head: bytes) -> str | None:
    if not head:
        return None
    if b"\x00" in head:
        return "it holds NUL bytes"
    # bytes that are not UTF-8 count, not a U+FFFD written as UTF-8: a console's garbled paste
    # (QAnything's Chinese messages as runs of U+FFFD) is text, and diagnose reads it as such
    text = head.decode("utf-8", errors="surrogateescape")
    odd = len(_NON_TEXT.findall(text))
    share = odd / max(len(text), 1)
    if share > MAX_NON_TEXT:
        return f"{share:.0%} of its characters are not text"
    return None


def check_not_cut_json(head: str, whole: bool) -> None:
    """A file (``whole``: all of it is in ``head``) that opens as JSON but does not parse is a
    cut-off output, not a log; JSON lines (docker's json-file log driver, structured loggers) are
    logs and pass."""
    stripped = head.lstrip()
    if not whole or stripped[:1] not in ("{", "["):
        return
    first = stripped.split("\n", 1)[0]
    try:
        json.loads(first)
        return                          # a whole JSON value on the first line: JSON lines
    except json.JSONDecodeError:
        pass
    try:
        json.loads(stripped)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            return
        raise Unrecognised(f"JSON cut off or invalid ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
                           "not a log and no output servecheck reads") from None
