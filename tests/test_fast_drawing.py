"""The page side's plain-Python paths give exactly what the numpy forms give (issue 33: a
cheaper book without a changed byte): number_texts against numbers (numpy's rounding to 3
decimals repeated in floats), numbers' half lookup against formatting every value, and
drawing_extent (walls measured once a drawing, arrows in floats) against the extent of every
point drawn, and marker_triangle in plain floats against the same arithmetic on arrays of two,
as they were written before."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.geometry.drawing import (
    Marker,
    MazeGeometry,
    drawing_extent,
    goal_dot_radius,
    marker_extent,
    marker_triangle,
)
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.paths import number_texts, numbers

_VALUE = (
    st.floats(-1e5, 1e5, allow_nan=False)
    | st.integers(-10, 9000).map(lambda k: k / 2)
    | st.integers(-20000, 20000).map(lambda k: k / 2000)
    | st.sampled_from([0.0, -0.0, -0.0001, 0.0004999, 0.0005, -0.0005, 4096.0, 4097.0, 1e17])
)


def _plain_numbers(values: np.ndarray) -> list[str]:
    flat = np.round(np.asarray(values, dtype=np.float64).ravel(), 3)
    if flat.size == 0:
        return []
    whole = flat.astype(np.int64)
    if np.all(whole == flat) and whole.min() >= 0 and whole.max() < 4097:
        return [str(i) for i in whole.tolist()]
    return [f"{v:.3f}".rstrip("0").rstrip(".") for v in flat.tolist()]


@given(st.lists(_VALUE, max_size=12))
def test_number_texts_are_numbers(values: list[float]) -> None:
    plain = _plain_numbers(np.array(values, dtype=np.float64))
    assert numbers(np.array(values, dtype=np.float64)) == plain
    assert number_texts(values) == plain
    assert number_texts([np.float64(v) for v in values]) == plain


@pytest.mark.filterwarnings("ignore:invalid value")
def test_number_texts_of_non_finite_values_are_numbers() -> None:
    values = [1.5, math.inf]
    assert number_texts(values) == numbers(np.array(values))


def _plain_extent(geom: MazeGeometry, arrow: float) -> tuple[float, float, float, float]:
    segments = np.asarray(geom.segments, dtype=np.float64).reshape(-1, 4)
    points = [segments[:, :2], segments[:, 2:]]
    for cx, cy, r, a0, a1 in np.asarray(geom.arcs, dtype=np.float64).reshape(-1, 5).tolist():
        t = np.radians(np.linspace(a0, a1, max(2, math.ceil((a1 - a0) / 5.0) + 1)))
        points.append(np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1))
    for marker, entering in ((geom.start, True), (geom.finish, False)):
        if marker.inside:
            r = goal_dot_radius(arrow)
            points.append(np.array([[marker.x - r, marker.y - r], [marker.x + r, marker.y + r]]))
        else:
            points.append(marker_triangle(marker, arrow, entering=entering))
    every = np.concatenate([p.reshape(-1, 2) for p in points if len(p)])
    x0, y0 = every.min(axis=0).tolist()
    x1, y1 = every.max(axis=0).tolist()
    return float(x0), float(y0), float(x1), float(y1)


@given(
    st.sampled_from(["rect", "circle", "hex", "triangle"]),
    st.integers(0, 10**6),
    st.floats(0.05, 0.8),
)
def test_drawing_extent_is_the_plain_one(shape: str, seed: int, arrow: float) -> None:
    maze = generate("backtracker", 6, 5, seed=seed, shape=shape)
    geom = maze_geometry(maze)
    assert drawing_extent(geom, arrow) == _plain_extent(geom, arrow)
    assert drawing_extent(geom, arrow / 2) == _plain_extent(geom, arrow / 2)  # walls kept


@given(
    st.floats(-100, 100),
    st.floats(-100, 100),
    st.sampled_from([(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.6, -0.8)]),
    st.booleans(),
    st.booleans(),
    st.floats(0.01, 5),
)
def test_marker_extent_bounds_the_arrow(
    x: float, y: float, unit: tuple[float, float], entering: bool, inside: bool, arrow: float
) -> None:
    marker = Marker(x, y, unit[0], unit[1], inside)
    if inside:
        r = goal_dot_radius(arrow)
        plain = (x - r, y - r, x + r, y + r)
    else:
        pts = marker_triangle(marker, arrow, entering=entering)
        plain = (*pts.min(axis=0).tolist(), *pts.max(axis=0).tolist())
    assert marker_extent(marker, arrow, entering=entering) == plain


@given(st.text(alphabet="ab ·–\u00ad\u200f\u05d0\u05d1\u0627\u0644\u0628", max_size=12))
def test_a_remembered_visual_line_is_the_one_worked_out(text: str) -> None:
    from mazebook.render import textorder

    first = textorder.visual(text)
    assert textorder.visual(text) == first  # the second time remembered
    if not textorder._drawn_as_is(text):
        textorder._reordered.cache_clear()
        assert textorder.visual(text) == first == textorder._reordered.__wrapped__(text)


_COORD = st.floats(-1e4, 1e4, allow_nan=False) | st.integers(-50, 50)
_UNIT = st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0), (0.0, 1.0), (-1.0, 0.0)]) | st.tuples(
    st.floats(-1, 1, allow_nan=False), st.floats(-1, 1, allow_nan=False)
)


def _plain_triangle(marker: Marker, length: float, *, entering: bool, gap: float) -> np.ndarray:
    dx, dy = marker.dx, marker.dy
    if entering:
        tip = np.array([marker.x - dx * gap * length, marker.y - dy * gap * length])
        base = tip - np.array([dx, dy]) * length
    else:
        base = np.array([marker.x + dx * gap * length, marker.y + dy * gap * length])
        tip = base + np.array([dx, dy]) * length
    normal = np.array([-dy, dx]) * (0.45 * length)
    return np.stack([tip, base + normal, base - normal])


@given(
    _COORD,
    _COORD,
    _UNIT,
    st.floats(0.01, 50, allow_nan=False) | st.integers(1, 5),
    st.booleans(),
    st.floats(0, 1, allow_nan=False),
)
def test_the_arrow_is_the_plain_one(
    x: float,
    y: float,
    unit: tuple[float, float],
    length: float,
    entering: bool,
    gap: float,
) -> None:
    marker = Marker(x, y, unit[0], unit[1])
    fast = marker_triangle(marker, length, entering=entering, gap=gap)
    plain = _plain_triangle(marker, length, entering=entering, gap=gap)
    assert fast.dtype == plain.dtype and fast.shape == plain.shape
    assert fast.tobytes() == plain.tobytes()  # bit for bit, signed zeros included
