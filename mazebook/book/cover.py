"""The paperback cover: one page of back + spine + front with bleed on every side.

Its size comes from the printer's table (printers.cover_size: trim, page count and paper).
Front: title, subtitle, author and a large vector maze from the book's seed in the book's
style; spine: title and author reading top to bottom when the page count allows it, clear of
both folds; back: the template's ``[cover] blurb``, three small puzzle thumbnails and the
barcode box left empty. Black and grey, with one accent colour if ``[cover] color`` is set.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..engine import generate
from ..printers import (
    Printer,
    Trim,
    barcode_box,
    cover_rules,
    cover_size,
    outside_margin,
    spine_text_allowed,
    spine_width,
)
from ..render.pdf import draw_maze, new_canvas
from ..render.shapes import maze_geometry
from ..render.typeset import FontPair, visual, wrap
from ..template import Template
from .document import puzzle_style
from .layout import Box, maze_scale
from .schedule import generators_for

PT = 72.0
#: Grey of the band at the top of the cover when the template sets no accent colour.
BAND_GRAY = 0.2


@dataclass(frozen=True)
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
    )


def cover_manifest(file: str, p: Printer, trim: Trim, pages: int, paper: str) -> dict[str, Any]:
    """The manifest's ``cover`` entry: file, size in inches, spine, paper and page count."""
    width, height = cover_size(p, trim, pages, paper)
    return {
        "file": file,
        "width_in": round(width, 4),
        "height_in": round(height, 4),
        "spine_in": round(spine_width(p, pages, paper), 4),
        "paper": paper,
        "pages": pages,
    }


def cover_path(pdf: Path) -> Path:
    """NAME-cover.pdf beside NAME.pdf."""
    return pdf.with_name(f"{pdf.stem}-cover.pdf")


def _cover_rng(seed: int) -> random.Random:
    return random.Random(f"mazebook-cover:{seed}")


def _maze(rng: random.Random, level: int, columns: int, rows: int) -> Any:
    names = generators_for(level)
    maze = generate(
        names[rng.randrange(len(names))],
        columns,
        rows,
        seed=rng.getrandbits(63),
        openings="sides",
    )
    return maze_geometry(maze)


def _draw(canvas: Canvas, geom: Any, box: Box) -> None:
    """A maze in the book's puzzle style, centred in the box."""
    scale = maze_scale(geom.width, geom.height, box.width, box.height)
    draw_maze(
        canvas,
        geom,
        x=box.x,
        y=box.y,
        width=box.width,
        height=box.height,
        style=puzzle_style(scale),
    )


def _text_height(font: str) -> tuple[float, float]:
    """(ascent, descent) of a font per point of size, as its descriptor gives them."""
    face: Any = getFont(font).face  # type: ignore[attr-defined]
    return float(face.ascent) / 1000, float(face.descent) / 1000


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    out: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if paragraph:
            out += wrap(" ".join(paragraph.split()), font, size, width)
            out.append("")
    return out[:-1]


def render_cover(
    template: Template,
    fonts: FontPair,
    p: Printer,
    trim: Trim,
    pages: int,
    stream: io.BytesIO,
) -> CoverLayout:
    """Draw the cover of a book of ``pages`` pages into ``stream``; returns its layout."""
    paper = template.printing.paper
    lay = cover_layout(p, trim, pages, paper)
    canvas = new_canvas(
        stream,
        (lay.width, lay.height),
        font=fonts.regular,
        boxes={"trimBox": lay.trim_box, "bleedBox": (0.0, 0.0, lay.width, lay.height)},
    )
    canvas.setTitle(f"{template.title} (cover)")
    canvas.setAuthor(template.author)
    canvas.setSubject("Maze puzzles: cover")
    canvas.setCreator("mazebook")
    rng = _cover_rng(template.seed)
    band_bottom = _band(canvas, template, fonts, lay)
    _front(canvas, template, fonts, lay, band_bottom, rng)
    _back(canvas, template, fonts, lay, band_bottom, rng)
    if spine_text_allowed(p, pages):
        _spine(canvas, template, fonts, lay, band_bottom)
    canvas.showPage()
    canvas.save()
    return lay


