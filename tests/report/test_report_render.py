"""The report: HTML self-contained and escaped, Markdown and JSON, English and German."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from servecheck.plan.runbook import record
from servecheck.report.build import build_report
from servecheck.report.render import render, write
from servecheck.report.view import load_view, texts
from servecheck.store import open_store

from .conftest import DIAGNOSIS, LOAD, VERIFY


def _report(store_path: Path, case_id: str, lang: str = "en"):
    with open_store(store_path) as store:
        return build_report(load_view(store, case_id), lang)


def test_translation_tables_have_the_same_keys() -> None:
    en, de = texts("en"), texts("de")
    import importlib.resources as r

    raw_de = json.loads(r.files("servecheck.report").joinpath("data", "i18n", "de.json").read_text("utf-8"))
    for section in en:
        assert set(raw_de[section]) == set(en[section]), section
    assert de["ui"]["checklist"] == "Abnahme-Checkliste"


@pytest.mark.parametrize(("lang", "words"), [("en", ["Acceptance checklist", "Load ramp", "Runbook progress"]),
                                            ("de", ["Abnahme-Checkliste", "Lastrampe", "Runbook-Fortschritt"])])
def test_all_sections_in_both_languages(case: tuple[Path, str], lang: str, words: list[str]) -> None:
    report = _report(*case, lang=lang)
    html, md = render(report, "html"), render(report, "md")
    for word in words:
        assert word in html and word in md
    assert f'<html lang="{lang}">' in html
    assert report.verdict.word in html and report.verdict.word in md
    assert "driver_too_old" in html and "575.57.08" in html and "RuntimeError: The NVIDIA driver" in html
    assert "<svg" in html and "data:image/svg+xml;base64," in html  # own charts + the load run's plot


def test_html_is_self_contained(case: tuple[Path, str]) -> None:
    html = render(_report(*case), "html")
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)
    assert "<script" not in html and "@import" not in html and "url(" not in html


def test_hostile_text_is_escaped(tmp_path: Path) -> None:
    verify = VERIFY | {"checks": [{"name": "<img src=x onerror=alert(1)>", "status": "fail",
                                   "summary": "a|b\nc"}]}
    load = LOAD | {"stages": [LOAD["stages"][0] | {"name": "<b>s</b>"}]}
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case('<script>alert(1)</script> | pipe', owner="<i>ops</i>")
        store.attach(case_id, "verify", verify)
        store.attach(case_id, "load", load)
        store.attach(case_id, "runbook", record(2, "mark", "pass", "<u>al</u>", "<em>drained</em> | ok"))
    report = _report(tmp_path / "s.db", case_id)
    html = render(report, "html")
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>s</b>" not in html
    md = render(report, "md")
    assert "a\\|b c" in md
    # Markdown escapes user text as HTML does: titles, owners, names and notes
    for raw in ("<script>", "<i>ops</i>", "<img src=x", "<b>s</b>", "<u>al</u>", "<em>drained</em>"):
        assert raw not in md, raw
    assert "&lt;script&gt;alert(1)&lt;/script&gt; \\| pipe" in md


def test_key_advice_first_and_timeline_folded(case: tuple[Path, str]) -> None:
    store_path, case_id = case
    guard = "do NOT change --max-model-len while the driver conflict stands"
    with open_store(store_path) as store:
        store.attach(case_id, "diagnose", DIAGNOSIS | {"advice": [guard]})
    report = _report(store_path, case_id)
    html, md = render(report, "html"), render(report, "md")
    assert report.key_advice == [guard]
    for text in (html, md):
        assert text.index(guard) < text.index("<details")
    assert html.index('id="key-advice"') < html.index('<details id="timeline">') < html.index("</details>")
    assert 'class="advice"' in html


def test_garbage_payloads_render(tmp_path: Path) -> None:
    with open_store(tmp_path / "s.db") as store:
        case_id = store.new_case("garbage")
        for kind in ("capture", "diagnose", "verify", "load", "plan", "runbook", "accept", "decide"):
            store.attach(case_id, kind, {"primary": "x", "checks": 3, "stages": {"a": 1}, "layers": [],
                                         "paths": 7, "step": "nine", "items": None, "gpu": "y"})
    report = _report(tmp_path / "s.db", case_id, "de")
    for fmt in ("html", "md", "json"):
        assert render(report, fmt)


def test_write_all_formats_and_json_round_trip(case: tuple[Path, str], tmp_path: Path) -> None:
    written = write(_report(*case), tmp_path / "out")
    assert set(written) == {"html", "md", "json"}
    data = json.loads(written["json"].read_text())
    assert data["case"]["title"] == "Kimi K3 on gpu-a" and len(data["checklist"]["items"]) == 12
    assert [s["name"] for s in data["load"]["stages"]] == ["ready", "c4"]


def test_report_cli(case: tuple[Path, str], sc, tmp_path: Path) -> None:
    store_path, case_id = case
    res = sc(store_path, "report", "--case", case_id, "--out", str(tmp_path / "r"), "--format", "html,md")
    assert res.returncode == 0 and (tmp_path / "r" / "report.html").exists()
    assert not (tmp_path / "r" / "report.json").exists()
    bad = sc(store_path, "report", "--case", case_id, "--format", "pdf")
    assert bad.returncode == 2 and "pdf" in bad.stderr
