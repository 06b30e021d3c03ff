"""The shape grids themselves: cell counts, symmetric neighbour tables, ordered outlines, errors."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.core.grid import Grid
from mazebook.core.shapes import make_grid
from mazebook.core.shapes.hexagonal import hex_corners
from mazebook.core.shapes.polar import ring_counts
from mazebook.core.shapes.triangular import triangle_corners
from mazebook.errors import InvalidOptionError, InvalidSizeError, MazebookError


def assert_consistent(grid: Grid) -> None:
    """Every neighbour link has its way back, no cell neighbours itself or one cell twice."""
    n, deg = grid.size, grid.degree
    assert len(grid.adj) == n * deg and len(grid.back) == n * deg
    for c in range(n):
        seen = grid.neighbors(c)
        assert len(seen) == len(set(seen)) and c not in seen
        for k in range(deg):
            j = grid.adj[c * deg + k]
            if j == n:
                assert grid.back[c * deg + k] == 255
            else:
                kb = grid.back[c * deg + k]
                assert grid.adj[j * deg + kb] == c
    sides = set(grid.boundary)
    assert len(sides) == len(grid.boundary)
    assert all(grid.adj[c * deg + k] == n for c, k in sides)


@pytest.mark.slow
@given(rings=st.integers(1, 12), inner=st.integers(3, 8))
def test_circle_rings_and_tables(rings: int, inner: int) -> None:
    grid = make_grid("circle", 5, rings, inner=inner)
    counts = ring_counts(rings, inner)
    assert len(counts) == rings + 1 and counts[:2] == [1, inner]
    assert grid.size == sum(counts)
    assert all(b in (a, 2 * a) for a, b in itertools.pairwise(counts[1:]))
    assert [c for c, _ in grid.boundary] == list(range(grid.size - counts[-1], grid.size))
    assert_consistent(grid)
    assert len(grid.neighbors(0)) == inner


def test_circle_cells_stay_close_to_square() -> None:
    counts = ring_counts(60, 6)
    for k in range(2, 61):
        aspect = 2 * math.pi * (k + 0.5) / counts[k]  # mid-ring width over depth 1
        assert 1 / math.sqrt(2) <= aspect <= math.sqrt(2), (k, aspect)


def test_circle_width_is_not_used() -> None:
    a, b = make_grid("circle", 1, 4), make_grid("circle", 30, 4)
    assert a.adj == b.adj and a.boundary == b.boundary


@pytest.mark.slow
@given(width=st.integers(1, 14), height=st.integers(1, 10))
def test_hex_rect_counts_and_tables(width: int, height: int) -> None:
    grid = make_grid("hex", width, height, outline="rect")
    assert grid.size == width * height
    assert_consistent(grid)
    assert grid.degree == 6
    # every outer side is on the outline: cells with a missing neighbour are the border cells
    border = {c for c, _ in grid.boundary}
    inner = {c for c in range(grid.size) if len(grid.neighbors(c)) == 6}
    assert border.isdisjoint(inner) and len(border | inner) == grid.size


@pytest.mark.slow
@given(data=st.data())
def test_hexagon_rows(data: st.DataObject) -> None:
    height = data.draw(st.integers(1, 11))
    width = data.draw(st.integers(height // 2 + 1, 14))
    grid = make_grid("hex", width, height)
    middle = (height - 1) // 2
    assert grid.size == sum(width - abs(r - middle) for r in range(height))
    assert_consistent(grid)


def test_hexagon_too_narrow_is_refused_with_the_fix() -> None:
    with pytest.raises(InvalidSizeError, match=r"at least 5 cells.*outline=rect"):
        make_grid("hex", 4, 8)


@pytest.mark.slow
@given(width=st.integers(2, 16), height=st.integers(1, 10))
def test_triangle_counts_and_tables(width: int, height: int) -> None:
    rect = make_grid("triangle", width, height, outline="rect")
    assert rect.size == width * height
    assert_consistent(rect)
    tri = make_grid("triangle", width, height)
    rows = min(height, (width + 1) // 2)
    assert tri.size == rows * rows
    assert_consistent(tri)
    assert len(tri.boundary) == 3 * rows  # rows sides on each of the three edges


def _chained(grid: Grid, start: np.ndarray, end: np.ndarray) -> None:
    """Consecutive boundary sides meet: each ends where the next begins (in order around)."""
    pts = [(start[c, k], end[c, k]) for c, k in grid.boundary]
    for (_, q), (p, _) in zip(pts, pts[1:] + pts[:1], strict=True):
        assert np.allclose(q, p, atol=1e-9)


@pytest.mark.parametrize("outline", ["hexagon", "rect"])
def test_hex_boundary_goes_around_in_order(outline: str) -> None:
    grid = make_grid("hex", 7, 6, outline=outline)
    corners = hex_corners(grid)
    _chained(grid, corners, np.roll(corners, -1, axis=1))


@pytest.mark.parametrize("outline", ["triangle", "rect"])
def test_triangle_boundary_goes_around_in_order(outline: str) -> None:
    grid = make_grid("triangle", 9, 5, outline=outline)
    corners, first = triangle_corners(grid)
    rows = np.arange(grid.size)[:, None]
    _chained(grid, corners[rows, first], corners[rows, (first + 1) % 3])


@pytest.mark.parametrize(
    ("shape", "options", "error", "message"),
    [
        ("hex", {"outline": "round"}, InvalidOptionError, "hexagon, rect"),
        ("triangle", {"outline": "square"}, InvalidOptionError, "triangle, rect"),
        ("circle", {"inner": 9}, InvalidOptionError, "from 3 to 8"),
        ("circle", {"spokes": 3}, InvalidOptionError, "options: inner"),
        ("hex", {"outlines": "rect"}, InvalidOptionError, 'did you mean "outline"'),
        ("mask", {"mask": "hart"}, InvalidOptionError, "heart, star, circle"),
        ("mask", {}, InvalidOptionError, "exactly one of"),
        ("mask", {"mask": "heart", "text": "x"}, InvalidOptionError, "got mask, text"),
        ("mask", {"mask": "heart", "parts": "some"}, InvalidOptionError, "refuse, largest, join"),
        ("circle", {"height": 0}, InvalidSizeError, "between 1 and 300"),
        ("hex", {"width": 1001}, InvalidSizeError, "between 1 and 1000"),
        ("triangle", {"width": 1, "outline": "rect"}, InvalidSizeError, "at least 2 cells wide"),
    ],
)
def test_shape_option_errors_name_the_allowed_values(
    shape: str, options: dict, error: type, message: str
) -> None:
    size = {"width": options.pop("width", 8), "height": options.pop("height", 6)}
    with pytest.raises(error, match=message) as info:
        make_grid(shape, size["width"], size["height"], **options)
    assert isinstance(info.value, MazebookError)
    assert "\n" not in str(info.value)


def test_unknown_shape_lists_all_shapes() -> None:
    with pytest.raises(MazebookError, match="circle, hex, mask, rect, triangle"):
        make_grid("octagon", 3, 3)
