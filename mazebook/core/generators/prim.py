"""Prim's algorithm: grow one tree from a random cell, always adding a passage that leaves it.

Three variants, after Walter Pullen's Think Labyrinth table (dead-end shares measured here
over 60 mazes of 40x40, Pullen's figures in brackets):

* ``modified`` (default): a uniformly random frontier cell (outside the tree, next to it) is
  joined to a uniformly random tree neighbour. 35.4 % dead ends [36 %]: short branches
  radiating from the start; the "Prim's maze" of most maze generators, and the fastest here.
* ``simplified``: a uniformly random passage from the list of those leaving the tree (random
  frontier edge, "randomised Prim" on Wikipedia). 32.4 % [32 %].
* ``true``: every passage gets an independent random weight and the lightest one leaving the
  tree is added next (a binary heap): Prim's minimum-spanning-tree algorithm itself, hence
  the texture of Kruskal's. 30.5 % [30 %]. About three times slower (heap operations).
"""

from __future__ import annotations

import heapq
import random
from array import array

from ...lazy import numpy as np
from ..grid import Grid
from ._common import links_from_edges, numpy_rng, permutations, side_orders
from .spec import GeneratorSpec, Option

VARIANTS = ("modified", "simplified", "true")

#: Random weights drawn per refill of the pool (true Prim).
_CHUNK = 1 << 16


def carve(grid: Grid, rng: random.Random, variant: str = "modified") -> bytearray:
    """Dispatch to the chosen variant (see the module docstring)."""
    if variant == "true":
        return _true(grid, rng)
    if variant == "simplified":
        return _simplified(grid, rng)
    return _modified(grid, rng)


def _true(grid: Grid, rng: random.Random) -> bytearray:
    """Weighted Prim: a heap of ``weight << shift | half_edge`` ints, lightest first.

    An edge is pushed once, from the first of its cells to join the tree, so drawing its
    weight at that moment is the same as weighting every edge up front. Weights are 32 random
    bits; ties (about one in 4 billion pairs) fall to the lower half-edge number.
    """
    n, degree, adj = grid.size, grid.degree, grid.adj
    nrng = numpy_rng(rng)
    shift = max(1, (n * degree).bit_length())
    mask = (1 << shift) - 1
    visited = bytearray(n + 1)
    visited[n] = 1
    carved = array("i")
    record = carved.append
    heap: list[int] = []
    push, popmin = heapq.heappush, heapq.heappop
    weights: list[int] = []
    w = 0
    cell = int(rng.random() * n)
    visited[cell] = 1
    while True:
        base = cell * degree
        for e in range(base, base + degree):
            if not visited[adj[e]]:
                if w == len(weights):
                    weights = (nrng.integers(0, 1 << 32, _CHUNK, dtype=np.uint64) << shift).tolist()
                    w = 0
                push(heap, weights[w] | e)
                w += 1
        while heap:
            e = popmin(heap) & mask
            cell = adj[e]
            if not visited[cell]:
                visited[cell] = 1
                record(e)
                break
        else:
            break
    return links_from_edges(grid, carved)


def _simplified(grid: Grid, rng: random.Random) -> bytearray:
    """Random frontier edge: an unordered list of half-edges out of the tree, swap-removed.

    Edges whose far cell joined the tree since they were listed are dropped when drawn.
    """
    n, degree, adj, back = grid.size, grid.degree, grid.adj, grid.back
    others = tuple(tuple(k for k in range(degree) if k != b) for b in range(degree))
    rnd = rng.random
    visited = bytearray(n + 1)
    visited[n] = 1
    carved = array("i")
    record = carved.append
    frontier: list[int] = []
    add, drop = frontier.append, frontier.pop
    cell = int(rnd() * n)
    visited[cell] = 1
    base = cell * degree
    for e in range(base, base + degree):
        if not visited[adj[e]]:
            add(e)
    while frontier:
        i = int(rnd() * len(frontier))
        e = frontier[i]
        frontier[i] = frontier[-1]  # swap-remove (also right when i is the last index)
        drop()
        cell = adj[e]
        if not visited[cell]:
            visited[cell] = 1
            record(e)
            base = cell * degree
            for k in others[back[e]]:  # every side but the one just carved
                if not visited[adj[base + k]]:
                    add(base + k)
    return links_from_edges(grid, carved)


