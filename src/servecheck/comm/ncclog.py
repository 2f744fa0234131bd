"""Transport facts from NCCL's own log lines (NCCL_DEBUG=INFO, subsystems INIT and NET).

The decisive line is ``Using network X`` (reference nccl.md §4.2); the per-channel ``via ...``
lines say whether GPU Direct RDMA, P2P or host shared memory carried the data.
"""

from __future__ import annotations

import re

from servecheck.comm.models import Transport

_VERSION = re.compile(r"NCCL version (\d+\.\d+\.\d+\S*)")
_NETWORK = re.compile(r"NCCL INFO Using network (.+?)\s*$")
_IB_USING = re.compile(r"NET/IB ?: Using (.+?)(?:; OOB|$)")
_IB_PORT = re.compile(r"\[\d+\]([\w.-]+):\d+/(IB|RoCE)")
_SOCKET_USING = re.compile(r"NET/Socket ?: Using \[0\]([\w.-]+):")
_BOOTSTRAP = re.compile(r"(?:Bootstrap ?: Using|; OOB) ([\w.-]+):")
_OFI = re.compile(r"NET/OFI Selected provider is (\w+)")
_VIA_NET = re.compile(r"via NET/(.+?)/\d+(?:\(\d+\))?(/GDRDMA)?(?:\(PCI\))?(?:/Shared)?\s*$")
_VIA_P2P = re.compile(r"via P2P/(CUMEM|IPC|direct pointer|MNNVL|indirect)")
_ENV = re.compile(r"\b(NCCL_[A-Z0-9_]+) set (?:by environment )?to (\S+?)\.?\s*$")
_NRANKS = re.compile(r"\bn[Rr]anks (\d+)(?: nNodes (\d+))?")
_RINGS_GDR = re.compile(r"Connected all rings, use ring PXN \d+ GDR (\d)")
_NVLS = re.compile(r"NVLS multicast support is (not )?available")
WARN = re.compile(r"NCCL WARN (.+)$")


def is_nccl_line(text: str) -> bool:
    return "NCCL INFO" in text or "NCCL WARN" in text or text.startswith("NCCL version")


class TransportReader:
    """Feed it lines; ``result()`` gives the Transport facts seen so far."""

    def __init__(self) -> None:
        self.t = Transport()
        self._net_kinds: set[str] = set()
        self._net_channels = 0
        self._gdr_channels = 0
        self._rings_gdr: set[str] = set()
        self._tails: dict[str, tuple[str | None, int, str | None, bool]] = {}

    def feed(self, text: str) -> None:
        if "NCCL" not in text and "via " not in text:
            return
        if " via " in text:
            self.channel(text)
        else:
            self._facts(text)

    def _facts(self, text: str) -> None:
        # Substring guards first: a large log is mostly channel lines, and each regex costs.
        if "Channel" in text:
            return
        t = self.t
        if "NCCL version" in text and (m := _VERSION.search(text)) and t.nccl_version is None:
            t.nccl_version = m.group(1)
        if "Using" in text:
            self._using(text)
        if "No device found" in text and "NET/IB" in text:
            t.ib_missing = True
        if "NET/OFI" in text and (m := _OFI.search(text)):
            self._net_kinds.add(f"OFI/{m.group(1)}")
        if "GPU Direct RDMA Disabled" in text:
            t.gdr_disabled_hcas += 1
        if " set " in text and (m := _ENV.search(text)):
            t.env[m.group(1)] = m.group(2)
        if "anks" in text and (m := _NRANKS.search(text)):
            t.nranks = t.nranks or int(m.group(1))
            if m.group(2):
                t.nnodes = t.nnodes or int(m.group(2))
        if "NVLS multicast" in text and (m := _NVLS.search(text)):
            t.nvls = m.group(1) is None if t.nvls is not False else False
        if "Connected all rings" in text and (m := _RINGS_GDR.search(text)):
            self._rings_gdr.add(m.group(1))

    def _using(self, text: str) -> None:
        t = self.t
        if m := _NETWORK.search(text):
            t.network_line = m.group(1)
        if m := _IB_USING.search(text):
            for dev, layer in _IB_PORT.findall(m.group(1)):
                if dev not in t.hcas:
                    t.hcas.append(dev)
                if layer not in t.link_layers:
                    t.link_layers.append(layer)
        if m := _SOCKET_USING.search(text) or _BOOTSTRAP.search(text):
            t.interface = t.interface or m.group(1)

    def channel(self, text: str) -> None:
        """Facts of one line carrying " via " (feed() sends such lines here)."""
        at = text.find(" via ")
        if at < 0:
            return
        # A large INFO log is mostly channel lines whose tails repeat (" via NET/IB/0/GDRDMA"):
        # the regexes run once per distinct tail, later lines are one dict lookup.
        tail = text[at:]
        seen = self._tails.get(tail)
        if seen is None:
            seen = _channel_facts(tail)
            if len(self._tails) < 4096:  # odd logs with unique tails must not grow memory per line
                self._tails[tail] = seen
        net, gdr, p2p, shm = seen
        if net is not None:
            self._net_channels += 1
            self._gdr_channels += gdr
            self._net_kinds.add(net)
        if p2p is not None and p2p not in self.t.p2p:
            self.t.p2p.append(p2p)
        if shm:
            self.t.shm = True

    def result(self) -> Transport:
        t = self.t.model_copy(deep=True)
        t.net = _net_kind(t, self._net_kinds)
        if self._net_channels:
            # GDR is used when every NET channel line carries /GDRDMA; receive-only GDR counts as partial
            t.gdr = self._gdr_channels > 0
        elif self._rings_gdr:
            t.gdr = "1" in self._rings_gdr
        if t.gdr is None and t.gdr_disabled_hcas:
            t.gdr = False
        return t


def _channel_facts(tail: str) -> tuple[str | None, int, str | None, bool]:
    """(NET kind, 1 if GDRDMA, P2P kind, SHM used) of one channel line's " via ..." tail."""
    net = _VIA_NET.search(tail)
    p2p = _VIA_P2P.search(tail)
    return (net.group(1) if net else None, 1 if net and net.group(2) else 0,
            p2p.group(1) if p2p else None, "via SHM" in tail)


def _net_kind(t: Transport, kinds: set[str]) -> str | None:
    line = (t.network_line or "").lower()
    ofi = sorted(k for k in kinds if k.startswith("OFI/"))
    if ofi:
        return ofi[0]
    if "libfabric" in line or any("libfabric" in k.lower() for k in kinds):
        return "OFI"
    if line == "socket" or "Socket" in kinds or (t.ib_missing and not t.hcas):
        return "Socket"
    if line.startswith("ib") or "IB" in kinds or t.hcas or any("rdma" in k.lower() for k in kinds):
        return "RoCE" if t.link_layers == ["RoCE"] else "IB"
    if kinds:
        return sorted(kinds)[0]
    return None
