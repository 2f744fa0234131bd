"""The one Hyperscan database: every pattern in it or listed as a fallback, cached, site files."""

from __future__ import annotations

import bisect
import io
import json
import re

import pytest

from servecheck.diagnose import facts as factmod
from servecheck.diagnose import hsdb
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.scan import Scanner, shape_table
from servecheck.diagnose.signatures import load

# Built-in patterns Hyperscan cannot compile; each is matched by Python re on its keywords' lines.
# The list is part of the contract: a new one must be added here on purpose.
EXPECTED_FALLBACK: list[tuple[str, str]] = []


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache of this test's own. Only the tests of the cache itself take one: the
    built-in databases cost about two seconds each to compile, and the other tests read them from
    the suite's shared cache."""
    monkeypatch.setenv("SERVECHECK_CACHE_DIR", str(tmp_path / "cache"))
    hsdb.forget()
    yield tmp_path / "cache"
    hsdb.forget()


def _small(count: int = 5) -> tuple[list, list[tuple[str, bool]]]:
    """A few real signatures and shapes: a table that compiles in a fraction of a second, for the
    tests of the cache's own workings (written, read back, a broken file compiled afresh)."""
    shapes = [(expr, caseless) for _, expr, caseless in shape_table()[:10]]
    return load().signatures[:count], shapes


def test_built_in_patterns_that_hyperscan_cannot_compile_are_listed():
    scanner = Scanner(load())
    assert scanner.table.fallback == EXPECTED_FALLBACK
    assert all(hsdb.compiles(expr) for _, expr, _ in shape_table())


# One line each fact rule reads (from the rules' own docstring and real logs of the corpus).
FACT_LINES = [
    "INFO 06-03 10:00:00 [api_server.py:1] vLLM API server version 0.9.1",
    "PyTorch version: 2.9.0+cu130",
    "CUDA used to build PyTorch: 12.8",
    "CUDA_VERSION=12.9.1",
    'NVIDIA_REQUIRE_CUDA="cuda>=12.9 brand=tesla,driver>=535"',
    "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.9, please update "
    "your driver to a newer version, or use an earlier cuda container: unknown (cuda=12.4)",
    "| NVIDIA-SMI 575.57.08   Driver Version: 575.57.08   CUDA Version: 12.9 |",
    "Current NVIDIA driver version: 550.54.15",
    "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Thu Feb 22 01:44:30 UTC 2024",
    "requires driver version 525 but version 470.223.02 was detected",
    "kernel driver version 535.104.05",
    "The NVIDIA driver on your system is too old (found version 12080).",
    "node:1:1 [0] NCCL INFO cudaDriverVersion 12080",
    "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible",
    "Device 0 has compute capability 7.0",
    "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1234)",
    "|   0  NVIDIA H200                    On  |   00000000:19:00.0 Off |                    0 |",
    "docker run --gpus all vllm/vllm-openai:v0.11.0 --model x",
    "    Found GPU0 NVIDIA GeForce GTX 1080 with Max-Q Design which is of cuda capability 6.1.",
    "    (7.5) - (12.0)",
]


def test_every_fact_rule_compiles_and_flags_each_line_python_reads():
    """Each fact rule is in the database as its own regex (no keyword stand-in): it compiles, it
    reads one of the lines above, and every line its Python regex reads is flagged, with a
    prefix in front as a collector or runtime writes it."""
    for rule in factmod.RULES:
        expr = hsdb.fact_expr(rule)
        assert hsdb.compiles(expr), expr
        read = [line for line in FACT_LINES if rule.regex.search(line)]
        assert read, rule.regex.pattern
        db = hsdb.hs.Database()
        db.compile(expressions=[hsdb.frame_anchors(expr).encode()], flags=[hsdb.FLAGS], ids=[0])
        for line in read:
            found: list[int] = []
            db.scan(("[pod/vllm-0/vllm] " + line).encode(), match_event_handler=lambda i, *_, out=found: out.append(i))
            assert found, (rule.regex.pattern, line)


def _lines_of_the_corpus(labelled) -> list[str]:
    """Every signature's examples and the first line of every corpus log (where a pasted command
    line sits): real lines of every shape, each under 3,000 characters."""
    lines = {example for sig in load().signatures for example in sig.examples}
    for log, _ in labelled:
        with log.open(encoding="utf-8", errors="replace") as fh:
            lines.add(fh.readline().rstrip("\n"))
    return sorted(line for line in lines if 0 < len(line) < 3000 and "\r" not in line)


