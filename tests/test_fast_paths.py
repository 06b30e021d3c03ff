"""The book's fast paths give exactly what the plain ones give (issue 33: speed without a
changed maze): shared rectangle grids, the breadth-first search's outline mask, the effort's
walk that skips the solution's corridor cells, and the words' place tried nearest first."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core import grid as grid_module
from mazebook.core.grid import bfs, rect_grid, slots_of
from mazebook.core.maze import Maze
from mazebook.difficulty import effort
from mazebook.difficulty.effort import SEE, efforts_and_tree
from mazebook.geometry import labels
from mazebook.geometry.drawing import rows_of
from mazebook.geometry.labels import Rect


@given(st.integers(1, 60), st.integers(1, 60))
def test_a_shared_rectangle_is_the_rectangle_made_afresh(width: int, height: int) -> None:
    shared, fresh = rect_grid(width, height), grid_module._rect(width, height)
    assert rect_grid(width, height) is shared  # made once
    assert shared is not fresh
    assert (shared.kind, shared.width, shared.height, shared.size, shared.degree) == (
        fresh.kind,
        fresh.width,
        fresh.height,
        fresh.size,
        fresh.degree,
    )
    assert shared.adj == fresh.adj and shared.back == fresh.back
    assert shared.boundary == fresh.boundary


def test_a_large_rectangle_is_not_kept() -> None:
    side = int(grid_module.SHARED_UP_TO**0.5) + 1
    assert rect_grid(side, side) is not rect_grid(side, side)


@given(st.integers(1, 40), st.integers(1, 40))
def test_the_outline_mask_is_the_neighbour_table_s(width: int, height: int) -> None:
    """The cached mask of the slots that lead to a cell equals the one read from the grid."""
    grid = rect_grid(width, height)
    n = grid.size
    real = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, 4) != n
    mask = (real * np.array([1, 2, 4, 8], dtype=np.uint8)).sum(axis=1, dtype=np.uint8) | 0xF0
    assert grid_module._rect_inside(width, height) == mask.tobytes()


def _plain_exact_along(maze: Maze, path: tuple[int, ...], hung: effort.Hung, goal: int) -> float:
    """The expected moves along ``path`` with every cell of it weighed (no corridor skipped)."""
    grid = maze.grid
    heading = effort._Heading(grid, maze.links, goal)
    slots = slots_of(grid.degree)
    total, prev = float(len(path)), -1
    for i in range(len(path) - 1):
        p, right = path[i], path[i + 1]
        for k in slots[maze.links[p]]:
            b = grid.adj[p * grid.degree + k]
            if b in (right, prev) or hung.size[b] <= SEE:
                continue
            w_right, w_b = heading.weight(p, right), heading.weight(p, b)
            total += 2.0 * hung.entered[b] * w_b / (w_b + w_right)
        prev = p
    return total


@given(
    st.sampled_from(["growing-tree", "backtracker", "prim", "binary-tree", "wilson"]),
    st.integers(1, 30),
    st.integers(1, 30),
    st.integers(0, 2**32),
    st.sampled_from(["rect", "hex", "triangle"]),
    st.booleans(),
)
def test_the_effort_is_the_plain_walk_s(
    algorithm: str, width: int, height: int, seed: int, shape: str, weave: bool
) -> None:
    """Cells of the solution with no false branch are skipped; the efforts are the same to the
    last bit as a walk that weighs every cell (both ends, on any shape, woven or not)."""
    options: dict[str, object] = {"weave": 1.0} if weave and shape == "rect" else {}
    if shape != "rect":
        options["outline"] = "rect"
        width, height = max(width, 2), max(height, 2)
    maze = generate(algorithm, width, height, seed=seed, shape=shape, **options)
    (forward, backward), hung = efforts_and_tree(maze)
    assert hung is not None
    view = maze.split_view
    assert forward.mean == _plain_exact_along(view, hung.path, hung, view.exit.cell)
    assert backward.mean == _plain_exact_along(view, hung.path[::-1], hung, view.entrance.cell)


@given(st.integers(1, 30), st.integers(1, 30), st.integers(0, 2**32))
def test_breadth_first_search_reaches_what_a_plain_one_does(
    width: int, height: int, seed: int
) -> None:
    maze = generate("growing-tree", width, height, seed=seed)
    dist, parent, order = bfs(maze.grid, maze.links, maze.entrance.cell)
    slots = slots_of(4)
    seen = {maze.entrance.cell: 0}
    queue = [maze.entrance.cell]
    for c in queue:
        for k in slots[maze.links[c]]:
            j = maze.grid.adj[c * 4 + k]
            if j not in seen:
                seen[j] = seen[c] + 1
                queue.append(j)
    assert order == queue
    assert {c: dist[c] for c in range(maze.size)} == seen
    assert all(parent[c] in (-1, *queue) for c in range(maze.size))


def _plain_best(
    scene: labels._Scene, candidates: list[Rect], mark: Rect, others: list[Rect], within: float
) -> Rect | None:
    """The words' place as first written: every candidate tested, the nearest free one kept."""
    r, pad = scene.region, scene.pad
    kept: list[Rect] = []
    for box in candidates:
        x0, y0, x1, y1 = box
        if x0 < r[0] or y0 < r[1] or x1 > r[2] or y1 > r[3] or labels._overlap(box, scene.walls):
            continue
        grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        if any(labels._overlap(grown, m) for m in scene.marks):
            continue
        if any(labels._overlap(grown, o) for o in others):
            continue
        kept.append(box)
    if not kept:
        return None
    line = np.asarray(rows_of(scene.line), dtype=np.float64).reshape(-1, 4)  # plain or array
    clear = ~labels._hits(line, np.array(kept) + np.array([-pad, -pad, pad, pad]))
    free = [box for box, ok in zip(kept, clear.tolist(), strict=True) if ok]
    if not free:
        return None
    nearest = min(free, key=lambda box: round(labels._apart(box, mark), 6))
    return nearest if labels._apart(nearest, mark) <= within else None


