"""Pure geometry of a maze drawing, in cell units with y pointing down.

Writers (SVG, PDF) receive only a MazeGeometry: merged straight wall runs, circular wall arcs,
the solution polyline and the two markers. They never look at a Maze, so the SVG and the PDF of
a maze cannot disagree. The rectangle is drawn here; other shapes in ``render.shapes``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import field, replace
from typing import Any, TypeAlias, cast

from ..core.grid import LIST_UP_TO
from ..core.maze import Maze
from ..lazy import numpy as np
from ..records import record
from . import plain_drawing as plain
from .plain_drawing import is_plain as is_plain  # the readers ask drawing for it
from .rules import RuleMarks

#: A drawing's table (segments, arcs, solution points, under-stretches): a float64 array for a
#: large maze, a plain list of tuples of floats for a small one (see MazeGeometry).
Rows: TypeAlias = "np.ndarray | Sequence[Sequence[float]]"


def rows_of(rows: Rows) -> Sequence[Sequence[float]]:
    """A drawing's table as rows of Python floats, whichever form it is in."""
    if is_plain(rows):
        return rows
    listed: list[list[float]] = cast("np.ndarray", rows).tolist()
    return listed


@record
class Marker:
    """An opening: the midpoint (x, y) of the open side and the unit direction of travel.

    ``inside`` marks a goal within the maze (the circle's centre): (x, y) is that cell's
    centre, drawn as a target dot instead of an arrow.
    """

    x: float
    y: float
    dx: float
    dy: float
    inside: bool = False


@record(eq=False)
class MazeGeometry:
    """Everything a writer draws, in cell units (origin top-left, y down).

    ``segments`` is an (n, 4) table of straight runs x1, y1, x2, y2; ``arcs`` an (m, 5) table
    cx, cy, r, a0, a1 of circular arcs (degrees, y down, drawn from a0 to a1 with a1 > a0,
    i.e. clockwise on the page); ``solution`` a (p, 2) polyline from outside the entrance to
    outside the exit; ``start``/``finish`` the openings (direction: into the maze at the start,
    out of it at the finish). ``width``/``height`` bound the drawing, ``meta`` names it.
    ``hub``: the radius of a centre cell drawn as a disc about the drawing's middle (the
    circle's), 0 for shapes without one.

    The tables (``segments``, ``arcs``, ``solution``, ``under``: Rows) come in one of two
    forms, and every reader takes both: a float64 numpy array for a large maze, or, for a maze
    of at most LIST_UP_TO cells (every maze of a book, a worksheet, a cover), a plain sequence
    of rows (a list or tuple of lists or tuples of Python floats: 4 a segment, 5 an arc, 2 a
    solution point, 4 an under-stretch), so drawing it never loads numpy. A reader tells
    them apart with ``is_plain`` (never ``isinstance(x, np.ndarray)``, which loads numpy),
    reads rows with ``rows_of``, and calls no array method (``.tolist()``, ``.reshape``,
    slicing by columns) on a table without checking; ``len()`` and iterating over rows work on
    both. The same numbers in either form draw the same bytes.
    """

    width: float
    height: float
    segments: Rows
    arcs: Rows
    solution: Rows
    start: Marker
    finish: Marker
    meta: Mapping[str, Any] = field(default_factory=dict)
    hub: float = 0.0
    under: Rows = ()
    """Stretches x1, y1, x2, y2 of the solution that run under a bridge (weave mazes): writers
    leave them out of the drawn line (see ``break_polyline``)."""
    letters: tuple[tuple[float, float, str, bool], ...] = ()
    """A word trail's letters: x, y of their cells' centres, the letter, whether it is on the
    trail (the SVG writer sets them; a page sets them in the book's font, pages.document)."""
    marks: RuleMarks | None = None
    """A maze's rules (one-way arrows, doors, keys: mazebook.geometry.rules), drawn by both
    writers over the walls; None for a maze without rules."""


def maze_meta(maze: Maze) -> dict[str, Any]:
    """What a drawing records about its maze: algorithm, shape, size, seed, options."""
    return {
        "algorithm": maze.algorithm,
        "shape": maze.grid.kind,
        "width": maze.width,
        "height": maze.height,
        "seed": maze.seed,
        "options": dict(maze.options),
    }


