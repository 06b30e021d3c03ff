"""The hexagonal (sigma) grid: pointy-top hex cells in rows, outlined as a hexagon or a rectangle.

Cells sit in ``height`` rows; a cell's position is (row, x2) with x2 its column in half-cell
units, so the neighbours are two half-steps away in its row and one half-step away in the rows
above and below. Slots go clockwise on the page: E, SE, SW, W, NW, NE (slot k's opposite is
k + 3). Cell centres are one unit apart along a row, rows sqrt(3)/2 apart.
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

#: Outlines of the hex grid; "hexagon" (the default) cuts the rectangle's corners.
HEX_OUTLINES = ("hexagon", "rect")

#: The largest width or height of a hex grid (cells).
MAX_HEX_SIDE = 1000

#: Steps (rows, half-columns) of slots E, SE, SW, W, NW, NE.
HEX_STEPS = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
HEX_SIDE_NAMES = ("E", "SE", "SW", "W", "NW", "NE")

ROW_PITCH = math.sqrt(3) / 2  # distance between rows of centres
RADIUS = 1 / math.sqrt(3)  # centre to corner

# Corner j of a cell lies at angle 60j - 30 degrees (y down), i.e. clockwise on the page from
# the upper right; side k runs from corner k to corner k + 1. As integer keys a corner is
# x2 + 1 + dx (in half cells) and 3 * row + 2 + dy (in units of RADIUS / 2).
_CORNER_DX = (1, 1, 0, -1, -1, 0)
_CORNER_DY = (-1, 1, 2, 1, -1, -2)


def hex_rows(width: int, height: int, outline: str) -> list[tuple[int, int]]:
    """Per row: (first x2, number of cells)."""
    if outline == "rect":
        return [(r % 2, width) for r in range(height)]
    middle = (height - 1) // 2
    cut = max(middle, height - 1 - middle)
    if cut >= width:
        raise InvalidSizeError(
            f"a hexagon of {height} rows needs a width of at least {cut + 1} cells, got {width}; "
            "widen it or use outline=rect"
        )
    return [(abs(r - middle), width - abs(r - middle)) for r in range(height)]


def hex_positions(width: int, height: int, outline: str) -> tuple[np.ndarray, np.ndarray]:
    """Row and x2 of every cell, numbered row by row from the top left."""
    rows, cols = [], []
    for r, (first, count) in enumerate(hex_rows(width, height, outline)):
        rows.append(np.full(count, r, dtype=np.int64))
        cols.append(first + 2 * np.arange(count, dtype=np.int64))
    return np.concatenate(rows), np.concatenate(cols)


def hex_corner_keys(rows: np.ndarray, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Integer corner keys (n, 6) of every cell: x in half cells, y in RADIUS/2 units."""
    kx = cols[:, None] + 1 + np.array(_CORNER_DX)[None, :]
    ky = 3 * rows[:, None] + 2 + np.array(_CORNER_DY)[None, :]
    return kx, ky


def hex_grid(width: int, height: int, *, outline: str = "hexagon", **unknown: Any) -> Grid:
    """The hex grid: ``height`` rows; "rect" rows of ``width`` cells, alternate rows shifted half
    a cell right; "hexagon" rows growing to ``width`` cells in the middle row and shrinking."""
    reject_unknown("hex", unknown, ("outline",))
    check_side("hex", "width", width, MAX_HEX_SIDE)
    check_side("hex", "height", height, MAX_HEX_SIDE)
    outline = check_choice("hex outline", outline, HEX_OUTLINES)
    rows, cols = hex_positions(width, height, outline)
    n = len(rows)
    index = np.full((height, 2 * width + 2), -1, dtype=np.int64)
    index[rows, cols] = np.arange(n)
    steps = np.array(HEX_STEPS)
    drow = np.broadcast_to(steps[:, 0], (n, 6))
    dcol = np.broadcast_to(steps[:, 1], (n, 6))
    table = neighbour_table(index, rows, cols, drow, dcol)
    adj, back = pack_tables(table, np.array([3, 4, 5, 0, 1, 2]))
    kx, ky = hex_corner_keys(rows, cols)
    sides: list[Side] = []
    for cell, k in zip(*np.nonzero(table == n), strict=True):
        c, k2 = int(cell), (int(k) + 1) % 6
        sides.append((c, int(k), (int(kx[c, k]), int(ky[c, k])), (int(kx[c, k2]), int(ky[c, k2]))))
    params = {
        "outline": outline,
        "opposite": (3, 4, 5, 0, 1, 2),
        "side_names": HEX_SIDE_NAMES,
        "build": {"outline": outline},
    }
    return Grid("hex", width, height, n, 6, adj, back, trace_outline(sides), params)


def hex_centres(grid: Grid) -> np.ndarray:
    """(n, 2) cell centres in drawing units (cell width 1, y down, top-left at 0, 0)."""
    rows, cols = hex_positions(grid.width, grid.height, str(grid.params["outline"]))
    return np.stack([cols / 2 + 0.5, rows * ROW_PITCH + RADIUS], axis=1)


def hex_corners(grid: Grid) -> np.ndarray:
    """(n, 6, 2) corners of every cell in drawing units; side k runs from corner k to k + 1."""
    rows, cols = hex_positions(grid.width, grid.height, str(grid.params["outline"]))
    kx, ky = hex_corner_keys(rows, cols)
    return np.stack([kx / 2, ky * (RADIUS / 2)], axis=2)
