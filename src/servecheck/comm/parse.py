"""nccl-tests output -> one CommTest per run found (facts only; the verdict comes later).

Accepts every table layout since nccl-tests v2.0 (reference nccl.md §1.3, §7): 2- or 3-space
``Rank`` lines with or without ``Group``/``Pid``, ``#wrong`` or the old ``error`` column, ``N/A``
for unchecked values, exponent numbers, and the ``#`` lost when output was pasted through
Markdown. A run whose footer (``# Out of bounds values``) never came is ``incomplete`` or, with
failure lines, ``error`` — never complete.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from servecheck.comm import ncclog, prefix
from servecheck.comm.models import CommTest, SizeRow, TestStatus

_HEADER = re.compile(r"nThread\s+(\d+)\s+nGpus\s+(\d+)\s+minBytes\s+(\d+)\s+maxBytes\s+(\d+)")
_VALIDATION = re.compile(r"validation:\s*(\d)")
_STARTING = re.compile(r"Collective test starting:\s*(\w+)")
_VERSION = re.compile(r"nccl-tests version (\S+)")
_DEVICE = re.compile(r"Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?(?:Pid\s+\d+\s+)?on\s+(\S+)\s+device\s+(\d+)"
                     r"\s+\[[^\]]*\]\s+(.+?)\s*$")
_OOB = re.compile(r"Out of bounds values\s*:\s*(\d+)\s+(OK|FAILED)")
_AVG = re.compile(r"Avg bus bandwidth\s*:\s*([-\d.eE+]+|nan|inf)")
_OP_NAME = re.compile(r"\b(all_reduce|alltoall|all_gather|reduce_scatter|broadcast|reduce|sendrecv|"
                      r"scatter|gather|hypercube)_perf")
_FAILURE = re.compile(r"(Test (?:NCCL|CUDA) failure .*|Test timeout .*|NCCL failure .*|"
                      r"Invalid number of GPUs.*|Test failure common\.cu.*)$")
# NCCL's error return chain ("init.cc:516 -> 3"): a call failed even when no nccl-tests line says so
_ERR_CHAIN = re.compile(r"\.cc:\d+ -> ([1-9]\d*)")
_NUM = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")
REDOPS = {"sum", "prod", "min", "max", "avg", "all", "none", "mulsum", "premulsum"}


@dataclass
class _Block:
    """One nccl-tests run as it is read: header, devices, rows, footer."""

    op: str | None = None
    version: str | None = None
    validation: bool | None = None
    header_seen: bool = False
    old_error_column: bool = False
    columns: list[str] = field(default_factory=list)
    devices: list[tuple[int, str, str]] = field(default_factory=list)
    rows: list[SizeRow] = field(default_factory=list)
    oob: tuple[int, bool] | None = None
    footer_avg: float | None = None
    errors: list[str] = field(default_factory=list)
    concluded: bool = False

    @property
    def started(self) -> bool:
        return self.header_seen or bool(self.devices or self.rows)


@dataclass
class ParsedText:
    blocks: list[_Block]
    transport_lines: int
    reader: ncclog.TransportReader
    prefixes: Counter[str]
    op_hint: str | None
    warns: list[str]
    stray_failures: list[str]
    error_chain: list[str]
    printing_ranks: int = 1


def _float(tok: str) -> float | None:
    return float(tok) if _NUM.match(tok) else None


def _wrong(tok: str, old: bool) -> int | None:
    if tok == "N/A":
        return None
    if old:  # old builds print the max deviation; an asterisk marks one over the threshold
        return 1 if tok.endswith("*") else 0
    return int(tok) if tok.isdigit() else None


def _by_columns(toks: list[str], columns: list[str], old: bool) -> SizeRow | None:
    """A row read by the header's column names (any layout, -I per-iteration columns included)."""
    where: dict[str, list[int]] = {}
    for i, name in enumerate(columns):
        where.setdefault(name, []).append(i)
    wrong_col = "#wrong" if "#wrong" in where else "error"

    def get(name: str, k: int) -> str | None:
        idx = where.get(name, [])
        return toks[idx[k]] if len(idx) > k else None

    def num(name: str, k: int) -> float | None:
        tok = get(name, k)
        return _float(tok) if tok is not None else None

    def wrong(k: int) -> int | None:
        tok = get(wrong_col, k)
        return _wrong(tok, old) if tok is not None else None

    if num("busbw", 0) is None:
        return None
    return SizeRow(size_bytes=int(toks[0]), count=int(toks[1]), dtype=toks[2], redop=get("redop", 0),
                   oop_time_us=num("time", 0), oop_algbw_gbps=num("algbw", 0), oop_busbw_gbps=num("busbw", 0),
                   oop_wrong=wrong(0), ip_busbw_gbps=num("busbw", 1), ip_wrong=wrong(1))