def _runs(present: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Maximal runs of True along axis 1: (line index, start, end) arrays, end exclusive."""
    rows, length = present.shape
    padded = np.zeros((rows, length + 2), dtype=np.int8)
    padded[:, 1:-1] = present
    edges = np.diff(padded, axis=1)
    start_r, start_c = np.nonzero(edges == 1)
    _, end_c = np.nonzero(edges == -1)
    return start_r, start_c, end_c


def rect_wall_runs(bits: np.ndarray, crossings: tuple[tuple[int, str], ...] = ()) -> np.ndarray:
    """Merged wall runs of a rectangle from its (height, width) wall-bit array, as segments
    (a large maze's; a small one's are plain_drawing.wall_runs, the same rows in lists).

    ``crossings`` (a weave maze's, see mazebook.core.weave) add each crossing's walls
    (``bridge_walls``).
    """
    h, w = bits.shape
    horizontal = np.zeros((h + 1, w), dtype=bool)
    horizontal[:h] |= (bits & 1).astype(bool)
    horizontal[1:] |= (bits & 4).astype(bool)
    vertical = np.zeros((w + 1, h), dtype=bool)
    vertical[:w] |= (bits & 8).astype(bool).T
    vertical[1:] |= (bits & 2).astype(bool).T
    segs = _segments(horizontal, vertical)
    if crossings:
        segs = np.concatenate([segs, bridge_walls(crossings, w)])
    return segs


#: A bridge's deck is inset this far (cells) from its cell's sides; the walls of the passage
#: underneath run on into the cell and stop UNDER_GAP short of the bridge.
BRIDGE_INSET = 0.3
UNDER_GAP = 0.15


def bridge_walls(crossings: tuple[tuple[int, str], ...], w: int) -> np.ndarray:
    """The walls a crossing adds in its cell, as segments: the bridge's two side walls across
    the cell (inset by BRIDGE_INSET), and the under-passage's walls from the cell's corners
    toward the bridge, stopping UNDER_GAP short of it, so "over" and "under" show."""
    return np.array(plain_bridge_walls(crossings, w), dtype=np.float64).reshape(-1, 4)


def plain_bridge_walls(
    crossings: tuple[tuple[int, str], ...], w: int
) -> list[tuple[float, float, float, float]]:
    """bridge_walls as a list of rows of Python floats (a small maze's form)."""
    i, g = BRIDGE_INSET, UNDER_GAP
    out: list[tuple[float, float, float, float]] = []
    for cell, over in crossings:
        x, y = cell % w, cell // w
        # drawn as if "h"; "v" is the same picture mirrored on the cell's diagonal
        local: tuple[tuple[float, float, float, float], ...] = (
            (0, i, 1, i),
            (0, 1 - i, 1, 1 - i),
            (0, 0, 0, i - g),
            (1, 0, 1, i - g),
            (0, 1 - i + g, 0, 1),
            (1, 1 - i + g, 1, 1),
        )
        for a, b, c, d in local:
            if over == "h":
                out.append((float(x + a), float(y + b), float(x + c), float(y + d)))
            else:
                out.append((float(x + b), float(y + a), float(x + d), float(y + c)))
    return out


def _segments(horizontal: np.ndarray, vertical: np.ndarray) -> np.ndarray:
    """Merged runs of the horizontal (rows of wall pieces) and vertical (columns) presence."""
    hy, hx0, hx1 = _runs(horizontal)
    vx, vy0, vy1 = _runs(vertical)
    segs = np.empty((len(hy) + len(vx), 4), dtype=np.float64)
    k = len(hy)
    segs[:k, 0], segs[:k, 1], segs[:k, 2], segs[:k, 3] = hx0, hy, hx1, hy
    segs[k:, 0], segs[k:, 1], segs[k:, 2], segs[k:, 3] = vx, vy0, vx, vy1
    return segs


_SIDE_VECTORS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))  # N E S W, y down


def _rect_marker(maze: Maze, cell: int, side: int | None, inward: bool) -> Marker:
    x, y = maze.grid.xy(cell)
    dx, dy = _SIDE_VECTORS[side if side is not None else 3]
    mx, my = x + 0.5 + dx * 0.5, y + 0.5 + dy * 0.5
    return Marker(mx, my, -dx if inward else dx, -dy if inward else dy)


def simplify_polyline(points: np.ndarray) -> np.ndarray:
    """Drop the interior points that lie on a straight line between their neighbours (an
    array's; plain_drawing.simplify for a list of points)."""
    if len(points) < 3:
        return points
    d1 = points[1:-1] - points[:-2]
    d2 = points[2:] - points[1:-1]
    cross = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    dot = d1[:, 0] * d2[:, 0] + d1[:, 1] * d2[:, 1]
    keep = np.ones(len(points), dtype=bool)
    keep[1:-1] = (np.abs(cross) > 1e-9) | (dot <= 0)
    return points[keep]


def solution_polyline(
    centres: Rows, start: Marker, finish: Marker, *, overhang: float = 0.5, turns: bool = False
) -> Rows:
    """Cell centres of the path, extended through both openings by ``overhang`` cells: a list
    of points (floats) for a list of centres (a small maze's), else an array. ``turns``: the
    centres are plain_drawing.turn_centres of a path (only those next to the ends may go)."""
    if is_plain(centres):
        line: list[Sequence[float]] = list(centres)
        if not start.inside:
            line.insert(0, (start.x - start.dx * overhang, start.y - start.dy * overhang))
        if not finish.inside:
            line.append((finish.x + finish.dx * overhang, finish.y + finish.dy * overhang))
        return plain.simplify_turns(line) if turns else plain.simplify(line)
    parts = [centres]
    if not start.inside:
        parts.insert(0, np.array([[start.x - start.dx * overhang, start.y - start.dy * overhang]]))
    if not finish.inside:
        parts.append(np.array([[finish.x + finish.dx * overhang, finish.y + finish.dy * overhang]]))
    return simplify_polyline(np.concatenate(parts))


def rect_geometry(maze: Maze) -> MazeGeometry:
    """Geometry of a rectangular maze: wall runs from the wall bits, path through centres."""
    w, h = maze.width, maze.height
    start = _rect_marker(maze, maze.entrance.cell, maze.entrance.side, inward=True)
    finish = _rect_marker(maze, maze.exit.cell, maze.exit.side, inward=False)
    segments: Rows
    arcs: Rows
    centres: Rows
    if w * h <= LIST_UP_TO:  # a book's maze: lists, no numpy
        bridges = plain_bridge_walls(maze.crossings, w) if maze.crossings else ()
        segments = plain.wall_runs(maze.wall_bits(), w, h, bridges)
        arcs = []
        centres = plain.turn_centres(maze.solution_cells, w)
    else:
        bits = np.frombuffer(maze.wall_bits(), dtype=np.uint8).reshape(h, w)
        segments = rect_wall_runs(bits, maze.crossings)
        arcs = np.zeros((0, 5))
        cells = np.asarray(maze.solution_cells, dtype=np.int64)
        centres = np.stack([cells % w + 0.5, cells // w + 0.5], axis=1)
    geom = MazeGeometry(
        width=float(w),
        height=float(h),
        segments=segments,
        arcs=arcs,
        solution=solution_polyline(centres, start, finish, turns=is_plain(centres)),
        start=start,
        finish=finish,
        meta=maze_meta(maze),
    )
    if maze.crossings:
        geom = replace(geom, under=_under(maze))
    return geom


#: How far (cells) the solution's break under a bridge reaches past the bridge's side walls.
UNDER_REACH = 0.05


def _under(maze: Maze) -> Rows:
    """Where the solution runs under a bridge: one stretch across each such crossing cell (a
    list of rows for a small maze, else an array)."""
    w, n = maze.width, maze.size
    over = dict(maze.crossings)
    cells = [c for c, _ in maze.crossings]
    out: list[tuple[float, float, float, float]] = []
    r = UNDER_REACH - BRIDGE_INSET
    for node in maze.solution_nodes:
        if node >= n:  # the north-south passage of a crossing
            cell = cells[node - n]
            if over[cell] == "h":
                cx, cy = cell % w + 0.5, float(cell // w)
                out.append((cx, cy - r, cx, cy + 1 + r))
        elif node in over and over[node] == "v":  # the west-east passage, under
            cx, cy = float(node % w), node // w + 0.5
            out.append((cx - r, cy, cx + 1 + r, cy))
    if n <= LIST_UP_TO:
        return out
    return np.array(out, dtype=np.float64).reshape(-1, 4)


def _off_line(d: np.ndarray, v: np.ndarray) -> bool:
    """Whether v is off the line along d (their cross product is not zero)."""
    return abs(float(d[0] * v[1] - d[1] * v[0])) > 1e-9


def break_polyline(line: Rows, under: Rows) -> list[Rows]:
    """The polyline in pieces, with the stretches ``under`` (each along one of its segments)
    left out: the solution drawn over and under the bridges of a weave maze. Plain points
    give plain pieces (plain_drawing.break_line), an array arrays."""
    if not len(under):
        return [line]
    if is_plain(line):
        points = [(float(x), float(y)) for x, y in line]
        return list(plain.break_line(points, rows_of(under)))
    array = np.asarray(line, dtype=np.float64)
    pieces: list[Rows] = []
    current = [array[0]]
    for p, q in itertools.pairwise(array):
        d = q - p
        length2 = float(d @ d)
        cuts = []
        for x1, y1, x2, y2 in rows_of(under):
            a, b = np.array([x1, y1]), np.array([x2, y2])
            if length2 == 0 or _off_line(d, a - p) or _off_line(d, b - p):
                continue
            ta, tb = sorted((float((a - p) @ d) / length2, float((b - p) @ d) / length2))
            if tb <= 0 or ta >= 1:
                continue
            cuts.append((max(ta, 0.0), min(tb, 1.0)))
        for ta, tb in sorted(cuts):
            current.append(p + d * ta)
            pieces.append(np.array(current))
            current = [p + d * tb]
        current.append(q)
    pieces.append(np.array(current))
    return [piece for piece in pieces if len(piece) >= 2 and np.ptp(piece, axis=0).any()]


def arc_to_beziers(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple[float, ...]]:
    """Cubic Bezier pieces (x1, y1, x2, y2, x3, y3) for an arc, at most 90 degrees each.

    For writers without native arcs (PDF); the start point is (cx + r cos a0, cy + r sin a0).
    """
    pieces = max(1, math.ceil((a1 - a0) / 90.0 - 1e-9))
    step = math.radians(a1 - a0) / pieces
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    out: list[tuple[float, ...]] = []
    t = math.radians(a0)
    for _ in range(pieces):
        c0, s0, c1, s1 = math.cos(t), math.sin(t), math.cos(t + step), math.sin(t + step)
        out.append(
            (
                cx + r * (c0 - k * s0),
                cy + r * (s0 + k * c0),
                cx + r * (c1 + k * s1),
                cy + r * (s1 - k * c1),
                cx + r * c1,
                cy + r * s1,
            )
        )
        t += step
    return out


def clamp_overhang(geom: MazeGeometry, overhang: float) -> MazeGeometry:
    """The geometry with the solution's ends beyond the openings at most ``overhang`` cells.

    The solution runs half a cell past each opening; with very large cells (an easy maze alone
    on a page) that is more than the room kept for the arrows and would reach into the page
    margin, so writers pull both ends in to the arrows' length.
    """
    line = clamped_solution(geom, overhang)
    return geom if line is geom.solution else replace(geom, solution=line)


def clamped_solution(geom: MazeGeometry, overhang: float) -> Rows:
    """``clamp_overhang(geom, overhang).solution`` without a new geometry (the writers and the
    labels read only the line): the drawing's own solution where nothing is pulled in."""
    if overhang >= 0.5 or len(geom.solution) < 2:
        return geom.solution
    line: list[Sequence[float]] | np.ndarray
    if is_plain(geom.solution):
        line = list(geom.solution)
    else:
        line = np.array(geom.solution, dtype=np.float64)
    for index, marker, sign in ((0, geom.start, -1.0), (-1, geom.finish, 1.0)):
        if not marker.inside:
            line[index] = (
                marker.x + sign * marker.dx * overhang,
                marker.y + sign * marker.dy * overhang,
            )
    return line


#: Radius of the target dot of an inside goal, in cells (goal_dot_radius caps it).
GOAL_DOT_RADIUS = 0.3


def goal_dot_radius(arrow: float) -> float:
    """The goal dot's radius (cells) beside arrows ``arrow`` cells long: 0.3 cell, but never
    more than a third of an arrow, so very large cells get a dot the size of their arrows and
    the goal's word stays close to its centre."""
    return min(GOAL_DOT_RADIUS, arrow / 3.0)


def marker_points(
    marker: Marker, length: float, *, entering: bool, gap: float = 0.15
) -> tuple[float, float, float, float, float, float]:
    """marker_triangle's three points as plain floats x0, y0, x1, y1, x2, y2: a book draws
    two arrows a maze and measures them three times, each cheaper without an array."""
    dx, dy = marker.dx, marker.dy
    if entering:
        tip_x, tip_y = marker.x - dx * gap * length, marker.y - dy * gap * length
        base_x, base_y = tip_x - dx * length, tip_y - dy * length
    else:
        base_x, base_y = marker.x + dx * gap * length, marker.y + dy * gap * length
        tip_x, tip_y = base_x + dx * length, base_y + dy * length
    half = 0.45 * length
    normal_x, normal_y = -dy * half, dx * half
    return (
        tip_x,
        tip_y,
        base_x + normal_x,
        base_y + normal_y,
        base_x - normal_x,
        base_y - normal_y,
    )


def marker_triangle(
    marker: Marker, length: float, *, entering: bool, gap: float = 0.15
) -> np.ndarray:
    """A filled arrow (3 points, cell units) just outside an opening, pointing along travel.

    ``entering``: the start arrow, ending at the opening; else the finish arrow, leaving it.
    """
    points = marker_points(marker, length, entering=entering, gap=gap)
    return np.array(points, dtype=np.float64).reshape(3, 2)


def marker_extent(
    marker: Marker, arrow: float, *, entering: bool
) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of an opening's mark: its arrow ``arrow`` cells long, or its goal dot."""
    if marker.inside:
        r = goal_dot_radius(arrow)
        return (marker.x - r, marker.y - r, marker.x + r, marker.y + r)
    x0, y0, x1, y1, x2, y2 = marker_points(marker, arrow, entering=entering)
    return (
        float(_least(x0, x1, x2)),
        float(_least(y0, y1, y2)),
        float(_most(x0, x1, x2)),
        float(_most(y0, y1, y2)),
    )


def _least(a: float, b: float, c: float) -> float:
    """``min(a, b, c)``: the same comparisons in the same order (the same float, a NaN's too),
    without the builtin's keyword parsing at every call (3.11): a page measures its arrows
    a few times over."""
    if b < a:
        a = b
    return c if c < a else a


def _most(a: float, b: float, c: float) -> float:
    """``max(a, b, c)``, as _least writes min."""
    if b > a:
        a = b
    return c if c > a else a


@functools.lru_cache(maxsize=4)
def _walls_extent(geom: MazeGeometry) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) of a drawing's wall runs and arcs (None without any): the part of
    drawing_extent that is the same at every arrow length, measured once for a puzzle's page,
    its answer and its manifest boxes. Only the last few drawings are kept (see wall_ops)."""
    if is_plain(geom.segments) and not len(geom.arcs):  # a small rectangle's: no numpy
        return plain.extent(rows_of(geom.segments))
    segments = np.asarray(geom.segments, dtype=np.float64).reshape(-1, 4)
    points = [segments[:, :2], segments[:, 2:]]
    for cx, cy, r, a0, a1 in rows_of(geom.arcs):
        t = np.radians(np.linspace(a0, a1, max(2, math.ceil((a1 - a0) / 5.0) + 1)))
        points.append(np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1))
    shown = [p.reshape(-1, 2) for p in points if len(p)]
    if not shown:
        return None
    every = np.concatenate(shown)
    x0, y0 = every.min(axis=0).tolist()
    x1, y1 = every.max(axis=0).tolist()
    return float(x0), float(y0), float(x1), float(y1)


def drawing_extent(geom: MazeGeometry, arrow: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in cell units (y down) of everything drawn for the maze: wall runs,
    arcs, the two arrows (``arrow`` cells long) or goal dots. Stroke widths not included."""
    sx0, sy0, sx1, sy1 = marker_extent(geom.start, arrow, entering=True)
    fx0, fy0, fx1, fy1 = marker_extent(geom.finish, arrow, entering=False)
    walls = _walls_extent(geom)
    if walls is None:
        return (
            float(min(sx0, fx0)),
            float(min(sy0, fy0)),
            float(max(sx1, fx1)),
            float(max(sy1, fy1)),
        )
    wx0, wy0, wx1, wy1 = walls
    return (
        float(min(wx0, sx0, fx0)),
        float(min(wy0, sy0, fy0)),
        float(max(wx1, sx1, fx1)),
        float(max(wy1, sy1, fy1)),
    )
