"""How a generator grew its maze: where it started and the passages in the order carved.

A generator that adds one new cell at a time (the growing tree) knows each cell's parent as it
carves. Kept, that order gives the tree's shape without a walk round it: here, each cell's
path to the start as the bits of one integer (``ancestor_bits``), from which the path length
between two cells is the count of bits the two paths do not share. The openings read it
(mazebook.core.openings) instead of an Euler tour, for small mazes; a maze made without such
a record gets the same integers from a search along its passages (``walked_bits``).

The openings keep the last record they read (``keep_grown``), so the effort model, which
reads the same maze next, hangs its tree from the exit off the record (``hung_from``)
instead of searching along the passages again.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import filterfalse
from typing import NamedTuple

from .grid import Grid, neighbour_list, slots_of


class Grown(NamedTuple):
    """A spanning tree as it grew: from ``start``, each half-edge ``cell * degree + slot`` of
    ``edges`` joined a new cell (the one through the slot) to the cells before it."""

    start: int
    edges: Sequence[int]


#: ``_POWERS[i]`` is ``1 << i``, made once (a shift makes a new integer each time). Never
#: changed, only replaced by a longer one: threads reading it see a whole, correct table.
_POWERS: tuple[int, ...] = ()


def _powers(count: int) -> tuple[int, ...]:
    """At least ``count`` powers of two (doubling the table when it is too short)."""
    global _POWERS
    found = _POWERS
    if len(found) < count:
        found = _POWERS = tuple(1 << i for i in range(max(count, 2 * len(found))))
    return found


def ancestor_bits(grid: Grid, grown: Grown) -> list[int] | None:
    """Per cell, its path to the start as bits: bit ``t`` for the ``t``-th cell to join (the
    start is the 0th); None unless ``grown`` spans the grid, each edge joining a new cell to
    one grown before it (``ancestor_paths``, without the parents)."""
    found = ancestor_paths(grid, grown)
    return None if found is None else found[0]


def ancestor_paths(grid: Grid, grown: Grown) -> tuple[list[int], list[int]] | None:
    """``ancestor_bits`` and, per cell, the cell it grew from (-1 at the start), read in the
    same pass (the effort model's tree hangs off them: ``keep_grown``, ``hung_from``).

    Two cells' path length is the count of bits of the two integers' exclusive or. A cell's
    integer is no longer than its own bit (its path holds only cells that joined before it):
    on average half the size of the grid, which makes it and each exclusive or read off it
    cheaper. Costs about ``size`` squared over 60 machine-word steps (small mazes only).
    """
    n, degree, edges = grid.size, grid.degree, grown.edges
    if len(edges) != n - 1 or not 0 <= grown.start < n:
        return None
    adj = neighbour_list(grid)
    powers = _powers(n)
    # -1 for a cell not grown, and -1 | bit is -1: a cell joined to one not yet grown (or to
    # none) keeps it. One more for the outside (a slot through the outline) and n more read,
    # never written, by a half-edge before the table (-n degree <= e < 0: e // degree is -n
    # .. -1); one further before or past the table is an IndexError
    bits = [-1] * (2 * n + 1)
    bits[grown.start] = 1
    parent = [-1] * (n + 1)
    try:
        for e, bit in zip(edges, powers[1:n], strict=True):
            cell = adj[e]
            above = parent[cell] = e // degree
            bits[cell] = bits[above] | bit
    except IndexError:
        return None
    del bits[n:], parent[n:]
    # each edge joins a new cell (not through an outer side) to one already grown, or (a
    # plugin's grow may get it wrong) some cell is never joined or joined to a cell not yet
    # grown or outside the table (-1): n - 1 edges join the n - 1 other cells once each.
    # Nothing is below 0 but -1 (-1 | bit is -1), and a search for -1 stops at the first,
    # comparing no magnitudes (a min compares each integer's length to the least so far)
    if -1 in bits:
        return None
    return bits, parent


def walked_bits(grid: Grid, links: Sequence[int]) -> list[int] | None:
    """``ancestor_bits`` for a maze made without a record of how it grew: each cell's path to
    cell 0 as bits, read off a breadth-first search along the passages; None unless the maze
    is a tree spanning the grid, by the Euler tour's rule (mazebook.core.tour): passages
    through the outline and bits past the grid's degree ignored, every passage open from
    both its cells, 2 (size - 1) of them, all cells reached.

    Plain Python for small mazes (a book's, a first maze): a path length between two cells
    is the count of bits of the exclusive or of their integers, as with ``ancestor_bits``.
    """
    n, degree = grid.size, grid.degree
    adj, back = neighbour_list(grid), grid.back
    slots, full = slots_of(degree), (1 << degree) - 1
    powers = _powers(n)
    bits = [0] * n
    bits[0] = powers[n - 1]
    order = [0]
    append = order.append
    passages = 0
    for i in order:
        base, own = i * degree, bits[i]
        for k in slots[links[i] & full]:
            e = base + k
            j = adj[e]
            if j == n:
                continue  # through the outline: not a passage between cells
            if not links[j] >> back[e] & 1:
                return None  # open from one side only
            passages += 1
            if not bits[j]:
                bits[j] = own | powers[n - 1 - len(order)]
                append(j)
    if len(order) != n or passages != 2 * (n - 1):
        return None
    return bits


#: The last record the openings read, the maze (grid and passage bytes, the very objects,
#: held so they stay themselves) it grew and each cell's parent as it grew: a candidate's
#: effort, read next, hangs its tree off it (``grown_of``). One alone: only the maze just
#: made is asked for again.
_KEPT: tuple[Grid, bytes, Grown, list[int]] | None = None


def keep_grown(grid: Grid, links: bytes, grown: Grown, parent: list[int]) -> None:
    """Remember that the maze ``links`` on ``grid`` grew as ``grown`` (a record
    ``ancestor_paths`` took: a spanning tree, each edge joining a new cell), each cell from
    ``parent`` (as ``ancestor_paths`` read it), in place of the record kept before."""
    global _KEPT
    _KEPT = (grid, links, grown, parent)


def grown_of(grid: Grid, links: bytes) -> tuple[Grown, list[int]] | None:
    """The record kept by ``keep_grown`` for these very objects (``is``, not ``==``: the
    same maze, not a copy whose record was never checked) and its parents, else None."""
    kept = _KEPT
    if kept is not None and kept[0] is grid and kept[1] is links:
        return kept[2], kept[3]
    return None


def hung_from(grid: Grid, grown: Grown, grew: list[int], root: int) -> tuple[list[int], list[int]]:
    """The tree that grew (a record ``keep_grown`` took, each cell from ``grew``, as
    ``ancestor_paths`` read it; not changed) hung from ``root``: each cell's parent toward
    ``root`` (-1 there) and every cell once, each after its parent, ``root`` first: the
    parents a breadth-first search from ``root`` along the passages gives
    (mazebook.core.grid.walk; in a tree they are the only ones), without the search. Each
    cell's parent as it grew, turned round along the path from ``root`` to the start; the
    order: that path, then the cells in the order they grew."""
    adj = neighbour_list(grid)
    parent = list(grew)
    path = [root]  # from root up to the start, then turned round
    cell = parent[root]
    while cell >= 0:
        path.append(cell)
        cell = parent[cell]
    above = -1
    for cell in path:
        parent[cell] = above
        above = cell
    joined = map(adj.__getitem__, grown.edges)
    if len(path) == 1:
        return parent, [root, *joined]
    return parent, path + list(filterfalse(set(path).__contains__, joined))
