"""A small maze's drawing in plain Python (issue 33: a book never loads numpy) gives exactly
the numbers of the numpy forms kept for large mazes: the wall runs, the solution's polyline,
its ends pulled in, its pieces under bridges, the walls' extent, the SVG's rounding and the
rectangle's canonical key; and drawing a small rectangle touches no numpy at all."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.maze import Maze
from mazebook.geometry import drawing, plain_drawing, symmetry
from mazebook.geometry.drawing import (
    Marker,
    MazeGeometry,
    break_polyline,
    clamp_overhang,
    drawing_extent,
    is_plain,
    rect_geometry,
    rect_wall_runs,
    rows_of,
    simplify_polyline,
    solution_polyline,
)
from mazebook.render import svg

GENERATORS = st.sampled_from(["backtracker", "kruskal", "prim", "sidewinder", "binary-tree"])


def _maze(name: str, w: int, h: int, seed: int, weave: float) -> Maze:
    return generate(name, w, h, seed=seed, weave=weave)


def _numpy_geometry(maze: Maze, monkeypatch: pytest.MonkeyPatch) -> MazeGeometry:
    """The geometry as a large maze gets it (the numpy forms), for the same maze."""
    with monkeypatch.context() as patch:
        patch.setattr(drawing, "LIST_UP_TO", 0)
        return rect_geometry(maze)


def _same(plain: Any, array: Any, columns: int) -> None:
    """The plain rows hold exactly the array's numbers, in the same order."""
    assert is_plain(plain) and not is_plain(array)
    as_array = np.array(plain, dtype=np.float64).reshape(-1, columns)
    assert as_array.shape == array.shape
    assert as_array.tobytes() == np.ascontiguousarray(array, dtype=np.float64).tobytes()


