"""Braiding: remove a share of a maze's dead ends by opening one of their walls (culling).

A perfect maze has exactly one route between any two cells; a braided one has loops, so a solver
can no longer back out of every wrong turn by following walls to a dead end. This is the
"braid" of Jamis Buck's *Mazes for Programmers* (ch. 9): each dead end chosen opens a wall to a
neighbour, preferring a neighbour that is itself a dead end (one wall then removes two dead
ends and adds a single loop).
"""

from __future__ import annotations

import random
from array import array

from ..errors import InvalidOptionError
from ..lazy import numpy as np
from .generators._pcg import Pcg64
from .grid import LIST_UP_TO, Grid, neighbour_list, passage_bytes, passage_counts


def check_braid(fraction: object) -> float:
    """A braid share is a number from 0.0 to 1.0; raise InvalidOptionError otherwise."""
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float)):
        raise InvalidOptionError(f"braid must be a number from 0.0 to 1.0, got {fraction!r}")
    value = float(fraction)
    if not 0.0 <= value <= 1.0:  # also refuses NaN
        raise InvalidOptionError(f"braid must be a number from 0.0 to 1.0, got {fraction!r}")
    return value


def braid(grid: Grid, links: bytes, fraction: float, rng: random.Random) -> bytes:
    """Open one wall of ``round(fraction * D)`` of the D removable dead ends; new links out.

    A dead end is a cell with exactly one passage. It is *removable* when some neighbour slot of
    it is still closed; the only dead ends that cannot be opened are cells with a single
    neighbour in the grid (e.g. the ends of a 1-cell-wide rectangle, or a mask cell joined to
    the rest by one side), so ``fraction=1.0`` leaves no dead end but those. Dead ends are
    visited in a random order; each one still a dead end opens a wall to a random closed
    neighbour, a dead-end neighbour when there is one (which removes two dead ends at once).
    When only one more dead end is to go, a neighbour that is not a dead end is preferred, so
    the share removed is exact unless every remaining candidate pairs with another dead end
    (then it is one over). Passages are only added, never removed, so the maze stays connected.
    Every random choice comes from ``rng``; with ``fraction=0`` it is not used at all.
    """
    fraction = check_braid(fraction)
    n, degree, adj = grid.size, grid.degree, grid.adj
    if fraction == 0.0 or n < 2:
        return bytes(links)
    if n <= LIST_UP_TO:
        order, picks, need = _small_draws(grid, links, fraction, rng)
        if need == 0:
            return bytes(links)
        return _opened(grid, links, order, picks, need)
    counts = passage_counts(links)
    table = np.frombuffer(adj, dtype=np.intc).reshape(n, degree)
    bits = np.left_shift(np.uint16(1), np.arange(degree, dtype=np.uint16))
    real = ((table != n) * bits[None, :]).sum(axis=1).astype(np.uint16)  # slots with a neighbour
    link_arr = np.frombuffer(bytes(links), dtype=np.uint8).astype(np.uint16)
    closed = real & ~link_arr  # real neighbour slots without a passage
    candidates = np.flatnonzero((counts == 1) & (closed != 0))
    need = round(fraction * len(candidates))
    if need == 0:
        return bytes(links)
    # the visiting order and the tie-breaks come from one numpy generator seeded from rng
    gen = np.random.default_rng(rng.getrandbits(64))
    order = candidates[gen.permutation(len(candidates))].tolist()
    picks = gen.integers(0, PICKS, size=len(order)).tolist()
    return _opened(grid, links, order, picks, need)


#: Each dead end's tie-break is drawn from 0..PICKS-1.
PICKS = 1 << 30


def _small_draws(
    grid: Grid, links: bytes, fraction: float, rng: random.Random
) -> tuple[list[int], list[int], int]:
    """``braid``'s removable dead ends in their visiting order, their tie-breaks and how many
    to open, for a maze of at most LIST_UP_TO cells: numpy's draws made in plain Python
    (mazebook.core.generators._pcg.Pcg64), the same numbers."""
    n, degree = grid.size, grid.degree
    adj = neighbour_list(grid)
    counts = passage_bytes(links)
    candidates = [
        c
        for c, count in enumerate(counts)
        if count == 1
        and any(adj[c * degree + k] != n and not links[c] >> k & 1 for k in range(degree))
    ]
    need = round(fraction * len(candidates))
    if need == 0:
        return [], [], 0
    gen = Pcg64(rng.getrandbits(64))
    order = [candidates[i] for i in gen.permutation(len(candidates))]
    return order, gen.integers(PICKS, len(order)), need


def _opened(grid: Grid, links: bytes, order: list[int], picks: list[int], need: int) -> bytes:
    """The dead ends in ``order`` opened, ``need`` of them gone (``braid``'s rules)."""
    n, degree, adj, back = grid.size, grid.degree, grid.adj, grid.back
    out = bytearray(links)
    count = bytearray(passage_bytes(links))
    deferred: list[tuple[int, int]] = []
    for cell, pick in zip(order, picks, strict=True):
        if need <= 0:
            break
        if count[cell] != 1:
            continue  # a neighbour has already opened into it
        base = cell * degree
        link = out[cell]
        walls = [k for k in range(degree) if not link >> k & 1 and adj[base + k] != n]
        dead = [k for k in walls if count[adj[base + k]] == 1]
        if need == 1:
            live = [k for k in walls if count[adj[base + k]] != 1]
            if not live:
                deferred.append((cell, pick))
                continue
            choice = live
        else:
            choice = dead or walls
        need -= _open(out, count, adj, back, base, cell, choice[pick % len(choice)])
    for cell, pick in deferred:
        if need <= 0:
            break
        if count[cell] != 1:
            continue
        base = cell * degree
        walls = [k for k in range(degree) if not out[cell] >> k & 1 and adj[base + k] != n]
        need -= _open(out, count, adj, back, base, cell, walls[pick % len(walls)])
    return bytes(out)


def _open(
    out: bytearray, count: bytearray, adj: array[int], back: bytes, base: int, cell: int, k: int
) -> int:
    """Open slot k of ``cell`` on both sides; return how many dead ends that removed."""
    other: int = adj[base + k]
    out[cell] |= 1 << k
    out[other] |= 1 << back[base + k]
    removed = 2 if count[other] == 1 else 1
    count[cell] += 1
    count[other] += 1
    return removed
