"""Language choice from the locale, and run summaries in both languages."""

from __future__ import annotations

import pytest

from servecheck.report.lang import default_lang
from servecheck.store.models import Run
from servecheck.store.summary import summarize


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "en_US.UTF-8"}, "en"), ({}, "en"),
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"), ({"LC_ALL": "C", "LANG": "de_DE"}, "en"),
])
def test_default_lang_from_locale(monkeypatch: pytest.MonkeyPatch, env: dict, lang: str) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert default_lang() == lang


def _run(kind: str, payload: dict) -> Run:
    return Run(id=1, case_id="c", kind=kind, created_at="t", servecheck_version="0", payload=payload)


def test_summaries_in_both_languages() -> None:
    diag = _run("diagnose", {"primary": {"class": "oom_weights", "layer": "memory_capacity",
                                         "consequences": [{}]}})
    assert summarize(diag) == "primary oom_weights (memory_capacity), 1 consequence(s)"
    assert summarize(diag, "de") == "Hauptursache oom_weights (memory_capacity), 1 Folge(n)"
    assert summarize(_run("load", {"stages": "garbage"}), "de").startswith("0 Stufe(n)")
    assert summarize(_run("verify", {"checks": [1, {"name": "api", "status": "pass"}]})) == "api=pass"
    assert summarize(_run("other", {"a": 1})) == "1 field(s)"
