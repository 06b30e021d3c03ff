"""The openings of a small maze (at most LIST_UP_TO cells) are found in plain Python, never
numpy (issue 33: a book that never loads numpy), and they are the numpy path's to the last
tie: on random mazes of every shape, grown or not, perfect or braided or woven, the default,
"opposite" and the farthest pair agree, and so do the path lengths behind them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core import openings, tour
from mazebook.core.braid import braid
from mazebook.core.generators import REGISTRY, growing_tree
from mazebook.core.grid import LIST_UP_TO, Grid
from mazebook.core.grown import Grown, ancestor_bits, walked_bits
from mazebook.core.shapes import make_grid
from mazebook.errors import MazebookError

from .test_grown import shapes as grown_shapes

GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)


@st.composite
def thin(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """A rectangle of up to LIST_UP_TO cells two to four wide: an outline longer than
    BITS_PAIR_UP_TO (the doubling's plain path) as often as not."""
    across, along = draw(st.integers(2, 4)), draw(st.integers(2, 1024))
    return ("rect", across, along, {}) if draw(st.booleans()) else ("rect", along, across, {})


def shapes() -> st.SearchStrategy[tuple[str, int, int, dict[str, Any]]]:
    """A book's shapes and sizes, narrow rectangles and thin ones up to LIST_UP_TO cells."""
    return grown_shapes() | thin()


@st.composite
def mazes(draw: st.DrawFn) -> tuple[Grid, bytes, Grown | None]:
    """A grid and a maze on it: carved by any generator that takes the shape, grown (with its
    record, or without it), or braided (loops: no tree)."""
    kind, w, h, options = draw(shapes())
    grid = make_grid(kind, w, h, **options)
    seed = draw(st.integers(0, 2**32))
    how = draw(st.sampled_from(["grown", "unrecorded", "carved", "braided"]))
    if how in ("grown", "unrecorded") or grid.size > 1500:  # the slower carvers stay small
        carved, grown = growing_tree.grow(grid, random.Random(seed), "mix", 0.8)
        links = bytes(carved)
        return grid, links, grown if how == "grown" else None
    spec = REGISTRY[draw(st.sampled_from(GRAPH))]
    links = bytes(spec.run(grid, random.Random(seed), spec.resolve_options({})))
    if how == "braided":
        links = bytes(braid(grid, links, draw(st.sampled_from([0.3, 1.0])), random.Random(seed)))
    return grid, links, None


def answer(call: Callable[[], Any]) -> Any:
    """What an openings call returns, or the message it refuses with."""
    try:
        return call()
    except MazebookError as exc:
        return f"refused: {exc}"


@contextmanager
def numpy_path() -> Iterator[None]:
    """The openings as a grid larger than LIST_UP_TO finds them: numpy's metric and search."""
    with mock.patch.object(openings, "LIST_UP_TO", 0):
        yield


@settings(max_examples=300, deadline=None)
@given(mazes())
def test_the_plain_openings_are_the_numpy_ones(maze: tuple[Grid, bytes, Grown | None]) -> None:
    """ "farthest" (the default, kept apart), "opposite" and the farthest pair of all open the
    same outer sides in plain Python as in numpy, ties included, and refuse alike."""
    grid, links, grown = maze
    if len(grid.boundary) < 2 or grid.params.get("default_openings") is not None:
        return  # nothing to open, or the circle's own (outside to centre)
    calls = [
        lambda: openings.apart_openings(grid, links, grown),
        lambda: openings.opposite_openings(grid, links, grown),
        lambda: openings.farthest_openings(grid, links),
    ]
    plain = [answer(call) for call in calls]
    with numpy_path():
        assert [answer(call) for call in calls] == plain


@settings(max_examples=200, deadline=None)
@given(mazes())
def test_the_plain_path_lengths_are_numpy_s(maze: tuple[Grid, bytes, Grown | None]) -> None:
    """Every outer side's path lengths to the others (the metric behind the openings) are
    boundary_metric's, read from the growth record, a walk along the passages or searches."""
    grid, links, grown = maze
    if len(grid.boundary) < 2:
        with pytest.raises(MazebookError, match="fewer than two outer sides"):
            openings.plain_metric(grid, links, grown)
        return
    plain = openings.plain_metric(grid, links, grown)
    metric = openings.boundary_metric(grid, links)
    assert (plain.paths is not None) == (metric.matrix is None)
    count = len(grid.boundary)
    for i in range(0, count, max(1, count // 40)):  # 40 rows or so of the longest outlines
        assert plain.from_entry(i) == metric.from_entry(i).tolist()
        j = (i * 7 + 3) % count
        assert plain.pair(i, j) == int(metric.pairs([i], [j])[0])


@settings(max_examples=200, deadline=None)
@given(mazes())
def test_walked_bits_find_a_tree_where_the_tour_does(
    maze: tuple[Grid, bytes, Grown | None],
) -> None:
    """A search along the passages finds a spanning tree exactly where the Euler tour walks
    one (braided mazes and half-open passages are none), and its path lengths are the
    growth record's."""
    grid, links, grown = maze
    bits = walked_bits(grid, links)
    toured = tour.euler_tour(grid, links, openings._outer_cells(grid))
    assert (bits is None) == (toured is None)
    if bits is None or grown is None:
        return
    grown_bits = ancestor_bits(grid, grown)
    assert grown_bits is not None
    for a in range(0, grid.size, max(1, grid.size // 40)):
        for b in range(grid.size):
            assert (bits[a] ^ bits[b]).bit_count() == (grown_bits[a] ^ grown_bits[b]).bit_count()


@given(st.integers(2, 40), st.integers(2, 40), st.integers(0, 2**32), st.data())
def test_walked_bits_refuse_a_passage_open_from_one_side(
    w: int, h: int, seed: int, data: st.DataObject
) -> None:
    """A passage open from one of its cells only, or a passage bit cut (no longer a spanning
    tree), is no tree: None, as the tour says."""
    grid = make_grid("rect", w, h)
    links = bytearray(growing_tree.grow(grid, random.Random(seed), "mix", 0.8)[0])
    cell = data.draw(st.sampled_from([c for c in range(grid.size) if links[c] & 15]))
    slot = data.draw(st.sampled_from([k for k in range(4) if links[cell] >> k & 1]))
    links[cell] &= ~(1 << slot)
    assert walked_bits(grid, bytes(links)) is None
    assert tour.euler_tour(grid, bytes(links), openings._outer_cells(grid)) is None


@given(shapes())
def test_the_windows_and_facings_are_numpy_s(shape: tuple[str, int, int, dict[str, Any]]) -> None:
    """Each outer side's window of partners and the way it faces, as lists, are the arrays'."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    lo, hi = openings._apart_windows(grid)
    assert openings._apart_lists(grid) == (lo.tolist(), hi.tolist())
    assert openings.facing_list(grid) == openings.facing_of(grid).tolist()


def test_a_small_maze_s_openings_never_touch_numpy() -> None:
    """Every placement of every shape, grown or not, braided or woven, up to LIST_UP_TO
    cells, runs with the openings' and the tour's numpy taken away; past it, numpy is used."""

    class NoNumpy:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"numpy used: np.{name}")

    cases: list[tuple[str, int, int, dict[str, Any]]] = [
        ("backtracker", 20, 20, {}),
        ("kruskal", 30, 30, {}),
        ("growing-tree", 30, 41, {"mode": "mix", "p_newest": 0.8}),
        ("growing-tree", 64, 64, {}),
        ("growing-tree", 2, 1024, {}),
        ("backtracker", 12, 9, {"shape": "hex"}),
        ("backtracker", 12, 9, {"shape": "triangle"}),
        ("backtracker", 20, 20, {"shape": "mask", "mask": "heart"}),
        ("backtracker", 20, 20, {"braid": 0.5}),
    ]
    no_numpy = (
        mock.patch.object(openings, "np", NoNumpy()),
        mock.patch.object(tour, "np", NoNumpy()),
    )
    with no_numpy[0], no_numpy[1]:
        for algorithm, w, h, options in cases:
            for policy in ("farthest", "opposite"):
                maze = generate(algorithm, w, h, seed=5, openings=policy, **options)
                assert maze.entrance != maze.exit
        assert LIST_UP_TO < 65 * 64
        with pytest.raises(AssertionError, match="numpy used"):
            generate("backtracker", 65, 64, seed=5)
    with no_numpy[0]:  # a woven maze's carving reads the tour (tree_order), its openings not
        for policy in ("farthest", "opposite"):
            maze = generate("backtracker", 20, 20, seed=5, weave=0.5, openings=policy)
            assert maze.entrance != maze.exit
