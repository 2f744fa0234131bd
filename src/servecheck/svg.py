"""Small SVG bar charts (no JavaScript, no network, no matplotlib): the report's inline charts and
load's plots. Ground floor: imports no stage.

Values are numbers we computed; labels are escaped, so a stage name cannot inject markup.
"""

from __future__ import annotations

from html import escape

COLORS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#b279a2")
WIDTH, HEIGHT = 760, 260


def bars(title: str, labels: list[str], series: dict[str, list[float | None]], unit: str = "") -> str:
    """A grouped bar chart: one group per label, one bar per series."""
    width, height, left, bottom, top = WIDTH, HEIGHT, 60, 50, 30
    values = [v for vs in series.values() for v in vs if isinstance(v, int | float)]
    peak = max(values, default=0.0) or 1.0
    plot_w, plot_h = width - left - 10, height - bottom - top
    group_w = plot_w / max(len(labels), 1)
    bar_w = max(group_w * 0.8 / max(len(series), 1), 1.0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
           f'class="chart"><title>{escape(title)}</title>',
           f'<text x="{left}" y="18" font-size="13" font-weight="bold">{escape(title)}</text>',
           f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 10}" y2="{top + plot_h}" stroke="#888"/>',
           f'<text x="{left - 6}" y="{top + 4}" font-size="10" text-anchor="end">{peak:.0f}{escape(unit)}</text>',
           f'<text x="{left - 6}" y="{top + plot_h}" font-size="10" text-anchor="end">0</text>']
    for i, label in enumerate(labels):
        x0 = left + i * group_w + group_w * 0.1
        for j, (name, vs) in enumerate(series.items()):
            v = vs[i] if i < len(vs) else None
            if not isinstance(v, int | float):
                continue
            h = plot_h * v / peak
            out.append(f'<rect x="{x0 + j * bar_w:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w * 0.9:.1f}" '
                       f'height="{h:.1f}" fill="{COLORS[j % len(COLORS)]}"><title>{escape(label)} '
                       f'{escape(name)}: {v:.1f}{escape(unit)}</title></rect>')
        out.append(f'<text x="{left + (i + 0.5) * group_w:.1f}" y="{top + plot_h + 14}" font-size="10" '
                   f'text-anchor="middle">{escape(label[:14])}</text>')
    for j, name in enumerate(series):
        x = left + j * 90
        out.append(f'<rect x="{x}" y="{height - 16}" width="10" height="10" fill="{COLORS[j % len(COLORS)]}"/>'
                   f'<text x="{x + 14}" y="{height - 7}" font-size="10">{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


def stack(title: str, charts: list[str]) -> str:
    """Several `bars` charts one above the other in one standalone SVG document."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT * len(charts)}" '
           f'width="{WIDTH}" height="{HEIGHT * len(charts)}" role="img"><title>{escape(title)}</title>']
    for i, chart in enumerate(charts):
        # A nested <svg> is its own viewport: place it by x/y/width/height, keep its viewBox.
        out.append(chart.replace("<svg ", f'<svg x="0" y="{i * HEIGHT}" width="{WIDTH}" height="{HEIGHT}" ', 1))
    out.append("</svg>")
    return "\n".join(out)
