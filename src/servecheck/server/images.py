"""A small image made at run time (plain PNG bytes through zlib, no imaging library) for the
multimodal re-check, and the reader the sim uses to see what it was sent.

PNG layout: signature, IHDR (8-bit RGB), one IDAT (zlib of rows, each led by filter byte 0),
IEND; every chunk carries its CRC-32 (https://www.w3.org/TR/png/).
"""

from __future__ import annotations

import base64
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# colour name -> RGB; the check asks which of these the image shows
COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (220, 20, 20), "green": (20, 170, 40), "blue": (20, 40, 220),
    "yellow": (240, 220, 20), "black": (0, 0, 0), "white": (255, 255, 255),
}
_MAX_SIDE = 4096


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def solid_png(rgb: tuple[int, int, int], side: int = 64) -> bytes:
    """A SIDE x SIDE PNG of one colour."""
    row = b"\x00" + bytes(rgb) * side
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(row * side)) + _chunk(b"IEND", b"")


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def first_pixel(png: bytes) -> tuple[int, int, int] | None:
    """RGB of the top-left pixel of an 8-bit RGB PNG (filter 0 or 1 on the first row), or None."""
    if not png.startswith(SIGNATURE):
        return None
    pos, idat, header = len(SIGNATURE), b"", b""
    while pos + 8 <= len(png):
        size, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + size]
        header = data if kind == b"IHDR" else header
        idat += data if kind == b"IDAT" else b""
        pos += 12 + size
    if len(header) < 13 or header[8:10] != b"\x08\x02" or not idat:
        return None
    width = struct.unpack(">I", header[:4])[0]
    if not 0 < width <= _MAX_SIDE:
        return None
    try:
        first_row = zlib.decompressobj().decompress(idat, 1 + 3 * width)
    except zlib.error:
        return None
    return (first_row[1], first_row[2], first_row[3]) if len(first_row) >= 4 and first_row[0] in (0, 1) else None


def colour_name(rgb: tuple[int, int, int]) -> str:
    """The nearest name in COLOURS."""
    return min(COLOURS, key=lambda n: sum((a - b) ** 2 for a, b in zip(COLOURS[n], rgb, strict=True)))


def image_of_data_uri(uri: str) -> bytes | None:
    head, _, payload = uri.partition(",")
    if not head.startswith("data:image/") or ";base64" not in head:
        return None
    try:
        return base64.b64decode(payload, validate=True)
    except ValueError:
        return None
