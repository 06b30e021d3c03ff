"""START and FINISH: both words on every puzzle, level, clear of every wall, and the same in
SVG and PDF."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.labels import LABEL_SIZE, LABEL_SIZE_MAX, label_anchors, place_maze
from mazebook.geometry.style import fit_maze
from mazebook.render.typeset import default_fonts

from .padding import padded

SHAPE_BOOK = """
title = "Shapes"
seed = 5
puzzles_per_page = {per_page}
fit = "cap"  # four a page hold lower levels of some shapes (docs/levels.md)
[[section]]
name = "Circles"
count = 3
difficulty = [1, 4]
shape = "circle"
[[section]]
name = "Hexes"
count = 3
difficulty = [1, 4]
shape = "hex"
[[section]]
name = "Triangles"
count = 3
difficulty = [1, 4]
shape = "triangle"
[[section]]
name = "Hearts"
count = 3
difficulty = [2, 4]
shape = "mask"
mask = "heart"
[[section]]
name = "Stars"
count = 3
difficulty = [2, 4]
shape = "mask"
mask = "star"
"""


def _puzzle_pages(pdf: Path, manifest: dict[str, object]) -> dict[int, int]:
    """Puzzles per puzzle page, from the manifest."""
    pages: dict[int, int] = {}
    for puzzle in manifest["puzzles"]:  # type: ignore[attr-defined]
        pages[puzzle["page"]] = pages.get(puzzle["page"], 0) + 1
    return pages


def _check_every_page(
    pdf: Path, start: str = "START", finish: str = "FINISH", also: int = 0
) -> None:
    """Each puzzle page shows each word once per puzzle (``also``: times the page's own text
    says them, e.g. a worksheet's instruction)."""
    import json

    manifest = json.loads(pdf.with_suffix(".json").read_text())
    reader = PdfReader(str(pdf))
    for page, count in _puzzle_pages(pdf, manifest).items():
        text = reader.pages[page - 1].extract_text() or ""
        extra = also if page == 1 else 0
        assert text.count(start) == count + extra, (page, text)
        assert text.count(finish) == count + extra, (page, text)
        ops = reader.pages[page - 1].get_contents().get_data()
        assert not re.search(rb"0 1 -1 0 [-\d.]+ [-\d.]+ cm", ops), page  # no turned words


@pytest.mark.slow
@pytest.mark.parametrize("template", ["classic", "children", "a4"])
def test_both_words_level_on_every_puzzle_of_the_shipped_books(
    tmp_path: Path, template: str
) -> None:
    pdf = tmp_path / f"{template}.pdf"
    assert main(["build", template, "-o", str(pdf), "--quiet"]) == 0
    _check_every_page(pdf)


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 4])
def test_both_words_on_every_shape_puzzle(tmp_path: Path, per_page: int) -> None:
    path = tmp_path / "shapes.toml"
    path.write_text(SHAPE_BOOK.format(per_page=per_page), encoding="utf-8")
    with padded(when=per_page == 4):  # one a page: long enough for kdp
        result = build_book(str(path), output=tmp_path / "shapes.pdf")
    _check_every_page(result.pdf)


