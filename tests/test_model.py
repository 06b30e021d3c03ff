"""The maze model and generate(): the dict contract, openings, seeds and error classes."""

from __future__ import annotations

import json

import pytest

import mazebook
from mazebook import Maze, MazebookError, generate, solve
from mazebook.core.grid import MAX_SIDE, bfs, rect_grid
from mazebook.core.openings import apart_steps
from mazebook.errors import (
    InvalidOptionError,
    InvalidSizeError,
    MazeFormatError,
    UnknownAlgorithmError,
)

BITS = {"N": 1, "E": 2, "S": 4, "W": 8}


def outer_openings(walls: list[list[int]]) -> list[tuple[int, int, str]]:
    """Every cleared bit of the outer wall, read straight from the wall rows."""
    h, w = len(walls), len(walls[0])
    found = []
    for y in range(h):
        for x in range(w):
            v = walls[y][x]
            for side, bit, edge in (
                ("N", 1, y == 0),
                ("S", 4, y == h - 1),
                ("W", 8, x == 0),
                ("E", 2, x == w - 1),
            ):
                if edge and not v & bit:
                    found.append((x, y, side))
    return found


def test_to_dict_contract_keys_and_types() -> None:
    m = generate("backtracker", 7, 4, seed=11)
    d = m.to_dict()
    for key in ("width", "height", "walls", "entrance", "exit", "solution"):
        assert key in d
    assert (d["width"], d["height"]) == (7, 4)
    assert len(d["walls"]) == 4 and all(len(r) == 7 for r in d["walls"])
    assert all(isinstance(v, int) and 0 <= v <= 15 for r in d["walls"] for v in r)
    assert d["solution"][0] == d["entrance"] and d["solution"][-1] == d["exit"]
    assert [list(m.grid.xy(c)) for c in solve(m)] == d["solution"]
    assert json.loads(json.dumps(d)) == d
    assert Maze.from_dict(json.loads(json.dumps(d))) == m


def test_walls_recorded_the_same_on_both_sides() -> None:
    walls = generate("backtracker", 9, 6, seed=3).walls
    for y in range(6):
        for x in range(9):
            if x + 1 < 9:
                assert bool(walls[y][x] & BITS["E"]) == bool(walls[y][x + 1] & BITS["W"])
            if y + 1 < 6:
                assert bool(walls[y][x] & BITS["S"]) == bool(walls[y + 1][x] & BITS["N"])


@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (2, 2)])
def test_tiny_mazes_have_two_openings(size: tuple[int, int]) -> None:
    m = generate("backtracker", *size, seed=0)
    d = m.to_dict()
    assert len(outer_openings(d["walls"])) == 2
    assert Maze.from_dict(d) == m
    assert len(d["solution"]) >= 1


def test_default_openings_are_apart_and_end_the_longest_such_path() -> None:
    m = generate("backtracker", 12, 9, seed=5)
    grid = m.grid
    boundary = grid.boundary
    count, least = len(boundary), apart_steps(len(boundary))

    def apart(i: int, j: int) -> bool:
        gap = min(abs(i - j), count - abs(i - j))
        return gap >= least and boundary[i][1] != boundary[j][1]

    dist = {c: bfs(grid, m.links, c)[0] for c, _ in boundary}
    best = max(
        dist[a][b]
        for i, (a, _) in enumerate(boundary)
        for j, (b, _) in enumerate(boundary)
        if apart(i, j)
    )
    assert apart(boundary.index(tuple(m.entrance)), boundary.index(tuple(m.exit)))
    assert len(m.solution_cells) - 1 == best


def test_explicit_openings_and_policies() -> None:
    m = generate("backtracker", 6, 5, seed=2, entrance=[0, 2], exit=[5, 4], exit_side="S")
    d = m.to_dict()
    assert d["entrance"] == [0, 2] and d["entrance_side"] == "W"
    assert d["exit"] == [5, 4] and d["exit_side"] == "S"
    again = generate("backtracker", 6, 5, seed=2, **m.options)
    assert again == m
    corners = generate("backtracker", 6, 5, seed=2, openings="corners").to_dict()
    assert corners["entrance"] == [0, 0] and corners["exit"] == [5, 4]
    with pytest.raises(InvalidOptionError):
        generate("backtracker", 6, 5, seed=2, entrance=[2, 2], exit=[5, 4])
    with pytest.raises(InvalidOptionError):
        generate("backtracker", 6, 5, seed=2, openings="diagonal")


def test_seed_none_is_recorded_and_reproducible() -> None:
    m = generate("backtracker", 10, 10)
    assert isinstance(m.seed, int)
    assert generate("backtracker", 10, 10, seed=m.seed) == m


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        (("backtracker", 0, 5), {}, InvalidSizeError),
        (("backtracker", 5, MAX_SIDE + 1), {}, InvalidSizeError),
        (("backtracker", 2.5, 5), {}, InvalidSizeError),
        (("backtrackr", 5, 5), {}, UnknownAlgorithmError),
        (("backtracker", 5, 5), {"seed": -1}, InvalidOptionError),
        (("backtracker", 5, 5), {"seed": "7"}, InvalidOptionError),
        (("backtracker", 5, 5), {"bogus": 1}, InvalidOptionError),
    ],
)
def test_bad_input_raises_mazebook_errors(args: tuple, kwargs: dict, error: type) -> None:
    with pytest.raises(error) as info:
        generate(*args, **kwargs)
    assert isinstance(info.value, MazebookError) and isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)


def test_unknown_algorithm_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownAlgorithmError, match='did you mean "backtracker"'):
        generate("backtrackr", 5, 5)


def test_from_dict_refuses_inconsistent_walls() -> None:
    d = generate("backtracker", 4, 4, seed=1).to_dict()
    x = 1 if d["walls"][0][1] & 2 else 0
    d["walls"][0][x] ^= 2  # open/close the east wall on one side only
    with pytest.raises(MazeFormatError, match="one side only"):
        Maze.from_dict(d)
    with pytest.raises(MazeFormatError):
        Maze.from_dict(
            {"width": 2, "height": 2, "walls": [[15, 15]], "entrance": [0, 0], "exit": [1, 1]}
        )


def test_public_api_names() -> None:
    for name in ("generate", "solve", "measure", "save", "Maze", "MazebookError"):
        assert hasattr(mazebook, name)
    assert issubclass(MazebookError, ValueError)


@pytest.mark.slow
def test_large_maze_is_supported() -> None:
    m = generate("backtracker", MAX_SIDE, 3, seed=1)
    assert m.passage_count() == MAX_SIDE * 3 - 1
    assert rect_grid(MAX_SIDE, MAX_SIDE).size == MAX_SIDE * MAX_SIDE
