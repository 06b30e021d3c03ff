"""The triangular (delta) grid: rows of alternately up- and down-pointing triangles.

A cell's position is (row, column) with the column in half-triangle steps, so every row shares
one column numbering and the cell below an up-triangle has the same column. Slots: 0 the
horizontal side (an up-triangle's base, a down-triangle's top), 1 the right slanted side,
2 the left one. Triangles have unit sides; rows are sqrt(3)/2 apart. There is no "straight on"
in a triangle grid, so no ``opposite`` table.
"""

from __future__ import annotations

import math
from typing import Any

from ...errors import InvalidSizeError
from ...lazy import numpy as np
from ..grid import Grid
from .lattice import (
    Side,
    check_choice,
    check_side,
    neighbour_table,
    pack_tables,
    reject_unknown,
    trace_outline,
)

#: Outlines of the triangle grid; "triangle" (the default) is the largest that fits the size.
TRIANGLE_OUTLINES = ("triangle", "rect")

#: The largest width or height of a triangle grid (cells).
MAX_TRIANGLE_SIDE = 1000

ROW_PITCH = math.sqrt(3) / 2


def triangle_rows(width: int, height: int, outline: str) -> tuple[int, int]:
    """(rows, parity): the number of rows drawn and the parity of (row + column) of up cells."""
    if outline == "rect":
        return height, 0
    rows = min(height, (width + 1) // 2)
    return rows, (rows - 1) % 2


def triangle_positions(width: int, height: int, outline: str) -> tuple[np.ndarray, np.ndarray]:
    """Row and column of every cell, numbered row by row from the top left."""
    nrows, _ = triangle_rows(width, height, outline)
    rows, cols = [], []
    for r in range(nrows):
        if outline == "rect":
            first, count = 0, width
        else:
            first, count = nrows - 1 - r, 2 * r + 1
        rows.append(np.full(count, r, dtype=np.int64))
        cols.append(first + np.arange(count, dtype=np.int64))
    return np.concatenate(rows), np.concatenate(cols)


def triangle_corner_keys(
    rows: np.ndarray, cols: np.ndarray, up: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Integer corners (n, 3) clockwise on the page: x in half units, y in rows.

    Up: apex, bottom right, bottom left (sides: right, base, left). Down: top left, top right,
    bottom (sides: top, right, left). Side slot k therefore runs from corner CORNER_OF[k].
    """
    ux = np.array([1, 2, 0])
    uy = np.array([0, 1, 1])
    dx = np.array([0, 2, 1])
    dy = np.array([0, 0, 1])
    kx = cols[:, None] + np.where(up[:, None], ux[None, :], dx[None, :])
    ky = rows[:, None] + np.where(up[:, None], uy[None, :], dy[None, :])
    return kx, ky


#: For up and down cells: the corner each slot's side starts at (sides run clockwise).
SIDE_START_UP = (1, 0, 2)  # base from bottom right, right side from apex, left from bottom left
SIDE_START_DOWN = (0, 1, 2)  # top from top left, right from top right, left from bottom


def triangle_grid(width: int, height: int, *, outline: str = "triangle", **unknown: Any) -> Grid:
    """The triangle grid. "rect": ``height`` rows of ``width`` triangles, starting with an up
    one; "triangle": the largest up-pointing triangle in ``width`` x ``height``, i.e.
    min(height, (width + 1) // 2) rows, row r holding 2r + 1 cells."""
    reject_unknown("triangle", unknown, ("outline",))
    check_side("triangle", "width", width, MAX_TRIANGLE_SIDE)
    check_side("triangle", "height", height, MAX_TRIANGLE_SIDE)
    outline = check_choice("triangle outline", outline, TRIANGLE_OUTLINES)
    if outline == "rect" and width == 1 and height > 2:
        # a single column of triangles touches only at corners from the third row on
        raise InvalidSizeError(
            f"a triangle rect one cell wide falls apart when taller than 2 rows (got {height}); "
            "make it at least 2 cells wide"
        )
    nrows, parity = triangle_rows(width, height, outline)
    rows, cols = triangle_positions(width, height, outline)
    n = len(rows)
    up = (rows + cols) % 2 == parity
    index = np.full((nrows, int(cols.max()) + 1), -1, dtype=np.int64)
    index[rows, cols] = np.arange(n)
    drow = np.zeros((n, 3), dtype=np.int64)
    drow[:, 0] = np.where(up, 1, -1)
    dcol = np.broadcast_to(np.array([0, 1, -1]), (n, 3))
    table = neighbour_table(index, rows, cols, drow, dcol)
    adj, back = pack_tables(table, np.array([0, 2, 1]))
    kx, ky = triangle_corner_keys(rows, cols, up)
    sides: list[Side] = []
    for cell, k in zip(*np.nonzero(table == n), strict=True):
        c, slot = int(cell), int(k)
        a = (SIDE_START_UP if up[c] else SIDE_START_DOWN)[slot]
        b = (a + 1) % 3
        sides.append((c, slot, (int(kx[c, a]), int(ky[c, a])), (int(kx[c, b]), int(ky[c, b]))))
    params = {
        "outline": outline,
        "rows": nrows,
        "side_names": ("horizontal", "right", "left"),
        "build": {"outline": outline},
    }
    return Grid("triangle", width, height, n, 3, adj, back, trace_outline(sides), params)


def triangle_corners(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """((n, 3, 2) corners in drawing units, (n, 3) index of the corner each slot starts at)."""
    outline = str(grid.params["outline"])
    _, parity = triangle_rows(grid.width, grid.height, outline)
    rows, cols = triangle_positions(grid.width, grid.height, outline)
    up = (rows + cols) % 2 == parity
    kx, ky = triangle_corner_keys(rows, cols, up)
    corners = np.stack([kx / 2, ky * ROW_PITCH], axis=2)
    start = np.where(up[:, None], np.array(SIDE_START_UP), np.array(SIDE_START_DOWN))
    return corners, start


def triangle_centres(grid: Grid) -> np.ndarray:
    """(n, 2) cell centres in drawing units: the mean of each triangle's corners."""
    corners, _ = triangle_corners(grid)
    centres: np.ndarray = corners.mean(axis=1)
    return centres
