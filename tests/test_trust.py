"""Levels you can trust: effort from both ends, simple strategies, bfs_expanded, the checks.

The strategies are checked against solvers written here, apart from mazebook's: a wall
follower that turns by compass headings on the rectangle, a nearest-to-goal depth-first search
on (column, row) coordinates, and a plain breadth-first search.
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mazebook import Maze, build_book, generate
from mazebook.difficulty.checks import SHORTCUT_FLOORS, assess, problems, shortcut_floor
from mazebook.difficulty.effort import directional_efforts, hang, reversed_maze, solving_effort
from mazebook.difficulty.metrics import bfs_expanded, measure
from mazebook.difficulty.strategies import Geometry, _graph_walks, _tree_walks, shortcut
from mazebook.kinds.search import choose

from .bench_levels import request_for
from .padding import padded

ROOT = Path(__file__).resolve().parent.parent

# --- solvers of our own (the rectangle: passage bits N=1 E=2 S=4 W=8) ----------------------
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}  # N E S W


def _open(maze: Maze, x: int, y: int, d: int) -> bool:
    return bool(maze.links[y * maze.width + x] >> d & 1)


def own_wall_follower(maze: Maze, hand: str, start: int, goal: int, side: int) -> float:
    """A compass wall follower: left hand tries left, straight, right, back of the heading."""
    x, y = start % maze.width, start // maze.width
    heading = (side + 2) % 4  # entering through the outer side: facing away from it
    turns = (3, 0, 1, 2) if hand == "left" else (1, 0, 3, 2)
    moves, seen = 1, set()
    while y * maze.width + x != goal:
        if (x, y, heading) in seen:
            return math.inf
        seen.add((x, y, heading))
        for t in turns:
            d = (heading + t) % 4
            if _open(maze, x, y, d):
                heading = d
                x, y = x + STEP[d][0], y + STEP[d][1]
                moves += 1
                break
    return float(moves)


def own_nearest(maze: Maze, start: int, goal: int) -> float:
    """Depth-first, the unvisited open neighbour nearest the goal first (N E S W on a tie)."""
    w = maze.width
    gx, gy = goal % w, goal // w
    stack, seen, moves = [start], {start}, 1
    while stack[-1] != goal:
        c = stack[-1]
        x, y = c % w, c // w
        options = [
            (x + STEP[d][0]) + (y + STEP[d][1]) * w
            for d in range(4)
            if _open(maze, x, y, d) and (x + STEP[d][0]) + (y + STEP[d][1]) * w not in seen
        ]
        if options:
            nxt = min(options, key=lambda j: (j % w - gx) ** 2 + (j // w - gy) ** 2)
            seen.add(nxt)
            stack.append(nxt)
        else:
            stack.pop()
        moves += 1
    return float(moves)


def own_cheapest(maze: Maze) -> float:
    """The cheapest of the six walks (three rules, two ends) by our own solvers."""
    a, b = maze.entrance, maze.exit
    assert a.side is not None and b.side is not None
    walks = [
        own_nearest(maze, a.cell, b.cell),
        own_nearest(maze, b.cell, a.cell),
        own_wall_follower(maze, "left", a.cell, b.cell, a.side),
        own_wall_follower(maze, "right", a.cell, b.cell, a.side),
        own_wall_follower(maze, "left", b.cell, a.cell, b.side),
        own_wall_follower(maze, "right", b.cell, a.cell, b.side),
    ]
    return min(walks) / own_solution_length(maze)


def own_bfs(maze: Maze) -> tuple[dict[int, int], int]:
    w = maze.width
    dist = {maze.entrance.cell: 0}
    queue = deque([maze.entrance.cell])
    while queue:
        c = queue.popleft()
        for d in range(4):
            if _open(maze, c % w, c // w, d):
                j = c + STEP[d][0] + STEP[d][1] * w
                if j not in dist:
                    dist[j] = dist[c] + 1
                    queue.append(j)
    return dist, dist[maze.exit.cell]


def own_solution_length(maze: Maze) -> int:
    return own_bfs(maze)[1] + 1


def own_bfs_expanded(maze: Maze) -> int:
    dist, far = own_bfs(maze)
    return sum(1 for d in dist.values() if d < far)


def comb(width: int, teeth: int) -> Maze:
    """A comb: a corridor along the top row, a tooth of ``teeth`` cells down from each of its
    cells; START west of the top-left cell, FINISH south of the last tooth's end."""
    height = teeth + 1
    walls = [[15] * width for _ in range(height)]
    for x in range(width):
        if x > 0:
            walls[0][x] &= ~8
        if x < width - 1:
            walls[0][x] &= ~2
        for y in range(height - 1):
            walls[y][x] &= ~4
            walls[y + 1][x] &= ~1
    walls[0][0] &= ~8
    walls[height - 1][width - 1] &= ~4
    return Maze.from_dict(
        {
            "width": width,
            "height": height,
            "walls": walls,
            "entrance": [0, 0],
            "exit": [width - 1, height - 1],
        }
    )


