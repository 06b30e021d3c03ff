"""Weave mazes: passages that cross over and under one another on the rectangle.

A crossing is a cell where two passages cross: the west-east one and the north-south one, one
of them a bridge over the other ("h": the west-east passage is on top, "v": the north-south
one). In the wall bits a crossing cell is open on all four sides; what keeps it from being a
crossroads is the crossing record. For solving, measuring and placing openings a crossing is
split into two nodes of a graph (the *split graph*): the cell's own number carries the
west-east passage, a new node ``size + i`` the north-south passage of crossing i. A weave maze
is perfect when its split graph is a spanning tree.

Generation is in mazebook.core.generators.weave; this module is the model's part: the split
graph and the checks of a maze's crossings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..lazy import numpy as np
from .grid import E, Grid, N, S, W

#: Which passage of a crossing is on top: "h" the west-east one, "v" the north-south one.
OVER = ("h", "v")

#: A crossing as stored on a Maze: (cell, "h" | "v"), sorted by cell.
Crossing = tuple[int, str]

#: The passage bits of a cell open north and south, and east and west.
NS_BITS = (1 << N) | (1 << S)
EW_BITS = (1 << E) | (1 << W)


def split_grid(
    grid: Grid, cells: Sequence[int] | np.ndarray, *, listed: tuple[int, ...] | None = None
) -> Grid:
    """The split graph's grid: ``grid`` with each crossing cell's north-south passage moved to a
    node of its own (``grid.size + i`` for ``cells[i]``). Same kind, width, height and
    boundary; ``size`` grows by the number of crossings. No two cells may be side by side.
    ``listed``: the same cells as a tuple of ints, where the caller has made one."""
    n = grid.size
    at = np.asarray(cells, dtype=np.int64)
    k = len(at)
    if k == 0:
        return grid
    m = n + k
    w = grid.width
    # Speed: the plain table copied whole and the crossings' nodes appended (the array grows
    # in place), then only the rows around crossings changed, in place in the array the grid
    # keeps: one pass over the table, no zero-filled array first and no second copy
    below, above = at - w, at + w
    nodes = np.empty((k, 4), dtype=np.intc)  # the north-south nodes' rows
    nodes[:, N] = below
    nodes[:, S] = above
    nodes[:, E] = m
    nodes[:, W] = m
    flat = grid.adj[:]
    flat.frombytes(nodes.data.cast("B"))
    out = np.frombuffer(flat, dtype=np.intc)
    # the sentinel moves to the new size: on the plain rectangle it is on the outline's sides
    if grid.kind == "rect" and n == w * grid.height:
        out[_outline_slots(w, grid.height)] = m
    else:  # any other table: wherever it holds the sentinel
        out[: n * 4][out[: n * 4] == n] = m
    numbers = np.arange(n, m, dtype=np.intc)
    out[below * 4 + S] = numbers  # the cells above and below now lead to the north-south node
    out[above * 4 + N] = numbers
    at4 = at * 4
    out[at4 + N] = m
    out[at4 + S] = m
    backs = np.empty(m * 4, dtype=np.uint8)
    backs[: n * 4] = np.frombuffer(grid.back, dtype=np.uint8)
    backs[at4 + N] = 255
    backs[at4 + S] = 255
    backs[n * 4 :].reshape(k, 4)[:] = (S, 255, N, 255)
    back = backs.tobytes()
    del out  # the view: the array is the grid's now
    listed = tuple(at.tolist()) if listed is None else listed
    params: dict[str, Any] = {**grid.params, "crossing_cells": listed}
    return Grid(grid.kind, grid.width, grid.height, m, 4, flat, back, grid.boundary, params)


def _outline_slots(width: int, height: int) -> np.ndarray:
    """The slots (cell * 4 + side) of a plain ``width`` x ``height`` rectangle that lead out of
    it: where its neighbour table holds the sentinel."""
    xs = np.arange(width, dtype=np.int64)
    ys = np.arange(height, dtype=np.int64) * width
    return np.concatenate(
        [xs * 4 + N, (ys + width - 1) * 4 + E, ((height - 1) * width + xs) * 4 + S, ys * 4 + W]
    )


def split_links(links: bytes, cells: Sequence[int] | np.ndarray) -> bytes:
    """Passage bytes of the split graph: a crossing cell keeps its west-east bits, its new node
    gets the north-south ones."""
    at = np.asarray(cells, dtype=np.int64)
    if len(at) == 0:
        return bytes(links)
    base = np.frombuffer(bytes(links), dtype=np.uint8)
    out = np.concatenate([base, base[at] & np.uint8(NS_BITS)])
    out[at] &= np.uint8(EW_BITS)
    return out.tobytes()


def join_links(node_links: bytes, n: int, cells: Sequence[int] | np.ndarray) -> bytes:
    """Cell passage bytes from the split graph's: each crossing's two nodes back in one cell."""
    at = np.asarray(cells, dtype=np.int64)
    out = np.frombuffer(bytes(node_links), dtype=np.uint8)[:n].copy()
    if len(at):
        out[at] |= np.frombuffer(bytes(node_links), dtype=np.uint8)[n : n + len(at)]
    return out.tobytes()


def node_cells(n: int, cells: Sequence[int] | np.ndarray) -> np.ndarray:
    """Per node of the split graph, the cell it lies in."""
    return np.concatenate([np.arange(n, dtype=np.int64), np.asarray(cells, dtype=np.int64)])


def check_crossings(
    grid: Grid, links: bytes, crossings: Sequence[Crossing]
) -> tuple[Crossing, ...]:
    """Crossings sorted by cell, checked against the grid and passages (ValueError with a
    one-line reason otherwise): rectangle only, inner cells open on all four sides, no two side
    by side or on the same cell, the over-passage "h" or "v"."""
    if not crossings:
        return ()
    if grid.kind != "rect" or grid.size != grid.width * grid.height:
        raise ValueError(f"crossings are for rectangular mazes, not {grid.kind!r}")
    w, h = grid.width, grid.height
    seen: set[int] = set()
    for cell, over in crossings:
        x, y = cell % w, cell // w
        if over not in OVER:
            raise ValueError(f"crossing [{x}, {y}] has {over!r} on top; use 'h' or 'v'")
        if not (0 < x < w - 1 and 0 < y < h - 1):
            raise ValueError(f"crossing [{x}, {y}] is not an inner cell")
        if links[cell] & 15 != 15:
            raise ValueError(f"crossing [{x}, {y}] is not open on all four sides")
        if cell in seen:
            raise ValueError(f"crossing [{x}, {y}] is given twice")
        for other in (cell - 1, cell + 1, cell - w, cell + w):
            if other in seen:
                ox, oy = other % w, other // w
                raise ValueError(f"crossings [{ox}, {oy}] and [{x}, {y}] are side by side")
        seen.add(cell)
    return tuple(sorted((int(c), str(o)) for c, o in crossings))
