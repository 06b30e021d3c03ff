"""How a maze grew (mazebook.core.grown) measures what the Euler tour measures (issue 33: a
cheaper candidate, not one changed byte): the growing tree tells its carve order with the same
maze and the same draws, and the openings found from it are the tour's, ties included, on
random mazes of every shape and on a book's sizes and options."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core import openings
from mazebook.core.generators import REGISTRY, growing_tree
from mazebook.core.generators._common import adj_array, back_array, links_from_edges
from mazebook.core.grid import bfs, walk
from mazebook.core.grown import Grown, ancestor_bits, ancestor_paths, grown_of, hung_from
from mazebook.core.maze import Maze
from mazebook.core.shapes import make_grid
from mazebook.difficulty import effort, metrics
from mazebook.errors import MazebookError

from .test_fast_search import shapes as book_shapes

GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)


@st.composite
def one_wide(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """A rectangle one cell wide or tall."""
    n = draw(st.integers(1, 40))
    return ("rect", 1, n, {}) if draw(st.booleans()) else ("rect", n, 1, {})


def shapes() -> st.SearchStrategy[tuple[str, int, int, dict[str, Any]]]:
    """The shapes and sizes a book's page takes (test_fast_search's), and narrow rectangles."""
    return book_shapes() | one_wide()


modes = st.sampled_from(growing_tree.MODES)
chances = st.sampled_from([0.0, 0.3, 0.5, 0.7, 0.72, 0.8, 0.84, 0.9, 1.0])


@given(shapes(), modes, chances, st.integers(0, 2**32))
def test_grow_carves_the_maze_carve_carves_and_tells_its_order(
    shape: tuple[str, int, int, dict[str, Any]], mode: str, p: float, seed: int
) -> None:
    """``grow`` makes ``carve``'s maze from the same draws, and each of its half-edges in
    order joins a new cell to those before it: together they are the maze."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    plain_rng, grown_rng = random.Random(seed), random.Random(seed)
    plain = growing_tree.carve(grid, plain_rng, mode, p)
    links, grown = growing_tree.grow(grid, grown_rng, mode, p)
    assert links == plain
    assert plain_rng.getstate() == grown_rng.getstate()
    joined = {grown.start}
    for e in grown.edges:
        assert e // grid.degree in joined
        assert grid.adj[e] not in joined and grid.adj[e] < grid.size
        joined.add(grid.adj[e])
    assert links_from_edges(grid, list(grown.edges)) == links


