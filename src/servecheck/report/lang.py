"""The message catalogue: every user-facing text of the case views (terminal and report) in
English and German, and the report language (--lang, else the locale, else English).

Data: report/data/i18n/<lang>.json, one section per kind of text: rules (checklist details),
criteria (decision), ui (headings, labels, statuses), words (verdicts, severities and statuses
that other stages record as identifiers) and classes (a German explanation and next steps for
every failure class). Log lines, commands and identifiers (failure classes, check names, paths)
stay verbatim. English is the reference: a key missing in another language falls back to it,
and a test requires every key in both.
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("en", "de")


def default_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


@cache
def raw(lang: str) -> dict[str, Any]:
    """The catalogue file of ``lang`` as written (no fallback): what the completeness test reads."""
    base = resources.files("servecheck.report").joinpath("data", "i18n")
    return dict(json.loads(base.joinpath(f"{lang}.json").read_text("utf-8")))


@cache
def texts(lang: str) -> dict[str, Any]:
    """The catalogue for ``lang``, English as the fallback per key."""
    english = raw("en")
    if lang == "en":
        return english
    other = raw(lang)
    return {section: english[section] | other.get(section, {}) for section in english}


def say(lang: str, section: str, key: str, **values: Any) -> str:
    """The text ``section.key`` in ``lang`` with ``values`` filled in. A value may be a function of
    the language (a phrase built later, e.g. "run 2, line 41"); a value that is a recorded status
    word (`working`, `fail`) is shown in ``lang`` like every other status."""
    template = texts(lang)[section].get(key, key)
    shown = {name: _shown(lang, value) for name, value in values.items()}
    try:
        return str(template).format(**shown)
    except (KeyError, IndexError, ValueError):
        return str(template)


def _shown(lang: str, value: Any) -> Any:
    if callable(value):
        return value(lang)
    if lang != "en" and isinstance(value, str) and value in texts(lang)["words"]:
        return word(lang, value)
    return value


def word(lang: str, value: Any) -> str:
    """A recorded status or verdict word (`incompatible`, `working`, `completed`, `warning`) in
    ``lang``; a value the catalogue does not know is shown verbatim, as the identifier it is."""
    if value is None or value == "":
        return "-"
    return str(texts(lang)["words"].get(str(value), value))


def class_text(lang: str, cls: str, explanation: str, next_steps: list[str]) -> tuple[str, list[str]]:
    """Explanation and next steps of a failure chain. English keeps the matched signature's own
    (more specific) text; other languages get the class's text from the catalogue."""
    if lang == "en" and explanation:
        return explanation, next_steps
    entry = texts(lang)["classes"].get(cls) or texts(lang)["classes"]["other"]
    return str(entry["explanation"]), [str(s) for s in entry["next_steps"]]


def missing_keys(lang: str) -> list[str]:
    """Keys (section.key) the English catalogue has and ``lang`` lacks, and the other way round."""
    english, other = raw("en"), raw(lang)
    gaps = [f"{section} (whole section)" for section in english.keys() ^ other.keys()]
    for section in english.keys() & other.keys():
        gaps += [f"{section}.{key}" for key in english[section].keys() ^ other[section].keys()]
    return sorted(gaps)
