"""Euler tours of tree mazes in numpy: the order a walk round the tree meets its passages.

A directed passage u->v is followed by v's next open slot after the one back to u, which walks
once round any tree. The walk is found by a ruling set (``_walk_tour``), not a Python loop, so a
million-cell maze takes a few tens of milliseconds. Openings use the depths along the tour
(mazebook.core.openings); weaving uses each cell's parent and arrival (``tree_order``).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from ..lazy import numpy as np
from .grid import Grid

#: One passage in this many (in numbering order) starts a walk of the Euler tour, by the
#: passages of the tour: (fewer than this many passages, spacing). Each step of the walks is a
#: handful of numpy calls whatever their length, so small mazes (a book's puzzles) walk in more,
#: shorter walks; large ones in fewer walks that keep their arrays in cache. Only the speed
#: depends on it: every spacing gives the same tour.
_RULER_SPACING = ((4_000, 4), (100_000, 8))
_RULER_EVERY = 32


def ruler_every(passages: int) -> int:
    """The spacing of the walks' starting passages for a tour of ``passages`` passages."""
    return next((every for below, every in _RULER_SPACING if passages < below), _RULER_EVERY)


class _Tour(NamedTuple):
    """An Euler tour of a tree maze: its passages numbered 0 .. m - 1 in slot order."""

    mask: np.ndarray  # each cell's open slots (passages through the outline dropped)
    first: np.ndarray  # each cell's first passage number
    pos: np.ndarray  # each passage's position along the tour
    down: np.ndarray  # does the passage lead away from the tour's start (bool)


def _tour(grid: Grid, links: bytes) -> _Tour | None:
    """The Euler tour of a maze of two or more cells, or None unless it is a spanning tree.

    A directed passage u->v is followed by v's next open slot after the one back to u, which
    walks once round any tree. Passages are numbered 0 .. m - 1 in slot order (a cell's first
    passage is numbered by the open slots of the cells before it), so the tour's arrays are
    half the size of the slot space: random reads and writes into them are what the tour
    costs. Its order is found in numpy by a ruling set (``_walk_tour``). A passage leads away
    from the tour's start if it comes before its reverse.
    """
    n, degree = grid.size, grid.degree
    adj = np.frombuffer(grid.adj, dtype=np.intc)
    backs = np.frombuffer(grid.back, dtype=np.uint8)
    mask = np.frombuffer(bytes(links), dtype=np.uint8)[:n] & np.uint8((1 << degree) - 1)
    tables = _slot_tables(degree)
    edge = np.flatnonzero(np.take(tables.open, mask, axis=0).ravel())  # cell * degree + slot
    head = _gather(adj, edge)
    if len(edge) and int(head.max()) >= n:  # passage bits through the outline: drop them
        real = np.packbits(adj.reshape(n, degree) != n, axis=1, bitorder="little")[:, 0]
        mask = mask & real
        edge = np.flatnonzero(np.take(tables.open, mask, axis=0).ravel())
        head = adj[edge]
    m = len(edge)
    if m != 2 * (n - 1):
        return None
    counts = _gather(tables.open_count, mask)
    first = np.cumsum(counts, dtype=np.int32) - counts
    turn = _gather(mask, head).astype(np.int32) * degree + _gather(backs, edge)
    back_rank = _gather(tables.rank, turn)  # of the passage back, among head's passages
    if int(back_rank.min()) < 0:
        return None  # a passage open on one side only
    at_head = _gather(first, head)
    del head, edge
    pos = _walk_tour(at_head + _gather(tables.next_rank, turn), grid, mask, first)
    if pos is None:
        return None
    down = pos < _gather(pos, at_head + back_rank)  # before its reverse: away from the start
    return _Tour(mask, first, pos, down)


