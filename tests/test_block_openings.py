"""The default openings of a longer outline are searched by runs of outer sides
(``best_apart_blocks``: the bound of two runs is four lengths between their diameters' ends),
and a maze's growth record is read in one pass checked at the end (``ancestor_bits``): both
find exactly what the entry-by-entry search (``best_apart_bits``) and the checked walk found,
ties and refusals included (issue 33, round five, part two)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.core import openings
from mazebook.core.generators import growing_tree
from mazebook.core.grid import Grid, neighbour_list
from mazebook.core.grown import Grown, ancestor_bits
from mazebook.core.shapes import make_grid
from mazebook.errors import MazebookError

from .test_plain_openings import shapes


def answer(call: Callable[[], Any]) -> Any:
    """What a search returns, or the message it refuses with."""
    try:
        return call()
    except MazebookError as exc:
        return f"refused: {exc}"


def checked_bits(grid: Grid, grown: Grown) -> list[int] | None:
    """``ancestor_bits`` as it was: each edge checked as it is read (the reference)."""
    n, degree, edges = grid.size, grid.degree, grown.edges
    if len(edges) != n - 1 or not 0 <= grown.start < n:
        return None
    if edges and not (min(edges) >= 0 and max(edges) < n * degree):
        return None
    adj = neighbour_list(grid)
    bits = [0] * n
    bits[grown.start] = 1
    for t, e in enumerate(edges):
        own, joined = bits[e // degree], adj[e]
        if not own or joined >= n or bits[joined]:
            return None
        bits[joined] = own | 1 << (t + 1)
    return bits


@settings(max_examples=300, deadline=None)
@given(shapes(), st.integers(0, 2**32), st.integers(1, 20))
def test_the_runs_find_the_pair_entry_by_entry_does(
    shape: tuple[str, int, int, dict[str, Any]], seed: int, run: int
) -> None:
    """On a book's shapes and thin rectangles, grown at random, the search by runs of any
    length opens the pair the entry-by-entry search opens, or refuses alike."""
    kind, w, h, options = shape
    grid = make_grid(kind, w, h, **options)
    if len(grid.boundary) < 2:
        return
    _, grown = growing_tree.grow(grid, random.Random(seed), "mix", 0.8)
    bits = ancestor_bits(grid, grown)
    assert bits is not None
    paths = [bits[c] for c, _ in grid.boundary]
    lo, hi = openings._apart_lists(grid)
    plan = openings._block_plan(len(paths), lo, hi, run)
    assert answer(lambda: openings.best_apart_blocks(paths, lo, hi, plan)) == answer(
        lambda: openings.best_apart_bits(paths, lo, hi)
    )


@st.composite
def trees_and_windows(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], int]:
    """A random tree's nodes' paths to its root as bits, some of them (repeats allowed, as a
    corner cell is two outer sides) as an outline, any window of partners for each (empty
    ones too), and a run length."""
    nodes = draw(st.integers(1, 60))
    parent = [draw(st.integers(0, v - 1)) for v in range(1, nodes)]
    bits = [1]
    for v, p in enumerate(parent, start=1):
        bits.append(bits[p] | 1 << v)
    count = draw(st.integers(2, 90))
    paths = [bits[draw(st.integers(0, nodes - 1))] for _ in range(count)]
    lo, hi = [], []
    for _ in range(count):
        low = draw(st.integers(1, count - 1))
        lo.append(low)
        hi.append(draw(st.integers(low - 1, count - 1)))
    return paths, lo, hi, draw(st.integers(1, 24))


@settings(max_examples=400, deadline=None)
@given(trees_and_windows())
def test_the_runs_find_the_pair_on_any_tree_and_windows(
    case: tuple[list[int], list[int], list[int], int],
) -> None:
    """On any tree, any outline's entries and any windows (not only an outline's, whose pairs
    go both ways), the search by runs finds the entry-by-entry pair, ties broken alike."""
    paths, lo, hi, run = case
    plan = openings._block_plan(len(paths), lo, hi, run)
    assert answer(lambda: openings.best_apart_blocks(paths, lo, hi, plan)) == answer(
        lambda: openings.best_apart_bits(paths, lo, hi)
    )


def test_a_long_outline_is_searched_by_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A book's larger maze (an outline of BLOCKS_FROM to BLOCKS_UP_TO outer sides) takes
    the runs' search, a smaller one and a long thin one the entry-by-entry search."""
    used: list[str] = []
    for name in ("best_apart_blocks", "best_apart_bits"):
        found = getattr(openings, name)

        def spy(*args: Any, _name: str = name, _found: Any = found) -> Any:
            used.append(_name)
            return _found(*args)

        monkeypatch.setattr(openings, name, spy)
    cases = (
        (30, 42, "best_apart_blocks"),
        (64, 64, "best_apart_blocks"),
        (9, 12, "best_apart_bits"),
        (16, 256, "best_apart_bits"),
    )
    for w, h, expected in cases:
        grid = make_grid("rect", w, h)
        links, grown = growing_tree.grow(grid, random.Random(3), "mix", 0.8)
        used.clear()
        openings.apart_openings(grid, bytes(links), grown)
        assert used == [expected]
    assert 2 * (9 + 12) < openings.BLOCKS_FROM <= 2 * (30 + 42)
    assert 4 * 64 <= openings.BLOCKS_UP_TO < 2 * (16 + 256) <= openings.BITS_PAIR_UP_TO


