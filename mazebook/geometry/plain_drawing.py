"""A small rectangle's drawing in plain Python (issue 33): wall runs, the solution's polyline
and its extent as lists of tuples of floats, for mazes of at most LIST_UP_TO cells, so a book
never loads numpy. Each gives exactly the numbers of its numpy form in drawing.py: the same
IEEE operations in the same order, the rows in the same order.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any, TypeGuard

from ..core.grid import LIST_UP_TO

Segment = tuple[float, float, float, float]
Point = tuple[float, float]


def is_plain(rows: object) -> TypeGuard[Sequence[Any]]:
    """Whether a drawing's table (or values a writer formats) is the plain form, a list or
    tuple, not a numpy array: asked without touching numpy, which a small maze never loads."""
    return isinstance(rows, (list, tuple))


def bit_table(bit: int) -> bytes:
    """A bytes.translate table: a cell's bits (walls or passages) -> 1 where ``bit`` is set,
    else 0."""
    return bytes(1 if value & bit else 0 for value in range(256))


_NORTH, _EAST, _SOUTH, _WEST = bit_table(1), bit_table(2), bit_table(4), bit_table(8)
#: The floats of the whole numbers a small maze's lines and runs are at (looked up, not made).
_FLOATS = [float(i) for i in range(LIST_UP_TO + 2)]


Box = tuple[float, float, float, float]


class WallRuns(tuple[Segment, ...]):
    """A rectangle's wall runs (rows x1, y1, x2, y2) and ``box``, the (x0, y0, x1, y1) of
    their ends (None without any), measured as the runs are found: a page, its labels and
    its manifest read the box instead of going over the rows again (``extent``). A tuple, so
    the rows cannot change under their box."""

    box: Box | None = None


@functools.lru_cache(maxsize=16)
def _places(step: int, lines: int) -> tuple[list[float], list[float]]:
    """For each offset into ``lines`` lines of ``step`` bytes, the floats of its place along
    its line and of its line (offset % step and offset // step): looked up, not divided."""
    along = _FLOATS[:step] * lines
    line = list(
        itertools.chain.from_iterable(map(itertools.repeat, _FLOATS[:lines], [step] * lines))
    )
    return along, line


def _edges(a: bytes, b: bytes) -> bytes:
    """Where a run of a | b (two strings of 0s and 1s of one length) starts or ends: a 1 at
    each offset whose byte differs from the one before it (a 0 before the first and after
    the last), one byte longer than a and b; worked on as two big integers."""
    x = int.from_bytes(a) | int.from_bytes(b)
    return ((x << 8) ^ x).to_bytes(len(a) + 1)


def wall_runs(bits: bytes, w: int, h: int, extra: Sequence[Segment] = ()) -> WallRuns:
    """Merged wall runs of a rectangle (at most LIST_UP_TO cells) from its row-major wall
    bits (drawing.rect_wall_runs without crossings): the horizontal lines' runs top to bottom,
    then the vertical lines' left to right, each line's runs in order along it; then ``extra``
    (a weave maze's bridge walls). Each family's lines are joined with a 0 between them; the
    offsets where its runs start and end pick their coordinates out of tables (_places)."""
    n = w * h
    cells, gap, pick = bits[:n], b"\0", itertools.compress
    # line y's piece x: the north wall of cell (x, y) or the south wall of cell (x, y - 1)
    north, south = cells.translate(_NORTH), cells.translate(_SOUTH)
    rows_n = [north[i : i + w] for i in range(0, n, w)]
    rows_n.append(bytes(w))
    rows_s = [south[i : i + w] for i in range(0, n, w)]
    rows_s.insert(0, bytes(w))
    along, line = _places(w + 1, h + 1)
    edges = _edges(gap.join(rows_n), gap.join(rows_s))
    across_x = list(pick(along, edges))  # each run's start, then its end
    across_y = list(pick(line, edges))[0::2]
    # line x's piece y: the west wall of cell (x, y) or the east wall of cell (x - 1, y)
    west, east = cells.translate(_WEST), cells.translate(_EAST)
    columns_w = [west[x::w] for x in range(w)]
    columns_w.append(bytes(h))
    columns_e = [east[x::w] for x in range(w)]
    columns_e.insert(0, bytes(h))
    along, line = _places(h + 1, w + 1)
    edges = _edges(gap.join(columns_w), gap.join(columns_e))
    down_y = list(pick(along, edges))
    down_x = list(pick(line, edges))[0::2]
    runs = WallRuns(
        itertools.chain(
            zip(across_x[0::2], across_y, across_x[1::2], across_y, strict=True),
            zip(down_x, down_y[0::2], down_x, down_y[1::2], strict=True),
            extra,
        )
    )
    runs.box = _runs_box(across_x, across_y, down_x, down_y, float(w), float(h), extent(extra))
    return runs


def _runs_box(
    across_x: list[float],
    across_y: list[float],
    down_x: list[float],
    down_y: list[float],
    w: float,
    h: float,
    extra: Box | None,
) -> Box | None:
    """extent of wall runs from their coordinates as wall_runs finds them (each family's lines
    in order, each run's start before its end), and of ``extra``'s box: the first and last
    line of each family bound one axis; the other is read only when the border's line is
    missing (every coordinate lies in 0..w and 0..h)."""
    boxes = [] if extra is None else [extra]
    if across_y:
        x0 = 0.0 if down_x and down_x[0] == 0.0 else min(across_x[0::2])
        x1 = w if down_x and down_x[-1] == w else max(across_x[1::2])
        boxes.append((x0, across_y[0], x1, across_y[-1]))
    if down_x:
        y0 = 0.0 if across_y and across_y[0] == 0.0 else min(down_y[0::2])
        y1 = h if across_y and across_y[-1] == h else max(down_y[1::2])
        boxes.append((down_x[0], y0, down_x[-1], y1))
    if not boxes:
        return None
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


def simplify(points: Sequence[Sequence[float]]) -> list[Sequence[float]]:
    """drawing.simplify_polyline of plain points: drop the interior points on a straight line
    between their neighbours."""
    if len(points) < 3:
        return list(points)
    out = [points[0]]
    for (ax, ay), point, (cx, cy) in zip(points, points[1:], points[2:], strict=False):
        bx, by = point
        d1x, d1y, d2x, d2y = bx - ax, by - ay, cx - bx, cy - by
        if abs(d1x * d2y - d1y * d2x) > 1e-9 or d1x * d2x + d1y * d2y <= 0:
            out.append(point)
    out.append(points[-1])
    return out


def _bends(a: Sequence[float], b: Sequence[float], c: Sequence[float]) -> bool:
    """Whether simplify keeps b between a and c (its test): the line turns there, or goes
    back."""
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    d1x, d1y, d2x, d2y = bx - ax, by - ay, cx - bx, cy - by
    return abs(d1x * d2y - d1y * d2x) > 1e-9 or d1x * d2x + d1y * d2y <= 0


def simplify_turns(points: Sequence[Sequence[float]]) -> list[Sequence[float]]:
    """simplify of a line whose points but the first two and the last two are the inner
    turn_centres of a path (each kept by simplify: a path of neighbouring cells changes its
    step there, so the line turns or goes back): only the second and the second to last
    point are looked at, as simplify looks at them."""
    if len(points) < 5:
        return simplify(points)
    out = [points[0]]
    if _bends(points[0], points[1], points[2]):
        out.append(points[1])
    out += points[2:-2]
    if _bends(points[-3], points[-2], points[-1]):
        out.append(points[-2])
    out.append(points[-1])
    return out


#: c + 0.5 of each whole number c a small rectangle's cells' columns and rows are at.
_HALVES = [i + 0.5 for i in range(LIST_UP_TO)]


def turn_centres(cells: Sequence[int], w: int) -> list[Point]:
    """The centres (x + 0.5, y + 0.5) of a rectangle's path's first and last cells and of
    those where it turns: it moves one cell a step, so the centres where it goes straight on
    are those ``simplify`` drops (the same step before and after), left out before it runs.
    The cells are a small rectangle's (0 <= cell < w * h <= LIST_UP_TO)."""
    if len(cells) < 3:
        kept = list(cells)
    else:
        kept = [cells[0]]
        kept += [b for a, b, c in zip(cells, cells[1:], cells[2:], strict=False) if b - a != c - b]
        kept.append(cells[-1])
    half = _HALVES
    return [(half[c % w], half[c // w]) for c in kept]


def extent(segments: Sequence[Sequence[float]]) -> Box | None:
    """(x0, y0, x1, y1) of the ends of the segments, None without any (wall runs' own box)."""
    if isinstance(segments, WallRuns):
        return segments.box
    if not segments:
        return None
    x1, y1, x2, y2 = zip(*segments, strict=True)
    return (
        float(min(min(x1), min(x2))),
        float(min(min(y1), min(y2))),
        float(max(max(x1), max(x2))),
        float(max(max(y1), max(y2))),
    )


def break_line(line: Sequence[Point], under: Sequence[Sequence[float]]) -> list[list[Point]]:
    """drawing.break_polyline of plain points: the line in pieces, the stretches ``under``
    left out, each piece a list of points that does not stay at one place."""
    pieces: list[list[Point]] = []
    current = [line[0]]
    for (px, py), q in itertools.pairwise(line):
        dx, dy = q[0] - px, q[1] - py
        length2 = dx * dx + dy * dy
        cuts = []
        for x1, y1, x2, y2 in under:
            ax, ay, bx, by = x1 - px, y1 - py, x2 - px, y2 - py
            if length2 == 0 or abs(dx * ay - dy * ax) > 1e-9 or abs(dx * by - dy * bx) > 1e-9:
                continue
            ta, tb = sorted(((ax * dx + ay * dy) / length2, (bx * dx + by * dy) / length2))
            if tb <= 0 or ta >= 1:
                continue
            cuts.append((max(ta, 0.0), min(tb, 1.0)))
        for ta, tb in sorted(cuts):
            current.append((px + dx * ta, py + dy * ta))
            pieces.append(current)
            current = [(px + dx * tb, py + dy * tb)]
        current.append((q[0], q[1]))
    pieces.append(current)
    return [piece for piece in pieces if len(piece) >= 2 and _moves(piece)]


def _moves(piece: Sequence[Point]) -> bool:
    """Whether the points are not all one point (numpy's ptp along either axis is not 0)."""
    x0, y0 = piece[0]
    return any(x != x0 or y != y0 for x, y in piece)
