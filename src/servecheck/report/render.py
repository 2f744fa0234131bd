"""Render the one report model as HTML, Markdown, JSON or terminal text (templates as data).

The renderers only format: every value comes from the Report built once in build.py.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from servecheck.fsutil import write_output
from servecheck.report.build import Report
from servecheck.report.lang import class_text, say, texts, word

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


def _chain_text(lang: str, chain: Any) -> dict[str, Any]:
    """A chain's explanation and next steps in the report's language (the catalogue's class text)."""
    explanation, steps = class_text(lang, str(getattr(chain, "cls", None) or "other"),
                                    str(getattr(chain, "explanation", "") or ""),
                                    [str(s) for s in getattr(chain, "next_steps", None) or []])
    return {"explanation": explanation, "next_steps": steps}


def _gate_title(lang: str, gate: Any) -> str:
    """A compat gate's title; in other languages by its id from the catalogue."""
    title = str(getattr(gate, "title", None) or getattr(gate, "id", None) or "-")
    return title if lang == "en" else word(lang, getattr(gate, "id", None) or title)


def _advice(lang: str, report: Report) -> list[str]:
    """The key advice (the newest diagnosis' advice). English shows it as the diagnosis wrote it;
    other languages say the same from the catalogue, chosen by the diagnosis it came from."""
    lines = [str(a) for a in report.key_advice]
    if lang == "en" or not lines:
        return lines
    d = next((d for d in reversed(report.diagnoses) if d.advice == report.key_advice), None)
    if d is None or d.primary is None:
        key = "advice_no_failure" if d is not None and d.status == "no_failure" else "advice_not_judged"
        return [say(lang, "ui", key, status=word(lang, d.status if d else "unknown"))]
    if d.primary.cls == "driver_too_old":
        return [say(lang, "ui", "guard")]
    if d.primary.cls == "cuda_compat_shadowing":
        return [say(lang, "ui", "advice_shadowing")]
    return [say(lang, "ui", "advice_fix_first", cls=d.primary.cls, line=d.primary.line or "-")]


def render(report: Report, fmt: str) -> str:
    if fmt == "json":
        return report.model_dump_json(indent=2, by_alias=True) + "\n"
    if fmt == "term":
        return terminal(report)
    template = _env(fmt == "html").get_template(f"report.{fmt}.j2")
    return template.render(r=report, t=texts(report.lang)["ui"], ms=_ms, pct=_pct, md=_md,
                           st=lambda s: say(report.lang, "ui", f"status_{s}") if s else "-",
                           fl=lambda name: say(report.lang, "facts", name),
                           w=lambda v: word(report.lang, v), explain=lambda c: _chain_text(report.lang, c),
                           gate_title=lambda g: _gate_title(report.lang, g),
                           advice=lambda _: _advice(report.lang, report))


def terminal(report: Report) -> str:
    """A short plain-text view: verdict, key advice, missing facts, checklist items not met."""
    t = texts(report.lang)["ui"]
    lines = [report.verdict.line]
    lines += [f"{t['key_advice']}: {a}" for a in _advice(report.lang, report)]
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
