"""The report language: --lang, else the locale (de* -> German), else English."""

from __future__ import annotations

import os

LANGS = ("en", "de")


def default_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
