"""The plain-Python paths of the core and the difficulty measures on mazes of at most
LIST_UP_TO cells: each gives, bit for bit, what its numpy path (kept for larger mazes) gives,
and a small maze is made, measured, braided and walked without touching numpy at all."""

from __future__ import annotations

import random
from array import array
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core import braid as braid_module
from mazebook.core import grid as grid_module
from mazebook.core.generators import _common, _pcg
from mazebook.core.maze import Maze
from mazebook.core.shapes import make_grid
from mazebook.difficulty import effort, metrics, strategies
from mazebook.difficulty.checks import assess
from mazebook.errors import MazebookError
from mazebook.kinds import KINDS
from mazebook.kinds.rule_maze import RuleKind

SHAPES = ("rect", "circle", "hex", "triangle")


@st.composite
def small_mazes(draw: st.DrawFn) -> Maze:
    """A small maze of any shape: perfect, braided or woven (a rectangle), as books make."""
    shape = draw(st.sampled_from(SHAPES))
    width, height = draw(st.integers(1, 16)), draw(st.integers(1, 16))
    algorithm = draw(st.sampled_from(["backtracker", "growing-tree", "prim", "hunt-and-kill"]))
    options: dict[str, Any] = {"braid": draw(st.sampled_from([0.0, 0.0, 0.3, 1.0]))}
    if shape == "rect" and width * height > 1 and draw(st.booleans()):
        options = {"weave": draw(st.sampled_from([0.3, 1.0]))}
    try:
        return generate(
            algorithm, width, height, seed=draw(st.integers(0, 2**40)), shape=shape, **options
        )
    except MazebookError:
        assume(False)
        raise


def _fresh(maze: Maze) -> Maze:
    """The same maze with nothing worked out yet (its searches are cached on it)."""
    return Maze(
        maze.grid, maze.links, maze.entrance, maze.exit, maze.algorithm, maze.seed, maze.options
    )


@settings(max_examples=60)
@given(st.integers(1, 64), st.integers(1, 64))
def test_a_small_rectangle_s_tables_are_numpy_s(width: int, height: int) -> None:
    assume(width * height <= grid_module.LIST_UP_TO)
    plain = grid_module._rect(width, height)
    inside = grid_module._rect_inside.__wrapped__(width, height)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid_module, "LIST_UP_TO", 0)
        made = grid_module._rect(width, height)
        assert grid_module._rect_inside.__wrapped__(width, height) == inside
    assert plain.adj == made.adj and plain.adj.typecode == made.adj.typecode == "i"
    assert plain.back == made.back and plain.boundary == made.boundary


@settings(max_examples=60)
@given(st.integers(1, 30), st.integers(1, 30), st.binary(min_size=900, max_size=900))
def test_small_masked_passages_are_numpy_s(width: int, height: int, noise: bytes) -> None:
    """Any passage bytes (bits through the outer wall and past slot 3 too) are masked alike."""
    grid = grid_module.rect_grid(width, height)
    links = noise[: grid.size]
    plain = grid_module._rect_passages(grid, links)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid_module, "LIST_UP_TO", 0)
        assert grid_module._rect_passages(grid, links) == plain


@settings(max_examples=150)
@given(st.sampled_from(SHAPES), st.integers(1, 14), st.integers(1, 14), st.data())
def test_small_links_from_edges_are_numpy_s(
    shape: str, width: int, height: int, data: st.DataObject
) -> None:
    """Any set of half-edges (one or both halves of a passage) packs to numpy's bytes,
    given as a list, an array("i") or a numpy array."""
    try:
        grid = make_grid(shape, width, height)
    except MazebookError:
        assume(False)
        raise
    n, degree = grid.size, grid.degree
    real = [e for e in range(n * degree) if grid.adj[e] != n]
    assume(real)
    edges = data.draw(st.lists(st.sampled_from(real), max_size=3 * n))
    plain = _common.links_from_edges(grid, edges)
    assert _common.links_from_edges(grid, array("i", edges)) == plain
    assert _common.links_from_edges(grid, np.asarray(edges, dtype=np.intc)) == plain
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_common, "LIST_UP_TO", 0)
        assert _common.links_from_edges(grid, edges) == plain
    assert isinstance(plain, bytearray)


@given(st.integers(1, 4096), st.data())
def test_the_distances_counted_in_lanes_are_numpy_s_count(n: int, data: st.DataObject) -> None:
    """_count_nearer counts what bfs_expanded's numpy path counts: 0 <= distance < goal."""
    values = data.draw(st.lists(st.integers(-1, n - 1), min_size=n + 1, max_size=n + 1))
    dist = array("i", values)
    goal = data.draw(st.sampled_from([-1, 0, n - 1, *values]))
    d = np.frombuffer(dist, dtype=np.int32)[:-1]
    expected = int(np.count_nonzero((d >= 0) & (d < goal)))
    assert metrics._count_nearer(dist, n, goal) == expected


