"""A small maze's drawing handed as plain rows (lists of floats, mazebook.core.grid.LIST_UP_TO)
is measured and written without numpy (issue 33: a book never loads it), and gives what its
arrays give: the walls' box, the solution's ends outside it, the words' places, and the text
of the PDF and SVG paths."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from mazebook.geometry import labels, paths
from mazebook.geometry.drawing import MazeGeometry, Rows, rows_of
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.labels import label_anchors, place_maze, wall_bounds
from mazebook.geometry.paths import (
    numbers,
    pdf_polyline_ops,
    pdf_segments_ops,
    svg_segments_d,
)
from mazebook.geometry.style import marker_length

from .test_labels import SHAPES, shaped_maze, word_slot


class _NoNumpy:
    """Stands for a module's ``np``: any use of it fails the test (the plain path uses none)."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"numpy used on plain rows: np.{name}")


def _listed(geom: MazeGeometry) -> MazeGeometry:
    """The drawing with its rows as lists of Python floats, as a small maze's is handed."""
    return dataclasses.replace(
        geom,
        segments=[list(row) for row in rows_of(geom.segments)],
        arcs=[list(row) for row in rows_of(geom.arcs)],
        solution=[list(row) for row in rows_of(geom.solution)],
        under=[list(row) for row in rows_of(geom.under)],
    )


def _arrayed(geom: MazeGeometry) -> MazeGeometry:
    """The drawing with its rows as float arrays, as a large maze's is handed."""

    def table(rows: Rows, columns: int) -> np.ndarray:
        return np.asarray(rows_of(rows), dtype=np.float64).reshape(-1, columns)

    return dataclasses.replace(
        geom,
        segments=table(geom.segments, 4),
        arcs=table(geom.arcs, 5),
        solution=table(geom.solution, 2),
        under=table(geom.under, 4),
    )


_VALUE = (
    st.floats(-1e5, 1e5, allow_nan=False)
    | st.integers(0, 4200).map(float)  # a rectangle's coordinates (and just past the lookup)
    | st.integers(-10, 9000).map(lambda k: k / 2)
    | st.integers(-20000, 20000).map(lambda k: k / 2000)
    | st.sampled_from([0.0, -0.0, -0.0001, 0.0004999, 0.0005, -0.0005, 4096.0, 4097.0, 1e17])
    | st.sampled_from([math.inf, -math.inf, math.nan, 1e306])
)
#: Wall coordinates: mostly whole (a rectangle), halves and thirds (other shapes), any float.
_COORD = (
    st.integers(0, 60).map(float)
    | st.integers(0, 120).map(lambda k: k / 2)
    | st.integers(-30, 200).map(lambda k: k / 3)
    | st.floats(-50, 50, allow_nan=False)
)
_SEGMENTS = st.lists(st.tuples(_COORD, _COORD, _COORD, _COORD), max_size=30)


def _whole_segments(
    rows: list[tuple[float, float, float, float]], factor: float = 1.0
) -> list[list[float]]:
    """The rows made whole and not negative (a rectangle's), times ``factor``."""
    return [[float(round(abs(v))) * factor for v in row] for row in rows]


