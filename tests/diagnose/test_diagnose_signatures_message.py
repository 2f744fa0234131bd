"""A damaged --signatures file is named with the line and column where JSON parsing stopped."""

from __future__ import annotations

import pytest

from servecheck.diagnose import signatures as sigmod
from servecheck.errors import KnowledgeError


def test_control_character_message_has_line_and_column(tmp_path):
    path = tmp_path / "trunc.json"
    path.write_bytes(b'{"signatures": "a\x01')
    with pytest.raises(KnowledgeError) as exc:
        sigmod.load([path])
    message = str(exc.value)
    assert "Invalid control character at: line 1 column 18" in message
    assert "at at" not in message