def _modified(grid: Grid, rng: random.Random) -> bytearray:
    """Random frontier cell, joined to a uniformly random tree neighbour.

    The joined cell's sides are scanned once in a random order: the first tree neighbour met is
    the one joined (uniform, the order being a uniform shuffle), and every outside neighbour met
    becomes frontier. The frontier is an unordered list (swap-remove), since only uniform draws
    are taken from it.
    """
    n, degree, adj = grid.size, grid.degree, grid.adj
    if grid.kind == "rect" and degree == 4 and n == grid.width * grid.height and grid.width > 1:
        return _modified_rect(grid, rng)
    perms = permutations(degree)
    order = side_orders(rng, degree, n)
    rnd = rng.random
    state = bytearray(n + 1)  # 0 outside, 1 frontier, 2 in the tree, 3 the sentinel
    state[n] = 3
    carved = array("i")
    record = carved.append
    frontier: list[int] = []
    add, drop = frontier.append, frontier.pop
    cell = int(rnd() * n)
    state[cell] = 2
    base = cell * degree
    for e in range(base, base + degree):
        j = adj[e]
        if not state[j]:
            state[j] = 1
            add(j)
    while frontier:
        i = int(rnd() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        drop()
        state[cell] = 2
        base = cell * degree
        sides = iter(perms[order[cell]])
        for k in sides:
            j = adj[base + k]
            s = state[j]
            if s == 2:
                record(base + k)
                break
            if not s:
                state[j] = 1
                add(j)
        for k in sides:
            j = adj[base + k]
            if not state[j]:
                state[j] = 1
                add(j)
    return links_from_edges(grid, carved)


def _modified_rect(grid: Grid, rng: random.Random) -> bytearray:
    """``_modified`` on the plain rectangle, drawing the same randoms and carving the same maze.

    Speed (about 10 %): a neighbour is the cell plus an offset, taken from a table of the
    shuffled orders of each cell's real sides, instead of a lookup in the neighbour table.
    """
    n, width = grid.size, grid.width
    order = side_orders(rng, 4, n)
    rnd = rng.random
    step = (-width, 1, width, -1)  # N E S W; distinct because width > 1
    slot_of = {off: k for k, off in enumerate(step)}
    real = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, 4) != n
    sides_of = (real * np.array([1, 2, 4, 8], dtype=np.uint8)).sum(axis=1, dtype=np.uint8)
    inside = sides_of.tobytes()
    table = [tuple(step[k] for k in p if m >> k & 1) for p in permutations(4) for m in range(16)]
    state = bytearray(n)  # 0 outside, 1 frontier, 2 in the tree
    carved = array("i")
    record = carved.append
    frontier: list[int] = []
    add, drop = frontier.append, frontier.pop
    cell = int(rnd() * n)
    state[cell] = 2
    for off in table[inside[cell]]:  # permutation 0 is slot order, as in _modified
        state[cell + off] = 1
        add(cell + off)
    while frontier:
        i = int(rnd() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        drop()
        state[cell] = 2
        sides = iter(table[order[cell] << 4 | inside[cell]])
        for off in sides:
            j = cell + off
            s = state[j]
            if s == 2:
                record(cell * 4 + slot_of[off])
                break
            if not s:
                state[j] = 1
                add(j)
        for off in sides:
            j = cell + off
            if not state[j]:
                state[j] = 1
                add(j)
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="prim",
    carve=carve,
    summary="Prim's algorithm from a random cell: many short dead ends (~30-36% by variant)",
    options=(
        Option(
            "variant",
            str,
            "modified",
            "modified: random frontier cell joined to a random tree neighbour (~36% dead ends); "
            "true: lightest random-weight edge out of the tree (~30%); "
            "simplified: random frontier edge (~32%)",
            choices=VARIANTS,
        ),
    ),
)