@given(shapes(), modes, chances, st.integers(0, 2**32))
def test_ancestor_bits_give_the_path_lengths(
    shape: tuple[str, int, int, dict[str, Any]], mode: str, p: float, seed: int
) -> None:
    """Two cells' path length is the count of bits their paths to the start do not share."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    links, grown = growing_tree.grow(grid, random.Random(seed), mode, p)
    bits = ancestor_bits(grid, grown)
    if len(grown.edges) != grid.size - 1:  # a shape in pieces: no spanning tree
        assert bits is None
        return
    assert bits is not None
    picks = random.Random(seed).sample(range(grid.size), min(grid.size, 4))
    for source in picks:
        dist = bfs(grid, bytes(links), source)[0]
        assert [(bits[source] ^ b).bit_count() for b in bits] == list(dist[: grid.size])


def test_ancestor_bits_refuse_what_did_not_grow_as_a_tree() -> None:
    """Too few half-edges, or two joining the same cell, are no spanning tree: None."""
    grid = make_grid("rect", 3, 2)
    grown = growing_tree.grow(grid, random.Random(5), "mix", 0.8)[1]
    assert ancestor_bits(grid, grown) is not None
    assert ancestor_bits(grid, Grown(grown.start, list(grown.edges)[:-1])) is None
    edges = list(grown.edges)
    edges[-1] = edges[-2]  # the last cell never joins; one joins twice
    assert ancestor_bits(grid, Grown(grown.start, edges)) is None
    assert ancestor_bits(grid, Grown(grid.size, grown.edges)) is None


@given(st.integers(0, 2**32))
def test_ancestor_bits_refuse_edges_out_of_order_or_off_the_grid(seed: int) -> None:
    """An edge from a cell not yet grown (the order turned round), or through an outer side or
    past the table, is no growth: None, not wrong path lengths (a plugin's grow may err)."""
    grid = make_grid("rect", 5, 4)
    grown = growing_tree.grow(grid, random.Random(seed), "newest")[1]
    assert ancestor_bits(grid, Grown(grown.start, list(reversed(grown.edges)))) is None
    outer = next(e for e in range(grid.size * grid.degree) if grid.adj[e] == grid.size)
    edges = list(grown.edges)
    for bad in (outer, grid.size * grid.degree, -1):
        edges[-1] = bad
        assert ancestor_bits(grid, Grown(grown.start, edges)) is None


def test_a_small_growing_tree_maze_opens_from_its_ancestor_bits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """generate() hands a small growing-tree maze's growth to the openings, which read it (the
    fast path is taken, not only equal), and a large one's it drops."""
    reads: list[int] = []
    real = openings.ancestor_paths

    def spy(grid: Any, grown: Grown) -> Any:
        reads.append(grid.size)
        return real(grid, grown)

    monkeypatch.setattr(openings, "ancestor_paths", spy)
    generate("growing-tree", 12, 15, seed=3, mode="mix", p_newest=0.8)
    assert reads == [180]
    assert openings.GROWN_UP_TO < 70 * 70  # a large maze: past the plain path (LIST_UP_TO)
    generate("growing-tree", 70, 70, seed=3, mode="mix", p_newest=0.8)
    assert reads == [180]


def _openings(call: Any) -> Any:
    """What an openings call returns, or the message it refuses with."""
    try:
        return call()
    except MazebookError as exc:
        return str(exc)


@settings(max_examples=300)
@given(shapes(), modes, chances, st.integers(0, 2**32))
def test_the_grown_metric_opens_where_the_tour_opens(
    shape: tuple[str, int, int, dict[str, Any]], mode: str, p: float, seed: int
) -> None:
    """The path lengths between outer sides from the ancestor bits (the plain metric) are the
    tour's, and so are the openings "farthest" and "opposite" find from them (ties broken as
    the sparse table of diameter ends breaks them)."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    links, grown = growing_tree.grow(grid, random.Random(seed), mode, p)
    links = bytes(links)
    if len(grid.boundary) < 2:
        with pytest.raises(MazebookError):
            openings.plain_metric(grid, links, grown)
        return
    toured = openings.boundary_metric(grid, links)
    measured = openings.plain_metric(grid, links, grown)
    for i in range(len(grid.boundary)):
        assert measured.from_entry(i) == toured.from_entry(i).tolist()
    lo, hi = openings._apart_windows(grid)
    plain = _openings(lambda: openings.best_apart(toured, lo, hi))
    found = _openings(lambda: openings.best_apart_plain(measured, lo.tolist(), hi.tolist()))
    assert found == plain
    band = openings._band(grid)
    assert _openings(lambda: openings.best_apart_band(toured, lo, hi, band)) == plain
    bits = ancestor_bits(grid, grown)
    if bits is not None:  # the pair measured one pair at a time, in plain Python
        paths = [bits[c] for c, _ in grid.boundary]
        found = _openings(lambda: openings.best_apart_bits(paths, lo.tolist(), hi.tolist()))
        assert found == plain
    assert _openings(lambda: openings.apart_openings(grid, links, grown)) == _openings(
        lambda: openings.apart_openings(grid, links)
    )
    if kind != "circle":
        assert _openings(lambda: openings.opposite_openings(grid, links, grown)) == _openings(
            lambda: openings.opposite_openings(grid, links)
        )


BOOK_SIZES = [(4, 5), (4, 7), (6, 8), (9, 12), (10, 14), (15, 20), (18, 24), (23, 31), (30, 41)]


@pytest.mark.parametrize("outline", [0, 1000])
@pytest.mark.parametrize(("width", "height"), BOOK_SIZES)
def test_a_books_mazes_are_the_same_grown_or_toured(
    outline: int, width: int, height: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mazes a book's search makes (growing tree, mode mix, p_newest 0.7 to 0.9, openings
    farthest): the same maze and openings whether the openings read how it grew (by the band
    of a metric, or pair by pair in plain Python: ``outline`` is BITS_PAIR_UP_TO) or walk the
    tour, over many seeds."""
    monkeypatch.setattr(openings, "BITS_PAIR_UP_TO", outline)
    monkeypatch.setattr(openings, "GROWN_UP_TO", 10_000)
    _same_grown_or_toured(width, height, monkeypatch)


def _same_grown_or_toured(width: int, height: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """150 of a book's mazes made as the openings are set now, then again walking the tour:
    the same to the last field."""
    options = {"mode": "mix", "openings": "farthest"}
    chances = (0.7, 0.72, 0.76, 0.8, 0.84, 0.87, 0.9)
    cases = [(seed, chances[seed % len(chances)]) for seed in range(150)]
    grown = [
        generate("growing-tree", width, height, seed=s, p_newest=p, **options) for s, p in cases
    ]
    monkeypatch.setattr(openings, "GROWN_UP_TO", 0)
    toured = [
        generate("growing-tree", width, height, seed=s, p_newest=p, **options) for s, p in cases
    ]
    for a, b in zip(grown, toured, strict=True):
        assert a.to_dict() == b.to_dict()


@settings(max_examples=100)
@given(shapes(), st.sampled_from(GRAPH), st.integers(0, 2**32))
def test_links_from_edges_packs_what_the_rows_pack(
    shape: tuple[str, int, int, dict[str, Any]], algorithm: str, seed: int
) -> None:
    """The passage bytes packed flat from eight slots a cell are those of the cell's own
    ``degree`` slots packed row by row, on every shape's degree."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    spec = REGISTRY[algorithm]
    links = bytes(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    n, degree = grid.size, grid.degree
    slots = np.flatnonzero(np.unpackbits(np.frombuffer(links, np.uint8), bitorder="little"))
    cell, k = slots // 8, slots % 8
    half = cell * degree + k
    half = half[adj_array(grid)[half] > cell]  # each passage once
    marks = np.zeros(n * degree, dtype=np.uint8)
    marks[half] = 1
    marks[adj_array(grid)[half].astype(np.intp) * degree + back_array(grid)[half]] = 1
    rows = np.packbits(marks.reshape(n, degree), axis=1, bitorder="little").tobytes()
    assert bytes(links_from_edges(grid, half)) == rows == links


@settings(max_examples=300)
@given(shapes(), modes, chances, st.integers(0, 2**32), st.data())
def test_the_tree_hung_from_its_growth_is_the_search_s(
    shape: tuple[str, int, int, dict[str, Any]],
    mode: str,
    p: float,
    seed: int,
    data: st.DataObject,
) -> None:
    """``hung_from`` gives, from any root, the parents a breadth-first search along the
    passages gives, and every cell once, the root first and each after its parent, off the
    parents ``ancestor_paths`` read as the maze grew (left as they were)."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    links, grown = growing_tree.grow(grid, random.Random(seed), mode, p)
    found = ancestor_paths(grid, grown)
    if found is None:  # a shape in pieces: never kept
        return
    grew = list(found[1])
    root = data.draw(st.integers(0, grid.size - 1))
    parent, order = hung_from(grid, grown, found[1], root)
    assert found[1] == grew  # the kept parents are not changed
    searched, _ = walk(grid, bytes(links), root)
    assert list(parent) == list(searched)
    assert sorted(order) == list(range(grid.size)) and order[0] == root
    place = {c: i for i, c in enumerate(order)}
    assert all(place[parent[c]] < place[c] for c in order[1:])


@settings(max_examples=200)
@given(shapes(), modes, chances, st.integers(0, 2**32))
def test_the_effort_hung_from_the_kept_growth_is_the_searched_one(
    shape: tuple[str, int, int, dict[str, Any]], mode: str, p: float, seed: int
) -> None:
    """generate() keeps how a small maze grew, and the effort model hangs its tree off it
    (the fast path is taken): the same solution, branch sizes, parents, efforts and
    entrance tree as the breadth-first search from the exit gives (the record of another
    maze, or a copy of this one's bytes, is never read)."""
    kind, w, h, options = shape
    try:
        maze = generate(
            "growing-tree", w, h, seed=seed, shape=kind, mode=mode, p_newest=p, **options
        )
    except MazebookError:
        return  # an outline too small to open
    copy = Maze(maze.grid, bytes(bytearray(maze.links)), maze.entrance, maze.exit)
    grown = grown_of(maze.grid, maze.links)
    assert grown_of(copy.grid, copy.links) is None
    if grown is None:  # openings that read no growth (the circle's centre), or in pieces
        return
    fast = effort.hang(maze)
    searched = effort.hang(copy)
    assert (fast is None) == (searched is None)
    if fast is None or searched is None:
        return
    assert fast.path == searched.path
    assert (fast.size, fast.entered) == (searched.size, searched.entered)
    assert list(fast.parent) == list(searched.parent)
    assert sorted(fast.order) == sorted(searched.order)
    assert fast.nearer == searched.nearer == metrics.bfs_expanded(copy)
    assert effort.efforts_and_tree(maze)[0] == effort.efforts_and_tree(copy)[0]
    assert metrics.measure(maze, fast) == metrics.measure(copy, searched)


def test_a_books_candidate_is_hung_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A book's candidate (growing tree, mix) is hung from its exit off the growth the
    openings kept, with no breadth-first search; a copy of its bytes is searched."""
    maze = generate("growing-tree", 20, 25, seed=11, mode="mix", p_newest=0.8)
    searched = effort.hang(Maze(maze.grid, bytes(bytearray(maze.links)), maze.entrance, maze.exit))

    def no_search(*_: Any) -> Any:
        raise AssertionError("searched")

    monkeypatch.setattr(effort, "walk", no_search)
    fast = effort.hang(maze)
    assert fast is not None and searched is not None and fast.size == searched.size
    with pytest.raises(AssertionError, match="searched"):
        effort.hang(Maze(maze.grid, bytes(bytearray(maze.links)), maze.entrance, maze.exit))