@pytest.mark.slow
def test_worksheet_words_in_its_language(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    args = ["worksheet", "--count", "6", "--per-page", "6", "--levels", "1-4"]  # 6 a page: 4
    assert main([*args, "-o", str(pdf), "--quiet"]) == 0
    _check_every_page(pdf, also=1)  # the instruction names both words


def _wall_points(geom: object) -> np.ndarray:
    """Points every 0.05 cell along every wall and arc (an independent reading of the walls)."""
    segs = geom.segments  # type: ignore[attr-defined]
    out = []
    for x1, y1, x2, y2 in segs.tolist():
        n = max(2, int(np.hypot(x2 - x1, y2 - y1) / 0.05) + 1)
        t = np.linspace(0, 1, n)
        out.append(np.stack([x1 + (x2 - x1) * t, y1 + (y2 - y1) * t], axis=1))
    for cx, cy, r, a0, a1 in geom.arcs.tolist():  # type: ignore[attr-defined]
        n = max(2, int(np.radians(a1 - a0) * r / 0.05) + 1)
        a = np.radians(np.linspace(a0, a1, n))
        out.append(np.stack([cx + r * np.cos(a), cy + r * np.sin(a)], axis=1))
    return np.concatenate(out)


SHAPES = st.sampled_from(
    [
        ("rect", {}),
        ("circle", {}),
        ("hex", {}),
        ("triangle", {}),
        ("mask", {"mask": "heart"}),
        ("mask", {"mask": "star"}),
    ]
)


@pytest.mark.slow
@settings(max_examples=40)
@given(
    shape=SHAPES,
    width=st.integers(4, 30),
    height=st.integers(3, 30),
    seed=st.integers(0, 10_000),
    box=st.sampled_from([(540.0, 650.0), (250.0, 300.0), (160.0, 200.0)]),
)
def test_words_are_level_sized_from_the_cell_and_clear_of_walls(
    shape: tuple[str, dict[str, str]],
    width: int,
    height: int,
    seed: int,
    box: tuple[float, float],
) -> None:
    name, options = shape
    if name == "circle":
        width, height = 1, max(1, height // 3)
    if name == "hex":
        width = max(width, height // 2 + 2)
    maze = generate("backtracker", width, height, seed=seed, shape=name, **options)
    font = default_fonts().bold

    def width_of(word: str, size: float) -> float:
        return float(stringWidth(word, font, size))

    box_w, box_h, room = box[0] - 70, box[1] - 22, (35.0, 11.0)
    placed = place_maze(maze_geometry(maze), box_w, box_h, ("START", "FINISH"), width_of, room)
    geom, fit, labels = placed.geom, placed.fit, placed.labels
    s = fit.scale
    region = (
        (-room[0] - fit.x) / s,
        (-room[1] - fit.y) / s,
        (box_w + room[0] - fit.x) / s,
        (box_h + room[1] - fit.y) / s,
    )
    assert [label.word for label in labels] == ["START", "FINISH"]
    walls = _wall_points(geom)
    for label, mark in zip(labels, (geom.start, geom.finish), strict=True):
        assert LABEL_SIZE <= label.size <= LABEL_SIZE_MAX
        assert label.y1 - label.y0 < label.x1 - label.x0  # set level: wider than tall
        inside = (
            (walls[:, 0] > label.x0)
            & (walls[:, 0] < label.x1)
            & (walls[:, 1] > label.y0)
            & (walls[:, 1] < label.y1)
        )
        assert not inside.any(), label
        assert region[0] <= label.x0 and label.x1 <= region[2]
        assert region[1] <= label.y0 and label.y1 <= region[3]
        # beside its own mark: the box's nearest edge within 6 mm of the opening (the arrow
        # starts at the opening and is at most 14 pt long: its centre is within 8.1 pt of it)
        dx = max(label.x0 - mark.x, 0.0, mark.x - label.x1) * s
        dy = max(label.y0 - mark.y, 0.0, mark.y - label.y1) * s
        assert np.hypot(dx, dy) <= 6 * 72 / 25.4 + 8.1, label
    assert fit.scale >= fit_maze(geom.width, geom.height, box_w, box_h).scale * 0.75  # a little
    a, b = labels
    assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0  # apart


def test_large_cells_get_large_words() -> None:
    maze = generate("backtracker", 4, 4, seed=1)
    geom = maze_geometry(maze)
    font = default_fonts().bold

    def width_of(word: str, size: float) -> float:
        return float(stringWidth(word, font, size))

    big = label_anchors(geom, 60.0, ("START", "FINISH"), width_of, (-3, -3, 7, 7))
    small = label_anchors(geom, 8.0, ("START", "FINISH"), width_of, (-12, -6, 16, 10))
    assert {label.size for label in big} == {LABEL_SIZE_MAX}
    assert {label.size for label in small} == {LABEL_SIZE}


@pytest.mark.parametrize("box", [(300.0, 300.0), (200.0, 300.0)])
def test_no_room_beside_the_side_arrows_draws_the_maze_a_little_smaller(
    box: tuple[float, float],
) -> None:
    # arrows in the middle of both sides, and no room at all outside the box: the words fit
    # beside their arrows only once the maze leaves them some, so it is drawn smaller
    maze = generate("backtracker", 12, 12, seed=2, openings="sides")
    geom = maze_geometry(maze)
    font = default_fonts().bold

    def width_of(word: str, size: float) -> float:
        return float(stringWidth(word, font, size))

    placed = place_maze(geom, *box, ("START", "FINISH"), width_of, (0.0, 0.0))
    full = fit_maze(geom.width, geom.height, *box).scale
    assert [label.word for label in placed.labels] == ["START", "FINISH"]
    assert 0.75 * full <= placed.fit.scale < full
    s, fit = placed.fit.scale, placed.fit
    for label, mark in zip(placed.labels, (geom.start, geom.finish), strict=True):
        assert -fit.x / s <= label.x0 and label.x1 <= (box[0] - fit.x) / s  # inside the box
        assert abs((label.y0 + label.y1) / 2 - mark.y) * s < 12  # level with its arrow
        assert min(abs(label.x0 - mark.x), abs(label.x1 - mark.x)) * s < 12  # and beside it
