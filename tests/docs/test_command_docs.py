"""docs/commands/: one page per command, its synopsis exactly what `--help` prints today."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "gen_command_docs.py"


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen_command_docs", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_command_has_a_page_with_a_current_synopsis() -> None:
    # A fresh process: click caches a command's help option once it has been invoked, so help
    # rendered after other tests ran commands in-process could differ from what users see.
    checked = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True,
                             timeout=120, cwd=ROOT)
    assert checked.returncode == 0, f"{checked.stdout}{checked.stderr}"


def test_synopsis_is_what_the_user_sees() -> None:
    # The page shows what the console script prints in an 80-column terminal.
    shown = subprocess.run([sys.executable, "-m", "servecheck", "verify", "--help"], capture_output=True,
                           text=True, timeout=60, env={**os.environ, "COLUMNS": "80"})
    assert shown.returncode == 0, shown.stderr
    page = (ROOT / "docs" / "commands" / "verify.md").read_text(encoding="utf-8")
    block = page.split("$ servecheck verify --help\n", 1)[1].split("```", 1)[0]
    assert block.strip() == shown.stdout.strip()


def test_check_mode_names_a_stale_page(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    gen = _generator()
    pages = tmp_path / "commands"
    pages.mkdir()
    monkeypatch.setattr(gen, "PAGES", pages)
    monkeypatch.setattr(gen, "ROOT", tmp_path)
    assert gen.main([]) == 0  # writes every page
    page = pages / "load.md"
    page.write_text(page.read_text().replace("--ramp", "--rampe"), encoding="utf-8")
    assert gen.main(["--check"]) == 1
    assert gen.main([]) == 0 and "--rampe" not in page.read_text()