# --- the strategies --------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(length=st.integers(2, 60), shape=st.sampled_from(["row", "column"]))
def test_on_a_corridor_every_walk_and_both_efforts_are_the_solution(
    length: int, shape: str
) -> None:
    w, h = (length, 1) if shape == "row" else (1, length)
    maze = generate("backtracker", w, h, seed=length)
    cut = shortcut(maze)
    assert len(cut.walks) == 6
    assert all(walk.moves == length for walk in cut.walks)
    forward, backward = directional_efforts(maze)
    assert forward.mean == backward.mean == length == solving_effort(maze)


@settings(max_examples=40, deadline=None)
@given(width=st.integers(2, 14), teeth=st.integers(1, 9))
def test_on_a_comb_each_walk_costs_what_the_comb_says(width: int, teeth: int) -> None:
    maze = comb(width, teeth)
    solution = width + teeth
    assert len(maze.solution_cells) == solution
    # a tooth is nearer the goal than the next top cell when the goal is more than its own
    # column-distance below (on a tie the east opening, slot 1, comes before the south one)
    deeper = sum(1 for x in range(width - 1) if width - x < teeth + 1)
    walks = {(w.strategy, w.direction): w.moves for w in shortcut(maze).walks}
    assert walks["nearest", "forward"] == solution + deeper * 2 * teeth
    assert walks["left-hand", "forward"] == solution  # the hand on the top wall
    assert walks["right-hand", "forward"] == solution + (width - 1) * 2 * teeth
    assert walks["nearest", "forward"] == own_nearest(maze, maze.entrance.cell, maze.exit.cell)


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(["rect", "hex", "circle", "triangle", "mask", "weave", "hex-rect"]),
    algorithm=st.sampled_from(["backtracker", "kruskal", "hunt-and-kill", "wilson"]),
    seed=st.integers(0, 10_000),
)
def test_the_tree_formula_is_the_walks_on_every_grid(shape: str, algorithm: str, seed: int) -> None:
    kw: dict[str, object] = {
        "rect": {},
        "hex": {"shape": "hex"},
        "hex-rect": {"shape": "hex", "outline": "rect"},
        "circle": {"shape": "circle"},
        "triangle": {"shape": "triangle"},
        "mask": {"shape": "mask", "mask": "heart"},
        "weave": {"weave": 0.6},
    }[shape]
    maze = generate(algorithm, 12, 10, seed=seed, **kw)  # type: ignore[arg-type]
    view = maze.split_view
    geometry = Geometry(view.grid)
    hung = hang(view)
    assert hung is not None
    assert _tree_walks(view, geometry, hung) == _graph_walks(view, geometry)


@settings(max_examples=40, deadline=None)
@given(
    algorithm=st.sampled_from(["backtracker", "kruskal", "hunt-and-kill", "prim"]),
    seed=st.integers(0, 10_000),
    braid=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_the_walks_are_what_solvers_of_our_own_walk(
    algorithm: str, seed: int, braid: float
) -> None:
    maze = generate(algorithm, 11, 9, seed=seed, braid=braid)
    assert shortcut(maze).ratio == pytest.approx(own_cheapest(maze))
    assert bfs_expanded(maze) == own_bfs_expanded(maze) == measure(maze).bfs_expanded


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), braid=st.sampled_from([0.0, 1.0]))
def test_effort_from_finish_is_effort_from_start_of_the_swapped_maze(
    seed: int, braid: float
) -> None:
    maze = generate("hunt-and-kill", 10, 12, seed=seed, braid=braid)
    forward, backward = directional_efforts(maze)
    swapped_forward, swapped_backward = directional_efforts(reversed_maze(maze))
    assert swapped_forward.mean == pytest.approx(backward.mean)
    assert swapped_backward.mean == pytest.approx(forward.mean)
    assert solving_effort(maze) == min(forward.mean, backward.mean)


def test_a_circle_from_its_centre_walks_out_to_the_entrance() -> None:
    maze = generate("backtracker", 8, 8, seed=3, shape="circle")
    assert maze.exit.side is None  # the goal is the centre
    walks = shortcut(maze).walks
    assert all(math.isfinite(w.moves) and w.moves >= len(maze.solution_cells) for w in walks)


# --- the checks in the search --------------------------------------------------------------
def test_the_floors_are_the_issues() -> None:
    assert [shortcut_floor(lv) for lv in range(1, 11)] == [1.0] * 3 + [1.3] * 3 + [1.5] * 4
    assert set(SHORTCUT_FLOORS) == set(range(4, 11))


