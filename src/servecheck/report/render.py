"""Render the report model as self-contained HTML, Markdown and JSON (Jinja2 templates as data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servecheck.fsutil import write_output
from servecheck.report.build import Report
from servecheck.report.view import say, texts
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


def render(report: Report, fmt: str) -> str:
    data = report.model_dump(mode="json")
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    template = _env(fmt == "html").get_template(f"report.{fmt}.j2")
    return template.render(r=data, t=texts(report.lang)["ui"], dig=dig, ms=_ms, pct=_pct, md=_md,
                           st=lambda s: say(report.lang, "ui", f"status_{s}") if s else "-")


def write(report: Report, out_dir: Path, formats: tuple[str, ...] = FORMATS) -> dict[str, Path]:
    written = {}
    for fmt in formats:
        path = out_dir / f"report.{fmt}"
        write_output(path, render(report, fmt))
        written[fmt] = path
    return written
