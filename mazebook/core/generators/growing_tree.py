"""Growing tree: keep a list of active cells; grow from one of them, drop it once it is boxed in.

Which active cell grows next is the knob (Jamis Buck's formulation). Dead-end shares measured
at 40x40: "newest" is the recursive backtracker's order (long corridors, about 10 %); "random"
gives short Prim-like branches (about 28 %); "oldest" gives long straight spokes from the start
(about 6 %); "mix" takes the newest with probability ``p_newest``, else a random one (about
22 % at 0.5, 12 % at 0.9). The grown cell carves to a uniformly random unvisited neighbour,
which joins the list.

The default is "newest" because it is the one mode that carves over a million cells a second
in pure Python here (at 1000x1000: oldest about 0.8-1 M cells/s, random about 0.6 M, mix
about 0.3 M at 0.5: they grow from cells all over a large grid, so nearly every step misses
the CPU caches). The default mazes are thus backtracker-like (not the same ones: the start is
drawn first here).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator, MutableSequence, Sequence

from ..grid import LIST_UP_TO, Grid, neighbour_list
from ..grown import Grown
from ._common import links_from_edges, perms_without, permutations, side_orders
from ._mix_rect import fits, grow_mix
from .spec import GeneratorSpec, Option

_MAX_TABLE_DEGREE = 6

MODES = ("newest", "mix", "random", "oldest")


def carve(grid: Grid, rng: random.Random, mode: str = "newest", p_newest: float = 0.5) -> bytearray:
    """Growing tree with the given selection ``mode`` (``p_newest`` applies to "mix")."""
    return grow(grid, rng, mode, p_newest)[0]


def grow(
    grid: Grid, rng: random.Random, mode: str = "newest", p_newest: float = 0.5
) -> tuple[bytearray, Grown]:
    """``carve``'s maze and how it grew (Grown: the start and the carved half-edges in order,
    each joining a new cell), which the openings read (mazebook.core.openings).

    ``sides[cell]`` iterates over an active cell's untried sides, shuffled once when it joins:
    taking the next unvisited one each turn picks uniformly among its unvisited neighbours
    (as in the backtracker); it is None once the cell is boxed in. A grid of at most
    LIST_UP_TO cells keeps what is written as it grows (visited, carved) in lists, and in
    "mix" mode reads its tables from lists too (faster than bytes and arrays); a larger one
    keeps compact arrays.
    """
    if mode == "mix" and p_newest >= 1.0:
        mode = "newest"
    elif mode == "mix" and p_newest <= 0.0:
        mode = "random"
    if mode == "mix" and fits(grid):
        return grow_mix(grid, rng, p_newest)  # a book's maze: the same, in fewer steps
    n, degree = grid.size, grid.degree
    back: Sequence[int] = grid.back
    adj = neighbour_list(grid)
    start = int(rng.random() * n)  # drawn first: not the backtracker's maze for the same seed
    perms = permutations(degree)
    order: Sequence[int] = side_orders(rng, degree, n)
    if degree <= _MAX_TABLE_DEGREE:
        table, stride = perms_without(degree), len(perms)  # without the side entered by
    else:
        table, stride = perms * degree, 0
    small = n <= LIST_UP_TO
    visited: MutableSequence[int] = [0] * n + [1] if small else bytearray(n + 1)
    visited[n] = 1
    sides: list[Iterator[int] | None] = [None] * n
    carved: MutableSequence[int] = [] if small else array("i")
    visited[start] = 1
    sides[start] = iter(perms[order[start]])
    if mode == "newest":  # the default: the same loop inlined, for speed
        active = [start]
        push, pop = active.append, active.pop
        record = carved.append
        while active:
            cell = active[-1]
            base = cell * degree
            for k in sides[cell]:  # type: ignore[union-attr]
                e = base + k
                j = adj[e]
                if not visited[j]:
                    visited[j] = 1
                    record(e)
                    sides[j] = iter(table[back[e] * stride + order[j]])
                    push(j)
                    break
            else:
                sides[cell] = None
                pop()
    elif mode == "mix":
        # newest with probability p_newest, else a uniformly random active cell; the active
        # cells are kept twice: a stack in insertion order for "newest" (boxed-in cells are
        # left in it and popped once they reach the top) and an unordered pool (its first
        # ``count`` entries) with each cell's position, for uniform draws and O(1)
        # swap-removal
        if small:
            back, order = list(back), list(order)
        rnd = rng.random
        stack = [start]
        pool = [start] * n
        where = [0] * n  # position of each active cell in pool (a list: faster than an array)
        record = carved.append
        stack_push, stack_pop = stack.append, stack.pop
        count = 1
        while count:
            if rnd() < p_newest:
                cell = stack[-1]
                untried = sides[cell]
                while untried is None:
                    stack_pop()
                    cell = stack[-1]
                    untried = sides[cell]
            else:
                cell = pool[int(rnd() * count)]
                untried = sides[cell]
            base = cell * degree
            for k in untried:  # type: ignore[union-attr]
                e = base + k
                j = adj[e]
                if not visited[j]:
                    visited[j] = 1
                    record(e)
                    sides[j] = iter(table[back[e] * stride + order[j]])
                    where[j] = count
                    pool[count] = j
                    count += 1
                    stack_push(j)
                    break
            else:
                sides[cell] = None
                count -= 1
                last = pool[count]
                if last != cell:
                    i = where[cell]
                    pool[i] = last
                    where[last] = i
    else:
        grow_from = _grower(adj, degree, back, table, stride, order, visited, sides, carved)
        _single(start, grow_from, rng, mode)
    return links_from_edges(grid, carved), Grown(start, carved)


def _grower(
    adj: Sequence[int],
    degree: int,
    back: Sequence[int],
    table: Sequence[tuple[int, ...]],
    stride: int,
    order: Sequence[int],
    visited: MutableSequence[int],
    sides: list[Iterator[int] | None],
    carved: MutableSequence[int],
) -> Callable[[int], int]:
    """The step of the one-rule modes (``_single``): its tables held by a closure made here,
    so that ``grow``'s own loops keep theirs in fast locals (not closure cells).
    """

    def grow_from(cell: int) -> int:
        """Carve from ``cell`` to its next unvisited neighbour and return it; -1 if none."""
        base = cell * degree
        for k in sides[cell]:  # type: ignore[union-attr]
            e = base + k
            j = adj[e]
            if not visited[j]:
                visited[j] = 1
                carved.append(e)
                sides[j] = iter(table[back[e] * stride + order[j]])
                result: int = j
                return result
        sides[cell] = None
        return -1

    return grow_from


def _single(start: int, grow_from: Callable[[int], int], rng: random.Random, mode: str) -> None:
    """One rule throughout: a queue (oldest) or an unordered pool (random)."""
    active = [start]
    push, pop = active.append, active.pop
    if mode == "oldest":
        head = 0
        while head < len(active):
            j = grow_from(active[head])
            if j < 0:
                head += 1
                if head > 4096 and 2 * head > len(active):  # drop the spent prefix
                    del active[:head]
                    head = 0
            else:
                push(j)
    else:
        rnd = rng.random
        while active:
            i = int(rnd() * len(active))
            j = grow_from(active[i])
            if j < 0:
                active[i] = active[-1]  # order is irrelevant: swap-remove
                pop()
            else:
                push(j)


SPEC = GeneratorSpec(
    name="growing-tree",
    carve=carve,
    grow=grow,
    summary="growing tree: newest/random/oldest/mixed choice of the cell to grow from",
    options=(
        Option(
            "mode",
            str,
            "newest",
            "which active cell grows next: newest (backtracker-like, ~10% dead ends), random "
            "(Prim-like, ~28%), oldest (long straight spokes, ~6%), mix (newest with "
            "probability p_newest, else random: ~22% at 0.5)",
            choices=MODES,
        ),
        Option(
            "p_newest",
            float,
            0.5,
            "for mode mix: chance of growing from the newest active cell rather than a random one",
            minimum=0.0,
            maximum=1.0,
        ),
    ),
)
