"""Every generator, every option, every rectangle from 1x1: perfect, consistent, reproducible.

Property-based (hypothesis) over the registry: the maze is a spanning tree, the wall bits agree
on both sides of every wall, exactly two outer walls are open, the solution is a real and
shortest path from the entrance to the exit, a seed gives one maze and the dict form round-
trips. Graph algorithms are also run on a scrambled, padded grid that is not a rectangle at
all, and on rectangles large enough for their vectorised code paths. Option validation and
the refusal of non-rectangles by the rectangle-only algorithms are checked too.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from array import array
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.core.engine import generate
from mazebook.core.generators import REGISTRY, GeneratorSpec, _walk, get, wilson
from mazebook.core.generators._common import adj_array, numpy_rng, undirected_edges
from mazebook.core.grid import Grid, bfs, rect_grid
from mazebook.core.maze import Maze
from mazebook.errors import InvalidOptionError, MazebookError, UnsupportedShapeError

NAMES = list(REGISTRY)
GRAPH = [name for name in NAMES if REGISTRY[name].shapes is None]
RECT_ONLY = [name for name in NAMES if REGISTRY[name].shapes is not None]
EXPECTED = [
    "backtracker",
    "prim",
    "recursive-division",
    "bfs",
    "kruskal",
    "wilson",
    "aldous-broder",
    "hunt-and-kill",
    "eller",
    "sidewinder",
    "binary-tree",
    "growing-tree",
]


def option_values(spec: GeneratorSpec) -> st.SearchStrategy[dict[str, Any]]:
    """Any valid setting of a generator's options (each one given or left to its default)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for option in spec.options:
        if option.choices is not None:
            fields[option.name] = st.sampled_from(option.choices)
        elif option.kind is bool:
            fields[option.name] = st.booleans()
        else:
            lo = 0.0 if option.minimum is None else option.minimum
            hi = 1.0 if option.maximum is None else option.maximum
            fields[option.name] = st.sampled_from([lo, hi]) | st.floats(lo, hi)
    return st.fixed_dictionaries({}, optional=fields)


def passages(grid: Grid, links: bytes | bytearray) -> Iterator[tuple[int, int, int]]:
    """(cell, slot, neighbour) for every passage bit, checking each one on the way."""
    n, degree = grid.size, grid.degree
    for cell in range(n):
        for k in range(degree):
            if links[cell] >> k & 1:
                j = grid.adj[cell * degree + k]
                assert j != n, f"cell {cell} opens slot {k} onto nothing"
                assert links[j] >> grid.back[cell * degree + k] & 1, "passage set on one side"
                yield cell, k, j


def assert_perfect(grid: Grid, links: bytes | bytearray) -> None:
    """A spanning tree: size - 1 passages, every cell reachable."""
    assert len(links) == grid.size
    assert sum(1 for _ in passages(grid, links)) == 2 * (grid.size - 1)
    _, _, order = bfs(grid, links, 0)
    assert len(order) == grid.size, "some cell cannot be reached"


def check_maze(maze: Maze) -> None:
    """Every structural promise of a generated rectangular maze."""
    grid, links = maze.grid, maze.links
    n, w = grid.size, grid.width
    assert_perfect(grid, links)
    assert maze.passage_count() == n - 1
    walls = maze.wall_bits()
    # the wall between two neighbours is the same bit on both sides
    for cell in range(n):
        x, y = grid.xy(cell)
        if x + 1 < w:
            assert bool(walls[cell] & 2) == bool(walls[cell + 1] & 8)
        if y + 1 < grid.height:
            assert bool(walls[cell] & 4) == bool(walls[cell + w] & 1)
    # exactly two outer walls are open: the entrance and the exit
    opened = [(c, k) for c, k in grid.boundary if not walls[c] >> k & 1]
    assert len(opened) == 2
    assert set(opened) == {tuple(maze.entrance), tuple(maze.exit)}
    # the solution runs through passages from the entrance to the exit, and is shortest
    path = maze.solution_cells
    assert path[0] == maze.entrance.cell and path[-1] == maze.exit.cell
    for a, b in itertools.pairwise(path):
        assert links[a] >> grid.slot_to(a, b) & 1
    dist, _, _ = bfs(grid, links, maze.entrance.cell)
    assert len(path) == dist[maze.exit.cell] + 1
    assert len(set(path)) == len(path)