_coord = st.integers(-40, 40).map(lambda v: v / 4)  # quarter cells: ties and touching boxes


@st.composite
def _box(draw: st.DrawFn) -> Rect:
    x, y = draw(_coord), draw(_coord)
    return (x, y, x + draw(st.integers(1, 24)) / 4, y + draw(st.integers(1, 8)) / 4)


@given(
    candidates=st.lists(_box(), max_size=40),
    marks=st.lists(_box(), min_size=1, max_size=2),
    others=st.lists(_box(), max_size=1),
    walls=_box(),
    line=st.lists(st.tuples(_coord, _coord, _coord, _coord), max_size=3),
    within=st.sampled_from([math.inf, 2.0, 5.0]),
)
def test_the_words_place_is_the_plain_search_s(
    candidates: list[Rect],
    marks: list[Rect],
    others: list[Rect],
    walls: Rect,
    line: list[tuple[float, float, float, float]],
    within: float,
) -> None:
    """Trying the candidates nearest first finds the box the plain search (all tested, the
    nearest free one kept, ties to the first) finds, on scenes of touching boxes and ties."""
    segments = np.array(line, dtype=np.float64).reshape(-1, 4)
    scene = labels._Scene(walls, tuple(marks), segments, (-8.0, -8.0, 12.0, 12.0), 0.25)
    mark = marks[0]
    found = scene.best(iter(candidates), mark, others, within)
    assert found == _plain_best(scene, candidates, mark, others, within)


@given(
    runs=st.lists(
        st.tuples(st.lists(_box(), min_size=1, max_size=13), st.sampled_from([0.0, 0.0, 0.25])),
        min_size=1,
        max_size=8,
    ),
    marks=st.lists(_box(), min_size=1, max_size=2),
    others=st.lists(_box(), max_size=1),
    walls=_box(),
    line=st.lists(st.tuples(_coord, _coord, _coord, _coord), max_size=3),
    within=st.sampled_from([math.inf, 2.0, 5.0]),
)
def test_the_words_place_in_runs_is_the_plain_search_s(
    runs: list[tuple[list[Rect], float]],
    marks: list[Rect],
    others: list[Rect],
    walls: Rect,
    line: list[tuple[float, float, float, float]],
    within: float,
) -> None:
    """Runs of boxes, each with a floor at or below its boxes' distances from the mark (at
    them most often, so a run's first box is often at its floor and taken at once), find the
    box the plain search of all their boxes in order finds."""
    segments = np.array(line, dtype=np.float64).reshape(-1, 4)
    scene = labels._Scene(walls, tuple(marks), segments, (-8.0, -8.0, 12.0, 12.0), 0.25)
    mark = marks[0]
    made = []
    for boxes, below in runs:
        floor = max(0.0, min(round(labels._apart(box, mark), 6) for box in boxes) - below)
        made.append(labels._Run(floor, len(boxes), lambda boxes=boxes: list(boxes)))
    found = scene.best_of(made, mark, others, within)
    everything = [box for boxes, _ in runs for box in boxes]
    assert found == _plain_best(scene, everything, mark, others, within)
