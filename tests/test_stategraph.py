"""The effort model, the strategies and bfs_expanded on a rule maze's graph of states: the same
numbers as the plain model where there are no rules, the exact efforts what a simulated solver
averages, and the checks of a level applied to rule mazes."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.maze import Maze
from mazebook.difficulty.effort import directional_efforts
from mazebook.difficulty.metrics import bfs_expanded
from mazebook.difficulty.stategraph import (
    Heading,
    assess_rules,
    layered_effort,
    rule_effort,
    simulated_effort,
    state_bfs_expanded,
)
from mazebook.difficulty.strategies import shortcut
from mazebook.kinds import KINDS
from mazebook.kinds.rule_maze import RuleKind

from .rulesolve import Puzzle


@settings(max_examples=40)
@given(
    algorithm=st.sampled_from(["backtracker", "kruskal", "hunt-and-kill", "prim"]),
    width=st.integers(2, 14),
    height=st.integers(2, 14),
    seed=st.integers(0, 2**40),
)
def test_without_rules_every_number_is_the_plain_models(
    algorithm: str, width: int, height: int, seed: int
) -> None:
    maze = generate(algorithm, width, height, seed=seed)
    forward, backward = directional_efforts(maze)
    measured = assess_rules(maze)
    assert measured.forward.mean == pytest.approx(forward.mean, abs=1e-9)
    assert measured.backward is not None
    assert measured.backward.mean == pytest.approx(backward.mean, abs=1e-9)
    heading = Heading(maze.grid, maze.links, maze.exit.cell)
    layered = layered_effort(maze.state_space, heading)
    assert layered is not None and layered.mean == pytest.approx(forward.mean, abs=1e-9)
    plain = {(w.strategy, w.direction): w.moves for w in shortcut(maze).walks}
    assert {(w.strategy, w.direction): w.moves for w in measured.shortcut.walks} == plain
    assert state_bfs_expanded(maze) == bfs_expanded(maze)


def _made(name: str, seed: int, level: int = 6) -> Maze:
    kind = KINDS[name]
    assert isinstance(kind, RuleKind)
    for attempt in range(20):
        made = kind.lay(generate("backtracker", 7, 8, seed=seed * 100 + attempt), level)
        if made is not None:
            return made
    raise AssertionError("no room for the rules in 20 mazes")


@pytest.mark.parametrize(
    ("name", "seed"), [("one-way", 1), ("one-way", 2), ("keys", 1), ("keys", 2)]
)
def test_the_exact_effort_is_what_the_simulated_solver_averages(name: str, seed: int) -> None:
    maze = _made(name, seed)
    exact = rule_effort(maze)
    assert exact.forward.runs == 0  # worked out, not simulated
    heading = Heading(maze.grid, maze.links, maze.exit.cell)
    simulated = simulated_effort(maze.state_space, heading, runs=1500, seed=seed)
    assert exact.forward.mean == pytest.approx(simulated.mean, abs=4 * simulated.stderr + 0.5)
    if exact.backward is not None:
        back = Heading(maze.grid, maze.links, maze.entrance.cell)
        again = simulated_effort(maze.state_space, back, runs=1500, seed=seed, backward=True)
        assert exact.backward.mean == pytest.approx(again.mean, abs=4 * again.stderr + 0.5)


def test_keys_have_no_effort_from_finish_and_one_way_has_both() -> None:
    keys, one_way = rule_effort(_made("keys", 3)), rule_effort(_made("one-way", 3))
    assert keys.backward is None and keys.effort == keys.forward.mean
    assert one_way.backward is not None
    assert one_way.effort == min(one_way.forward.mean, one_way.backward.mean)


@settings(max_examples=25)
@given(name=st.sampled_from(["one-way", "keys"]), seed=st.integers(0, 2**32))
def test_bfs_expanded_counts_the_states_nearer_start_than_finish(name: str, seed: int) -> None:
    maze = generate("kruskal", 8, 9, seed=seed)
    made = KINDS[name].lay(maze, 7)  # type: ignore[attr-defined]
    assume(made is not None)
    puzzle = Puzzle.from_json(made.to_dict())
    # the tests' own breadth-first search over (cell, letters held)
    dist = {puzzle.first(): 0}
    queue = [puzzle.first()]
    for state in queue:
        for nxt in puzzle.moves(state):
            if nxt not in dist:
                dist[nxt] = dist[state] + 1
                queue.append(nxt)
    goal = min(d for s, d in dist.items() if s[0] == puzzle.goal)
    assert state_bfs_expanded(made) == sum(1 for d in dist.values() if d < goal)


def test_a_graph_that_is_no_tree_is_simulated() -> None:
    maze = generate("backtracker", 8, 8, seed=4, braid=0.5)  # loops without arrows
    measured = rule_effort(maze)
    assert measured.forward.runs > 0 and measured.backward is not None
    again = rule_effort(maze)
    assert again.forward.mean == measured.forward.mean  # seeded from the maze itself