@st.composite
def records(draw: st.DrawFn) -> tuple[Grid, Grown]:
    """A growth record of a small grid, as grown or spoilt: an edge changed (to another cell's
    slot, through the outline, before or past the table, far before it), two edges swapped (a
    cell joined to one not yet grown), one dropped or repeated, or the start moved."""
    kind, w, h, options = draw(
        st.sampled_from(
            [
                ("rect", 1, 1, {}),
                ("rect", 2, 3, {}),
                ("rect", 7, 5, {}),
                ("rect", 12, 9, {}),
                ("hex", 6, 5, {}),
                ("triangle", 6, 5, {}),
            ]
        )
    )
    grid = make_grid(kind, w, h, **options)
    _, grown = growing_tree.grow(grid, random.Random(draw(st.integers(0, 2**32))), "mix", 0.8)
    edges, start = list(grown.edges), grown.start
    top = grid.size * grid.degree
    how = draw(st.sampled_from(["none", "change", "swap", "drop", "repeat", "start"]))
    if how == "change" and edges:
        edges[draw(st.integers(0, len(edges) - 1))] = draw(
            st.integers(-3, top + 3) | st.integers(-top - 2 * grid.degree - 3, -top + 3)
        )
    elif how == "swap" and len(edges) > 1:
        i, j = draw(st.integers(0, len(edges) - 1)), draw(st.integers(0, len(edges) - 1))
        edges[i], edges[j] = edges[j], edges[i]
    elif how == "drop" and edges:
        del edges[draw(st.integers(0, len(edges) - 1))]
    elif how == "repeat" and edges:
        edges.insert(draw(st.integers(0, len(edges))), draw(st.sampled_from(edges)))
        del edges[draw(st.integers(0, len(edges) - 1))]
    elif how == "start":
        start = draw(st.integers(-1, grid.size))
    return grid, Grown(start, edges)


@settings(max_examples=500, deadline=None)
@given(records())
def test_the_growth_record_reads_as_the_checked_walk_read_it(record: tuple[Grid, Grown]) -> None:
    """Read in one pass and checked at the end, a growth record gives each cell's path as
    the walk that checked each edge gave it, and is refused (None) exactly where it was."""
    grid, grown = record
    assert ancestor_bits(grid, grown) == checked_bits(grid, grown)


@given(trees_and_windows(), st.integers(0, 6))
def test_a_run_s_ends_merged_bottom_up_are_the_sparse_table_s(
    case: tuple[list[int], list[int], list[int], int], level: int
) -> None:
    """A tie's run of 2**level entries, merged bottom up, ends where best_apart's sparse table
    ends it (``_run_ends``), ties broken alike."""
    paths = case[0]
    run = [paths[i % len(paths)] for i in range(1 << level)]
    assert openings._bits_run_ends(run) == openings._run_ends(
        lambda i, j: (run[i] ^ run[j]).bit_count(), level, 0
    )
