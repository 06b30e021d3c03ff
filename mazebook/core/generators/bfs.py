"""Randomised breadth-first search: the tree grows one layer (distance from the start) at a time.

Precisely: from a random start cell, layer d+1 is every unvisited neighbour of layer d. Layer d
is put in a uniformly random order and each new cell is joined to the first of its layer-d
neighbours in that order, exactly what a breadth-first queue does when each layer is shuffled
before it is expanded. So every cell hangs off a uniformly random one of its neighbours one
step closer to the start, and every path from the start is a shortest path of the grid.
On rectangles the maze is a diamond of spokes around the start with many dead ends: 33.4 %
measured at 40x40, as expected: off the axes through the start a cell v has two neighbours one
step further out, and each of those has one other candidate parent (a, b); v is a dead end
exactly when it comes after both a and b in its shuffled layer, a chance of 1/3. Easy to solve
from the start (every branch leads outwards); more a curiosity than a puzzle.
"""

from __future__ import annotations

import random

from ...lazy import numpy as np
from ..grid import Grid
from ._common import adj_array, links_from_edges, numpy_rng
from .spec import GeneratorSpec


def carve(grid: Grid, rng: random.Random) -> bytearray:
    """Layer by layer in numpy: per layer, shuffle it and take first claims (np.unique)."""
    n, degree = grid.size, grid.degree
    nrng = numpy_rng(rng)
    adj = adj_array(grid).reshape(n, degree)
    visited = np.zeros(n + 1, dtype=bool)
    visited[n] = True  # the sentinel
    start = int(rng.random() * n)
    visited[start] = True
    layer = np.array([start], dtype=np.int64)
    found: list[np.ndarray] = []
    while layer.size:
        layer = nrng.permutation(layer)
        targets = adj[layer].ravel()  # layer-major, so in the shuffled order of the layer
        claims = np.flatnonzero(~visited[targets])
        new, first = np.unique(targets[claims], return_index=True)  # the first claim wins
        won = claims[first]
        found.append(layer[won // degree] * degree + won % degree)
        visited[new] = True
        layer = new.astype(np.int64)
    carved = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="bfs",
    carve=carve,
    summary="randomised breadth-first search: shortest-path spokes from the start, many dead ends",
)
