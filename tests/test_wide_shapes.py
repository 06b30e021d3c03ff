"""A circle, hexagon, triangle or silhouette takes its slot's whole width (kinds.base.Spot.box_for):
its words go beside their arrows where there is room, else above or below it, and it is never
drawn smaller than its cells for them (docs/levels.md, "Level 10 on 6 x 9 in")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mazebook.geometry import labels
from mazebook.geometry.style import fit_maze
from mazebook.kinds.base import Spot, words_beside
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
