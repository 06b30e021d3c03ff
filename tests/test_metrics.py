"""Metrics: each field checked against a direct recount, and difficulty rising with size."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import Maze, generate, measure
from mazebook.core.generators import REGISTRY
from mazebook.difficulty.metrics import difficulty_score


def degrees(maze: Maze) -> list[int]:
    return [bin(b).count("1") for b in maze.links]


def brute_branches(maze: Maze) -> list[tuple[int, int]]:
    """(size, depth) of every false branch, by flood fill from each off-path neighbour."""
    on_path = set(maze.solution_cells)
    out = []
    for c in maze.solution_cells:
        for j in maze.grid.neighbors(c):
            k = maze.grid.slot_to(c, j)
            if maze.links[c] >> k & 1 and j not in on_path:
                seen = {j: 1}
                todo = [j]
                while todo:
                    a = todo.pop()
                    for b in maze.grid.neighbors(a):
                        if (
                            maze.links[a] >> maze.grid.slot_to(a, b) & 1
                            and b not in seen
                            and b not in on_path
                        ):
                            seen[b] = seen[a] + 1
                            todo.append(b)
                out.append((len(seen), max(seen.values())))
    return out


@pytest.mark.slow
@given(
    algorithm=st.sampled_from(sorted(REGISTRY)),
    width=st.integers(1, 12),
    height=st.integers(1, 12),
    seed=st.integers(0, 10**9),
)
def test_metrics_match_a_direct_recount(algorithm: str, width: int, height: int, seed: int) -> None:
    maze = generate(algorithm, width, height, seed=seed)
    m = measure(maze)
    deg = degrees(maze)
    n = width * height
    assert m.cells == n
    assert m.solution_length == len(maze.solution_cells)
    assert m.dead_ends == deg.count(1)
    assert m.junctions == sum(d >= 3 for d in deg)
    assert m.crossroads == sum(d >= 4 for d in deg)
    branches = brute_branches(maze)
    assert m.branches == len(branches)
    assert m.branch_cells == sum(s for s, _ in branches) == n - m.solution_length
    assert m.branch_max == max((s for s, _ in branches), default=0)
    assert m.branch_depth_max == max((d for _, d in branches), default=0)
    on_path = set(maze.solution_cells)
    assert m.decision_points == sum(
        any(
            j not in on_path and maze.links[c] >> maze.grid.slot_to(c, j) & 1
            for j in maze.grid.neighbors(c)
        )
        for c in maze.solution_cells
    )
    assert 0.0 <= m.difficulty <= 10.0


def test_turns_and_corridors_on_a_known_maze() -> None:
    # a 3x2 maze carved by hand: S-shaped path (0,0)->(2,0)->(2,1)->(0,1)
    d = {
        "width": 3,
        "height": 2,
        "walls": [[1 | 4, 1 | 4, 1 | 2], [1 | 4, 1 | 4, 2 | 4]],  # west sides open: the openings
        "entrance": [0, 0],
        "exit": [0, 1],
        "entrance_side": "W",
        "exit_side": "W",
    }
    maze = Maze.from_dict(d)
    m = measure(maze)
    assert m.solution_length == 6
    assert m.turns == 2  # right..., down, left...
    assert m.dead_ends == 2 and m.junctions == 0
    assert m.corridor_mean == 5.0  # one corridor of five passages between the two ends
    assert m.decision_points == 0 and m.branches == 0


@pytest.mark.slow
def test_difficulty_rises_with_size_on_average() -> None:
    means = []
    for size in (5, 10, 20, 40):
        scores = [measure(generate("backtracker", size, size, seed=s)).difficulty for s in range(8)]
        means.append(sum(scores) / len(scores))
    assert means == sorted(means) and means[-1] - means[0] > 4


def test_difficulty_score_is_monotone_in_each_term() -> None:
    base = difficulty_score(100, 10, 5.0, 30)
    assert difficulty_score(200, 10, 5.0, 30) > base
    assert difficulty_score(100, 20, 5.0, 30) > base
    assert difficulty_score(100, 10, 10.0, 30) > base
    assert difficulty_score(100, 10, 5.0, 60) > base
    assert difficulty_score(1, 0, 0.0, 0) == 0.0


@given(
    st.sampled_from(["backtracker", "growing-tree", "prim"]),
    st.integers(2, 12),
    st.integers(2, 12),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 1.0]),
)
def test_the_metrics_record_is_every_field_by_name(
    algorithm: str, width: int, height: int, seed: int, weave: float
) -> None:
    """Metrics.to_dict: the fields in their order, as dataclasses.asdict gives them, with
    crossings only where the maze has some."""
    metrics = measure(generate(algorithm, width, height, seed=seed, weave=weave))
    expected = dataclasses.asdict(metrics)
    if not metrics.crossings:
        del expected["crossings"]
    assert list(metrics.to_dict().items()) == list(expected.items())