def test_hyperscan_names_every_line_python_reads_with_the_same_expression(labelled):
    """Hyperscan's line ids hold every entry (signature pattern, structure shape, marker) whose
    Python regex matches the line: an expression the two engines read differently is otherwise
    blind in silence (round 158: '^([^ ]*[$#] )?nvidia-container' past 40 bytes of prompt, under
    Hyperscan's multi-line mode, matched nothing)."""
    scanner = Scanner(load())
    entries = scanner.mode.table.entries
    lines = _lines_of_the_corpus(labelled)
    text = "\n".join(lines)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    ids = {}
    missed = []
    for index, entry in enumerate(entries):
        regex = re.compile(entry.expr, re.M)
        for m in regex.finditer(text):
            at = bisect.bisect_right(starts, m.start()) - 1
            line = lines[at]
            if not regex.search(line.rstrip()):
                continue        # a match across two lines: no single line's
            if at not in ids:
                ids[at] = set(scanner._ids(line.encode()))
            if index not in ids[at]:
                missed.append((entry.expr, line))
    assert len(lines) > 6000
    assert not missed, missed[:5]


def test_spent_fact_rules_are_left_out_of_the_table():
    signatures = load().signatures
    full = hsdb.build_table(signatures, [])
    spent = hsdb.build_table(signatures, [], spent=frozenset({0, 1}))
    refs = [e.ref for e in full.entries if e.kind == "fact"]
    assert refs == list(range(len(factmod.RULES)))
    assert [e.ref for e in spent.entries if e.kind == "fact"] == refs[2:]


def test_a_site_pattern_hyperscan_rejects_falls_back_to_python_re(tmp_path):
    site = tmp_path / "site.json"
    site.write_text(json.dumps({"schema_version": 1, "signatures": [{
        "id": "site.flux", "class": "other", "layer": "other", "severity": "fatal",
        "patterns": ["flux (capacitor)(?= is empty)"], "keywords": ["flux capacitor"]}]}))
    compiled = load([site])
    scanner = Scanner(compiled)
    assert scanner.table.fallback == [("site.flux", "flux (capacitor)(?= is empty)")]
    noise = b"h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n" * 3000
    res = scanner.scan_stream(io.BytesIO(noise + b"the flux capacitor is empty\n" + noise))
    assert res.hits["site.flux"].first[0].line == 3001
    log = tmp_path / "s.log"
    log.write_bytes(noise + b"the flux capacitor is empty\n")
    assert diagnose(str(log), [site]).primary.signature == "site.flux"


def test_a_scanner_loads_its_databases_as_it_needs_them(monkeypatch):
    """Each database twice: for one line's ids (every pattern once) and for the block scan (every
    match); a scanner loads the one with all markers at once, the others when it first needs them:
    only the engine markers (a logger's line, no engine yet); the engine ones but nccl-tests' own
    (only NCCL INFO so far); none but a model loading (another engine's line after it)."""
    keys: set[str] = set()
    real = hsdb.load

    def spy(signatures, struct_patterns, flags=hsdb.FLAGS, spent=frozenset(), gate=False):
        keys.add(hsdb._table(signatures, struct_patterns, spent).key(flags, gate))
        return real(signatures, struct_patterns, flags, spent, gate)

    monkeypatch.setattr(hsdb, "load", spy)
    Scanner(load())
    assert len(keys) == 2
    Scanner(load()).scan_stream(io.BytesIO(b"INFO 05-01 12:00:00 [a.py:1] x\n"))
    Scanner(load()).scan_stream(io.BytesIO(b"h:1:2 [0] NCCL INFO Bootstrap\nINFO 05-01 12:00:01 [a.py:1] vLLM x\n"))
    assert len(keys) == 8


