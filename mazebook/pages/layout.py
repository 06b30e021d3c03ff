"""Page geometry, in points, with no drawing: trim and bleed, mirrored margins, bands, slots.

Pure arithmetic so that the book and the worksheets (several mazes per page) place
things the same way and tests can check every box without making a PDF. PDF coordinates:
origin at the lower-left corner of the media box, y up.
"""

from __future__ import annotations

import math

from ..geometry.labels import word_band
from ..geometry.style import fit_maze
from ..printing.printers import DEFAULT_PRINTER, BleedSides, Printer, inside_margin
from ..printing.rules import PrintSetup
from ..printing.units import POINTS_PER_INCH
from ..records import record
from ..template.limits import GRIDS


def gutter_for(page_count: int, printer: str | Printer = DEFAULT_PRINTER) -> float:
    """The inside margin (points) the printer asks of a book of ``page_count`` pages."""
    return inside_margin(printer, page_count) * POINTS_PER_INCH


@record
class Box:
    """A rectangle: lower-left corner (x, y), width and height, in points."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre_x(self) -> float:
        return self.x + self.width / 2

    def inset(
        self, left: float = 0.0, bottom: float = 0.0, right: float = 0.0, top: float = 0.0
    ) -> Box:
        """The box shrunk by the given amounts on each side."""
        return Box(
            self.x + left, self.y + bottom, self.width - left - right, self.height - bottom - top
        )

    def take_top(self, height: float) -> tuple[Box, Box]:
        """(a band of ``height`` along the top, the rest below it)."""
        return (
            Box(self.x, self.top - height, self.width, height),
            Box(self.x, self.y, self.width, self.height - height),
        )

    def take_bottom(self, height: float) -> tuple[Box, Box]:
        """(a band of ``height`` along the bottom, the rest above it)."""
        return (
            Box(self.x, self.y, self.width, height),
            Box(self.x, self.y + height, self.width, self.height - height),
        )

    def grid(self, columns: int, rows: int, gap: float) -> list[Box]:
        """``columns`` x ``rows`` equal cells with ``gap`` between them, row by row from the top."""
        w = (self.width - gap * (columns - 1)) / columns
        h = (self.height - gap * (rows - 1)) / rows
        return [
            Box(self.x + c * (w + gap), self.top - (r + 1) * h - r * gap, w, h)
            for r in range(rows)
            for c in range(columns)
        ]

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def as_tuple(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), as PDF page boxes are written."""
        return (self.x, self.y, self.right, self.top)


@record
class PageFormat:
    """The trim size and the bleed beyond it (0 without bleed), in points, on ``sides``:
    "four", or "three" (top, bottom and the outside edge: none at the spine, as KDP wants)."""

    trim_width: float
    trim_height: float
    bleed: float = 0.0
    sides: BleedSides = "four"

    @classmethod
    def of(cls, setup: PrintSetup) -> PageFormat:
        """The page format a book's printer rules give (printing.rules.print_setup)."""
        return cls(setup.page_size[0], setup.page_size[1], setup.bleed, setup.sides)

    @property
    def media_size(self) -> tuple[float, float]:
        across = 0.0 if self.sides == "none" else 1.0 if self.sides == "three" else 2.0
        down = 0.0 if self.sides == "none" else 2.0
        return (self.trim_width + across * self.bleed, self.trim_height + down * self.bleed)

    def trim_at(self, number: int) -> Box:
        """The trim box of physical page ``number``: with three-sided bleed the outside edge
        (and its bleed) is on the right of odd pages and on the left of even pages."""
        if self.sides == "none":
            return Box(0.0, 0.0, self.trim_width, self.trim_height)
        x = 0.0 if self.sides == "three" and number % 2 == 1 else self.bleed
        return Box(x, self.bleed, self.trim_width, self.trim_height)

    @property
    def trim(self) -> Box:
        """The trim box of page 1."""
        return self.trim_at(1)

    def page_boxes(self, number: int = 1) -> dict[str, tuple[float, float, float, float]]:
        """reportlab canvas keywords for page ``number``: TrimBox and BleedBox when there is
        bleed, else none."""
        if not self.bleed or self.sides == "none":
            return {}
        w, h = self.media_size
        return {"trimBox": self.trim_at(number).as_tuple(), "bleedBox": (0.0, 0.0, w, h)}


@record
class Margins:
    """Mirrored margins in points: inside is the gutter (left on odd pages, right on even)."""

    inside: float
    outside: float
    top: float
    bottom: float


