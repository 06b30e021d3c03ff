"""How a maze is drawn: line weights and greys, shared by the SVG and PDF writers."""

from __future__ import annotations

from dataclasses import replace

from ..errors import MazebookError
from ..records import record

#: The thinnest line that prints reliably (points).
MIN_PRINT_LINE = 0.75


@record
class Style:
    """Line weights in points (PDF) or in the SVG's own units at its cell size; greys 0..1."""

    wall_width: float = 1.0
    solution_width: float = 2.0
    solution_gray: float = 0.45
    marker_gray: float = 0.0
    #: cap the solution line at this share of a cell so it never swallows the walls
    solution_max_cell_share: float = 0.4
    wall_gray: float = 0.0
    #: draw the solution over the walls (answer keys: a dark path over light walls)
    solution_on_top: bool = False

    def __post_init__(self) -> None:
        if self.wall_width < MIN_PRINT_LINE:
            raise MazebookError(
                f"wall_width {self.wall_width} pt is below the printable minimum "
                f"of {MIN_PRINT_LINE} pt"
            )
        for name in ("solution_gray", "marker_gray", "wall_gray"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise MazebookError(f"{name} must be a grey level from 0 (black) to 1 (white)")


DEFAULT_STYLE = Style()


def scaled(style: Style, factor: float) -> Style:
    """The style with its line widths ``factor`` times as wide (never below MIN_PRINT_LINE):
    an SVG's look at its cell size, printed at another (``factor`` = points a cell over the
    SVG's units a cell), so the page shows the walls the screen showed."""
    return replace(
        style,
        wall_width=max(MIN_PRINT_LINE, style.wall_width * factor),
        solution_width=max(MIN_PRINT_LINE, style.solution_width * factor),
    )


@record
class Fit:
    """Where a geometry lands in a box: scale (units per cell) and the top-left offset."""

    scale: float
    x: float
    y: float


def fit_box(width: float, height: float, box_w: float, box_h: float, margin: float) -> Fit:
    """Scale a width x height drawing into a box with ``margin`` units for the markers, centred."""
    avail_w, avail_h = box_w - 2 * margin, box_h - 2 * margin
    if avail_w <= 0 or avail_h <= 0:
        raise MazebookError("the box is too small to hold the maze")
    scale = min(avail_w / width, avail_h / height)
    return Fit(scale, (box_w - width * scale) / 2, (box_h - height * scale) / 2)


def fit_maze(width: float, height: float, box_w: float, box_h: float) -> Fit:
    """Where a maze drawing lands in a box (points), leaving room for its arrows.

    The one fit of the package: the page layout sizes mazes with it, the writers draw with it.
    """
    rough = fit_box(width, height, box_w, box_h, 0.0).scale  # first guess the cell size,
    margin = marker_length(rough) * 1.25  # then reserve the arrows' room at that size
    return fit_box(width, height, box_w, box_h, margin)


def marker_length(scale: float) -> float:
    """Arrow length for the start and finish markers, in drawing units, from the cell size:
    ``min(max(0.9 * scale, 6.0), 14.0)``, its comparisons written out (the builtins parse
    their keywords at every call in 3.11, and a maze's arrows are measured a few times over)."""
    length = 0.9 * scale
    if length < 6.0:
        length = 6.0
    return 14.0 if length > 14.0 else length


def solution_width(style: Style, scale: float) -> float:
    """The solution line's width: the style's, capped so it stays well inside a corridor."""
    return max(min(style.solution_width, style.solution_max_cell_share * scale), MIN_PRINT_LINE)


#: A word trail's letter: its size as a share of the cell, its largest size (points), and its
#: smallest (points), on an answer key's small cells too: 7 pt, the least text size a printer
#: requires (KDP), so a book of word trails passes preflight on every printer.
LETTER_SHARE, LETTER_MAX, LETTER_MIN = 0.62, 20.0, 7.0
#: On an answer, a trail letter sits on a white disc of this radius (cells) over the path, and a
#: decoy is this grey.
LETTER_DISC, DECOY_GRAY = 0.4, 0.45
