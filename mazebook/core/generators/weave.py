"""Weave generation: crossings placed, then carved first (Kruskal) or woven into a maze.

Candidate crossings are proposed never side by side (see mazebook.core.weave for the split
graph). Kruskal carves the split graph with the crossings' passages before any other (the
classic weave method: place crossings, then join); a proposed crossing whose passages would
close a loop among themselves is joined back into one cell. Every other generator carves the
plain rectangle, its own maze exactly as without weave, and crossings are woven into it where
it runs straight through a cell (``weave_into``): a passage under the run, and one passage
beside it cut so that the maze stays a tree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ...errors import InvalidOptionError
from ...lazy import numpy as np
from ..grid import E, Grid, N, S, W, passage_counts
from ..tour import tree_order
from ..weave import (
    EW_BITS,
    NS_BITS,
    OVER,
    Crossing,
    join_links,
    split_grid,
    split_links,
)
from ._common import gc_paused
from .spec import GeneratorSpec

#: Share of the inner cells that are crossings at weave=1.0 (in expectation): each cell
#: proposed and the highest random priority among proposed neighbours, 1 in 5.
MAX_DENSITY = 0.2


def check_weave(value: object) -> float:
    """A weave share is a number from 0.0 to 1.0; raise InvalidOptionError otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidOptionError(f"weave must be a number from 0.0 to 1.0, got {value!r}")
    share = float(value)
    if not 0.0 <= share <= 1.0:  # also refuses NaN
        raise InvalidOptionError(f"weave must be a number from 0.0 to 1.0, got {value!r}")
    return share


def propose(
    grid: Grid, weave: float, nrng: np.random.Generator, allowed: np.ndarray | None = None
) -> np.ndarray:
    """Inner cells proposed as crossings (sorted), never two side by side; only ``allowed``
    cells (a bool per cell) if given.

    Each inner cell is proposed with chance p and gets a random priority; a proposal is kept
    where its priority beats every proposed neighbour's, which keeps (1 - (1 - p) ** 5) / 5 of
    the cells. p is chosen so that share is MAX_DENSITY * (1 - (1 - weave) ** 2): rising with
    weave, steeply at first, up to one cell in five at weave=1.0.
    """
    w, h = grid.width, grid.height
    if w < 3 or h < 3 or weave <= 0.0:
        return np.zeros(0, dtype=np.int64)
    # among the allowed cells (a maze's straight runs, about a fifth of the cells) the chance
    # rises more steeply, so that a share of crossings is about as many as allowed sooner
    chance = 1.0 - (1.0 - weave) ** (0.4 if allowed is None else 3.0)
    # Speed: selections by np.compress (several times faster than a bool index on numpy 2),
    # and the west and east neighbours read from the sorted list itself, not the score table
    if allowed is None:  # a draw for every cell, row by row as the cells are numbered
        at = np.flatnonzero(nrng.random(h * w) < chance)
    else:  # a draw for each allowed cell only
        where = np.flatnonzero(allowed)
        at = np.compress(nrng.random(len(where)) < chance, where)
    x = at % w
    at = np.compress((x > 0) & (x < w - 1) & (at >= w) & (at < (h - 1) * w), at)  # inner cells
    score = np.full(h * w, -1.0)  # no proposal: below every priority
    score[at] = mine = nrng.random(len(at))  # the proposals' priorities
    best = mine > np.take(score, at - w)
    best &= mine > np.take(score, at + w)
    beside = at[1:] == at[:-1] + 1  # the next proposal is the cell to the east
    best[1:] &= ~beside | (mine[1:] > mine[:-1])
    best[:-1] &= ~beside | (mine[:-1] > mine[1:])
    cells: np.ndarray = np.compress(best, at).astype(np.int64, copy=False)
    return cells


