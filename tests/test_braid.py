"""Braids: culling keeps the maze whole, removes the asked share of dead ends, and the solver,
the openings and the metrics stay right on mazes with loops."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import deque
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import Maze, generate, measure
from mazebook.core.braid import braid
from mazebook.core.generators import REGISTRY
from mazebook.errors import InvalidOptionError

SHAPES = ("rect", "circle", "hex", "triangle", "mask")
#: (algorithm, shape) pairs that generate() accepts.
PAIRS = sorted((a, s) for a, spec in REGISTRY.items() for s in SHAPES if spec.supports(s))


def make(algorithm: str, shape: str, w: int, h: int, seed: int, fraction: float) -> Maze:
    extra = {"mask": "heart"} if shape == "mask" else {}
    if shape == "circle":
        h = min(h, 5)
    if shape == "hex":
        w = max(w, h)  # a hexagon needs the width of half its rows
    if shape == "mask":
        w, h = max(w, 2), max(h, 2)  # a one-cell-wide heart leaves fewer than two cells
    return generate(algorithm, w, h, seed=seed, shape=shape, braid=fraction, **extra)


def neighbours_by_passage(maze: Maze, cell: int) -> list[int]:
    g = maze.grid
    return [
        g.adj[cell * g.degree + k]
        for k in range(g.degree)
        if maze.links[cell] >> k & 1 and g.adj[cell * g.degree + k] != g.size
    ]


def plain_bfs(maze: Maze, source: int) -> dict[int, int]:
    """Distances by a textbook breadth-first search over the passages (the reference)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        c = queue.popleft()
        for j in neighbours_by_passage(maze, c):
            if j not in dist:
                dist[j] = dist[c] + 1
                queue.append(j)
    return dist


def degree_of(maze: Maze, cell: int) -> int:
    return bin(maze.links[cell]).count("1")


cases = st.tuples(
    st.sampled_from(PAIRS),
    st.integers(1, 14),
    st.integers(1, 14),
    st.integers(0, 2**40),
    st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]),
)


@pytest.mark.slow
@given(cases)
def test_braid_only_adds_passages_and_keeps_the_maze_whole(case: tuple) -> None:
    (algorithm, shape), w, h, seed, fraction = case
    perfect = make(algorithm, shape, w, h, seed, 0.0)
    braided = make(algorithm, shape, w, h, seed, fraction)
    g = braided.grid
    for c in range(g.size):
        assert perfect.links[c] & ~braided.links[c] == 0  # no passage closed
        for k in range(g.degree):
            if braided.links[c] >> k & 1:  # passages are two-sided and lead to a real cell
                j = g.adj[c * g.degree + k]
                assert j != g.size
                assert braided.links[j] >> g.back[c * g.degree + k] & 1
    assert len(plain_bfs(braided, 0)) == len(plain_bfs(perfect, 0))
    assert braided == make(algorithm, shape, w, h, seed, fraction)  # same seed, same maze


@pytest.mark.slow
@given(cases)
def test_solution_is_a_shortest_path_on_braided_mazes(case: tuple) -> None:
    (algorithm, shape), w, h, seed, fraction = case
    maze = make(algorithm, shape, w, h, seed, fraction)
    path = maze.solution_cells
    assert path[0] == maze.entrance.cell and path[-1] == maze.exit.cell
    for a, b in pairwise(path):
        assert b in neighbours_by_passage(maze, a)
    assert len(path) - 1 == plain_bfs(maze, maze.entrance.cell)[maze.exit.cell]


@pytest.mark.slow
@given(cases)
def test_full_braid_leaves_only_dead_ends_that_cannot_open(case: tuple) -> None:
    (algorithm, shape), w, h, seed, _ = case
    maze = make(algorithm, shape, w, h, seed, 1.0)
    g = maze.grid
    for c in range(g.size):
        if degree_of(maze, c) == 1:
            assert len(g.neighbors(c)) == 1, f"cell {c} could still be opened"


@pytest.mark.slow
@given(cases)
def test_braid_removes_the_asked_share_of_dead_ends(case: tuple) -> None:
    (algorithm, shape), w, h, seed, fraction = case
    perfect = make(algorithm, shape, w, h, seed, 0.0)
    braided = make(algorithm, shape, w, h, seed, fraction)
    g = perfect.grid
    removable = sum(degree_of(perfect, c) == 1 and len(g.neighbors(c)) > 1 for c in range(g.size))
    before = sum(degree_of(perfect, c) == 1 for c in range(g.size))
    after = sum(degree_of(braided, c) == 1 for c in range(g.size))
    asked = round(fraction * removable)
    assert asked <= before - after <= asked + 1