def test_the_database_is_cached_and_a_broken_cache_is_recompiled(own_cache, monkeypatch):
    signatures, shapes = _small()
    line = signatures[0].examples[0].encode()

    def both() -> list[list[int]]:
        found: list[list[int]] = []
        for flags, gate in ((hsdb.FLAGS, False), (hsdb.ALL_MATCHES, True)):
            hits: list[int] = []
            hsdb.load(signatures, shapes, flags, gate=gate)[1].scan(line, lambda i, *_, out=hits: out.append(i))
            found.append(sorted(set(hits)))
        return found

    first = both()
    files = sorted(own_cache.glob("hsdb-*.bin"))
    assert len(files) == 2 and all(f.read_bytes().startswith(b"HSDB1 ") for f in files)
    assert first[0], "the example line of the first signature is found"
    hsdb.forget()
    loads = []
    real = hsdb.hs.loadb
    monkeypatch.setattr(hsdb.hs, "loadb", lambda *a: loads.append(1) or real(*a))
    assert both() == first and len(loads) == 2              # read back from the files, not compiled
    monkeypatch.setattr(hsdb.hs, "loadb", real)
    for f in files:
        f.write_bytes(b"HSDB1 []\nnot a database")
    hsdb.forget()
    assert both() == first                                   # compiled afresh, the same answers
    assert all(f.read_bytes() != b"HSDB1 []\nnot a database" for f in files)


