"""The paperback cover: one page of back + spine + front with bleed on every side.

Its size comes from the printer's table (printers.cover_size: trim, page count and paper).
Front: title (a volume of a series: with its number), subtitle, author and a large vector
maze from the book's seed in the book's style; spine: title and author (else the title, else a
volume's number) reading top to bottom when the page count allows it, clear of both folds;
back: the template's ``[cover] blurb``, three small puzzle thumbnails and the barcode box
left empty. Black and grey, with one accent colour if ``[cover] color`` is set.
Set as a designer sets a cover: the title in balanced lines (typeset.set_title), no word under
TEXT_MIN, the back text about 60 characters a line, spine text only at SPINE_MIN or more.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.engine import generate
from ..errors import TemplateError
from ..fileio import OutputSet
from ..geometry.from_maze import maze_geometry
from ..kinds.search import generators_for
from ..pages.document import puzzle_style
from ..pages.layout import Box, maze_scale
from ..printing.printers import (
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
from ..render.typeset import FontPair, Title, ink_height, set_title, visual, wrap
from ..template import Template
from .assets import AssetFolders
from .manifest import CoverEntry
from .runner import Outputs, Progress, Rendered

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


def cmyk_of(rgb: tuple[float, float, float], limit: float) -> tuple[float, float, float, float]:
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


def cover_manifest(file: str, p: Printer, trim: Trim, pages: int, paper: str) -> CoverEntry:
    """The manifest's ``cover`` entry: file, size in inches, spine, paper and page count."""
    width, height = cover_size(p, trim, pages, paper)
    return CoverEntry(
        file=file,
        width_in=round(width, 4),
        height_in=round(height, 4),
        spine_in=round(spine_width(p, pages, paper), 4),
        paper=paper,
        pages=pages,
    )


@dataclass(frozen=True)
class CoverProduct:
    """A cover ready to draw (the product.Product of a cover): the book's template and fonts,
    its printer, trim, page count and paper, and the cover's file. A book draws its own cover
    through it; ``mazebook cover`` runs it alone."""

    template: Template
    fonts: FontPair
    printer: Printer
    trim: Trim
    pages: int
    paper: str
    outputs: Outputs

    def __post_init__(self) -> None:
        check_cover_text(self.template, self.fonts, self.printer, self.trim, self.pages)

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """The one-piece cover (no manifest of its own)."""
        buffer = io.BytesIO()
        render_cover(self.template, self.fonts, self.printer, self.trim, self.pages, buffer)
        return Rendered(((self.outputs.pdf, buffer.getvalue()),), page_count=self.pages)

    def manifest_entry(self) -> CoverEntry:
        """The book manifest's ``cover`` entry for this cover."""
        return cover_manifest(
            self.outputs.pdf.name, self.printer, self.trim, self.pages, self.paper
        )


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


def _text_height(font: str, text: str) -> tuple[float, float]:
    """(ascent, descent) of ``text`` in a font per point of size: the font's declared ones,
    widened to the ink of the text's own letters where they reach beyond (an accented capital
    stands above the declared ascent), so the letters keep their clearance."""
    face: Any = getFont(font).face  # type: ignore[attr-defined]
    ascent, descent = float(face.ascent) / 1000, float(face.descent) / 1000
    ink = ink_height(font, text)
    if ink is None:
        return ascent, descent
    high, low = ink
    return (
        high if high > ascent + INK_SLACK else ascent,
        low if low < descent - INK_SLACK else descent,
    )


#: Ink within this much (em) of the declared ascent or descent is the pixel grid's rounding.
INK_SLACK = 0.002


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
        lang=template.texts.language,
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


#: The title's largest size: a tenth of the front's width, at most this (in points).
TITLE_MAX = 60.0
#: The band with the title and subtitle takes at most this share of the front's height.
BAND_MOST = 0.36
#: No word on the cover is smaller than this (points): the back text, the subtitle, the author.
TEXT_MIN = 9.0
#: Spine text below this size is left off (it could not be read on the shelf).
SPINE_MIN = 6.0


@dataclass(frozen=True)
class BandText:
    """The front's title (balanced lines) and subtitle, and the height they need."""

    title: Title
    subtitle: tuple[str, ...]
    sub_size: float
    need: float

    @property
    def size(self) -> float:
        return self.title.size


