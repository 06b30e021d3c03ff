"""A small rectangle's drawing in plain Python (issue 33): wall runs, the solution's polyline
and its extent as lists of tuples of floats, for mazes of at most LIST_UP_TO cells, so a book
never loads numpy. Each gives exactly the numbers of its numpy form in drawing.py: the same
IEEE operations in the same order, the rows in the same order.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ..core.grid import LIST_UP_TO

Segment = tuple[float, float, float, float]
Point = tuple[float, float]


def _bit(bit: int) -> bytes:
    """A bytes.translate table: a cell's wall bits -> 1 where ``bit`` is set, else 0."""
    return bytes(1 if value & bit else 0 for value in range(256))


_NORTH, _EAST, _SOUTH, _WEST = _bit(1), _bit(2), _bit(4), _bit(8)
#: A run of wall pieces in lines of 0/1 bytes.
_ONES = re.compile(rb"\x01+")
#: The floats of the whole numbers a small maze's lines and runs are at (looked up, not made).
_FLOATS = [float(i) for i in range(LIST_UP_TO + 2)]


def _or(a: bytes, b: bytes) -> bytes:
    """Byte by byte a | b of two strings of 0s and 1s of one length (as two big integers)."""
    return (int.from_bytes(a) | int.from_bytes(b)).to_bytes(len(a))


def wall_runs(bits: bytes, w: int, h: int) -> list[Segment]:
    """Merged wall runs of a rectangle (at most LIST_UP_TO cells) from its row-major wall
    bits (drawing.rect_wall_runs without crossings): the horizontal lines' runs top to bottom,
    then the vertical lines' left to right, each line's runs in order along it. Each family's
    lines are joined with a 0 between them and searched by one regular expression."""
    n = w * h
    cells, floats, gap, span = bits[:n], _FLOATS, b"\0", re.Match.span
    # line y's piece x: the north wall of cell (x, y) or the south wall of cell (x, y - 1)
    north, south = cells.translate(_NORTH), cells.translate(_SOUTH)
    rows_n = [north[i : i + w] for i in range(0, n, w)] + [bytes(w)]
    rows_s = [bytes(w)] + [south[i : i + w] for i in range(0, n, w)]
    across = _or(gap.join(rows_n), gap.join(rows_s))
    step = w + 1
    out: list[Segment] = [
        (floats[x], floats[y], floats[x + b - a], floats[y])
        for a, b in map(span, _ONES.finditer(across))
        for y, x in (divmod(a, step),)
    ]
    # line x's piece y: the west wall of cell (x, y) or the east wall of cell (x - 1, y)
    west, east = cells.translate(_WEST), cells.translate(_EAST)
    columns_w = [west[x::w] for x in range(w)] + [bytes(h)]
    columns_e = [bytes(h)] + [east[x::w] for x in range(w)]
    down = _or(gap.join(columns_w), gap.join(columns_e))
    step = h + 1
    out += [
        (floats[x], floats[y], floats[x], floats[y + b - a])
        for a, b in map(span, _ONES.finditer(down))
        for x, y in (divmod(a, step),)
    ]
    return out


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


def turn_centres(cells: Sequence[int], w: int) -> list[Point]:
    """The centres (x + 0.5, y + 0.5) of a rectangle's path's first and last cells and of
    those where it turns: it moves one cell a step, so the centres where it goes straight on
    are those ``simplify`` drops (the same step before and after), left out before it runs."""
    if len(cells) < 3:
        kept = list(cells)
    else:
        kept = [cells[0]]
        kept += [b for a, b, c in zip(cells, cells[1:], cells[2:], strict=False) if b - a != c - b]
        kept.append(cells[-1])
    return [(c % w + 0.5, c // w + 0.5) for c in kept]


def extent(segments: Sequence[Sequence[float]]) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) of the ends of the segments, None without any."""
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
