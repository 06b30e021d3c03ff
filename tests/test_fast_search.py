"""The difficulty search's fast paths give exactly what the plain ones give (issue 33: a
cheaper candidate, not one changed byte): each is checked against the plain way on random
mazes of every shape."""

from __future__ import annotations

import gc
import math
import random
import weakref
from array import array
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core import grid as grid_module
from mazebook.core import openings
from mazebook.core.generators import REGISTRY
from mazebook.core.grid import (
    LISTS_KEPT,
    Opening,
    bfs,
    int_array,
    neighbour_list,
    slots_of,
    walk,
)
from mazebook.core.maze import Maze
from mazebook.core.shapes import make_grid
from mazebook.difficulty import effort, metrics, strategies
from mazebook.difficulty.strategies import shortcut
from mazebook.errors import MazebookError

GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)


@st.composite
def shapes(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """A shape and size, up to the largest a book's page takes (a rectangle of 30 x 41)."""
    shape = draw(st.sampled_from(["rect", "rect", "hex", "triangle", "circle", "mask"]))
    if shape == "circle":  # rings, up to the 19 of the largest circle a 6 x 9 in page takes
        return "circle", 1, draw(st.integers(1, 19)), {}
    if shape == "rect":
        return "rect", draw(st.integers(1, 32)), draw(st.integers(1, 42)), {}
    if shape == "hex":
        outline = draw(st.sampled_from(["hexagon", "rect"]))
        h = draw(st.integers(1, 12))
        w = draw(st.integers(h // 2 + 1 if outline == "hexagon" else 1, 14))
        return "hex", w, h, {"outline": outline}
    if shape == "triangle":
        outline = draw(st.sampled_from(["triangle", "rect"]))
        return "triangle", draw(st.integers(2, 20)), draw(st.integers(1, 12)), {"outline": outline}
    silhouette = draw(st.sampled_from(["heart", "star"]))
    return "mask", draw(st.integers(10, 26)), draw(st.integers(10, 26)), {"mask": silhouette}


def carved(shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int) -> Any:
    """A grid of the drawn shape and a perfect maze carved on it."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    spec = REGISTRY[algorithm]
    options = {"mode": "mix", "p_newest": 0.8} if algorithm == "growing-tree" else {}
    return grid, bytes(spec.run(grid, random.Random(seed), spec.resolve_options(options)))


@settings(max_examples=300)
@given(shapes(), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_the_band_finds_the_pair_the_doubling_finds(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int
) -> None:
    """Every entry's window measured at once (best_apart_band, a book's outlines) opens the
    same two outer sides as the sparse table of diameter ends (best_apart), ties included."""
    grid, links = carved(shape, algorithm, seed)
    if len(grid.boundary) < 2:
        return
    metric = openings.boundary_metric(grid, links)
    lo, hi = openings._apart_windows(grid)
    try:
        plain = openings.best_apart(metric, lo, hi)
    except MazebookError as exc:
        with pytest.raises(MazebookError, match=str(exc)):
            openings.best_apart_band(metric, lo, hi, openings._band(grid))
        return
    assert openings.best_apart_band(metric, lo, hi, openings._band(grid)) == plain


@given(st.integers(0, 2**32))
def test_an_outline_past_the_band_still_opens_by_the_doubling(seed: int) -> None:
    """A maze whose outline is longer than BAND_UP_TO opens where best_apart says."""
    grid, links = carved(("rect", 600, 4, {}), "backtracker", seed)
    assert len(grid.boundary) > openings.BAND_UP_TO
    metric = openings.boundary_metric(grid, links)
    a, b = openings.best_apart(metric, *openings._apart_windows(grid))
    a, b = min(a, b), max(a, b)
    assert openings.apart_openings(grid, links) == (grid.boundary[a], grid.boundary[b])


@st.composite
def perfect_mazes(draw: st.DrawFn) -> Maze:
    """A perfect maze of any shape, woven or not, as the search makes them."""
    shape = draw(shapes())
    algorithm = draw(st.sampled_from(GRAPH))
    seed = draw(st.integers(0, 2**32))
    kind, w, h, options = shape
    if kind == "rect" and w * h > 1 and draw(st.booleans()):
        options = {"weave": draw(st.sampled_from([0.3, 1.0]))}
    placement = draw(st.sampled_from(["farthest", "random", "corners"]))
    try:
        return generate(algorithm, w, h, seed=seed, shape=kind, openings=placement, **options)
    except MazebookError:
        assume(False)
        raise


@settings(max_examples=200)
@given(perfect_mazes())
def test_both_ends_weighed_in_one_pass_are_each_end_weighed_alone(maze: Maze) -> None:
    """_exact_both (each false branch's corridor walked once for both ends) gives both
    efforts to the last bit as _exact_along walked from START and then from FINISH."""
    view = maze.split_view
    hung = effort.hang(view)
    assume(hung is not None)
    assert hung is not None
    grid, links = view.grid, view.links
    forward = effort._Heading(grid, links, view.exit.cell)
    backward = effort._Heading(grid, links, view.entrance.cell)
    both = effort._exact_both(view, hung, forward.h, backward.h)
    alone = (
        effort._exact_along(view, hung.path, hung, effort._Heading(grid, links, view.exit.cell)),
        effort._exact_along(
            view, hung.path[::-1], hung, effort._Heading(grid, links, view.entrance.cell)
        ),
    )
    assert [x.hex() for x in both] == [x.hex() for x in alone]
    (ahead, behind), _ = effort.efforts_and_tree(maze)
    assert (ahead.mean, behind.mean) == alone


@settings(max_examples=200)
@given(perfect_mazes(), st.data())
def test_a_walk_reaches_as_breadth_first_search_does(maze: Maze, data: st.DataObject) -> None:
    """walk (no distances, a list of parents) gives bfs's parents and order from any cell, and
    both are a plain breadth-first search's (neighbours in slot order, distances counted as it
    goes)."""
    view = maze.split_view
    source = data.draw(st.integers(0, view.size - 1))
    dist, parent, order = bfs(view.grid, view.links, source)
    walked_parent, walked_order = walk(view.grid, view.links, source)
    assert walked_order == order
    assert list(walked_parent) == parent.tolist()
    assert len(dist) == view.size + 1 and dist[view.size] == -1
    assert (dist.tolist()[:-1], parent.tolist(), order) == _plain_bfs(view, source)


def _plain_bfs(maze: Maze, source: int) -> tuple[list[int], list[int], list[int]]:
    """Distances, parents and order of a breadth-first search written out plainly."""
    grid, n = maze.grid, maze.size
    dist, parent, order = [-1] * n, [-1] * n, [source]
    dist[source] = 0
    for cell in order:
        for k in range(grid.degree):
            other = grid.adj[cell * grid.degree + k]
            if maze.links[cell] >> k & 1 and other < n and dist[other] < 0:
                dist[other], parent[other] = dist[cell] + 1, cell
                order.append(other)
    return dist, parent, order


@settings(max_examples=200)
@given(perfect_mazes())
def test_bfs_expanded_read_off_the_hung_tree_is_the_entrance_s_search(maze: Maze) -> None:
    """The cells nearer the entrance than the exit, counted off the tree hung from the exit
    (Hung.nearer), are those a breadth-first search from the entrance finds nearer; the
    effort leaves no search from the entrance on the maze (made when it is asked for)."""
    view = maze.split_view
    hung = effort.hang(view)
    assume(hung is not None)
    assert hung is not None
    dist, parent, _ = bfs(view.grid, view.links, view.entrance.cell)
    goal = dist[view.exit.cell]
    assert hung.nearer == sum(1 for d in dist[: view.size] if 0 <= d < goal)
    fresh = Maze(view.grid, view.links, view.entrance, view.exit)
    _, kept = effort.efforts_and_tree(fresh)
    assert kept is not None
    assert metrics.bfs_expanded(fresh, kept) == hung.nearer
    assert "entrance_tree" not in fresh.__dict__
    assert metrics.bfs_expanded(fresh) == hung.nearer  # searched from the entrance
    assert fresh.entrance_tree == (dist, parent)


@settings(max_examples=200)
@given(perfect_mazes())
def test_the_solution_from_the_hung_tree_is_the_entrance_s_search(maze: Maze) -> None:
    """The effort leaves its path up the tree hung from the exit on the maze as its
    solution: the nodes the breadth-first search from the entrance gives, kept there."""
    view = maze.split_view
    searched = Maze(view.grid, view.links, view.entrance, view.exit).solution_nodes
    fresh = Maze(view.grid, view.links, view.entrance, view.exit)
    _, hung = effort.efforts_and_tree(fresh)
    assume(hung is not None)
    assert "solution_nodes" in fresh.__dict__
    assert fresh.solution_nodes == searched


def test_a_maze_with_rules_keeps_its_own_solution() -> None:
    """A maze with rules walks its own solution (keys and doors): the effort's path up the
    tree is never kept as it."""
    grid = make_grid("rect", 3, 1)
    links = bytes([2, 10, 8])  # a corridor of three cells
    maze = Maze(grid, links, Opening(0, 3), Opening(2, 1), doors=((1, 2, "a"),), keys=((0, "a"),))
    maze.share_solution((0, 1, 2))
    assert "solution_nodes" not in maze.__dict__
    plain = Maze(grid, links, Opening(0, 3), Opening(2, 1))
    plain.share_solution((0, 1, 2))
    assert plain.__dict__["solution_nodes"] == (0, 1, 2)


def test_no_count_when_the_exit_s_search_misses_a_cell() -> None:
    """Where the search from the exit leaves a cell unreached (links that are no spanning
    tree), nothing is counted off it: bfs_expanded searches from the entrance afresh."""
    grid = make_grid("rect", 3, 1)
    links = bytes([2, 8, 0])  # cells 0 and 1 joined, cell 2 cut off
    maze = Maze(grid, links, Opening(1, 0), Opening(0, 3))
    hung = effort.hang(maze)
    assert hung is not None and sorted(hung.order) == [0, 1]
    assert hung.nearer == -1
    assert metrics.bfs_expanded(maze, hung) == 1  # the entrance, cell 1


def plain_tree_walks(
    view: Maze, geometry: strategies.Geometry, hung: effort.Hung
) -> tuple[strategies.Walk, ...]:
    """The walks read off the tree as first written: every cell of the solution looked at."""
    grid, links = view.grid, view.links
    degree, adj = grid.degree, grid.adj
    slots = slots_of(degree)
    angles, size = geometry.flat, hung.size
    walks = []
    for direction, start, goal in strategies._ends(view):
        path = hung.path if direction == "forward" else hung.path[::-1]
        near = strategies._goal_distances(geometry, goal.cell)
        costs = dict.fromkeys(strategies.STRATEGIES, len(path))
        back = geometry.way_in(start)
        prev = -1
        for i in range(len(path) - 1):
            p, right = path[i], path[i + 1]
            base = p * degree
            slot = grid.slot_to(p, right)
            ahead = angles[base + slot]
            key_right = (near[right], slot)
            turn_right = (ahead - back) % strategies.TAU
            for k in slots[links[p]]:
                b = adj[base + k]
                if b in (right, prev):
                    continue
                cost = 2 * size[b]
                if (near[b], k) < key_right:
                    costs["nearest"] += cost
                turn = (angles[base + k] - back) % strategies.TAU
                if turn < 1e-9:
                    continue
                costs["left-hand" if turn < turn_right else "right-hand"] += cost
            back = ahead + math.pi
            prev = p
        walks += [strategies.Walk(s, direction, float(costs[s])) for s in strategies.STRATEGIES]
    return tuple(walks)


@settings(max_examples=150)
@given(perfect_mazes())
def test_the_strategies_pass_over_the_solution_s_corridors(maze: Maze) -> None:
    """The walks read off the hung tree, the solution's corridor cells passed over and the
    grid's Geometry made once, are those of every cell looked at on a fresh Geometry."""
    view = maze.split_view
    hung = effort.hang(view)
    assume(hung is not None)
    assert hung is not None
    kept = strategies.geometry_of(view.grid)
    assert strategies.geometry_of(view.grid) is kept
    plain = plain_tree_walks(view, strategies.Geometry(view.grid), hung)
    assert strategies._tree_walks(view, kept, hung) == plain
    assert shortcut(maze, effort.efforts_and_tree(maze)[1]).walks == plain


def test_the_kept_geometries_neighbour_lists_and_bands_are_few() -> None:
    """What is kept per grid (its Geometry, its neighbour list, its openings' band) is kept
    for the last few grids only: a grid no longer used goes once others have followed it, so
    a book's many sizes do not add up in memory."""
    grid = make_grid("hex", 7, 5)
    first = strategies.geometry_of(grid)
    assert strategies.geometry_of(grid) is first
    assert neighbour_list(grid) is neighbour_list(grid)
    assert openings._band(grid) is openings._band(grid)
    ref = weakref.ref(grid)
    del grid, first
    kept = max(strategies.GEOMETRIES_KEPT, LISTS_KEPT, openings.BANDS_KEPT)
    others = [make_grid("hex", 7, 5 + i) for i in range(1, kept + 1)]
    for other in others:
        strategies.geometry_of(other)
        neighbour_list(other)
        openings._band(other)
    gc.collect()
    assert ref() is None


def test_a_long_outline_s_band_goes_once_a_short_one_is_asked_for() -> None:
    """A long outline's band (megabytes) is kept for its grid alone, and only until a short
    outline's band is asked for: a server that made one large maze keeps none of it."""
    large = make_grid("hex", 60, 40, outline="rect")  # a rectangle's grid is shared: kept longer
    assert len(large.boundary) > openings.SMALL_OUTLINE
    assert openings._band(large) is openings._band(large)
    ref = weakref.ref(large)
    del large
    openings._band(make_grid("hex", 9, 7))
    gc.collect()
    assert ref() is None


@settings(max_examples=150)
@given(perfect_mazes())
def test_a_tree_s_branches_are_the_breadth_first_search_s(maze: Maze) -> None:
    """The false branches of a perfect maze counted per root cell (metrics._tree_branches)
    are, branch for branch, those a search out from the solution finds (_graph_branches)."""
    view = maze.split_view
    n = view.size
    dist_arr, parent_arr = view.entrance_tree
    dist = np.frombuffer(dist_arr, dtype=np.int32)[:n].astype(np.int64)
    on_path = np.zeros(n, dtype=bool)
    on_path[list(view.solution_nodes)] = True
    sizes, deepest, decisions = metrics._tree_branches(view, dist, parent_arr, on_path, dist >= 0)
    plain = metrics._graph_branches(view, on_path)
    assert sizes.tolist() == plain[0].tolist()
    assert deepest.tolist() == plain[1].tolist()
    assert decisions == plain[2]


@given(st.lists(st.integers(-(2**31), 2**31 - 1), max_size=500))
def test_a_packed_int_array_is_the_array_of_its_values(values: list[int]) -> None:
    """int_array (packed by struct) is array("i", values), entry for entry and type."""
    packed = int_array(values)
    assert packed == array("i", values) and packed.typecode == "i"


@settings(max_examples=60)
@given(perfect_mazes(), st.data())
def test_lists_and_arrays_search_alike(maze: Maze, data: st.DataObject) -> None:
    """A grid past LIST_UP_TO keeps its searches in arrays and reads its neighbours from the
    typed array: the same searches, walks and efforts as the lists of a small grid."""
    view = maze.split_view
    source = data.draw(st.integers(0, view.size - 1))
    listed = (bfs(view.grid, view.links, source), walk(view.grid, view.links, source))
    efforts = effort.efforts_and_tree(Maze(view.grid, view.links, view.entrance, view.exit))[0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid_module, "LIST_UP_TO", 0)
        arrays = (bfs(view.grid, view.links, source), walk(view.grid, view.links, source))
        assert neighbour_list(view.grid) is view.grid.adj
        fresh = Maze(view.grid, view.links, view.entrance, view.exit)
        assert effort.efforts_and_tree(fresh)[0] == efforts
    assert arrays[0] == listed[0]
    assert list(arrays[1][0]) == list(listed[1][0]) and arrays[1][1] == listed[1][1]


def test_bfs_expanded_is_read_off_the_effort_on_every_grid() -> None:
    """Small grids count in lists, larger ones (past LIST_UP_TO) in an array: the count the
    entrance's breadth-first search gives either way."""
    from mazebook.core.engine import generate
    from mazebook.core.grid import LIST_UP_TO, bfs
    from mazebook.difficulty.effort import efforts_and_tree

    for width, height in ((20, 20), (70, 70)):
        assert (width * height <= LIST_UP_TO) == (width == 20)
        maze = generate("backtracker", width, height, seed=3)
        _, hung = efforts_and_tree(maze)
        assert hung is not None
        dist, _, _ = bfs(maze.grid, maze.links, maze.entrance.cell)
        goal = dist[maze.exit.cell]
        assert hung.nearer == sum(1 for d in dist[: maze.size] if 0 <= d < goal) > 0
        assert metrics.bfs_expanded(maze, hung) == metrics.bfs_expanded(maze) == hung.nearer


@settings(max_examples=200)
@given(perfect_mazes())
def test_the_metrics_read_off_the_hung_tree_are_the_searched_ones(maze: Maze) -> None:
    """measure given the tree the effort hung from the exit (one pass up its lists) gives
    every number, to the last bit, that measure gives from the entrance's search (numpy)."""
    hung = effort.efforts_and_tree(maze)[1]
    assume(hung is not None and len(hung.order) == maze.split_view.size)
    fresh = Maze(
        maze.grid,
        maze.links,
        maze.entrance,
        maze.exit,
        maze.algorithm,
        maze.seed,
        maze.options,
        maze.crossings,
    )
    searched = metrics.measure(fresh)
    assert metrics.measure(maze, hung) == searched
    assert (
        metrics._path_turns(
            maze.split_view.grid,
            neighbour_list(maze.split_view.grid),
            maze.split_view.solution_nodes,
        )
        == searched.turns
    )


@settings(max_examples=100)
@given(st.integers(1, 40), st.integers(1, 40))
def test_a_rectangle_s_geometry_is_the_one_its_centres_give(width: int, height: int) -> None:
    """A plain rectangle's Geometry (its slots' angles N, E, S, W, its centres made when
    asked) is, bit for bit, the one worked out from the centres of every cell."""
    grid = make_grid("rect", width, height)
    fast = strategies.Geometry(grid)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "plain_rect", lambda grid: False)
        plain = strategies.Geometry(grid)
    assert fast.width == width and plain.width == 0
    assert np.asarray(fast.flat).tobytes() == np.asarray(plain.flat).tobytes()
    assert fast.angles.tobytes() == plain.angles.tobytes()
    assert np.array_equal(fast.real, plain.real)
    assert fast.centres.tobytes() == plain.centres.tobytes()
    for cell, side in grid.boundary:
        assert fast.way_in(Opening(cell, side)) == plain.way_in(Opening(cell, side))


@settings(max_examples=150)
@given(perfect_mazes())
def test_the_walks_compare_a_rectangle_s_cells_by_columns_and_rows(maze: Maze) -> None:
    """The walks on a plain rectangle's tree, its distances to the goal compared as whole
    numbers, are those the centres' distances give (a Geometry that does not know it is a
    rectangle)."""
    view = maze.split_view
    hung = effort.hang(view)
    assume(hung is not None)
    assert hung is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strategies, "plain_rect", lambda grid: False)
        plain = strategies.Geometry(view.grid)
    walks = strategies._tree_walks(view, strategies.Geometry(view.grid), hung)
    assert walks == strategies._tree_walks(view, plain, hung)


