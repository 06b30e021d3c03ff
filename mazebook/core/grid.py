"""Cells and neighbours: a fixed-degree adjacency table, so graph generators run on any shape.

A grid numbers its cells 0..size-1. Each cell has ``degree`` slots; ``adj[cell * degree + k]``
is the neighbour through slot k, or ``size`` (the sentinel, "no neighbour") where there is none.
A maze over a grid is one byte per cell whose bit k means "passage through slot k". For the
rectangle the slots are N, E, S, W, so that passage bits are exactly the complement of the
wall bits N=1 E=2 S=4 W=8.
"""

from __future__ import annotations

import functools
import itertools
import struct
from array import array
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import field
from typing import Any, NamedTuple

from ..errors import InvalidSizeError
from ..lazy import numpy as np
from ..records import record

#: The largest rectangle side accepted (cells); 2000 x 2000 = 4 million cells.
MAX_SIDE = 2000

#: The largest seed (a seed is a whole number from 0 to 2**63 - 1).
MAX_SEED = 2**63 - 1

#: Slots of the rectangle, in bit order: N=1, E=2, S=4, W=8.
N, E, S, W = 0, 1, 2, 3
SIDE_NAMES = ("N", "E", "S", "W")


class Opening(NamedTuple):
    """A cell and the outer side cut open there (None where the goal is inside, e.g. a centre)."""

    cell: int
    side: int | None


@record(eq=False)
class Grid:
    """A shape's cells and neighbour table (see the module docstring for the encoding)."""

    kind: str
    width: int
    height: int
    size: int
    degree: int
    adj: array[int]  # typecode 'i', size * degree entries
    back: bytes  # slot in the neighbour that points back here (255 where no neighbour)
    boundary: tuple[tuple[int, int], ...]  # (cell, slot) sides on the outer edge, in order
    params: Mapping[str, Any] = field(default_factory=dict)

    def neighbors(self, cell: int) -> list[int]:
        """Neighbours of a cell in slot order (no sentinels)."""
        base = cell * self.degree
        n = self.size
        return [j for j in self.adj[base : base + self.degree] if j != n]

    def slot_to(self, cell: int, other: int) -> int:
        """The slot of ``cell`` that leads to ``other``; ValueError if they are not neighbours."""
        base = cell * self.degree
        for k in range(self.degree):
            if self.adj[base + k] == other:
                return k
        raise ValueError(f"cells {cell} and {other} are not neighbours")

    def xy(self, cell: int) -> tuple[int, int]:
        """Column and row of a rectangle cell."""
        return cell % self.width, cell // self.width

    def cell_at(self, x: int, y: int) -> int:
        """Index of the rectangle cell at column x, row y."""
        return y * self.width + x


#: The slot across a rectangle's cell from each of its slots N, E, S, W.
RECT_OPPOSITE = (S, W, N, E)


def plain_rect(grid: Grid) -> bool:
    """Whether ``grid`` is a rectangle's own: slots N, E, S, W and a cell at every place (a
    weave's split graph adds crossing nodes past width x height), so a cell's neighbours lie
    -width, +1, +width and -1 from it."""
    return grid.kind == "rect" and grid.degree == 4 and grid.size == grid.width * grid.height


def opposite_slots(grid: Grid) -> Sequence[int] | None:
    """The slot across the cell from each slot (a path going straight on leaves by it): the
    grid's own ``opposite``, a rectangle's RECT_OPPOSITE; None where the grid has none."""
    opposite: Sequence[int] | None = grid.params.get("opposite")
    if opposite is None and grid.kind == "rect":
        return RECT_OPPOSITE
    return opposite


