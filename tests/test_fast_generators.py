"""The generators' fast paths give exactly what the plain ones give (issue 33: a cheaper book
without a changed maze): the growing tree's "mix" loop against a plain model of it, and the
plain-Python draw of the cells' side orders against numpy's."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.core.generators import _common, _mix_rect, _pcg, growing_tree
from mazebook.core.generators._common import (
    links_from_edges,
    numpy_rng,
    perm_indices,
    permutations,
    side_orders,
)
from mazebook.core.grid import Grid, rect_grid
from mazebook.core.shapes import make_grid


def _plain_mix(grid: Grid, rng: random.Random, p_newest: float) -> bytearray:
    """``_plain_grown``'s maze."""
    return _plain_grown(grid, rng, p_newest)[0]


def _plain_grown(
    grid: Grid, rng: random.Random, p_newest: float
) -> tuple[bytearray, int, list[int]]:
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
    return links_from_edges(grid, carved), start, carved


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


@given(
    st.integers(1, 64),
    st.integers(1, 64),
    st.integers(0, 2**32),
    st.sampled_from([0.7, 0.8, 0.9]) | st.floats(0.001, 0.999),
)
def test_the_rectangle_s_mix_loop_grows_as_the_plain_one(
    width: int, height: int, seed: int, p: float
) -> None:
    """The book's loop (_mix_rect, up to LIST_UP_TO cells): the same maze, the same start and
    carved half-edges in the same order (the openings read them), and the caller's
    random.Random left where the plain loop leaves it."""
    grid = rect_grid(width, height)
    assert _mix_rect.fits(grid)
    fast_rng, plain_rng = random.Random(seed), random.Random(seed)
    links, grown = growing_tree.grow(grid, fast_rng, "mix", p)
    assert (links, grown.start, list(grown.edges)) == _plain_grown(grid, plain_rng, p)
    assert fast_rng.getstate() == plain_rng.getstate()


def test_the_rectangle_s_mix_loop_takes_the_book_s_mazes_only() -> None:
    """Plain rectangles of at most LIST_UP_TO cells; larger ones and other shapes keep the
    general loop."""
    assert _mix_rect.fits(rect_grid(64, 64))
    assert not _mix_rect.fits(rect_grid(65, 64))
    assert not _mix_rect.fits(make_grid("hex", 8, 8))


@given(st.integers(2, 12), st.integers(0, 2**32), st.floats(0.01, 0.99))
def test_the_mix_loop_is_the_plain_one_on_a_hexagonal_grid(size: int, seed: int, p: float) -> None:
    grid = make_grid("hex", size, size)
    fast = growing_tree.carve(grid, random.Random(seed), "mix", p)
    assert fast == _plain_mix(grid, random.Random(seed), p)


@given(st.integers(0, 2**160), st.integers(1, 255), st.integers(0, 3000))
def test_the_plain_draw_is_numpy_s(entropy: int, total: int, count: int) -> None:
    """default_rng(seed).integers(0, total, count, uint8), every seed width and total: the
    seeding, PCG64's stream and the rejected bytes' redraws all as numpy makes them."""
    expected = np.random.default_rng(entropy).integers(0, total, count, dtype=np.uint8)
    assert _pcg.bounded_bytes(entropy, total, count) == expected.tobytes()


@given(st.integers(0, 2**128), st.integers(1, 40))
def test_the_plain_stream_is_pcg64_s(entropy: int, count: int) -> None:
    state, inc = _pcg.seed_state(entropy)
    raw, _ = _pcg.random_bytes(state, inc, count)
    assert raw == np.random.PCG64(entropy).random_raw(count).astype("<u8").tobytes()


@given(st.integers(0, 2**63), st.integers(1, 6), st.integers(0, 2 * _common.SMALL_DRAW))
def test_side_orders_are_the_numpy_draw(seed: int, degree: int, count: int) -> None:
    """Below SMALL_DRAW in plain Python, above it with numpy: the same orders, and the caller's
    random.Random left in the same state either way."""
    fast, plain = random.Random(seed), random.Random(seed)
    orders = side_orders(fast, degree, count)
    assert list(orders) == list(perm_indices(numpy_rng(plain), degree, count))
    assert fast.getstate() == plain.getstate()


def test_a_bad_total_or_seed_is_refused() -> None:
    with pytest.raises(ValueError):
        _pcg.bounded_bytes(1, 256, 4)
    with pytest.raises(ValueError):
        _pcg.seed_state(-1)


@pytest.mark.parametrize(
    "call",
    [
        "main(['maze', '-s', '20x20', '-f', 'svg', '-o', 'm.svg'])",
        "generate('growing-tree', 40, 40, seed=3, mode='mix', p_newest=0.9)",
    ],
)
def test_a_small_maze_loads_no_numpy_random(tmp_path: Path, call: str) -> None:
    """A first maze and a book's mazes draw their side orders without numpy.random (about
    6 MB and 10 ms to load)."""
    code = (
        "import sys\n"
        "from mazebook.app.cli import main\n"
        "from mazebook import generate\n"
        f"{call}\n"
        "sys.stdout.write(str('numpy.random' in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert out.stdout == "False"
