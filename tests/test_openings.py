"""START and FINISH apart (issue 11): the default and "opposite" placements on every shipped
template and on drawn shapes and sizes, checked against a brute-force search over all the
allowed pairs of outer sides; the numpy tree distances against breadth-first search."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import Maze, generate
from mazebook.app.cli import main
from mazebook.core import tour
from mazebook.core.generators import REGISTRY
from mazebook.core.grid import bfs
from mazebook.core.openings import OPENINGS, apart_steps, boundary_metric, facing_of
from mazebook.core.shapes import make_grid
from mazebook.core.tour import euler_tour
from mazebook.errors import InvalidOptionError

TEMPLATES = sorted(p.stem for p in (Path(__file__).parent.parent / "templates").glob("*.toml"))
GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)
RECT_ONLY = sorted(name for name, spec in REGISTRY.items() if spec.shapes == frozenset({"rect"}))

Allowed = Callable[[int, int], bool]


def cyclic_gap(i: int, j: int, count: int) -> int:
    """Outer sides between entries i and j of the boundary, the shorter way round."""
    return min(abs(i - j), count - abs(i - j))


def apart_rule(maze: Maze) -> Allowed:
    """The pairs of boundary entries the default may open: 40 % of the perimeter apart, and on
    a rectangle on different sides."""
    boundary = maze.grid.boundary
    count = len(boundary)
    least = apart_steps(count)
    assert least >= min(-(-2 * count // 5), count // 2)

    def allowed(i: int, j: int) -> bool:
        if cyclic_gap(i, j, count) < least:
            return False
        return maze.grid.kind != "rect" or boundary[i][1] != boundary[j][1]

    return allowed


def opposite_rule(maze: Maze) -> Allowed:
    """The pairs "opposite" may open: a left and a right side, or a top and a bottom one."""
    facing = facing_of(maze.grid).tolist()
    return lambda i, j: {facing[i], facing[j]} in ({0, 2}, {1, 3})


def longest_allowed(maze: Maze, allowed: Allowed) -> int:
    """Brute force: the longest path over all allowed pairs of outer sides (one BFS per cell)."""
    boundary = maze.grid.boundary
    dist = {c: bfs(maze.grid, maze.links, c)[0] for c in {c for c, _ in boundary}}
    return max(
        int(dist[a][b])
        for i, (a, _) in enumerate(boundary)
        for j, (b, _) in enumerate(boundary)
        if i != j and allowed(i, j)
    )


def entries(maze: Maze) -> tuple[int, int]:
    """The boundary entries opened as START and FINISH."""
    boundary = maze.grid.boundary
    return boundary.index(tuple(maze.entrance)), boundary.index(tuple(maze.exit))


def assert_longest_allowed(maze: Maze, allowed: Allowed) -> None:
    """The openings are an allowed pair and no allowed pair has a longer path."""
    i, j = entries(maze)
    assert allowed(i, j), (maze.entrance, maze.exit)
    assert len(maze.solution_cells) - 1 == longest_allowed(maze, allowed)


@st.composite
def shaped(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """A shape, a size and its options, small enough for a brute-force check."""
    shape = draw(st.sampled_from(["rect", "rect1", "hex", "triangle", "mask"]))
    if shape == "rect":
        return "rect", draw(st.integers(1, 14)), draw(st.integers(1, 14)), {}
    if shape == "rect1":  # one cell wide or tall
        n = draw(st.integers(1, 30))
        return ("rect", 1, n, {}) if draw(st.booleans()) else ("rect", n, 1, {})
    if shape == "hex":
        outline = draw(st.sampled_from(["hexagon", "rect"]))
        h = draw(st.integers(1, 9))
        w = draw(st.integers(h // 2 + 1 if outline == "hexagon" else 1, 9))
        return "hex", w, h, {"outline": outline}
    if shape == "triangle":
        outline = draw(st.sampled_from(["triangle", "rect"]))
        w, h = draw(st.integers(2, 14)), draw(st.integers(1, 8))
        return "triangle", w, h, {"outline": outline}
    silhouette = draw(st.sampled_from(["heart", "star"]))
    return "mask", draw(st.integers(10, 22)), draw(st.integers(10, 22)), {"mask": silhouette}


def make(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int, **placement: Any
) -> Maze:
    """The maze of a drawn shape."""
    kind, w, h, options = shape
    return generate(algorithm, w, h, seed=seed, shape=kind, **options, **placement)


def test_opposite_is_a_policy_and_farthest_the_default() -> None:
    assert OPENINGS[0] == "farthest" and "opposite" in OPENINGS
    assert generate("wilson", 9, 7, seed=3) == generate("wilson", 9, 7, seed=3, openings="farthest")


@pytest.mark.slow
@pytest.mark.parametrize("name", TEMPLATES)
def test_shipped_templates_keep_openings_apart(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.pdf"
    assert main(["build", name, "-o", str(out), "-q"]) == 0
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert manifest["puzzles"]
    for puzzle in manifest["puzzles"]:
        maze = generate(
            puzzle["algorithm"],
            puzzle["width"],
            puzzle["height"],
            seed=puzzle["seed"],
            shape=puzzle["shape"],
            **puzzle["options"],
        )
        recorded = maze.to_dict()
        assert [recorded["entrance"], recorded["exit"]] == [puzzle["entrance"], puzzle["exit"]]
        i, j = entries(maze)
        assert apart_rule(maze)(i, j), (name, puzzle["number"], recorded["entrance_side"])
        if maze.grid.kind == "rect":
            assert recorded["entrance_side"] != recorded["exit_side"]


@pytest.mark.slow
@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_default_openings_apart_and_longest(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int
) -> None:
    maze = make(shape, algorithm, seed)
    assert_longest_allowed(maze, apart_rule(maze))
    if maze.grid.kind == "rect":
        d = maze.to_dict()
        assert d["entrance_side"] != d["exit_side"]


@pytest.mark.slow
@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_opposite_openings_on_opposite_sides_and_longest(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int
) -> None:
    maze = make(shape, algorithm, seed, openings="opposite")
    assert_longest_allowed(maze, opposite_rule(maze))
    if maze.grid.kind == "rect":
        d = maze.to_dict()
        assert (d["entrance_side"], d["exit_side"]) in (("W", "E"), ("N", "S"))


@pytest.mark.slow
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32))
def test_rectangle_algorithms_keep_openings_on_different_sides(w: int, h: int, seed: int) -> None:
    for algorithm in RECT_ONLY:
        d = generate(algorithm, w, h, seed=seed).to_dict()
        assert d["entrance_side"] != d["exit_side"], (algorithm, d["entrance"], d["exit"])


@pytest.mark.slow
@given(st.integers(1, 9), st.integers(1, 6), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_circles_still_run_from_outside_to_centre(
    w: int, rings: int, algorithm: str, seed: int
) -> None:
    maze = generate(algorithm, w, rings, seed=seed, shape="circle")
    assert maze.exit.cell == 0 and maze.exit.side is None
    dist = bfs(maze.grid, maze.links, 0)[0]
    assert dist[maze.entrance.cell] == max(dist[c] for c, _ in maze.grid.boundary)
    with pytest.raises(InvalidOptionError, match="opposite"):
        generate(algorithm, w, rings, seed=seed, shape="circle", openings="opposite")


@pytest.mark.slow
@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32), st.booleans())
def test_tree_distances_match_breadth_first_search(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int, loop: bool
) -> None:
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    spec = REGISTRY[algorithm]
    links = bytearray(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    if loop:  # one extra passage: no longer a tree, so the breadth-first fallback answers
        closed = [
            (c, k)
            for c in range(grid.size)
            for k in range(grid.degree)
            if grid.adj[c * grid.degree + k] != grid.size and not links[c] >> k & 1
        ]
        if closed:
            c, k = random.Random(seed).choice(closed)
            links[c] |= 1 << k
            links[grid.adj[c * grid.degree + k]] |= 1 << grid.back[c * grid.degree + k]
    metric = boundary_metric(grid, bytes(links))
    cells = [c for c, _ in grid.boundary]
    for i, c in enumerate(cells):
        dist = bfs(grid, bytes(links), c)[0]
        assert metric.from_entry(i).tolist() == [dist[d] for d in cells]


@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32), st.sampled_from([1, 2, 3, 7, 32]))
def test_every_ruler_spacing_walks_the_same_tour(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int, every: int
) -> None:
    """The spacing of the walks' starting passages (chosen by the tour's length, for speed)
    never changes the tour, so never the openings."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    spec = REGISTRY[algorithm]
    links = bytes(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    cells = np.fromiter((c for c, _ in grid.boundary), dtype=np.int64)
    default = euler_tour(grid, links, cells)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tour, "ruler_every", lambda passages: every)
        patch.setattr(tour, "_JUMP_BELOW", 0)  # the ruling set, not pointer jumping
        spaced = euler_tour(grid, links, cells)
    assert default is not None and spaced is not None
    assert default[0].tolist() == spaced[0].tolist()
    assert default[1].tolist() == spaced[1].tolist()


