"""The parts every cover design shares: the author's line, the spine's words, the back's text
and sample puzzles, and the room the front's puzzle and picture share.

Set as a designer sets a cover: no word under TEXT_MIN (a large-print cover's under 16 pt), the
back text about 60 characters a line, spine text only at SPINE_MIN or more (a large-print
cover's at 18 pt bold or more), clear of both folds; the barcode box left empty.
"""

from __future__ import annotations

import random
from typing import Any

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ...errors import TemplateError
from ...pages.document import Card, MazeCard
from ...pages.layout import Box
from ...printing.printers import spine_text_allowed
from ...records import record
from ...render.picture import Picture, check_dpi, draw_picture, fit_picture, read_picture
from ...render.typeset import FontPair, ink_height, visual, wrap
from ...template import Template
from .feature import make_featured
from .frame import RGB, CoverContext, CoverLayout, cmyk_of
from .lettering import LARGE_HEADING, least_size, text_floor

#: Spine text below this size is left off (it could not be read on the shelf); its largest.
SPINE_MIN, SPINE_MAX = 6.0, 16.0
#: Ink within this much (em) of the declared ascent or descent is the pixel grid's rounding.
INK_SLACK = 0.002
#: The author's capitals in the thumbnail (pixels): smaller than the subtitle's, still legible.
AUTHOR_PX = 5.5
#: The share of the front's room for art the picture takes, when there is one.
PICTURE_SHARE = 0.42
#: The front keeps at least this share of its height for its puzzle (the words take the rest).
ART_LEAST = 0.22
#: A back sample's level at most (small drawings of hard mazes are a grey blur).
SAMPLE_LEVEL_MOST = 4


# --- the author ----------------------------------------------------------------------------


@record
class Author:
    """The author's name as drawn (visual order) and its size; an empty text for none."""

    text: str
    size: float

    @property
    def height(self) -> float:
        """Room the line takes (points): its size and a little air below it."""
        return self.size * 1.25 if self.text else 0.0


def set_author(template: Template, fonts: FontPair, shown: float, width: float) -> Author:
    """The author's name in bold on one line: about AUTHOR_PX tall in the thumbnail (the front
    shown ``shown`` points wide), smaller to fit ``width`` but never under the cover's least
    size (TemplateError naming ``author`` when even that is too wide)."""
    if not template.author:
        return Author("", 0.0)
    text = visual(template.author)
    floor = text_floor(template)
    size = max(floor, least_size(fonts.bold, shown, AUTHOR_PX))
    fit = width / max(stringWidth(text, fonts.bold, 1.0), 1e-6)
    if fit < floor:
        raise TemplateError(
            f"is too long for the front cover: at {floor:g} pt it is "
            f"{stringWidth(text, fonts.bold, floor):.0f} pt wide and the front has "
            f"{width:.0f} pt; shorten it",
            file=template.source,
            key="author",
        )
    return Author(text, min(size, fit))


def draw_author(canvas: Canvas, ctx: CoverContext, author: Author, centre: float, y: float) -> None:
    """The author's line centred on ``centre``, its baseline at ``y``, in the fill colour."""
    if author.text:
        canvas.setFont(ctx.fonts.bold, author.size)
        canvas.drawCentredString(centre, y, author.text)


# --- the spine -----------------------------------------------------------------------------


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


def spine_text(
    template: Template, fonts: FontPair, lay: CoverLayout, top: float
) -> tuple[str, float] | None:
    """(text, size) for the spine below ``top``: title and author, else the title alone (a
    volume of a series: else its number alone, so the shelf still reads 1, 2, 3), at the
    largest size (at most SPINE_MAX) that keeps the letters ``clearance`` inside both folds
    and the line inside the safe margins; None when even the shortest would be under
    SPINE_MIN (a large-print book's: under 18 pt)."""
    thickness = lay.spine.width - 2 * lay.clearance - 1.0  # a point to spare on the tolerance
    length = top - lay.safe - (lay.spine.y + lay.safe)
    least = LARGE_HEADING if template.large_print else SPINE_MIN
    most = max(SPINE_MAX, least)
    both = f"{template.title}  ·  {template.author}" if template.author else template.title
    number = () if template.volume is None else (str(template.volume),)
    for text in dict.fromkeys((both, template.title, *number)):
        shown = visual(text)
        ascent, descent = _text_height(fonts.bold, shown)
        across = min(most, thickness / (ascent - descent))
        size = min(across, length / max(stringWidth(shown, fonts.bold, 1.0), 1e-6))
        if size >= least:
            return shown, size
    return None


def draw_spine(canvas: Canvas, ctx: CoverContext, top: float, colour: RGB) -> None:
    """Title and author centred on the spine below ``top``, reading top to bottom, clear of
    both folds (none for a book too thin for spine text)."""
    lay = ctx.lay
    if not spine_text_allowed(ctx.printer, ctx.pages):
        return
    fitted = spine_text(ctx.template, ctx.fonts, lay, top)
    if fitted is None:
        return
    text, size = fitted
    ascent, descent = _text_height(ctx.fonts.bold, text)
    low = lay.spine.y + lay.safe
    high = top - lay.safe
    canvas.saveState()
    canvas.translate(lay.spine.centre_x, (high + low) / 2)
    canvas.rotate(-90)  # the text runs down the spine, its tops toward the front
    canvas.setFont(ctx.fonts.bold, size)
    ctx.inks.fill(canvas, colour)
    canvas.drawCentredString(0, -(ascent + descent) / 2 * size, text)
    canvas.restoreState()


# --- the back ------------------------------------------------------------------------------