def band_text(template: Template, fonts: FontPair, lay: CoverLayout) -> BandText:
    """The title in balanced lines as large as the band allows (set_title chooses the break,
    or a smaller size, so no line is under BALANCE of the longest), and the subtitle under it
    at about 0.4 of the title's size, never under TEXT_MIN."""
    front = lay.front
    width = front.width - 2 * lay.safe
    most = front.height * BAND_MOST - 2 * lay.safe
    start = min(TITLE_MAX, front.width * 0.1)
    while True:
        title = set_title(template.title, fonts.bold, size=start, width=width, min_size=14.0)
        size = title.size
        sub: tuple[str, ...] = ()
        sub_size = max(TEXT_MIN, size * 0.42)
        if template.subtitle:
            subtitle = set_title(
                template.subtitle,
                fonts.regular,
                size=sub_size,
                width=width,
                max_lines=2,
                min_size=TEXT_MIN,
            )
            sub, sub_size = subtitle.lines, subtitle.size
        need = (len(title.lines) - 1) * size * 1.15 + size * 0.9
        need += size * 0.45 + len(sub) * sub_size * 1.3 if sub else 0.0
        if need <= most or start < 14.0:
            return BandText(title, sub, sub_size, need)
        start *= 0.9


def band_height(text: BandText, lay: CoverLayout) -> float:
    """The band's height: a fifth or so of the front, more where its title and subtitle need."""
    return max(lay.front.height * 0.22, text.need + 2.5 * lay.safe)


