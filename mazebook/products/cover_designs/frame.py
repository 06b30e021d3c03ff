"""Where a cover's panels are and how its colours are inked: the one-piece cover (back, spine,
front, bleed on every side) from the printer's table, and the accent colour in RGB, or in
CMYK under the printer's ink limit for a printer that takes CMYK and grey only."""

from __future__ import annotations

import random

from reportlab.pdfgen.canvas import Canvas

from ...pages.layout import Box
from ...printing.printers import (
    Printer,
    Trim,
    barcode_box,
    cover_rules,
    cover_size,
    outside_margin,
    spine_width,
)
from ...records import record
from ...render.typeset import FontPair
from ...template import Template

PT = 72.0
#: The accent when the template sets no colour: a dark grey (the cover stays black and grey).
DEFAULT_ACCENT = (0.2, 0.2, 0.2)
#: A colour lighter than this (luminance, 0-1) takes black words; a darker one, white.
LIGHT = 0.6

RGB = tuple[float, float, float]


@record
class CoverLayout:
    """Where the parts of a cover go, in points from the lower-left bleed corner."""

    width: float
    height: float
    bleed: float
    back: Box  # the back panel's trim
    spine: Box  # the spine, between the folds
    front: Box  # the front panel's trim
    safe: float  # keep text and mazes this far inside each panel's trim
    barcode: Box  # the box kept free of ink
    clearance: float  # spine text this far inside each fold
    cmyk: float | None = None  # the accent in CMYK with at most this total ink (%); None: RGB

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        b = self.bleed
        return (b, b, self.width - b, self.height - b)


def cover_layout(p: Printer, trim: Trim, pages: int, paper: str) -> CoverLayout:
    """The cover's panels for a book of ``pages`` pages on ``paper`` (printer's numbers)."""
    rules = cover_rules(p)
    width, height = (side * PT for side in cover_size(p, trim, pages, paper))
    b, w, h = rules.bleed * PT, trim.width * PT, trim.height * PT
    spine = spine_width(p, pages, paper) * PT
    x0, y0, x1, y1 = (v * PT for v in barcode_box(p, trim))
    return CoverLayout(
        width=width,
        height=height,
        bleed=b,
        back=Box(b, b, w, h),
        spine=Box(b + w, b, spine, h),
        front=Box(b + w + spine, b, w, h),
        safe=outside_margin(p, bleed=True) * PT,
        barcode=Box(x0, y0, x1 - x0, y1 - y0),
        clearance=rules.spine_text_clearance * PT,
        cmyk=None if "rgb" in rules.spaces else (p.ink_limit or 300.0) - 1.0,
    )


def cmyk_of(rgb: RGB, limit: float) -> tuple[float, float, float, float]:
    """An RGB colour as CMYK (black from the darkest part, the rest in C, M, Y), its total ink
    brought under ``limit`` percent by taking C, M and Y down together (black stays)."""
    k = 1.0 - max(rgb)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in rgb)
    over = c + m + y + k - limit / 100
    if over > 0:
        scale = max(0.0, limit / 100 - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return (c, m, y, k)


def luminance(rgb: RGB) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def mix(rgb: RGB, share: float) -> RGB:
    """``rgb`` at ``share`` of its strength over white paper (a tint)."""
    r, g, b = rgb
    return (1 - share * (1 - r), 1 - share * (1 - g), 1 - share * (1 - b))


@record
class Inks:
    """How the cover's colours are set: grey as grey (a printer's black), others in RGB or in
    CMYK under the ink limit (``cmyk``)."""

    cmyk: float | None

    def fill(self, canvas: Canvas, rgb: RGB) -> None:
        if rgb[0] == rgb[1] == rgb[2]:
            canvas.setFillGray(rgb[0])
        elif self.cmyk is None:
            canvas.setFillColorRGB(*rgb)
        else:
            canvas.setFillColorCMYK(*cmyk_of(rgb, self.cmyk))

    def stroke(self, canvas: Canvas, rgb: RGB) -> None:
        if rgb[0] == rgb[1] == rgb[2]:
            canvas.setStrokeGray(rgb[0])
        elif self.cmyk is None:
            canvas.setStrokeColorRGB(*rgb)
        else:
            canvas.setStrokeColorCMYK(*cmyk_of(rgb, self.cmyk))


@record
class CoverContext:
    """What every design draws from: the book's template and fonts, the printer, the page
    count and the cover's layout."""

    template: Template
    fonts: FontPair
    printer: Printer
    pages: int
    lay: CoverLayout

    @property
    def accent(self) -> RGB:
        """The template's accent colour, or a dark grey."""
        return self.template.printing.cover.color or DEFAULT_ACCENT

    @property
    def on_accent(self) -> RGB:
        """Words set on the accent: black on a light one, white on a dark one."""
        return (0.0, 0.0, 0.0) if luminance(self.accent) > LIGHT else (1.0, 1.0, 1.0)

    @property
    def inks(self) -> Inks:
        return Inks(self.lay.cmyk)

    @property
    def shown(self) -> float:
        """The width (points) of the front as a store's thumbnail shows it: with its bleed."""
        return self.lay.front.width + self.lay.bleed

    def rng(self, what: str) -> random.Random:
        """The random source of one part of the cover (the front's puzzle, the samples)."""
        return random.Random(f"mazebook-cover:{self.template.seed}:{what}")
