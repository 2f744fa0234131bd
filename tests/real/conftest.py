"""Fixtures: a generated tiny GGUF and llama.cpp's server (xllamacpp) on 127.0.0.1.

`llama_server` keeps llama.cpp's default prompt caching; `llama_server_nocache` starts a second
server with the cache_prompt server option off. Both are session-scoped (start ~30 ms each).
Everything here is skipped, with the reason, when the `real` extra is not installed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
INSTALL_HINT = "install the real extra: .venv/bin/pip install -e '.[real]'"


def _load(name: str):
    """Import a helper module of this folder (pytest runs with --import-mode=importlib)."""
    key = f"servecheck_tests_real_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, HERE / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


@pytest.fixture(scope="session")
def real_helpers():
    """Helper modules: .tinymodel (GGUF writer), .llamaserver (start/stop), .record (samples)."""
    for name in ("gguf", "numpy", "xllamacpp"):
        try:
            importlib.import_module(name)
        except ImportError as exc:  # missing wheel, or one whose native library cannot load
            pytest.skip(f"{name} is not importable ({exc}); {INSTALL_HINT}")

    class Helpers:
        tinymodel = _load("tinymodel")
        llamaserver = _load("llamaserver")
        record = _load("record")

    return Helpers


@pytest.fixture(scope="session")
def recorded() -> dict:
    """The recorded llama.cpp samples, name -> exchange (needs no extra)."""
    return _load("record").load_recorded()


@pytest.fixture(scope="session")
def tiny_model(real_helpers, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("tinymodel") / "tiny-hello.gguf"
    return real_helpers.tinymodel.write_model(path)


def _serve(real_helpers, tiny_model: Path, cache_prompt: bool):
    ls = real_helpers.llamaserver
    server = ls.start(ls.ServerConfig(tiny_model, cache_prompt=cache_prompt))
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def llama_server(real_helpers, tiny_model):
    """llama.cpp server with prompt caching on (its default): 4 slots x 8192 tokens."""
    yield from _serve(real_helpers, tiny_model, cache_prompt=True)


@pytest.fixture(scope="session")
def llama_server_nocache(real_helpers, tiny_model):
    """The same server with the cache_prompt server option off."""
    yield from _serve(real_helpers, tiny_model, cache_prompt=False)
