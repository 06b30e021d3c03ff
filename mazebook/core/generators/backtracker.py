"""Recursive backtracker: a randomised depth-first search, made iterative with an explicit stack.

From the current cell, carve to a random unvisited neighbour and go on from there; when none is
left, step back. Long winding corridors and few dead ends (Pullen: 10 %; 10.2 % measured at
40x40).
Each cell's sides are shuffled once on entry and tried in that order, which picks uniformly among
the still-unvisited neighbours each time, exactly as the textbook version does.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator

from ..grid import Grid
from ._common import links_from_edges, perms_without, permutations, side_orders
from .spec import GeneratorSpec

#: Above this degree the table of permutations minus the entry side grows too big to keep.
_MAX_TABLE_DEGREE = 6


def carve(grid: Grid, rng: random.Random) -> bytearray:
    """Depth-first carving; the stack holds (cell * degree, iterator over its shuffled sides)."""
    n, degree, adj, back = grid.size, grid.degree, grid.adj, grid.back
    perms = permutations(degree)
    count = len(perms)
    # Speed: one shuffled side order per cell, drawn in bulk; the side a cell was entered
    # through is left out of its order (it leads back into the maze), and only the carved
    # half-edges are recorded, the passage bits being set in bulk at the end.
    order = side_orders(rng, degree, n)
    if degree <= _MAX_TABLE_DEGREE:
        table = perms_without(degree)
        stride = count
    else:  # keep the entry side in the order; trying it again costs one test
        table = perms * degree
        stride = 0
    visited = bytearray(n + 1)
    visited[n] = 1  # the sentinel "no neighbour" counts as visited
    start = int(rng.random() * n)
    visited[start] = 1
    carved = array("i")
    record = carved.append
    base = start * degree
    sides: Iterator[int] = iter(perms[order[start]])
    stack: list[tuple[int, Iterator[int]]] = []
    push, pop = stack.append, stack.pop
    while True:
        for k in sides:
            e = base + k
            j = adj[e]
            if not visited[j]:
                visited[j] = 1
                record(e)
                push((base, sides))
                base = j * degree
                sides = iter(table[back[e] * stride + order[j]])
                break
        else:
            if not stack:
                break
            base, sides = pop()
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="backtracker",
    carve=carve,
    summary="depth-first search with backtracking: long winding corridors, ~10% dead ends",
)
