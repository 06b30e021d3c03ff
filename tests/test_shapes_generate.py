"""Every graph generator on every shape makes a perfect maze; solver, metrics, dict form, CLI."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import Maze, generate, measure, solve
from mazebook.core.generators import REGISTRY
from mazebook.core.grid import Grid, bfs
from mazebook.core.shapes import make_grid
from mazebook.errors import InvalidOptionError, MazeFormatError, UnsupportedShapeError

GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)
RECT_ONLY = sorted(name for name, spec in REGISTRY.items() if spec.shapes == {"rect"})


def assert_perfect(grid: Grid, links: bytes | bytearray) -> None:
    """A spanning tree: passages both ways, only between neighbours, n - 1 of them, connected."""
    n, deg = grid.size, grid.degree
    count = 0
    for c in range(n):
        for k in range(deg):
            if links[c] >> k & 1:
                j = grid.adj[c * deg + k]
                assert j != n, f"cell {c} opens slot {k} onto nothing"
                assert links[j] >> grid.back[c * deg + k] & 1, "passage recorded on one side only"
                count += 1
    assert count // 2 == n - 1
    dist, _, _ = bfs(grid, links, 0)
    assert min(dist[:n]) >= 0, "some cell cannot be reached"


SHAPES: dict[str, Any] = {
    "circle": st.tuples(st.integers(1, 30), st.integers(1, 6)).map(
        lambda s: (s, {"inner": 3 + s[1] % 6})
    ),
    "hex": st.tuples(
        st.integers(1, 9), st.integers(1, 8), st.sampled_from(["rect", "hexagon"])
    ).map(lambda s: ((max(s[0], s[1] // 2 + 1), s[1]), {"outline": s[2]})),
    "triangle": st.tuples(
        st.integers(1, 14), st.integers(1, 8), st.sampled_from(["rect", "triangle"])
    ).map(lambda s: ((max(s[0], 2), s[1]), {"outline": s[2]})),
    "mask": st.tuples(
        st.integers(3, 16),
        st.integers(3, 16),
        st.sampled_from(["heart", "star", "circle", "diamond"]),
    ).map(lambda s: ((s[0], s[1]), {"mask": s[2], "parts": "join"})),
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(SHAPES))
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_graph_generator_makes_perfect_mazes_on_every_shape(
    shape: str, data: st.DataObject, seed: int
) -> None:
    algorithm = data.draw(st.sampled_from(GRAPH))
    (width, height), options = data.draw(SHAPES[shape])
    maze = generate(algorithm, width, height, seed=seed, shape=shape, **options)
    assert maze.shape == shape
    assert_perfect(maze.grid, maze.links)
    assert maze == generate(algorithm, width, height, seed=seed, shape=shape, **options)
    path = solve(maze)
    assert path == list(maze.solution_cells)
    assert path[0] == maze.entrance.cell and path[-1] == maze.exit.cell
    for a, b in itertools.pairwise(path):
        assert maze.links[a] >> maze.grid.slot_to(a, b) & 1
    metrics = measure(maze)
    assert metrics.cells == maze.size and metrics.solution_length == len(path)
    assert 0.0 <= metrics.difficulty <= 10.0
    data_dict = json.loads(json.dumps(maze.to_dict()))
    assert Maze.from_dict(data_dict) == maze


@pytest.mark.parametrize("algorithm", GRAPH)
@pytest.mark.parametrize(
    ("shape", "options"),
    [("circle", {}), ("hex", {}), ("triangle", {}), ("mask", {"mask": "heart"})],
)
def test_graph_generators_run_directly_on_each_shape(
    algorithm: str, shape: str, options: dict
) -> None:
    grid = make_grid(shape, 14, 10, **options)
    spec = REGISTRY[algorithm]
    assert_perfect(grid, spec.run(grid, random.Random(3), spec.resolve_options({})))


def test_the_rectangle_only_generators_are_the_four_named() -> None:
    assert sorted(RECT_ONLY) == ["binary-tree", "eller", "recursive-division", "sidewinder"]


@pytest.mark.parametrize("algorithm", RECT_ONLY)
@pytest.mark.parametrize("shape", ["circle", "hex", "triangle", "mask"])
def test_rectangle_only_generators_refuse_other_shapes(algorithm: str, shape: str) -> None:
    options = {"mask": "heart"} if shape == "mask" else {}
    with pytest.raises(UnsupportedShapeError, match="work on every shape"):
        generate(algorithm, 10, 8, seed=1, shape=shape, **options)


def test_circle_default_goal_is_the_centre_and_entrance_the_farthest_outer_cell() -> None:
    maze = generate("backtracker", 9, 7, seed=12, shape="circle")
    assert maze.exit.cell == 0 and maze.exit.side is None
    dist, _, _ = bfs(maze.grid, maze.links, 0)
    outer = [c for c, _ in maze.grid.boundary]
    assert maze.entrance.cell in outer
    assert dist[maze.entrance.cell] == max(dist[c] for c in outer)
    assert maze.solution_cells[-1] == 0


@pytest.mark.parametrize("openings", ["corners", "random"])
def test_other_opening_policies_use_the_outline(openings: str) -> None:
    for shape, options in (("circle", {}), ("hex", {}), ("triangle", {})):
        maze = generate("backtracker", 8, 6, seed=2, shape=shape, openings=openings, **options)
        assert (maze.entrance.cell, maze.entrance.side) in maze.grid.boundary
        assert (maze.exit.cell, maze.exit.side) in maze.grid.boundary


def test_explicit_openings_by_cell_number() -> None:
    last = make_grid("circle", 8, 4).size - 1
    maze = generate("backtracker", 8, 4, seed=2, shape="circle", entrance=0, exit=last)
    assert maze.entrance == (0, None) and maze.exit == (last, 3)
    inner = generate("backtracker", 8, 4, seed=2, shape="circle", entrance=30, exit=0)
    assert inner.entrance == (30, None) and inner.solution_cells[0] == 30
    with pytest.raises(InvalidOptionError, match="cell number from 0 to"):
        generate("backtracker", 8, 4, seed=2, shape="hex", entrance=[0, 0], exit=3)


def test_graph_form_contract() -> None:
    maze = generate("backtracker", 6, 3, seed=8, shape="circle")
    d = maze.to_dict()
    n = d["cells"]
    assert d["shape"] == "circle" and n == maze.size
    assert len(d["neighbors"]) == n
    assert all(0 <= j < n for row in d["neighbors"] for j in row)
    assert all(i in d["neighbors"][j] for i, row in enumerate(d["neighbors"]) for j in row)
    assert len(d["passages"]) == n - 1
    assert all(b in d["neighbors"][a] for a, b in d["passages"])
    assert d["solution"][0] == d["entrance"] and d["solution"][-1] == d["exit"] == 0
    assert d["grid_params"] == {"inner": 6}
    assert json.loads(json.dumps(d)) == d


def test_graph_form_is_checked_on_reading() -> None:
    d = generate("backtracker", 7, 5, seed=8, shape="hex").to_dict()
    bad = dict(d, passages=[[0, d["cells"] - 1]])
    with pytest.raises(MazeFormatError, match="neighbouring"):
        Maze.from_dict(bad)
    with pytest.raises(MazeFormatError, match="neighbors"):
        Maze.from_dict(dict(d, grid_params={"outline": "rect"}, cells=35))
    with pytest.raises(MazeFormatError, match="outer side"):
        Maze.from_dict(dict(d, entrance_side=7))
    with pytest.raises(MazeFormatError, match="cannot be rebuilt"):
        Maze.from_dict(dict(d, grid_params={"outline": "oval"}))


def test_mask_graph_form_rebuilds_without_the_font() -> None:
    maze = generate("backtracker", 30, 9, seed=1, shape="mask", text="Hi")
    d = json.loads(json.dumps(maze.to_dict()))
    assert set(d["grid_params"]) == {"cells"} and d["options"]["text"] == "Hi"
    assert Maze.from_dict(d) == maze


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mazebook.app.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_cli_json_prints_the_graph_form() -> None:
    out = _cli("maze", "--shape", "triangle", "-s", "9x5", "--seed", "4", "--format", "json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["shape"] == "triangle" and len(d["passages"]) == d["cells"] - 1 == 24
    assert Maze.from_dict(d) == generate("backtracker", 9, 5, seed=4, shape="triangle")


@pytest.mark.slow
def test_cli_shape_knobs_and_errors() -> None:
    ok = _cli("maze", "--shape", "hex", "-s", "5x4", "-O", "outline=rect", "--format", "json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["cells"] == 20
    bad = _cli("maze", "--shape", "mask", "--mask", "blob", "-s", "9x9")
    assert bad.returncode != 0 and "heart" in bad.stderr
