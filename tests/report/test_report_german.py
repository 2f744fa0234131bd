"""German throughout: one message catalogue with every key in both languages, and the demo case's
German report without English UI text (log lines, commands, identifiers and recorded text stay
verbatim and are marked as such: .ev, .mono, code, .rec)."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, get_args

import pytest
from click.testing import CliRunner

from servecheck.cli.demo import demo
from servecheck.diagnose.models import FailureClass
from servecheck.report import lang

# English UI words that must not appear in the German view (whole words, any case). German uses
# some English loan words itself (Image, Container, Runbook, Status, Fallback): not listed.
ENGLISH = {
    "line", "path", "run", "bundle", "warning", "incompatible", "compatible", "working", "enforced",
    "completed", "stopped", "interrupted", "pass", "passed", "fail", "failed", "open", "unknown",
    "rehearsed", "rehearsal", "layer", "value", "source", "gate", "reason", "stop", "step", "steps",
    "payload", "changed", "recorded", "not", "the", "and", "with", "of", "found", "none", "check",
    "mark", "evidence", "summary", "driver", "verdict", "met", "yes", "no", "good", "bad", "ready",
    "blocked", "signed", "missing", "decision", "owner", "while", "upgrade", "change", "do",
}
VERBATIM = [r"<style.*?</style>", r"<svg.*?</svg>", r"<img[^>]*>", r'<div class="ev">.*?</div>',
            r"<code>.*?</code>", r'<(span|td|li|p|div)[^>]*class="[^"]*\b(mono|rec)\b[^"]*"[^>]*>.*?</\1>']


def _data(package: str, *path: str) -> Any:
    return json.loads(resources.files(package).joinpath(*path).read_text("utf-8"))


def _pairs(node: Any, where: str = "") -> list[str]:
    """Every dict in a data file that has one of en/de but not the other."""
    gaps = []
    if isinstance(node, dict):
        if ("en" in node) != ("de" in node):
            gaps.append(where or "/")
        if isinstance(node.get("en"), dict) and isinstance(node.get("de"), dict):
            gaps += [f"{where}/{k}" for k in node["en"].keys() ^ node["de"].keys()]
        for key, value in node.items():
            gaps += _pairs(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            gaps += _pairs(value, f"{where}[{i}]")
    return gaps


def test_catalogue_has_every_key_in_both_languages() -> None:
    assert lang.missing_keys("de") == []
    for cls in get_args(FailureClass):
        for code in lang.LANGS:
            entry = lang.raw(code)["classes"].get(cls)
            assert entry and entry["explanation"] and entry["next_steps"], (code, cls)


@pytest.mark.parametrize(("package", "path"), [
    ("servecheck.plan", ("data", "phrases.json")), ("servecheck.plan", ("data", "runbook.json")),
    ("servecheck.plan", ("data", "criteria.json")),
    ("servecheck.report", ("data", "checklist.json")),
])
def test_other_language_data_has_both_languages(package: str, path: tuple[str, ...]) -> None:
    assert _pairs(_data(package, *path)) == []


def test_missing_keys_names_the_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    english = lang.raw("en")
    german = {**lang.raw("de"), "ui": {k: v for k, v in lang.raw("de")["ui"].items() if k != "line"}}
    monkeypatch.setattr(lang, "raw", lambda code: english if code == "en" else german)
    assert lang.missing_keys("de") == ["ui.line"]


def test_status_words_and_chain_phrases_follow_the_language() -> None:
    assert lang.word("de", "incompatible") == "inkompatibel" and lang.word("de", "working") == "wirksam"
    assert lang.word("de", "some_new_verdict") == "some_new_verdict"  # unknown: verbatim identifier
    assert lang.say("de", "rules", "check_failed", check="api", status="fail", run=3) == \
        "verify api: fehlgeschlagen (Lauf 3)."
    assert lang.say("en", "rules", "check_failed", check="api", status="fail", run=3) == "verify api: fail (run 3)."
    explanation, steps = lang.class_text("de", "driver_too_old", "English text", ["English step"])
    assert "Treiber" in explanation and any("--max-model-len" in s for s in steps)
    assert lang.class_text("en", "driver_too_old", "own text", ["own step"]) == ("own text", ["own step"])


@pytest.fixture(scope="module")
def demo_reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "out"
    result = CliRunner().invoke(demo, ["--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def _ui_words(page: str) -> list[str]:
    for pattern in VERBATIM:
        page = re.sub(pattern, " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return re.findall(r"[\w'-]+", text)


def test_german_demo_report_has_no_english_ui_text(demo_reports: Path) -> None:
    page = (demo_reports / "report-de" / "report.html").read_text("utf-8")
    words = _ui_words(page)
    leaks = sorted({w for w in words if w.lower() in ENGLISH})
    assert leaks == [], leaks
    assert "Hauptursache" in words and "inkompatibel" in words  # the scan did read the page


def test_the_scan_finds_english_in_the_english_report(demo_reports: Path) -> None:
    page = (demo_reports / "report-en" / "report.html").read_text("utf-8")
    assert {"incompatible", "line", "path"} <= {w.lower() for w in _ui_words(page)}


def test_terminal_speaks_the_same_catalogue(case: tuple[Path, str], sc) -> None:  # type: ignore[no-untyped-def]
    store_path, case_id = case
    decided = sc(store_path, "decide", "--case", case_id, "--lang", "de")
    assert decided.returncode == 0, decided.stderr
    assert lang.say("de", "ui", "no_decision_recorded") in decided.stdout
    assert "suggested" not in decided.stdout and "vorgeschlagen" in decided.stdout
    accepted = sc(store_path, "accept", "--case", case_id, "--lang", "de", "--no-record")
    assert "erfüllt" in accepted.stdout and lang.say("de", "ui", "not_complete") in accepted.stdout
    assert not re.search(r"\b(met|not complete|run \d)\b", accepted.stdout), accepted.stdout
