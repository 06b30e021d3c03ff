"""A circle, hexagon, triangle or silhouette takes its slot's whole width (kinds.base.Spot.box_for):
its words go beside their arrows where there is room, else above or below it, and it is never
drawn smaller than its cells for them (docs/levels.md, "Level 10 on 6 x 9 in")."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.core.engine import generate
from mazebook.core.shapes.polar import cell_angles
from mazebook.errors import TemplateError
from mazebook.geometry import from_maze, labels
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.style import fit_maze
from mazebook.kinds.base import Spot, words_beside
from mazebook.kinds.maze import whole_width
from mazebook.products.build import build_book
from mazebook.render import pdf

from .padding import padded

MM = 72.0 / 25.4

SHAPES = {
    "circle": 'shape = "circle"\n',
    "hex": 'shape = "hex"\n',
    "triangle": 'shape = "triangle"\n',
    "heart": 'shape = "mask"\nmask = "heart"\n',
    "star": 'shape = "mask"\nmask = "star"\n',
}


def test_only_a_rectangle_keeps_room_beside_it() -> None:
    spot = Spot((300.0, 400.0), 10.0, ("START", "FINISH"), side=30.0)
    assert spot.box_for("rect", {}) == (300.0, 400.0)
    assert spot.box_for("hex", {"outline": "rect"}) == (300.0, 400.0)
    assert spot.box_for("triangle", {"outline": "rect"}) == (300.0, 400.0)
    for shape in ("circle", "hex", "triangle", "mask"):
        assert not words_beside(shape, {})
        assert spot.box_for(shape, {}) == (360.0, 400.0)


@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize(("page", "per_page"), [("6x9in", 1), ("5x8in", 4), ("letter", 2)])
def test_the_words_find_room_and_the_cells_keep_their_size(
    shape: str, page: str, per_page: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every puzzle (levels 2 to 10, capped where the page stops) gets both words without its
    maze drawn any smaller than its box allows, so its cells keep at least the 3 mm floor."""
    placed: list[tuple[float, float, int]] = []

    def spy(geom: Any, width: float, height: float, *args: Any) -> labels.Placement:
        found = labels.place_maze(geom, width, height, *args)
        placed.append(
            (
                fit_maze(geom.width, geom.height, width, height).scale,
                found.fit.scale,
                len(found.labels),
            )
        )
        return found

    monkeypatch.setattr(pdf, "place_maze", spy)
    template = tmp_path / "wide.toml"
    template.write_text(
        f'title = "Wide"\npage_size = "{page}"\npuzzles_per_page = {per_page}\nfit = "cap"\n'
        f"[[section]]\ncount = 5\ndifficulty = [2, 10]\n{SHAPES[shape]}",
        encoding="utf-8",
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "wide.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert len(placed) >= len(puzzles)
    for fitted, drawn, words in placed:
        assert words == 2
        assert drawn == pytest.approx(fitted)
        assert drawn >= 3.0 * MM - 1e-6


@settings(max_examples=25, deadline=None)
@given(rings=st.integers(1, 12), seed=st.integers(0, 2**32))
def test_a_circle_is_drawn_with_start_at_its_top_and_nothing_else_moved(
    rings: int, seed: int
) -> None:
    """The drawing turns the circle so that START's rim opening is at the top (its arrow
    pointing straight down at the middle), and turning it back gives the unturned drawing."""
    maze = generate("backtracker", rings, rings, seed=seed, shape="circle")
    geom = maze_geometry(maze)
    c = geom.width / 2
    assert geom.start.x == pytest.approx(c, abs=1e-9)
    assert geom.start.y == pytest.approx(0.0, abs=1e-9)
    assert (geom.start.dx, geom.start.dy) == pytest.approx((0.0, 1.0), abs=1e-9)
    path = geom.solution.reshape(-1, 2)  # the solution leaves through START's opening
    assert math.hypot(path[0][0] - c, path[0][1]) <= 1.0
    assert math.hypot(path[-1][0] - c, path[-1][1] - c) <= 1e-9  # and ends at the centre
    turn = from_maze._turned_angles(maze)[1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(from_maze, "_turned_angles", lambda m: (cell_angles(m.grid), 0.0))
        plain = maze_geometry(maze)

    def back(x: float, y: float) -> tuple[float, float]:
        a = math.atan2(y - c, x - c) - turn
        r = math.hypot(x - c, y - c)
        return (round(c + r * math.cos(a), 6) + 0.0, round(c + r * math.sin(a), 6) + 0.0)

    def ends(g: Any, undo: bool) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        move = back if undo else (lambda x, y: (round(x, 6) + 0.0, round(y, 6) + 0.0))
        pairs = [
            tuple(sorted((move(a, b), move(x, y)))) for a, b, x, y in g.segments.reshape(-1, 4)
        ]
        return sorted(pairs)  # type: ignore[arg-type]

    assert ends(geom, True) == ends(plain, False)
    assert len(geom.arcs) == len(plain.arcs)
    assert sorted(round(r, 9) for r in geom.arcs[:, 2]) == sorted(
        round(r, 9) for r in plain.arcs[:, 2]
    )


def test_only_a_maze_too_large_for_the_room_beside_its_words_takes_the_whole_width() -> None:
    """A circle whose cells stay at min_cell in the box that keeps room beside it keeps that
    room (its words beside their arrows); one that would be smaller there takes the width."""
    beside = (300.0, 470.0, 8.5)  # the box that keeps room beside it, and the least cell
    small = generate("backtracker", 6, 6, seed=1, shape="circle")
    large = generate("backtracker", 19, 19, seed=1, shape="circle")
    assert not whole_width(small, maze_geometry(small), beside)
    assert whole_width(large, maze_geometry(large), beside)
    assert not whole_width(large, maze_geometry(large), None)  # a slot with no room beside
    rect = generate("backtracker", 40, 50, seed=1)
    assert not whole_width(rect, maze_geometry(rect), beside)


@pytest.mark.parametrize("fit", ['fit = "cap"\n', ""])
def test_a_silhouette_too_small_to_look_like_itself_is_refused_even_capped(
    fit: str, tmp_path: Path
) -> None:
    """A star needs 13 x 12 cells to keep its shape (docs/levels.md); six a 5 x 8 in page hold
    only 9 x 9 at min_cell, so no level fits, with fit = "cap" too (it made 9 x 9 stars)."""
    template = tmp_path / "stars.toml"
    template.write_text(
        f'title = "Stars"\npage_size = "5x8in"\npuzzles_per_page = 6\n{fit}'
        '[[section]]\ncount = 6\ndifficulty = [2, 6]\nshape = "mask"\nmask = "star"\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError, match="no level fits") as refused:
        build_book(str(template), output=tmp_path / "stars.pdf")
    assert ("set fit" in str(refused.value)) == (fit == "")
    assert not (tmp_path / "stars.pdf").exists()
