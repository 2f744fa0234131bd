"""The report's inline SVG charts: the ground floor's servecheck.svg (load draws its plots with it too)."""

from servecheck.svg import COLORS, bars

__all__ = ["COLORS", "bars"]
