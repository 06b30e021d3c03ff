"""What a level's mazes are made of, and the two measures they aim at.

A *form* is a generator with its options. By default every level uses one generator, the
growing tree, whose one knob sets the texture: ``p_newest``, the chance it grows from the
newest cell rather than a random one. At 1.0 it carves like the recursive backtracker (long
corridors, long false branches: the most effort a cell), at 0.5 like a mix of it and Prim
(many short dead ends). Measured on rectangles, hexagons, triangles and hearts alike
(docs/levels.md, "Two measures"), the knob moves two things together:

- the effort a cell (mazebook.difficulty.effort), from 0.68 at 1.0 to 0.45 at 0.5, and
- ``bfs_expanded`` over the effort (the cells a breadth-first search from START expands before
  FINISH, mazebook.difficulty.metrics), from 1.3 at 1.0 to 2.1 at 0.5: a breadth-first search
  pays for every cell, a person mostly for long false branches.

So a level has two centres: its effort (the ladder, mazebook.difficulty.levels) and its
``bfs_expanded`` (the effort times the level's ``BFS_RATIO``). The search picks the size for
both and the texture the level's table gives; ``BFS_RATIO`` falls slowly with the level (the
levels 4-6 need branchy mazes, which simple strategies cannot walk through, the levels 8-10
long corridors, which reach the most effort on a small page), and by less than the ladder
rises, so every bfs centre is at least 1.46x the one below and both measures climb at every
step.

A circle's goal is its centre: a breadth-first search from the rim expands only the part of the
maze on START's side of the centre, about 1.2 times the effort whatever the texture; the
branchy texture 0.6 keeps that share flat up to level 10 (CIRCLE_TEXTURE, CIRCLE_BFS_RATIO).

A section that names its ``generators`` gets those (by their measured effort a cell on
rectangles, search.EFFORT_CURVES); only the effort is aimed at then, and the bfs falls where it
falls.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from ..difficulty.levels import centre
from ..records import record

#: The generator every default level uses, and its texture knob.
TEXTURED = "growing-tree"
KNOB = "p_newest"

#: The texture (p_newest) of each level: levels 1-3 backtracker-like (no strategy floor; long
#: corridors keep dead ends short beside the way), level 4 branchy (simple strategies walk
#: through small corridor mazes: mazebook.difficulty.checks), rising to corridors again by
#: level 10, where the effort a cell decides what a small page holds.
LEVEL_TEXTURE: dict[int, float] = {
    1: 0.9,
    2: 0.9,
    3: 0.9,
    4: 0.7,
    5: 0.72,
    6: 0.76,
    7: 0.8,
    8: 0.84,
    9: 0.87,
    10: 0.9,
}
#: A circle's textures: branchy from level 4 on, where a corridor circle's bfs_expanded falls
#: behind its effort as it grows (1.2 of it at 200 cells, 0.9 at 1000).
CIRCLE_TEXTURE: dict[int, float] = {
    1: 0.9,
    2: 0.9,
    3: 0.9,
    4: 0.6,
    5: 0.6,
    6: 0.6,
    7: 0.6,
    8: 0.6,
    9: 0.6,
    10: 0.6,
}
#: The textures a search steps through: easier (more branches) down, harder (longer
#: corridors) up, at a page's smallest or largest size.
TEXTURES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.72, 0.76, 0.8, 0.84, 0.87, 0.9, 0.95, 1.0)

#: Measured on rectangles, hexagons, triangles and hearts of 70-1100 cells (median of 20 mazes
#: each, both ends' effort, farthest openings): (p_newest, effort a cell, bfs_expanded over
#: effort). Circles (goal at the centre) separately.
TEXTURE_TABLE: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.37, 2.55),
    (0.1, 0.38, 2.50),
    (0.2, 0.40, 2.35),
    (0.3, 0.40, 2.30),
    (0.4, 0.43, 2.20),
    (0.5, 0.45, 2.08),
    (0.6, 0.49, 1.95),
    (0.7, 0.52, 1.80),
    (0.8, 0.57, 1.66),
    (0.9, 0.63, 1.48),
    (1.0, 0.68, 1.31),
)
#: A circle's share is about 1.15 at every texture (it varies by 0.3 of its log maze to maze).
CIRCLE_TABLE: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.33, 1.15),
    (0.3, 0.36, 1.15),
    (0.4, 0.36, 1.15),
    (0.5, 0.42, 1.15),
    (0.6, 0.43, 1.15),
    (0.7, 0.49, 1.15),
    (0.8, 0.53, 1.15),
    (0.9, 0.57, 1.15),
    (1.0, 0.62, 1.15),
)

#: bfs_expanded over the effort each level aims at (the bfs centre's share of the effort
#: centre): the median share of the builder's own mazes of each level on letter pages (16
#: each), rectangles; other shapes by SHAPE_BFS_GAIN.
BFS_RATIO: dict[int, float] = {
    1: 1.3,
    2: 1.38,
    3: 1.45,
    4: 1.82,
    5: 1.8,
    6: 1.76,
    7: 1.7,
    8: 1.64,
    9: 1.57,
    10: 1.51,
}
#: The same for circles (40 each): flat at the texture 0.6, falling a little at the top so the
#: steps stay clear of the circles' wide spread.
CIRCLE_BFS_RATIO: dict[int, float] = {
    1: 1.23,
    2: 1.23,
    3: 1.21,
    4: 1.18,
    5: 1.2,
    6: 1.22,
    7: 1.22,
    8: 1.17,
    9: 1.14,
    10: 1.1,
}
#: A shape's bfs_expanded over a rectangle's at the same effort (measured as BFS_RATIO).
SHAPE_BFS_GAIN: dict[str, float] = {"hex": 0.95, "mask": 1.05}
#: A weave's bfs_expanded counts the nodes of its split graph (a crossing is two), so it is
#: about this much more for the same effort.
WEAVE_BFS_GAIN = 1.14


#: The cells (actual cells, not columns x rows) of the median maze the builder keeps at each
#: level at the level's own texture, on rectangles, hexagons, triangles and hearts alike (16
#: each on letter pages): a search's first guess of the size. A weave needs WEAVE_CELLS more.
FIRST_CELLS: dict[int, float] = {
    1: 24,
    2: 35,
    3: 58,
    4: 106,
    5: 167,
    6: 252,
    7: 357,
    8: 535,
    9: 790,
    10: 1160,
}
CIRCLE_FIRST_CELLS: dict[int, float] = {
    1: 29,
    2: 43,
    3: 67,
    4: 137,
    5: 218,
    6: 329,
    7: 498,
    8: 701,
    9: 1006,
    10: 1506,
}
WEAVE_CELLS = 1.08


@record
class Form:
    """A generator and its options, with its effort a cell (a first guess of the size)."""

    algorithm: str
    options: tuple[tuple[str, Any], ...] = ()
    per_cell: float = 0.5

    @property
    def texture(self) -> float | None:
        """The growing tree's p_newest (None for a named generator)."""
        if self.algorithm != TEXTURED:
            return None
        value = dict(self.options).get(KNOB, 1.0)
        return float(value)