def keep_complete(
    split: Grid, node_links: bytes, cells: np.ndarray
) -> tuple[np.ndarray, bytearray]:
    """The crossings whose two passages were both carved, and the node links with every other
    proposed crossing's dead-end node cut off (its one passage dropped on both sides)."""
    n = split.size - len(cells)
    counts = passage_counts(node_links)
    ew, ns = counts[cells], counts[n:]
    kept = (ew == 2) & (ns == 2)
    out = bytearray(node_links)
    adj, back = split.adj, split.back
    for i in np.flatnonzero(~kept).tolist():
        node = int(cells[i]) if ew[i] < 2 else n + i  # the dead-end node (west-east first)
        for slot in range(4):
            if out[node] >> slot & 1:
                other = adj[node * 4 + slot]
                out[other] &= ~(1 << back[node * 4 + slot]) & 0xFF
                out[node] &= ~(1 << slot) & 0xFF
    return kept, out


def carve(
    spec: GeneratorSpec,
    grid: Grid,
    rng: random.Random,
    options: Mapping[str, Any],
    weave: float,
) -> tuple[bytes, tuple[Crossing, ...], tuple[Grid, bytes] | None]:
    """Carve a weave maze: (cell passage bytes, crossings, the split graph (grid, node passage
    bytes) when there are crossings and it is known). ``spec`` is the generator; where the
    crossings go and which passage is on top come from ``rng``, after the generator's own
    draws: its maze is the one it makes without weave."""
    if not spec.carves_first_edges:
        plain = bytes(spec.run(grid, rng, options))
        nrng = np.random.default_rng(rng.getrandbits(128))
        own = spec.tree_order
        cells, links = weave_into(
            grid,
            plain,
            weave,
            nrng,
            (lambda: own(grid, plain, **options)) if own else (lambda: tree_order(grid, plain)),
        )
        over = nrng.integers(0, 2, len(cells), dtype=np.uint8)
        if not len(cells):
            return links, (), None
        listed = cells.tolist()  # the cells as ints once, for the records and the split grid
        split = split_grid(grid, cells, listed=tuple(listed))
        return links, _crossings(listed, over), (split, split_links(links, cells))
    nrng = np.random.default_rng(rng.getrandbits(128))
    proposed = propose(grid, weave, nrng)
    over = nrng.integers(0, 2, len(proposed), dtype=np.uint8)
    split = split_grid(grid, proposed)
    if len(proposed):
        # the crossings' own passages, each as its half-edge from the lower node (the form
        # Kruskal's list of passages uses); the neighbours of a crossing are plain cells
        w = grid.width
        first = np.concatenate(
            [
                proposed * 4 + E,
                (proposed - 1) * 4 + E,
                (proposed - w) * 4 + S,
                (proposed + w) * 4 + N,
            ]
        )
        split = replace(split, params={**split.params, "first_edges": first})
    # Kruskal: crossings first, then the rest (the classic weave method)
    node_links = bytes(spec.run(split, rng, options))
    kept, node_out = keep_complete(split, node_links, proposed)
    links = join_links(bytes(node_out), grid.size, proposed)
    crossings = _crossings(proposed[kept].tolist(), over[kept])
    if kept.all():  # the split graph as carved is the maze's: hand it on, no need to remake it
        return links, crossings, (split, bytes(node_out))
    return links, crossings, None


def _crossings(cells: list[int], over: np.ndarray) -> tuple[Crossing, ...]:
    """Crossings as a Maze stores them: (cell, "h" | "v") from cells and 0/1 draws."""
    # A 1000 x 1000 maze has a hundred thousand crossings: the pairs are made in one C loop
    # with the cyclic garbage collector paused (it would walk the growing heap of new tuples
    # again and again, which took two thirds of the time); the pairs hold no cycles. The
    # names come from one ASCII string of them (a one-letter str is a shared object), not an
    # array of objects.
    names = (over.astype(np.uint8) * np.uint8(_V_MINUS_H) + np.uint8(ord(OVER[0]))).tobytes()
    with gc_paused():
        return tuple(zip(cells, names.decode("ascii"), strict=True))