def blurb_measure(width: float, floor: float = 9.0) -> tuple[float, float]:
    """(size, column width) of the back text on a panel ``width`` points wide inside its safe
    margins: about 60 characters a line (DejaVu's average letter is 0.55 em), from ``floor``
    up to 14 pt (a large-print cover's floor of 16 pt is its size); on a wide back the column
    is narrowed and centred rather than the lines run long, as a book designer sets a blurb."""
    size = max(floor, min(14.0, max(floor, width / (60 * 0.55))))
    return size, min(width, 66 * 0.55 * size)


@record
class BlurbLines:
    """The back text set in its column: each line that fits with its baseline, how many lines
    it has in all, where the space below it starts, and the floor nothing comes down to."""

    placed: tuple[tuple[str, float], ...]
    total: int
    end: float
    floor: float
    size: float
    left: float


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    out: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if paragraph:
            out += wrap(" ".join(paragraph.split()), font, size, width)
            out.append("")
    return out[:-1]


def blurb_lines(ctx: CoverContext, top: float, width: float | None = None) -> BlurbLines:
    """The blurb's lines on the back, from ``top`` down to the barcode box's floor, in a column
    of at most ``width`` points (the back's inside its safe margins)."""
    lay, template = ctx.lay, ctx.template
    back = lay.back
    room = back.width - 2 * lay.safe if width is None else width
    size, column = blurb_measure(room, text_floor(template))
    floor = lay.barcode.top + size * 2  # nothing comes down to the barcode box
    blurb = template.printing.cover.blurb
    left = back.centre_x - column / 2
    if not blurb:
        return BlurbLines((), 0, top, floor, size, left)
    lines = _lines(blurb, ctx.fonts.regular, size, column)
    placed: list[tuple[str, float]] = []
    y = top
    for line in lines:
        if y - size < floor:
            break
        y -= size * 1.45
        placed.append((line, y))
    return BlurbLines(tuple(placed), len(lines), y - size * 1.5, floor, size, left)


def check_blurb(ctx: CoverContext, blurb: BlurbLines) -> None:
    """TemplateError when the blurb runs over the back (onto the barcode box): the cover never
    drops words."""
    if len(blurb.placed) < blurb.total:
        raise TemplateError(
            f"runs over the back cover: {len(blurb.placed)} of its {blurb.total} lines fit above "
            "the barcode box; shorten it",
            file=ctx.template.source,
            key="cover.blurb",
        )


def draw_blurb(canvas: Canvas, ctx: CoverContext, blurb: BlurbLines, colour: RGB) -> None:
    """The blurb's lines in the fill ``colour``."""
    if not blurb.placed:
        return
    canvas.setFont(ctx.fonts.regular, blurb.size)
    ctx.inks.fill(canvas, colour)
    for line, at in blurb.placed:
        if line:
            canvas.drawString(blurb.left, at, line)


def sample_cards(ctx: CoverContext, count: int, side: float) -> list[Card]:
    """Up to ``count`` (at most three) small puzzles from the book's first, middle and last
    sections at their lowest levels (rising along the row, at most SAMPLE_LEVEL_MOST), made
    for a square of ``side`` points: mazes only, with no words or letters in them (a back's
    words are never under the cover's least size)."""
    template = ctx.template
    n = len(template.sections)
    cards: list[Card] = []
    rng = ctx.rng("samples")
    for i, index in enumerate([0, n // 2, n - 1][:count]):
        low = template.sections[index].levels[0]
        level = min(low, SAMPLE_LEVEL_MOST - (count - 1 - i))  # rising along the row
        seed = random.Random(rng.getrandbits(64))
        made = make_featured(template, index, (side, side), seed, levels=(level, 1))
        if made is not None and _plain(made.card):
            cards.append(made.card)
    return cards


def _plain(card: Card) -> bool:
    """A maze with no words, letters or marks of its own in it."""
    return isinstance(card, MazeCard) and not card.letters and card.geometry.marks is None


# --- the front's art: puzzle and picture ---------------------------------------------------


@record
class Art:
    """The front's room for art split between the puzzle and the template's picture (the
    picture's box fitted to its shape; None without a picture)."""

    puzzle: Box
    picture: tuple[float, float, float, float] | None


def picture_of(template: Template) -> Picture | None:
    """The template's cover picture, read and checked; None when it sets none."""
    path = template.printing.cover.picture
    return None if path is None else read_picture(path)


def split_art(box: Box, picture: Picture | None, gap: float) -> Art:
    """The puzzle's and the picture's boxes in ``box``: side by side in a wide room (the
    picture at the outer side), one above the other in a tall one (the picture at the foot)."""
    if picture is None:
        return Art(box, None)
    if box.width >= box.height:
        share = box.width * PICTURE_SHARE
        room = (box.right - share, box.y, share, box.height)
        puzzle = Box(box.x, box.y, box.width - share - gap, box.height)
    else:
        share = box.height * PICTURE_SHARE
        room = (box.x, box.y, box.width, share)
        puzzle = Box(box.x, box.y + share + gap, box.width, box.height - share - gap)
    return Art(puzzle, fit_picture(picture, room, align="foot"))


def check_picture(picture: Picture | None, art: Art) -> None:
    """PictureError for a PNG under 300 dpi where this cover prints it."""
    if picture is not None and art.picture is not None:
        check_dpi(picture, art.picture[2], art.picture[3])


def place_picture(canvas: Canvas, ctx: CoverContext, picture: Picture | None, art: Art) -> None:
    """The template's picture in its box, inked for the printer."""
    if picture is None or art.picture is None:
        return
    limit = ctx.lay.cmyk
    draw_picture(
        canvas,
        picture,
        art.picture,
        cmyk=None if limit is None else (lambda rgb: cmyk_of(rgb, limit)),
        flatten=ctx.printer.flatten_transparency,
    )
