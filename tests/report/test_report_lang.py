"""Language choice from the locale, and run summaries in both languages."""

from __future__ import annotations

import pytest

from servecheck.report.lang import default_lang
from servecheck.report.timeline import summarize
from servecheck.store.models import Run


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
    consequence = {"signature": "b", "class": "other", "layer": "other", "severity": "error",
                   "confidence": 0.5, "first_line": 9}
    primary = {"signature": "a", "class": "oom_weights", "layer": "memory_capacity", "severity": "fatal",
               "confidence": 0.9, "first_line": 8, "consequences": [consequence]}
    diag = _run("diagnose", {"servecheck_version": "0", "input": "x", "stats": {"source": "x"},
                             "primary": primary})
    assert summarize(diag) == "primary oom_weights (memory_capacity), 1 consequence(s)"
    assert summarize(diag, "de") == "Hauptursache oom_weights (memory_capacity), 1 Folge(n)"
    load = {"target": {"url": "u"}, "status": "completed", "stages": []}
    assert summarize(_run("load", load), "de").startswith("0 Stufe(n)")
    verify = {"started_at": "t", "server": {"url": "u"}, "checks": [{"name": "api", "status": "pass", "summary": ""}]}
    assert summarize(_run("verify", verify)) == "api=pass"
    assert summarize(_run("other", {"a": 1})) == "1 field(s)"


def test_unreadable_runs_say_why() -> None:
    assert summarize(_run("load", {"stages": "garbage"})).startswith("unreadable result: load run 1 is unreadable")
    assert "schema version 9" in summarize(_run("verify", {"schema_version": 9}), "de")
    incomplete = {"servecheck_version": "0", "created_at": "2026-12-01T00:00:00+00:00",
                  "status": "incomplete", "missing": ["container x"]}
    assert summarize(_run("capture", incomplete)).startswith("INCOMPLETE (not read: container x)")