#: The distance in ASCII from the first over-passage name to the second ("h" to "v").
_V_MINUS_H = ord(OVER[1]) - ord(OVER[0])


def weave_into(
    grid: Grid,
    plain: bytes,
    weave: float,
    nrng: np.random.Generator,
    read_tree: Callable[[], tuple[np.ndarray, np.ndarray] | None],
) -> tuple[np.ndarray, bytes]:
    """Crossings woven into a perfect maze ``plain``: (their cells, sorted; the cell passage
    bytes with them), still perfect once each crossing is split in two.

    A crossing goes where the maze runs straight through a cell (west-east, say): a new passage
    runs under it (north-south), between the two cells beside it. That closes one loop; it is
    opened again beside the crossing. With the maze read as a rooted tree (``read_tree``: each
    cell's parent passage and a rank below its children's, as when an Euler tour first
    reaches it), of the two cells the one ranked later (ties: the larger cell number) loses its
    parent passage. Each crossing then hangs the
    part it cut off onto a part reached earlier, so the parts join in one tree whatever the
    number of crossings, with no search: the work is a tour and a few array operations. A
    crossing is left out where its cut passage would be another's, or would touch a crossing
    cell. Away from the crossings the generator's maze is unchanged.
    """
    n, w = grid.size, grid.width
    none = np.zeros(0, dtype=np.int64)
    mask = np.frombuffer(plain, dtype=np.uint8)[:n] & np.uint8(15)
    cells = propose(grid, weave, nrng, (mask == EW_BITS) | (mask == NS_BITS))
    if not len(cells):
        return none, plain
    order = read_tree()
    if order is None:  # not a spanning tree (a plugin's maze): nothing to weave into
        return none, plain
    up, rank = order
    along = mask[cells] == EW_BITS  # the maze runs west-east: the new passage runs north-south
    step = along * np.int64(w - 1) + 1  # w where it runs west-east, else 1
    before, after = cells - step, cells + step  # the cells the new passage joins
    # ranked later, ties to the larger cell number (``after``): never the root, ranked lowest
    cut = np.where(np.take(rank, after) >= np.take(rank, before), after, before)
    slot = up[cut]
    # Speed: the parent found by its offset on the (plain) rectangle, not read from the large
    # neighbour table; each cut cell's first crossing in an int32 table
    parent = cut + np.take(np.array([-w, 1, w, -1], dtype=np.int64), slot)
    crossing = np.zeros(n, dtype=bool)
    crossing[cells] = True
    fine = ~crossing[parent]
    index = np.arange(len(cells), dtype=np.int32)
    first = np.full(n, len(cells), dtype=np.int32)
    np.minimum.at(first, cut, index)  # each cut cell's first crossing (ufunc.at: unbuffered)
    alone = first[cut] == index  # the first crossing to cut a cell's parent passage keeps it
    keep = np.flatnonzero(fine & alone)
    cells, along, cut, slot, parent = (a.take(keep) for a in (cells, along, cut, slot, parent))
    out = mask.copy()
    out[cut] &= ~np.left_shift(np.uint8(1), slot.astype(np.uint8))  # each cut cell once
    # One cell can lose or gain passages to two crossings: each bit is set or cleared for all
    # its cells in one indexed step (a cell listed twice gets the same bit twice), which is
    # several times faster than ufunc.at.
    for side in range(4):  # the parents through each side lose the passage back
        out[np.compress(slot == side, parent)] &= 0xFF ^ _BIT_BACK[side]
    out[cells] = 15
    north_south, west_east = np.compress(along, cells), np.compress(~along, cells)
    out[north_south - w] |= np.uint8(1 << S)
    out[west_east - 1] |= np.uint8(1 << E)
    out[north_south + w] |= np.uint8(1 << N)
    out[west_east + 1] |= np.uint8(1 << W)
    return cells, out.tobytes()


#: Per slot, the bit of the passage back from the neighbour through it (N <-> S, E <-> W).
_BIT_BACK = (1 << S, 1 << W, 1 << N, 1 << E)