def textured(p: float, circle: bool = False) -> Form:
    """The growing tree at texture ``p`` (1.0: its default, newest-first order)."""
    options: tuple[tuple[str, Any], ...] = () if p >= 1.0 else (("mode", "mix"), (KNOB, p))
    return Form(TEXTURED, options, per_cell(p, circle))


def per_cell(p: float, circle: bool = False) -> float:
    """The effort a cell of the growing tree at texture ``p`` (interpolated)."""
    return _interpolate(CIRCLE_TABLE if circle else TEXTURE_TABLE, p, 1)


def bfs_share(p: float, circle: bool = False) -> float:
    """bfs_expanded over the effort of the growing tree at texture ``p`` (interpolated)."""
    return _interpolate(CIRCLE_TABLE if circle else TEXTURE_TABLE, p, 2)


def texture_for_share(share: float) -> float:
    """The texture whose bfs_expanded over effort is ``share`` (rectangle-like shapes; clamped
    to TEXTURES' range)."""
    rows = sorted(TEXTURE_TABLE, key=lambda r: r[2])
    shares = [r[2] for r in rows]
    if share <= shares[0]:
        return rows[0][0]
    if share >= shares[-1]:
        return rows[-1][0]
    i = bisect.bisect_left(shares, share)
    (p0, _, s0), (p1, _, s1) = rows[i - 1], rows[i]
    return p0 + (p1 - p0) * (share - s0) / (s1 - s0)


def level_texture(level: int, circle: bool = False) -> float:
    """The texture level ``level`` uses by default."""
    return (CIRCLE_TEXTURE if circle else LEVEL_TEXTURE)[level]


def bfs_centre(level: int, shape: str = "rect", weave: bool = False) -> float:
    """The bfs_expanded a default maze of ``level`` on ``shape`` aims at."""
    if shape == "circle":
        return centre(level) * CIRCLE_BFS_RATIO[level]
    gain = SHAPE_BFS_GAIN.get(shape, 1.0) * (WEAVE_BFS_GAIN if weave else 1.0)
    return centre(level) * BFS_RATIO[level] * gain


def first_cells(level: int, shape: str = "rect", weave: bool = False) -> float:
    """The cells a default maze of ``level`` most likely needs (FIRST_CELLS)."""
    if shape == "circle":
        return CIRCLE_FIRST_CELLS[level]
    return FIRST_CELLS[level] * (WEAVE_CELLS if weave else 1.0)


def _interpolate(table: Sequence[tuple[float, float, float]], p: float, column: int) -> float:
    xs = [row[0] for row in table]
    p = min(max(p, xs[0]), xs[-1])
    i = max(1, bisect.bisect_left(xs, p))
    (x0, y0), (x1, y1) = (table[i - 1][0], table[i - 1][column]), (table[i][0], table[i][column])
    if x1 == x0:
        return float(y0)
    return float(y0 + (y1 - y0) * (p - x0) / (x1 - x0))