@pytest.mark.slow
@settings(max_examples=150)
@given(
    data=st.data(),
    width=st.integers(1, 12),
    height=st.integers(1, 12),
    seed=st.integers(0, 2**63 - 1),
)
def test_every_generator_makes_a_perfect_maze(
    data: st.DataObject, width: int, height: int, seed: int
) -> None:
    name = data.draw(st.sampled_from(NAMES))
    options = data.draw(option_values(REGISTRY[name]))
    maze = generate(name, width, height, seed=seed, **options)
    check_maze(maze)
    assert maze == generate(name, width, height, seed=seed, **options)
    assert Maze.from_dict(json.loads(json.dumps(maze.to_dict()))) == maze


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_thin_and_tiny_rectangles(name: str) -> None:
    for width, height in [(1, 1), (1, 2), (2, 1), (1, 9), (9, 1), (2, 2), (1, 40), (40, 1)]:
        for seed in range(3):
            check_maze(generate(name, width, height, seed=seed))


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_maze_other_seeds_differ(name: str) -> None:
    grid = rect_grid(9, 7)
    spec = REGISTRY[name]
    options = spec.resolve_options({})
    first = spec.carve(grid, random.Random(42), **options)
    assert spec.carve(grid, random.Random(42), **options) == first
    others = {bytes(spec.carve(grid, random.Random(seed), **options)) for seed in range(8)}
    assert len(others) >= 7  # with millions of possible mazes, a repeat means a bug


