"""Weaving's fast paths give exactly what the plain ones give (issue 33: a woven maze within
1.76x a plain one's time, with no maze changed): binary-tree's and sidewinder's own readings of
their mazes as trees, the proposal of crossings, their weaving into a maze, the split graph's
grid and the crossings' records, each against the plain code it replaced."""

from __future__ import annotations

import random
from array import array
from dataclasses import replace
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mazebook.core import weave as core_weave
from mazebook.core.generators import REGISTRY, binary_tree, sidewinder
from mazebook.core.generators import weave as weaving
from mazebook.core.grid import E, Grid, N, S, W, rect_grid
from mazebook.core.tour import tree_order

sizes = st.integers(min_value=1, max_value=24)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
chances = st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0))


def _plain_binary_tree_order(
    grid: Grid, links: bytes, bias: str, p_vertical: float
) -> tuple[np.ndarray, np.ndarray]:
    """Binary tree's parent slots and ranks, written plainly: the vertical side if open, else
    the horizontal one; the rank is the steps to the corner."""
    w, h = grid.width, grid.height
    north, east = bias[0] == "N", bias[1] == "E"
    cells = np.frombuffer(bytes(links), dtype=np.uint8)[: w * h].reshape(h, w)
    v_slot, h_slot = (0 if north else 2), (1 if east else 3)
    up = np.where(cells >> v_slot & 1, v_slot, np.where(cells >> h_slot & 1, h_slot, -1))
    ys, xs = np.ogrid[:h, :w]
    ys, xs = ys.astype(np.int32), xs.astype(np.int32)
    rank = (ys if north else h - 1 - ys) + (w - 1 - xs if east else xs)
    return up.astype(np.int8).ravel(), rank.ravel()


def _plain_sidewinder_order(grid: Grid, links: bytes) -> tuple[np.ndarray, np.ndarray]:
    """Sidewinder's parent slots and ranks, written plainly: each run's exit looked up by the
    run each north passage is in; a cell's parent lies toward its run's exit."""
    w, h = grid.width, grid.height
    cells = np.frombuffer(bytes(links), dtype=np.uint8)[: w * h].reshape(h, w)
    xs = np.broadcast_to(np.arange(w, dtype=np.int32), (h, w))
    starts = (~cells.ravel() & 8) != 0
    run = (np.cumsum(starts, dtype=np.int32) - 1).reshape(h, w)
    exit_x = np.zeros(int(run.max()) + 1, dtype=np.int32)
    north = ((cells & 1) != 0) & (np.arange(h)[:, None] > 0)
    exit_x[run[north]] = xs[north]
    exit_x[run[0]] = 0
    at = exit_x[run]
    up = np.where(xs > at, 3, np.where(xs < at, 1, 0)).astype(np.int8)
    up[0, 0] = -1
    rank = np.arange(h, dtype=np.int32)[:, None] * (w + 1) + np.abs(xs - at)
    return up.ravel(), rank.ravel()