def euler_tour(grid: Grid, links: bytes, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Depths along an Euler tour of the maze, and for each of ``cells`` a position where the
    tour arrives there; None unless the maze is a tree spanning the grid.

    Depths are a running sum of +1 (a passage away from the start) and -1 in tour order.
    """
    n, degree = grid.size, grid.degree
    if n == 1:
        return np.zeros(1, dtype=np.int32), np.zeros(len(cells), dtype=np.int64)
    tour = _tour(grid, links)
    if tour is None:
        return None
    steps = np.empty(len(tour.pos), dtype=np.int8)
    steps[tour.pos] = tour.down.view(np.int8) * np.int8(2) - np.int8(1)
    depth_along = np.cumsum(steps, dtype=np.int32)
    out = cells * degree + _slot_tables(degree).first[tour.mask[cells]]  # a passage out of each
    adj = np.frombuffer(grid.adj, dtype=np.intc)
    backs = np.frombuffer(grid.back, dtype=np.uint8)
    into = _passage_numbers(grid, tour.mask, tour.first, adj[out], backs[out])  # the one back in
    return depth_along, tour.pos[into].astype(np.int64)


def tree_order(grid: Grid, links: bytes) -> tuple[np.ndarray, np.ndarray] | None:
    """The maze as a tree rooted at the tour's start, or None unless it is a spanning tree of
    two or more cells: per cell, the slot of its passage to its parent (-1 at the root), and
    the tour position where it is first reached (-1 at the root, so a parent's is below its
    children's and a cell's whole subtree is reached after it and before the cells after it).
    """
    if grid.size == 1:
        return None
    tour = _tour(grid, links)
    if tour is None:
        return None
    n, degree = grid.size, grid.degree
    edge = np.flatnonzero(np.take(_slot_tables(degree).open, tour.mask, axis=0).ravel())
    away = np.flatnonzero(tour.down)  # passage number p is edge[p], in slot order
    edge = edge[away]
    child = _gather(np.frombuffer(grid.adj, dtype=np.intc), edge)
    up = np.full(n, -1, dtype=np.int8)
    up[child] = _gather(np.frombuffer(grid.back, dtype=np.uint8), edge)
    arrive = np.full(n, -1, dtype=np.int32)
    arrive[child] = tour.pos[away]
    return up, arrive


def _walk_tour(
    succ: np.ndarray, grid: Grid, mask: np.ndarray, first: np.ndarray
) -> np.ndarray | None:
    """Position along the tour of each passage (by its number 0 .. m - 1), the tour starting at
    passage 0; None if ``succ`` (the number of the passage after each) is not one cycle.

    A ruling set: walks start together from every ``ruler_every(m)``-th passage and stop at the
    next such one; the rulers are then ranked by pointer jumping, and each walk's passages
    follow its ruler's position. ``first`` is each cell's first passage number.
    """
    m, degree = len(succ), grid.degree
    if m < _JUMP_BELOW:
        return _jump_tour(succ)
    rulers = np.arange(0, m, ruler_every(m), dtype=np.int32)
    k = len(rulers)
    # the passage before each ruler: back into its cell through the open slot before the
    # ruler's (a ruler's cell is the last whose first passage is at or before it)
    cell = np.searchsorted(first, rulers, side="right") - 1
    slot = _slot_tables(degree).slot_of[mask[cell].astype(np.int64) * degree + rulers - first[cell]]
    prev = cell * degree + _next_slots(degree, -1)[mask[cell], slot]
    adj = np.frombuffer(grid.adj, dtype=np.intc)
    before = _passage_numbers(
        grid, mask, first, adj[prev], np.frombuffer(grid.back, np.uint8)[prev]
    )
    # where each passage leads: the next passage, or (-1 - its index among rulers) at a ruler;
    # walks that have stopped wait at the extra entry ``m``, which leads to itself
    leads = np.empty(m + 1, dtype=np.int32)
    leads[:m] = succ
    leads[before] = -1 - np.arange(k, dtype=np.int32)
    leads[m] = m
    length = np.zeros(k, dtype=np.int64)
    following = np.zeros(k, dtype=np.int64)
    cur, ids = rulers, np.arange(k, dtype=np.int32)
    epochs: list[tuple[np.ndarray, list[np.ndarray]]] = [(ids, [])]
    waiting = 0
    steps = 0
    while len(cur):
        steps += 1
        if steps > m:
            return None
        cur = _gather(leads, cur)
        stopped = np.flatnonzero(cur < 0)
        if len(stopped):
            who = ids[stopped]
            length[who] = steps
            following[who] = -1 - cur[stopped]
            cur[stopped] = m
            waiting += len(stopped)
        epochs[-1][1].append(cur)
        if 2 * waiting > len(cur):  # drop the stopped walks
            keep = cur != m
            cur, ids = cur[keep], ids[keep]
            epochs.append((ids, []))
            waiting = 0
    # rank the rulers: distance from each to the end of the list, broken before ruler 0
    to_end = np.append(length, 0)
    nxt = np.append(following, k)
    nxt[nxt == 0] = k
    for _ in range(max(k, 2).bit_length()):
        to_end = to_end + to_end[nxt]
        nxt = nxt[nxt]
    if int(to_end[0]) != m or not bool((nxt[:k] == k).all()):
        return None
    start = (m - to_end[:k]).astype(np.int32)
    pos = np.empty(m + 1, dtype=np.int32)
    pos[rulers] = start
    s = 0
    for who, visited in epochs:
        base = start[who]
        for at in visited:
            s += 1
            pos[at] = base + s
    return pos[:m]


#: Tours of fewer passages than this are ranked by pointer jumping (``_jump_tour``): log2(m)
#: rounds of three array operations, where the ruling set's walks take a few numpy calls for
#: each step of the longest walk (a book's mazes: a quarter of the time).
_JUMP_BELOW = 16_384


def _jump_tour(succ: np.ndarray) -> np.ndarray | None:
    """``_walk_tour``'s answer by pointer jumping: the list is broken before passage 0 and each
    passage's distance to its end is doubled up round by round; None unless ``succ`` is one
    cycle through every passage (then passage 0's distance is m - 1)."""
    m = len(succ)
    before = np.flatnonzero(succ == 0)
    if len(before) != 1:
        return None
    end = int(before[0])
    nxt = succ.astype(np.intp)  # intp: indexing by it skips a conversion a round
    nxt[end] = end
    to_end = np.ones(m, dtype=np.int32)
    to_end[end] = 0
    for _ in range(max(m - 1, 1).bit_length()):
        to_end += to_end[nxt]
        nxt = nxt[nxt]
    if int(to_end[0]) != m - 1 or not bool((nxt == end).all()):
        return None
    pos: np.ndarray = (m - 1 - to_end).astype(np.int32)
    return pos


def _passage_numbers(
    grid: Grid, mask: np.ndarray, first: np.ndarray, cells: np.ndarray, slots: np.ndarray
) -> np.ndarray:
    """The numbers of the passages out of ``cells`` through ``slots`` (all open)."""
    rank = _slot_tables(grid.degree).rank[mask[cells].astype(np.int64) * grid.degree + slots]
    numbers: np.ndarray = first[cells] + rank
    return numbers


class _SlotTables(NamedTuple):
    """Lookup tables over (passage byte, slot), flattened as byte * degree + slot."""

    open: np.ndarray  # [byte, slot]: is the slot open (bool, 2-D)
    open_count: np.ndarray  # [byte]: how many slots are open
    first: np.ndarray  # [byte]: the first open slot (0 for none)
    rank: np.ndarray  # open slots below this one, or -1 if it is closed
    next_rank: np.ndarray  # rank of the next open slot after this one going round
    slot_of: np.ndarray  # [byte * degree + r]: the slot of rank r (0 past the last)


@functools.cache
def _slot_tables(degree: int) -> _SlotTables:
    """The slot tables for grids of this degree (built once)."""
    size = 1 << degree
    bytes_ = np.arange(size)
    open_ = (bytes_[:, None] >> np.arange(degree)) & 1 == 1
    below = np.cumsum(open_, axis=1) - open_
    rank = np.where(open_, below, -1)
    nxt = _next_slots(degree)
    next_rank = np.take_along_axis(below, nxt.astype(np.int64), axis=1)
    slot_of = np.zeros((size, degree), dtype=np.int64)
    for b in range(size):
        ones = np.flatnonzero(open_[b])
        slot_of[b, : len(ones)] = ones
    tables = _SlotTables(
        open_,
        open_.sum(axis=1).astype(np.uint8),
        np.where(open_.any(axis=1), open_.argmax(axis=1), 0),
        rank.astype(np.int32).ravel(),
        next_rank.astype(np.int32).ravel(),
        slot_of.ravel(),
    )
    for table in tables:
        table.setflags(write=False)
    return tables


def _gather(values: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``values[index]`` for indices known to be in range (take with clip skips the bounds
    check: about a quarter faster on the tour's large gathers)."""
    return np.take(values, index, mode="clip")


@functools.cache
def _next_slots(degree: int, turn: int = 1) -> np.ndarray:
    """Table [passage byte, slot]: the next open slot after ``slot`` going round (``turn`` = 1)
    or the one before it (``turn`` = -1); the slot itself if it is the only one open."""
    out = np.zeros((1 << degree, degree), dtype=np.int32)
    for m in range(1 << degree):
        for k in range(degree):
            for j in range(1, degree + 1):
                if m >> ((k + turn * j) % degree) & 1:
                    out[m, k] = (k + turn * j) % degree
                    break
    out.setflags(write=False)
    return out
