"""The difficulty search's fast paths give exactly what the plain ones give (issue 33: a
cheaper candidate, not one changed byte): each is checked against the plain way on random
mazes of every shape."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.core import openings
from mazebook.core.generators import REGISTRY
from mazebook.core.shapes import make_grid
from mazebook.errors import MazebookError

GRAPH = sorted(name for name, spec in REGISTRY.items() if spec.shapes is None)


@st.composite
def shapes(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    """A shape and size, up to the largest a book's page takes (a rectangle of 30 x 41)."""
    shape = draw(st.sampled_from(["rect", "rect", "hex", "triangle", "mask"]))
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