def check_size(width: object, height: object, *, max_side: int = MAX_SIDE) -> tuple[int, int]:
    """Validate a maze size, returning it as two ints; raise InvalidSizeError otherwise."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidSizeError(f"{name} must be a whole number of cells, got {value!r}")
        if not 1 <= value <= max_side:
            raise InvalidSizeError(f"{name} must be between 1 and {max_side} cells, got {value}")
    return int(width), int(height)  # type: ignore[call-overload]


#: Rectangles of at most this many cells are made once and shared (a grid is never changed):
#: a book makes hundreds of candidate mazes at a few dozen sizes, and what is worked out per
#: grid (the openings' windows) is then worked out once.
SHARED_UP_TO = 40_000


def rect_grid(width: int, height: int) -> Grid:
    """The plain rectangle of width x height cells, row 0 at the top."""
    quick = type(width) is int and type(height) is int  # check_size's test, without its loop
    if quick and 0 < width <= MAX_SIDE >= height > 0 and width * height <= SHARED_UP_TO:
        return _shared_rect(width, height)
    width, height = check_size(width, height)
    if width * height <= SHARED_UP_TO:
        return _shared_rect(width, height)
    return _rect(width, height)


@functools.lru_cache(maxsize=256)
def _shared_rect(width: int, height: int) -> Grid:
    return _rect(width, height)


def _rect(width: int, height: int) -> Grid:
    n = width * height
    if n <= LIST_UP_TO:
        adj, back = _rect_tables(width, height)
        return Grid("rect", width, height, n, 4, adj, back, _rect_boundary(width, height))
    # int32 throughout, filled column by column: the temporary peak stays near the table's size
    idx = np.arange(n, dtype=np.int32)
    x = idx % width
    table = np.empty((n, 4), dtype=np.int32)
    table[:, N] = idx - width
    table[:width, N] = n
    table[:, E] = np.where(x < width - 1, idx + 1, n)
    table[:, S] = idx + width
    table[n - width :, S] = n
    table[:, W] = np.where(x > 0, idx - 1, n)
    del idx, x
    adj = array("i")
    adj.frombytes(table.tobytes())
    back_row = np.array([S, W, N, E], dtype=np.uint8)
    back = np.where(table == n, np.uint8(255), back_row[None, :]).tobytes()
    del table
    return Grid("rect", width, height, n, 4, adj, back, _rect_boundary(width, height))


def _rect_boundary(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """The outer sides of a rectangle, clockwise from its top left corner."""
    return tuple(
        [(x_ + 0, N) for x_ in range(width)]
        + [((y_ * width) + width - 1, E) for y_ in range(height)]
        + [((height - 1) * width + x_, S) for x_ in reversed(range(width))]
        + [(y_ * width, W) for y_ in reversed(range(height))]
    )


def _rect_tables(width: int, height: int) -> tuple[array[int], bytes]:
    """``_rect``'s neighbour and back-slot tables of a small rectangle made in plain Python
    (a slot's whole column at a time, by slices), the same entries as its numpy path."""
    n = width * height
    table = [0] * (4 * n)
    table[N::4] = [n] * width + list(range(n - width))
    east = list(range(1, n + 1))
    east[width - 1 :: width] = [n] * height
    table[E::4] = east
    table[S::4] = list(range(width, n)) + [n] * width
    west = list(range(-1, n - 1))
    west[::width] = [n] * height
    table[W::4] = west
    back = bytearray(bytes((S, W, N, E)) * n)
    none = b"\xff"
    back[N : 4 * width : 4] = none * width
    back[4 * (width - 1) + E :: 4 * width] = none * height
    back[4 * (n - width) + S :: 4] = none * width
    back[W :: 4 * width] = none * height
    return int_array(table), bytes(back)


#: Grids of more cells than this read their typed array in ``neighbour_list`` and keep
#: ``bfs``'s distances in arrays: a list of ints takes about ten times the memory (a list of a
#: 200 x 200 maze's neighbours, 6 MB), and a large maze is made once. A book's mazes have
#: at most a few thousand cells.
LIST_UP_TO = 4096
#: The grids whose neighbour lists are kept: the last four. A candidate's carving, searches,
#: effort and strategies all read the one grid, and a book's search goes back and forth
#: between a few sizes as it corrects them (one kept: a list made again for every other
#: candidate); a list takes about 160 kB for a 30 x 41 maze.
LISTS_KEPT = 4


def neighbour_list(grid: Grid) -> Sequence[int]:
    """``grid.adj`` as a list (the loops of the carvers, searches and solver models read a
    list faster than the typed array) for a grid of at most LIST_UP_TO cells, kept for the
    last LISTS_KEPT grids; else the array itself: the same entries either way."""
    if grid.size > LIST_UP_TO:
        return grid.adj
    return _neighbour_list(grid)


@functools.lru_cache(maxsize=LISTS_KEPT)
def _neighbour_list(grid: Grid) -> list[int]:
    return grid.adj.tolist()


#: Passage byte -> number of passages (set bits).
_POPCOUNT = bytes(bin(b).count("1") for b in range(256))


def passage_bytes(links: Sequence[int]) -> bytes:
    """Passages per cell (the set bits of each passage byte), a byte a cell: what a Python
    loop reads (a cell of a path with no more than its ways in and on has no branch)."""
    return bytes(links).translate(_POPCOUNT)


def passage_counts(links: bytes | bytearray) -> np.ndarray:
    """Passages per cell (the set bits of each passage byte), as a uint8 array."""
    return np.frombuffer(passage_bytes(links), dtype=np.uint8)


def _slot_table(degree: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(k for k in range(degree) if m >> k & 1) for m in range(1 << degree))


_SLOTS_BY_DEGREE: dict[int, tuple[tuple[int, ...], ...]] = {}


def slots_of(degree: int) -> tuple[tuple[int, ...], ...]:
    """Table from a passage byte to the slots whose bits are set (cached per degree)."""
    table = _SLOTS_BY_DEGREE.get(degree)
    if table is None:
        table = _SLOTS_BY_DEGREE[degree] = _slot_table(degree)
    return table


@functools.lru_cache(maxsize=64)
def _rect_offsets(width: int) -> tuple[tuple[int, ...], ...]:
    """Per passage byte of a plain rectangle ``width`` cells wide, the offsets to the cells its
    passages lead to (N, E, S, W: -width, +1, +width, -1)."""
    step = (-width, 1, width, -1)
    return tuple(tuple(step[k] for k in range(4) if m >> k & 1) for m in range(16))


@functools.lru_cache(maxsize=64)
def _rect_inside(width: int, height: int) -> bytes:
    """Per cell of a plain rectangle, the bits of its slots that lead to a cell (and those past
    slot 3, to fail as they always did): passage bits through the outer wall are masked off."""
    if width * height <= LIST_UP_TO:  # a row at a time: the top, the middle ones, the bottom

        def row(top: bool, bottom: bool) -> bytes:
            sides = 0xF0 | (0 if top else 1) | (0 if bottom else 4)
            return bytes(sides | (x < width - 1) * 2 | (x > 0) * 8 for x in range(width))

        if height == 1:
            return row(True, True)
        return row(True, False) + row(False, False) * (height - 2) + row(False, True)
    x = np.tile(np.arange(width), height)
    y = np.repeat(np.arange(height), width)
    inside = (y > 0) * 1 + (x < width - 1) * 2 + (y < height - 1) * 4 + (x > 0) * 8
    mask: bytes = (inside.astype(np.uint8) | np.uint8(0xF0)).tobytes()
    return mask


def bfs(grid: Grid, links: Sequence[int], source: int) -> tuple[array[int], array[int], list[int]]:
    """Breadth-first search along passages from ``source``.

    Returns (distance, parent, order): distance and parent per cell (-1 where unreached) and the
    cells in the order reached. Iterative, so it has no recursion limit. The search is
    ``walk``'s; a cell's distance is its parent's plus one, read down the order.
    """
    parent, order = walk(grid, links, source)
    n = grid.size
    small = n <= LIST_UP_TO  # lists (read and written faster), as arrays once done
    dist: MutableSequence[int] = [-1] * (n + 1) if small else array("i", [-1]) * (n + 1)
    dist[source] = 0
    for j in itertools.islice(order, 1, None):
        dist[j] = dist[parent[j]] + 1
    if small:
        return int_array(dist), int_array(parent), order
    assert isinstance(dist, array) and isinstance(parent, array)  # made as arrays above
    return dist, parent, order


def int_array(values: Sequence[int]) -> array[int]:
    """``array("i", values)`` for a list of ints, packed by struct (twice as fast)."""
    out = array("i")
    out.frombytes(struct.pack(f"{len(values)}i", *values))
    return out


def walk(grid: Grid, links: Sequence[int], source: int) -> tuple[Sequence[int], list[int]]:
    """A breadth-first search along passages from ``source`` without the distances (``bfs``
    adds them): each cell's parent (-1 at ``source`` and where unreached) and the cells in the
    order reached. On a plain rectangle a neighbour is the cell plus an offset, saving the
    table lookup (``_rect_passages``: about 20 %)."""
    n = grid.size
    parent: MutableSequence[int] = [-1] * n if n <= LIST_UP_TO else array("i", [-1]) * n
    seen = bytearray(n + 1)
    seen[n] = 1  # the sentinel, never queued
    seen[source] = 1
    order = [source]
    append = order.append
    rect = _rect_passages(grid, links)
    if rect is not None:
        offsets, passages = rect
        for i in order:
            for off in offsets[passages[i]]:
                j = i + off
                if not seen[j]:
                    seen[j] = 1
                    parent[j] = i
                    append(j)
    else:
        degree, adj = grid.degree, neighbour_list(grid)
        slots = slots_of(degree)
        for i in order:
            base = i * degree
            for k in slots[links[i]]:
                j = adj[base + k]
                if not seen[j]:
                    seen[j] = 1
                    parent[j] = i
                    append(j)
    return parent, order


def _rect_passages(
    grid: Grid, links: Sequence[int]
) -> tuple[tuple[tuple[int, ...], ...], bytes] | None:
    """On a plain rectangle, the offsets to the cells each passage byte leads to and the
    passage bytes with the bits through the outer wall (never set in a maze) masked off, so
    an offset never leaves the grid or wraps to another row; None on other grids."""
    if grid.kind != "rect" or grid.degree != 4 or grid.size != grid.width * grid.height:
        return None
    n = grid.size
    if n <= LIST_UP_TO:  # the bytes as two whole numbers, ANDed
        inside_int = int.from_bytes(_rect_inside(grid.width, grid.height), "little")
        masked = int.from_bytes(bytes(links), "little") & inside_int
        return _rect_offsets(grid.width), masked.to_bytes(n, "little")
    inside = np.frombuffer(_rect_inside(grid.width, grid.height), dtype=np.uint8)
    passages = (np.frombuffer(bytes(links), dtype=np.uint8) & inside).tobytes()
    return _rect_offsets(grid.width), passages
