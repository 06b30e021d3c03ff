"""The growing tree's "mix" mode on a small plain rectangle, the maze of every book page: the
same draws and the same carved half-edges, in that order, as growing_tree.grow's general loop,
with fewer steps a cell (a book's search carves some 1,250 of them).

What it does differently: a cell's untried sides come from tables shared by all mazes (each
cell's row of neighbours, and per shuffled order the sides left once a cell is entered through
a slot), so joining a cell makes one iterator over a shared tuple; the newest active cell and
its iterator are kept at hand (the stack is read only once the newest is boxed in); and the
cyclic garbage collector waits while the loop makes its iterators (they hold no cycles).
"""

from __future__ import annotations

import functools
import gc
import random
from typing import Any

from ..grid import LIST_UP_TO, RECT_OPPOSITE, Grid, neighbour_list, plain_rect
from ..grown import Grown
from ._common import perms_without, permutations, rect_links
from ._pcg import bounded_bytes

_PERMS = permutations(4)
#: ``_ENTERED[k][p]``: the sides a cell with shuffled order p tries once it is entered through
#: its neighbour's slot k (its own slot RECT_OPPOSITE[k] left out: it leads back into the maze).
_ENTERED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    perms_without(4)[RECT_OPPOSITE[k] * len(_PERMS) : (RECT_OPPOSITE[k] + 1) * len(_PERMS)]
    for k in range(4)
)
#: The rectangles whose rows of neighbours are kept: a book's search makes several candidates
#: of a size, now and then of another size between them (a row list of a 30 x 42 maze takes
#: about 100 kB).
ROWS_KEPT = 4


def fits(grid: Grid) -> bool:
    """Whether ``grow_mix`` carves ``grid``: a plain rectangle of at most LIST_UP_TO cells."""
    return grid.size <= LIST_UP_TO and plain_rect(grid)


@functools.lru_cache(maxsize=ROWS_KEPT)
def _rows(grid: Grid) -> list[tuple[int, ...]]:
    """Per cell, its neighbours through slots N, E, S, W (``size`` where there is none): the
    neighbour list's entries (mazebook.core.grid.neighbour_list, which the openings and the
    effort read next), in rows of four."""
    return list(zip(*[iter(neighbour_list(grid))] * 4, strict=True))


def grow_mix(grid: Grid, rng: random.Random, p_newest: float) -> tuple[bytearray, Grown]:
    """growing_tree.grow(grid, rng, "mix", p_newest) for a grid that ``fits``, 0 < p_newest < 1."""
    n = grid.size
    rows = _rows(grid)
    start = int(rng.random() * n)  # drawn first, as grow draws it
    # side_orders' plain draw (n <= LIST_UP_TO <= SMALL_DRAW); a list reads faster than bytes
    order = list(bounded_bytes(rng.getrandbits(128), len(_PERMS), n))
    entered = _ENTERED
    # per cell: False unvisited, its iterator of untried sides while active, True once boxed
    # in (a boxed-in cell popped off the stack at once keeps its spent iterator: also true)
    sides: list[Any] = [False] * n + [True]
    carved: list[int] = []
    record = carved.append
    top = start  # the newest active cell (the stack's top) and its untried sides
    top_sides: Any = iter(_PERMS[order[start]])
    sides[start] = top_sides
    stack = [start]
    push, pop = stack.append, stack.pop
    pool = [start] * n  # the active cells, unordered: the first ``count``
    where = [0] * n  # each active cell's place in pool
    count = 1
    rnd = rng.random
    paused = gc.isenabled()
    gc.disable()
    try:
        while True:
            if rnd() < p_newest:
                row = rows[top]
                for k in top_sides:
                    j = row[k]
                    if not sides[j]:
                        record(top * 4 + k)
                        top_sides = sides[j] = iter(entered[k][order[j]])
                        where[j] = count
                        pool[count] = j
                        count += 1
                        push(j)
                        top = j
                        break
                else:  # the newest is boxed in: off the pool and the stack
                    count -= 1
                    if not count:
                        break
                    last = pool[count]
                    i = where[top]
                    pool[i] = last
                    where[last] = i
                    pop()
                    top = stack[-1]
                    top_sides = sides[top]
                    while top_sides is True:
                        pop()
                        top = stack[-1]
                        top_sides = sides[top]
            else:
                i = int(rnd() * count)
                cell = pool[i]
                row = rows[cell]
                for k in sides[cell]:
                    j = row[k]
                    if not sides[j]:
                        record(cell * 4 + k)
                        top_sides = sides[j] = iter(entered[k][order[j]])
                        where[j] = count
                        pool[count] = j
                        count += 1
                        push(j)
                        top = j
                        break
                else:
                    count -= 1
                    if not count:
                        break
                    last = pool[count]
                    pool[i] = last
                    where[last] = i
                    if cell == top:
                        pop()
                        top = stack[-1]
                        top_sides = sides[top]
                        while top_sides is True:
                            pop()
                            top = stack[-1]
                            top_sides = sides[top]
                    else:
                        sides[cell] = True  # left in the stack until it reaches the top
    finally:
        if paused:
            gc.enable()
    return rect_links(grid, carved), Grown(start, carved)
