"""The lean install: `make demo` installs servecheck's runtime dependencies only; test tools,
plotting for PNG and the real-server extra come with `make test`."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=;\[ ]", r, maxsplit=1)[0].strip().lower() for r in requirements}


def test_runtime_dependencies_leave_out_test_tools_and_plotting() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = _names(project["dependencies"])
    extras = project["optional-dependencies"]
    assert not runtime & {"pytest", "pytest-cov", "ruff", "mypy", "matplotlib", "xllamacpp", "numpy"}
    assert "matplotlib" in _names(extras["plots"]) and "pytest" in _names(extras["test"])


def test_make_demo_installs_only_the_package() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    run_stamp = makefile[makefile.index("$(RUN_STAMP): pyproject.toml"):].split("\n\n")[0]
    assert "pip install" in run_stamp and "-e ." in run_stamp and "[" not in run_stamp.split("pip install")[1]
    assert re.search(r"^demo: \$\(RUN_STAMP\)$", makefile, re.M)
    assert re.search(r"^\$\(STAMP\): \$\(RUN_STAMP\)$", makefile, re.M)  # make test builds on it: no reinstall