@record
class PageFrame:
    """One physical page: its number, side, trim box, and the header, body and footer bands."""

    number: int
    recto: bool  # odd pages are right-hand pages, their gutter on the left
    trim: Box
    content: Box
    header: Box
    body: Box
    footer: Box

    @property
    def outside_x(self) -> float:
        """The x of the content edge away from the spine (for page numbers, running heads)."""
        return self.content.right if self.recto else self.content.x


@record
class PageLayout:
    """Where everything goes on every page of one document."""

    format: PageFormat
    margins: Margins
    header_height: float = 28.0
    footer_height: float = 22.0

    def frame(self, number: int) -> PageFrame:
        """The frame of physical page ``number`` (1-based; page 1 is a right-hand page)."""
        recto = number % 2 == 1
        m = self.margins
        left, right = (m.inside, m.outside) if recto else (m.outside, m.inside)
        trim = self.format.trim_at(number)
        content = trim.inset(left=left, right=right, top=m.top, bottom=m.bottom)
        header, rest = content.take_top(self.header_height)
        footer, body = rest.take_bottom(self.footer_height)
        return PageFrame(number, recto, trim, content, header, body, footer)

    @property
    def body_size(self) -> tuple[float, float]:
        """Width and height of the body band (the same on every page)."""
        body = self.frame(1).body
        return body.width, body.height


@record
class Slot:
    """A place for one maze: a caption band above and the maze box below it."""

    caption: Box
    maze: Box


def grid_shape(count: int, width: float, height: float) -> tuple[int, int]:
    """(columns, rows) for ``count`` mazes in a width x height area (portrait grids turned)."""
    if count not in GRIDS:
        raise ValueError(f"mazes per page must be one of {sorted(GRIDS)}, got {count}")
    columns, rows = GRIDS[count]
    return (rows, columns) if width > height else (columns, rows)


def slots(area: Box, count: int, *, caption_height: float, gap: float = 14.0) -> list[Slot]:
    """``count`` slots in a grid over ``area``, each with a caption band above its maze box."""
    columns, rows = grid_shape(count, area.width, area.height)
    out = []
    for cell in area.grid(columns, rows, gap):
        caption, maze = cell.take_top(caption_height)
        out.append(Slot(caption, maze))
    return out


def maze_box(slot: Slot, *, labels: bool, side_room: float, word_size: float) -> Box:
    """The box handed to the maze drawing: the slot's, less room for START/FINISH words of
    ``word_size`` points outside the maze (``side_room`` on the left and right, where a word
    must fit level beside an arrow, but never more than an eighth of a small slot: there the
    words go above or below instead; a word's height and gap above and below), so the cells
    are sized with the words' room kept."""
    if not labels:
        return slot.maze
    band = word_band(word_size)
    side = min(side_room, max(band, slot.maze.width / 8))
    return slot.maze.inset(side, band, side, band)


def maze_scale(width: float, height: float, box_width: float, box_height: float) -> float:
    """Points per cell when a width x height drawing is fitted in the box (as draw_maze does)."""
    return fit_maze(width, height, box_width, box_height).scale


#: The arrow room that maze_scale reserves at most on each side (points).
_MAX_ARROW_ROOM = 14.0 * 1.25


def max_cells(box_width: float, box_height: float, min_cell: float) -> tuple[int, int]:
    """The most columns and rows that fit the box with cells of at least ``min_cell`` points."""
    columns = max(0, math.floor((box_width - 2 * _MAX_ARROW_ROOM) / min_cell))
    rows = max(0, math.floor((box_height - 2 * _MAX_ARROW_ROOM) / min_cell))
    return columns, rows


def largest_cell(box_width: float, box_height: float, columns: int, rows: int) -> float:
    """The largest min_cell (points) at which max_cells still allows ``columns`` x ``rows``."""
    width = (box_width - 2 * _MAX_ARROW_ROOM) / columns
    height = (box_height - 2 * _MAX_ARROW_ROOM) / rows
    return max(0.0, min(width, height) * (1 - 1e-9))


def dims_for(
    cells: float, box_width: float, box_height: float, limit: tuple[int, int], min_side: int
) -> tuple[int, int]:
    """Columns and rows near ``cells`` cells, shaped like the box, within min_side..limit."""
    aspect = max(box_width - 2 * _MAX_ARROW_ROOM, 1.0) / max(box_height - 2 * _MAX_ARROW_ROOM, 1.0)
    cells = max(cells, float(min_side * min_side))
    columns = max(1, min(max(round(math.sqrt(cells * aspect)), min_side), limit[0]))
    rows = max(1, min(max(round(cells / columns), min_side), limit[1]))
    return columns, rows
