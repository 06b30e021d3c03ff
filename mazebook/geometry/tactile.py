"""The tactile figure of a maze on swell paper: how wide its walls and corridors are, the two
symbols that mark START and FINISH, and the answer's path, in millimetres (y down).

Swell (microcapsule) paper raises only what is printed black, so everything here is a solid
black line or a filled shape a finger can find: walls at least 1.0 mm wide, corridors at least
10 mm, a filled triangle at START and a filled square at FINISH, each kept CLEAR_MM from every
other raised thing (BANA/CBA, Guidelines and Standards for Tactile Graphics, 2010).
"""

from __future__ import annotations

from .drawing import Rows, rows_of

#: Points in a millimetre.
MM = 72.0 / 25.4

#: The thinnest wall a finger follows on swell paper, and the walls a tactile maze gets.
MIN_WALL_MM = 1.0
WALL_MM = 1.5
#: The narrowest corridor between two walls (the inner edges of their lines).
MIN_CORRIDOR_MM = 10.0
#: The least cell: a corridor a tenth of a millimetre over the minimum, so no rounding of the
#: page's numbers takes it under.
MIN_CELL_MM = WALL_MM + MIN_CORRIDOR_MM + 0.1
#: The largest cell: a small maze is not blown up past what a hand spans easily.
MAX_CELL_MM = 20.0
#: Clear space between two raised things (a symbol and a wall, a symbol and its braille).
CLEAR_MM = 3.0

#: START: a filled triangle with its point into the maze, this wide and this high.
TRIANGLE_SIDE_MM = 10.0
TRIANGLE_HEIGHT_MM = TRIANGLE_SIDE_MM * 3**0.5 / 2
#: FINISH: a filled square of this side.
SQUARE_MM = 8.0

#: The answer's path: a dashed line down the middle of the corridors (BANA's dashed line, which
#: a finger tells from the walls' solid ones), its width, dash and gap.
PATH_WIDTH_MM = 2.0
PATH_DASH_MM = 5.0
PATH_GAP_MM = 3.0

Point = tuple[float, float]


def corridor(cell_mm: float, wall_mm: float = WALL_MM) -> float:
    """The clear width between two walls of cells ``cell_mm`` apart (centre to centre)."""
    return cell_mm - wall_mm


def maze_cell(room: Point, columns: int, rows: int, largest: float = MAX_CELL_MM) -> float:
    """The cell (mm) of a maze of ``columns`` x ``rows`` in ``room`` (mm, wall centre to
    wall centre): as large as the room allows, at most ``largest``."""
    return min(room[0] / columns, room[1] / rows, largest)


def start_triangle(cx: float, top: float) -> tuple[Point, Point, Point]:
    """START's triangle with its top edge at ``top`` and its point down, centred on ``cx``."""
    half = TRIANGLE_SIDE_MM / 2
    return ((cx - half, top), (cx + half, top), (cx, top + TRIANGLE_HEIGHT_MM))


def finish_square(cx: float, top: float) -> tuple[Point, Point, Point, Point]:
    """FINISH's square with its top edge at ``top``, centred on ``cx``."""
    half = SQUARE_MM / 2
    return (
        (cx - half, top),
        (cx + half, top),
        (cx + half, top + SQUARE_MM),
        (cx - half, top + SQUARE_MM),
    )


def answer_path(solution: Rows, start: Point, finish: Point) -> list[Point]:
    """The solution polyline (cell units) ending at the two openings instead of beyond them:
    outside the maze are the symbols, which the path must not run into. Plain points, from a
    drawing's solution in either form (MazeGeometry)."""
    path = [(float(x), float(y)) for x, y in rows_of(solution)]
    if len(path) >= 2:
        path[0] = (float(start[0]), float(start[1]))
        path[-1] = (float(finish[0]), float(finish[1]))
    return path