def parse_row(text: str, old: bool, columns: list[str] | None = None) -> SizeRow | None:
    toks = text.split()
    if len(toks) < 7 or not toks[0].isdigit() or not toks[1].isdigit() or _NUM.match(toks[2]):
        return None
    if columns and len(columns) == len(toks):
        return _by_columns(toks, columns, old)
    rest = toks[3:]
    # redop/root (0-2 tokens, by layout era) then 4 values per placement: 4-6 or 8-10 tokens
    n_meta = len(rest) - 8 if len(rest) >= 8 else len(rest) - 4
    if not 0 <= n_meta <= 2:
        return None
    meta, groups = rest[:n_meta], rest[n_meta:]
    if len(groups) < 4 or any(_float(g) is None for g in groups[:3]):
        return None
    ip = groups[4:8] if len(groups) >= 8 else []
    return SizeRow(
        size_bytes=int(toks[0]), count=int(toks[1]), dtype=toks[2],
        redop=next((m for m in meta if m in REDOPS), None),
        oop_time_us=_float(groups[0]), oop_algbw_gbps=_float(groups[1]), oop_busbw_gbps=_float(groups[2]),
        oop_wrong=_wrong(groups[3], old),
        ip_busbw_gbps=_float(ip[2]) if ip else None, ip_wrong=_wrong(ip[3], old) if ip else None,
    )


class _Stream:
    """The lines of one rank (or of the whole file when no prefix carries a rank)."""

    def __init__(self) -> None:
        self.blocks: list[_Block] = []
        self.cur: _Block | None = None

    def _block(self) -> _Block:
        if self.cur is None or self.cur.concluded:
            self.cur = _Block()
            self.blocks.append(self.cur)
        return self.cur

    def feed(self, text: str) -> None:
        body = text.lstrip("#").strip()
        if m := _VERSION.search(body):
            self._new().version = m.group(1)
        elif m := _STARTING.search(body):
            b = self._block() if self.cur and not self.cur.header_seen and not self.cur.concluded else self._new()
            b.op = m.group(1).removesuffix("_perf")
        elif m := _HEADER.search(body):
            b = self.cur if self.cur and not self.cur.header_seen and not self.cur.rows \
                and not self.cur.concluded else self._new()
            b.header_seen = True
            if v := _VALIDATION.search(body):
                b.validation = v.group(1) != "0"
        else:
            self._body(body)

    def _new(self) -> _Block:
        if self.cur is not None and (self.cur.header_seen or self.cur.rows or self.cur.devices):
            self.cur.concluded = True
        self.cur = None
        return self._block()

    def _body(self, body: str) -> None:
        if m := _DEVICE.search(body):
            b = self._block()
            if b.rows:  # a device list after rows: a new run without its header line
                b = self._new()
            b.devices.append((int(m.group(1)), m.group(2), m.group(4)))
        elif body.startswith("size") and "count" in body and "type" in body:
            b = self._block()
            b.old_error_column = "error" in body.split() and "#wrong" not in body
            b.columns = body.split()
        elif m := _OOB.search(body):
            self._block().oob = (int(m.group(1)), m.group(2) == "OK")
        elif m := _AVG.search(body):
            b = self._block()
            b.footer_avg = _float(m.group(1))
            b.concluded = True
        elif "Collective test concluded" in body:
            if self.cur is not None:
                self.cur.concluded = True
        elif row := parse_row(body, self.cur.old_error_column if self.cur else False,
                              self.cur.columns if self.cur else None):
            self._block().rows.append(row)