@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32), st.booleans())
def test_pointer_jumping_ranks_the_tour_as_the_ruling_set_does(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int, weave: bool
) -> None:
    """Small tours (a book's mazes) are ranked by pointer jumping, large ones by the ruling
    set: both give every passage the same place on the tour, so the same openings, crossings
    and tree order."""
    kind, w, h, options = shape
    if weave and kind == "rect" and w * h > 1:
        maze = generate(algorithm, w, h, seed=seed, weave=1.0)
        grid, links = maze.split_view.grid, maze.split_view.links
    else:
        grid = make_grid(kind, w, h, **options)
        spec = REGISTRY[algorithm]
        links = bytes(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    cells = np.fromiter((c for c, _ in grid.boundary), dtype=np.int64)
    jumped = (euler_tour(grid, links, cells), tour.tree_order(grid, links))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tour, "_JUMP_BELOW", 0)
        walked = (euler_tour(grid, links, cells), tour.tree_order(grid, links))
    assert (jumped[0] is None) == (walked[0] is None)
    if jumped[0] is not None and walked[0] is not None:
        assert jumped[0][0].tolist() == walked[0][0].tolist()
        assert jumped[0][1].tolist() == walked[0][1].tolist()
    assert (jumped[1] is None) == (walked[1] is None)
    if jumped[1] is not None and walked[1] is not None:
        assert jumped[1][0].tolist() == walked[1][0].tolist()
        assert jumped[1][1].tolist() == walked[1][1].tolist()