@pytest.mark.slow
def test_half_braid_on_a_large_maze_removes_about_half() -> None:
    perfect = generate("kruskal", 60, 60, seed=5)
    half = generate("kruskal", 60, 60, seed=5, braid=0.5)
    assert measure(half).dead_ends == pytest.approx(measure(perfect).dead_ends / 2, abs=1)


def test_no_braid_is_the_maze_it_always_was() -> None:
    plain = generate("backtracker", 12, 9, seed=3)
    zero = generate("backtracker", 12, 9, seed=3, braid=0.0)
    assert zero == plain and "braid" not in zero.options
    braided = generate("backtracker", 12, 9, seed=3, braid=0.3)
    assert braided.options["braid"] == 0.3
    assert braided != plain


def test_braid_draws_only_from_its_rng() -> None:
    maze = generate("kruskal", 20, 20, seed=1)
    a = braid(maze.grid, maze.links, 0.5, random.Random(9))
    b = braid(maze.grid, maze.links, 0.5, random.Random(9))
    c = braid(maze.grid, maze.links, 0.5, random.Random(10))
    assert a == b != c


@pytest.mark.parametrize("bad", [-0.1, 1.01, math.nan, math.inf, "0.5", True, None])
def test_bad_braid_is_refused(bad: object) -> None:
    with pytest.raises(InvalidOptionError, match="braid"):
        generate("backtracker", 5, 5, seed=1, braid=bad)  # type: ignore[arg-type]


def brute_branches(maze: Maze) -> list[tuple[int, int]]:
    """(cells, greatest distance from the solution) of each part left without the solution."""
    on_path = set(maze.solution_cells)
    reach = plain_bfs(maze, maze.entrance.cell)
    # distance from the solution: a breadth-first search from all its cells at once
    away = dict.fromkeys(on_path, 0)
    queue = deque(on_path)
    while queue:
        c = queue.popleft()
        for j in neighbours_by_passage(maze, c):
            if j not in away:
                away[j] = away[c] + 1
                queue.append(j)
    seen: set[int] = set()
    out = []
    for start in reach:
        if start in on_path or start in seen:
            continue
        part = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            for j in neighbours_by_passage(maze, c):
                if j not in on_path and j not in part:
                    part.add(j)
                    todo.append(j)
        seen |= part
        out.append((len(part), max(away[c] for c in part)))
    return out


@pytest.mark.slow
@given(cases)
def test_metrics_are_right_on_mazes_with_loops(case: tuple) -> None:
    (algorithm, shape), w, h, seed, fraction = case
    maze = make(algorithm, shape, w, h, seed, fraction)
    m = measure(maze)
    g = maze.grid
    degrees = [degree_of(maze, c) for c in range(g.size)]
    passages = sum(degrees) // 2
    assert m.loops == passages - g.size + 1
    assert m.dead_ends == degrees.count(1)
    assert m.junctions == sum(d >= 3 for d in degrees)
    branches = brute_branches(maze)
    assert m.branches == len(branches)
    assert m.branch_cells == sum(s for s, _ in branches) == g.size - m.solution_length
    assert m.branch_max == max((s for s, _ in branches), default=0)
    assert m.branch_depth_max == max((d for _, d in branches), default=0)
    on_path = set(maze.solution_cells)
    assert m.decision_points == sum(
        any(j not in on_path for j in neighbours_by_passage(maze, c)) for c in on_path
    )
    # runs between junctions and dead ends: walk each one from its end cell
    nodes = [c for c in range(g.size) if degrees[c] != 2]
    runs = sum(degrees[c] for c in nodes) / 2
    if runs:
        assert m.corridor_mean == pytest.approx(passages / runs, abs=1e-4)


@pytest.mark.slow
def test_cli_braid_flag() -> None:
    run = [sys.executable, "-m", "mazebook", "maze", "-s", "9x7", "--seed", "4", "-f", "json"]
    done = subprocess.run([*run, "--braid", "1"], capture_output=True, text=True, check=True)
    data = json.loads(done.stdout)
    assert data["options"]["braid"] == 1.0
    maze = Maze.from_dict(data)
    assert measure(maze).dead_ends == 0 and measure(maze).loops > 0
    plain = subprocess.run(run, capture_output=True, text=True, check=True)
    assert "braid" not in json.loads(plain.stdout)["options"]
    bad = subprocess.run([*run, "--braid", "1.5"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and "braid" in bad.stderr


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_culling_prefers_a_neighbouring_dead_end(seed: int) -> None:
    # pairing two dead ends removes both with one new loop; kruskal has many side by side,
    # so a full braid adds about 0.65 loops per dead end removed (0.83 if neighbours were
    # picked without that preference)
    perfect = measure(generate("kruskal", 30, 30, seed=seed))
    braided = measure(generate("kruskal", 30, 30, seed=seed, braid=1.0))
    assert braided.loops / (perfect.dead_ends - braided.dead_ends) < 0.75