@given(
    GENERATORS,
    st.integers(1, 24),
    st.integers(1, 24),
    st.integers(0, 10**6),
    st.sampled_from([0.0, 0.0, 0.3, 0.6]),
)
def test_a_small_rectangle_is_drawn_in_lists_with_the_numpy_numbers(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    maze = _maze(name, w, h, seed, weave if w > 2 and h > 2 else 0.0)
    with pytest.MonkeyPatch.context() as patch:
        small, large = rect_geometry(maze), _numpy_geometry(maze, patch)
    _same(small.segments, large.segments, 4)
    _same(small.solution, large.solution, 2)
    assert len(small.arcs) == len(large.arcs) == 0
    if maze.crossings:
        _same(small.under, large.under, 4)
    else:
        assert len(small.under) == len(large.under) == 0
    for arrow in (0.2, 0.45):
        assert drawing_extent(small, arrow) == drawing_extent(large, arrow)
        _same(clamp_overhang(small, arrow).solution, clamp_overhang(large, arrow).solution, 2)
        clamped_small = clamp_overhang(small, arrow).solution
        clamped_large = clamp_overhang(large, arrow).solution
        small_pieces = break_polyline(clamped_small, small.under)
        large_pieces = break_polyline(clamped_large, large.under)
        assert len(small_pieces) == len(large_pieces)
        for a, b in zip(small_pieces, large_pieces, strict=True):
            _same(a, b, 2)


_BITS = st.integers(1, 16).flatmap(
    lambda w: st.integers(1, 16).flatmap(
        lambda h: st.tuples(st.just(w), st.just(h), st.binary(min_size=w * h, max_size=w * h))
    )
)


@given(_BITS)
def test_wall_runs_of_any_bits_are_the_arrays(case: tuple[int, int, bytes]) -> None:
    w, h, raw = case
    bits = bytes(b & 15 for b in raw)
    array = rect_wall_runs(np.frombuffer(bits, dtype=np.uint8).reshape(h, w))
    _same(plain_drawing.wall_runs(bits, w, h), array, 4)


_COORD = st.integers(-40, 40).map(lambda k: k / 2) | st.floats(-50, 50, allow_nan=False)


@given(st.lists(st.tuples(_COORD, _COORD), max_size=12))
def test_simplify_is_simplify_polyline(points: list[tuple[float, float]]) -> None:
    array = simplify_polyline(np.array(points, dtype=np.float64).reshape(-1, 2))
    _same(plain_drawing.simplify(points), array, 2)


_MARKER = st.builds(
    Marker,
    _COORD,
    _COORD,
    st.sampled_from([0.0, 1.0, -1.0, 0.6]),
    st.sampled_from([0.0, 1.0, -1.0, -0.8]),
    st.booleans(),
)


@given(st.lists(st.tuples(_COORD, _COORD), max_size=10), _MARKER, _MARKER, st.floats(0, 1))
def test_solution_polyline_of_a_list_is_the_arrays(
    centres: list[tuple[float, float]], start: Marker, finish: Marker, overhang: float
) -> None:
    array = np.array(centres, dtype=np.float64).reshape(-1, 2)
    plain = solution_polyline(centres, start, finish, overhang=overhang)
    _same(plain, solution_polyline(array, start, finish, overhang=overhang), 2)


_GRID = st.integers(-20, 40).map(lambda k: k / 4)


@given(
    st.lists(st.tuples(_GRID, _GRID), min_size=1, max_size=8),
    st.lists(st.tuples(_GRID, _GRID, _GRID, _GRID), max_size=4),
    st.booleans(),
)
def test_break_line_is_break_polyline(
    points: list[tuple[float, float]],
    under: list[tuple[float, float, float, float]],
    along: bool,
) -> None:
    if along:  # stretches on the line's own segments, as a weave maze's are
        under += [(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(points)]
    line = np.array(points, dtype=np.float64).reshape(-1, 2)
    stretches = np.array(under, dtype=np.float64).reshape(-1, 4)
    plain = break_polyline(points, under)
    arrays = break_polyline(line, stretches)
    assert len(plain) == len(arrays)
    if not under:
        return
    for a, b in zip(plain, arrays, strict=True):
        _same(a, b, 2)


@given(st.lists(st.tuples(_COORD, _COORD), min_size=1, max_size=8))
def test_svg_rounds_points_as_numpy_does(points: list[tuple[float, float]]) -> None:
    extra = [(0.0005, -0.0005), (2.0005, 1e17), (-0.0, 0.0015)]
    values = points + extra
    array = np.array(values, dtype=np.float64)
    assert svg._rounded_points(values) == svg._rounded_points(array)


@given(
    GENERATORS,
    st.integers(1, 14),
    st.integers(1, 14),
    st.integers(0, 10**6),
    st.sampled_from([0.0, 0.4]),
)
def test_plain_rect_key_is_the_array_key(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    maze = _maze(name, w, h, seed, weave if w > 2 and h > 2 else 0.0)
    forms = []
    for index, variant in enumerate(symmetry._eight(symmetry.rect_layout(maze))):
        if index in symmetry._QUARTERS and maze.crossings:
            variant = variant.copy()
            we, ns = variant == symmetry.OVER_WE, variant == symmetry.OVER_NS
            variant[we], variant[ns] = symmetry.OVER_NS, symmetry.OVER_WE
        forms.append(symmetry._array_form(variant))
    assert symmetry._plain_rect_forms(maze) == forms


def test_rows_of_reads_both_forms() -> None:
    array = np.array([[1.0, 2.5], [3.0, -4.0]])
    assert rows_of(array) == [[1.0, 2.5], [3.0, -4.0]]
    rows = [(1.0, 2.5), (3.0, -4.0)]
    assert rows_of(rows) is rows
    assert is_plain(()) and is_plain(rows) and not is_plain(array)


class _NoNumpy:
    """Stands for numpy in a module: any use of it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"numpy's {name} used for a small maze")


@pytest.mark.parametrize("weave", [0.0, 0.5])
def test_a_small_rectangle_is_drawn_without_numpy(
    weave: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    maze = generate("backtracker", 30, 40, seed=5, weave=weave)
    for module in (drawing, svg, symmetry):
        monkeypatch.setattr(module, "np", _NoNumpy())
    geom = rect_geometry(maze)
    assert is_plain(geom.segments) and is_plain(geom.solution) and is_plain(geom.arcs)
    assert is_plain(geom.under)
    assert drawing_extent(geom, 0.3)[2] >= 30
    clamped = clamp_overhang(geom, 0.2)
    assert is_plain(clamped.solution)
    pieces = break_polyline(clamped.solution, geom.under)
    assert all(is_plain(piece) for piece in pieces)
    if weave:
        assert len(pieces) > 1
    assert svg._rounded_points(clamped.solution)
    assert len(symmetry.maze_key(maze)) == 64
    assert not math.isnan(sum(x for x, _ in rows_of(geom.solution)))
