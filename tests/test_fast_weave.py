"""Weaving's fast paths give exactly what the plain ones give (issue 33: a woven maze within
1.76x a plain one's time, with no maze changed): binary-tree's and sidewinder's own readings of
their mazes as trees, each against the plain reading it replaced."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mazebook.core.generators import REGISTRY, binary_tree, sidewinder
from mazebook.core.grid import Grid, rect_grid

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