@settings(max_examples=150, deadline=None)
@given(small_mazes())
def test_a_small_maze_s_metrics_are_numpy_s(maze: Maze) -> None:
    plain = metrics.measure(_fresh(maze))
    with pytest.MonkeyPatch.context() as patch:
        for module in (grid_module, _common, metrics, braid_module):
            patch.setattr(module, "LIST_UP_TO", 0)
        assert metrics.measure(_fresh(maze)) == plain
        assert metrics.bfs_expanded(_fresh(maze).split_view) == plain.bfs_expanded


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["keys", "one-way"]), st.integers(0, 2**32))
def test_a_rule_maze_s_metrics_are_numpy_s(name: str, seed: int) -> None:
    """A walk with keys may pass a cell twice: on a tree it is one decision point there."""
    kind = KINDS[name]
    assert isinstance(kind, RuleKind)
    made = kind.lay(generate("backtracker", 7, 8, seed=seed), 6)
    assume(made is not None)
    assert made is not None
    plain = metrics.measure(_fresh(made))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(metrics, "LIST_UP_TO", 0)
        assert metrics.measure(_fresh(made)) == plain


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.data())
def test_a_rectangle_s_distances_to_the_goal_are_its_centres(
    width: int, height: int, data: st.DataObject
) -> None:
    grid = make_grid("rect", width, height)
    goal = data.draw(st.integers(0, grid.size - 1))
    fast = strategies.Geometry(grid)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "plain_rect", lambda grid: False)
        plain = strategies.Geometry(grid)
    near = strategies._goal_distances(fast, goal)
    assert (
        np.asarray(near).tobytes() == np.asarray(strategies._goal_distances(plain, goal)).tobytes()
    )


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(2, 16), st.integers(2, 16), st.data())
def test_a_small_braid_is_numpy_s(shape: str, width: int, height: int, data: st.DataObject) -> None:
    try:
        maze = generate(
            "backtracker", width, height, seed=data.draw(st.integers(0, 2**32)), shape=shape
        )
    except MazebookError:
        assume(False)
        raise
    fraction = data.draw(st.floats(0.0, 1.0))
    seed = data.draw(st.integers(0, 2**64))
    rng = random.Random(seed)
    plain = braid_module.braid(maze.grid, maze.links, fraction, rng)
    after = rng.random()  # as much drawn from rng either way
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(braid_module, "LIST_UP_TO", 0)
        rng = random.Random(seed)
        assert braid_module.braid(maze.grid, maze.links, fraction, rng) == plain
        assert rng.random() == after


@given(st.integers(0, 2**128 - 1), st.integers(0, 300), st.integers(2, 2**32))
def test_pcg64_draws_numpy_s_permutation_and_integers(entropy: int, count: int, high: int) -> None:
    gen = np.random.default_rng(entropy)
    expected = gen.permutation(count).tolist(), gen.integers(0, high, size=count).tolist()
    plain = _pcg.Pcg64(entropy)
    assert (plain.permutation(count), plain.integers(high, count)) == expected


class _NoNumpy:
    """A module's ``np`` that fails the test when any code asks it for anything."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"numpy's {name} used on a small maze")


@settings(max_examples=40, deadline=None)
@given(
    algorithm=st.sampled_from(["backtracker", "growing-tree", "prim", "hunt-and-kill"]),
    width=st.integers(2, 40),
    height=st.integers(2, 40),
    braid=st.sampled_from([0.0, 0.4, 1.0]),
    seed=st.integers(0, 2**40),
)
def test_a_small_rectangle_is_made_measured_and_walked_without_numpy(
    algorithm: str, width: int, height: int, braid: float, seed: int
) -> None:
    """A book's path through these modules: the grid, the carving, braiding, the metrics,
    both efforts, the strategies and bfs_expanded touch no numpy at a book's sizes."""
    grid_module._shared_rect.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        for module in (grid_module, _common, braid_module, metrics, strategies, effort):
            if hasattr(module, "np"):
                patch.setattr(module, "np", _NoNumpy())
        patch.setattr(strategies, "GEOMETRIES_KEPT", 1)
        strategies.geometry_of.cache_clear()
        maze = generate(algorithm, width, height, seed=seed, braid=braid)
        verdict = assess(maze)
        assert verdict.bfs_expanded == metrics.bfs_expanded(maze)
        metrics.measure(_fresh(maze))
        strategies.shortcut(_fresh(maze))
        assert maze.passage_count() >= maze.size - 1
    grid_module._shared_rect.cache_clear()
    strategies.geometry_of.cache_clear()
