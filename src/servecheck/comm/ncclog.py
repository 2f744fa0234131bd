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

    def feed(self, text: str) -> None:
        if "NCCL" not in text and "via " not in text:
            return
        self._facts(text)
        self._channels(text)

    def _facts(self, text: str) -> None:
        # Substring guards first: a large log is mostly channel lines, and each regex costs.
        if " via " in text or "Channel" in text:
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

    def _channels(self, text: str) -> None:
        if " via " not in text:
            return
        if m := _VIA_NET.search(text):
            self._net_channels += 1
            self._gdr_channels += 1 if m.group(2) else 0
            self._net_kinds.add(m.group(1))
        if m := _VIA_P2P.search(text):
            if m.group(1) not in self.t.p2p:
                self.t.p2p.append(m.group(1))
        if "via SHM" in text:
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
