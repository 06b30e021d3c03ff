"""Growing tree: keep a list of active cells; grow from one of them, drop it once it is boxed in.

Which active cell grows next is the knob (Jamis Buck's formulation): the newest gives the
backtracker (long corridors, ~10 % dead ends), a random one gives Prim-like mazes (short
branches, ~36 %), the oldest gives long straight spokes from the start, and a mix blends them.
The grown cell carves to a uniformly random unvisited neighbour, which joins the list.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator

from ..grid import Grid
from . import GeneratorSpec, Option
from ._common import links_from_edges, numpy_rng, perm_indices, permutations, perms_without

_MAX_TABLE_DEGREE = 6

MODES = ("mix", "newest", "random", "oldest")


def carve(grid: Grid, rng: random.Random, mode: str = "mix", p_newest: float = 0.5) -> bytearray:
    """Growing tree with the given selection ``mode`` (``p_newest`` applies to "mix").

    The active list keeps insertion order. Removed cells are only marked and skipped later
    (newest: trailing dead entries are popped; oldest: a head index moves past them; random:
    dead draws are redrawn, the list being compacted when half of it is dead), so every
    removal is amortised O(1) and the order-based choices stay exact. Each cell's sides are
    shuffled once when it joins and tried in that order over its turns, which picks uniformly
    among its still-unvisited neighbours every time (as in the backtracker).
    """
    n, degree, adj, back = grid.size, grid.degree, grid.adj, grid.back
    perms = permutations(degree)
    count = len(perms)
    order = perm_indices(numpy_rng(rng), degree, n)
    if degree <= _MAX_TABLE_DEGREE:
        table, stride = perms_without(degree), count  # orders without the side entered by
    else:
        table, stride = perms * degree, 0
    rnd = rng.random
    if mode == "newest":
        p_newest = 1.0
    elif mode == "random":
        p_newest = 0.0
    oldest = mode == "oldest"
    always_newest = p_newest >= 1.0
    never_newest = p_newest <= 0.0
    visited = bytearray(n + 1)
    visited[n] = 1
    sides: list[Iterator[int] | None] = [None] * n  # per active cell: its remaining sides
    carved = array("i")
    record = carved.append
    cell = int(rnd() * n)
    visited[cell] = 1
    sides[cell] = iter(perms[order[cell]])
    active = [cell]
    push = active.append
    head = 0  # entries before head are all dead
    alive = 1
    while alive:
        if oldest:
            while sides[active[head]] is None:
                head += 1
            cell = active[head]
            if head > 4096 and 2 * head > len(active):
                del active[:head]  # drop the dead prefix now and then (amortised O(1))
                head = 0
        elif always_newest or (not never_newest and rnd() < p_newest):
            cell = active[-1]
            while sides[cell] is None:
                active.pop()
                cell = active[-1]
        else:
            span = len(active) - head
            if 2 * alive < span:  # compact so that a draw hits a live entry half the time
                active = [c for c in active[head:] if sides[c] is not None]
                push = active.append
                head, span = 0, alive
            cell = active[head + int(rnd() * span)]
            while sides[cell] is None:
                cell = active[head + int(rnd() * span)]
        base = cell * degree
        for k in sides[cell]:  # type: ignore[union-attr]
            e = base + k
            j = adj[e]
            if not visited[j]:
                visited[j] = 1
                record(e)
                sides[j] = iter(table[back[e] * stride + order[j]])
                push(j)
                alive += 1
                break
        else:
            sides[cell] = None
            alive -= 1
    return links_from_edges(grid, carved)


SPEC = GeneratorSpec(
    name="growing-tree",
    carve=carve,
    summary="growing tree: newest/random/oldest/mixed choice of the cell to grow from",
    options=(
        Option(
            "mode",
            str,
            "mix",
            "which active cell grows next: newest (backtracker-like, ~10% dead ends), random "
            "(Prim-like, ~36%), oldest (long spokes), mix (newest with probability p_newest, "
            "else random)",
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