def _band(canvas: Canvas, template: Template, fonts: FontPair, lay: CoverLayout) -> float:
    """The band across the top of the whole cover (accent colour or dark grey), with the
    title and subtitle on its front part; returns the band's lower edge."""
    front = lay.front
    text = band_text(template, fonts, lay)
    size, sub_size, need = text.size, text.sub_size, text.need
    band_h = band_height(text, lay)
    bottom = lay.height - lay.bleed - band_h
    color = template.printing.cover.color
    if color is not None:
        if lay.cmyk is None:
            canvas.setFillColorRGB(*color)
        else:  # a printer that takes CMYK (and grey) only
            canvas.setFillColorCMYK(*cmyk_of(color, lay.cmyk))
        light = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 0.6
    else:
        canvas.setFillGray(BAND_GRAY)
        light = False
    canvas.rect(0, bottom, lay.width, lay.height - bottom, stroke=0, fill=1)
    canvas.setFillGray(0.0 if light else 1.0)
    centre = front.centre_x
    y = lay.height - lay.bleed - (band_h - need) / 2 - size * 0.9  # the text centred
    canvas.setFont(fonts.bold, size)
    for i, line in enumerate(text.title.lines):
        if i:
            y -= size * 1.15
        canvas.drawCentredString(centre, y, line)
    canvas.setFont(fonts.regular, sub_size)
    y -= size * 0.45 + sub_size * 1.3
    for line in text.subtitle:
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
        size = max(TEXT_MIN, min(22.0, front.width * 0.04))
        size = min(  # smaller for a name wider than the front
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


def blurb_measure(width: float) -> tuple[float, float]:
    """(size, column width) of the back text on a panel ``width`` points wide inside its safe
    margins: about 60 characters a line (DejaVu's average letter is 0.55 em), from TEXT_MIN
    up to 14 pt; on a wide back the column is narrowed and centred rather than the lines run
    long, as a book designer sets a blurb."""
    size = min(14.0, max(TEXT_MIN, width / (60 * 0.55)))
    return size, min(width, 66 * 0.55 * size)


@dataclass(frozen=True)
class BlurbLines:
    """The back text set in its column: each line that fits with its baseline, how many lines
    it has in all, where the space below it starts, and the floor nothing comes down to."""

    placed: tuple[tuple[str, float], ...]
    total: int
    end: float
    floor: float


def blurb_lines(
    template: Template, fonts: FontPair, lay: CoverLayout, band_bottom: float
) -> BlurbLines:
    """The blurb's lines on the back, from under the band down to the barcode box's floor."""
    back = lay.back
    y = band_bottom - back.height * 0.05
    size, column = blurb_measure(back.width - 2 * lay.safe)
    floor = lay.barcode.top + size * 2  # nothing comes down to the barcode box
    blurb = template.printing.cover.blurb
    if not blurb:
        return BlurbLines((), 0, y, floor)
    lines = _lines(blurb, fonts.regular, size, column)
    placed: list[tuple[str, float]] = []
    for line in lines:
        if y - size < floor:
            break
        y -= size * 1.45
        placed.append((line, y))
    return BlurbLines(tuple(placed), len(lines), y - size * 1.5, floor)


def check_cover_text(
    template: Template, fonts: FontPair, p: Printer, trim: Trim, pages: int
) -> None:
    """TemplateError when the blurb runs over the back (onto the barcode box): the cover never
    drops words. Checked before any file is written."""
    lay = cover_layout(p, trim, pages, template.printing.paper)
    bottom = lay.height - lay.bleed - band_height(band_text(template, fonts, lay), lay)
    blurb = blurb_lines(template, fonts, lay, bottom)
    if len(blurb.placed) < blurb.total:
        raise TemplateError(
            f"runs over the back cover: {len(blurb.placed)} of its {blurb.total} lines fit above "
            "the barcode box; shorten it",
            file=template.source,
            key="cover.blurb",
        )


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
    size, column = blurb_measure(width)
    text_left = back.centre_x - column / 2
    blurb = blurb_lines(template, fonts, lay, band_bottom)
    y = blurb.end
    if template.printing.cover.blurb:
        canvas.setFont(fonts.regular, size)
        canvas.setFillGray(0.0)
        for line, at in blurb.placed:
            if line:
                canvas.drawString(text_left, at, line)
    room = min(y - blurb.floor, width / 3 - 12, 1.8 * PT)
    if room < 0.6 * PT:
        return
    gap = (width - 3 * room) / 4
    top = y - (y - blurb.floor - room) / 2
    for i, (level, cells) in enumerate(((2, 8), (5, 11), (8, 14))):
        box = Box(left + gap + i * (room + gap), top - room, room, room)
        _draw(canvas, _maze(rng, level, cells, cells), box)


def spine_text(
    template: Template, fonts: FontPair, lay: CoverLayout, band_bottom: float
) -> tuple[str, float] | None:
    """(text, size) for the spine: title and author, else the title alone (a volume of a series:
    else its number alone, so the shelf still reads 1, 2, 3), at the largest size (at most
    16 pt) that keeps the letters ``clearance`` inside both folds and the line inside the safe
    margins; None when even the shortest would be under SPINE_MIN."""
    thickness = lay.spine.width - 2 * lay.clearance - 1.0  # a point to spare on the tolerance
    length = band_bottom - lay.safe - (lay.spine.y + lay.safe)
    both = f"{template.title}  ·  {template.author}" if template.author else template.title
    number = () if template.volume is None else (str(template.volume),)
    for text in dict.fromkeys((both, template.title, *number)):
        shown = visual(text)
        ascent, descent = _text_height(fonts.bold, shown)
        across = min(16.0, thickness / (ascent - descent))
        size = min(across, length / max(stringWidth(shown, fonts.bold, 1.0), 1e-6))
        if size >= SPINE_MIN:
            return shown, size
    return None


def _spine(
    canvas: Canvas, template: Template, fonts: FontPair, lay: CoverLayout, band_bottom: float
) -> None:
    """Title and author centred on the spine, reading top to bottom, clear of both folds."""
    spine = lay.spine
    fitted = spine_text(template, fonts, lay, band_bottom)
    if fitted is None:
        return
    text, size = fitted
    ascent, descent = _text_height(fonts.bold, text)
    top, bottom = band_bottom - lay.safe, spine.y + lay.safe
    canvas.saveState()
    canvas.translate(spine.centre_x, (top + bottom) / 2)
    canvas.rotate(-90)  # the text runs down the spine, its tops toward the front
    canvas.setFont(fonts.bold, size)
    canvas.setFillGray(0.0)
    canvas.drawCentredString(0, -(ascent + descent) / 2 * size, text)
    canvas.restoreState()
