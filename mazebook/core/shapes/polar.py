"""The circular (theta) grid: a centre cell and rings of cells around it.

Ring k (1..rings) spans radii k..k+1 around a centre disk of radius 1. The first ring holds
``inner`` cells; each further ring keeps the cell count of the ring inside it, or doubles it
when its cells would otherwise be more than sqrt(2) times wider than deep, so cells stay close
to square. Cell 0 is the centre, then ring 1 from the top clockwise, then ring 2, and so on.

Slots of a ring cell: 0 inward, 1 clockwise, 2 anticlockwise, 3 and 4 outward (4 only where
the next ring doubles). The centre's slot i leads to cell i of ring 1. The boundary is the
outer side (slot 3) of the outermost ring's cells.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...lazy import numpy as np
from ..grid import MAX_SIDE, Grid, Opening, bfs
from .lattice import check_int, check_side, pack_tables, reject_unknown

#: The largest number of rings (about 285,000 cells).
MAX_RINGS = 300

#: Cells of the first ring: allowed range and default.
MIN_INNER, MAX_INNER, DEFAULT_INNER = 3, 8, 6

#: A ring doubles its cells when they would be wider than this many times their depth.
SPLIT_ASPECT = math.sqrt(2)

INWARD, CLOCKWISE, ANTICLOCKWISE, OUT0, OUT1 = 0, 1, 2, 3, 4


def ring_counts(rings: int, inner: int) -> list[int]:
    """Cells per ring, the centre (ring 0, one cell) first."""
    counts = [1, inner]
    for k in range(2, rings + 1):
        width = 2 * math.pi * (k + 0.5) / counts[-1]
        counts.append(counts[-1] * (2 if width > SPLIT_ASPECT else 1))
    return counts[: rings + 1]


def ring_offsets(counts: list[int]) -> list[int]:
    """First cell number of each ring (and the total number of cells at the end)."""
    offsets = [0]
    for c in counts:
        offsets.append(offsets[-1] + c)
    return offsets


def polar_grid(width: int, height: int, *, inner: int = DEFAULT_INNER, **unknown: Any) -> Grid:
    """``height`` rings around a centre cell; ``width`` is not used (any valid size will do):
    the cells per ring follow from the ring count so that they stay close to square."""
    reject_unknown("circle", unknown, ("inner",))
    check_side("circle", "width", width, MAX_SIDE)
    rings = check_side("circle", "height (rings)", height, MAX_RINGS)
    what = "circle option 'inner' (cells of the first ring)"
    inner = check_int(what, inner, MIN_INNER, MAX_INNER)
    counts = ring_counts(rings, inner)
    offsets = ring_offsets(counts)
    n = offsets[-1]
    degree = max(5, inner)
    table = np.full((n, degree), n, dtype=np.int64)
    backs = np.full((n, degree), 255, dtype=np.int64)
    table[0, :inner] = 1 + np.arange(inner)
    backs[0, :inner] = INWARD
    for k in range(1, rings + 1):
        c, first = counts[k], offsets[k]
        i = np.arange(c)
        cells = first + i
        if k == 1:
            table[cells, INWARD] = 0
            backs[cells, INWARD] = i
        else:
            ratio = c // counts[k - 1]
            table[cells, INWARD] = offsets[k - 1] + i // ratio
            backs[cells, INWARD] = OUT0 + i % ratio
        table[cells, CLOCKWISE] = first + (i + 1) % c
        backs[cells, CLOCKWISE] = ANTICLOCKWISE
        table[cells, ANTICLOCKWISE] = first + (i - 1) % c
        backs[cells, ANTICLOCKWISE] = CLOCKWISE
        if k < rings:
            ratio = counts[k + 1] // c
            for j in range(ratio):
                table[cells, OUT0 + j] = offsets[k + 1] + i * ratio + j
                backs[cells, OUT0 + j] = INWARD
    adj, back = pack_tables(table, backs)
    boundary = tuple((offsets[rings] + i, OUT0) for i in range(counts[rings]))
    opposite = (OUT0, ANTICLOCKWISE, CLOCKWISE, INWARD, INWARD) + (-1,) * (degree - 5)
    params = {
        "rings": rings,
        "inner": inner,
        "ring_counts": tuple(counts),
        "opposite": opposite,
        "default_openings": centre_openings,
        "build": {"inner": inner},
    }
    return Grid("circle", width, height, n, degree, adj, back, boundary, params)


def centre_openings(grid: Grid, links: bytes, rng: random.Random) -> tuple[Opening, Opening]:
    """The default openings of a circle: the goal is the centre, the entrance the outer cell
    farthest from it along the passages (the first such cell clockwise from the top)."""
    del rng  # the choice is fully determined by the maze
    dist, _, _ = bfs(grid, links, 0)
    cell, side = max(grid.boundary, key=lambda b: (dist[b[0]], -b[0]))
    return Opening(cell, side), Opening(0, None)


def cell_angles(grid: Grid) -> np.ndarray:
    """Per cell: the angle (radians, y down, from the top clockwise) of its middle."""
    _, index, count = cell_rings(grid)
    result: np.ndarray = np.radians(-90.0 + 360.0 * (index + 0.5) / count)
    return result


def polar_centres(grid: Grid, turn: float = 0.0) -> np.ndarray:
    """(n, 2) cell centres in drawing units: the circle of ``rings + 1`` around its centre,
    each ring cell at the middle of its band, the centre cell at the middle (the circle
    turned clockwise by ``turn`` radians, as a drawing may be: polar_turn)."""
    ring = cell_rings(grid)[0]
    c = float(len(grid.params["ring_counts"]))
    mid = cell_angles(grid) + turn
    radius = np.where(ring == 0, 0.0, ring + 0.5)
    return np.stack([c + radius * np.cos(mid), c + radius * np.sin(mid)], axis=1)


def polar_turn(angles: np.ndarray, openings: tuple[tuple[int, int | None], ...]) -> float:
    """The angle (radians, clockwise) a circle's drawing is turned by so that the first of
    ``openings`` (cell, side) on the rim is at the top: START's arrow points straight down,
    its word above it in the room a page keeps above every maze. 0.0 when none is on it.
    ``angles``: the cells' (cell_angles)."""
    for cell, side in openings:
        if side == OUT0:
            return float(-math.pi / 2 - angles[cell])
    return 0.0


def cell_rings(grid: Grid) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per cell: ring number, index within the ring, and that ring's cell count."""
    counts = list(grid.params["ring_counts"])
    ring = np.repeat(np.arange(len(counts)), counts)
    offsets = np.array(ring_offsets(counts)[:-1])
    index = np.arange(grid.size) - offsets[ring]
    return ring, index, np.array(counts)[ring]
