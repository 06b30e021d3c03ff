"""Aldous-Broder: a random walk over the whole grid; each cell keeps the passage it was entered by.

The first-entrance edges of a simple random walk, run until every cell is visited, form a
spanning tree drawn uniformly from all spanning trees of the grid (Aldous 1990, Broder 1989),
so about 29 % dead ends on rectangles. It is slow by nature (the cover time, about 10^8 steps at
1000x1000), hence the vectorised walk of ``_walk`` on rectangles.
"""

from __future__ import annotations

import random
from array import array

import numpy as np

from ..grid import Grid
from . import GeneratorSpec
from ._common import links_from_edges, numpy_rng
from ._walk import chunk_for, rect_steps, use_rect_walk

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
    """Pure-Python walk on any grid; a sentinel slot drawn is simply drawn again."""
    n, degree, adj = grid.size, grid.degree, grid.adj
    visited = bytearray(n)
    visited[cell] = 1
    left = n - 1
    carved = array("i")
    record = carved.append
    base = cell * degree
    while left:
        for k in nrng.integers(0, degree, _DRAW, dtype=np.uint8).tobytes():
            e = base + k
            j = adj[e]
            if j == n:
                continue
            if not visited[j]:
                visited[j] = 1
                record(e)
                left -= 1
                if not left:
                    break
            base = j * degree
    return links_from_edges(grid, carved)


def _rect(grid: Grid, nrng: np.random.Generator, cell: int) -> bytearray:
    """Chunks of walk steps at once; per chunk, numpy finds the first entrance of new cells.

    The cell before a first entrance differs from it, so the side drawn at that step is the
    passage carved. Steps beyond the one that completes the tour are drawn but change nothing.
    """
    width, height, n = grid.width, grid.height, grid.size
    visited = np.zeros(n, dtype=bool)
    visited[cell] = True
    left = n - 1
    chunk = chunk_for(width, height)
    found: list[np.ndarray] = []
    while left:
        cells, sides = rect_steps(nrng, cell % width, cell // width, width, height, chunk)
        fresh = np.flatnonzero(~visited[cells])
        if fresh.size:
            new, first = np.unique(cells[fresh], return_index=True)
            at = fresh[first]
            before = np.where(at > 0, cells[at - 1], cell)
            found.append(before.astype(np.int64) * 4 + sides[at])
            visited[new] = True
            left -= new.size
        cell = int(cells[-1])
    carved = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="aldous-broder",
    carve=carve,
    summary="random walk, first-entrance passages: uniform spanning tree, ~29% dead ends (slow)",
)