def _band(canvas: Canvas, template: Template, fonts: FontPair, lay: CoverLayout) -> float:
    """The band across the top of the whole cover (accent colour or dark grey), with the
    title and subtitle on its front part; returns the band's lower edge."""
    front = lay.front
    width = front.width - 2 * lay.safe
    size = min(48.0, front.width * 0.075)
    sub_size = size * 0.42
    most = front.height * 0.3
    while True:
        title = wrap(template.title, fonts.bold, size, width)
        sub = wrap(template.subtitle, fonts.regular, sub_size, width) if template.subtitle else []
        need = (len(title) - 1) * size * 1.15 + size * 0.9
        need += size * 0.4 + len(sub) * sub_size * 1.3 if sub else 0.0
        if need <= most - 2 * lay.safe or size < 10:
            break
        size *= 0.9
        sub_size *= 0.9
    band_h = max(front.height * 0.2, need + 2 * lay.safe)
    bottom = lay.height - lay.bleed - band_h
    color = template.printing.cover.color
    if color is not None:
        canvas.setFillColorRGB(*color)
        light = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 0.6
    else:
        canvas.setFillGray(BAND_GRAY)
        light = False
    canvas.rect(0, bottom, lay.width, lay.height - bottom, stroke=0, fill=1)
    canvas.setFillGray(0.0 if light else 1.0)
    centre = front.centre_x
    y = lay.height - lay.bleed - (band_h - need) / 2 - size * 0.9  # the text centred
    canvas.setFont(fonts.bold, size)
    for i, line in enumerate(title):
        if i:
            y -= size * 1.15
        canvas.drawCentredString(centre, y, line)
    canvas.setFont(fonts.regular, sub_size)
    y -= size * 0.4 + sub_size * 1.3
    for line in sub:
        canvas.drawCentredString(centre, y, line)
        y -= sub_size * 1.3
    canvas.setFillGray(0.0)
    return bottom


def _front(
    canvas: Canvas,
    template: Template,
    fonts: FontPair,
    lay: CoverLayout,
    band_bottom: float,
    rng: random.Random,
) -> None:
    """A large maze under the band and the author's name at the foot of the front."""
    front = lay.front
    bottom = front.y + lay.safe
    if template.author:
        author = visual(template.author)
        size = min(20.0, front.width * 0.035)  # smaller for a name wider than the front
        size = min(
            size, (front.width - 2 * lay.safe) / max(stringWidth(author, fonts.bold, 1.0), 1e-6)
        )
        canvas.setFont(fonts.bold, size)
        canvas.setFillGray(0.0)
        canvas.drawCentredString(front.centre_x, bottom + size * 0.25, author)
        bottom += size * 2.2
    gap = front.height * 0.04
    box = Box(front.x + lay.safe, bottom, front.width - 2 * lay.safe, band_bottom - gap - bottom)
    if box.width < 72 or box.height < 72:
        return
    columns = 18
    rows = max(6, round(columns * box.height / box.width))
    _draw(canvas, _maze(rng, 5, columns, rows), box)


def _back(
    canvas: Canvas,
    template: Template,
    fonts: FontPair,
    lay: CoverLayout,
    band_bottom: float,
    rng: random.Random,
) -> None:
    """The blurb under the band, then a row of three small mazes above the barcode box."""
    back = lay.back
    left, width = back.x + lay.safe, back.width - 2 * lay.safe
    y = band_bottom - back.height * 0.05
    blurb = template.printing.cover.blurb
    size = 12.0 if back.width > 6 * PT else 10.5
    floor = lay.barcode.top + size * 2  # nothing comes down to the barcode box
    if blurb:
        canvas.setFont(fonts.regular, size)
        canvas.setFillGray(0.0)
        for line in _lines(blurb, fonts.regular, size, width):
            if y - size < floor:
                break
            y -= size * 1.45
            if line:
                canvas.drawString(left, y, line)
        y -= size * 1.5
    room = min(y - floor, width / 3 - 12, 1.8 * PT)
    if room < 0.6 * PT:
        return
    gap = (width - 3 * room) / 4
    top = y - (y - floor - room) / 2
    for i, (level, cells) in enumerate(((2, 8), (5, 11), (8, 14))):
        box = Box(left + gap + i * (room + gap), top - room, room, room)
        _draw(canvas, _maze(rng, level, cells, cells), box)


def _spine(
    canvas: Canvas, template: Template, fonts: FontPair, lay: CoverLayout, band_bottom: float
) -> None:
    """Title and author centred on the spine, reading top to bottom, clear of both folds."""
    spine = lay.spine
    ascent, descent = _text_height(fonts.bold)
    thickness = spine.width - 2 * lay.clearance - 1.0  # a point to spare on the tolerance
    size = min(16.0, thickness / (ascent - descent))
    if size < 4:
        return
    text = visual(f"{template.title}  ·  {template.author}" if template.author else template.title)
    top, bottom = band_bottom - lay.safe, spine.y + lay.safe
    length = top - bottom
    size = min(size, length / max(stringWidth(text, fonts.bold, 1.0), 1e-6))
    canvas.saveState()
    canvas.translate(spine.centre_x, (top + bottom) / 2)
    canvas.rotate(-90)  # the text runs down the spine, its tops toward the front
    canvas.setFont(fonts.bold, size)
    canvas.setFillGray(0.0)
    canvas.drawCentredString(0, -(ascent + descent) / 2 * size, text)
    canvas.restoreState()
