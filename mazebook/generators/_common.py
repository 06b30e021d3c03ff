"""Small shared pieces of the generators: permutation tables and the numpy generator."""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Sequence

import numpy as np

from ..grid import Grid

_PERMS: dict[int, tuple[tuple[int, ...], ...]] = {}


def permutations(degree: int) -> tuple[tuple[int, ...], ...]:
    """All orderings of the slots 0..degree-1 (cached), to shuffle a cell's sides in one draw."""
    table = _PERMS.get(degree)
    if table is None:
        table = _PERMS[degree] = tuple(itertools.permutations(range(degree)))
    return table


def numpy_rng(rng: random.Random) -> np.random.Generator:
    """A numpy Generator seeded from ``rng``, for generators that draw randomness in bulk."""
    return np.random.default_rng(rng.getrandbits(128))


def adj_array(grid: Grid) -> np.ndarray:
    """The grid's neighbour table as a flat int32 numpy view (``size * degree`` entries)."""
    return np.frombuffer(grid.adj, dtype=np.intc)


def back_array(grid: Grid) -> np.ndarray:
    """The grid's back-slot table as a flat uint8 numpy view."""
    return np.frombuffer(grid.back, dtype=np.uint8)


def undirected_edges(grid: Grid) -> np.ndarray:
    """Every passage that could be carved, once: the half-edges ``cell*degree+k`` to a higher cell."""
    adj = adj_array(grid).astype(np.int64)
    cells = np.arange(adj.size, dtype=np.int64) // grid.degree
    return np.flatnonzero((adj != grid.size) & (adj > cells))


def links_from_edges(grid: Grid, half_edges: Sequence[int] | np.ndarray) -> bytearray:
    """The passage bytes of a maze given its carved half-edges ``cell*degree+k`` (one per passage).

    Carving loops only record half-edges; the bits on both sides are set here in bulk. A cell
    holds each slot at most once, so summing the bit values per cell is the same as OR-ing them.
    """
    n, degree = grid.size, grid.degree
    e = np.asarray(half_edges, dtype=np.int64)
    src = e // degree
    bits = np.left_shift(1, e - src * degree)
    dst = adj_array(grid)[e]
    back_bits = np.left_shift(1, back_array(grid)[e].astype(np.int64))
    total = np.bincount(src, weights=bits, minlength=n) + np.bincount(
        dst, weights=back_bits, minlength=n
    )
    return bytearray(total.astype(np.uint8).tobytes())


def perms_without(degree: int) -> tuple[tuple[int, ...], ...]:
    """``table[b * P + p]``: permutation p of ``permutations(degree)`` with slot b left out.

    A cell entered through slot b need not try b again (it leads back into the maze), which
    saves one neighbour test per cell in the depth-first carvers.
    """
    table = _PERMS_WITHOUT.get(degree)
    if table is None:
        perms = permutations(degree)
        table = _PERMS_WITHOUT[degree] = tuple(
            tuple(k for k in perm if k != b) for b in range(degree) for perm in perms
        )
    return table


_PERMS_WITHOUT: dict[int, tuple[tuple[int, ...], ...]] = {}


def perm_indices(nrng: np.random.Generator, degree: int, count: int) -> Sequence[int]:
    """``count`` uniform indices into ``permutations(degree)``, compact (bytes or array)."""
    total = len(permutations(degree))
    if total <= 256:
        return nrng.integers(0, total, count, dtype=np.uint8).tobytes()
    out = array("I")
    out.frombytes(nrng.integers(0, total, count, dtype=np.uint32).tobytes())
    return out
