"""The README keeps its promises: short, a sample output the tool really prints, --case on every
step of the 3 a.m. flow, and an exit-code table that covers every code the commands return."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(after: str) -> str:
    start = README.index(after)
    fence = README.index("```", start)
    body = README.index("\n", fence) + 1
    return README[body:README.index("```", body)]


def test_readme_is_short() -> None:
    assert len(README.splitlines()) <= 200


def test_sample_output_is_what_the_tool_prints() -> None:
    shown = _block("<!-- sample:").splitlines()
    command = shown[0].removeprefix("$ ").split()
    assert command[0] == "servecheck"
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    run = subprocess.run([sys.executable, "-m", "servecheck", *command[1:]], capture_output=True, text=True,
                         timeout=60, cwd=ROOT, env=env)
    assert run.returncode in (0, 1), run.stderr
    printed = [line.rstrip() for line in run.stdout.splitlines()]
    at = 0
    for line in (x.rstrip() for x in shown[1:]):
        if line == "...":
            continue
        assert line in printed[at:], f"README sample line no longer printed (in this order): {line!r}"
        at = printed.index(line, at) + 1


def test_every_step_of_the_flow_names_the_case() -> None:
    steps = [line for line in _block("## The method at 3 a.m.").splitlines() if line.startswith("servecheck ")]
    assert len(steps) >= 12
    for line in steps:
        command = line.split("#")[0]
        # case new creates the case; compat only reads the tables and a bundle
        if not re.match(r"servecheck (case new|compat) ", command):
            assert "--case $CASE" in command, line


def _returned_codes() -> set[int]:
    """Every int literal a cli module returns or names as an exit code, and every exit_code of an
    error class: what a user can see."""
    codes: set[int] = set()
    for path in [*(ROOT / "src" / "servecheck" / "cli").glob("*.py"), *(ROOT / "src" / "servecheck").rglob("errors.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            value = None
            if isinstance(node, ast.Return) and node.value is not None:
                value = node.value
            elif isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and (t.id.isupper() or t.id == "exit_code") for t in node.targets):
                value = node.value
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple):
                if all(isinstance(t, ast.Name) and t.id.startswith("EXIT") for t in node.targets[0].elts):
                    value = node.value
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "exit" and node.args:
                value = node.args[0]
            if value is not None:
                codes |= {c.value for c in ast.walk(value) if isinstance(c, ast.Constant)
                          and type(c.value) is int and 0 <= c.value < 256}
    return codes


def test_exit_code_table_covers_every_code() -> None:
    table = README[README.index("## Exit codes"):README.index("## Read more")]
    documented = {int(m) for m in re.findall(r"^\| (\d+) \|", table, re.M)}
    assert {0, 1, 2, 70, 130} <= documented
    missing = _returned_codes() - documented
    assert not missing, f"exit codes returned by the commands but not in the README table: {sorted(missing)}"
