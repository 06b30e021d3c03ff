"""Wilson's algorithm: loop-erased random walks from cells outside the tree until they hit it.

Start with one random cell in the tree; from every cell not yet in it (taken in index order),
walk at random until the tree is hit and add the walk with its loops erased. The result is
drawn uniformly from all spanning trees (Wilson 1996), whatever the order of the starting
cells: about 29 % dead ends on rectangles. Loops are erased the usual way: each cell remembers
the side it was last left by, and the path is read back along those sides.
"""

from __future__ import annotations

import random
from array import array

from ...lazy import numpy as np
from ..grid import Grid
from ._common import adj_array, links_from_edges, numpy_rng
from ._walk import MAX_CHUNK, chunk_for, rect_steps, use_rect_walk
from .spec import GeneratorSpec

#: Random sides drawn per refill of the pure-Python walk.
_DRAW = 1 << 14

#: Random sides per batch on rectangles: a walk that uses up a whole batch in pure Python (so
#: between PY_STEPS and 2 * PY_STEPS draws) goes on in numpy chunks.
PY_STEPS = 2048


def carve(grid: Grid, rng: random.Random) -> bytearray:
    """Wilson's algorithm; long walks on rectangles continue vectorised (see ``_walk``)."""
    n, degree = grid.size, grid.degree
    nrng = numpy_rng(rng)
    vector = use_rect_walk(grid.kind, grid.width, grid.height, n, degree)
    width, height = grid.width, grid.height
    # Speed: the walk runs on slot-table offsets ("bases", cell * degree) rather than cell
    # numbers, so a step is a single lookup in a table of neighbour bases. The per-cell flags
    # live at the base offsets; the filler bytes between them read as "in the tree" so that
    # ``find(0)`` only ever stops at a base.
    to_base = array("i")
    to_base.frombytes(np.multiply(adj_array(grid), degree, dtype=np.intc).tobytes())
    sentinel = n * degree
    in_tree = bytearray(b"\0" + b"\1" * (degree - 1)) * n + b"\1"  # also 1 at the sentinel
    exit_side = bytearray(sentinel)  # at each walked base: the side it was last left by
    tree_np = np.frombuffer(in_tree, dtype=np.uint8)[:sentinel:degree]
    exit_np = np.frombuffer(exit_side, dtype=np.uint8)[::degree]
    latest = np.full(n if vector else 0, -1, dtype=np.int32)  # scratch for _walk_rect
    root = int(rng.random() * n)
    in_tree[root * degree] = 1
    sides = iter(b"")
    # Random sides come in batches; a walk on a rectangle that uses up a whole batch goes on
    # in numpy. Counting batches rather than steps keeps the per-step loop minimal.
    batch = PY_STEPS if vector else _DRAW
    start = in_tree.find(0)
    while start >= 0:
        base = start
        batches = 0
        while True:  # walk from start until the tree is hit
            for k in sides:
                j = to_base[base + k]
                if in_tree[j]:  # the tree, or the sentinel: no neighbour, draw again
                    if j == sentinel:
                        continue
                    exit_side[base] = k
                    break
                exit_side[base] = k
                base = j
            else:
                sides = iter(nrng.integers(0, degree, batch, dtype=np.uint8).tobytes())
                batches += 1
                if batches < 2 or not vector:
                    continue
                _walk_rect(nrng, base // degree, width, height, tree_np, exit_np, latest)
            break
        base = start  # add the loop-erased path to the tree
        while not in_tree[base]:
            in_tree[base] = 1
            base = to_base[base + exit_side[base]]
        start = in_tree.find(0, start + degree)
    # each cell but the root joined the tree through the side it was last left by
    carved = np.arange(n, dtype=np.int64) * degree + exit_np
    carved = carved[np.arange(n) != root]
    return links_from_edges(grid, carved)


def _walk_rect(
    nrng: np.random.Generator,
    cell: int,
    width: int,
    height: int,
    in_tree: np.ndarray,
    exit_side: np.ndarray,
    latest: np.ndarray,
) -> None:
    """Go on walking from ``cell`` in numpy chunks until the tree is hit (``latest``: scratch).

    Per chunk: cut at the first cell in the tree, drop the idle steps (against the outer
    wall), then store for each cell left in the chunk the side of its last departure (the
    latest step number per cell by ``np.maximum.at``; plain fancy assignment does not promise
    which of several writes to one place wins).
    """
    limit = chunk_for(width, height) if min(width, height) < 64 else MAX_CHUNK
    chunk = min(4096, limit)
    while True:
        cells, sides = rect_steps(nrng, cell % width, cell // width, width, height, chunk)
        hit = in_tree[cells]
        end = int(hit.argmax())
        if hit[end]:
            cells, sides = cells[: end + 1], sides[: end + 1]
        before = np.empty_like(cells)
        before[0] = cell
        before[1:] = cells[:-1]
        moved = np.flatnonzero(cells != before).astype(np.int32)
        left = before[moved]
        latest[left] = -1
        np.maximum.at(latest, left, moved)
        last = latest[left] == moved
        exit_side[left[last]] = sides[moved[last]]
        if hit[end]:
            return
        cell = int(cells[-1])
        chunk = min(2 * chunk, limit)


SPEC = GeneratorSpec(
    name="wilson",
    carve=carve,
    summary="loop-erased random walks: uniform spanning tree, ~29% dead ends",
)