@pytest.mark.parametrize("level", [4, 6, 7, 8, 10])
def test_no_chosen_maze_is_walked_through_by_a_simple_strategy(level: int) -> None:
    request = request_for("letter", level)
    assert request is not None
    for i in range(4):
        choice = choose(request, random.Random(f"trust:{level}:{i}"))
        assert own_cheapest(choice.maze) >= shortcut_floor(level)
        assert choice.assessment is not None
        assert choice.effort == pytest.approx(solving_effort(choice.maze))


def test_the_search_rejects_what_the_checks_find() -> None:
    # a plain corridor-like maze: binary-tree mazes are walked through toward their corner
    maze = generate("binary-tree", 20, 20, seed=1, entrance=[0, 19], exit=[19, 0])
    verdict = assess(maze)
    assert verdict.shortcut_ratio < 1.5
    assert problems(maze, verdict, 8) and not problems(maze, verdict, 3)


@pytest.mark.parametrize("level", [1, 2])
def test_the_youngest_levels_have_short_dead_ends(level: int) -> None:
    for kind in ("letter", "6 x 9 in"):
        request = request_for(kind, level)
        assert request is not None
        for i in range(6):
            maze = choose(request, random.Random(f"small:{kind}:{level}:{i}")).maze
            metrics = measure(maze)
            assert 2 * metrics.branch_depth_max <= metrics.solution_length


# --- the manifest ---------------------------------------------------------------------------
def test_every_puzzle_records_both_efforts_the_shortcut_and_bfs_expanded(
    tmp_path: Path,
) -> None:
    template = tmp_path / "t.toml"
    template.write_text(
        'title = "T"\n[[section]]\ncount = 2\ndifficulty = 7\n'
        '[[section]]\ncount = 1\ndifficulty = 3\nshape = "hex"\n'
        '[[section]]\ncount = 1\ndifficulty = 3\npuzzle = "number-path"\n',
        encoding="utf-8",
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "t.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    for p in puzzles:
        assert p["effort"] == min(p["effort_forward"], p["effort_backward"])
        assert p["shortcut_ratio"] >= 1.0
        assert p["metrics"]["bfs_expanded"] >= 1
    for p in puzzles[:2]:
        options = dict(p["options"])
        maze = generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **options)
        assert p["shortcut_ratio"] == pytest.approx(own_cheapest(maze), abs=1e-3)
        assert p["shortcut_ratio"] >= 1.5
        assert p["metrics"]["bfs_expanded"] == own_bfs_expanded(maze)


def test_little_loops_has_loops(tmp_path: Path) -> None:
    text = (ROOT / "templates" / "children.toml").read_text(encoding="utf-8")
    assert "Little Loops" in text
    section = text.split('name = "Little Loops"')[1].split("[[section]]")[0]
    assert "braid" in section
    template = tmp_path / "c.toml"
    template.write_text(text.replace("count = 10", "count = 2"), encoding="utf-8")
    with padded():
        result = build_book(str(template), output=tmp_path / "c.pdf")
    data = json.loads(result.manifest.read_text(encoding="utf-8"))
    loops = [p for p in data["puzzles"] if p["section"] == "Little Loops"]
    assert loops and all(p["metrics"]["loops"] > 0 for p in loops)
    for p in data["puzzles"]:
        if p["level"] <= 2:
            assert 2 * p["metrics"]["branch_depth_max"] <= p["metrics"]["solution_length"]


@settings(max_examples=150, deadline=None)
@example(long=4, across=1, tall=True, openings="sides", seed=2)  # left-hand forward: 2, not 4
@example(long=6, across=1, tall=True, openings="random", seed=4)
@given(
    long=st.integers(1, 14),
    across=st.sampled_from([1, 1, 2, 3]),
    tall=st.booleans(),
    openings=st.sampled_from(["farthest", "random", "sides", "corners", "opposite"]),
    seed=st.integers(0, 10_000),
)
def test_the_tree_formula_is_the_walks_on_narrow_rectangles_with_any_openings(
    long: int, across: int, tall: bool, openings: str, seed: int
) -> None:
    """A maze one to three cells wide (or tall), its openings anywhere: a wall follower
    entering through a side with no cell across it has that side's outward direction behind
    it (it had straight up, and in a one-cell column turned back down the way it faced)."""
    width, height = (across, long) if tall else (long, across)
    maze = generate("backtracker", width, height, seed=seed, openings=openings)
    view = maze.split_view
    geometry = Geometry(view.grid)
    hung = hang(view)
    assert hung is not None
    assert _tree_walks(view, geometry, hung) == _graph_walks(view, geometry)