@pytest.mark.parametrize("ends", [(1, 1), (0, 2), (0, 1)])
def test_a_solution_of_one_cell_or_two_measures_alike(ends: tuple[int, int]) -> None:
    """Openings on one cell (a solution of one cell: both its passages lead into branches),
    or at the two ends of a corridor: the tree's metrics are the searched ones."""
    grid = make_grid("rect", 3, 1)
    links = bytes([2, 8 | 2, 8])
    sides = {0: 3, 1: 0, 2: 1}
    start, end = ends
    entrance, exit_ = Opening(start, sides[start]), Opening(end, 2 if end == start else sides[end])
    maze = Maze(grid, links, entrance, exit_)
    hung = effort.efforts_and_tree(maze)[1]
    assert hung is not None
    measured = metrics.measure(maze, hung)
    assert measured == metrics.measure(Maze(grid, links, entrance, exit_))
    assert measured.branches == {(1, 1): 2, (0, 2): 0, (0, 1): 1}[ends]


@pytest.mark.parametrize("seed", range(6))
def test_a_braided_maze_given_a_hung_tree_is_searched_as_without_one(seed: int) -> None:
    """A tree hung from a maze with loops misses passages: measure given one searches the maze
    as it would without it (a loop is no false branch of the tree)."""
    maze = generate("backtracker", 9, 8, seed=seed, braid=0.5)
    hung = effort.hang(maze.split_view)
    assert hung is not None
    assert metrics.measure(maze, hung) == metrics.measure(maze)
    assert metrics.measure(maze).loops > 0


@settings(max_examples=300)
@given(
    st.integers(1, 32),
    st.integers(1, 42),
    st.sampled_from([*GRAPH, "growing-tree-mix"]),
    st.integers(0, 2**32),
    st.sampled_from(["farthest", "random", "corners"]),
)
def test_a_rectangle_s_efforts_written_out_are_the_general_ones(
    width: int, height: int, algorithm: str, seed: int, placement: str
) -> None:
    """_exact_rect (a plain rectangle's distances and corridors written out) gives both
    efforts to the last bit as _exact_both with goal_distance's functions."""
    options = {"mode": "mix", "p_newest": 0.8} if algorithm == "growing-tree-mix" else {}
    name = "growing-tree" if options else algorithm
    try:
        maze = generate(name, width, height, seed=seed, openings=placement, **options)
    except MazebookError:
        assume(False)
        raise
    hung = effort.hang(maze)
    assume(hung is not None)
    assert hung is not None
    general = effort._exact_both(
        maze,
        hung,
        effort.goal_distance(maze.grid, maze.exit.cell),
        effort.goal_distance(maze.grid, maze.entrance.cell),
    )
    assert [x.hex() for x in effort._exact_rect(maze, hung)] == [x.hex() for x in general]