def test_an_unwritable_cache_only_costs_a_compile(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("SERVECHECK_CACHE_DIR", str(blocker / "sub"))
    hsdb.forget()
    signatures, shapes = _small()
    try:
        table, db = hsdb.load(signatures, shapes)
        hits: list[int] = []
        db.scan(signatures[0].examples[0].encode(), lambda i, *_: hits.append(i))
        assert hits and len(table.entries) > 0 and not (blocker / "sub").exists()
    finally:
        hsdb.forget()


def test_error_lines_then_a_long_hex_blob_stay_linear():
    """300 lines of "Error" and a multi-MB hex line once took 38 s: now each line is looked at
    once, the blob in capped pieces (the shape is bounded by work done, not by a clock)."""
    blob = b"".join(b"%064x" % (i * 7919) for i in range(40000))
    res = Scanner(load()).scan_stream(io.BytesIO(b"Error\n" * 300 + blob + b"\n"))
    assert res.lines == 301 and res.candidates <= 310
    assert res.bytes == 300 * 6 + len(blob) + 1


@pytest.mark.parametrize("expr, want", [
    ("^abc", "(?:^|\\r)abc"),
    ("(^|x)a", "((?:^|\\r)|x)a"),
    ("a|^b", "a|(?:^|\\r)b"),
    ("[^a]b", "[^a]b"),             # a negated class is no anchor
    ("\\^x", "\\^x"),               # nor an escaped caret
    ("[]^]x", "[]^]x"),             # nor a caret inside a class that starts with ]
    ("[a^]^", "[a^](?:^|\\r)"),
])
def test_line_start_anchors_also_hold_after_a_carriage_return(expr, want):
    assert hsdb.frame_anchors(expr) == want


@pytest.mark.parametrize("line", [
    b"app-1  | abc", b"(EngineCore_DP0 pid=12) abc", b"[rank0]:abc", b"\x1b[36mabc", b"[1;36m abc",
    b"2025-05-01T10:00:00Z abc", b"Jun 03 17:36:52 host prog[12]: abc", "\u2502abc".encode(),
])
def test_the_gates_line_start_anchor_also_holds_after_a_prefix_python_strips(line):
    """The block scan's database (the gate) lets ``^`` hold wherever a prefix Python strips ends;
    a line's own database keeps it at the line's and a frame's start only."""
    def matches(gate: bool, data: bytes) -> bool:
        db = hsdb.hs.Database()
        db.compile(expressions=[hsdb.frame_anchors("^abc", gate).encode()], flags=[hsdb.FLAGS], ids=[0])
        found: list[int] = []
        db.scan(data, match_event_handler=lambda i, *_: found.append(i))
        return bool(found)
    assert matches(True, line) and not matches(False, line)
    assert matches(False, b"abc") and matches(False, b"x\rabc") and not matches(True, b"xabc")


def test_a_tables_key_is_worked_out_once_and_follows_a_new_entry():
    table = hsdb.Table()
    table.add("struct", 0, "Traceback")
    first = table.key()
    assert table.key() == first and table.key(hsdb.ALL_MATCHES) != first
    assert table.key(hsdb.ALL_MATCHES, gate=True) not in (first, table.key(hsdb.ALL_MATCHES))
    table.add("struct", 1, "Killed", caseless=True)
    assert table.key() != first
    fresh = hsdb.Table()
    fresh.add("struct", 0, "Traceback")
    fresh.add("struct", 1, "Killed", caseless=True)
    assert fresh.key() == table.key()


def test_threads_share_a_loaded_database_each_with_its_own_scratch(monkeypatch):
    """A database is deserialised once per process (capture's probes scan in threads; each new
    thread used to load every database again); each thread scans with its own scratch space, and
    threads scanning at once find what one thread alone finds."""
    import threading

    loads = []
    real = hsdb.hs.loadb
    monkeypatch.setattr(hsdb.hs, "loadb", lambda *a: loads.append(1) or real(*a))
    Scanner(load())                     # compiled (an empty cache) or read from the cache file
    hsdb.forget()
    data = b"x\n" * 5000 + b"RuntimeError: No CUDA GPUs are available\n" + b"y\n" * 5000
    alone = Scanner(load()).scan_stream(io.BytesIO(data))
    after_one = len(loads)
    assert after_one >= 1
    got, dbs = [], []

    def one() -> None:
        for _ in range(20):
            scanner = Scanner(load())
            got.append(sorted(scanner.scan_stream(io.BytesIO(data)).hits))
        dbs.append(scanner.db)

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(loads) == after_one                      # no thread loaded a database again
    assert got == [sorted(alone.hits)] * 80 and "gpu.no_cuda_gpus" in alone.hits
    assert len({id(d.db) for d in dbs}) == 1 and len({id(d.scratch) for d in dbs}) == 4


def test_the_built_in_signatures_are_made_ready_once_and_a_site_file_is_not_cached(tmp_path):
    site = tmp_path / "site.json"
    site.write_text(json.dumps({"schema_version": 1, "signatures": [{
        "id": "site.flux", "class": "other", "layer": "other", "severity": "fatal",
        "patterns": ["flux capacitor"], "keywords": ["flux capacitor"]}]}))
    assert load() is load() and load([]) is load()
    assert load([site]) is not load([site]) and load([site]).signatures[0].id == "site.flux"
    assert all(s.id != "site.flux" for s in load().signatures)


def test_a_tables_columns_are_worked_out_once_and_follow_a_new_entry():
    table = hsdb.Table()
    table.add("struct", 0, "Traceback")
    first = table.columns()
    assert table.columns() is first and first == (["struct"], [0])
    table.add("fact", 3, "Driver Version")
    assert table.columns() == (["struct", "fact"], [0, 3])


def test_a_database_compiled_outside_load_is_scanned_with_each_threads_own_scratch():
    """The benign wordings' database is compiled by the markers, not by ``load``: threads that test
    lines at once (capture's probes) each scan it with their own scratch space. With the database's
    single scratch, two scans at once raised hyperscan.ScratchInUseError in one of the threads."""
    import threading

    from servecheck.diagnose import status

    db = status.markers()._benign_db
    assert db is not None
    mine = hsdb.own_scratch(db)
    assert hsdb.own_scratch(db) is mine
    benign = "fatal: bad revision 'HEAD'"     # git's line at an engine's start (markers.json)
    assert status.markers().is_benign(benign) and not status.markers().is_benign("RuntimeError: boom")
    theirs, errors, answers = [], [], []

    def one() -> None:
        try:
            theirs.append(hsdb.own_scratch(db))
            answers.extend(status.markers().is_benign(benign) for _ in range(3000))
        except Exception as exc:        # noqa: BLE001 - the test reports what any thread raised
            errors.append(repr(exc))

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert answers == [True] * 12000
    assert len({id(t.scratch) for t in [mine, *theirs]}) == 5


def test_the_tables_memo_drops_the_least_recently_used_table(monkeypatch):
    """A run over many logs needs a few dozen tables (a mode and the facts read so far each): a table used
    again stays built, and the memo's bound drops the one used longest ago, not all of them."""
    monkeypatch.setattr(hsdb, "_TABLES", {})
    monkeypatch.setattr(hsdb, "MAX_TABLES", 2)
    signatures, shapes = _small()
    first = hsdb._table(signatures, shapes[:4], frozenset())
    second = hsdb._table(signatures, shapes[:6], frozenset())
    assert hsdb._table(signatures, shapes[:4], frozenset()) is first      # used again: the most recent now
    hsdb._table(signatures, shapes[:8], frozenset())                       # a third: the bound drops one
    assert hsdb._table(signatures, shapes[:4], frozenset()) is first      # kept: used after the second
    assert hsdb._table(signatures, shapes[:6], frozenset()) is not second  # dropped, so built afresh
    assert len(hsdb._TABLES) == 2
