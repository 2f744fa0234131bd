"""Render the one report model as HTML, Markdown, JSON or terminal text (templates as data).

The renderers only format: every value comes from the Report built once in build.py.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from servecheck.fsutil import write_output
from servecheck.report.build import Report
from servecheck.report.view import say, texts

FORMATS = ("html", "md", "json")


class _Escaped(str):
    """Markdown text that _md already escaped (not escaped twice)."""


def _md_finalize(value: Any) -> Any:
    """Every value put into the Markdown is escaped as the HTML report escapes it: user text
    (titles, notes, check and stage names) cannot carry markup into a Markdown viewer."""
    if isinstance(value, str) and not isinstance(value, _Escaped):
        return escape(value, quote=False)
    return value


def _env(html: bool) -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("servecheck.report", "data/templates"),
        autoescape=html, trim_blocks=False, lstrip_blocks=False, undefined=jinja2.ChainableUndefined,
        keep_trailing_newline=True, finalize=None if html else _md_finalize,
    )


def _ms(values: list[Any] | None) -> str:
    return " / ".join(f"{v:.0f}" if isinstance(v, int | float) else "-" for v in values or [])


def _pct(value: Any) -> str:
    return f"{value:.0%}" if isinstance(value, int | float) else "-"


def _md(text: Any) -> str:
    """One table cell: escaped, and no pipes or newlines that would break the Markdown table."""
    return _Escaped(escape(str(text or ""), quote=False).replace("|", "\\|").replace("\n", " "))


def render(report: Report, fmt: str) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2, by_alias=True) + "\n"
    if fmt == "term":
        return terminal(report)
    template = _env(fmt == "html").get_template(f"report.{fmt}.j2")
    return template.render(r=report, t=texts(report.lang)["ui"], ms=_ms, pct=_pct, md=_md,
                           st=lambda s: say(report.lang, "ui", f"status_{s}") if s else "-",
                           fl=lambda name: say(report.lang, "facts", name))


def terminal(report: Report) -> str:
    """A short plain-text view: verdict, key advice, missing facts, checklist items not met."""
    t = texts(report.lang)["ui"]
    lines = [report.verdict.line]
    lines += [f"{t['key_advice']}: {a}" for a in report.key_advice]
    label = texts(report.lang)["facts"]
    lines += [f"{t['missing']}: {label[f.name]} ({t['record_with']}: {f.record_with})"
              for f in report.facts if f.value is None]
    lines += [f"{t['contradicts']}: {label[f.name]} {f.value} ({t['run']} {f.ref.run_id if f.ref else '?'})"
              f" <> {value} ({t['run']} {old.run_id})" for f in report.facts for value, old in f.contradicted]
    lines += [f"{say(report.lang, 'ui', 'status_' + i.status)}: {i.title}: {i.detail}"
              for i in report.checklist.items if i.status not in ("met", "signed_off")]
    return "\n".join(lines) + "\n"


def write(report: Report, out_dir: Path, formats: tuple[str, ...] = FORMATS) -> dict[str, Path]:
    written = {}
    for fmt in formats:
        written[fmt] = write_output(out_dir / f"report.{fmt}", render(report, fmt))
    return written