@pytest.mark.filterwarnings("ignore:invalid value", "ignore:overflow")
@given(st.lists(_VALUE, max_size=16), st.sampled_from([1, 2, 4]))
@example([-0.0, 1.0], 2)  # all whole: "0"
@example([-0.0, 0.5], 2)  # among others: "-0"
@example([-0.0001, 0.5, 3.0000001, 2.5], 2)  # rounded to -0, and to a whole number
@example([0.5, 4096.5, 4097.0, 1.0], 1)  # halves looked up, one past the table
def test_plain_numbers_are_the_arrays(values: list[float], width: int) -> None:
    """numbers() of plain floats or plain rows is the text of the same array (whole numbers
    and halves looked up, others rounded; a -0 written as numbers() writes it)."""
    values = values[: len(values) // width * width]
    array = np.array(values, dtype=np.float64).reshape(-1, width)
    expected = numbers(array)
    assert numbers(values) == expected
    assert numbers(tuple(values)) == expected
    assert numbers(array.tolist()) == expected
    assert numbers([tuple(row) for row in array.tolist()]) == expected


@given(_SEGMENTS, st.sampled_from([0.0, 1.0, 100.0]))
def test_plain_wall_runs_are_written_as_the_arrays(
    rows: list[tuple[float, float, float, float]], whole: float
) -> None:
    """The PDF and SVG text of plain wall runs (lists or tuples; whole coordinates in the
    lookup's range or past it) is that of the same array, and so is a polyline's."""
    segments = _whole_segments(rows, whole) if whole else [list(r) for r in rows]
    array = np.array(segments, dtype=np.float64).reshape(-1, 4)
    for plain in (segments, [tuple(row) for row in segments]):
        assert pdf_segments_ops(plain) == pdf_segments_ops(array)
        assert svg_segments_d(plain) == svg_segments_d(array)
    points = array.reshape(-1, 2)
    assert pdf_polyline_ops(points.tolist()) == pdf_polyline_ops(points)


@given(_SEGMENTS)
def test_plain_rows_are_written_without_numpy(
    rows: list[tuple[float, float, float, float]],
) -> None:
    """Writing plain rows uses no numpy (the fixture's stand-in fails on any use)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(paths, "np", _NoNumpy())
        segments = [list(r) for r in rows]
        for plain in (segments, _whole_segments(rows), _whole_segments(rows, 100.0)):
            pdf_segments_ops(plain)
            svg_segments_d(plain)
            numbers(plain)
            pdf_polyline_ops([row[:2] for row in plain] + [row[2:] for row in plain])


_MAZES = {
    "shape": SHAPES,
    "width": st.integers(3, 24),
    "height": st.integers(3, 24),
    "seed": st.integers(0, 10_000),
}


@settings(max_examples=40, deadline=None)
@given(**_MAZES, cell=st.floats(2.0, 28.0), size=st.sampled_from([8.0, 10.5, 12.0, 18.0]))
def test_plain_rows_place_the_words_as_the_arrays(
    shape: tuple[str, dict[str, Any]],
    width: int,
    height: int,
    seed: int,
    cell: float,
    size: float,
) -> None:
    """The walls' box, the solution's pieces outside it and both words' places of a maze's
    plain rows are those of its arrays, and they are found without numpy (at cells of up to
    28 points the line's ends stay where the drawing has them)."""
    geom = _arrayed(maze_geometry(shaped_maze(shape, width, height, seed)))
    assert marker_length(cell) / cell >= 0.5  # the line is not pulled in: no array made
    plain = _listed(geom)
    words, width_of, _, _ = word_slot((540.0, 650.0), size)
    region = (-30.0, -30.0, geom.width + 30.0, geom.height + 30.0)
    bounds = wall_bounds(geom)
    walls = (bounds[0] - 0.2, bounds[1] - 0.2, bounds[2] + 0.2, bounds[3] + 0.2)
    outside = labels._line_outside(geom, walls)
    placed = label_anchors(geom, cell, words, width_of, region, size)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(labels, "np", _NoNumpy())
        assert wall_bounds(plain) == bounds
        assert labels._line_outside(plain, walls) == np.asarray(outside).tolist()
        assert label_anchors(plain, cell, words, width_of, region, size) == placed
        beside = label_anchors(plain, cell, words, width_of, region, size, beside=True)
    assert beside == label_anchors(geom, cell, words, width_of, region, size, beside=True)


@settings(max_examples=30, deadline=None)
@given(
    **_MAZES,
    box=st.sampled_from([(540.0, 650.0), (250.0, 300.0), (160.0, 200.0)]),
    size=st.sampled_from([8.0, 10.5, 12.0, 18.0]),
)
def test_plain_rows_are_placed_as_the_arrays(
    shape: tuple[str, dict[str, Any]],
    width: int,
    height: int,
    seed: int,
    box: tuple[float, float],
    size: float,
) -> None:
    """A whole placement (the fit, drawn smaller where the words need room, and both words)
    of a maze's plain rows is that of its arrays, at every size a page gives it."""
    geom = _arrayed(maze_geometry(shaped_maze(shape, width, height, seed)))
    words, width_of, (box_w, box_h), room = word_slot(box, size)
    assume(min(box_w, box_h) > 60.0)  # the slot left once the words' room is kept
    fast = place_maze(_listed(geom), box_w, box_h, words, width_of, room, size)
    slow = place_maze(geom, box_w, box_h, words, width_of, room, size)
    assert (fast.fit, fast.labels) == (slow.fit, slow.labels)


def test_a_plain_scene_keeps_its_pieces() -> None:
    """The solution's plain pieces are read as they are; an array's or tuples' as floats."""
    pieces = [[0.0, 1.0, 2.0, 1.0]]
    scene = labels._Scene((0.0, 0.0, 1.0, 1.0), (), pieces, (0.0, 0.0, 9.0, 9.0), 0.1)
    assert scene._pieces is pieces
    for line in (np.array(pieces), [(0, 1, 2, 1)]):
        scene = labels._Scene((0.0, 0.0, 1.0, 1.0), (), line, (0.0, 0.0, 9.0, 9.0), 0.1)
        assert scene._pieces == pieces
        assert all(type(v) is float for v in scene._pieces[0])
