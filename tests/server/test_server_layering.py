"""verify and load share one server layer: the import graph and a duplicates scan show no second
copy of what server/ owns (HTTP stack, /metrics parser, key variables, URL parsing, /tokenize)."""

from __future__ import annotations

import ast
from pathlib import Path

import servecheck

SRC = Path(servecheck.__file__).parent
STAGES = ("capture", "diagnose", "knowledge", "plan", "verify", "load", "comm", "fleet", "sim", "store", "report", "cli")
# What only server/ may contain, among verify/ and load/.
OWNED = {
    "text_string_to_metric_families": "the /metrics parser",
    "VLLM_API_KEY": "the list of key variables",
    "urlsplit": "URL parsing",
    '"/tokenize"': "/tokenize sizing",
    "import httpx": "a second HTTP stack",
    "ClientTimeout(": "HTTP session bounds",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_server_is_ground_floor():
    for path in (SRC / "server").rglob("*.py"):
        bad = [m for m in _imports(path) if m.startswith("servecheck.") and m.split(".")[1] in STAGES]
        assert not bad, f"{path.name} imports stage packages {bad}"


def test_verify_and_load_do_not_import_each_other():
    for stage, other in (("verify", "load"), ("load", "verify")):
        for path in (SRC / stage).rglob("*.py"):
            assert not [m for m in _imports(path) if m.startswith(f"servecheck.{other}")], path


def test_no_second_copy_in_verify_or_load():
    for stage in ("verify", "load"):
        for path in (SRC / stage).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for needle, what in OWNED.items():
                assert needle not in text, f"{stage}/{path.name} has its own {what} ({needle})"
