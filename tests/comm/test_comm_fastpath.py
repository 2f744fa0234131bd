"""The fast paths of the comm parser give exactly what the plain paths give, on every recorded
fixture line and on prefixed NCCL lines of every launcher form."""

from __future__ import annotations

from pathlib import Path

from servecheck.comm import ncclog, prefix

HERE = Path(__file__).parent
FORMS = ["", "[1,3]<stdout>:", "  12: ", "[4] ", "host-1.x: ", "2026-01-01T00:00:00.5Z ", "[pod/a-1] ",
         "2026-01-01T00:00:00Z [pod/a] 0: "]
BODIES = ["node01:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA",
          "NCCL WARN Call to ibv_reg_mr failed", "12 NCCL x", "# NCCL ", "h:1:2 [1] NCCL INFO ok\r\n"]


def _lines() -> list[str]:
    lines = [p + b for p in FORMS for q in FORMS for b in (q + x for x in BODIES)]
    for path in sorted(HERE.rglob("*.txt")) + sorted(HERE.rglob("*.log")):
        lines += path.read_text(errors="replace").splitlines()
    return lines


def test_prefix_head_cache_matches_the_full_strip():
    lines = _lines()
    assert sum(" NCCL " in ln for ln in lines) > 100  # the cached path is really exercised
    for line in lines:
        assert prefix.strip(line) == prefix._strip(line), line


def test_channel_tail_cache_counts_every_line():
    reader = ncclog.TransportReader()
    for i in range(10):
        reader.feed(f"n:1:{i} [0] NCCL INFO Channel {i:02d}/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA")
    reader.feed("n:1:1 [0] NCCL INFO Channel 00/0 : 1[1] -> 2[2] via P2P/CUMEM")
    reader.feed("n:1:1 [0] NCCL INFO Channel 01/0 : 1[1] -> 9[0] [receive] via NET/IB/0")
    t = reader.result()
    assert (reader._net_channels, reader._gdr_channels) == (11, 10)
    assert t.net == "IB" and t.gdr is True and t.p2p == ["CUMEM"]