def read_lines(lines: Iterable[str]) -> ParsedText:
    """Split lines by rank prefix, parse each stream, and collect NCCL facts from all of them."""
    streams: dict[str | None, _Stream] = {}
    reader = ncclog.TransportReader()
    forms: Counter[str] = Counter()
    op_hint, nccl_lines = None, 0
    warns: list[str] = []
    stray: list[str] = []
    chain: list[str] = []
    last: _Stream | None = None
    for raw in lines:
        text, form, who = prefix.strip(raw)
        if not text or text.isspace():
            continue
        forms[form] += 1
        if op_hint is None and (m := _OP_NAME.search(text)):
            op_hint = m.group(1)
        is_channel = " via " in text  # channel chatter, the bulk of an INFO log: only its tail counts
        if is_channel or ncclog.is_nccl_line(text):
            nccl_lines += 1
            reader.channel(text) if is_channel else reader.feed(text)
            if "NCCL WARN" in text and (m := ncclog.WARN.search(text)):
                warns.append(m.group(1).strip())
            elif not chain and ".cc:" in text and _ERR_CHAIN.search(text):
                chain.append(text.split("NCCL INFO", 1)[-1].strip())
            continue
        if m := _FAILURE.search(text):
            # a failure belongs to the run being printed when it came (several runs per file)
            target = last.cur if last is not None and last.cur is not None else None
            (target.errors if target is not None else stray).append(m.group(1).strip())
            continue
        key = who if form in ("mpirun --tag-output", "srun -l", "rank brackets") else None
        last = streams.setdefault(key, _Stream())
        last.feed(text)
    blocks = [b for s in streams.values() for b in s.blocks if b.started or b.oob or b.footer_avg is not None]
    if blocks and stray:
        blocks[0].errors[:0] = stray
        stray = []
    # MPI nccl-tests print from rank 0 only: headers from several ranks = separate processes
    printing = sum(1 for s in streams.values() if any(b.header_seen or b.devices for b in s.blocks))
    return ParsedText(blocks, nccl_lines, reader, forms, op_hint, warns, stray, chain, printing)


def to_tests(parsed: ParsedText, source: str) -> list[CommTest]:
    """One CommTest per run; a non-MPI binary under a launcher gives one per rank, each marked."""
    transport = parsed.reader.result()
    form = next((f for f, _ in parsed.prefixes.most_common() if f != "plain"), "plain")
    blocks = parsed.blocks
    # a non-MPI binary under a launcher: every process prints its own table at Rank 0
    separate = any(len({d[0] for d in b.devices}) < len(b.devices) for b in blocks) or \
        parsed.printing_ranks > 1
    tests = [_test(b, parsed, transport, form, source, separate) for b in blocks]
    if not tests and (parsed.transport_lines or parsed.stray_failures):
        # NCCL lines but no nccl-tests table: facts to keep, never a finished test
        tests.append(_test(_Block(), parsed, transport, form, source, False))
    return tests


def _test(b: _Block, parsed: ParsedText, transport, form: str, source: str, separate: bool) -> CommTest:
    hosts = sorted({d[1] for d in b.devices})
    rows = b.rows
    oop = [r.oop_busbw_gbps for r in rows if r.oop_busbw_gbps is not None]
    peak_row = max((r for r in rows if r.oop_busbw_gbps is not None), key=lambda r: r.oop_busbw_gbps or 0.0,
                   default=None)
    wrong_vals = [w for r in rows for w in (r.oop_wrong, r.ip_wrong) if w is not None]
    errors = list(b.errors or parsed.stray_failures)
    if b.oob is None and parsed.error_chain:
        # an NCCL call returned an error and the run did not finish: the WARN lines say why
        errors += [f"NCCL WARN {w}" for w in parsed.warns] + [f"NCCL error return {parsed.error_chain[0]}"]
    test = CommTest(
        op=b.op or parsed.op_hint or "unknown",
        status=_status(b, errors),
        ranks=len(b.devices) or transport.nranks, nodes=len(hosts) or transport.nnodes,
        gpus=dict(Counter(d[2] for d in b.devices)), hosts=hosts,
        avg_busbw_gbps=round(sum(oop) / len(oop), 3) if oop else None,
        peak_busbw_gbps=peak_row.oop_busbw_gbps if peak_row else None,
        peak_at_bytes=peak_row.size_bytes if peak_row else None,
        max_size_bytes=max((r.size_bytes for r in rows), default=None),
        footer_avg_busbw_gbps=b.footer_avg,
        wrong=sum(wrong_vals) if wrong_vals else None,
        out_of_bounds=b.oob[0] if b.oob else None, out_of_bounds_ok=b.oob[1] if b.oob else None,
        validation=b.validation, nccl_tests_version=b.version, launcher_prefix=form,
        separate_processes=separate, transport=transport, rows=rows, errors=errors[:20], source=source,
    )
    if test.transport.net is None and test.nodes == 1 and test.status == "complete":
        test.transport.net = "none"
    return test


def _status(b: _Block, errors: list[str]) -> TestStatus:
    if b.oob is not None and not errors:
        return "complete"
    if errors:
        return "error"
    return "incomplete"
