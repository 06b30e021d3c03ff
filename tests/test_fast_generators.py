"""The generators' fast paths give exactly what the plain ones give (issue 33: a cheaper book
without a changed maze): the growing tree's "mix" loop against a plain model of it."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from mazebook.core.generators import growing_tree
from mazebook.core.generators._common import (
    links_from_edges,
    numpy_rng,
    perm_indices,
    permutations,
)
from mazebook.core.grid import Grid, rect_grid
from mazebook.core.shapes import make_grid


def _plain_mix(grid: Grid, rng: random.Random, p_newest: float) -> bytearray:
    """Growing tree, "mix" mode, written plainly: each step draws whether to grow from the
    newest active cell (the top of a stack that keeps boxed-in cells until they reach the top)
    or from a uniformly random one of the pool (kept unordered by swap-removal); the grown
    cell carves to the next unvisited neighbour in its shuffled order of sides."""
    n, degree = grid.size, grid.degree
    start = int(rng.random() * n)
    perms = permutations(degree)
    order = perm_indices(numpy_rng(rng), degree, n)
    visited = [False] * n
    untried: list[list[int] | None] = [None] * n
    visited[start] = True
    untried[start] = list(perms[order[start]])
    stack, pool, carved = [start], [start], []
    while pool:
        if rng.random() < p_newest:
            while untried[stack[-1]] is None:
                stack.pop()
            cell = stack[-1]
        else:
            cell = pool[int(rng.random() * len(pool))]
        sides = untried[cell]
        assert sides is not None
        grown = False
        while sides:
            k = sides.pop(0)
            j = grid.adj[cell * degree + k]
            if j != n and not visited[j]:
                visited[j] = True
                carved.append(cell * degree + k)
                untried[j] = list(perms[order[j]])
                pool.append(j)
                stack.append(j)
                grown = True
                break
        if not grown:
            untried[cell] = None
            i = pool.index(cell)
            pool[i] = pool[-1]
            pool.pop()
    return links_from_edges(grid, carved)


@given(
    st.integers(1, 30),
    st.integers(1, 30),
    st.integers(0, 2**32),
    st.sampled_from([0.01, 0.5, 0.7, 0.9, 0.99]) | st.floats(0.01, 0.99),
)
def test_the_mix_loop_is_the_plain_one(width: int, height: int, seed: int, p: float) -> None:
    grid = rect_grid(width, height)
    fast = growing_tree.carve(grid, random.Random(seed), "mix", p)
    assert fast == _plain_mix(grid, random.Random(seed), p)


@given(st.integers(2, 12), st.integers(0, 2**32), st.floats(0.01, 0.99))
def test_the_mix_loop_is_the_plain_one_on_a_hexagonal_grid(size: int, seed: int, p: float) -> None:
    grid = make_grid("hex", size, size)
    fast = growing_tree.carve(grid, random.Random(seed), "mix", p)
    assert fast == _plain_mix(grid, random.Random(seed), p)
