"""Aldous-Broder: a random walk over the whole grid; each cell keeps the passage it was entered by.

The first-entrance edges of a simple random walk, run until every cell is visited, form a
spanning tree drawn uniformly from all spanning trees of the grid (Aldous 1990, Broder 1989),
so about 29 % dead ends on rectangles. It is slow by nature (the cover time, about 10^8 steps at
1000x1000), hence the vectorised walk of ``_walk`` on rectangles.
"""

from __future__ import annotations

import random
from array import array

from ...lazy import numpy as np
from ..grid import Grid
from ._common import adj_array, links_from_edges, numpy_rng
from ._walk import chunk_for, rect_steps, use_rect_walk
from .spec import GeneratorSpec

#: Random sides drawn per refill in the pure-Python walk.
_DRAW = 1 << 16


def carve(grid: Grid, rng: random.Random) -> bytearray:
    """Walk from a random cell until all cells are visited; see the module docstring."""
    nrng = numpy_rng(rng)
    start = int(rng.random() * grid.size)
    if use_rect_walk(grid.kind, grid.width, grid.height, grid.size, grid.degree):
        return _rect(grid, nrng, start)
    return _generic(grid, nrng, start)


def _generic(grid: Grid, nrng: np.random.Generator, cell: int) -> bytearray:
    """Pure-Python walk on any grid; a sentinel slot drawn is simply drawn again.

    Speed: the walk runs on slot-table offsets ("bases", cell * degree), so a step is one
    lookup in a table of neighbour bases; visited flags sit at the bases, and the sentinel's
    flag is set so that it needs a test only on the rare steps into a visited place.
    """
    n, degree = grid.size, grid.degree
    to_base = array("i")
    to_base.frombytes(np.multiply(adj_array(grid), degree, dtype=np.intc).tobytes())
    sentinel = n * degree
    visited = bytearray(sentinel + 1)
    visited[sentinel] = 1
    base = cell * degree
    visited[base] = 1
    left = n - 1
    carved = array("i")
    record = carved.append
    while left:
        for k in nrng.integers(0, degree, _DRAW, dtype=np.uint8).tobytes():
            j = to_base[base + k]
            if not visited[j]:
                visited[j] = 1
                record(base + k)
                left -= 1
                if not left:
                    break
                base = j
            elif j != sentinel:
                base = j
    return links_from_edges(grid, carved)


def _rect(grid: Grid, nrng: np.random.Generator, cell: int) -> bytearray:
    """Chunks of walk steps at once; per chunk, numpy finds the first entrance of new cells.

    The first step number per new cell comes from ``np.minimum.at`` (a cell is new in one
    chunk only, so the scratch table needs no reset). The cell before a first entrance differs
    from it, so the side drawn at that step is the passage carved. Steps beyond the one that
    completes the tour are drawn but change nothing.
    """
    width, height, n = grid.width, grid.height, grid.size
    fresh = np.ones(n, dtype=bool)  # not visited yet
    fresh[cell] = False
    left = n - 1
    chunk = chunk_for(width, height)
    first = np.full(n, chunk, dtype=np.intp)  # scratch: first step number in the chunk
    found: list[np.ndarray] = []
    while left:
        cells, sides = rect_steps(nrng, cell % width, cell // width, width, height, chunk)
        steps = np.flatnonzero(fresh[cells])
        if steps.size:
            new = cells[steps]
            np.minimum.at(first, new, steps)
            at = steps[first[new] == steps]  # the first entrance of each new cell
            before = np.where(at > 0, cells[at - 1], cell)
            found.append(before.astype(np.int64) * 4 + sides[at])
            fresh[cells[at]] = False
            left -= at.size
        cell = int(cells[-1])
    carved = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="aldous-broder",
    carve=carve,
    summary="random walk, first-entrance passages: uniform spanning tree, ~29% dead ends (slow)",
)
