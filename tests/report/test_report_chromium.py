"""The HTML report renders in a real headless Chromium: a non-blank page that shows the verdict."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from servecheck.report.build import build_report
from servecheck.report.render import write
from servecheck.report.view import load_view
from servecheck.store import open_store

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install -y chromium)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
                          capture_output=True, text=True, timeout=90)


@pytest.mark.timeout(200)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_report_renders_in_chromium(case: tuple[Path, str], tmp_path: Path, lang: str) -> None:
    import numpy as np
    from matplotlib import image

    store_path, case_id = case
    with open_store(store_path) as store:
        report = build_report(load_view(store, case_id), lang)
    html = write(report, tmp_path / "out", ("html",))["html"]
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,2000", html.resolve().as_uri())
    assert shot.exists(), "chromium wrote no screenshot"
    pixels = image.imread(str(shot))[..., :3]
    not_white = float((pixels.mean(axis=2) < 0.9).mean())
    assert not_white > 0.02, f"screenshot looks blank ({not_white:.1%} non-white pixels)"
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50
    dom = _chromium(tmp_path, "--dump-dom", html.resolve().as_uri()).stdout
    assert report.verdict.word in dom and 'id="verdict"' in dom
    assert ("Acceptance checklist" if lang == "en" else "Abnahme-Checkliste") in dom
