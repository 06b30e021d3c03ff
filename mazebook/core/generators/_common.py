"""Small shared pieces of the generators: permutation tables, the numpy generator, bulk
conversions between the grid's tables, carved half-edges and passage bytes, and a pause of the
garbage collector while many small objects are made."""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import random
from array import array
from collections.abc import Iterator, Sequence

from ...lazy import numpy as np
from ..grid import LIST_UP_TO, Grid, neighbour_list, plain_rect
from . import _pcg

_PERMS: dict[int, tuple[tuple[int, ...], ...]] = {}


def permutations(degree: int) -> tuple[tuple[int, ...], ...]:
    """All orderings of the slots 0..degree-1 (cached), to shuffle a cell's sides in one draw."""
    table = _PERMS.get(degree)
    if table is None:
        table = _PERMS[degree] = tuple(itertools.permutations(range(degree)))
    return table


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while the block runs (and back as it was): for making
    many small objects that hold no cycles, which would set the collector off again and again."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


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
    """Every passage that could be carved, once: half-edges ``cell*degree+k`` to a higher cell."""
    adj = adj_array(grid)
    cells = np.repeat(np.arange(grid.size, dtype=np.intc), grid.degree)
    return np.flatnonzero((adj > cells) & (adj < grid.size)).astype(np.intc)


def links_from_edges(grid: Grid, half_edges: Sequence[int] | np.ndarray) -> bytearray:
    """The passage bytes of a maze given its carved half-edges ``cell*degree+k`` (one per passage).

    Carving loops only record half-edges; here both halves of each are marked in a table of
    eight slots a cell (a passage byte has eight bits, so no grid has a higher degree), which
    packs flat into one byte per cell: packing rows of ``degree`` slots (``axis=1``) costs
    about three times as much, row by row.
    """
    n, degree = grid.size, grid.degree
    if n <= LIST_UP_TO:
        # a list iterates fastest; an array (numpy's or array's) gives one by tolist
        edges: list[int]
        if isinstance(half_edges, list):
            edges = half_edges
        elif hasattr(half_edges, "tolist"):
            edges = half_edges.tolist()
        else:
            edges = list(half_edges)
        return _small_links(grid, edges)
    e = np.asarray(half_edges, dtype=np.intp)
    marks = np.zeros(n * 8, dtype=np.uint8)
    marks[e + e // degree * (8 - degree)] = 1
    marks[adj_array(grid)[e].astype(np.intp) * 8 + back_array(grid)[e]] = 1
    return bytearray(np.packbits(marks, bitorder="little").tobytes())


def rect_links(grid: Grid, edges: list[int]) -> bytearray:
    """``links_from_edges`` on a plain rectangle of at most LIST_UP_TO cells (every book
    maze): each carved half-edge marked 0xFF in a table of four bytes a cell, read as one
    whole number, masked to each slot's bit and folded into a byte a cell; the other halves
    follow from shifting those one-sided bytes a cell (E, W) or a row (N, S) along."""
    n = grid.size
    marks = bytearray(4 * n)
    for e in edges:
        marks[e] = 255
    bits = int.from_bytes(marks, "little") & _slot_bits(n, 4)
    one = int.from_bytes(
        (bits | bits >> 8 | bits >> 16 | bits >> 24).to_bytes(4 * n, "little")[::4], "little"
    )
    row = 8 * grid.width
    north, east, south, west = _each_byte(n)
    full = (
        one
        | (one & south) >> 2 << row
        | (one & east) << 10
        | (one & north) << 2 >> row
        | (one & west) >> 10
    )
    return bytearray(full.to_bytes(n, "little"))


def _small_links(grid: Grid, edges: list[int]) -> bytearray:
    """``links_from_edges`` in plain Python: a plain rectangle by ``rect_links``; any other
    grid marks each carved half-edge and its other half 0xFF in a table of ``degree`` bytes a
    cell, which read as one whole number is masked to each slot's bit and folded into a byte
    a cell."""
    if plain_rect(grid):
        return rect_links(grid, edges)
    n, degree = grid.size, grid.degree
    marks = bytearray(n * degree)
    partner = _partners(grid)
    for e in edges:
        marks[e] = 255
        marks[partner[e]] = 255
    bits = int.from_bytes(marks, "little") & _slot_bits(n, degree)
    folded = bits
    for k in range(1, degree):
        folded |= bits >> (8 * k)
    return bytearray(folded.to_bytes(n * degree, "little")[::degree])


@functools.lru_cache(maxsize=8)
def _slot_bits(n: int, degree: int) -> int:
    """The bytes 1, 2, 4, ... (a slot's bit) repeated for ``n`` cells, as a whole number."""
    return int.from_bytes(bytes(1 << k for k in range(degree)) * n, "little")


@functools.lru_cache(maxsize=8)
def _each_byte(n: int) -> tuple[int, int, int, int]:
    """The bits N, E, S, W set in each of ``n`` bytes, as four whole numbers."""
    return tuple(int.from_bytes(bytes([1 << k]) * n, "little") for k in range(4))  # type: ignore[return-value]


@functools.lru_cache(maxsize=1)
def _partners(grid: Grid) -> list[int]:
    """Per half-edge ``cell*degree+k``, its other half (the sentinel's past the table)."""
    degree = grid.degree
    return [j * degree + b for j, b in zip(neighbour_list(grid), grid.back, strict=True)]


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


#: Draws of at most this many cells are made in plain Python (mazebook.core.generators._pcg):
#: below it a process saves loading numpy.random (about 10 ms and 6 MB) for draws a few tens of
#: microseconds slower each; above it numpy's bulk draw is much faster. Only the speed depends
#: on it: both give the same bytes.
SMALL_DRAW = 4096


def side_orders(rng: random.Random, degree: int, count: int) -> Sequence[int]:
    """``perm_indices(numpy_rng(rng), degree, count)``: one shuffled order of a cell's sides
    per cell, the same draw made in plain Python for a small maze (SMALL_DRAW)."""
    total = len(permutations(degree))
    if count <= SMALL_DRAW and total <= 255:
        return _pcg.bounded_bytes(rng.getrandbits(128), total, count)
    return perm_indices(numpy_rng(rng), degree, count)