@pytest.mark.parametrize("name", NAMES)
def test_carving_leaves_global_random_state_alone(name: str) -> None:
    random.seed(5)
    np.random.seed(5)
    before = (random.random(), np.random.random())
    random.seed(5)
    np.random.seed(5)
    spec = REGISTRY[name]
    spec.carve(rect_grid(30, 30), random.Random(1), **spec.resolve_options({}))
    assert (random.random(), np.random.random()) == before


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_larger_rectangles_are_perfect(name: str) -> None:
    """Sizes past the thresholds of the vectorised paths (random walks, chunked Kruskal ...)."""
    spec = REGISTRY[name]
    for width, height, seed in [(61, 47, 1), (200, 30, 2)]:
        grid = rect_grid(width, height)
        assert_perfect(grid, spec.carve(grid, random.Random(seed)))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_vectorised_walks_on_small_rectangles(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Force the numpy random walk onto tiny grids, where it bounces off the walls constantly."""
    monkeypatch.setattr(_walk, "MIN_SIDE", 1)
    monkeypatch.setattr(wilson, "PY_STEPS", 1)
    spec = REGISTRY[name]
    for width, height in [(1, 1), (1, 6), (6, 1), (2, 2), (2, 5), (7, 3), (12, 12)]:
        grid = rect_grid(width, height)
        for seed in range(5):
            assert_perfect(grid, spec.carve(grid, random.Random(seed)))


def scrambled_grid(width: int, height: int, seed: int, degree: int = 6) -> Grid:
    """A rectangle's cells renumbered at random, each cell's sides shuffled over ``degree`` slots
    with sentinels in the spare ones: nothing a generator could use as rectangle arithmetic."""
    base = rect_grid(width, height)
    n, rng = base.size, random.Random(seed)
    label = list(range(n))
    rng.shuffle(label)
    slot_of: dict[tuple[int, int], int] = {}  # (new cell, old slot) -> new slot
    for cell in range(n):
        slots = list(range(degree))
        rng.shuffle(slots)
        for k in range(4):
            slot_of[label[cell], k] = slots[k]
    adj = array("i", [n]) * (n * degree)
    back = bytearray(b"\xff") * (n * degree)
    for cell in range(n):
        for k in range(4):
            j = base.adj[cell * 4 + k]
            if j != n:
                s = slot_of[label[cell], k]
                adj[label[cell] * degree + s] = label[j]
                back[label[cell] * degree + s] = slot_of[label[j], base.back[cell * 4 + k]]
    boundary = tuple((label[c], slot_of[label[c], k]) for c, k in base.boundary)
    return Grid("fake", width, height, n, degree, adj, bytes(back), boundary)


@pytest.mark.slow
@settings(max_examples=60)
@given(
    name=st.sampled_from(GRAPH),
    width=st.integers(1, 9),
    height=st.integers(1, 9),
    seed=st.integers(0, 2**16),
)
def test_graph_generators_need_no_rectangle(name: str, width: int, height: int, seed: int) -> None:
    grid = scrambled_grid(width, height, seed)
    spec = REGISTRY[name]
    links = spec.run(grid, random.Random(seed), spec.resolve_options({}))
    assert_perfect(grid, links)
    assert spec.run(grid, random.Random(seed), spec.resolve_options({})) == links


@pytest.mark.slow
@pytest.mark.parametrize("name", GRAPH)
def test_graph_generators_on_a_larger_scrambled_grid(name: str) -> None:
    grid = scrambled_grid(40, 30, 7, degree=5)
    spec = REGISTRY[name]
    for options in [{}, *extra_settings(spec)]:
        assert_perfect(grid, spec.run(grid, random.Random(3), spec.resolve_options(options)))


def extra_settings(spec: GeneratorSpec) -> list[dict[str, Any]]:
    """One setting per choice of every option with choices (each variant, mode, bias ...)."""
    return [{o.name: c} for o in spec.options if o.choices for c in o.choices]


def test_registry_order_and_names() -> None:
    assert NAMES == EXPECTED
    assert set(RECT_ONLY) == {"recursive-division", "eller", "sidewinder", "binary-tree"}
    for name, spec in REGISTRY.items():
        assert spec.name == name and spec.summary and get(name) is spec
        for option in spec.options:
            assert option.doc and option.name == option.name.lower()
            spec.resolve_options({option.name: option.default})  # defaults are valid


@pytest.mark.parametrize("name", RECT_ONLY)
def test_rectangle_only_generators_refuse_other_grids(name: str) -> None:
    fake = dataclasses.replace(rect_grid(4, 3), kind="fake")
    spec = REGISTRY[name]
    with pytest.raises(UnsupportedShapeError):
        spec.run(fake, random.Random(0), spec.resolve_options({}))
    assert isinstance(UnsupportedShapeError("x"), MazebookError)


@pytest.mark.parametrize("name", GRAPH)
def test_graph_generators_accept_other_grids(name: str) -> None:
    fake = dataclasses.replace(rect_grid(4, 3), kind="fake")
    spec = REGISTRY[name]
    assert_perfect(fake, spec.run(fake, random.Random(0), spec.resolve_options({})))


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("growing-tree", {"p_newst": 0.3}, 'did you mean "p_newest"'),
        ("sidewinder", {"p_eats": 0.3}, 'did you mean "p_east"'),
        ("prim", {"varient": "true"}, 'did you mean "variant"'),
        ("backtracker", {"bias": "NE"}, "its options: none"),
        ("sidewinder", {"p_east": 1.5}, "between 0.0 and 1.0"),
        ("eller", {"p_down": -0.1}, "between 0.0 and 1.0"),
        ("eller", {"p_join": "half"}, "must be a number"),
        ("binary-tree", {"bias": "XY"}, "must be one of NE, NW, SE, SW"),
        ("binary-tree", {"p_vertical": True}, "must be a number"),
        ("prim", {"variant": "fast"}, "must be one of"),
        ("growing-tree", {"mode": "oldest-first"}, "must be one of"),
        ("recursive-division", {"split": 3}, "must be one of"),
    ],
)
def test_bad_options_are_refused(name: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        generate(name, 5, 5, seed=1, **options)
    assert message in str(caught.value)
    assert isinstance(caught.value, MazebookError)


def test_unknown_algorithm_suggests_a_name() -> None:
    with pytest.raises(MazebookError, match='did you mean "hunt-and-kill"'):
        get("hunt-and-kil")


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 9), (6, 4), (31, 17), (120, 90)])
def test_kruskal_batches_match_plain_kruskal(width: int, height: int) -> None:
    """The batched, vectorised Kruskal carves exactly what the textbook loop carves."""
    grid = rect_grid(width, height)
    for seed in range(3):
        order = numpy_rng(random.Random(seed)).permutation(undirected_edges(grid))
        adj = adj_array(grid)
        parent = list(range(grid.size))
        carved = []
        for e in order.tolist():
            a, b = e // grid.degree, int(adj[e])
            while parent[a] != a:
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a != b:
                parent[a] = b
                carved.append(e)
        expected = bytearray(grid.size)
        for e in carved:
            cell, k = divmod(e, grid.degree)
            expected[cell] |= 1 << k
            expected[adj[e]] |= 1 << grid.back[e]
        assert REGISTRY["kruskal"].carve(grid, random.Random(seed)) == expected
