"""The solving-effort model: exact where it can be, agreeing with its own simulation, and
ranking obviously easy mazes below obviously hard ones."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.generators import REGISTRY
from mazebook.difficulty.effort import effort_parts, maze_seed, solving_effort
from mazebook.errors import InvalidOptionError


def mean_effort(algorithm: str, w: int, h: int, seeds: range, **kw: object) -> float:
    return statistics.mean(
        solving_effort(generate(algorithm, w, h, seed=s, **kw))
        for s in seeds  # type: ignore[arg-type]
    )


def mean_forward(algorithm: str, w: int, h: int, seeds: range, **kw: object) -> float:
    """The mean effort from START only (effort_parts: one direction)."""
    return statistics.mean(
        effort_parts(generate(algorithm, w, h, seed=s, **kw)).mean  # type: ignore[arg-type]
        for s in seeds
    )


@pytest.mark.parametrize("algorithm", ["backtracker", "kruskal", "binary-tree"])
def test_a_corridor_costs_its_length_and_longer_corridors_cost_more(algorithm: str) -> None:
    efforts = [solving_effort(generate(algorithm, length, 1, seed=1)) for length in range(1, 40)]
    assert efforts == [float(n) for n in range(1, 40)]


def test_tiny_mazes_cost_next_to_nothing() -> None:
    assert solving_effort(generate("backtracker", 1, 1, seed=0)) == 1.0
    for s in range(10):
        maze = generate("kruskal", 2, 2, seed=s)
        assert solving_effort(maze) == len(maze.solution_cells)  # every pocket is in sight


@pytest.mark.slow
@given(
    algorithm=st.sampled_from(sorted(REGISTRY)),
    w=st.integers(1, 15),
    h=st.integers(1, 15),
    seed=st.integers(0, 2**40),
)
def test_effort_lies_between_the_solution_and_exploring_everything(
    algorithm: str, w: int, h: int, seed: int
) -> None:
    maze = generate(algorithm, w, h, seed=seed)
    e = effort_parts(maze)
    n, length = maze.size, len(maze.solution_cells)
    assert e.runs == 0 and e.stderr == 0.0  # a perfect maze is computed exactly
    assert e.solution == length
    assert length <= e.mean <= length + 2 * (n - length)
    assert e.wrong == pytest.approx(e.mean - length)


@pytest.mark.slow
@settings(max_examples=12)
@given(
    algorithm=st.sampled_from(["backtracker", "kruskal", "hunt-and-kill", "prim", "wilson"]),
    shape=st.sampled_from(["rect", "hex", "circle", "triangle"]),
    size=st.integers(3, 9),
    seed=st.integers(0, 2**40),
)
def test_the_exact_expectation_is_what_the_simulated_solver_averages(
    algorithm: str, shape: str, size: int, seed: int
) -> None:
    maze = generate(algorithm, size, size if shape != "circle" else 3, seed=seed, shape=shape)
    exact = effort_parts(maze, method="exact")
    sim = effort_parts(maze, method="simulate", runs=600, seed=seed)
    assert sim.runs == 600
    assert abs(sim.mean - exact.mean) <= 4.5 * sim.stderr + 1e-9


def test_binary_tree_toward_its_bias_corner_is_easy() -> None:
    # every cell of a north-east binary tree has a path that only goes north or east, so a
    # goal-seeking solver entering at the south-west corner rarely goes wrong
    seeds = range(8)
    toward = mean_forward("binary-tree", 20, 20, seeds, entrance=[0, 19], exit=[19, 0])
    away = mean_forward("binary-tree", 20, 20, seeds, entrance=[19, 0], exit=[0, 19])
    backtracker = mean_forward("backtracker", 20, 20, seeds, entrance=[0, 19], exit=[19, 0])
    assert toward < 0.6 * away
    # a maze's effort is the easier end's: the same whichever way round its openings are
    both = mean_effort("binary-tree", 20, 20, seeds, entrance=[19, 0], exit=[0, 19])
    assert both == pytest.approx(toward)
    assert toward < 0.5 * backtracker
    assert toward < 2.5 * 39  # the solution is 39 cells


@pytest.mark.slow
@pytest.mark.parametrize(
    "algorithm", ["backtracker", "hunt-and-kill", "kruskal", "prim", "recursive-division"]
)
def test_bigger_mazes_take_more_effort(algorithm: str) -> None:
    sizes = [(6, 8), (12, 16), (24, 32), (40, 60)]
    means = [mean_effort(algorithm, w, h, range(6)) for w, h in sizes]
    assert means == sorted(means)
    assert means[-1] > 10 * means[0]


@pytest.mark.slow
def test_long_winding_backtracker_beats_branchy_prim_at_one_size() -> None:
    assert mean_effort("backtracker", 30, 40, range(6)) > 1.5 * mean_effort(
        "prim", 30, 40, range(6)
    )


@pytest.mark.slow
def test_braiding_lowers_the_effort_of_a_backtracker_maze() -> None:
    # what the model shows (docs/effort.md): culling dead ends opens short cuts out of wrong
    # branches, and a pencil-marking solver gains more from them than it loses in loops
    seeds = range(5)
    perfect = statistics.mean(
        solving_effort(generate("backtracker", 30, 40, seed=s)) for s in seeds
    )
    braided = statistics.mean(
        solving_effort(generate("backtracker", 30, 40, seed=s, braid=1.0), runs=24) for s in seeds
    )
    assert braided < 0.85 * perfect


def test_braided_effort_is_simulated_and_seeded() -> None:
    maze = generate("kruskal", 15, 15, seed=2, braid=0.5)
    e = effort_parts(maze)
    assert e.runs > 0 and e.stderr > 0
    assert e == effort_parts(maze)  # the default seed comes from the maze itself
    assert effort_parts(maze, seed=maze_seed(maze)) == e
    assert effort_parts(maze, seed=1) != effort_parts(maze, seed=2)
    assert e.mean >= e.solution


def test_bad_arguments_are_refused() -> None:
    maze = generate("kruskal", 5, 5, seed=2)
    with pytest.raises(InvalidOptionError, match="method"):
        solving_effort(maze, method="guess")
    with pytest.raises(InvalidOptionError, match="runs"):
        solving_effort(maze, runs=0)
    with pytest.raises(InvalidOptionError, match="loops"):
        solving_effort(generate("kruskal", 5, 5, seed=2, braid=1.0), method="exact")


@pytest.mark.slow
def test_braiding_hardly_changes_the_effort_of_a_kruskal_maze() -> None:
    # kruskal's many short dead ends are seen and skipped at no cost; culling them trades
    # them for loops, and the modelled effort moves by well under half a level either way
    seeds = range(5)
    perfect = statistics.mean(solving_effort(generate("kruskal", 33, 44, seed=s)) for s in seeds)
    braided = statistics.mean(
        solving_effort(generate("kruskal", 33, 44, seed=s, braid=1.0), runs=16) for s in seeds
    )
    assert 1 / 1.35 < braided / perfect < 1.35
