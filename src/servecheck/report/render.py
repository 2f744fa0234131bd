"""Render the report model as self-contained HTML, Markdown and JSON (Jinja2 templates as data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servecheck.fsutil import write_output
from servecheck.report.build import Report
from servecheck.report.lang import class_text, say, texts, word
from servecheck.store.summary import dig

FORMATS = ("html", "md", "json")


def _env(html: bool) -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("servecheck.report", "data/templates"),
        autoescape=html, trim_blocks=False, lstrip_blocks=False, undefined=jinja2.ChainableUndefined,
        keep_trailing_newline=True,
    )


def _ms(values: list[Any] | None) -> str:
    return " / ".join(f"{v:.0f}" if isinstance(v, int | float) else "-" for v in values or [])


def _pct(value: Any) -> str:
    return f"{value:.0%}" if isinstance(value, int | float) else "-"


def _md(text: Any) -> str:
    """One table cell: no pipes or newlines that would break the Markdown table."""
    return str(text or "").replace("|", "\\|").replace("\n", " ")


def _chain_text(lang: str, chain: Any) -> dict[str, Any]:
    """A chain's explanation and next steps in the report's language (the catalogue's class text)."""
    if not isinstance(chain, dict):
        return {"explanation": "", "next_steps": []}
    explanation, steps = class_text(lang, str(chain.get("class") or "other"), str(chain.get("explanation") or ""),
                                    [str(s) for s in chain.get("next_steps") or []])
    return {"explanation": explanation, "next_steps": steps}


def _gate_title(lang: str, gate: Any) -> str:
    """A compat gate's title; in other languages by its id from the catalogue."""
    gate = gate if isinstance(gate, dict) else {}
    title = str(gate.get("title") or gate.get("id") or "-")
    return title if lang == "en" else word(lang, gate.get("id") or title)


def _advice(lang: str, advice: Any) -> list[str]:
    """The diagnosis' guard advice. Other languages show the catalogue's guard sentence (the
    recovery paths are in the plan and the primary's next steps)."""
    lines = [str(a) for a in advice or []]
    if lang == "en" or not lines:
        return lines
    return [say(lang, "ui", "guard")]


def render(report: Report, fmt: str) -> str:
    data = report.model_dump(mode="json")
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    lang = report.lang
    template = _env(fmt == "html").get_template(f"report.{fmt}.j2")
    return template.render(r=data, t=texts(lang)["ui"], dig=dig, ms=_ms, pct=_pct, md=_md,
                           st=lambda s: say(lang, "ui", f"status_{s}") if s else "-",
                           w=lambda v: word(lang, v), explain=lambda c: _chain_text(lang, c),
                           gate_title=lambda g: _gate_title(lang, g), advice=lambda a: _advice(lang, a))


def write(report: Report, out_dir: Path, formats: tuple[str, ...] = FORMATS) -> dict[str, Path]:
    written = {}
    for fmt in formats:
        path = out_dir / f"report.{fmt}"
        write_output(path, render(report, fmt))
        written[fmt] = path
    return written