def _same(got: tuple[np.ndarray, np.ndarray], want: tuple[np.ndarray, np.ndarray]) -> None:
    for a, b in zip(got, want, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape
        assert np.array_equal(a, b)


@given(sizes, sizes, seeds, st.sampled_from(binary_tree.BIASES), chances)
def test_binary_tree_order_is_the_plain_one(
    w: int, h: int, seed: int, bias: str, p_vertical: float
) -> None:
    grid = rect_grid(w, h)
    links = bytes(binary_tree.carve(grid, random.Random(seed), bias, p_vertical))
    got = binary_tree.tree_order(grid, links, bias, p_vertical)
    _same(got, _plain_binary_tree_order(grid, links, bias, p_vertical))


@given(sizes, sizes, seeds, chances)
def test_sidewinder_order_is_the_plain_one(w: int, h: int, seed: int, p_east: float) -> None:
    grid = rect_grid(w, h)
    links = bytes(sidewinder.carve(grid, random.Random(seed), p_east))
    _same(sidewinder.tree_order(grid, links, p_east), _plain_sidewinder_order(grid, links))


@given(st.integers(2, 24), st.integers(2, 24), seeds, st.data())
def test_sidewinder_order_of_other_passages_is_the_plain_one(
    w: int, h: int, seed: int, data: st.DataObject
) -> None:
    """Passages as sidewinder never carves them (a run without its north exit, or another
    generator's maze) take the cell-by-cell reading, which is the plain one's."""
    grid = rect_grid(w, h)
    if data.draw(st.booleans()):
        links = bytearray(sidewinder.carve(grid, random.Random(seed), 0.5))
        exits = [c for c in range(w, w * h) if links[c] & 1]
        cell = data.draw(st.sampled_from(exits))
        links[cell] &= ~1 & 0xFF  # the run loses its north exit
        links[cell - w] &= ~4 & 0xFF
    else:
        spec = REGISTRY[data.draw(st.sampled_from(["backtracker", "kruskal", "binary-tree"]))]
        links = bytearray(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    got = sidewinder.tree_order(grid, bytes(links))
    _same(got, _plain_sidewinder_order(grid, bytes(links)))


def _plain_propose(
    grid: Grid, weave: float, nrng: np.random.Generator, allowed: np.ndarray | None
) -> np.ndarray:
    """Crossings proposed, written plainly: every neighbour's priority read from a table of
    all the cells."""
    w, h = grid.width, grid.height
    if w < 3 or h < 3 or weave <= 0.0:
        return np.zeros(0, dtype=np.int64)
    chance = 1.0 - (1.0 - weave) ** (0.4 if allowed is None else 3.0)
    if allowed is None:
        at = np.flatnonzero(nrng.random(h * w) < chance)
    else:
        where = np.flatnonzero(allowed)
        at = where[nrng.random(len(where)) < chance]
    x = at % w
    at = at[(x > 0) & (x < w - 1) & (at >= w) & (at < (h - 1) * w)]
    score = np.full(h * w, -1.0)
    score[at] = mine = nrng.random(len(at))
    best = (
        (mine > score[at - w])
        & (mine > score[at + w])
        & (mine > score[at - 1])
        & (mine > score[at + 1])
    )
    return at[best].astype(np.int64)


def _plain_weave_into(
    grid: Grid, plain: bytes, weave: float, nrng: np.random.Generator, order: Any
) -> tuple[np.ndarray, bytes]:
    """Crossings woven in, written plainly: parents read from the neighbour table, each side's
    bits set and cleared through bool indexes."""
    n, w = grid.size, grid.width
    mask = np.frombuffer(plain, dtype=np.uint8)[:n] & np.uint8(15)
    cells = _plain_propose(grid, weave, nrng, (mask == 10) | (mask == 5))
    if not len(cells) or order is None:
        return np.zeros(0, dtype=np.int64), plain
    up, rank = order
    along = mask[cells] == 10
    step = np.where(along, w, 1)
    ends = np.stack([cells - step, cells + step])
    r0, r1 = rank[ends[0]], rank[ends[1]]
    later = (r1 > r0) | ((r1 == r0) & (ends[1] > ends[0]))
    cut = np.where(later, ends[1], ends[0])
    slot = up[cut].astype(np.int64)
    parent = np.frombuffer(grid.adj, dtype=np.intc)[cut * 4 + slot]
    crossing = np.zeros(n + 1, dtype=bool)
    crossing[cells] = True
    fine = ~crossing[parent]
    index = np.arange(len(cells))
    first = np.full(n, len(cells), dtype=np.int64)
    np.minimum.at(first, cut, index)
    keep = fine & (first[cut] == index)
    cells, along, cut, slot, parent = cells[keep], along[keep], cut[keep], slot[keep], parent[keep]
    out = mask.copy()
    back = np.frombuffer(grid.back, dtype=np.uint8)[cut * 4 + slot]
    out[cut] &= ~(np.uint8(1) << slot.astype(np.uint8))
    for side in (N, E, S, W):
        out[parent[back == side]] &= np.uint8(~(1 << side) & 0xFF)
    out[cells] = 15
    out[cells[along] - w] |= np.uint8(1 << S)
    out[cells[~along] - 1] |= np.uint8(1 << E)
    out[cells[along] + w] |= np.uint8(1 << N)
    out[cells[~along] + 1] |= np.uint8(1 << W)
    return cells, out.tobytes()


def _plain_split_grid(grid: Grid, cells: np.ndarray) -> Grid:
    """The split graph's grid, written plainly: a zero-filled table, the plain one copied in and
    the sentinel found wherever it is."""
    n, at, w = grid.size, np.asarray(cells, dtype=np.int64), grid.width
    k = len(at)
    if k == 0:
        return grid
    m = n + k
    flat = array("i", [0]) * (m * 4)
    out = np.frombuffer(flat, dtype=np.intc).reshape(m, 4)
    out[:n] = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, 4)
    out[:n][out[:n] == n] = m
    nodes = np.arange(n, m, dtype=np.intc)
    out[at - w, S] = nodes
    out[at + w, N] = nodes
    out[at, N] = m
    out[at, S] = m
    out[n:, N] = at - w
    out[n:, S] = at + w
    out[n:, E] = m
    out[n:, W] = m
    backs = np.empty((m, 4), dtype=np.uint8)
    backs[:n] = np.frombuffer(grid.back, dtype=np.uint8).reshape(n, 4)
    backs[at, N] = backs[at, S] = 255
    backs[n:] = (S, 255, N, 255)
    del out
    params = {**grid.params, "crossing_cells": tuple(at.tolist())}
    return Grid(grid.kind, w, grid.height, m, 4, flat, backs.tobytes(), grid.boundary, params)


def _plain_crossings(cells: np.ndarray, over: np.ndarray) -> tuple[tuple[int, str], ...]:
    return tuple((int(c), ("h", "v")[int(o)]) for c, o in zip(cells, over, strict=True))


@given(st.integers(1, 30), st.integers(1, 30), seeds, chances, st.booleans())
def test_proposals_are_the_plain_ones(
    w: int, h: int, seed: int, weave: float, every_cell: bool
) -> None:
    grid = rect_grid(w, h)
    allowed = None if every_cell else np.random.default_rng(seed).random(w * h) < 0.4
    got = weaving.propose(grid, weave, np.random.default_rng(seed), allowed)
    want = _plain_propose(grid, weave, np.random.default_rng(seed), allowed)
    assert got.dtype == want.dtype and np.array_equal(got, want)


@given(st.sampled_from([n for n in REGISTRY if n != "kruskal"]), sizes, sizes, seeds, chances)
def test_weaving_into_a_maze_is_the_plain_weaving(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    spec = REGISTRY[name]
    options = spec.resolve_options({})
    grid = rect_grid(w, h)
    plain = bytes(spec.run(grid, random.Random(seed), options))
    own = spec.tree_order
    order = own(grid, plain, **options) if own else tree_order(grid, plain)
    got = weaving.weave_into(grid, plain, weave, np.random.default_rng(seed), lambda: order)
    want = _plain_weave_into(grid, plain, weave, np.random.default_rng(seed), order)
    assert np.array_equal(got[0], want[0]) and got[1] == want[1]


def _split_inputs(w: int, h: int, seed: int) -> tuple[Grid, np.ndarray]:
    grid = rect_grid(w, h)
    cells = weaving.propose(grid, 1.0, np.random.default_rng(seed))
    return grid, cells


@given(st.integers(3, 30), st.integers(3, 30), seeds, st.booleans(), st.booleans())
def test_the_split_grid_is_the_plain_one(
    w: int, h: int, seed: int, other_kind: bool, listed: bool
) -> None:
    """On the rectangle (the sentinel on its outline) and on any other table (found wherever
    it is), with or without the cells listed by the caller."""
    grid, cells = _split_inputs(w, h, seed)
    if other_kind:
        grid = replace(grid, kind="mask")
    given_list = tuple(cells.tolist()) if listed else None
    got = core_weave.split_grid(grid, cells, listed=given_list)
    want = _plain_split_grid(grid, cells)
    assert (got.kind, got.width, got.height, got.size, got.degree, got.boundary) == (
        want.kind,
        want.width,
        want.height,
        want.size,
        want.degree,
        want.boundary,
    )
    assert got.adj == want.adj and got.adj.typecode == want.adj.typecode
    assert got.back == want.back and dict(got.params) == dict(want.params)


@given(st.integers(3, 30), st.integers(3, 30), seeds)
def test_crossing_records_are_the_plain_ones(w: int, h: int, seed: int) -> None:
    _, cells = _split_inputs(w, h, seed)
    over = np.random.default_rng(seed).integers(0, 2, len(cells), dtype=np.uint8)
    got = weaving._crossings(cells.tolist(), over)
    assert got == _plain_crossings(cells, over)
    assert all(type(c) is int and type(o) is str for c, o in got)