def test_pointer_jumping_refuses_what_is_not_one_cycle() -> None:
    """Two cycles, a passage with two before it, or none before passage 0: no tour."""
    assert tour._jump_tour(np.array([1, 0, 3, 2], dtype=np.int32)) is None
    assert tour._jump_tour(np.array([1, 2, 1], dtype=np.int32)) is None
    assert tour._jump_tour(np.array([1, 1], dtype=np.int32)) is None
    ranked = tour._jump_tour(np.array([2, 0, 3, 1], dtype=np.int32))
    assert ranked is not None and ranked.tolist() == [0, 3, 1, 2]


def test_small_tours_walk_from_closer_rulers() -> None:
    assert tour.ruler_every(100) < tour.ruler_every(50_000) < tour.ruler_every(10**6)


@pytest.mark.parametrize("damage", ["one-sided", "high-bits", "cycle-and-island"])
@given(shaped(), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_damaged_mazes_measure_like_breadth_first_search(
    damage: str, shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int
) -> None:
    """Links that are not a clean spanning tree (a passage open from one side only, bits past
    the grid's slots, a loop that leaves one cell cut off with the passage count of a tree)
    never fool the numpy tour: the distances are those of a breadth-first search."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    spec = REGISTRY[algorithm]
    rng = random.Random(seed)
    links = bytearray(spec.run(grid, rng, spec.resolve_options({})))
    d = grid.degree
    inner = [
        (c, k)
        for c in range(grid.size)
        for k in range(d)
        if grid.adj[c * d + k] != grid.size and links[c] >> k & 1
    ]
    closed = [
        (c, k)
        for c in range(grid.size)
        for k in range(d)
        if grid.adj[c * d + k] != grid.size and not links[c] >> k & 1
    ]
    if damage == "one-sided" and inner and closed:  # as many passage bits as a tree has
        c, k = rng.choice(inner)
        links[c] &= ~(1 << k)
        c, k = rng.choice(closed)
        links[c] |= 1 << k
    elif damage == "high-bits" and d < 8:
        for c in rng.sample(range(grid.size), min(3, grid.size)):
            links[c] |= 0xFF ^ ((1 << d) - 1)
    elif damage == "cycle-and-island":
        leaves = [c for c in range(grid.size) if bin(links[c] & ((1 << d) - 1)).count("1") == 1]
        if leaves and closed:
            leaf = rng.choice(leaves)
            k = (links[leaf] & -links[leaf]).bit_length() - 1
            other = grid.adj[leaf * d + k]
            links[leaf] &= ~(1 << k)
            links[other] &= ~(1 << grid.back[leaf * d + k])
            closed = [(c, j) for c, j in closed if leaf not in (c, grid.adj[c * d + j])]
            if closed:
                c, j = rng.choice(closed)
                links[c] |= 1 << j
                links[grid.adj[c * d + j]] |= 1 << grid.back[c * d + j]
    clean = bytes(b & ((1 << d) - 1) for b in links)
    metric = boundary_metric(grid, bytes(links))
    cells = [c for c, _ in grid.boundary]
    for i, c in enumerate(cells):
        dist = bfs(grid, clean, c)[0]
        assert metric.from_entry(i).tolist() == [dist[e] for e in cells]


def test_cli_takes_opposite(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    code = main(["maze", "--size", "12x5", "--seed", "4", "--openings", "opposite", "-o", str(out)])
    assert code == 0
    d = json.loads(out.read_text())
    assert (d["entrance_side"], d["exit_side"]) in (("W", "E"), ("N", "S"))
